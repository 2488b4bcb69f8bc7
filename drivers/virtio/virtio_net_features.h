/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which features napkin's virtio-net driver accepts from what a device offers:
 * pure policy, no device access, so it is unit tested on its own.
 */
#ifndef NAPKIN_DRIVERS_VIRTIO_NET_FEATURES_H
#define NAPKIN_DRIVERS_VIRTIO_NET_FEATURES_H

#include <stddef.h>
#include "kernel/core/compiler.h"

#define VNET_FEATURE(bit) BIT64(bit)

/* What the command line may turn off (all on by default). */
struct vnet_feature_opts {
	bool csum;	 /* transmit checksum offload (VIRTIO_NET_F_CSUM) */
	bool guest_csum; /* trust the device's receive checksum (GUEST_CSUM) */
	bool mrg_rxbuf;
	bool mq;
	bool event_idx;
	bool tso;	/* transmit segmentation offload (HOST_TSO4, HOST_TSO6) */
	bool guest_tso; /* receive TCP frames of up to 64 KiB (GUEST_TSO4, GUEST_TSO6) */
};

void vnet_feature_opts_default(struct vnet_feature_opts *opts);

/*
 * Choose the driver's features from the device's. Returns 0 with *accepted set,
 * or -ENODEV when the device lacks a feature napkin cannot do without
 * (VIRTIO_F_VERSION_1); then `why` (if not NULL) says which, for the log.
 * Features whose prerequisites were not accepted are dropped (e.g. MQ without
 * CTRL_VQ), as the specification requires.
 */
int vnet_select_features(u64 offered, const struct vnet_feature_opts *opts, u64 *accepted,
			 char *why, size_t why_len);

/* "VERSION_1 MAC STATUS ..." for the bring-up log; returns the length written. */
size_t vnet_format_features(u64 features, char *buf, size_t len);

static inline bool vnet_has(u64 features, unsigned int bit)
{
	return (features & VNET_FEATURE(bit)) != 0;
}

#endif

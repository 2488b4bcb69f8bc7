/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Receive aggregation ("GRO"): consecutive in-order TCP/IPv4 segments of one
 * flow that arrive in the same poll are handed to the stack as one large
 * segment, so lwIP walks its connection list, checks, queues and acknowledges
 * once per burst instead of once per wire frame. It is the receive twin of
 * segmentation offload, for devices that cannot hand over large frames
 * themselves (everything but virtio-net with GUEST_TSO).
 *
 * Nothing is copied. The merged frames stay in their drivers' buffers: the
 * first frame keeps its headers (its IPv4 total length, header checksum and
 * PSH flag rewritten to describe the whole), the others are linked behind it
 * through netbuf.gro_next with their headers skipped (netbuf.gro_skip). The
 * stack glue gives each frame back to its driver when lwIP has freed that
 * frame's part; netbuf_free() of the first frees them all.
 *
 * Only frames with verified checksums are merged (the merged frame's TCP
 * checksum is not recomputed): the device's verdict where it gives one,
 * else GRO checks the IPv4 header and TCP checksums itself, which lwIP then
 * skips, so the bytes are summed once either way. Only pure data segments: ACK
 * set, no SYN, FIN, RST, URG, ECE or CWR, the same acknowledgement, window
 * and TCP options as the segment before, the next sequence number, no IP
 * options or fragments. Anything else of the same flow first pushes out what
 * is held, so lwIP sees the flow's segments in wire order. Frames held at the
 * end of a poll are delivered then: nothing waits past the poll it came in.
 */
#ifndef NAPKIN_NET_GRO_H
#define NAPKIN_NET_GRO_H

#include "kernel/core/compiler.h"

struct net_device;
struct netbuf;

/* Flows held at once; a ninth pushes the oldest out. */
#define GRO_MAX_FLOWS 8
/* Frames merged into one (with the 64 KiB bound of a pbuf chain, whichever comes first). */
#define GRO_MAX_FRAMES 44

struct gro_stats {
	u64 merged;    /* frames merged behind another (saved a trip through lwIP) */
	u64 delivered; /* frames handed up by GRO, merged or not */
	u64 large;     /* ... of those, made of more than one wire frame */
	u64 evicted;   /* flows pushed out early because all GRO_MAX_FLOWS were busy */
	u64 csum_sw;   /* frames whose checksums GRO verified because the device did not */
	u64 csum_bad;  /* ... and found wrong (left to lwIP, which drops and counts them) */
};

extern struct gro_stats gro_stats;

/*
 * net.gro: off by default. Measured on QEMU's e1000 (TCG), merging cut lwIP's
 * input calls and acknowledgements 20-fold but lowered host-to-napkin TCP from
 * about 1.28 to 0.8-1.0 Gbit/s: acknowledgements leave at the end of a poll
 * instead of every second frame, and the sender waits (docs/PERFORMANCE.md).
 */
void gro_set_enabled(bool on);
bool gro_enabled(void);

/* True when frames of this device go through GRO (net.gro on). */
bool gro_applies(const struct net_device *dev);

/*
 * Take a received frame (from netif_receive_from(), in softirq context): merge it,
 * hold it, or deliver it and whatever of its flow was held. Returns
 * NET_RX_SUCCESS, or NET_RX_DROP when the stack dropped a frame it delivered.
 */
int gro_receive(struct netbuf *nb);

/* Deliver every held frame: the NAPI core calls it after each poll. */
void gro_flush(void);

/* Frames held right now (0 outside a poll). */
unsigned int gro_held(void);

#endif

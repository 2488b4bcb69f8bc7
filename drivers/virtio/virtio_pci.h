/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The virtio 1.0 "modern" PCI transport: the vendor capabilities that locate
 * the common, notify, ISR and device-specific register blocks in the BARs, the
 * status handshake, feature words and queue registration. Device drivers
 * (virtio-net) build on this and never touch the registers themselves.
 */
#ifndef NAPKIN_DRIVERS_VIRTIO_PCI_H
#define NAPKIN_DRIVERS_VIRTIO_PCI_H

#include "kernel/core/compiler.h"
#include "kernel/mm/io.h"
#include "kernel/pci/pci.h"
#include "drivers/virtio/virtqueue.h"

struct virtio_pci {
	struct pci_dev *pdev;
	const char *name; /* for logs, e.g. "virtio-net 00:03.0" */
	volatile u8 *common;
	volatile u8 *isr;
	volatile u8 *device; /* device-specific configuration */
	volatile u8 *notify; /* notification area base */
	u32 device_len;
	u32 notify_len;
	u32 notify_mult; /* bytes between queue notify addresses */
};

/*
 * Find and map the four register blocks. Returns 0, or -ENODEV with a log line
 * naming the capability that is missing or points outside its BAR.
 */
int virtio_pci_map(struct virtio_pci *vp, struct pci_dev *pdev, const char *name);

/* Reset the device and wait (bounded) until it reads back 0. */
int virtio_pci_reset(struct virtio_pci *vp);
u8 virtio_pci_get_status(const struct virtio_pci *vp);
void virtio_pci_add_status(struct virtio_pci *vp, u8 bits);
/* Mark the device FAILED (and log why): the last step of every failed bring-up. */
void virtio_pci_fail(struct virtio_pci *vp, const char *why);

u64 virtio_pci_get_features(struct virtio_pci *vp);
/*
 * Write the driver's features, set FEATURES_OK and check that the device kept
 * it. Returns 0, or -EIO when the device refused the set (logged).
 */
int virtio_pci_set_features(struct virtio_pci *vp, u64 features);

u16 virtio_pci_num_queues(const struct virtio_pci *vp);
/* The largest ring the device offers for queue idx; 0 when it is unavailable. */
u16 virtio_pci_queue_max(struct virtio_pci *vp, u16 idx);
/*
 * Tell the device where vq's rings are, route its interrupts to MSI-X entry
 * msix (VIRTIO_MSI_NO_VECTOR for none) and enable it. Returns 0, -EIO when the
 * device would not take the vector, -EINVAL for a notify offset outside the
 * notify area.
 */
int virtio_pci_setup_queue(struct virtio_pci *vp, struct virtqueue *vq, u16 msix,
			   volatile le16 **notify_addr);
/* Route configuration-change interrupts to MSI-X entry msix; -EIO if refused. */
int virtio_pci_set_config_vector(struct virtio_pci *vp, u16 msix);

/* Read and clear the ISR byte (INTx: also deasserts the line). */
u8 virtio_pci_read_isr(struct virtio_pci *vp);

/* Device configuration reads, retried until config_generation is stable. */
void virtio_pci_read_config(struct virtio_pci *vp, u32 off, void *buf, u32 len);
u16 virtio_pci_config_u16(struct virtio_pci *vp, u32 off);

/* writew is a compiler barrier: the ring stores are emitted before it (kernel/mm/io.h). */
static inline void virtio_pci_notify(volatile le16 *notify_addr, u16 queue)
{
	writew(queue, notify_addr);
}

#endif

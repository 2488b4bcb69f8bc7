/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Facts from the virtio 1.0+ specification that the transport uses: the
 * modern PCI transport's capabilities and register block, the device status
 * and the feature bits of every device type, and the split virtqueue layout.
 * The network device's own facts are in virtio_net_reg.h. Everything the
 * device reads or writes is little-endian; x86 is too, so the le* types below
 * only document that.
 */
#ifndef NAPKIN_DRIVERS_VIRTIO_REG_H
#define NAPKIN_DRIVERS_VIRTIO_REG_H

#include "kernel/core/compiler.h"

typedef u16 le16;
typedef u32 le32;
typedef u64 le64;

/* PCI identity: modern devices are 0x1040 + the virtio device type. */
#define VIRTIO_PCI_VENDOR	    0x1AF4
#define VIRTIO_PCI_MODERN_BASE	    0x1040
#define VIRTIO_PCI_TRANSITIONAL_NET 0x1000 /* transitional: subsystem id = type */
#define VIRTIO_ID_NET		    1
#define VIRTIO_PCI_DEVICE_NET	    (VIRTIO_PCI_MODERN_BASE + VIRTIO_ID_NET)

/* Vendor-specific PCI capability (id 0x09) that locates each register block. */
#define VIRTIO_PCI_CAP_VNDR	  0x09
#define VIRTIO_PCI_CAP_COMMON_CFG 1
#define VIRTIO_PCI_CAP_NOTIFY_CFG 2
#define VIRTIO_PCI_CAP_ISR_CFG	  3
#define VIRTIO_PCI_CAP_DEVICE_CFG 4
#define VIRTIO_PCI_CAP_PCI_CFG	  5

/* Byte offsets inside that capability, from its first byte. */
#define VIRTIO_PCI_CAP_LEN	      2	 /* u8: length of the capability */
#define VIRTIO_PCI_CAP_CFG_TYPE	      3	 /* u8: VIRTIO_PCI_CAP_* */
#define VIRTIO_PCI_CAP_BAR	      4	 /* u8: BAR index 0..5 */
#define VIRTIO_PCI_CAP_OFFSET	      8	 /* le32: offset of the block in the BAR */
#define VIRTIO_PCI_CAP_LENGTH	      12 /* le32: length of the block */
#define VIRTIO_PCI_CAP_NOTIFY_MULT    16 /* le32, notify capability only */
#define VIRTIO_PCI_CAP_MIN_LEN	      16
#define VIRTIO_PCI_NOTIFY_CAP_MIN_LEN 20

/* Common configuration block: register offsets and widths. */
#define VIRTIO_COMMON_DFSELECT	  0x00 /* le32 device_feature_select */
#define VIRTIO_COMMON_DF	  0x04 /* le32 device_feature (read-only) */
#define VIRTIO_COMMON_GFSELECT	  0x08 /* le32 driver_feature_select */
#define VIRTIO_COMMON_GF	  0x0C /* le32 driver_feature */
#define VIRTIO_COMMON_MSIX	  0x10 /* le16 config change MSI-X vector */
#define VIRTIO_COMMON_NUMQ	  0x12 /* le16 num_queues (read-only) */
#define VIRTIO_COMMON_STATUS	  0x14 /* u8 device_status */
#define VIRTIO_COMMON_CFGGEN	  0x15 /* u8 config_generation (read-only) */
#define VIRTIO_COMMON_Q_SELECT	  0x16 /* le16 */
#define VIRTIO_COMMON_Q_SIZE	  0x18 /* le16: max on read, may be lowered */
#define VIRTIO_COMMON_Q_MSIX	  0x1A /* le16 */
#define VIRTIO_COMMON_Q_ENABLE	  0x1C /* le16 */
#define VIRTIO_COMMON_Q_NOFF	  0x1E /* le16 queue_notify_off (read-only) */
#define VIRTIO_COMMON_Q_DESCLO	  0x20 /* le64 split as two le32 */
#define VIRTIO_COMMON_Q_DESCHI	  0x24
#define VIRTIO_COMMON_Q_AVAILLO	  0x28 /* "driver area" */
#define VIRTIO_COMMON_Q_AVAILHI	  0x2C
#define VIRTIO_COMMON_Q_USEDLO	  0x30 /* "device area" */
#define VIRTIO_COMMON_Q_USEDHI	  0x34
#define VIRTIO_COMMON_CFG_MIN_LEN 0x38

/* Written to an MSI-X vector register for "no vector"; read back on failure. */
#define VIRTIO_MSI_NO_VECTOR 0xFFFF

/* ISR status byte; reading it clears it and deasserts INTx. */
#define VIRTIO_ISR_QUEUE  BIT(0)
#define VIRTIO_ISR_CONFIG BIT(1)

/* device_status bits, set by the driver in this order during bring-up. */
#define VIRTIO_STATUS_ACKNOWLEDGE 1
#define VIRTIO_STATUS_DRIVER	  2
#define VIRTIO_STATUS_DRIVER_OK	  4
#define VIRTIO_STATUS_FEATURES_OK 8
#define VIRTIO_STATUS_NEEDS_RESET 64
#define VIRTIO_STATUS_FAILED	  128

/* Feature bits independent of the device type. */
#define VIRTIO_F_INDIRECT_DESC	 28
#define VIRTIO_F_EVENT_IDX	 29
#define VIRTIO_F_VERSION_1	 32
#define VIRTIO_F_ACCESS_PLATFORM 33
#define VIRTIO_F_RING_PACKED	 34
#define VIRTIO_F_IN_ORDER	 35

/* Split virtqueue, as laid out in guest memory. */
struct virtq_desc {
	le64 addr;
	le32 len;
	le16 flags;
	le16 next;
};

#define VIRTQ_DESC_F_NEXT     1 /* the chain goes on at `next` */
#define VIRTQ_DESC_F_WRITE    2 /* device writes this buffer */
#define VIRTQ_DESC_F_INDIRECT 4

struct virtq_avail {
	le16 flags;
	le16 idx;
	le16 ring[]; /* then le16 used_event, with VIRTIO_F_EVENT_IDX */
};

#define VIRTQ_AVAIL_F_NO_INTERRUPT 1

struct virtq_used_elem {
	le32 id;  /* head descriptor of the chain */
	le32 len; /* bytes the device wrote */
};

struct virtq_used {
	le16 flags;
	le16 idx;
	struct virtq_used_elem ring[]; /* then le16 avail_event, with EVENT_IDX */
};

#define VIRTQ_USED_F_NO_NOTIFY 1

/* Alignment the three parts need (virtio 1.0 split rings). */
#define VIRTQ_DESC_ALIGN  16
#define VIRTQ_AVAIL_ALIGN 2
#define VIRTQ_USED_ALIGN  4
/* Split rings hold at most this many entries; sizes are powers of two. */
#define VIRTQ_SIZE_MAX 32768

/* Every structure above is naturally aligned: no packing needed, sizes checked. */
_Static_assert(sizeof(struct virtq_desc) == 16, "descriptor is 16 bytes");
_Static_assert(sizeof(struct virtq_used_elem) == 8, "used element is 8 bytes");

#endif

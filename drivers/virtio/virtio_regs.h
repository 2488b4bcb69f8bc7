/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Facts from the virtio 1.0+ specification that napkin uses: the modern PCI
 * transport's capabilities and register block, the device status and feature
 * bits, the split virtqueue layout, and the network device's configuration,
 * packet header and control commands. Everything the device reads or writes is
 * little-endian; x86 is too, so the le* types below only document that.
 */
#ifndef NAPKIN_DRIVERS_VIRTIO_REGS_H
#define NAPKIN_DRIVERS_VIRTIO_REGS_H

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

/* Network device feature bits. */
#define VIRTIO_NET_F_CSUM		 0 /* device takes partially checksummed frames */
#define VIRTIO_NET_F_GUEST_CSUM		 1 /* driver takes partially checksummed frames */
#define VIRTIO_NET_F_CTRL_GUEST_OFFLOADS 2
#define VIRTIO_NET_F_MTU		 3
#define VIRTIO_NET_F_MAC		 5
#define VIRTIO_NET_F_GUEST_TSO4		 7
#define VIRTIO_NET_F_GUEST_TSO6		 8
#define VIRTIO_NET_F_GUEST_ECN		 9
#define VIRTIO_NET_F_GUEST_UFO		 10
#define VIRTIO_NET_F_HOST_TSO4		 11
#define VIRTIO_NET_F_HOST_TSO6		 12
#define VIRTIO_NET_F_HOST_ECN		 13
#define VIRTIO_NET_F_HOST_UFO		 14
#define VIRTIO_NET_F_MRG_RXBUF		 15
#define VIRTIO_NET_F_STATUS		 16
#define VIRTIO_NET_F_CTRL_VQ		 17
#define VIRTIO_NET_F_CTRL_RX		 18
#define VIRTIO_NET_F_CTRL_VLAN		 19
#define VIRTIO_NET_F_GUEST_ANNOUNCE	 21
#define VIRTIO_NET_F_MQ			 22
#define VIRTIO_NET_F_CTRL_MAC_ADDR	 23

/* Network device configuration block (device cfg capability). */
#define VIRTIO_NET_CFG_MAC	 0  /* u8[6], valid with VIRTIO_NET_F_MAC */
#define VIRTIO_NET_CFG_STATUS	 6  /* le16, valid with VIRTIO_NET_F_STATUS */
#define VIRTIO_NET_CFG_MAX_PAIRS 8  /* le16, valid with VIRTIO_NET_F_MQ */
#define VIRTIO_NET_CFG_MTU	 10 /* le16, valid with VIRTIO_NET_F_MTU */
#define VIRTIO_NET_S_LINK_UP	 BIT(0)
#define VIRTIO_NET_S_ANNOUNCE	 BIT(1)

/* Queue pairs: receive queue 2n, transmit queue 2n+1, control queue after them. */
#define VIRTIO_NET_MQ_PAIRS_MIN 1
#define VIRTIO_NET_MQ_PAIRS_MAX 0x8000

/*
 * The header before every frame on both rings. With VIRTIO_F_VERSION_1 it is
 * always 12 bytes, num_buffers included.
 */
struct virtio_net_hdr {
	u8 flags;
	u8 gso_type;
	le16 hdr_len;
	le16 gso_size;
	le16 csum_start;
	le16 csum_offset;
	le16 num_buffers; /* receive with MRG_RXBUF: buffers this frame spans */
};

#define VIRTIO_NET_HDR_F_NEEDS_CSUM 1 /* checksum from csum_start still to do */
#define VIRTIO_NET_HDR_F_DATA_VALID 2 /* receive: device checked the checksums */
#define VIRTIO_NET_HDR_GSO_NONE	    0
#define VIRTIO_NET_HDR_GSO_TCPV4    1 /* cut a TCP/IPv4 super-segment into gso_size pieces */
#define VIRTIO_NET_HDR_GSO_TCPV6    4

/* Control queue: class and command, then data, then the device's ack byte. */
struct virtio_net_ctrl_hdr {
	u8 class;
	u8 cmd;
};

#define VIRTIO_NET_CTRL_OK		0
#define VIRTIO_NET_CTRL_ERR		1
#define VIRTIO_NET_CTRL_RX		0
#define VIRTIO_NET_CTRL_RX_PROMISC	0
#define VIRTIO_NET_CTRL_RX_ALLMULTI	1
#define VIRTIO_NET_CTRL_MQ		4
#define VIRTIO_NET_CTRL_MQ_VQ_PAIRS_SET 0

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
_Static_assert(sizeof(struct virtio_net_hdr) == 12, "virtio_net_hdr is 12 bytes");
_Static_assert(sizeof(struct virtq_desc) == 16, "descriptor is 16 bytes");
_Static_assert(sizeof(struct virtq_used_elem) == 8, "used element is 8 bytes");
_Static_assert(sizeof(struct virtio_net_ctrl_hdr) == 2, "control header is 2 bytes");

#endif

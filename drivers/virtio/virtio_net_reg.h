/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Facts from the virtio 1.0+ specification about the network device: its
 * feature bits, configuration block, the header before every frame and the
 * control queue's commands. The transport's facts are in virtio_reg.h.
 */
#ifndef NAPKIN_DRIVERS_VIRTIO_NET_REG_H
#define NAPKIN_DRIVERS_VIRTIO_NET_REG_H

#include "drivers/virtio/virtio_reg.h"

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

/* Naturally aligned: no packing needed, sizes checked. */
_Static_assert(sizeof(struct virtio_net_hdr) == 12, "virtio_net_hdr is 12 bytes");
_Static_assert(sizeof(struct virtio_net_ctrl_hdr) == 2, "control header is 2 bytes");

#endif

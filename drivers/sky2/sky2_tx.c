// SPDX-License-Identifier: BSD-2-Clause
/*
 * Transmit, on the port's asynchronous queue. A frame is a PACKET LE for its
 * first segment and BUFFER LEs for the rest, the last one flagged EOP; an
 * ADDR64 LE goes first whenever a segment's high address half differs from
 * the one the chip holds for the queue (forgotten on every ring reset).
 *
 * The chip reports progress in the status ring's TXINDEXLE entries: the
 * index of the next LE it will fetch. Everything before it is done.
 *
 * Checksum offload (NETBUF_CSUM_PARTIAL, TCP and UDP over IPv4): chips with
 * the parsing checksum unit (SKY2_Q_AUTO_TX_CSUM) need only CALSUM in the
 * ctrl byte; the others are told where to start summing and where to write
 * by a TCPLISW LE, which the queue keeps until it changes (one per change,
 * not per frame, as Linux does). The field already holds the pseudo-header
 * sum, so the initial value is 0. Chips without the parsing unit get short
 * TCP frames wrong (FreeBSD's msk: under 60 bytes, pure ACKs among them);
 * those, and any frame the chip could not handle, are finished in software.
 */
#define pr_fmt(fmt) "sky2: " fmt

#include <errno.h>
#include <string.h>

#include "drivers/sky2/sky2.h"
#include "kernel/x86/barrier.h"
#include "kernel/console/printk.h"
#include "net/core/netbuf_csum.h"

static unsigned int tx_pending(const struct sky2_port *p)
{
	return (unsigned int)(p->tx_prod - p->tx_cons) & (SKY2_TX_RING - 1);
}

static unsigned int tx_free(const struct sky2_port *p)
{
	return SKY2_TX_RING - 1 - tx_pending(p);
}

int sky2_tx_alloc(struct sky2_port *p)
{
	p->tx_le = dma_alloc(SKY2_TX_RING * sizeof(struct sky2_le), 0, 0, &p->tx_le_dma);
	return p->tx_le ? 0 : -ENOMEM;
}

void sky2_tx_free(struct sky2_port *p)
{
	dma_free(p->tx_le, SKY2_TX_RING * sizeof(struct sky2_le));
	p->tx_le = NULL;
}

void sky2_tx_ring_reset(struct sky2_port *p)
{
	memset(p->tx_le, 0, SKY2_TX_RING * sizeof(struct sky2_le));
	memset(p->tx_frame, 0, sizeof(p->tx_frame));
	p->tx_prod = p->tx_cons = 0;
	p->tx_hi = SKY2_HI_UNKNOWN;
	p->tx_csum_pos = 0;
}

static void put_le(struct sky2_port *p, u32 addr, u16 len, u8 ctrl, u8 opcode)
{
	struct sky2_le *le = &p->tx_le[p->tx_prod];

	le->addr = addr;
	le->len = len;
	le->ctrl = ctrl;
	dma_wmb(); /* the fields before the owner bit that gives the LE away */
	WRITE_ONCE(le->opcode, (u8)(opcode | LE_HW_OWNER));
	p->tx_frame[p->tx_prod] = NULL;
	p->tx_prod = sky2_ring_next(p->tx_prod, SKY2_TX_RING);
}

#define TCP_CSUM_OFFSET	   16
#define UDP_CSUM_OFFSET	   6
#define SHORT_TCP_FRAME	   60 /* chips without the parsing unit sum shorter TCP frames wrong */
#define IPV4_PROTO_OFFSET  (14 + 9)
#define IPPROTO_TCP_NUMBER 6
#define IPPROTO_UDP_NUMBER 17

/* Finished here instead of by the chip (tx_csum() has checked the field lies in the frame). */
static void sw_csum(struct sky2_port *p, struct netbuf *nb)
{
	netbuf_csum_finish_sw(nb);
	p->ctr.tx_csum_sw++;
}

/*
 * The ctrl bits for a frame that asks for its checksum, after any LE that
 * sets the offsets; 0 when it was finished here instead, -1 when the frame
 * is malformed (its checksum field outside it) and must be dropped.
 */
static int tx_csum(struct sky2_port *p, struct netbuf *nb)
{
	u32 total = nb->tot_len ? nb->tot_len : nb->len;
	u32 write = (u32)nb->csum_start + nb->csum_offset, pos;
	bool udp = nb->csum_offset == UDP_CSUM_OFFSET;
	const u8 *type_hi, *type_lo, *proto;

	if (write + 2 > total || !netbuf_frame_byte(nb, write + 1)) {
		p->ctr.tx_csum_bad_offset++;
		if (p->ctr.tx_csum_bad_offset <= 4)
			pr_err("%s: frame of %u bytes asks for a checksum at %u: dropped\n",
			       sky2_port_name(p), total, write);
		return -1;
	}
	if ((nb->csum_offset != TCP_CSUM_OFFSET && !udp) ||
	    !(p->netdev.features & NETIF_F_IP_CSUM)) {
		sw_csum(p, nb);
		return 0;
	}
	if (p->hw->quirks & SKY2_Q_AUTO_TX_CSUM) {
		/* The chip finds the offsets by parsing: it must see plain IPv4 with that protocol. */
		type_hi = netbuf_frame_byte(nb, 12);
		type_lo = netbuf_frame_byte(nb, 13);
		proto = netbuf_frame_byte(nb, IPV4_PROTO_OFFSET);
		if (!proto || *type_hi != 0x08 || *type_lo != 0x00 ||
		    *proto != (udp ? IPPROTO_UDP_NUMBER : IPPROTO_TCP_NUMBER)) {
			sw_csum(p, nb);
			return 0;
		}
		p->ctr.tx_csum_hw++;
		return LE_CTRL_CALSUM;
	}
	if (!udp && total < SHORT_TCP_FRAME) {
		sw_csum(p, nb);
		return 0;
	}
	pos = (u32)nb->csum_start << 16 | write;
	if (pos != p->tx_csum_pos) {
		/* ctrl 1: the offsets hold for one frame at a time (Linux, FreeBSD). */
		put_le(p, pos, 0, 1, LE_OP_TCPLISW);
		p->tx_csum_pos = pos;
		p->ctr.tx_csum_les++;
	}
	p->ctr.tx_csum_hw++;
	return LE_CTRL_CSUM_OLD | (udp ? LE_CTRL_UDPTCP : 0);
}

netdev_tx_t sky2_start_xmit(struct netbuf *nb, struct net_device *dev)
{
	struct sky2_port *p = netdev_priv(dev);
	unsigned int nsegs = 0, i = 0;
	u16 last = p->tx_prod;
	u8 ctrl = 0;

	for (struct netbuf *seg = nb; seg; seg = seg->next)
		nsegs += seg->len != 0;
	if (!nsegs || nsegs > SKY2_TX_MAX_SEGS) {
		p->ctr.tx_too_many_segs++;
		dev->stats.tx_errors++;
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	if (!p->opened) {
		dev->stats.tx_dropped++;
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	/* Room for an ADDR64 before every segment and one checksum LE. */
	if (tx_free(p) < 2 * nsegs + 1) {
		netif_stop_queue(dev);
		p->ctr.tx_ring_full++;
		return NETDEV_TX_BUSY;
	}
	if (nb->csum == NETBUF_CSUM_PARTIAL) {
		int c = tx_csum(p, nb);

		if (c < 0) {
			dev->stats.tx_errors++;
			netbuf_free(nb);
			return NETDEV_TX_OK;
		}
		ctrl = (u8)c;
	}
	for (struct netbuf *seg = nb; seg; seg = seg->next) {
		u64 hi = seg->dma >> 32;

		if (!seg->len)
			continue;
		if (hi != p->tx_hi) {
			put_le(p, (u32)hi, 0, 0, LE_OP_ADDR64);
			p->tx_hi = hi;
			p->ctr.tx_addr64_les++;
		}
		last = p->tx_prod;
		i++;
		/* Every LE of the frame carries the checksum request, as both references do. */
		put_le(p, (u32)seg->dma, (u16)seg->len, (u8)(ctrl | (i == nsegs ? LE_CTRL_EOP : 0)),
		       i == 1 ? LE_OP_PACKET : LE_OP_BUFFER);
	}
	p->tx_frame[last] = nb;
	p->ctr.tx_frames++;
	/* No barrier: the PUT is a writel, which no earlier store to the LEs passes. */
	sky2_prefetch_put(p->hw, p->txq, p->tx_prod);
	if (tx_free(p) < SKY2_TX_MAX_LES)
		netif_stop_queue(dev);
	return NETDEV_TX_OK;
}

void sky2_tx_complete(struct sky2_port *p, u16 done_idx)
{
	unsigned int done = (unsigned int)(done_idx - p->tx_cons) & (SKY2_TX_RING - 1);

	if (done_idx >= SKY2_TX_RING || done > tx_pending(p)) {
		p->ctr.tx_bad_index++;
		pr_err("%s: chip reports transmit index %u, outside the %u LEs posted from %u\n",
		       sky2_port_name(p), done_idx, tx_pending(p), p->tx_cons);
		return;
	}
	while (p->tx_cons != done_idx) {
		struct netbuf *nb = p->tx_frame[p->tx_cons];

		if (nb) {
			p->tx_frame[p->tx_cons] = NULL;
			netbuf_free(nb);
		}
		p->tx_cons = sky2_ring_next(p->tx_cons, SKY2_TX_RING);
	}
	if (netif_queue_stopped(&p->netdev) && p->opened && tx_free(p) >= 2 * SKY2_TX_MAX_LES)
		netif_wake_queue(&p->netdev);
}

/* The queue is stopped: free what it never sent. */
void sky2_tx_drop_all(struct sky2_port *p)
{
	while (p->tx_cons != p->tx_prod) {
		struct netbuf *nb = p->tx_frame[p->tx_cons];

		if (nb) {
			p->tx_frame[p->tx_cons] = NULL;
			p->ctr.tx_dropped_on_stop++;
			p->netdev.stats.tx_dropped++;
			netbuf_free(nb);
		}
		p->tx_cons = sky2_ring_next(p->tx_cons, SKY2_TX_RING);
	}
	p->tx_prod = p->tx_cons = 0;
}

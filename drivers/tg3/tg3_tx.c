// SPDX-License-Identifier: BSD-2-Clause
/*
 * Transmit. One send BD per netbuf segment, the last one flagged END and
 * remembered with the frame, which is freed when the chip's consumer index
 * (in the status block) passes it.
 *
 * The send mailbox (an uncached write, the costliest thing per frame on the
 * bus) is written at once for a frame sent from anywhere but our own poll.
 * Frames the stack sends while the poll hands it received ones (answers,
 * acknowledgements, forwarded frames) are told to the chip once, when the
 * poll has handed up its last frame (tg3_tx_doorbell()), as Linux's drivers
 * do with xmit_more; a ring that fills meanwhile is told at once.
 *
 * Checksums: the chip finds the IPv4 and TCP/UDP headers itself and fills the
 * checksum the stack left seeded with the pseudo-header sum (T3_MODE_TX_NO_
 * PSEUDO_CSUM). Frames it would misparse (options it cannot reach, the
 * stack's csum_start pointing elsewhere) are summed here instead, and so are
 * UDP datagrams unless tg3.udp_csum=hw: the chip puts a computed sum of zero
 * on the wire as 0x0000, which UDP reads as "no checksum" where RFC 768 wants
 * 0xFFFF (FreeBSD's bge leaves UDP to the host for that reason, its
 * dev.bge.N.forced_udpcsum; about one datagram in 65536 would go unchecked).
 */
#define pr_fmt(fmt) "tg3: " fmt

#include "drivers/tg3/tg3.h"
#include "kernel/console/printk.h"
#include "net/core/inet_csum.h"

#define ETH_P_IPV4     0x0800
#define IPPROTO_TCP_NR 6
#define IPPROTO_UDP_NR 17

unsigned int tg3_tx_pending(const struct tg3 *tp)
{
	return (u16)(tp->tx_prod - tp->tx_cons) % TG3_TX_RING;
}

static unsigned int tx_free(const struct tg3 *tp)
{
	return TG3_TX_RING - 1 - tg3_tx_pending(tp);
}

/*
 * The frame's first bytes, wherever the segments split them: the Ethernet
 * header and the fixed part of the IPv4 header are all the readers below
 * look at (each checks len first).
 */
struct tx_headers {
	const u8 *b; /* the first segment's data, or copy[] when they straddle segments */
	u32 len;
	u8 copy[ETH_HLEN + 20];
};

static void read_headers(struct netbuf *nb, struct tx_headers *h)
{
	/* The stack puts its headers in one piece ahead of the payload: read them in place. */
	if (nb->len >= sizeof(h->copy) || !nb->next) {
		h->b = nb->data;
		h->len = MIN(nb->len, (u32)sizeof(h->copy));
		return;
	}
	h->len = netbuf_copy_out(nb, 0, h->copy, sizeof(h->copy));
	h->b = h->copy;
}

static bool is_ipv4(const struct tx_headers *h)
{
	return h->len >= ETH_HLEN + 20 && h->b[12] == (ETH_P_IPV4 >> 8) &&
	       h->b[13] == (ETH_P_IPV4 & 0xFF) && (h->b[ETH_HLEN] >> 4) == 4;
}

/* What the chip's parser will find: plain IPv4, unfragmented, TCP or UDP; 0 for anything else. */
static u8 hw_csum_proto(const struct tx_headers *h, const struct netbuf *nb)
{
	const u8 *ip = h->b + ETH_HLEN;
	u32 total = nb->tot_len ? nb->tot_len : nb->len;
	unsigned int ihl;

	if (!is_ipv4(h))
		return 0;
	ihl = (ip[0] & 0xF) * 4u;
	if (ihl < 20 || nb->csum_start != ETH_HLEN + ihl)
		return 0;
	if ((ip[6] & 0x3F) || ip[7]) /* more-fragments or an offset */
		return 0;
	if (!(ip[9] == IPPROTO_TCP_NR && nb->csum_offset == 16) &&
	    !(ip[9] == IPPROTO_UDP_NR && nb->csum_offset == 6))
		return 0;
	return nb->csum_start + nb->csum_offset + 2u <= total ? ip[9] : 0;
}

/*
 * Add len bytes of the frame from offset off to sum, as big-endian words,
 * whatever the segments' lengths: an odd segment's last byte is the high half
 * of a word the next one completes. False when the segments end first.
 */
static bool frame_sum(const struct netbuf *nb, u32 off, u32 len, u64 *sum)
{
	bool odd = false;

	for (; nb && len; nb = nb->next) {
		const u8 *p;
		u32 n;

		if (off >= nb->len) {
			off -= nb->len;
			continue;
		}
		p = nb->data + off;
		n = MIN(nb->len - off, len);
		off = 0;
		len -= n;
		if (odd) {
			*sum += *p++;
			n--;
			odd = false;
		}
		*sum = inet_csum_add(*sum, p, n & ~1u);
		if (n & 1) {
			*sum += (u32)p[n - 1] << 8;
			odd = true;
		}
	}
	return !len;
}

/* Byte at frame offset `off`, walking the segments. */
static u8 *frame_byte(struct netbuf *nb, u32 off)
{
	for (; nb; nb = nb->next) {
		if (off < nb->len)
			return nb->data + off;
		off -= nb->len;
	}
	return NULL;
}

/*
 * Fill the TCP/UDP checksum in software: the sum from csum_start, seed
 * included. A frame shorter than it claims is counted and left as it is.
 */
static void sw_csum(struct tg3 *tp, struct netbuf *nb)
{
	u32 total = nb->tot_len ? nb->tot_len : nb->len;
	u64 sum = 0;
	u8 *hi, *lo;
	u16 res;

	hi = frame_byte(nb, nb->csum_start + nb->csum_offset);
	lo = frame_byte(nb, nb->csum_start + nb->csum_offset + 1u);
	if (nb->csum_start >= total || !hi || !lo ||
	    !frame_sum(nb, nb->csum_start, total - nb->csum_start, &sum)) {
		tp->ctr.tx_csum_bad_frame++;
		return;
	}
	res = inet_csum_fold(sum);
	if (!res && nb->csum_offset == 6)
		res = 0xFFFF; /* UDP: zero means "no checksum" (RFC 768) */
	*hi = (u8)(res >> 8);
	*lo = (u8)res;
}

static u16 csum_flags(struct tg3 *tp, struct netbuf *nb)
{
	struct tx_headers h;
	u16 flags = 0;
	u8 proto;

	if (nb->csum != NETBUF_CSUM_PARTIAL && !(nb->flags & NETBUF_F_TX_IPHDR_CSUM))
		return 0;
	read_headers(nb, &h);
	if (nb->csum == NETBUF_CSUM_PARTIAL) {
		proto = hw_csum_proto(&h, nb);
		if (proto == IPPROTO_TCP_NR || (proto == IPPROTO_UDP_NR && tp->udp_csum_hw)) {
			flags |= T3_TXBD_TCP_UDP_CSUM;
			tp->ctr.tx_csum_hw++;
		} else {
			/* The stack mapped the frame for the chip: borrow it back to write. */
			netbuf_tx_sync_for_cpu(nb);
			sw_csum(tp, nb);
			netbuf_tx_sync_for_device(nb);
			tp->ctr.tx_csum_sw++;
		}
	}
	/* The chip sums any IPv4 header it parses, however the frame is split. */
	if ((nb->flags & NETBUF_F_TX_IPHDR_CSUM) && is_ipv4(&h))
		flags |= T3_TXBD_IP_CSUM;
	return flags;
}

/* The queue must wait: the ring is full, or a recovery reset will give it back soon. */
static netdev_tx_t xmit_busy(struct tg3 *tp, struct net_device *dev)
{
	netif_stop_queue(dev);
	tp->ctr.tx_ring_full++;
	return NETDEV_TX_BUSY;
}

static netdev_tx_t xmit_drop(struct net_device *dev, struct netbuf *nb, u64 *counter)
{
	(*counter)++;
	netbuf_free(nb);
	return NETDEV_TX_OK;
}

netdev_tx_t tg3_start_xmit(struct netbuf *nb, struct net_device *dev)
{
	struct tg3 *tp = netdev_priv(dev);
	struct t3_send_bd *ring = tp->tx_ring;
	unsigned int nsegs = 0;
	u16 prod = tp->tx_prod, last = prod, flags;

	for (struct netbuf *seg = nb; seg; seg = seg->next)
		nsegs += seg->len != 0;
	if (unlikely(!nsegs || nsegs > TG3_TX_MAX_SEGS)) {
		tp->ctr.tx_too_many_segs++;
		return xmit_drop(dev, nb, &dev->stats.tx_errors);
	}
	if (unlikely(tp->state != TG3_ST_RUNNING)) {
		/* A recovery reset gives the ring back soon; anything else not running never will. */
		if (tp->state == TG3_ST_RESETTING)
			return xmit_busy(tp, dev);
		return xmit_drop(dev, nb, &dev->stats.tx_dropped);
	}
	if (unlikely(tx_free(tp) < nsegs))
		return xmit_busy(tp, dev);
	flags = csum_flags(tp, nb);
	if (!tg3_tx_pending(tp))
		tp->tx_progress_ns = ktime_get_ns();
	/* The chip reads none of these BDs before the mailbox names them. */
	for (struct netbuf *seg = nb; seg; seg = seg->next) {
		struct t3_send_bd *bd = &ring[prod];

		if (!seg->len)
			continue;
		bd->addr_hi = (u32)(seg->dma >> 32);
		bd->addr_lo = (u32)seg->dma;
		bd->len = (u16)seg->len;
		bd->flags = flags;
		bd->vlan = 0;
		bd->mss = 0;
		last = prod;
		prod = (u16)((prod + 1) % TG3_TX_RING);
	}
	ring[last].flags = flags | T3_TXBD_END;
	/* Only a frame's last slot names it; the others stay NULL from their last reclaim. */
	tp->tx_frame[last] = nb;
	tp->tx_prod = prod;
	if (tx_free(tp) < TG3_TX_MAX_SEGS) {
		netif_stop_queue(dev);
		tp->tx_doorbell_pending = true;
		tg3_tx_doorbell(tp); /* a full ring empties only once the chip knows of it */
	} else if (tp->in_poll) {
		tp->tx_doorbell_pending = true;
	} else {
		/* No fence: writel's UC store cannot pass the BD stores (kernel/x86/barrier.h). */
		tg3_write(tp, T3_MBOX_SEND0_PROD, prod);
	}
	return NETDEV_TX_OK;
}

/* Tell the chip of the frames posted since it was last told (tg3_poll, a filling ring). */
void tg3_tx_doorbell(struct tg3 *tp)
{
	if (!tp->tx_doorbell_pending)
		return;
	tp->tx_doorbell_pending = false;
	/* No fence: writel's UC store cannot pass the BD stores (kernel/x86/barrier.h). */
	tg3_write(tp, T3_MBOX_SEND0_PROD, tp->tx_prod);
}

void tg3_tx_reclaim(struct tg3 *tp)
{
	u16 hw = READ_ONCE(tp->status->idx[0].tx_cons);
	unsigned int done = (u16)(hw - tp->tx_cons) % TG3_TX_RING;

	if (hw >= TG3_TX_RING || done > tg3_tx_pending(tp)) {
		pr_err("%s: chip reports send consumer %u, outside the %u descriptors posted "
		       "from %u\n",
		       tg3_name(tp), hw, tg3_tx_pending(tp), tp->tx_cons);
		tg3_schedule_reset(tp, "bad send consumer index");
		return;
	}
	/*
	 * The index in a local: a release may run any code, and one that sends
	 * meanwhile sees the ring fuller than it is, never emptier.
	 */
	for (u16 cons = tp->tx_cons; cons != hw; cons = (u16)((cons + 1) % TG3_TX_RING)) {
		struct netbuf *nb = tp->tx_frame[cons];

		if (nb) {
			tp->tx_frame[cons] = NULL;
			netbuf_free(nb);
		}
	}
	tp->tx_cons = hw;
	if (done)
		tp->tx_progress_ns = ktime_get_ns();
	if (netif_queue_stopped(&tp->netdev) && tx_free(tp) >= TG3_TX_WAKE_FREE &&
	    tp->state == TG3_ST_RUNNING)
		netif_wake_queue(&tp->netdev);
}

/* The chip is stopped: free what it never sent. */
void tg3_tx_drop_all(struct tg3 *tp)
{
	while (tp->tx_cons != tp->tx_prod) {
		struct netbuf *nb = tp->tx_frame[tp->tx_cons];

		if (nb) {
			tp->tx_frame[tp->tx_cons] = NULL;
			tp->ctr.tx_dropped_on_reset++;
			tp->netdev.stats.tx_dropped++;
			netbuf_free(nb);
		}
		tp->tx_cons = (u16)((tp->tx_cons + 1) % TG3_TX_RING);
	}
	tp->tx_prod = 0;
	tp->tx_cons = 0;
	tp->tx_doorbell_pending = false;
}

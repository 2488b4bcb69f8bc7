// SPDX-License-Identifier: BSD-2-Clause
/*
 * Transmit on the port's synchronous queue. One descriptor per netbuf
 * segment, linked in a circle like the receive ring; the first descriptor of
 * a frame is handed to the BMU last, so it never starts on a half-built
 * chain, then the BMU is told to start. The chip clears OWN on each
 * descriptor it has sent; completion frees the frame at its last one.
 *
 * A start command can be lost on Genesis (its documentation says so), and
 * the BMU then sits on owned descriptors: the service timer gives the start
 * again when a tick passes with work queued and no completion.
 *
 * Checksum offload (Yukon, NETBUF_CSUM_PARTIAL): every descriptor of the
 * frame carries the checksum opcode and the first the start and write
 * offsets, the seed 0 (the field holds the pseudo-header sum already). UDP
 * takes opcode 0x57 (a computed 0 goes out as 0xFFFF), except on the first
 * Yukon, revision 0, where Linux's skge and the vendor's sk98lin both swap
 * the two for UDP; TCP takes 0x57 too, as both do.
 *
 * The BMU drives 32 address bits here, and the stack's buffers may sit above
 * 4 GiB: such a frame (or one of more than SKGE_TX_MAX_SEGS segments) is
 * copied into one of the port's bounce buffers below 4 GiB and sent from
 * there. Frames below 4 GiB go out zero-copy from the stack's mapping (the
 * stack handed them to the device when it mapped them). Bounce buffers are
 * streaming DMA memory: each is the chip's from dma_sync_single_for_device()
 * after the copy until dma_sync_single_for_cpu() when its descriptor is
 * reclaimed or dropped.
 */
#define pr_fmt(fmt) "skge: " fmt

#include <string.h>

#include "drivers/skge/skge.h"
#include "kernel/x86/barrier.h"
#include "kernel/console/printk.h"
#include "net/core/netbuf_csum.h"

static unsigned int tx_free(const struct skge_port *p)
{
	return SKGE_TX_RING - 1 - p->tx_pending;
}

void skge_tx_ring_init(struct skge_port *p)
{
	memset(p->tx_ring, 0, SKGE_TX_RING * sizeof(*p->tx_ring));
	for (unsigned int i = 0; i < SKGE_TX_RING; i++) {
		p->tx_ring[i].next =
		    (u32)(p->tx_ring_dma + ((i + 1) % SKGE_TX_RING) * sizeof(struct skge_desc));
		p->tx_bounce_of[i] = -1;
	}
	for (unsigned int i = 0; i < SKGE_TX_BOUNCE; i++)
		p->tx_bounce_free[i] = (u8)i;
	p->tx_bounce_nfree = SKGE_TX_BOUNCE;
	memset(p->tx_frame, 0, sizeof(p->tx_frame));
	p->tx_prod = 0;
	p->tx_cons = 0;
	p->tx_pending = 0;
	p->tx_cons_seen = 0;
}

/* A segment the BMU cannot reach: its buffer ends above 4 GiB. */
static bool beyond_reach(const struct netbuf *seg)
{
	return !skge_dma_below_4g(seg->dma, seg->len);
}

/* What a frame asks of the checksum unit: the opcode, and start << 16 | write. */
struct tx_csum_req {
	u32 opcode;
	u32 pos;
};

#define UDP_CSUM_OFFSET 6
#define TCP_CSUM_OFFSET 16

/*
 * What a NETBUF_CSUM_PARTIAL frame needs from the chip (r is left as it is
 * when finished here); false when it is malformed (its
 * checksum field outside it) and must be dropped. What the chip cannot do
 * (offload switched off since the stack built the frame, Genesis, an odd
 * field) is finished here.
 */
static bool tx_csum_plan(struct skge_port *p, struct netbuf *nb, u32 total, struct tx_csum_req *r)
{
	u32 write = (u32)nb->csum_start + nb->csum_offset;
	bool udp = nb->csum_offset == UDP_CSUM_OFFSET;

	if (write + 2 > total || !netbuf_frame_byte(nb, write + 1)) {
		p->ctr.tx_csum_bad_offset++;
		if (p->ctr.tx_csum_bad_offset <= 4)
			pr_err("%s: frame of %u bytes asks for a checksum at %u: dropped\n",
			       skge_name(p), total, write);
		return false;
	}
	if (!(p->netdev.features & NETIF_F_IP_CSUM) || p->hw->chip == SKGE_GENESIS ||
	    (!udp && nb->csum_offset != TCP_CSUM_OFFSET)) {
		netbuf_csum_finish_sw(nb);
		p->ctr.tx_csum_sw++;
		return true;
	}
	r->opcode = SKGE_DESC_OPCODE_UDP;
	if (udp && p->hw->chip_id == SKGE_CHIP_ID_YUKON && p->hw->chip_rev == 0)
		r->opcode = SKGE_DESC_OPCODE_TCP;
	r->pos = (u32)nb->csum_start << 16 | write;
	p->ctr.tx_csum_hw++;
	return true;
}

/* Fill the descriptor at tx_prod; the head of a frame stays the host's for now. */
static void put_desc(struct skge_port *p, dma_addr_t addr, u32 len, bool head, bool last,
		     const struct tx_csum_req *cs)
{
	struct skge_desc *d = &p->tx_ring[p->tx_prod];
	u32 ctrl = cs->opcode | len;

	d->addr_lo = (u32)addr;
	d->addr_hi = (u32)(addr >> 32);
	d->status = 0;
	d->tstamp = 0;	   /* the sum's seed */
	d->csum = cs->pos; /* only the first descriptor's is read */
	ctrl |= head ? SKGE_DESC_STF : SKGE_DESC_OWN;
	if (last)
		ctrl |= SKGE_DESC_EOF | SKGE_DESC_IRQ_EOF;
	d->ctrl = ctrl;
	p->tx_frame[p->tx_prod] = NULL;
	p->tx_bounce_of[p->tx_prod] = -1;
	p->tx_pending++;
	p->tx_prod = (p->tx_prod + 1) % SKGE_TX_RING;
}

static dma_addr_t bounce_bus(const struct skge_port *p, unsigned int b)
{
	return p->tx_bounce_dma + (dma_addr_t)b * SKGE_TX_BOUNCE_SIZE;
}

/* Copy the whole frame into one bounce buffer below 4 GiB; the original is freed. */
static void put_bounced(struct skge_port *p, struct netbuf *nb, u32 len,
			const struct tx_csum_req *cs)
{
	unsigned int slot = p->tx_prod;
	u8 b = p->tx_bounce_free[--p->tx_bounce_nfree];
	u8 *buf = p->tx_bounce + (size_t)b * SKGE_TX_BOUNCE_SIZE;

	dma_addr_t bus = bounce_bus(p, b);

	netbuf_copy_out(nb, 0, buf, len);
	netbuf_free(nb);
	dma_sync_single_for_device(bus, SKGE_TX_BOUNCE_SIZE, DMA_TO_DEVICE);
	put_desc(p, bus, len, true, true, cs);
	p->tx_bounce_of[slot] = (s16)b;
	p->ctr.tx_bounced++;
}

netdev_tx_t skge_start_xmit(struct netbuf *nb, struct net_device *dev)
{
	struct skge_port *p = netdev_priv(dev);
	unsigned int nsegs = 0, first = p->tx_prod, last = first;
	bool bounce = false;
	u32 total = 0;
	struct tx_csum_req cs = { .opcode = SKGE_DESC_OPCODE_CHECK, .pos = 0 };

	for (struct netbuf *seg = nb; seg; seg = seg->next) {
		nsegs += seg->len != 0;
		total += seg->len;
		bounce |= seg->len && beyond_reach(seg);
	}
	if (nb->tot_len > total)
		total = nb->tot_len;
	if (nsegs > SKGE_TX_MAX_SEGS)
		bounce = true;
	if (!nsegs || (bounce && total > SKGE_TX_BOUNCE_SIZE)) {
		p->ctr.tx_too_long++;
		dev->stats.tx_errors++;
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	if (!p->opened) {
		dev->stats.tx_dropped++;
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	if (tx_free(p) < nsegs || (bounce && !p->tx_bounce_nfree)) {
		netif_stop_queue(dev);
		p->ctr.tx_ring_full++;
		return NETDEV_TX_BUSY;
	}
	if (!p->tx_pending)
		p->tx_progress_ns = ktime_get_ns();
	if (nb->csum == NETBUF_CSUM_PARTIAL && !tx_csum_plan(p, nb, total, &cs)) {
		dev->stats.tx_errors++;
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	if (bounce) {
		put_bounced(p, nb, total, &cs);
	} else {
		bool head = true;

		for (struct netbuf *seg = nb; seg; seg = seg->next) {
			if (!seg->len)
				continue;
			last = p->tx_prod;
			put_desc(p, seg->dma, seg->len, head, --nsegs == 0, &cs);
			head = false;
		}
		p->tx_frame[last] = nb;
	}
	dma_wmb(); /* the rest of the chain before the head that gives it away */
	WRITE_ONCE(p->tx_ring[first].ctrl, p->tx_ring[first].ctrl | SKGE_DESC_OWN);
	/* No fence: writel's UC store cannot pass the descriptor stores (kernel/x86/barrier.h). */
	skge_write32(p->hw, p->tx_q + SKGE_Q_CSR, SKGE_Q_CSR_START);
	if (tx_free(p) < SKGE_TX_MAX_SEGS || !p->tx_bounce_nfree)
		netif_stop_queue(dev);
	return NETDEV_TX_OK;
}

/* Give back what descriptor `slot` held: the frame at its end, a bounce buffer. */
static void release_slot(struct skge_port *p, unsigned int slot, bool sent)
{
	struct netbuf *nb = p->tx_frame[slot];

	if (nb) {
		p->tx_frame[slot] = NULL;
		if (!sent) {
			p->ctr.tx_dropped_on_stop++;
			p->netdev.stats.tx_dropped++;
		}
		netbuf_free(nb);
	}
	if (p->tx_bounce_of[slot] >= 0) {
		dma_sync_single_for_cpu(bounce_bus(p, (unsigned int)p->tx_bounce_of[slot]),
					SKGE_TX_BOUNCE_SIZE, DMA_TO_DEVICE);
		if (!sent) {
			p->ctr.tx_dropped_on_stop++;
			p->netdev.stats.tx_dropped++;
		}
		p->tx_bounce_free[p->tx_bounce_nfree++] = (u8)p->tx_bounce_of[slot];
		p->tx_bounce_of[slot] = -1;
	}
}

void skge_tx_reclaim(struct skge_port *p)
{
	unsigned int done = 0;

	while (p->tx_pending) {
		struct skge_desc *d = &p->tx_ring[p->tx_cons];

		if (READ_ONCE(d->ctrl) & SKGE_DESC_OWN)
			break;
		dma_rmb(); /* sent before anything it held is given back */
		release_slot(p, p->tx_cons, true);
		d->ctrl = 0;
		p->tx_cons = (p->tx_cons + 1) % SKGE_TX_RING;
		p->tx_pending--;
		done++;
	}
	if (done)
		p->tx_progress_ns = ktime_get_ns();
	if (netif_queue_stopped(&p->netdev) && tx_free(p) >= SKGE_TX_WAKE_FREE &&
	    p->tx_bounce_nfree && p->opened)
		netif_wake_queue(&p->netdev);
}

/* The BMU is stopped: free what it never sent. */
void skge_tx_drop_all(struct skge_port *p)
{
	while (p->tx_pending) {
		release_slot(p, p->tx_cons, false);
		p->tx_cons = (p->tx_cons + 1) % SKGE_TX_RING;
		p->tx_pending--;
	}
	p->tx_prod = 0;
	p->tx_cons = 0;
}

/*
 * From the service timer. Work queued for a whole tick and nothing completed
 * meanwhile: the start was lost (or the link is down and the MAC holds frames).
 * Give the start again; after SKGE_TX_TIMEOUT_NS without progress say so.
 */
void skge_tx_watchdog(struct skge_port *p)
{
	u64 now = ktime_get_ns();

	if (!p->tx_pending) {
		p->tx_cons_seen = p->tx_cons;
		return;
	}
	/*
	 * Progress since the last tick, or work younger than a tick (queued
	 * just now, say by a link-up this very tick): nothing is lost yet.
	 */
	if (p->tx_cons != p->tx_cons_seen || now - p->tx_progress_ns < SKGE_SERVICE_PERIOD_NS) {
		p->tx_cons_seen = p->tx_cons;
		return;
	}
	if (READ_ONCE(p->tx_ring[p->tx_cons].ctrl) & SKGE_DESC_OWN) {
		p->ctr.tx_start_retries++;
		skge_write32(p->hw, p->tx_q + SKGE_Q_CSR, SKGE_Q_CSR_START);
	} else {
		skge_schedule_port(p); /* done but not reclaimed: a lost interrupt */
	}
	if (now - p->tx_progress_ns > SKGE_TX_TIMEOUT_NS) {
		p->ctr.tx_timeouts++;
		p->tx_progress_ns = now;
		pr_warn("%s: transmit stalled for %llu s with %u descriptors queued (link %s)\n",
			skge_name(p), (unsigned long long)(SKGE_TX_TIMEOUT_NS / NSEC_PER_SEC),
			p->tx_pending, p->link_up ? "up" : "down");
	}
}

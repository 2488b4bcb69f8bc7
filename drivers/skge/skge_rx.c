// SPDX-License-Identifier: BSD-2-Clause
/*
 * Receive. The ring is a circle of descriptors linked by their `next` field;
 * the BMU walks it from the address it was started at, fills the buffer of
 * each descriptor it owns, writes back length, status and ownership, and
 * stops at the first descriptor it does not own. The driver gives buffers in
 * ring order (rx_fill) and takes completed frames in ring order (rx_next);
 * after every refill it sends the BMU a start command, which restarts one
 * that stopped on a descriptor the driver had not given back yet.
 *
 * Frames go up zero-copy: the buffer is lent to the stack inside its netbuf
 * and returns through rx_release(). The pool is larger than the ring, so the
 * ring stays full while the stack holds some buffers.
 *
 * Receive checksums (Yukon): both of the BMU's sum engines start right after
 * the Ethernet header, as Linux's skge sets them, and must agree; the sum is
 * judged in software against the headers (net/core/csum_complete.h). FreeBSD's
 * sk found its Yukon's TCP/UDP sums wrong and uses none; a wrong sum here
 * costs only the stack's own check, never a bad frame taken for good.
 *
 * The pool is streaming DMA memory (docs/DMA.md): a buffer is the chip's from
 * dma_sync_single_for_device() when it is posted until
 * dma_sync_single_for_cpu() when its descriptor comes back (good frame, bad
 * frame, or the BMU stopped with it still posted), and only then read.
 */
#define pr_fmt(fmt) "skge: " fmt

#include <errno.h>
#include <string.h>

#include "drivers/skge/skge.h"
#include "kernel/x86/barrier.h"
#include "kernel/console/printk.h"
#include "net/core/csum_complete.h"

static void free_chunks(struct skge_port *p)
{
	for (unsigned int c = 0; c < SKGE_RX_CHUNKS; c++) {
		if (p->rx_chunk[c])
			dma_free(p->rx_chunk[c], SKGE_RX_CHUNK_BUFS * SKGE_RX_BUF_STRIDE);
		p->rx_chunk[c] = NULL;
	}
	p->rx_free = NULL;
	p->rx_pool_orphaned = false;
}

static void push_free(struct skge_port *p, struct skge_rx_buf *buf)
{
	buf->state = SKGE_RXB_FREE;
	buf->next_free = p->rx_free;
	p->rx_free = buf;
}

static void rx_release(struct netbuf *nb)
{
	struct skge_rx_buf *buf = nb->owner;
	struct skge_port *p = buf->port;

	if (buf->state != SKGE_RXB_LENT) {
		pr_err("%s: receive buffer %u returned twice\n", skge_name(p),
		       (unsigned int)(buf - p->rx_buf));
		return;
	}
	push_free(p, buf);
	p->rx_lent--;
	if (p->rx_pool_orphaned) {
		if (!p->rx_lent)
			free_chunks(p);
	} else if (p->opened && !p->in_poll && p->rx_posted < SKGE_RX_REFILL_LOW) {
		/* The ring ran low while the stack held buffers: a poll refills it. */
		skge_schedule_port(p);
	}
	netdev_adapter_return(&p->hw->own); /* last: it may free a removed controller */
}

int skge_rx_pool_alloc(struct skge_port *p)
{
	if (p->rx_chunk[0]) {
		p->rx_pool_orphaned = false; /* reopened before the stack gave all back */
		return 0;
	}
	p->rx_free = NULL;
	for (unsigned int c = 0; c < SKGE_RX_CHUNKS; c++) {
		p->rx_chunk[c] = dma_alloc(SKGE_RX_CHUNK_BUFS * SKGE_RX_BUF_STRIDE, 0,
					   DMA_32BIT | DMA_STREAMING, &p->rx_chunk_dma[c]);
		if (!p->rx_chunk[c] ||
		    !skge_dma_below_4g(p->rx_chunk_dma[c],
				       SKGE_RX_CHUNK_BUFS * SKGE_RX_BUF_STRIDE)) {
			pr_err("%s: no DMA memory below 4 GiB for receive buffers\n", skge_name(p));
			free_chunks(p);
			return -ENOMEM;
		}
	}
	for (unsigned int i = SKGE_RX_POOL; i-- > 0;) {
		struct skge_rx_buf *buf = &p->rx_buf[i];
		unsigned int c = i / SKGE_RX_CHUNK_BUFS;
		unsigned int off = (i % SKGE_RX_CHUNK_BUFS) * SKGE_RX_BUF_STRIDE;

		memset(buf, 0, sizeof(*buf));
		buf->port = p;
		buf->data = p->rx_chunk[c] + off;
		buf->dma = p->rx_chunk_dma[c] + off;
		push_free(p, buf);
	}
	p->rx_lent = 0;
	return 0;
}

void skge_rx_pool_release(struct skge_port *p)
{
	if (!p->rx_chunk[0])
		return;
	if (p->rx_lent) {
		pr_info("%s: %u receive buffers still held by the stack; freed when the last "
			"comes back\n",
			skge_name(p), p->rx_lent);
		p->rx_pool_orphaned = true;
		return;
	}
	free_chunks(p);
}

/* Link the descriptors into a circle, none owned by the chip yet. */
void skge_rx_ring_init(struct skge_port *p)
{
	memset(p->rx_ring, 0, SKGE_RX_RING * sizeof(*p->rx_ring));
	for (unsigned int i = 0; i < SKGE_RX_RING; i++)
		p->rx_ring[i].next =
		    (u32)(p->rx_ring_dma + ((i + 1) % SKGE_RX_RING) * sizeof(struct skge_desc));
	memset(p->rx_slot, 0, sizeof(p->rx_slot));
	p->rx_next = 0;
	p->rx_fill = 0;
	p->rx_posted = 0;
}

/* The BMU is stopped: take back every posted buffer. */
void skge_rx_unpost_all(struct skge_port *p)
{
	for (unsigned int s = 0; s < SKGE_RX_RING; s++) {
		if (!p->rx_slot[s])
			continue;
		dma_sync_single_for_cpu(p->rx_slot[s]->dma, SKGE_RX_BUF_SIZE, DMA_FROM_DEVICE);
		push_free(p, p->rx_slot[s]);
		p->rx_slot[s] = NULL;
		if (p->rx_ring)
			p->rx_ring[s].ctrl = 0;
	}
	p->rx_posted = 0;
	p->rx_next = 0;
	p->rx_fill = 0;
}

/* ctrl: the descriptor's control word, OWN and the buffer size included. */
static void post(struct skge_port *p, unsigned int slot, struct skge_rx_buf *buf, u32 ctrl)
{
	struct skge_desc *d = &p->rx_ring[slot];

	buf->state = SKGE_RXB_POSTED;
	p->rx_slot[slot] = buf;
	/* The buffer is the chip's before any descriptor names it. */
	dma_sync_single_for_device(buf->dma, SKGE_RX_BUF_SIZE, DMA_FROM_DEVICE);
	d->addr_lo = (u32)buf->dma;
	d->addr_hi = (u32)(buf->dma >> 32);
	d->status = 0;
	/* Rewritten with every buffer, as Linux's skge does: whether the chip keeps them is UNVERIFIED. */
	d->csum = 0;
	d->csum_start = CSUM_COMPLETE_L3 << 16 | CSUM_COMPLETE_L3;
	dma_wmb(); /* the descriptor before the bit that gives it away */
	WRITE_ONCE(d->ctrl, ctrl);
}

void skge_rx_refill(struct skge_port *p)
{
	bool ran_dry = p->rx_posted == 0;
	unsigned int added = 0;
	/* The checksum opcode decided once per refill, not per buffer. */
	u32 ctrl = SKGE_DESC_OWN | SKGE_DESC_STF | SKGE_DESC_IRQ_EOF | SKGE_RX_BUF_SIZE |
		   (skge_rx_csum_on(p) ? SKGE_DESC_OPCODE_TCP : SKGE_DESC_OPCODE_CHECK);

	while (p->rx_posted < SKGE_RX_RING) {
		struct skge_rx_buf *buf = p->rx_free;

		if (!buf) {
			p->ctr.rx_refill_starved++;
			break;
		}
		p->rx_free = buf->next_free;
		buf->next_free = NULL;
		post(p, p->rx_fill, buf, ctrl);
		p->rx_fill = (p->rx_fill + 1) % SKGE_RX_RING;
		p->rx_posted++;
		added++;
	}
	if (!added || !p->opened)
		return;
	if (ran_dry)
		p->ctr.rx_bmu_starts++;
	/* No fence: writel's UC store cannot pass the descriptor stores (kernel/x86/barrier.h). */
	skge_write32(p->hw, p->rx_q + SKGE_Q_CSR, SKGE_Q_CSR_START);
}

/* The MAC's verdict on the frame, and whether its length agrees with the BMU's. */
static bool mac_status_ok(struct skge_port *p, u32 status, u32 len)
{
	struct net_device_stats *s = &p->netdev.stats;

	if (p->hw->chip == SKGE_GENESIS) {
		if (!(status & SKGE_XM_RXS_ERR_FRAME) && (status >> SKGE_XM_RXS_LEN_SHIFT) == len)
			return true;
		if (status & SKGE_XM_RXS_CRC_ERR)
			s->rx_crc_errors++;
		if (status & (SKGE_XM_RXS_LONG | SKGE_XM_RXS_RUNT))
			s->rx_length_errors++;
		return false;
	}
	if (!(status & SKGE_GM_RXS_ERRORS) && (status & SKGE_GM_RXS_RX_OK) &&
	    ((status >> SKGE_GM_RXS_LEN_SHIFT) & SKGE_GM_RXS_LEN_MASK) == len)
		return true;
	if (status & SKGE_GM_RXS_CRC_ERR)
		s->rx_crc_errors++;
	if (status &
	    (SKGE_GM_RXS_LONG_ERR | SKGE_GM_RXS_RUNT | SKGE_GM_RXS_FRAGMENT | SKGE_GM_RXS_JABBER))
		s->rx_length_errors++;
	return false;
}

/* Worth logging: the first few of a kind, then powers of two. */
static bool worth_logging(u64 n)
{
	return n <= 4 || !(n & (n - 1));
}

/*
 * The engines' two sums (little-endian words, as both references swap them)
 * judged against the headers. A bad verdict is counted and the frame goes up
 * unproven: the stack checks it again and drops it with its own count.
 */
static void rx_csum(struct skge_port *p, struct skge_rx_buf *buf, u32 len, u32 sums)
{
	u16 a = (u16)sums, b = (u16)(sums >> 16);
	enum csum_complete_verdict v;

	if (unlikely(a != b)) {
		p->ctr.rx_csum_mismatch++;
		if (worth_logging(p->ctr.rx_csum_mismatch))
			pr_warn("%s: receive checksum engines disagree (0x%04x, 0x%04x): not "
				"trusted (%llu so far)\n",
				skge_name(p), a, b, (unsigned long long)p->ctr.rx_csum_mismatch);
		return;
	}
	v = csum_complete_judge(buf->data, len, a);
	if (likely(v == CSUM_COMPLETE_OK)) {
		buf->nb.csum = NETBUF_CSUM_UNNECESSARY;
		p->ctr.rx_csum_ok++;
	} else if (v == CSUM_COMPLETE_BAD) {
		p->ctr.rx_csum_bad++;
		p->netdev.stats.rx_csum_errors++;
	} else {
		p->ctr.rx_csum_unknown++;
	}
}

int skge_rx(struct skge_port *p, int budget)
{
	int done = 0;

	while (done < budget && p->rx_posted) {
		unsigned int slot = p->rx_next;
		struct skge_desc *d = &p->rx_ring[slot];
		struct skge_rx_buf *buf = p->rx_slot[slot];
		u32 ctrl = READ_ONCE(d->ctrl);
		u32 len = ctrl & SKGE_DESC_LEN_MASK;
		u32 whole = SKGE_DESC_STF | SKGE_DESC_EOF | SKGE_DESC_RX_STAT_VALID;

		if (ctrl & SKGE_DESC_OWN)
			break;
		dma_rmb(); /* ownership before the fields the chip wrote */
		/* The chip is done with the buffer: ours again, whatever its verdict. */
		dma_sync_single_for_cpu(buf->dma, SKGE_RX_BUF_SIZE, DMA_FROM_DEVICE);
		p->rx_slot[slot] = NULL;
		p->rx_next = (slot + 1) % SKGE_RX_RING;
		p->rx_posted--;
		done++;
		if ((ctrl & whole) != whole || len < SKGE_MIN_FRAME || len > SKGE_RX_BUF_SIZE) {
			p->ctr.rx_bad_length++;
			p->netdev.stats.rx_errors++;
			p->netdev.stats.rx_length_errors++;
			push_free(p, buf);
			continue;
		}
		if (!mac_status_ok(p, READ_ONCE(d->status), len)) {
			p->ctr.rx_error_frames++;
			p->netdev.stats.rx_errors++;
			push_free(p, buf);
			continue;
		}
		netbuf_init(&buf->nb, buf->data, len, buf->dma, rx_release, buf);
		if (skge_rx_csum_on(p))
			rx_csum(p, buf, len, READ_ONCE(d->csum));
		buf->state = SKGE_RXB_LENT;
		p->rx_lent++;
		netdev_adapter_lend(&p->hw->own);
		napi_receive(&p->napi, &buf->nb);
	}
	return done;
}

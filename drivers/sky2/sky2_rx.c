// SPDX-License-Identifier: BSD-2-Clause
/*
 * Receive. Each port has its own receive LE ring (prefetch unit) and buffer
 * pool; completions come through the controller's status ring as RXSTAT
 * entries, one per frame, in the order buffers were posted.
 *
 * Buffers live above 4 GiB as often as not, so a buffer LE carries only the
 * low address half; an ADDR64 LE before it sets the high half the chip keeps
 * for the queue. We send one only when the high half changes, and forget the
 * cached value whenever the ring (and so the chip's copy) is reset.
 *
 * Frames go up zero-copy inside their buffer's netbuf and come back through
 * sky2_rx_release(); bad frames never leave the driver: they are counted and
 * their buffer is posted again by the next refill.
 */
#define pr_fmt(fmt) "sky2: " fmt

#include <errno.h>
#include <string.h>

#include "drivers/sky2/sky2.h"
#include "kernel/x86/barrier.h"
#include "kernel/console/printk.h"
#include "net/core/csum_complete.h"

/* Log the first few of a kind, then only at powers of two: a flood stays readable. */
static bool worth_logging(u64 n)
{
	return n <= 4 || !(n & (n - 1));
}

static void push_free(struct sky2_port *p, struct sky2_rx_buf *buf)
{
	buf->state = SKY2_RXB_FREE;
	buf->next_free = p->rx_free;
	p->rx_free = buf;
}

static void free_chunks(struct sky2_port *p)
{
	for (unsigned int c = 0; c < SKY2_RX_CHUNKS; c++) {
		if (p->rx_chunk[c])
			dma_free(p->rx_chunk[c], SKY2_RX_CHUNK_BUFS * SKY2_RX_BUF_STRIDE);
		p->rx_chunk[c] = NULL;
	}
	p->rx_free = NULL;
	p->rx_pool_orphaned = false;
}

/* A buffer returned twice, or to a pool whose port was closed meanwhile. */
static __attribute__((noinline)) void rx_release_slow(struct sky2_port *p, struct sky2_rx_buf *buf)
{
	if (buf->state != SKY2_RXB_LENT) {
		pr_err("%s: receive buffer %u returned twice\n", sky2_port_name(p),
		       (unsigned int)(buf - p->rx_buf));
		return;
	}
	push_free(p, buf);
	p->rx_lent--;
	if (!p->rx_lent)
		free_chunks(p);
	netdev_adapter_return(&p->hw->own); /* last: it may free a removed controller */
}

/* The stack is done with a frame: its buffer goes back on the free list. */
static void sky2_rx_release(struct netbuf *nb)
{
	struct sky2_rx_buf *buf = nb->owner;
	struct sky2_port *p = buf->port;

	if (unlikely(buf->state != SKY2_RXB_LENT || p->rx_pool_orphaned)) {
		rx_release_slow(p, buf);
		return;
	}
	push_free(p, buf);
	p->rx_lent--;
	/* Running low outside the poll (the stack held buffers a while): refill soon. */
	if (unlikely(p->rx_posted < SKY2_RX_REFILL_LOW) && p->opened && !p->in_poll)
		napi_schedule(&p->hw->napi);
	netdev_adapter_return(&p->hw->own);
}

int sky2_rx_alloc(struct sky2_port *p)
{
	p->rx_le = dma_alloc(SKY2_RX_RING * sizeof(struct sky2_le), 0, 0, &p->rx_le_dma);
	if (!p->rx_le)
		return -ENOMEM;
	if (p->rx_chunk[0]) {
		/* Reopened while the stack still held buffers: keep using that pool. */
		p->rx_pool_orphaned = false;
		return 0;
	}
	p->rx_free = NULL;
	for (unsigned int c = 0; c < SKY2_RX_CHUNKS; c++) {
		p->rx_chunk[c] = dma_alloc(SKY2_RX_CHUNK_BUFS * SKY2_RX_BUF_STRIDE, 0,
					   DMA_STREAMING, &p->rx_chunk_dma[c]);
		if (!p->rx_chunk[c]) {
			free_chunks(p);
			return -ENOMEM;
		}
	}
	for (unsigned int i = SKY2_RX_POOL; i-- > 0;) {
		struct sky2_rx_buf *buf = &p->rx_buf[i];
		unsigned int c = i / SKY2_RX_CHUNK_BUFS,
			     off = (i % SKY2_RX_CHUNK_BUFS) * SKY2_RX_BUF_STRIDE;

		memset(buf, 0, sizeof(*buf));
		buf->port = p;
		buf->data = p->rx_chunk[c] + off;
		buf->dma = p->rx_chunk_dma[c] + off;
		push_free(p, buf);
	}
	p->rx_posted = 0;
	p->rx_lent = 0;
	return 0;
}

void sky2_rx_free(struct sky2_port *p)
{
	dma_free(p->rx_le, SKY2_RX_RING * sizeof(struct sky2_le));
	p->rx_le = NULL;
	if (!p->rx_chunk[0])
		return;
	if (p->rx_lent) {
		pr_info("%s: %u receive buffers still held by the stack; their memory is freed "
			"when the last comes back\n",
			sky2_port_name(p), p->rx_lent);
		p->rx_pool_orphaned = true;
		return;
	}
	free_chunks(p);
}

static void post_le(struct sky2_port *p, u32 addr, u16 len, u8 opcode);

/* The chip's copy of the queue is reset with its prefetch unit: so is ours. */
void sky2_rx_ring_reset(struct sky2_port *p)
{
	memset(p->rx_le, 0, SKY2_RX_RING * sizeof(struct sky2_le));
	memset(p->rx_slot, 0, sizeof(p->rx_slot));
	p->rx_put = 0;
	p->rx_cons = 0;
	p->rx_hi = SKY2_HI_UNKNOWN;
	p->rx_put_pending = false;
	/*
	 * Old format: both checksum engines start right after the Ethernet
	 * header, as Linux's sky2 sets them. Equal starts give equal sums,
	 * which is the cross-check FreeBSD's msk and Linux both make; the
	 * header's share is taken out in software (net/core/csum_complete.h).
	 * The start stays with the queue until its prefetch unit is reset.
	 */
	if (!(p->hw->quirks & SKY2_Q_NEW_LE) && sky2_rx_csum_wanted(p)) {
		post_le(p, (u32)CSUM_COMPLETE_L3 << 16 | CSUM_COMPLETE_L3, 0, LE_OP_TCPSTART);
		p->rx_put_pending = true;
	}
}

/* Take back every posted buffer (the queue is stopped). */
void sky2_rx_unpost_all(struct sky2_port *p)
{
	for (unsigned int s = 0; s < SKY2_RX_RING; s++) {
		struct sky2_rx_buf *buf = p->rx_slot[s];

		if (!buf)
			continue;
		p->rx_slot[s] = NULL;
		/* The queue is stopped: the buffer is the CPU's again, unused. */
		dma_sync_single_for_cpu(buf->dma, SKY2_RX_BUF_SIZE, DMA_FROM_DEVICE);
		push_free(p, buf);
	}
	p->rx_posted = 0;
	p->rx_put = p->rx_cons = 0;
	p->rx_hi = SKY2_HI_UNKNOWN;
}

static void post_le(struct sky2_port *p, u32 addr, u16 len, u8 opcode)
{
	struct sky2_le *le = &p->rx_le[p->rx_put];

	le->addr = addr;
	le->len = len;
	le->ctrl = 0;
	dma_wmb(); /* the fields before the owner bit that gives the LE away */
	WRITE_ONCE(le->opcode, (u8)(opcode | LE_HW_OWNER));
	p->rx_put = sky2_ring_next(p->rx_put, SKY2_RX_RING);
}

/*
 * Room in the ring is never short: every posted buffer needs at most one
 * ADDR64 LE before it, and the ring keeps one slot empty.
 */
_Static_assert(2 * SKY2_RX_POSTED <= SKY2_RX_RING - 1, "receive ring too small for its buffers");

void sky2_rx_refill(struct sky2_port *p)
{
	unsigned int posted = p->rx_posted;
	struct sky2_rx_buf *buf;

	if (p->stopping || posted >= SKY2_RX_POSTED)
		return;
	for (; posted < SKY2_RX_POSTED; posted++) {
		u64 hi;

		buf = p->rx_free;
		if (!buf) {
			p->ctr.rx_refill_starved++;
			break;
		}
		hi = buf->dma >> 32;
		if (unlikely(hi != p->rx_hi)) {
			p->rx_slot[p->rx_put] = NULL;
			post_le(p, (u32)hi, 0, LE_OP_ADDR64);
			p->rx_hi = hi;
			p->ctr.rx_addr64_les++;
		}
		p->rx_free = buf->next_free;
		buf->state = SKY2_RXB_POSTED;
		/* The chip's from here: before the LE that names it. */
		dma_sync_single_for_device(buf->dma, SKY2_RX_BUF_SIZE, DMA_FROM_DEVICE);
		p->rx_slot[p->rx_put] = buf;
		post_le(p, (u32)buf->dma, SKY2_RX_BUF_SIZE, LE_OP_PACKET);
	}
	p->rx_put_pending |= posted != p->rx_posted;
	p->rx_posted = posted;
}

void sky2_rx_put_flush(struct sky2_port *p)
{
	if (!p->rx_put_pending || p->stopping)
		return;
	/* No barrier: the PUT is a writel, which no earlier store to the LEs passes. */
	sky2_prefetch_put(p->hw, p->rxq, p->rx_put);
	p->rx_put_pending = false;
}

/* The oldest posted buffer: RXSTATs come in posting order; ADDR64 slots are skipped. */
static struct sky2_rx_buf *take_oldest(struct sky2_port *p)
{
	while (p->rx_cons != p->rx_put) {
		struct sky2_rx_buf *buf = p->rx_slot[p->rx_cons];

		p->rx_slot[p->rx_cons] = NULL;
		p->rx_cons = sky2_ring_next(p->rx_cons, SKY2_RX_RING);
		if (buf) {
			p->rx_posted--;
			return buf;
		}
	}
	return NULL;
}

/* Both engines started at the network header; their sums must agree to be believed. */
static u8 old_format_verdict(struct sky2_port *p, const struct sky2_rx_buf *buf, u16 len, u32 sums)
{
	u16 a = (u16)sums, b = (u16)(sums >> 16);

	if (a != b) {
		p->ctr.rx_csum_mismatch++;
		if (worth_logging(p->ctr.rx_csum_mismatch))
			pr_warn("%s: receive checksum engines disagree (0x%04x, 0x%04x): not "
				"trusted (%llu so far)\n",
				sky2_port_name(p), a, b,
				(unsigned long long)p->ctr.rx_csum_mismatch);
		return CSUM_COMPLETE_UNKNOWN;
	}
	/* The chip stores the sum of little-endian words, the memory order the judge sums in. */
	return (u8)csum_complete_judge(buf->data, len, a);
}

/* New format: the chip's own verdict in the css bits, believed only for TCP/UDP over IPv4. */
static u8 new_format_verdict(u8 css)
{
	if ((css & (LE_CSS_IPV4 | LE_CSS_FRAG)) != LE_CSS_IPV4 ||
	    !(css & (LE_CSS_TCP | LE_CSS_UDP)))
		return CSUM_COMPLETE_UNKNOWN;
	if ((css & (LE_CSS_IPV4_OK | LE_CSS_L4_OK)) == (LE_CSS_IPV4_OK | LE_CSS_L4_OK))
		return CSUM_COMPLETE_OK;
	return CSUM_COMPLETE_BAD;
}

/*
 * A bad verdict is counted and the frame still goes up unproven: the stack
 * checks it again and drops it with its own count.
 */
static void rx_csum(struct sky2_port *p, struct sky2_rx_buf *buf, const struct sky2_rx_done *d)
{
	u8 v;

	if (p->hw->quirks & SKY2_Q_NEW_LE)
		v = new_format_verdict(d->css);
	else if (d->sums & SKY2_SUMS_VALID)
		v = old_format_verdict(p, buf, d->len, (u32)d->sums);
	else
		v = CSUM_COMPLETE_UNKNOWN;
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

/* Inlined into the common path's loop: a call per frame costs more than the copy of the code. */
static inline __attribute__((always_inline)) void
rx_deliver(struct sky2_port *p, struct sky2_rx_buf *buf, const struct sky2_rx_done *d)
{
	u16 len = d->len;

	netbuf_init(&buf->nb, buf->data, len, buf->dma, sky2_rx_release, buf);
	if (sky2_rx_csum_wanted(p))
		rx_csum(p, buf, d);
	buf->state = SKY2_RXB_LENT;
	p->rx_lent++;
	netdev_adapter_lend(&p->hw->own);
	p->ctr.rx_frames++;
	napi_receive_dev(&p->hw->napi, &p->netdev, &buf->nb);
}

static void drop(struct sky2_port *p, struct sky2_rx_buf *buf, u64 *counter, const char *why,
		 u32 status, u16 len)
{
	(*counter)++;
	p->netdev.stats.rx_errors++;
	if (worth_logging(*counter))
		pr_warn("%s: rx error, status 0x%08x length %u: %s (%llu so far)\n",
			sky2_port_name(p), status, len, why, (unsigned long long)*counter);
	push_free(p, buf);
}

/* Everything but a good frame that fits: FE+ status, errors, truncation, bad lengths. */
static __attribute__((noinline)) void rx_status_slow(struct sky2_port *p, struct sky2_rx_buf *buf,
						     const struct sky2_rx_done *d)
{
	u32 status = d->status;
	u16 len = d->len;
	u16 gm_len = (u16)(status >> RXS_LEN_SHIFT);
	struct net_device_stats *s = &p->netdev.stats;

	if ((p->hw->quirks & SKY2_Q_FE_PLUS_BOGUS_STATUS) && len != gm_len) {
		/* FE+ A0 status is unreliable: trust the DMA length, check the range below. */
		p->ctr.rx_fe_plus_accepted++;
	} else if (status & RXS_ANY_ERR) {
		if (status & RXS_CRC_ERR)
			s->rx_crc_errors++;
		if (status & (RXS_TOO_LONG | RXS_UNDERSIZE | RXS_JABBER | RXS_FRAGMENT))
			s->rx_length_errors++;
		drop(p, buf, &p->ctr.rx_error_frames, "MAC error bits", status, len);
		return;
	} else if (!(status & RXS_RX_OK)) {
		drop(p, buf, &p->ctr.rx_not_ok, "not received OK", status, len);
		return;
	} else if (len != gm_len) {
		s->rx_length_errors++;
		drop(p, buf, &p->ctr.rx_truncated, "DMA length differs from the MAC's (truncated)",
		     status, len);
		return;
	}
	if (len < ETH_HLEN || len > SKY2_RX_BUF_SIZE) {
		s->rx_length_errors++;
		drop(p, buf, &p->ctr.rx_bad_length, "length outside the buffer", status, len);
		return;
	}
	rx_deliver(p, buf, d);
}

void sky2_rx_complete(struct sky2_port *p, const struct sky2_rx_done *done, unsigned int n)
{
	for (const struct sky2_rx_done *d = done; d < done + n; d++) {
		struct sky2_rx_buf *buf = take_oldest(p);
		u32 status = d->status;
		u16 len = d->len;

		if (unlikely(!buf)) {
			p->ctr.rx_no_buffer++;
			p->netdev.stats.rx_errors++;
			if (worth_logging(p->ctr.rx_no_buffer))
				pr_err("%s: receive status (0x%08x, length %u) with no buffer "
				       "posted\n",
				       sky2_port_name(p), status, len);
			continue;
		}
		/* The chip is done with it: ours again before any byte is read, kept or not. */
		dma_sync_single_for_cpu(buf->dma, SKY2_RX_BUF_SIZE, DMA_FROM_DEVICE);
		/*
		 * The common case in one comparison: the status word's length
		 * field equals the DMA length, RX_OK is set and no error bit
		 * (the other bits say broadcast, multicast, VLAN); and it fits.
		 */
		if (likely((status & (RXS_LEN_MASK | RXS_ANY_ERR | RXS_RX_OK)) ==
			       ((u32)len << RXS_LEN_SHIFT | RXS_RX_OK) &&
			   (unsigned int)len - ETH_HLEN <= SKY2_RX_BUF_SIZE - ETH_HLEN))
			rx_deliver(p, buf, d);
		else
			rx_status_slow(p, buf, d);
	}
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Receive. The driver posts buffers in the standard producer ring; the chip
 * fills them in order and reports each frame in the return ring, naming the
 * standard slot it used. Frames go up zero-copy: the buffer is lent to the
 * stack inside its netbuf and comes back through tg3_rx_release(), from where
 * the next refill takes it.
 *
 * The pool (TG3_RX_POOL buffers in 64 KiB DMA chunks) is larger than what is
 * posted, so the ring stays full while the stack holds some. If the stack
 * holds so many that the ring runs low, the buffer that comes back asks for a
 * poll, which refills: the chip never waits on an empty ring for an interrupt
 * that cannot come.
 *
 * The chip only reads the standard ring: each slot's BD keeps its length,
 * flags and slot number from tg3_std_ring_format(), and posting a buffer
 * writes its address alone.
 *
 * The pool is streaming DMA memory (kernel/mm/dma.h): a buffer is the chip's
 * from the refill that posts it (synced for the device) until its return
 * ring entry is consumed or the chip is stopped (synced for the CPU).
 */
#define pr_fmt(fmt) "tg3: " fmt

#include <errno.h>
#include <string.h>

#include "drivers/tg3/tg3.h"
#include "kernel/x86/barrier.h"
#include "kernel/console/printk.h"

_Static_assert(!(T3_RET_RING_SIZE & (T3_RET_RING_SIZE - 1)) &&
		   !(T3_RET_RING_SIZE_5755 & (T3_RET_RING_SIZE_5755 - 1)),
	       "tg3_rx() steps the return ring index with a mask");

static void free_chunks(struct tg3 *tp)
{
	for (unsigned int c = 0; c < TG3_RX_CHUNKS; c++) {
		if (tp->rx_chunk[c])
			dma_free(tp->rx_chunk[c], TG3_RX_CHUNK_BUFS * TG3_RX_BUF_STRIDE);
		tp->rx_chunk[c] = NULL;
	}
	tp->rx_free = NULL;
	tp->rx_pool_orphaned = false;
}

static void push_free(struct tg3 *tp, struct tg3_rx_buf *buf)
{
	buf->state = TG3_RXB_FREE;
	buf->next_free = tp->rx_free;
	tp->rx_free = buf;
}

/*
 * The rare returns, out of line so the common one saves no registers: a
 * buffer back twice, or back to a pool its interface closed meanwhile.
 */
static __attribute__((noinline)) void rx_release_rare(struct tg3 *tp, struct tg3_rx_buf *buf)
{
	if (buf->state != TG3_RXB_LENT) {
		pr_err("%s: receive buffer %u returned twice\n", tg3_name(tp),
		       (unsigned int)(buf - tp->rx_buf));
		return;
	}
	push_free(tp, buf);
	tp->rx_lent--;
	if (!tp->rx_lent)
		free_chunks(tp);
	netdev_adapter_return(&tp->own); /* last: the adapter may be gone after it */
}

static void tg3_rx_release(struct netbuf *nb)
{
	struct tg3_rx_buf *buf = nb->owner;
	struct tg3 *tp = buf->tp;

	if (unlikely(buf->state != TG3_RXB_LENT || tp->rx_pool_orphaned)) {
		rx_release_rare(tp, buf);
		return;
	}
	push_free(tp, buf);
	tp->rx_lent--;
	/* Running low outside the poll (the stack held buffers a while): refill soon. */
	if (unlikely(tp->rx_posted < TG3_RX_REFILL_LOW) && tp->state == TG3_ST_RUNNING &&
	    !tp->in_poll)
		napi_schedule(&tp->napi);
	netdev_adapter_return(&tp->own); /* last: it may free a removed adapter */
}

int tg3_rx_pool_alloc(struct tg3 *tp)
{
	if (tp->rx_chunk[0]) {
		/* Reopened while the stack still held buffers: keep using that pool. */
		tp->rx_pool_orphaned = false;
		return 0;
	}
	tp->rx_free = NULL;
	for (unsigned int c = 0; c < TG3_RX_CHUNKS; c++) {
		tp->rx_chunk[c] = dma_alloc(TG3_RX_CHUNK_BUFS * TG3_RX_BUF_STRIDE, 0, DMA_STREAMING,
					    &tp->rx_chunk_dma[c]);
		if (!tp->rx_chunk[c]) {
			pr_err("%s: no DMA memory for receive buffers\n", tg3_name(tp));
			free_chunks(tp);
			return -ENOMEM;
		}
	}
	for (unsigned int i = TG3_RX_POOL; i-- > 0;) {
		struct tg3_rx_buf *buf = &tp->rx_buf[i];
		unsigned int c = i / TG3_RX_CHUNK_BUFS,
			     off = (i % TG3_RX_CHUNK_BUFS) * TG3_RX_BUF_STRIDE;

		memset(buf, 0, sizeof(*buf));
		buf->tp = tp;
		buf->data = tp->rx_chunk[c] + off;
		buf->dma = tp->rx_chunk_dma[c] + off;
		push_free(tp, buf);
	}
	tp->rx_posted = 0;
	tp->rx_lent = 0;
	return 0;
}

void tg3_rx_pool_release(struct tg3 *tp)
{
	if (!tp->rx_chunk[0])
		return;
	if (tp->rx_lent) {
		pr_info("%s: %u receive buffers still held by the stack; their memory is freed "
			"when the last comes back\n",
			tg3_name(tp), tp->rx_lent);
		tp->rx_pool_orphaned = true;
		return;
	}
	free_chunks(tp);
}

/*
 * Every standard BD as the chip reads it, but for the buffer address a post
 * fills in: one buffer, END, the slot number twice (the return ring copies
 * index and opaque back, and tg3_rx() checks both).
 */
void tg3_std_ring_format(struct tg3 *tp)
{
	memset(tp->std_ring, 0, TG3_STD_RING * sizeof(*tp->std_ring));
	for (unsigned int s = 0; s < TG3_STD_RING; s++) {
		struct t3_rx_bd *bd = &tp->std_ring[s];

		bd->len = T3_RX_BUF_SIZE;
		bd->index = (u16)s;
		bd->flags = T3_RXBD_END;
		bd->opaque = s;
	}
}

/* Take back every posted buffer (the chip is stopped). */
void tg3_rx_unpost_all(struct tg3 *tp)
{
	for (unsigned int s = 0; s < TG3_STD_RING; s++) {
		struct tg3_rx_buf *buf = tp->std_slot[s];

		if (!buf)
			continue;
		tp->std_slot[s] = NULL;
		dma_sync_single_for_cpu(buf->dma, T3_RX_BUF_SIZE, DMA_FROM_DEVICE);
		push_free(tp, buf);
	}
	tp->rx_posted = 0;
	tp->std_prod = 0;
	tp->ret_cons = 0;
	if (tp->std_ring)
		tg3_std_ring_format(tp);
	if (tp->ret_ring)
		memset(tp->ret_ring, 0, TG3_RET_RING * sizeof(*tp->ret_ring));
}

void tg3_rx_refill(struct tg3 *tp)
{
	u16 start = tp->std_prod;

	while (tp->rx_posted < TG3_RX_POSTED) {
		u16 slot = tp->std_prod;
		struct tg3_rx_buf *buf = tp->rx_free;
		struct t3_rx_bd *bd = &tp->std_ring[slot];

		if (!buf) {
			tp->ctr.rx_refill_starved++;
			break;
		}
		if (tp->std_slot[slot])
			break; /* the chip has not handed this slot back yet */
		tp->rx_free = buf->next_free;
		buf->next_free = NULL;
		buf->state = TG3_RXB_POSTED;
		buf->slot = slot;
		/* The buffer is the chip's before the descriptor naming it can be seen. */
		dma_sync_single_for_device(buf->dma, T3_RX_BUF_SIZE, DMA_FROM_DEVICE);
		bd->addr_hi = (u32)(buf->dma >> 32);
		bd->addr_lo = (u32)buf->dma;
		tp->std_slot[slot] = buf;
		tp->rx_posted++;
		tp->std_prod = (u16)((slot + 1) % TG3_STD_RING);
	}
	if (tp->std_prod == start)
		return;
	/* No fence: writel's UC store cannot pass the BD stores (kernel/x86/barrier.h). */
	tg3_write(tp, T3_MBOX_STD_PROD, tp->std_prod);
}

static void count_error(struct tg3 *tp, const struct t3_rx_bd *bd)
{
	struct net_device_stats *s = &tp->netdev.stats;

	tp->ctr.rx_error_frames++;
	s->rx_errors++;
	if (bd->error & T3_RXERR_BAD_CRC)
		s->rx_crc_errors++;
	if (bd->error & (T3_RXERR_RUNT | T3_RXERR_GIANT))
		s->rx_length_errors++;
}

static void set_csum(struct tg3 *tp, const struct t3_rx_bd *bd, struct netbuf *nb)
{
	bool ip_ok;

	if (!(tp->netdev.features & NETIF_F_RXCSUM) || !(bd->flags & T3_RXBD_TCP_UDP_CSUM))
		return;
	ip_ok = (bd->flags & T3_RXBD_IP_CSUM) && !(bd->error & T3_RXERR_IP_CSUM_BAD);
	if (ip_ok && bd->tcp_udp_csum == 0xFFFF) {
		nb->csum = NETBUF_CSUM_UNNECESSARY;
		tp->ctr.rx_csum_ok++;
		return;
	}
	/* Let the stack check it again and drop it; counted here as the chip's verdict. */
	tp->ctr.rx_csum_bad++;
	tp->netdev.stats.rx_csum_errors++;
}

int tg3_rx(struct tg3 *tp, int budget)
{
	u16 prod = READ_ONCE(tp->status->idx[0].rx_prod);
	u16 start = tp->ret_cons;
	u16 ret_mask = (u16)(tp->info->ret_ring - 1); /* a power of two (below) */
	int done = 0;

	if (prod >= tp->info->ret_ring) {
		pr_err("%s: return ring producer %u is outside the ring\n", tg3_name(tp), prod);
		tg3_schedule_reset(tp, "bad return ring index");
		return 0;
	}
	dma_rmb(); /* the producer index before the return BDs it covers */
	while (done < budget && tp->ret_cons != prod) {
		const struct t3_rx_bd *bd = &tp->ret_ring[tp->ret_cons];
		u16 slot = bd->index;
		struct tg3_rx_buf *buf = slot < TG3_STD_RING ? tp->std_slot[slot] : NULL;
		u32 len = bd->len;

		if (!buf || bd->opaque != slot) {
			pr_err("%s: return ring entry %u names standard slot %u, which holds no "
			       "buffer\n",
			       tg3_name(tp), tp->ret_cons, slot);
			tg3_schedule_reset(tp, "corrupt return ring entry");
			break;
		}
		tp->ret_cons = (u16)((tp->ret_cons + 1) & ret_mask);
		tp->std_slot[slot] = NULL;
		/* Ours again, whatever becomes of the frame; only now is its data valid. */
		dma_sync_single_for_cpu(buf->dma, T3_RX_BUF_SIZE, DMA_FROM_DEVICE);
		tp->rx_posted--;
		done++;
		if (bd->flags & T3_RXBD_ERROR) {
			count_error(tp, bd);
			push_free(tp, buf);
			continue;
		}
		if (len < ETH_HLEN + T3_FCS_LEN || len > T3_RX_BUF_SIZE) {
			tp->ctr.rx_bad_length++;
			tp->netdev.stats.rx_errors++;
			tp->netdev.stats.rx_length_errors++;
			push_free(tp, buf);
			continue;
		}
		netbuf_init(&buf->nb, buf->data, len - T3_FCS_LEN, buf->dma, tg3_rx_release, buf);
		set_csum(tp, bd, &buf->nb);
		buf->state = TG3_RXB_LENT;
		tp->rx_lent++;
		netdev_adapter_lend(&tp->own);
		napi_receive(&tp->napi, &buf->nb);
	}
	if (tp->ret_cons != start)
		tg3_write(tp, T3_MBOX_RET0_CONS, tp->ret_cons);
	return done;
}

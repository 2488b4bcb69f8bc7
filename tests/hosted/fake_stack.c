// SPDX-License-Identifier: BSD-2-Clause
/* See fake_stack.h. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/mm/dma.h"
#include "net/core/netdev_stack.h"
#include "tests/hosted/fake_stack.h"
#include "tests/hosted/frames.h"

#define TX_BUF_SIZE   2048
#define TX_CHUNK_BUFS 32 /* buffers per DMA allocation */
#define HELD_MAX      1024

struct tx_buf {
	struct netbuf nb;
	u8 *data;
	dma_addr_t dma;
	bool busy;
};

static struct tx_buf *tx_bufs;
static unsigned int nr_tx_bufs;
static u8 **tx_chunks;
static unsigned int nr_tx_chunks;
static unsigned int tx_busy;
static unsigned int tx_next;

static struct netbuf *held[HELD_MAX];
static unsigned int nr_held;

static void tx_release(struct netbuf *nb)
{
	for (struct netbuf *seg = nb; seg; seg = seg->next) {
		struct tx_buf *b = seg->owner;

		ck_assert_msg(b->busy, "transmit buffer released twice");
		b->busy = false;
		tx_busy--;
	}
}

void fake_tx_pool_init(unsigned int bufs)
{
	nr_tx_chunks = (bufs + TX_CHUNK_BUFS - 1) / TX_CHUNK_BUFS;
	nr_tx_bufs = nr_tx_chunks * TX_CHUNK_BUFS;
	tx_bufs = calloc(nr_tx_bufs, sizeof(*tx_bufs));
	tx_chunks = calloc(nr_tx_chunks, sizeof(*tx_chunks));
	ck_assert_ptr_nonnull(tx_bufs);
	ck_assert_ptr_nonnull(tx_chunks);
	for (unsigned int c = 0; c < nr_tx_chunks; c++) {
		dma_addr_t dma;

		tx_chunks[c] = dma_alloc(TX_CHUNK_BUFS * TX_BUF_SIZE, 0, 0, &dma);
		ck_assert_ptr_nonnull(tx_chunks[c]);
		for (unsigned int i = 0; i < TX_CHUNK_BUFS; i++) {
			struct tx_buf *b = &tx_bufs[c * TX_CHUNK_BUFS + i];

			b->data = tx_chunks[c] + i * TX_BUF_SIZE;
			b->dma = dma + i * TX_BUF_SIZE;
		}
	}
	tx_busy = 0;
	tx_next = 0;
}

void fake_tx_pool_free(void)
{
	for (unsigned int c = 0; c < nr_tx_chunks; c++)
		dma_free(tx_chunks[c], TX_CHUNK_BUFS * TX_BUF_SIZE);
	free(tx_chunks);
	free(tx_bufs);
	tx_chunks = NULL;
	tx_bufs = NULL;
	nr_tx_chunks = nr_tx_bufs = 0;
}

static struct tx_buf *tx_get(void)
{
	for (unsigned int n = 0; n < nr_tx_bufs; n++) {
		struct tx_buf *b = &tx_bufs[(tx_next + n) % nr_tx_bufs];

		if (!b->busy) {
			tx_next = (tx_next + n + 1) % nr_tx_bufs;
			b->busy = true;
			tx_busy++;
			return b;
		}
	}
	return NULL;
}

unsigned int fake_tx_outstanding(void)
{
	return tx_busy;
}

netdev_tx_t fake_tx_send(struct net_device *dev, const u8 *frame, u32 len, unsigned int nsegs,
			 u8 csum, u8 flags)
{
	struct netbuf *first = NULL, *prev = NULL;
	u32 off = 0;
	netdev_tx_t ret;

	if (nsegs > len)
		nsegs = len;
	if (!nsegs)
		nsegs = 1;
	for (unsigned int s = 0; s < nsegs; s++) {
		u32 chunk = s + 1 == nsegs ? len - off : len / nsegs;
		struct tx_buf *b = tx_get();

		ck_assert_msg(b, "transmit buffer pool exhausted");
		ck_assert_uint_le(chunk, TX_BUF_SIZE);
		memcpy(b->data, frame + off, chunk);
		netbuf_init(&b->nb, b->data, chunk, b->dma, tx_release, b);
		if (prev)
			prev->next = &b->nb;
		else
			first = &b->nb;
		prev = &b->nb;
		off += chunk;
	}
	ck_assert_ptr_nonnull(first);
	first->tot_len = len;
	first->csum = csum;
	first->flags = flags;
	if (csum == NETBUF_CSUM_PARTIAL)
		ck_assert(
		    fr_csum_partial_place(frame, len, &first->csum_start, &first->csum_offset));
	ret = netdev_start_xmit(dev, first);
	if (ret == NETDEV_TX_BUSY)
		tx_release(first);
	return ret;
}

void fake_rx_hold_reset(void)
{
	nr_held = 0;
}

bool fake_rx_hold(struct netbuf *nb)
{
	if (nr_held == HELD_MAX)
		return false;
	held[nr_held++] = nb;
	return true;
}

unsigned int fake_rx_held(void)
{
	return nr_held;
}

void fake_rx_release_held(void)
{
	while (nr_held)
		netbuf_free(held[--nr_held]);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Receive: a ring of legacy descriptors fed from a pool of 2 KiB DMA buffers.
 * A good frame's buffer goes to the stack as is (zero-copy); the netbuf's
 * release callback puts it back in the pool and tops the ring up. Because the
 * pool is twice the ring, the stack can hold a ring's worth of frames before
 * the ring runs dry; when it does, the chip drops frames and counts them in
 * MPC, which the driver reports as missed before the stack sees anything.
 */
#include <errno.h>
#include "drivers/e1000/e1000.h"
#include "drivers/e1000/e1000_ring.h"
#include "kernel/x86/barrier.h"
#include "kernel/x86/irqflags.h"

/* Buffers returned by the stack are put back on the ring this many at a time. */
#define E1000_RX_REFILL_BATCH 16
/* Bad-descriptor messages per open; the counters keep counting after that. */
#define E1000_RX_BAD_LOG_MAX 10

static void rx_buf_push_free(struct e1000_adapter *a, struct e1000_rx_buf *buf)
{
	buf->place = E1000_BUF_FREE;
	buf->next_free = a->rx_free;
	a->rx_free = buf;
	a->rx_free_count++;
}

/* A buffer that never reached the stack goes straight back to the pool. */
static void rx_buf_recycle(struct e1000_adapter *a, struct e1000_rx_buf *buf)
{
	unsigned long flags = local_irq_save();

	rx_buf_push_free(a, buf);
	local_irq_restore(flags);
}

static struct e1000_rx_buf *rx_buf_pop_free(struct e1000_adapter *a)
{
	struct e1000_rx_buf *buf = a->rx_free;

	/* Test machinery plays a pool the stack has emptied (net/core/nic_fault.h). */
	if (nic_fault_active(a->fault.rx_starve_until_ns))
		return NULL;
	if (buf) {
		a->rx_free = buf->next_free;
		a->rx_free_count--;
		buf->next_free = NULL;
	}
	return buf;
}

int e1000_rx_alloc(struct e1000_adapter *a)
{
	unsigned int flags = e1000_has(a, E1000_CHIP_DMA32) ? DMA_32BIT : 0;
	size_t ring_bytes = E1000_RX_RING_SIZE * sizeof(struct e1000_rx_desc);

	a->rx_count = E1000_RX_RING_SIZE;
	if (!e1000_ring_size_ok(a->rx_count))
		return -EINVAL;
	a->rx_ring = dma_alloc(ring_bytes, 0, flags, &a->rx_ring_bus);
	a->rx_pool = dma_alloc((size_t)E1000_RX_POOL_SIZE * E1000_RX_BUF_SIZE, 0,
			       flags | DMA_STREAMING, &a->rx_pool_bus);
	if (!a->rx_ring || !a->rx_pool) {
		pr_err("%s: no DMA memory for the receive ring and %u buffers\n", e1000_name(a),
		       E1000_RX_POOL_SIZE);
		if (a->rx_ring)
			dma_free(a->rx_ring, ring_bytes);
		if (a->rx_pool)
			dma_free(a->rx_pool, (size_t)E1000_RX_POOL_SIZE * E1000_RX_BUF_SIZE);
		a->rx_ring = NULL;
		a->rx_pool = NULL;
		return -ENOMEM;
	}
	a->rx_free = NULL;
	a->rx_free_count = 0;
	a->rx_lent = 0;
	for (int i = E1000_RX_POOL_SIZE - 1; i >= 0; i--) {
		struct e1000_rx_buf *buf = &a->rx_bufs[i];

		buf->adapter = a;
		buf->va = a->rx_pool + (size_t)i * E1000_RX_BUF_SIZE;
		buf->bus = a->rx_pool_bus + (dma_addr_t)i * E1000_RX_BUF_SIZE;
		rx_buf_push_free(a, buf);
	}
	return 0;
}

unsigned int e1000_rx_refill(struct e1000_adapter *a)
{
	unsigned long flags = local_irq_save();
	unsigned int filled = 0;

	while (e1000_ring_unused(a->rx_ntu, a->rx_ntc, a->rx_count)) {
		struct e1000_rx_buf *buf = rx_buf_pop_free(a);
		struct e1000_rx_desc *d = &a->rx_ring[a->rx_ntu];

		if (!buf) {
			a->sw.rx_refill_starved++;
			break;
		}
		buf->place = E1000_BUF_RING;
		/* The buffer is the NIC's before the descriptor naming it can be seen. */
		dma_sync_single_for_device(buf->bus, E1000_RX_BUF_SIZE, DMA_FROM_DEVICE);
		a->rx_slot[a->rx_ntu] = buf;
		d->addr = buf->bus;
		d->length = 0;
		d->status = 0;
		d->errors = 0;
		a->rx_ntu = e1000_ring_next(a->rx_ntu, a->rx_count);
		filled++;
	}
	if (filled && a->up) {
		/* No fence: writel's UC store cannot pass the descriptor stores (kernel/x86/barrier.h). */
		e1000_wr(a, E1000_RDT, a->rx_ntu);
	}
	local_irq_restore(flags);
	return filled;
}

/* The stack is done with a frame: its buffer returns to the pool. */
static void e1000_rx_release(struct netbuf *nb)
{
	struct e1000_rx_buf *buf = nb->owner;
	struct e1000_adapter *a = buf->adapter;
	unsigned long flags = local_irq_save();
	u16 in_flight, unused;

	if (buf->place != E1000_BUF_STACK) {
		local_irq_restore(flags);
		pr_err("%s: receive buffer %u released twice: ignored\n", e1000_name(a),
		       (unsigned int)(buf - a->rx_bufs));
		return;
	}
	a->rx_lent--;
	rx_buf_push_free(a, buf);
	in_flight = e1000_ring_in_flight(a->rx_ntu, a->rx_ntc, a->rx_count);
	unused = e1000_ring_unused(a->rx_ntu, a->rx_ntc, a->rx_count);
	local_irq_restore(flags);
	/* Batch tail writes, except when the ring is nearly dry and every buffer counts. */
	if (a->up && (in_flight < E1000_RX_REFILL_BATCH || unused >= E1000_RX_REFILL_BATCH))
		e1000_rx_refill(a);
	netdev_adapter_return(&a->own); /* last: it may free a removed adapter */
}

static void rx_log_bad(struct e1000_adapter *a, u16 idx, const struct e1000_rx_desc *d,
		       enum e1000_rx_verdict v)
{
	if (a->rx_bad_logged >= E1000_RX_BAD_LOG_MAX)
		return;
	a->rx_bad_logged++;
	pr_warn("%s: rx descriptor %u dropped: %s (length %u, status %#x, errors %#x)%s\n",
		e1000_name(a), idx, e1000_rx_verdict_name(v), d->length, d->status, d->errors,
		a->rx_bad_logged == E1000_RX_BAD_LOG_MAX ? "; further ones only counted" : "");
}

static void rx_count_drop(struct e1000_adapter *a, u16 idx, const struct e1000_rx_desc *d,
			  enum e1000_rx_verdict v)
{
	struct net_device_stats *st = &a->netdev.stats;

	switch (v) {
	case E1000_RX_DROP_ERROR:
		a->sw.rx_desc_frame_errors++;
		st->rx_errors++;
		if (d->errors & E1000_RXD_ERR_CE)
			st->rx_crc_errors++;
		break;
	case E1000_RX_DROP_LENGTH:
		a->sw.rx_desc_bad_length++;
		st->rx_errors++;
		st->rx_length_errors++;
		break;
	case E1000_RX_DROP_SPANNING:
		a->sw.rx_spanning_frames++;
		st->rx_errors++;
		st->rx_length_errors++;
		break;
	default: return; /* the tail of a spanning frame was counted with its head */
	}
	rx_log_bad(a, idx, d, v);
}

int e1000_rx_clean(struct e1000_adapter *a, int budget)
{
	int work = 0;

	while (work < budget) {
		u16 idx = a->rx_ntc;
		struct e1000_rx_desc *d = &a->rx_ring[idx];
		struct e1000_rx_buf *buf;
		struct e1000_rx_info info;
		u8 status = READ_ONCE(d->status);

		if (!(status & E1000_RXD_STAT_DD))
			break;
		dma_rmb(); /* DD before the rest of the descriptor it vouches for */
		buf = a->rx_slot[idx];
		if (!buf) {
			/* Done bit on a slot we never gave: the ring is out of step. */
			pr_err("%s: rx descriptor %u completed without a buffer; receive stopped\n",
			       e1000_name(a), idx);
			a->sw.rx_ring_desync++;
			e1000_wr(a, E1000_RCTL, e1000_rd(a, E1000_RCTL) & ~E1000_RCTL_EN);
			break;
		}
		/* Test machinery plays a frame the chip flagged with a CRC error. */
		if (nic_fault_take(&a->fault.rx_errors))
			d->errors |= E1000_RXD_ERR_CE;
		info = e1000_rx_classify(status, d->errors, d->length, E1000_RX_BUF_SIZE,
					 &a->rx_spanning);
		a->rx_slot[idx] = NULL;
		/* Ours again, whatever becomes of the frame; only now is its data valid. */
		dma_sync_single_for_cpu(buf->bus, E1000_RX_BUF_SIZE, DMA_FROM_DEVICE);
		a->rx_ntc = e1000_ring_next(idx, a->rx_count);
		work++;
		if (info.verdict != E1000_RX_PASS) {
			rx_count_drop(a, idx, d, info.verdict);
			d->status = 0;
			rx_buf_recycle(a, buf);
			continue;
		}
		if (info.csum_error) {
			a->sw.rx_csum_errors++;
			a->netdev.stats.rx_csum_errors++;
		} else if (info.csum == NETBUF_CSUM_UNNECESSARY) {
			a->sw.rx_csum_offloaded++;
		}
		netbuf_init(&buf->nb, buf->va, d->length, buf->bus, e1000_rx_release, buf);
		buf->nb.csum = info.csum;
		d->status = 0;
		buf->place = E1000_BUF_STACK;
		a->rx_lent++;
		netdev_adapter_lend(&a->own);
		napi_receive(&a->napi, &buf->nb);
	}
	return work;
}

void e1000_rx_configure(struct e1000_adapter *a)
{
	struct net_device *dev = &a->netdev;
	u32 rctl;

	e1000_wr(a, E1000_RCTL, 0);
	a->rx_ntu = 0;
	a->rx_ntc = 0;
	a->rx_spanning = false;
	a->rx_bad_logged = 0;
	for (unsigned int i = 0; i < a->rx_count; i++)
		a->rx_ring[i] = (struct e1000_rx_desc){ 0 };

	e1000_wr(a, E1000_RDBAL, (u32)a->rx_ring_bus);
	e1000_wr(a, E1000_RDBAH, (u32)(a->rx_ring_bus >> 32));
	e1000_wr(a, E1000_RDLEN, a->rx_count * (u32)sizeof(struct e1000_rx_desc));
	e1000_wr(a, E1000_RDH, 0);
	e1000_wr(a, E1000_RDT, 0);
	/* Interrupt delays off: NAPI's masking does the mitigation. */
	e1000_wr(a, E1000_RDTR, 0);
	e1000_wr(a, E1000_RADV, 0);
	e1000_wr(a, E1000_RXCSUM, E1000_RXCSUM_IPOFLD | E1000_RXCSUM_TUOFLD);
	if (e1000_has(a, E1000_CHIP_MSIX))
		e1000_wr(a, E1000_RFCTL, e1000_rd(a, E1000_RFCTL) & ~E1000_RFCTL_EXSTEN);

	e1000_rx_refill(a);

	rctl = E1000_RCTL_EN | E1000_RCTL_BAM | E1000_RCTL_BSIZE_2048 | E1000_RCTL_SECRC |
	       E1000_RCTL_RDMTS_HALF | (0u << E1000_RCTL_MO_SHIFT);
	rctl = e1000_rctl_filter(rctl, dev->flags & IFF_PROMISC,
				 (dev->flags & IFF_ALLMULTI) || dev->mc_overflow);
	e1000_wr(a, E1000_RDT, a->rx_ntu);
	e1000_wr(a, E1000_RCTL, rctl);
	e1000_flush(a);
}

void e1000_rx_disable(struct e1000_adapter *a)
{
	unsigned long flags;

	e1000_wr(a, E1000_RCTL, e1000_rd(a, E1000_RCTL) & ~E1000_RCTL_EN);
	e1000_flush(a);
	mdelay(1);
	flags = local_irq_save();
	for (unsigned int i = 0; i < a->rx_count; i++) {
		struct e1000_rx_buf *buf = a->rx_slot[i];

		if (buf) {
			a->rx_slot[i] = NULL;
			dma_sync_single_for_cpu(buf->bus, E1000_RX_BUF_SIZE, DMA_FROM_DEVICE);
			rx_buf_push_free(a, buf);
		}
	}
	a->rx_ntu = 0;
	a->rx_ntc = 0;
	local_irq_restore(flags);
}

void e1000_set_rx_mode(struct net_device *dev)
{
	struct e1000_adapter *a = netdev_priv(dev);
	u32 mta[E1000_MTA_WORDS];
	bool all_multi = (dev->flags & IFF_ALLMULTI) || dev->mc_overflow;

	e1000_mta_build(mta, (const u8(*)[ETH_ALEN])dev->mc_list, dev->mc_count, 0);
	for (unsigned int i = 0; i < E1000_MTA_WORDS; i++)
		e1000_wr(a, E1000_MTA(i), mta[i]);
	e1000_wr(a, E1000_RCTL,
		 e1000_rctl_filter(e1000_rd(a, E1000_RCTL), dev->flags & IFF_PROMISC, all_multi));
	e1000_flush(a);
	pr_debug("%s: rx filter: %d multicast address%s%s%s\n", e1000_name(a), dev->mc_count,
		 dev->mc_count == 1 ? "" : "es", all_multi ? ", all multicast" : "",
		 (dev->flags & IFF_PROMISC) ? ", promiscuous" : "");
}

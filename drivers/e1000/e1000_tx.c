// SPDX-License-Identifier: BSD-2-Clause
/*
 * Transmit: one descriptor per netbuf segment, report-status on a frame's
 * last one, and the frame kept until the hardware marks that descriptor done
 * (the stack's buffers are sent in place, no copy). Frames that need checksum
 * offload use a context descriptor and extended data descriptors; the
 * context is only rewritten when it changes. Everything else uses legacy
 * descriptors.
 */
#include <errno.h>
#include <string.h>
#include "drivers/e1000/e1000.h"
#include "drivers/e1000/e1000_ring.h"
#include "kernel/x86/irqflags.h"

/* The 8254x manuals limit one data descriptor to 16288 bytes. */
#define E1000_TX_SEG_MAX 16288
/* Wake a stopped queue once this many descriptors are free again. */
#define E1000_TX_WAKE_THRESHOLD (2 * E1000_TX_DESCS_MAX)
#define E1000_TX_BAD_LOG_MAX	10

int e1000_tx_alloc(struct e1000_adapter *a)
{
	unsigned int flags = e1000_has(a, E1000_CHIP_DMA32) ? DMA_32BIT : 0;

	a->tx_count = E1000_TX_RING_SIZE;
	if (!e1000_ring_size_ok(a->tx_count))
		return -EINVAL;
	a->tx_legacy =
	    dma_alloc(a->tx_count * sizeof(struct e1000_tx_desc), 0, flags, &a->tx_ring_bus);
	if (!a->tx_legacy) {
		pr_err("%s: no DMA memory for the transmit ring\n", e1000_name(a));
		return -ENOMEM;
	}
	return 0;
}

void e1000_tx_configure(struct e1000_adapter *a)
{
	u32 tctl;

	e1000_wr(a, E1000_TCTL, E1000_TCTL_PSP);
	a->tx_ntu = 0;
	a->tx_ntc = 0;
	a->tx_ctx_valid = false;
	a->tx_progress_ns = ktime_get_ns();
	for (unsigned int i = 0; i < a->tx_count; i++) {
		a->tx_legacy[i] = (struct e1000_tx_desc){ 0 };
		a->tx_slot[i] = (struct e1000_tx_slot){ 0 };
	}
	e1000_wr(a, E1000_TDBAL, (u32)a->tx_ring_bus);
	e1000_wr(a, E1000_TDBAH, (u32)(a->tx_ring_bus >> 32));
	e1000_wr(a, E1000_TDLEN, a->tx_count * (u32)sizeof(struct e1000_tx_desc));
	e1000_wr(a, E1000_TDH, 0);
	e1000_wr(a, E1000_TDT, 0);
	/* No transmit interrupt delay: completions are reaped by NAPI polls anyway. */
	e1000_wr(a, E1000_TIDV, 0);
	e1000_wr(a, E1000_TADV, 0);
	if (e1000_has(a, E1000_CHIP_TIPG))
		e1000_wr(a, E1000_TIPG, E1000_TIPG_8254X_COPPER);
	tctl = E1000_TCTL_EN | E1000_TCTL_PSP | E1000_TCTL_RTLC |
	       (E1000_TCTL_CT_DEFAULT << E1000_TCTL_CT_SHIFT) |
	       (E1000_TCTL_COLD_FULL_DUPLEX << E1000_TCTL_COLD_SHIFT);
	e1000_wr(a, E1000_TCTL, tctl);
	e1000_flush(a);
	netif_wake_queue(&a->netdev);
}

/* Free a chain of frames linked through qnext, outside any irq-off section. */
static void free_frames(struct netbuf *list)
{
	while (list) {
		struct netbuf *next = list->qnext;

		list->qnext = NULL;
		netbuf_free(list);
		list = next;
	}
}

unsigned int e1000_tx_clean(struct e1000_adapter *a)
{
	struct netbuf *done = NULL, **tail = &done;
	unsigned long flags = local_irq_save();
	unsigned int reaped = 0;

	while (a->tx_ntc != a->tx_ntu) {
		struct e1000_tx_slot *slot = &a->tx_slot[a->tx_ntc];
		struct netbuf *frame = slot->frame;

		if (!frame) {
			/* Cannot happen: every frame is recorded at its first descriptor. */
			pr_err("%s: tx descriptor %u has no frame; skipping it\n", e1000_name(a),
			       a->tx_ntc);
			a->tx_ntc = e1000_ring_next(a->tx_ntc, a->tx_count);
			continue;
		}
		if (!(READ_ONCE(a->tx_legacy[slot->last].status) & E1000_TXD_STAT_DD))
			break;
		slot->frame = NULL;
		a->tx_ntc = e1000_ring_next(slot->last, a->tx_count);
		frame->qnext = NULL;
		*tail = frame;
		tail = &frame->qnext;
		reaped++;
	}
	if (reaped || a->tx_ntc == a->tx_ntu)
		a->tx_progress_ns = ktime_get_ns();
	if (netif_queue_stopped(&a->netdev) &&
	    e1000_ring_unused(a->tx_ntu, a->tx_ntc, a->tx_count) >= E1000_TX_WAKE_THRESHOLD)
		netif_wake_queue(&a->netdev);
	local_irq_restore(flags);
	free_frames(done);
	return reaped;
}

static void tx_drop_bad(struct e1000_adapter *a, struct netbuf *nb, const char *why)
{
	a->sw.tx_bad_frames++;
	a->netdev.stats.tx_errors++;
	if (a->tx_bad_logged < E1000_TX_BAD_LOG_MAX) {
		a->tx_bad_logged++;
		pr_warn("%s: transmit of a %u-byte frame dropped: %s\n", e1000_name(a), nb->tot_len,
			why);
	}
	netbuf_free(nb);
}

static const char *tx_frame_problem(const struct e1000_adapter *a, const struct netbuf *nb)
{
	unsigned int segs = 0;
	u32 bytes = 0;

	for (const struct netbuf *s = nb; s; s = s->next) {
		if (++segs > E1000_TX_MAX_SEGS)
			return "too many segments";
		if (s->len == 0 || s->len > E1000_TX_SEG_MAX)
			return "segment of impossible length";
		bytes += s->len;
	}
	if (bytes != nb->tot_len)
		return "segment lengths do not add up to the frame length";
	if (nb->gso_type != NETBUF_GSO_NONE) {
		if (!(a->netdev.features & NETIF_F_TSO))
			return "segmentation asked of a device with TSO off";
		if (nb->tot_len > NETDEV_GSO_MAX_SIZE)
			return "super-segment too long";
		if (nb->gso_size > a->netdev.mtu)
			return "segment size above the MTU";
		return NULL;
	}
	if (nb->tot_len < ETH_HLEN || nb->tot_len > ETH_HLEN + a->netdev.mtu + 4)
		return "impossible frame length";
	return NULL;
}

static void tx_put_ctx(struct e1000_adapter *a, const struct e1000_tx_csum_plan *plan)
{
	e1000_tx_ctx_fill(&a->tx_ctx[a->tx_ntu], plan);
	a->tx_slot[a->tx_ntu].frame = NULL;
	a->tx_ctx_loaded = *plan;
	a->tx_ctx_valid = true;
	a->sw.tx_context_descs++;
	a->tx_ntu = e1000_ring_next(a->tx_ntu, a->tx_count);
}

/*
 * A segmentation context every time: the datasheets tie the hardware's piece
 * count to the context load, and it replaces the checksum context, which the
 * next checksummed frame must load again.
 */
static void tx_put_tso_ctx(struct e1000_adapter *a, const struct e1000_tso_plan *plan)
{
	e1000_tso_ctx_fill(&a->tx_ctx[a->tx_ntu], plan);
	a->tx_slot[a->tx_ntu].frame = NULL;
	a->tx_ctx_valid = false;
	a->sw.tx_context_descs++;
	a->tx_ntu = e1000_ring_next(a->tx_ntu, a->tx_count);
}

static void tx_put_segs(struct e1000_adapter *a, struct netbuf *nb, bool extended, u8 popts,
			u32 dcmd)
{
	for (struct netbuf *s = nb; s; s = s->next) {
		bool last = !s->next;

		if (extended) {
			struct e1000_tx_data_desc *d = &a->tx_data[a->tx_ntu];

			d->addr = s->dma;
			d->cmd_len = s->len | E1000_TXD_DTYP_DATA | E1000_TXD_DCMD_DEXT |
				     E1000_TXD_DCMD_IFCS | dcmd |
				     (last ? E1000_TXD_DCMD_EOP | E1000_TXD_DCMD_RS : 0);
			d->status = 0;
			/*
			 * Every descriptor of the frame carries the options: the
			 * datasheets only look at the first, but QEMU's e1000e takes
			 * them from the last one it reads.
			 */
			d->popts = popts;
			d->special = 0;
		} else {
			struct e1000_tx_desc *d = &a->tx_legacy[a->tx_ntu];

			d->addr = s->dma;
			d->length = (u16)s->len;
			d->cso = 0;
			d->cmd =
			    E1000_TXD_CMD_IFCS | (last ? E1000_TXD_CMD_EOP | E1000_TXD_CMD_RS : 0);
			d->status = 0;
			d->css = 0;
			d->special = 0;
		}
		if (last)
			return;
		a->tx_ntu = e1000_ring_next(a->tx_ntu, a->tx_count);
	}
}

netdev_tx_t e1000_start_xmit(struct netbuf *nb, struct net_device *dev)
{
	struct e1000_adapter *a = netdev_priv(dev);
	struct e1000_tx_csum_plan plan;
	struct e1000_tso_plan tso;
	const char *problem = tx_frame_problem(a, nb);
	bool hw_csum, new_ctx, seg = nb->gso_type != NETBUF_GSO_NONE;
	unsigned long flags;
	u16 first, needed;

	if (problem) {
		tx_drop_bad(a, nb, problem);
		return NETDEV_TX_OK;
	}
	if (seg && e1000_tso_plan(nb, &tso, &problem)) {
		tx_drop_bad(a, nb, problem);
		return NETDEV_TX_OK;
	}
	if (seg)
		memset(&plan, 0, sizeof(plan));
	else if (e1000_tx_csum_plan(nb, &plan)) {
		tx_drop_bad(a, nb, "checksum offsets outside the frame or not IPv4");
		return NETDEV_TX_OK;
	}
	hw_csum = e1000_tx_csum_needs_ctx(&plan);

	flags = local_irq_save();
	new_ctx =
	    seg || (hw_csum && !(a->tx_ctx_valid && e1000_tx_ctx_same(&plan, &a->tx_ctx_loaded)));
	needed = (u16)(netbuf_nr_segs(nb) + (new_ctx ? 1 : 0));
	if (!a->up || e1000_ring_unused(a->tx_ntu, a->tx_ntc, a->tx_count) < needed) {
		netif_stop_queue(dev);
		a->sw.tx_ring_full++;
		local_irq_restore(flags);
		return NETDEV_TX_BUSY;
	}
	/* Past the last refusal: the frame is ours now, so changing it is safe. */
	if (plan.sw_l4) {
		/* The stack mapped the frame for the NIC: borrow it back to write. */
		netbuf_tx_sync_for_cpu(nb);
		e1000_tx_csum_sw(nb, &plan);
		netbuf_tx_sync_for_device(nb);
		a->sw.tx_csum_software++;
	}
	if (hw_csum)
		a->sw.tx_csum_offloaded++;
	first = a->tx_ntu;
	if (seg) {
		e1000_tso_prepare(nb, &tso);
		tx_put_tso_ctx(a, &tso);
		tx_put_segs(a, nb, true, E1000_TXD_POPTS_IXSM | E1000_TXD_POPTS_TXSM,
			    E1000_TXD_DCMD_TSE);
		a->sw.tx_tso_frames++;
		a->sw.tx_tso_segments += nb->gso_segs;
	} else {
		if (new_ctx)
			tx_put_ctx(a, &plan);
		tx_put_segs(a, nb, hw_csum, e1000_tx_csum_popts(&plan), 0);
	}
	a->tx_slot[first].frame = nb;
	a->tx_slot[first].last = a->tx_ntu;
	a->tx_ntu = e1000_ring_next(a->tx_ntu, a->tx_count);
	if (e1000_ring_in_flight(a->tx_ntu, a->tx_ntc, a->tx_count) == needed)
		a->tx_progress_ns = ktime_get_ns(); /* the ring was idle: the clock starts now */
	/* No fence: writel's UC store cannot pass the descriptor stores (kernel/x86/barrier.h). */
	e1000_wr(a, E1000_TDT, a->tx_ntu);
	/* Stop before the next frame could find too little room. */
	if (e1000_ring_unused(a->tx_ntu, a->tx_ntc, a->tx_count) < E1000_TX_DESCS_MAX)
		netif_stop_queue(dev);
	local_irq_restore(flags);
	return NETDEV_TX_OK;
}

void e1000_tx_check_hang(struct e1000_adapter *a, u64 now)
{
	unsigned long flags = local_irq_save();
	bool pending = a->tx_ntc != a->tx_ntu;
	bool stuck = pending && now - a->tx_progress_ns > E1000_TX_TIMEOUT_NS;

	if (stuck)
		a->tx_progress_ns = now; /* one report per timeout period */
	local_irq_restore(flags);
	if (!stuck || !netif_carrier_ok(&a->netdev))
		return;
	a->sw.tx_timeouts++;
	pr_warn("%s: transmit timed out: no completion for %llu ms (TDH %u, TDT %u, "
		"next to clean %u, TCTL %#x, STATUS %#x); resetting transmit\n",
		e1000_name(a), (unsigned long long)(E1000_TX_TIMEOUT_NS / NSEC_PER_MSEC),
		e1000_rd(a, E1000_TDH), e1000_rd(a, E1000_TDT), a->tx_ntc, e1000_rd(a, E1000_TCTL),
		e1000_rd(a, E1000_STATUS));
	/* The frames still queued are dropped (counted); the ring starts empty and enabled. */
	e1000_tx_disable(a);
	e1000_tx_configure(a);
}

void e1000_tx_disable(struct e1000_adapter *a)
{
	struct netbuf *done = NULL, **tail = &done;
	unsigned long flags;

	e1000_wr(a, E1000_TCTL, e1000_rd(a, E1000_TCTL) & ~E1000_TCTL_EN);
	e1000_flush(a);
	mdelay(1);
	flags = local_irq_save();
	for (unsigned int i = 0; i < a->tx_count; i++) {
		struct netbuf *frame = a->tx_slot[i].frame;

		if (!frame)
			continue;
		/* Frames the hardware had not finished never left. */
		if (!(a->tx_legacy[a->tx_slot[i].last].status & E1000_TXD_STAT_DD))
			a->netdev.stats.tx_dropped++;
		a->tx_slot[i].frame = NULL;
		frame->qnext = NULL;
		*tail = frame;
		tail = &frame->qnext;
	}
	a->tx_ntu = 0;
	a->tx_ntc = 0;
	local_irq_restore(flags);
	free_frames(done);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Counters. The 5717 family keeps its MAC and receive-placement statistics in
 * 32-bit registers that clear when read (it has no DMA'd statistics block),
 * so they are folded into 64-bit totals every second and before every reset.
 */
#include <string.h>

#include "drivers/tg3/tg3.h"
#include "net/core/ethtool_table.h"

void tg3_stats_update(struct tg3 *tp)
{
	struct tg3_hw_stats *h = &tp->hw;
	u32 no_bds;

	h->tx_octets += tg3_read(tp, T3_STAT_TX_OCTETS);
	h->tx_collisions += tg3_read(tp, T3_STAT_TX_COLLISIONS);
	h->tx_ucast += tg3_read(tp, T3_STAT_TX_UCAST);
	h->tx_mcast += tg3_read(tp, T3_STAT_TX_MCAST);
	h->tx_bcast += tg3_read(tp, T3_STAT_TX_BCAST);
	h->rx_octets += tg3_read(tp, T3_STAT_RX_OCTETS);
	h->rx_fragments += tg3_read(tp, T3_STAT_RX_FRAGMENTS);
	h->rx_ucast += tg3_read(tp, T3_STAT_RX_UCAST);
	h->rx_mcast += tg3_read(tp, T3_STAT_RX_MCAST);
	h->rx_bcast += tg3_read(tp, T3_STAT_RX_BCAST);
	h->rx_fcs_errors += tg3_read(tp, T3_STAT_RX_FCS_ERRORS);
	h->rx_align_errors += tg3_read(tp, T3_STAT_RX_ALIGN_ERRORS);
	h->rx_too_long += tg3_read(tp, T3_STAT_RX_TOO_LONG);
	h->rx_undersize += tg3_read(tp, T3_STAT_RX_UNDERSIZE);
	no_bds = tg3_read(tp, T3_RXLP_STAT_OUT_OF_BDS);
	h->rx_out_of_bds += no_bds;
	h->rx_discards += tg3_read(tp, T3_RXLP_STAT_IN_DISCARDS);
	h->rx_errors += tg3_read(tp, T3_RXLP_STAT_IN_ERRORS);
	/* Frames the chip had no buffer for never reach a ring: report them here. */
	if (no_bds)
		netdev_rx_missed(&tp->netdev, no_bds);
}

void tg3_get_stats(struct net_device *dev, struct net_device_stats *stats)
{
	struct tg3 *tp = netdev_priv(dev);

	stats->collisions += tp->hw.tx_collisions;
}

#define TG3_STAT(name, field) ETHTOOL_TABLE_ENTRY(struct tg3, name, field)

static const struct ethtool_table tg3_stat_table[] = {
	TG3_STAT("interrupts", ctr.interrupts),
	TG3_STAT("interrupts_not_ours", ctr.interrupts_not_ours),
	TG3_STAT("poll_second_looks", ctr.poll_second_looks),
	TG3_STAT("msi_fallbacks", ctr.msi_fallbacks),
	TG3_STAT("missed_irqs", irq.missed_irqs), /* interrupts the watchdog stood in for */
	TG3_STAT("rx_csum_ok", ctr.rx_csum_ok),
	TG3_STAT("rx_csum_bad", ctr.rx_csum_bad),
	TG3_STAT("rx_error_frames", ctr.rx_error_frames),
	TG3_STAT("rx_bad_length", ctr.rx_bad_length),
	TG3_STAT("rx_refill_starved", ctr.rx_refill_starved),
	TG3_STAT("tx_csum_hw", ctr.tx_csum_hw),
	TG3_STAT("tx_csum_sw", ctr.tx_csum_sw),
	TG3_STAT("tx_csum_bad_frame", ctr.tx_csum_bad_frame),
	TG3_STAT("tx_ring_full", ctr.tx_ring_full),
	TG3_STAT("tx_too_many_segs", ctr.tx_too_many_segs),
	TG3_STAT("tx_timeouts", ctr.tx_timeouts),
	TG3_STAT("tx_dropped_on_reset", ctr.tx_dropped_on_reset),
	TG3_STAT("error_attentions", ctr.error_attentions),
	TG3_STAT("chip_resets", ctr.chip_resets),
	TG3_STAT("link_changes", ctr.link_changes),
	TG3_STAT("illegal_transitions", ctr.illegal_transitions),
	TG3_STAT("hw_tx_octets", hw.tx_octets),
	TG3_STAT("hw_tx_collisions", hw.tx_collisions),
	TG3_STAT("hw_tx_ucast", hw.tx_ucast),
	TG3_STAT("hw_tx_mcast", hw.tx_mcast),
	TG3_STAT("hw_tx_bcast", hw.tx_bcast),
	TG3_STAT("hw_rx_octets", hw.rx_octets),
	TG3_STAT("hw_rx_fragments", hw.rx_fragments),
	TG3_STAT("hw_rx_ucast", hw.rx_ucast),
	TG3_STAT("hw_rx_mcast", hw.rx_mcast),
	TG3_STAT("hw_rx_bcast", hw.rx_bcast),
	TG3_STAT("hw_rx_fcs_errors", hw.rx_fcs_errors),
	TG3_STAT("hw_rx_align_errors", hw.rx_align_errors),
	TG3_STAT("hw_rx_too_long", hw.rx_too_long),
	TG3_STAT("hw_rx_undersize", hw.rx_undersize),
	TG3_STAT("hw_rx_out_of_bds", hw.rx_out_of_bds),
	TG3_STAT("hw_rx_discards", hw.rx_discards),
	TG3_STAT("hw_rx_errors", hw.rx_errors),
};

int tg3_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max)
{
	struct tg3 *tp = netdev_priv(dev);
	struct ethtool_out o = ETHTOOL_OUT(out, max);

	/* Fresh hardware numbers, unless a reset has the registers in flux. */
	if (tp->state == TG3_ST_RUNNING)
		tg3_stats_update(tp);
	ethtool_put_table(&o, tg3_stat_table, ARRAY_SIZE(tg3_stat_table), tp);
	return o.n;
}

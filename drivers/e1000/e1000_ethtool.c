// SPDX-License-Identifier: BSD-2-Clause
/*
 * Counters for the netdev layer: the standard ones with the chip's error
 * counts folded in, and every chip and driver counter by name.
 */
#include "drivers/e1000/e1000.h"
#include "kernel/x86/irqflags.h"

void e1000_stats_update(struct e1000_adapter *a)
{
	unsigned long flags = local_irq_save();
	u64 missed = e1000_hw_stats_collect(a->hw_stats, a->mmio);

	local_irq_restore(flags);
	/* Frames the chip dropped for want of a descriptor: lost before the stack. */
	if (missed)
		netdev_rx_missed(&a->netdev, (unsigned int)missed);
}

void e1000_count_missed(struct e1000_adapter *a)
{
	unsigned long flags = local_irq_save();
	u64 missed = e1000_hw_stat_collect(a->hw_stats, a->mmio, E1000_HWSTAT_MPC);

	local_irq_restore(flags);
	if (missed)
		netdev_rx_missed(&a->netdev, (unsigned int)missed);
}

void e1000_get_stats(struct net_device *dev, struct net_device_stats *stats)
{
	struct e1000_adapter *a = netdev_priv(dev);
	const u64 *hw = a->hw_stats;

	e1000_stats_update(a);
	/* With SBP off the chip discards bad frames itself; only its counters know. */
	stats->rx_crc_errors += hw[E1000_HWSTAT_CRCERRS];
	stats->rx_length_errors += hw[E1000_HWSTAT_RLEC];
	stats->rx_errors += hw[E1000_HWSTAT_CRCERRS] + hw[E1000_HWSTAT_ALGNERRC] +
			    hw[E1000_HWSTAT_SYMERRS] + hw[E1000_HWSTAT_RXERRC] +
			    hw[E1000_HWSTAT_RLEC];
	stats->collisions += hw[E1000_HWSTAT_COLC];
	stats->tx_errors += hw[E1000_HWSTAT_ECOL] + hw[E1000_HWSTAT_LATECOL];
	stats->tx_carrier_errors += hw[E1000_HWSTAT_TNCRS];
}

int e1000_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max)
{
	struct e1000_adapter *a = netdev_priv(dev);
	const u64 *sw = (const u64 *)&a->sw;
	int n = 0;

	if (dev->flags & IFF_UP)
		e1000_stats_update(a);
	for (unsigned int i = 0; i < E1000_NR_SW_STATS && n < max; i++, n++) {
		out[n].name = e1000_sw_stat_names[i];
		out[n].value = sw[i];
	}
	if (n < max) {
		out[n].name = "rx_buffers_held_by_stack";
		out[n++].value = a->rx_lent;
	}
	for (unsigned int i = 0; i < E1000_NR_HW_STATS && n < max; i++, n++) {
		out[n].name = e1000_hw_stat_defs[i].name;
		out[n].value = a->hw_stats[i];
	}
	return n;
}

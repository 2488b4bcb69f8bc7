// SPDX-License-Identifier: BSD-2-Clause
/*
 * The statistics register table and its accumulation (e1000_stats.h), and
 * the counters the netdev layer asks for.
 */
#include "drivers/e1000/e1000.h"
#include "drivers/e1000/e1000_stats.h"
#include "kernel/mm/io.h"
#include "kernel/x86/irqflags.h"
#include "net/core/ethtool_table.h"

#define E1000_HWSTAT_DEF(id, r, w, n) \
	[E1000_HWSTAT_##id] = { .reg = (r), .wide = (w), .name = (n) },
const struct e1000_hw_stat_def e1000_hw_stat_defs[E1000_NR_HW_STATS] = { E1000_HW_STATS(
    E1000_HWSTAT_DEF) };
#undef E1000_HWSTAT_DEF

#define E1000_SWSTAT_NAME(name) #name,
const char *const e1000_sw_stat_names[E1000_NR_SW_STATS] = { E1000_SW_STATS(E1000_SWSTAT_NAME) };
#undef E1000_SWSTAT_NAME

u64 e1000_hw_stat_collect(u64 *acc, const volatile u8 *mmio, enum e1000_hw_stat id)
{
	const struct e1000_hw_stat_def *d = &e1000_hw_stat_defs[id];
	u64 v = readl(mmio + d->reg);

	/* Low first: reading the high half is what clears the pair. */
	if (d->wide)
		v |= (u64)readl(mmio + d->reg + 4) << 32;
	acc[id] += v;
	return v;
}

u64 e1000_hw_stats_collect(u64 *acc, const volatile u8 *mmio)
{
	u64 missed = 0;

	for (unsigned int i = 0; i < E1000_NR_HW_STATS; i++) {
		u64 v = e1000_hw_stat_collect(acc, mmio, (enum e1000_hw_stat)i);

		if (i == E1000_HWSTAT_MPC)
			missed = v;
	}
	return missed;
}

/*
 * Counters for the netdev layer: the standard ones with the chip's error
 * counts folded in, and every chip and driver counter by name.
 */
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
	struct ethtool_out o = ETHTOOL_OUT(out, max);

	if (dev->flags & IFF_UP)
		e1000_stats_update(a);
	for (unsigned int i = 0; i < E1000_NR_SW_STATS; i++)
		ethtool_put(&o, e1000_sw_stat_names[i], sw[i]);
	ethtool_put(&o, "rx_buffers_held_by_stack", a->rx_lent);
	for (unsigned int i = 0; i < E1000_NR_HW_STATS; i++)
		ethtool_put(&o, e1000_hw_stat_defs[i].name, a->hw_stats[i]);
	return o.n;
}

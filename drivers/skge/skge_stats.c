// SPDX-License-Identifier: BSD-2-Clause
/*
 * Counters. The MACs count in 32-bit registers that run from the MAC's last
 * reset and wrap; they are folded into 64-bit totals as differences (so a
 * wrap between two folds costs nothing) every few service ticks and when the
 * port stops. Each port shows its own MAC's counters next to the driver's
 * and the controller's shared ones.
 */
#include <string.h>

#include "drivers/skge/skge.h"
#include "net/core/ethtool_table.h"

void skge_stats_update(struct skge_port *p)
{
	const struct skge_mac_ops *mac = p->hw->mac;

	mac->snapshot_stats(p);
	for (unsigned int i = 0; i < mac->nr_stats && i < SKGE_MAC_STATS_MAX; i++) {
		u32 now = mac->read_stat(p, mac->stats[i].reg);

		p->mac_stat[i] += (u32)(now - p->mac_stat_last[i]);
		p->mac_stat_last[i] = now;
	}
}

/* The MAC was reset: its counters start again from zero. */
void skge_stats_restart(struct skge_port *p)
{
	memset(p->mac_stat_last, 0, sizeof(p->mac_stat_last));
}

#define PORT_STAT(name, field) ETHTOOL_TABLE_ENTRY(struct skge_port, name, field)
#define HW_STAT(name, field)   ETHTOOL_TABLE_ENTRY(struct skge_hw, name, field)

static const struct ethtool_table port_stats[] = {
	PORT_STAT("napi_schedules", ctr.napi_schedules),
	PORT_STAT("rx_error_frames", ctr.rx_error_frames),
	PORT_STAT("rx_bad_length", ctr.rx_bad_length),
	PORT_STAT("rx_refill_starved", ctr.rx_refill_starved),
	PORT_STAT("rx_bmu_starts", ctr.rx_bmu_starts),
	PORT_STAT("tx_ring_full", ctr.tx_ring_full),
	PORT_STAT("tx_bounced", ctr.tx_bounced),
	PORT_STAT("rx_csum_ok", ctr.rx_csum_ok),
	PORT_STAT("rx_csum_bad", ctr.rx_csum_bad),
	PORT_STAT("rx_csum_unknown", ctr.rx_csum_unknown),
	PORT_STAT("rx_csum_mismatch", ctr.rx_csum_mismatch),
	PORT_STAT("tx_csum_hw", ctr.tx_csum_hw),
	PORT_STAT("tx_csum_sw", ctr.tx_csum_sw),
	PORT_STAT("tx_csum_bad_offset", ctr.tx_csum_bad_offset),
	PORT_STAT("tx_too_long", ctr.tx_too_long),
	PORT_STAT("tx_start_retries", ctr.tx_start_retries),
	PORT_STAT("tx_timeouts", ctr.tx_timeouts),
	PORT_STAT("tx_dropped_on_stop", ctr.tx_dropped_on_stop),
	PORT_STAT("link_changes", ctr.link_changes),
	PORT_STAT("mac_events", ctr.mac_events),
	PORT_STAT("mac_tx_underrun_events", ctr.mac_tx_underruns),
	PORT_STAT("mac_rx_overrun_events", ctr.mac_rx_overruns),
};

/* Shared by the ports of one controller: each port shows the same values. */
static const struct ethtool_table hw_stats[] = {
	HW_STAT("irq_interrupts", ctr.interrupts),
	HW_STAT("irq_not_ours", ctr.irq_not_ours),
	HW_STAT("irq_lost", irq.missed_irqs),
	HW_STAT("irq_deferred_events", ctr.deferred_events),
	HW_STAT("hw_err_ram_parity", ctr.hw_err_ram_parity),
	HW_STAT("hw_err_mac_parity", ctr.hw_err_mac_parity),
	HW_STAT("hw_err_rx_parity", ctr.hw_err_rx_parity),
	HW_STAT("hw_err_masked", ctr.hw_err_masked),
};

int skge_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max)
{
	struct skge_port *p = netdev_priv(dev);
	const struct skge_mac_ops *mac = p->hw->mac;
	struct ethtool_out o = ETHTOOL_OUT(out, max);

	if (p->opened)
		skge_stats_update(p);
	ethtool_put_table(&o, port_stats, ARRAY_SIZE(port_stats), p);
	ethtool_put_table(&o, hw_stats, ARRAY_SIZE(hw_stats), p->hw);
	/* The MAC's own counters: a table of its registers, totals kept by index. */
	for (unsigned int i = 0; i < mac->nr_stats && i < SKGE_MAC_STATS_MAX; i++)
		ethtool_put(&o, mac->stats[i].name, p->mac_stat[i]);
	return o.n;
}

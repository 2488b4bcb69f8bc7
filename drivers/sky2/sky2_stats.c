// SPDX-License-Identifier: BSD-2-Clause
/*
 * Counters. The GMAC keeps MIB counters as 32-bit values read 16 bits at a
 * time (low word, then the high word 4 bytes on); with the MIB-clear mode on
 * in GM_PHY_ADDR a read also clears, so every read is a delta that is added
 * to 64-bit totals (each second from the watchdog, and on ethtool -S).
 */
#include <string.h>

#include "drivers/sky2/sky2.h"
#include "net/core/ethtool_table.h"

static u32 mib32(struct sky2_port *p, u32 off)
{
	u32 lo = sky2_gm_read(p->hw, p->index, GM_MIB + off);
	u32 hi = sky2_gm_read(p->hw, p->index, GM_MIB + off + 4);

	return lo | hi << 16;
}

static void mib_clear_mode(struct sky2_port *p, bool on)
{
	u16 v = sky2_gm_read(p->hw, p->index, GM_PHY_ADDR);

	v = on ? (u16)(v | PHYADDR_MIB_CLEAR) : (u16)(v & ~PHYADDR_MIB_CLEAR);
	sky2_gm_write(p->hw, p->index, GM_PHY_ADDR, v);
}

void sky2_mib_update(struct sky2_port *p)
{
	struct sky2_mib *m = &p->mib;

	mib_clear_mode(p, true);
	m->rx_ucast += mib32(p, MIB_RX_UCAST);
	m->rx_bcast += mib32(p, MIB_RX_BCAST);
	m->rx_pause += mib32(p, MIB_RX_PAUSE);
	m->rx_mcast += mib32(p, MIB_RX_MCAST);
	m->rx_fcs_err += mib32(p, MIB_RX_FCS_ERR);
	m->rx_octets += mib32(p, MIB_RX_OCTETS) | (u64)mib32(p, MIB_RX_OCTETS + 8) << 32;
	m->rx_runts += mib32(p, MIB_RX_RUNTS);
	m->rx_frags += mib32(p, MIB_RX_FRAGS);
	m->rx_too_long += mib32(p, MIB_RX_TOO_LONG);
	m->rx_jabber += mib32(p, MIB_RX_JABBER);
	m->rx_fifo_ov += mib32(p, MIB_RX_FIFO_OV);
	m->tx_ucast += mib32(p, MIB_TX_UCAST);
	m->tx_bcast += mib32(p, MIB_TX_BCAST);
	m->tx_pause += mib32(p, MIB_TX_PAUSE);
	m->tx_mcast += mib32(p, MIB_TX_MCAST);
	m->tx_octets += mib32(p, MIB_TX_OCTETS) | (u64)mib32(p, MIB_TX_OCTETS + 8) << 32;
	m->tx_coll += mib32(p, MIB_TX_COLL);
	m->tx_late_coll += mib32(p, MIB_TX_LATE_COL);
	m->tx_exc_coll += mib32(p, MIB_TX_EXC_COL);
	m->tx_underrun += mib32(p, MIB_TX_UNDERRUN);
	mib_clear_mode(p, false);
}

/* At open: whatever the counters hold from before is not this session's. */
void sky2_mib_clear(struct sky2_port *p)
{
	struct sky2_mib keep = p->mib;

	sky2_mib_update(p);
	p->mib = keep;
}

void sky2_get_stats(struct net_device *dev, struct net_device_stats *stats)
{
	struct sky2_port *p = netdev_priv(dev);

	stats->collisions += p->mib.tx_coll;
}

#define HW_STAT(name, field)   ETHTOOL_TABLE_ENTRY(struct sky2_hw, name, field)
#define PORT_STAT(name, field) ETHTOOL_TABLE_ENTRY(struct sky2_port, name, field)

/* Shared by both ports: the controller's counters, the same on each port. */
static const struct ethtool_table sky2_hw_stats[] = {
	HW_STAT("ctl_interrupts", ctr.interrupts),
	HW_STAT("ctl_interrupts_not_ours", ctr.interrupts_not_ours),
	HW_STAT("ctl_sw_interrupts", ctr.sw_interrupts),
	HW_STAT("ctl_msi_fallbacks", ctr.msi_fallbacks),
	HW_STAT("ctl_lost_irqs_caught", irq.missed_irqs),
	HW_STAT("ctl_hw_errors", ctr.hw_errors),
	HW_STAT("ctl_status_les", ctr.status_les),
	HW_STAT("ctl_status_bad_port", ctr.status_bad_port),
	HW_STAT("ctl_status_unknown_op", ctr.status_unknown_op),
	HW_STAT("ctl_polls_budget_exhausted", ctr.polls_budget_exhausted),
};

static const struct ethtool_table sky2_port_stats[] = {
	PORT_STAT("rx_frames", ctr.rx_frames),
	PORT_STAT("rx_error_frames", ctr.rx_error_frames),
	PORT_STAT("rx_truncated", ctr.rx_truncated),
	PORT_STAT("rx_not_ok", ctr.rx_not_ok),
	PORT_STAT("rx_bad_length", ctr.rx_bad_length),
	PORT_STAT("rx_no_buffer", ctr.rx_no_buffer),
	PORT_STAT("rx_fe_plus_accepted", ctr.rx_fe_plus_accepted),
	PORT_STAT("rx_refill_starved", ctr.rx_refill_starved),
	PORT_STAT("rx_csum_ok", ctr.rx_csum_ok),
	PORT_STAT("rx_csum_bad", ctr.rx_csum_bad),
	PORT_STAT("rx_csum_unknown", ctr.rx_csum_unknown),
	PORT_STAT("rx_csum_mismatch", ctr.rx_csum_mismatch),
	PORT_STAT("rx_addr64_les", ctr.rx_addr64_les),
	PORT_STAT("tx_frames", ctr.tx_frames),
	PORT_STAT("tx_ring_full", ctr.tx_ring_full),
	PORT_STAT("tx_too_many_segs", ctr.tx_too_many_segs),
	PORT_STAT("tx_bad_index", ctr.tx_bad_index),
	PORT_STAT("tx_dropped_on_stop", ctr.tx_dropped_on_stop),
	PORT_STAT("tx_addr64_les", ctr.tx_addr64_les),
	PORT_STAT("tx_csum_hw", ctr.tx_csum_hw),
	PORT_STAT("tx_csum_sw", ctr.tx_csum_sw),
	PORT_STAT("tx_csum_les", ctr.tx_csum_les),
	PORT_STAT("tx_csum_bad_offset", ctr.tx_csum_bad_offset),
	PORT_STAT("link_ups", ctr.link_ups),
	PORT_STAT("link_downs", ctr.link_downs),
	PORT_STAT("phy_errors", ctr.phy_errors),
	PORT_STAT("desc_check_rx", ctr.desc_check_rx),
	PORT_STAT("desc_check_tx", ctr.desc_check_tx),
	PORT_STAT("mac_rx_overrun", ctr.mac_rx_overrun),
	PORT_STAT("mac_tx_underrun", ctr.mac_tx_underrun),
	PORT_STAT("hw_parity_errors", ctr.hw_parity_errors),
	PORT_STAT("mib_rx_ucast", mib.rx_ucast),
	PORT_STAT("mib_rx_bcast", mib.rx_bcast),
	PORT_STAT("mib_rx_mcast", mib.rx_mcast),
	PORT_STAT("mib_rx_pause", mib.rx_pause),
	PORT_STAT("mib_rx_fcs_errors", mib.rx_fcs_err),
	PORT_STAT("mib_rx_octets", mib.rx_octets),
	PORT_STAT("mib_rx_runts", mib.rx_runts),
	PORT_STAT("mib_rx_fragments", mib.rx_frags),
	PORT_STAT("mib_rx_too_long", mib.rx_too_long),
	PORT_STAT("mib_rx_jabber", mib.rx_jabber),
	PORT_STAT("mib_rx_fifo_overflow", mib.rx_fifo_ov),
	PORT_STAT("mib_tx_ucast", mib.tx_ucast),
	PORT_STAT("mib_tx_bcast", mib.tx_bcast),
	PORT_STAT("mib_tx_mcast", mib.tx_mcast),
	PORT_STAT("mib_tx_pause", mib.tx_pause),
	PORT_STAT("mib_tx_octets", mib.tx_octets),
	PORT_STAT("mib_tx_collisions", mib.tx_coll),
	PORT_STAT("mib_tx_late_collisions", mib.tx_late_coll),
	PORT_STAT("mib_tx_excess_collisions", mib.tx_exc_coll),
	PORT_STAT("mib_tx_underruns", mib.tx_underrun),
};

int sky2_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max)
{
	struct sky2_port *p = netdev_priv(dev);
	struct ethtool_out o = ETHTOOL_OUT(out, max);

	if (p->opened)
		sky2_mib_update(p);
	ethtool_put_table(&o, sky2_hw_stats, ARRAY_SIZE(sky2_hw_stats), p->hw);
	ethtool_put_table(&o, sky2_port_stats, ARRAY_SIZE(sky2_port_stats), p);
	return o.n;
}

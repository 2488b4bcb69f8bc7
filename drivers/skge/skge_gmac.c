// SPDX-License-Identifier: BSD-2-Clause
/*
 * Yukon: the GMAC and its integrated Marvell PHY, reached over the GMAC's
 * SMI (a read is started through SMI_CTRL and is done when RD_VALID sets; a
 * write waits for BUSY to clear). GMAC registers are 16 bits wide, 4 bytes
 * apart; its 32-bit MIB counters are two such halves, low first. The GMAC
 * takes speed and duplex from the PHY by itself, so a link change needs
 * nothing from the driver but the carrier.
 */
#define pr_fmt(fmt) "skge: " fmt

#include <errno.h>

#include "drivers/skge/skge.h"
#include "kernel/console/printk.h"

#define SMI_POLLS 1000 /* 1 us apart */

static u32 gm_reg(const struct skge_port *p, u16 reg)
{
	return SKGE_GMAC_BASE(p->port) + reg;
}

static u16 gm_read16(struct skge_port *p, u16 reg)
{
	return skge_read16(p->hw, gm_reg(p, reg));
}

static void gm_write16(struct skge_port *p, u16 reg, u16 val)
{
	skge_write16(p->hw, gm_reg(p, reg), val);
}

static u32 gm_read32(struct skge_port *p, u16 reg)
{
	return gm_read16(p, reg) | (u32)gm_read16(p, (u16)(reg + 4)) << 16;
}

static u16 smi_cmd(const struct skge_port *p, u8 reg)
{
	return (u16)(p->phy_addr << SKGE_GM_SMI_PHY_SHIFT | reg << SKGE_GM_SMI_REG_SHIFT);
}

static int phy_read(struct skge_port *p, u8 reg, u16 *val)
{
	gm_write16(p, SKGE_GM_SMI_CTRL, smi_cmd(p, reg) | SKGE_GM_SMI_OP_READ);
	for (unsigned int n = 0; n < SMI_POLLS; n++) {
		udelay(1);
		if (gm_read16(p, SKGE_GM_SMI_CTRL) & SKGE_GM_SMI_RD_VALID) {
			*val = gm_read16(p, SKGE_GM_SMI_DATA);
			return 0;
		}
	}
	pr_warn("%s: PHY %u register %u: no SMI answer\n", skge_name(p), p->phy_addr, reg);
	return -ETIMEDOUT;
}

static int phy_write(struct skge_port *p, u8 reg, u16 val)
{
	gm_write16(p, SKGE_GM_SMI_DATA, val);
	gm_write16(p, SKGE_GM_SMI_CTRL, smi_cmd(p, reg));
	for (unsigned int n = 0; n < SMI_POLLS; n++) {
		udelay(1);
		if (!(gm_read16(p, SKGE_GM_SMI_CTRL) & SKGE_GM_SMI_BUSY))
			return 0;
	}
	pr_warn("%s: PHY %u register %u: SMI write timed out\n", skge_name(p), p->phy_addr, reg);
	return -ETIMEDOUT;
}

/* The GMAC hash: low 6 bits of the big-endian CRC-32 of the address. */
static unsigned int mc_hash(const u8 *addr)
{
	u32 crc = 0xFFFFFFFFu;

	for (unsigned int i = 0; i < ETH_ALEN; i++) {
		for (unsigned int b = 0; b < 8; b++) {
			u32 in = (addr[i] >> b) & 1;

			crc = (crc << 1) ^ ((((crc >> 31) ^ in) & 1) ? 0x04C11DB7u : 0);
		}
	}
	return crc & 0x3F;
}

static void gmac_set_rx_mode(struct skge_port *p)
{
	struct net_device *dev = &p->netdev;
	u16 rcr = gm_read16(p, SKGE_GM_RX_CTRL) | SKGE_GM_RXCR_UCF_ENA | SKGE_GM_RXCR_MCF_ENA;
	u32 hash[2] = { 0, 0 };

	if (dev->flags & IFF_PROMISC) {
		rcr &= (u16) ~(SKGE_GM_RXCR_UCF_ENA | SKGE_GM_RXCR_MCF_ENA);
	} else if (dev->flags & IFF_ALLMULTI || dev->mc_overflow) {
		hash[0] = hash[1] = 0xFFFFFFFFu;
	} else {
		for (int i = 0; i < dev->mc_count; i++) {
			unsigned int h = mc_hash(dev->mc_list[i]);

			hash[h / 32] |= 1u << (h % 32);
		}
	}
	gm_write16(p, SKGE_GM_MC_HASH1, (u16)hash[0]);
	gm_write16(p, SKGE_GM_MC_HASH1 + 4, (u16)(hash[0] >> 16));
	gm_write16(p, SKGE_GM_MC_HASH1 + 8, (u16)hash[1]);
	gm_write16(p, SKGE_GM_MC_HASH1 + 12, (u16)(hash[1] >> 16));
	gm_write16(p, SKGE_GM_RX_CTRL, rcr);
}

static int phy_start(struct skge_port *p)
{
	if (phy_write(p, SKGE_MII_ANAR, SKGE_ANAR_ALL) ||
	    phy_write(p, SKGE_MII_CTRL1000, SKGE_CTRL1000_ALL) ||
	    phy_write(p, SKGE_MII_BMCR, SKGE_BMCR_ANENABLE | SKGE_BMCR_ANRESTART))
		return -EIO;
	return 0;
}

static int gmac_init(struct skge_port *p)
{
	struct skge_hw *hw = p->hw;
	unsigned int i = p->port;
	u32 phy = SKGE_GPHY_CTRL_INT_POL_HI | SKGE_GPHY_CTRL_DIS_FC | SKGE_GPHY_CTRL_DIS_SLEEP |
		  SKGE_GPHY_CTRL_ENA_XC | SKGE_GPHY_CTRL_ANEG_ALL | SKGE_GPHY_CTRL_ENA_PAUSE |
		  (hw->copper ? SKGE_GPHY_CTRL_COPPER : SKGE_GPHY_CTRL_FIBRE);
	u16 par;

	/*
	 * Yukon-Lite A3 and later: a PHY in its power-down ("COMA") state
	 * leaves it only when GPIO 9 is driven high across its reset and low
	 * again afterwards (both BSD and Linux do this).
	 */
	if (hw->coma_pin)
		skge_write32(hw, SKGE_B2_GP_IO,
			     skge_read32(hw, SKGE_B2_GP_IO) | SKGE_GPIO_DIR9 | SKGE_GPIO_DAT9);
	skge_write32(hw, SKGE_GPHY_CTRL(i), SKGE_GPHY_CTRL_RST_SET);
	skge_write32(hw, SKGE_GMAC_CTRL(i), SKGE_GMAC_CTRL_RST_SET);
	mdelay(1);
	if (hw->coma_pin)
		skge_write32(hw, SKGE_B2_GP_IO,
			     (skge_read32(hw, SKGE_B2_GP_IO) | SKGE_GPIO_DIR9) & ~SKGE_GPIO_DAT9);
	skge_write32(hw, SKGE_GPHY_CTRL(i), phy | SKGE_GPHY_CTRL_RST_SET);
	mdelay(1);
	skge_write32(hw, SKGE_GPHY_CTRL(i), phy | SKGE_GPHY_CTRL_RST_CLR);
	skge_write32(hw, SKGE_GMAC_CTRL(i),
		     SKGE_GMAC_CTRL_LOOP_OFF | SKGE_GMAC_CTRL_PAUSE_ON | SKGE_GMAC_CTRL_RST_CLR);
	(void)skge_read8(hw, SKGE_GMAC_IRQ_SRC(i));

	/* Counters to zero: clear mode on, then off again. */
	par = gm_read16(p, SKGE_GM_PHY_ADDR);
	gm_write16(p, SKGE_GM_PHY_ADDR, par | SKGE_GM_PAR_MIB_CLR);
	gm_write16(p, SKGE_GM_PHY_ADDR, par & (u16)~SKGE_GM_PAR_MIB_CLR);

	gm_write16(p, SKGE_GM_RX_CTRL, SKGE_GM_RXCR_CRC_STRIP);
	gm_write16(p, SKGE_GM_TX_PARAM, SKGE_GM_TXPA_DEFAULT);
	gm_write16(p, SKGE_GM_SERIAL_MODE, SKGE_GM_SMOD_DEFAULT);
	for (unsigned int w = 0; w < 3; w++) {
		u16 v = (u16)(p->mac[2 * w] | p->mac[2 * w + 1] << 8);

		gm_write16(p, (u16)(SKGE_GM_SRC_ADDR1 + 4 * w), v);
		gm_write16(p, (u16)(SKGE_GM_SRC_ADDR2 + 4 * w), v);
	}
	gmac_set_rx_mode(p);
	/* No counter-overflow interrupts: counters are folded often enough. */
	gm_write16(p, SKGE_GM_TX_IRQ_MSK, 0);
	gm_write16(p, SKGE_GM_RX_IRQ_MSK, 0);
	gm_write16(p, SKGE_GM_TR_IRQ_MSK, 0);

	skge_write16(hw, SKGE_GMF_RX(i) + SKGE_GMF_FLUSH_MSK,
		     SKGE_GM_RXS_FIFO_OV | SKGE_GM_RXS_CRC_ERR | SKGE_GM_RXS_MII_ERR |
			 SKGE_GM_RXS_BAD_FC | SKGE_GM_RXS_GOOD_FC | SKGE_GM_RXS_RUNT |
			 SKGE_GM_RXS_JABBER);
	skge_write8(hw, SKGE_GMF_RX(i) + SKGE_GMF_CTRL_T, SKGE_GMF_RST_CLR);
	/* The Yukon-Lite A0 must not flush its receive FIFO (vendor and Linux drivers agree). */
	skge_write16(hw, SKGE_GMF_RX(i) + SKGE_GMF_CTRL_T,
		     SKGE_GMF_OPER_ON | (hw->lite_a0 ? 0 : SKGE_GMF_RX_FLUSH_ON));
	/* Flush threshold 64 bytes: pause frames hang the FIFO below that. */
	skge_write16(hw, SKGE_GMF_RX(i) + SKGE_GMF_FLUSH_THR, SKGE_GMF_FLUSH_THR_64);
	skge_write8(hw, SKGE_GMF_TX(i) + SKGE_GMF_CTRL_T, SKGE_GMF_RST_CLR);
	skge_write16(hw, SKGE_GMF_TX(i) + SKGE_GMF_CTRL_T, SKGE_GMF_OPER_ON);
	skge_write8(hw, SKGE_GMAC_IRQ_MSK(i), SKGE_GMAC_IRQ_RX_OVER | SKGE_GMAC_IRQ_TX_UNDER);
	return phy_start(p);
}

static void gmac_enable(struct skge_port *p)
{
	gm_write16(p, SKGE_GM_GP_CTRL,
		   gm_read16(p, SKGE_GM_GP_CTRL) | SKGE_GM_GPCR_TX_ENA | SKGE_GM_GPCR_RX_ENA);
}

static void gmac_stop(struct skge_port *p)
{
	struct skge_hw *hw = p->hw;
	unsigned int i = p->port;

	skge_write8(hw, SKGE_GMAC_IRQ_MSK(i), 0);
	gm_write16(p, SKGE_GM_GP_CTRL,
		   gm_read16(p, SKGE_GM_GP_CTRL) &
		       (u16) ~(SKGE_GM_GPCR_TX_ENA | SKGE_GM_GPCR_RX_ENA));
	skge_write8(hw, SKGE_GMF_RX(i) + SKGE_GMF_CTRL_T, SKGE_GMF_RST_SET);
	skge_write8(hw, SKGE_GMF_TX(i) + SKGE_GMF_CTRL_T, SKGE_GMF_RST_SET);
	skge_write32(hw, SKGE_GMAC_CTRL(i), SKGE_GMAC_CTRL_RST_SET);
}

static bool gmac_link_state(struct skge_port *p, u32 *speed, bool *fd)
{
	return skge_mii_link(phy_read, p, speed, fd);
}

static void gmac_link_changed(struct skge_port *p) {}

static void gmac_event(struct skge_port *p)
{
	struct skge_hw *hw = p->hw;
	unsigned int i = p->port;
	u8 src = skge_read8(hw, SKGE_GMAC_IRQ_SRC(i));

	if (src & SKGE_GMAC_IRQ_RX_OVER) {
		p->ctr.mac_rx_overruns++;
		skge_write8(hw, SKGE_GMF_RX(i) + SKGE_GMF_CTRL_T, SKGE_GMF_CLI_RX_FO);
		if (skge_log_event(p->ctr.mac_rx_overruns))
			pr_warn("%s: GMAC receive FIFO overrun (%llu so far)\n", skge_name(p),
				(unsigned long long)p->ctr.mac_rx_overruns);
	}
	if (src & SKGE_GMAC_IRQ_TX_UNDER) {
		p->ctr.mac_tx_underruns++;
		skge_write8(hw, SKGE_GMF_TX(i) + SKGE_GMF_CTRL_T, SKGE_GMF_CLI_TX_FU);
		if (skge_log_event(p->ctr.mac_tx_underruns))
			pr_warn("%s: GMAC transmit FIFO underrun (%llu so far)\n", skge_name(p),
				(unsigned long long)p->ctr.mac_tx_underruns);
	}
}

static u32 gmac_read_stat(struct skge_port *p, u16 reg)
{
	return gm_read32(p, reg);
}

static void gmac_snapshot(struct skge_port *p) {}

static const struct skge_mac_stat gmac_stats[] = {
	{ "mac_tx_unicast", SKGE_GM_TXF_UC_OK },
	{ "mac_tx_broadcast", SKGE_GM_TXF_BC_OK },
	{ "mac_tx_multicast", SKGE_GM_TXF_MC_OK },
	{ "mac_tx_octets", SKGE_GM_TXO_OK_LO },
	{ "mac_tx_collisions", SKGE_GM_TXF_COL },
	{ "mac_tx_late_collisions", SKGE_GM_TXF_LAT_COL },
	{ "mac_tx_aborted", SKGE_GM_TXF_ABO_COL },
	{ "mac_tx_underruns", SKGE_GM_TXE_FIFO_UR },
	{ "mac_rx_unicast", SKGE_GM_RXF_UC_OK },
	{ "mac_rx_broadcast", SKGE_GM_RXF_BC_OK },
	{ "mac_rx_multicast", SKGE_GM_RXF_MC_OK },
	{ "mac_rx_octets", SKGE_GM_RXO_OK_LO },
	{ "mac_rx_fcs_errors", SKGE_GM_RXF_FCS_ERR },
	{ "mac_rx_short", SKGE_GM_RXF_SHORT },
	{ "mac_rx_fragments", SKGE_GM_RXE_FRAG },
	{ "mac_rx_too_long", SKGE_GM_RXF_LONG },
	{ "mac_rx_jabber", SKGE_GM_RXF_JABBER },
	{ "mac_rx_fifo_overflows", SKGE_GM_RXE_FIFO_OV },
};

const struct skge_mac_ops skge_gmac_ops = {
	.name = "GMAC",
	.init = gmac_init,
	.enable = gmac_enable,
	.stop = gmac_stop,
	.set_rx_mode = gmac_set_rx_mode,
	.link_state = gmac_link_state,
	.link_changed = gmac_link_changed,
	.event = gmac_event,
	.read_stat = gmac_read_stat,
	.snapshot_stats = gmac_snapshot,
	.stats = gmac_stats,
	.nr_stats = ARRAY_SIZE(gmac_stats),
};

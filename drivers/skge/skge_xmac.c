// SPDX-License-Identifier: BSD-2-Clause
/*
 * Genesis: the XaQti XMAC II and what sits behind it. Copper cards have a
 * Broadcom BCM5400 on the XMAC's GMII, reached through the XMAC's PHY
 * address/data registers (a read is started by writing the address and is
 * ready when PHY_RDY sets; a write waits for PHY_BUSY to clear). Fibre cards
 * use the XMAC's own PCS, whose link-sync signal shows as GP0 in the XMAC's
 * GP port. Either way the link is polled from the service timer.
 *
 * XMAC registers are 16 bits wide at twice their number in the window;
 * 32-bit registers are two consecutive 16-bit halves, low half first.
 */
#define pr_fmt(fmt) "skge: " fmt

#include <errno.h>

#include "drivers/skge/skge.h"
#include "kernel/console/printk.h"

#define PHY_POLLS    1000 /* 1 us apart */
#define BCM_RESET_MS 10

static u32 xm_reg(const struct skge_port *p, u16 reg)
{
	return SKGE_XMAC_BASE(p->port) + 2u * reg;
}

static u16 xm_read16(struct skge_port *p, u16 reg)
{
	return skge_read16(p->hw, xm_reg(p, reg));
}

static void xm_write16(struct skge_port *p, u16 reg, u16 val)
{
	skge_write16(p->hw, xm_reg(p, reg), val);
}

static u32 xm_read32(struct skge_port *p, u16 reg)
{
	return xm_read16(p, reg) | (u32)xm_read16(p, (u16)(reg + 2)) << 16;
}

static void xm_write32(struct skge_port *p, u16 reg, u32 val)
{
	xm_write16(p, reg, (u16)val);
	xm_write16(p, (u16)(reg + 2), (u16)(val >> 16));
}

static bool external_phy(const struct skge_port *p)
{
	return p->phy_type == SKGE_PHY_TYPE_BCOM;
}

static int phy_read(struct skge_port *p, u8 reg, u16 *val)
{
	xm_write16(p, SKGE_XM_PHY_ADDR, (u16)(reg | p->phy_addr << 8));
	(void)xm_read16(p, SKGE_XM_PHY_DATA); /* starts the transfer */
	if (external_phy(p)) {
		unsigned int n;

		for (n = 0; n < PHY_POLLS; n++) {
			if (xm_read16(p, SKGE_XM_MMU_CMD) & SKGE_XM_MMU_PHY_RDY)
				break;
			udelay(1);
		}
		if (n == PHY_POLLS) {
			pr_warn("%s: PHY %u register %u: no answer through the XMAC\n",
				skge_name(p), p->phy_addr, reg);
			return -ETIMEDOUT;
		}
	}
	*val = xm_read16(p, SKGE_XM_PHY_DATA);
	return 0;
}

static int wait_phy_idle(struct skge_port *p)
{
	for (unsigned int n = 0; n < PHY_POLLS; n++) {
		if (!(xm_read16(p, SKGE_XM_MMU_CMD) & SKGE_XM_MMU_PHY_BUSY))
			return 0;
		udelay(1);
	}
	return -ETIMEDOUT;
}

static int phy_write(struct skge_port *p, u8 reg, u16 val)
{
	int err;

	xm_write16(p, SKGE_XM_PHY_ADDR, (u16)(reg | p->phy_addr << 8));
	err = wait_phy_idle(p);
	if (!err) {
		xm_write16(p, SKGE_XM_PHY_DATA, val);
		err = wait_phy_idle(p);
	}
	if (err)
		pr_warn("%s: PHY %u register %u: write timed out\n", skge_name(p), p->phy_addr,
			reg);
	return err;
}

/*
 * BCM5400 errata, as the board vendor's driver works around them: revisions
 * A1 and C0 need DSP coefficients seeded after every reset; all revisions
 * want power management off while a link is acquired (on again once it is
 * up); C5 acquires no 1000BASE-T link as slave unless the port type says
 * repeater/DTE, which costs the others nothing, so every revision gets it.
 */
struct bcom_dsp {
	u16 addr, val;
};

static const struct bcom_dsp bcom_a1_dsp[] = {
	{ 0x0012, 0x1104 }, { 0x0013, 0x0404 }, { 0x8006, 0x0132 },
	{ 0x8006, 0x0232 }, { 0x800D, 0x000F },
};

static const struct bcom_dsp bcom_c0_dsp[] = { { 0x0012, 0x1204 }, { 0x0013, 0x0A04 } };

static void bcom_power_management(struct skge_port *p, bool on)
{
	u16 aux;

	if (phy_read(p, SKGE_BCOM_AUX_CTRL, &aux))
		return;
	phy_write(p, SKGE_BCOM_AUX_CTRL,
		  on ? aux & ~SKGE_BCOM_AC_DIS_PM : aux | SKGE_BCOM_AC_DIS_PM);
}

static void bcom_errata(struct skge_port *p)
{
	const struct bcom_dsp *dsp = NULL;
	size_t n = 0;
	u16 id1;

	if (phy_read(p, SKGE_MII_PHYID2, &id1))
		return;
	if (id1 == SKGE_BCOM_ID1_A1) {
		dsp = bcom_a1_dsp;
		n = ARRAY_SIZE(bcom_a1_dsp);
	} else if (id1 == SKGE_BCOM_ID1_C0) {
		dsp = bcom_c0_dsp;
		n = ARRAY_SIZE(bcom_c0_dsp);
	}
	if (n) {
		phy_write(p, SKGE_BCOM_AUX_CTRL,
			  SKGE_BCOM_AC_SMDSP | SKGE_BCOM_AC_TX_TST | SKGE_BCOM_AC_DIS_PM);
		for (size_t i = 0; i < n; i++) {
			phy_write(p, SKGE_BCOM_DSP_ADDR, dsp[i].addr);
			phy_write(p, SKGE_BCOM_DSP_DATA, dsp[i].val);
		}
		phy_write(p, SKGE_BCOM_AUX_CTRL, SKGE_BCOM_AC_TX_TST | SKGE_BCOM_AC_DIS_PM);
	}
	bcom_power_management(p, false);
	pr_debug("%s: BCM5400 revision %x, %zu DSP fix-ups\n", skge_name(p), id1 & 0xF, n);
}

static void gpio_phy_reset(struct skge_port *p, bool run)
{
	u32 dat = p->port ? SKGE_GPIO_DAT2 : SKGE_GPIO_DAT0;
	u32 dir = p->port ? SKGE_GPIO_DIR2 : SKGE_GPIO_DIR0;
	u32 v = skge_read32(p->hw, SKGE_B2_GP_IO) | dir;

	skge_write32(p->hw, SKGE_B2_GP_IO, run ? v | dat : v & ~dat);
}

/* The MAC arbiter timeouts depend on the XMAC revision; both XMACs share it. */
static void mac_arbiter(struct skge_port *p)
{
	struct skge_hw *hw = p->hw;
	u32 rev = (xm_read32(p, SKGE_XM_DEV_ID) >> SKGE_XM_DEV_REV_SHIFT) & SKGE_XM_DEV_REV_MASK;
	bool b2 = rev == SKGE_XM_REV_B2;

	for (unsigned int q = 0; q < 4; q++) {
		skge_write8(hw, SKGE_B3_MA_TOINI_RX1 + q,
			    b2 ? SKGE_MA_TOINI_XMAC_B2 : SKGE_MA_TOINI_XMAC_C1);
		skge_write8(hw, SKGE_B3_MA_RCINI_RX1 + q,
			    b2 ? SKGE_MA_RCINI_XMAC_B2 : SKGE_MA_RCINI_XMAC_C1);
	}
	skge_write8(hw, SKGE_B3_MA_RC_CTRL, b2 ? SKGE_MA_RC_CTRL_ALL_ON : SKGE_MA_RC_CTRL_ALL_OFF);
	skge_write16(hw, SKGE_B3_MA_TO_CTRL, SKGE_MA_CTRL_RST_CLR | SKGE_MA_CTRL_FOE_OFF);
}

/* Logical-address hash of the XMAC: low 6 bits of the inverted little-endian CRC. */
static unsigned int mc_hash(const u8 *addr)
{
	u32 crc = 0xFFFFFFFFu;

	for (unsigned int i = 0; i < ETH_ALEN; i++) {
		crc ^= addr[i];
		for (unsigned int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
	}
	return ~crc & 0x3F;
}

static void xmac_set_rx_mode(struct skge_port *p)
{
	struct net_device *dev = &p->netdev;
	u32 mode = xm_read32(p, SKGE_XM_MODE);
	u32 hash[2] = { 0, 0 };

	mode &= ~(SKGE_XM_MODE_PROMISC | SKGE_XM_MODE_USE_HASH | SKGE_XM_MODE_NO_BCAST);
	mode |= SKGE_XM_MODE_USE_STATION;
	if (dev->flags & IFF_PROMISC)
		mode |= SKGE_XM_MODE_PROMISC;
	if (dev->flags & (IFF_ALLMULTI | IFF_PROMISC) || dev->mc_overflow) {
		hash[0] = hash[1] = 0xFFFFFFFFu;
	} else {
		for (int i = 0; i < dev->mc_count; i++) {
			unsigned int h = mc_hash(dev->mc_list[i]);

			hash[h / 32] |= 1u << (h % 32);
		}
	}
	if (hash[0] | hash[1])
		mode |= SKGE_XM_MODE_USE_HASH;
	xm_write32(p, SKGE_XM_HASH0, hash[0]);
	xm_write32(p, SKGE_XM_HASH0 + 4, hash[1]);
	xm_write32(p, SKGE_XM_MODE, mode);
}

static int xmac_init(struct skge_port *p)
{
	struct skge_hw *hw = p->hw;
	u32 fifo = SKGE_XMF_TX(p->port) + SKGE_XMF_MAC_CTRL;

	skge_write16(hw, fifo, SKGE_XMF_MAC_RST_CLR);
	mdelay(1);
	if (external_phy(p)) {
		gpio_phy_reset(p, true);
		xm_write16(p, SKGE_XM_HW_CFG, SKGE_XM_HW_CFG_GMII);
		if (phy_write(p, SKGE_MII_BMCR, SKGE_BMCR_RESET))
			return -EIO;
		mdelay(BCM_RESET_MS);
		bcom_errata(p);
		/*
		 * The XMAC II runs at 1000 Mbit/s only: offering 10/100 would let a
		 * 100 Mbit/s partner bring up a link no frame can cross.
		 */
		phy_write(p, SKGE_MII_ANAR, SKGE_ANAR_NO_10_100);
		phy_write(p, SKGE_MII_CTRL1000, SKGE_CTRL1000_ALL | SKGE_CTRL1000_REPEATER);
		phy_write(p, SKGE_MII_BMCR, SKGE_BMCR_ANENABLE | SKGE_BMCR_ANRESTART);
	}
	for (unsigned int i = 0; i < 3; i++)
		xm_write16(p, (u16)(SKGE_XM_PAR0 + 2 * i),
			   (u16)(p->mac[2 * i] | p->mac[2 * i + 1] << 8));
	xm_write16(p, SKGE_XM_RX_CMD, xm_read16(p, SKGE_XM_RX_CMD) | SKGE_XM_RX_STRIP_FCS);
	xm_write16(p, SKGE_XM_TX_CMD, xm_read16(p, SKGE_XM_TX_CMD) | SKGE_XM_TX_AUTO_PAD);
	/* Dual-port cards underrun at the default 4-byte threshold. */
	xm_write16(p, SKGE_XM_TX_THR, SKGE_XM_TX_THR_512);
	xmac_set_rx_mode(p);
	(void)xm_read16(p, SKGE_XM_ISRC);
	xm_write16(p, SKGE_XM_IMSK,
		   SKGE_XM_IS_ALL & ~(SKGE_XM_IS_TX_UNDERRUN | SKGE_XM_IS_RX_OVERRUN));
	mac_arbiter(p);
	return 0;
}

static void xmac_enable(struct skge_port *p)
{
	u16 cmd = xm_read16(p, SKGE_XM_MMU_CMD) & ~SKGE_XM_MMU_IGN_PF;

	xm_write16(p, SKGE_XM_MMU_CMD, cmd | SKGE_XM_MMU_TX_ENA | SKGE_XM_MMU_RX_ENA);
}

/* Quiet first (its interrupts, its receiver), then hold it and its PHY in reset. */
static void xmac_stop(struct skge_port *p)
{
	xm_write16(p, SKGE_XM_IMSK, SKGE_XM_IS_ALL);
	xm_write16(p, SKGE_XM_MMU_CMD,
		   xm_read16(p, SKGE_XM_MMU_CMD) & ~(SKGE_XM_MMU_TX_ENA | SKGE_XM_MMU_RX_ENA));
	(void)xm_read16(p, SKGE_XM_ISRC);
	skge_write16(p->hw, SKGE_XMF_TX(p->port) + SKGE_XMF_MAC_CTRL, SKGE_XMF_MAC_RST_SET);
	if (external_phy(p))
		gpio_phy_reset(p, false);
}

/* IEEE 802.3 resolution from what both ends advertise. */
static void resolve(u16 stat1000, u16 ctrl1000, u16 lpa, u16 adv, u32 *speed, bool *fd)
{
	u16 common = lpa & adv;

	if ((stat1000 & SKGE_STAT1000_FULL) && (ctrl1000 & BIT(9))) {
		*speed = 1000;
		*fd = true;
	} else if ((stat1000 & SKGE_STAT1000_HALF) && (ctrl1000 & BIT(8))) {
		*speed = 1000;
		*fd = false;
	} else if (common & (SKGE_ANLPAR_100FULL | SKGE_ANLPAR_100HALF)) {
		*speed = 100;
		*fd = common & SKGE_ANLPAR_100FULL;
	} else {
		*speed = 10;
		*fd = common & SKGE_ANLPAR_10FULL;
	}
}

/* Shared with the GMAC file's PHY: both answer the clause 22 registers. */
bool skge_mii_link(int (*rd)(struct skge_port *, u8, u16 *), struct skge_port *p, u32 *speed,
		   bool *fd)
{
	u16 bmsr = 0, s1000 = 0, c1000 = 0, lpa = 0, adv = 0;

	/* The link bit latches low: the second read is the current state. */
	if (rd(p, SKGE_MII_BMSR, &bmsr) || rd(p, SKGE_MII_BMSR, &bmsr))
		return false;
	if (!(bmsr & SKGE_BMSR_LSTATUS))
		return false;
	rd(p, SKGE_MII_STAT1000, &s1000);
	rd(p, SKGE_MII_CTRL1000, &c1000);
	rd(p, SKGE_MII_ANLPAR, &lpa);
	rd(p, SKGE_MII_ANAR, &adv);
	resolve(s1000, c1000, lpa, adv, speed, fd);
	return true;
}

static bool xmac_link_state(struct skge_port *p, u32 *speed, bool *fd)
{
	if (external_phy(p))
		return skge_mii_link(phy_read, p, speed, fd);
	/* Fibre: link sync must read set three times in a row. */
	for (unsigned int i = 0; i < 3; i++)
		if (!(xm_read16(p, SKGE_XM_GP_PORT) & SKGE_XM_GP_GP0_SET))
			return false;
	*speed = 1000;
	*fd = true;
	return true;
}

static void xmac_link_changed(struct skge_port *p)
{
	u16 cmd = xm_read16(p, SKGE_XM_MMU_CMD);

	if (!external_phy(p))
		return;
	/* BCM erratum 10523: power management only while the link is up. */
	bcom_power_management(p, p->link_up);
	if (!p->link_up)
		return;
	cmd = p->full_duplex ? cmd | SKGE_XM_MMU_GMII_FD : cmd & ~SKGE_XM_MMU_GMII_FD;
	xm_write16(p, SKGE_XM_MMU_CMD, cmd);
}

static void xmac_event(struct skge_port *p)
{
	u16 isrc = xm_read16(p, SKGE_XM_ISRC); /* clears */

	if (isrc & SKGE_XM_IS_TX_UNDERRUN) {
		p->ctr.mac_tx_underruns++;
		xm_write32(p, SKGE_XM_MODE, xm_read32(p, SKGE_XM_MODE) | SKGE_XM_MODE_FLUSH_TXF);
		if (skge_log_event(p->ctr.mac_tx_underruns))
			pr_warn("%s: XMAC transmit FIFO underrun: flushed (%llu so far)\n",
				skge_name(p), (unsigned long long)p->ctr.mac_tx_underruns);
	}
	if (isrc & SKGE_XM_IS_RX_OVERRUN) {
		p->ctr.mac_rx_overruns++;
		xm_write32(p, SKGE_XM_MODE, xm_read32(p, SKGE_XM_MODE) | SKGE_XM_MODE_FLUSH_RXF);
		if (skge_log_event(p->ctr.mac_rx_overruns))
			pr_warn("%s: XMAC receive FIFO overrun: flushed (%llu so far)\n",
				skge_name(p), (unsigned long long)p->ctr.mac_rx_overruns);
	}
}

static u32 xmac_read_stat(struct skge_port *p, u16 reg)
{
	return xm_read32(p, reg);
}

/* Latch the counters into their readable copies; the command bits clear when done. */
static void xmac_snapshot(struct skge_port *p)
{
	xm_write16(p, SKGE_XM_STAT_CMD, SKGE_XM_STAT_SNAP_TX | SKGE_XM_STAT_SNAP_RX);
	for (unsigned int n = 0; n < PHY_POLLS; n++) {
		if (!(xm_read16(p, SKGE_XM_STAT_CMD) &
		      (SKGE_XM_STAT_SNAP_TX | SKGE_XM_STAT_SNAP_RX)))
			return;
		udelay(1);
	}
}

static const struct skge_mac_stat xmac_stats[] = {
	{ "mac_tx_frames", SKGE_XM_TXF_OK },
	{ "mac_tx_octets", SKGE_XM_TXO_OK_LO },
	{ "mac_tx_broadcast", SKGE_XM_TXF_BC },
	{ "mac_tx_multicast", SKGE_XM_TXF_MC },
	{ "mac_tx_unicast", SKGE_XM_TXF_UC },
	{ "mac_tx_single_collisions", SKGE_XM_TXF_SNG_COL },
	{ "mac_tx_multi_collisions", SKGE_XM_TXF_MUL_COL },
	{ "mac_tx_late_collisions", SKGE_XM_TXF_LAT_COL },
	{ "mac_tx_underruns", SKGE_XM_TXE_UNDERRUN },
	{ "mac_rx_frames", SKGE_XM_RXF_OK },
	{ "mac_rx_octets", SKGE_XM_RXO_OK_LO },
	{ "mac_rx_broadcast", SKGE_XM_RXF_BC },
	{ "mac_rx_multicast", SKGE_XM_RXF_MC },
	{ "mac_rx_unicast", SKGE_XM_RXF_UC },
	{ "mac_rx_missed", SKGE_XM_RXE_MISSED },
	{ "mac_rx_frame_errors", SKGE_XM_RXF_FRAME_ERR },
	{ "mac_rx_overruns", SKGE_XM_RXE_OVERRUN },
	{ "mac_rx_runts", SKGE_XM_RXF_RUNT },
	{ "mac_rx_too_long", SKGE_XM_RXF_LONG },
	{ "mac_rx_fcs_errors", SKGE_XM_RXF_FCS_ERR },
};

const struct skge_mac_ops skge_xmac_ops = {
	.name = "XMAC II",
	.init = xmac_init,
	.enable = xmac_enable,
	.stop = xmac_stop,
	.set_rx_mode = xmac_set_rx_mode,
	.link_state = xmac_link_state,
	.link_changed = xmac_link_changed,
	.event = xmac_event,
	.read_stat = xmac_read_stat,
	.snapshot_stats = xmac_snapshot,
	.stats = xmac_stats,
	.nr_stats = ARRAY_SIZE(xmac_stats),
};

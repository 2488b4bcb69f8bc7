// SPDX-License-Identifier: BSD-2-Clause
/*
 * The Marvell PHY behind each GMAC, reached over the GMAC's SMI (PHY address
 * 0). A read is: command, wait for read-valid, take the data; a write is:
 * data, command, wait for not-busy. Every wait is bounded, and an all-ones
 * read is what an absent or hung PHY returns: an I/O error, not a value.
 *
 * Link changes arrive as the port's PHY interrupt source (the PHY's own
 * interrupt status register clears it when read). On link up the GMAC gets
 * the resolved speed and duplex and its receiver and transmitter are turned
 * on; on link down they are turned off again.
 */
#define pr_fmt(fmt) "sky2: " fmt

#include <errno.h>

#include "drivers/sky2/sky2.h"
#include "kernel/console/printk.h"

#define SMI_POLL_US    10
#define SMI_TIMEOUT_US 10000

static int smi_wait(struct sky2_port *p, u16 want_set, u16 want_clear, u16 *ctrl)
{
	for (unsigned int t = 0; t <= SMI_TIMEOUT_US; t += SMI_POLL_US) {
		u16 v = sky2_gm_read(p->hw, p->index, GM_SMI_CTRL);

		if ((v & want_set) == want_set && !(v & want_clear)) {
			if (ctrl)
				*ctrl = v;
			return 0;
		}
		udelay(SMI_POLL_US);
	}
	return -ETIMEDOUT;
}

static u16 smi_cmd(u8 reg)
{
	return (u16)((Y2_PHY_ADDR << SMI_PHY_SHIFT) | ((u32)reg << SMI_REG_SHIFT));
}

int sky2_phy_read(struct sky2_port *p, u8 reg, u16 *val)
{
	u16 v;
	int err = smi_wait(p, 0, SMI_BUSY, NULL);

	if (!err) {
		sky2_gm_write(p->hw, p->index, GM_SMI_CTRL, (u16)(smi_cmd(reg) | SMI_OP_READ));
		err = smi_wait(p, SMI_READ_VALID, 0, NULL);
	}
	if (err) {
		p->ctr.phy_errors++;
		pr_warn("%s: PHY register %u read timed out (SMI busy)\n", sky2_port_name(p), reg);
		return err;
	}
	v = sky2_gm_read(p->hw, p->index, GM_SMI_DATA);
	if (v == 0xFFFF) {
		p->ctr.phy_errors++;
		pr_warn("%s: PHY register %u reads all ones: no PHY answering\n", sky2_port_name(p),
			reg);
		return -EIO;
	}
	*val = v;
	return 0;
}

int sky2_phy_write(struct sky2_port *p, u8 reg, u16 val)
{
	int err = smi_wait(p, 0, SMI_BUSY, NULL);

	if (!err) {
		sky2_gm_write(p->hw, p->index, GM_SMI_DATA, val);
		sky2_gm_write(p->hw, p->index, GM_SMI_CTRL, smi_cmd(reg));
		err = smi_wait(p, 0, SMI_BUSY, NULL);
	}
	if (err) {
		p->ctr.phy_errors++;
		pr_warn("%s: PHY register %u write timed out (SMI busy)\n", sky2_port_name(p), reg);
	}
	return err;
}

/*
 * Analog fixes from the PHY errata, written after autonegotiation is
 * restarted (values as Linux's sky2_phy_init writes them; FreeBSD has none).
 * No model can show their effect: on a real board they keep 10BASE-T and
 * 1000BASE-T signals within IEEE limits and the terminations calibrated.
 */
struct sky2_phy_fix {
	u8 reg;
	u16 val;
};

/* EC Ultra: larger 10BASE-T amplitude, then the 1000BASE-T A/B symmetry fix. */
static const struct sky2_phy_fix ec_ultra_afe[] = {
	{ PHY_PAGE, PHY_PAGE_AFE }, { PHY_AFE_DATA, 0xAA99 }, { PHY_AFE_ADDR, 0x2011 },
	{ PHY_AFE_DATA, 0xA204 },   { PHY_AFE_ADDR, 0x2002 }, { PHY_PAGE, 0 },
};
/* Optima rev 0: transmit DAC termination. */
static const struct sky2_phy_fix optima0_afe[] = {
	{ PHY_PAGE, PHY_PAGE_AFE },
	{ PHY_AFE_DATA, 0x2800 },
	{ PHY_AFE_ADDR, 0x2001 },
	{ PHY_PAGE, 0 },
};
/* FE+ A0: calibration of the integrated resistors (indirect register 17). */
static const struct sky2_phy_fix fe_plus_a0_cal[] = {
	{ PHY_FE_PAGE_ADDR, 17 },
	{ PHY_FE_PAGE_DATA, 0x3F60 },
};

static int phy_write_fixes(struct sky2_port *p, const struct sky2_phy_fix *fix, size_t n)
{
	int err = 0;

	for (size_t i = 0; i < n && !err; i++)
		err = sky2_phy_write(p, fix[i].reg, fix[i].val);
	return err;
}

static int phy_errata(struct sky2_port *p)
{
	const struct sky2_hw *hw = p->hw;
	u16 spec;
	int err;

	switch (hw->chip_id) {
	case Y2_CHIP_EC_ULTRA: return phy_write_fixes(p, ec_ultra_afe, ARRAY_SIZE(ec_ultra_afe));
	case Y2_CHIP_OPTIMA:
		if (hw->chip_rev != 0)
			return 0;
		return phy_write_fixes(p, optima0_afe, ARRAY_SIZE(optima0_afe));
	case Y2_CHIP_FE_PLUS:
		if (hw->chip_rev != Y2_REV_FE_PLUS_A0)
			return 0;
		err = sky2_phy_read(p, PHY_FE_SPEC_2, &spec);
		if (!err)
			err = sky2_phy_write(p, PHY_FE_SPEC_2, spec | FESPEC2_CLASS_A);
		if (!err)
			err = phy_write_fixes(p, fe_plus_a0_cal, ARRAY_SIZE(fe_plus_a0_cal));
		return err;
	default: return 0;
	}
}

int sky2_phy_start(struct sky2_port *p)
{
	bool fast = p->hw->quirks & SKY2_Q_FAST_ETHER;
	u16 adv =
	    PHYADV_CSMA | PHYADV_10HD | PHYADV_10FD | PHYADV_100HD | PHYADV_100FD | PHYADV_PAUSE;
	int err;

	err = sky2_phy_read(p, PHY_ID0, &p->phy_id0);
	if (!err)
		err = sky2_phy_read(p, PHY_ID1, &p->phy_id1);
	if (err) {
		pr_err("%s: no PHY behind the GMAC\n", sky2_port_name(p));
		return err;
	}
	err = sky2_phy_write(p, PHY_AN_ADV, adv);
	p->advertised = adv;
	if (!err && !fast)
		err = sky2_phy_write(p, PHY_1000T_CTRL, PHY1000_FD | PHY1000_HD);
	if (!err)
		err = sky2_phy_write(p, PHY_INT_MASK, PHYINT_DEFAULT);
	if (!err)
		err = sky2_phy_write(p, PHY_CTRL, PHYCTRL_ANE | PHYCTRL_RESTART);
	if (!err)
		err = phy_errata(p);
	if (err)
		return err;
	pr_info("%s: PHY %04x:%04x, autonegotiating %s\n", sky2_port_name(p), p->phy_id0,
		p->phy_id1, fast ? "10/100" : "10/100/1000");
	return 0;
}

void sky2_phy_stop(struct sky2_port *p)
{
	(void)sky2_phy_write(p, PHY_INT_MASK, 0);
}

/*
 * Flow control as IEEE 802.3 Annex 28B resolves it from both base pages
 * (we advertise symmetric PAUSE only): both sides offer PAUSE, or we do not
 * and the partner offers both bits, then PAUSE runs both ways, otherwise not
 * at all. The pause bits of the PHY's specific status register are not used:
 * they sit in different places on different Yukon-2 PHYs (the 10/100 PHY of
 * the FE and FE+ has none), so a driver reading them there resolves "none"
 * on some chips and garbage on others. Half duplex below 1000 Mbit/s has no
 * PAUSE, except on EC Ultra and Extreme, whose MACs take it there too.
 */
static void resolve_pause(struct sky2_port *p, u16 lpa, bool *send, bool *obey)
{
	bool ours = p->advertised & PHYADV_PAUSE, ours_asym = p->advertised & PHYADV_ASYM;
	bool theirs = lpa & PHYADV_PAUSE, theirs_asym = lpa & PHYADV_ASYM;
	const struct sky2_hw *hw = p->hw;

	*send = *obey = false;
	if (ours && theirs) {
		*send = *obey = true;
	} else if (ours && ours_asym && !theirs && theirs_asym) {
		*obey = true;
	} else if (!ours && ours_asym && theirs && theirs_asym) {
		*send = true;
	}
	if (!p->full_duplex && p->speed < 1000 && hw->chip_id != Y2_CHIP_EC_ULTRA &&
	    hw->chip_id != Y2_CHIP_EXTREME)
		*send = *obey = false;
}

static void link_up(struct sky2_port *p, u16 ss)
{
	struct sky2_hw *hw = p->hw;
	u16 ctrl = GPCTRL_AU_ALL_DIS | GPCTRL_RX_ENA | GPCTRL_TX_ENA;
	bool send, obey;
	u16 lpa = 0;

	p->speed = (ss & PHYSS_SPEED_1000) ? 1000 : (ss & PHYSS_SPEED_100) ? 100 : 10;
	p->full_duplex = ss & PHYSS_FULL_DUP;
	if (p->speed == 1000)
		ctrl |= GPCTRL_GIGS | GPCTRL_SPEED_100;
	else if (p->speed == 100)
		ctrl |= GPCTRL_SPEED_100;
	if (p->full_duplex)
		ctrl |= GPCTRL_DUP_FULL;
	/* A partner page we cannot read: no flow control rather than a guess. */
	if (sky2_phy_read(p, PHY_AN_LPA, &lpa))
		lpa = 0;
	resolve_pause(p, lpa, &send, &obey);
	if (!obey)
		ctrl |= GPCTRL_FC_RX_DIS;
	if (!send)
		ctrl |= GPCTRL_FC_TX_DIS;
	p->pause_tx = send;
	p->pause_rx = obey;
	pr_info("%s: flow control %s\n", sky2_port_name(p),
		send && obey ? "both ways"
		: send	     ? "we pause the partner"
		: obey	     ? "the partner pauses us"
			     : "off");
	sky2_write8(hw, PORT_REG(p->index, GMAC_CTRL), send ? GMC_PAUSE_ON : GMC_PAUSE_OFF);
	sky2_gm_write(hw, p->index, GM_GP_CTRL, ctrl);
	p->link_up = true;
	p->ctr.link_ups++;
	p->netdev.speed_mbps = p->speed;
	p->netdev.full_duplex = p->full_duplex;
	netif_carrier_on(&p->netdev);
}

static void link_down(struct sky2_port *p)
{
	struct sky2_hw *hw = p->hw;
	u16 ctrl = sky2_gm_read(hw, p->index, GM_GP_CTRL);

	sky2_gm_write(hw, p->index, GM_GP_CTRL, (u16)(ctrl & ~(GPCTRL_RX_ENA | GPCTRL_TX_ENA)));
	p->link_up = false;
	p->ctr.link_downs++;
	p->netdev.speed_mbps = 0;
	netif_carrier_off(&p->netdev);
}

/*
 * Read the PHY's resolved state and bring the MAC and the netdev in line with
 * it. `changed`: the PHY reported a link change, so a link that is up now but
 * was up before went down in between (a flap): report both edges.
 */
static void link_check(struct sky2_port *p, bool changed)
{
	u16 ss;
	bool up;

	if (sky2_phy_read(p, PHY_SPEC_STAT, &ss))
		return;
	up = (ss & PHYSS_LINK_UP) && (ss & PHYSS_RESOLVED);
	if (up && p->link_up && changed)
		link_down(p);
	if (up && !p->link_up)
		link_up(p, ss);
	else if (!up && p->link_up)
		link_down(p);
}

void sky2_phy_intr(struct sky2_port *p)
{
	u16 is;

	if (sky2_phy_read(p, PHY_INT_STAT, &is))
		return;
	if (is & PHYINT_AN_ERROR)
		pr_warn("%s: autonegotiation failed (PHY interrupt status 0x%04x)\n",
			sky2_port_name(p), is);
	if (is & (PHYINT_AN_DONE | PHYINT_LINK_CHG | PHYINT_SPEED_CHG | PHYINT_DUP_CHG))
		link_check(p, is & (PHYINT_LINK_CHG | PHYINT_SPEED_CHG | PHYINT_DUP_CHG));
}

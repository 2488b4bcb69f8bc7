// SPDX-License-Identifier: BSD-2-Clause
/*
 * skge model: the copper PHY behind each port. Genesis boards carry a
 * Broadcom BCM5400 reached through the XMAC's PHY address/data registers;
 * Yukon has a Marvell 88E1011 on the GMAC's SMI. Both are clause-22 PHYs
 * with the standard registers; each adds its own status summary (BCM
 * auxiliary status, Marvell PHY-specific status) and interrupt status/mask.
 *
 * Autonegotiation takes 2 s of simulated time against what the wire's far
 * end advertises (hosted_port_partner). Carrier loss drops the link at once
 * and latches the BMSR link bit low until read; the Marvell PHY raises its
 * link-change interrupt (IS_EXT_REG) when the wire flaps; so does the BCM5400
 * on Genesis, for the sources its interrupt mask lets through.
 *
 * The BCM5400 comes in revisions with errata of their own, which SysKonnect's
 * driver (skxmac2.c: SkXmInitPhyBcom, BcomRegA1Hack/BcomRegC0Hack) and
 * Linux's skge (bcom_phy_init) work around before the first negotiation:
 * A1 and C0 need DSP coefficients seeded (register 0x17 the address, 0x15
 * the value, with AUX_CTRL's SM_DSP clock on), every revision wants power
 * management off while the link is acquired (erratum 10523), and C5 fails
 * to acquire a 1000BASE-T link as slave unless the repeater/DTE bit is set
 * (erratum 1). A negotiation started without them is a violation; on a C5
 * it also never completes, as on the chip.
 */
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/models/skge_model_internal.h"

#define BMCR_DEFAULT   (SKR_BMCR_ANE | SKR_BMCR_SPD_MSB | SKR_BMCR_FULL)
#define ANAR_DEFAULT   (SKR_AN_10HD | SKR_AN_10FD | SKR_AN_100HD | SKR_AN_100FD | 0x01)
#define GTCR_DEFAULT   (SKR_GTCR_1000HD | SKR_GTCR_1000FD)
#define FORCED_LINK_NS (50 * 1000 * 1000ull)

/* Carrier as the PHY senses it: the wire's, unless a link-flap fault holds it off. */
bool skm_carrier(const struct skm_port *p)
{
	return hosted_port_carrier(&p->hp) && !p->flap_until;
}

static bool marvell(const struct skm_port *p)
{
	return !skm_is_genesis(p->m);
}

static void phy_irq(struct skm_port *p, u16 bits)
{
	p->phy.int_stat |= bits;
	skm_update_irq(p->m);
}

static void link_down(struct skm_port *p)
{
	struct skm_phy *ph = &p->phy;

	if (ph->link) {
		ph->link = false;
		ph->link_dropped = true;
		phy_irq(p, marvell(p) ? SKR_MARV_IS_LINK_CHG : SKR_BCOM_IS_LINK);
	}
	ph->an_complete = false;
	ph->lpa = 0;
	ph->gtsr = 0;
}

static void start_link(struct skm_port *p)
{
	struct skm_phy *ph = &p->phy;

	link_down(p);
	ph->an_done_at = 0;
	ph->awaits_cable = false;
	if (ph->in_reset || (ph->bmcr & (SKR_BMCR_PDOWN | SKR_BMCR_ISOLATE)))
		return;
	if (!skm_carrier(p)) {
		ph->awaits_cable = true;
		return;
	}
	ph->an_done_at =
	    hosted_now() + ((ph->bmcr & SKR_BMCR_ANE) ? p->m->autoneg_ns : FORCED_LINK_NS);
}

void skm_phy_reset(struct skm_port *p)
{
	struct skm_phy *ph = &p->phy;
	bool in_reset = ph->in_reset;

	ph->bmcr = BMCR_DEFAULT;
	ph->anar = ANAR_DEFAULT;
	ph->gtcr = GTCR_DEFAULT;
	ph->pctrl = ph->ext_ctrl = ph->aux_ctrl = ph->page = 0;
	/* Marvell: a set bit enables a source; BCM5400: a set bit masks it (all, after reset). */
	ph->int_mask = marvell(p) ? 0 : 0xFFFF;
	ph->int_stat = 0;
	ph->link = false;
	ph->link_dropped = false;
	ph->an_complete = false;
	ph->lpa = ph->gtsr = 0;
	ph->speed = 0;
	ph->full = false;
	ph->in_reset = in_reset;
	ph->dsp_addr = 0;
	ph->nr_dsp = 0;
	ph->slave_fails = false;
	start_link(p);
}

/* ---- BCM5400 revision errata ---- */

struct dsp_value {
	u16 addr, val;
};

/* The coefficients each revision must hold (the last value of each address its table writes). */
static const struct dsp_value bcom_a1_dsp[] = {
	{ 0x0012, 0x1104 },
	{ 0x0013, 0x0404 },
	{ 0x8006, 0x0232 },
	{ 0x800D, 0x000F },
};
static const struct dsp_value bcom_c0_dsp[] = { { 0x0012, 0x1204 }, { 0x0013, 0x0A04 } };

static const char *bcom_rev_name(u16 id1)
{
	switch (id1) {
	case SKR_BCOM_ID1_A1: return "A1";
	case SKR_BCOM_ID1_B2: return "B2";
	case SKR_BCOM_ID1_C0: return "C0";
	case SKR_BCOM_ID1_C5: return "C5";
	default: return "unknown revision";
	}
}

static bool dsp_holds(const struct skm_phy *ph, struct dsp_value want)
{
	for (unsigned int i = 0; i < ph->nr_dsp; i++)
		if (ph->dsp[i].addr == want.addr)
			return ph->dsp[i].val == want.val;
	return false;
}

static void dsp_write(struct skm_port *p, u16 val)
{
	struct skm_phy *ph = &p->phy;
	unsigned int i;

	if (!(ph->aux_ctrl & SKR_BCOM_AC_SMDSP)) {
		skm_fail(
		    p->m,
		    "port %u: BCM5400 DSP 0x%04x written (0x%04x) with AUX_CTRL's SM_DSP clock "
		    "off: the value is lost",
		    p->idx, ph->dsp_addr, val);
		return;
	}
	for (i = 0; i < ph->nr_dsp && ph->dsp[i].addr != ph->dsp_addr; i++)
		;
	if (i == ARRAY_SIZE(ph->dsp)) {
		skm_fail(p->m, "port %u: more BCM5400 DSP coefficients than the model keeps",
			 p->idx);
		return;
	}
	ph->dsp[i].addr = ph->dsp_addr;
	ph->dsp[i].val = val;
	if (i == ph->nr_dsp)
		ph->nr_dsp++;
}

/* The driver starts a negotiation: the revision's errata must have been worked around. */
static void bcom_check_errata(struct skm_port *p)
{
	struct skm_phy *ph = &p->phy;
	u16 id1 = p->m->bcom_id1;
	const struct dsp_value *tab = NULL;
	size_t n = 0;

	if (id1 == SKR_BCOM_ID1_A1) {
		tab = bcom_a1_dsp;
		n = ARRAY_SIZE(bcom_a1_dsp);
	} else if (id1 == SKR_BCOM_ID1_C0) {
		tab = bcom_c0_dsp;
		n = ARRAY_SIZE(bcom_c0_dsp);
	}
	for (size_t i = 0; i < n; i++) {
		if (!dsp_holds(ph, tab[i])) {
			skm_fail(p->m,
				 "port %u: BCM5400 %s negotiating without its DSP fix-ups "
				 "(coefficient 0x%04x must be 0x%04x)",
				 p->idx, bcom_rev_name(id1), tab[i].addr, tab[i].val);
			break;
		}
	}
	if (!(ph->aux_ctrl & SKR_BCOM_AC_DIS_PM))
		skm_fail(p->m,
			 "port %u: BCM5400 negotiating with power management on (erratum 10523: "
			 "AUX_CTRL bit 5 until the link is up)",
			 p->idx);
	ph->slave_fails = id1 == SKR_BCOM_ID1_C5 && !(ph->gtcr & SKR_BCOM_GTCR_REPEATER);
	if (ph->slave_fails)
		skm_fail(p->m,
			 "port %u: BCM5400 C5 negotiating without the repeater/DTE bit (erratum 1: "
			 "no 1000BASE-T link as slave)",
			 p->idx);
}

/* What the far end and we both can do, best first. */
static void resolve(struct skm_port *p)
{
	struct skm_phy *ph = &p->phy;
	u32 partner = hosted_port_partner(&p->hp);
	u32 ours = skm_phy_advertise(p);
	u32 common = partner & ours;

	ph->lpa = 0x01 | SKR_AN_ACK;
	if (partner & HOSTED_LINK_10HD)
		ph->lpa |= SKR_AN_10HD;
	if (partner & HOSTED_LINK_10FD)
		ph->lpa |= SKR_AN_10FD;
	if (partner & HOSTED_LINK_100HD)
		ph->lpa |= SKR_AN_100HD;
	if (partner & HOSTED_LINK_100FD)
		ph->lpa |= SKR_AN_100FD;
	ph->gtsr = 0;
	if (partner & HOSTED_LINK_1000HD)
		ph->gtsr |= SKR_GTSR_LP_1000HD;
	if (partner & HOSTED_LINK_1000FD)
		ph->gtsr |= SKR_GTSR_LP_1000FD;
	ph->speed = 0;
	if (common & HOSTED_LINK_1000FD) {
		ph->speed = 1000;
		ph->full = true;
	} else if (common & HOSTED_LINK_1000HD) {
		ph->speed = 1000;
		ph->full = false;
	} else if (common & HOSTED_LINK_100FD) {
		ph->speed = 100;
		ph->full = true;
	} else if (common & HOSTED_LINK_100HD) {
		ph->speed = 100;
		ph->full = false;
	} else if (common & HOSTED_LINK_10FD) {
		ph->speed = 10;
		ph->full = true;
	} else if (common & HOSTED_LINK_10HD) {
		ph->speed = 10;
		ph->full = false;
	}
}

static void forced(struct skm_port *p)
{
	struct skm_phy *ph = &p->phy;

	ph->speed = (ph->bmcr & SKR_BMCR_SPD_MSB) ? 1000 : (ph->bmcr & SKR_BMCR_SPD_LSB) ? 100 : 10;
	ph->full = (ph->bmcr & SKR_BMCR_FULL) != 0;
}

u64 skm_phy_tick(struct skm_port *p, u64 now)
{
	struct skm_phy *ph = &p->phy;

	if (p->flap_until) {
		if (now < p->flap_until)
			return p->flap_until;
		p->flap_until = 0;
		skm_phy_link_changed(p);
	}
	/* A PHY out of reset senses a cable plugged in after it (or no one said so). */
	if (ph->awaits_cable && skm_carrier(p))
		start_link(p);
	if (!ph->an_done_at)
		return UINT64_MAX;
	if (now < ph->an_done_at)
		return ph->an_done_at;
	ph->an_done_at = 0;
	if (!skm_carrier(p) || ph->slave_fails)
		return UINT64_MAX;
	if (ph->bmcr & SKR_BMCR_ANE) {
		resolve(p);
		ph->an_complete = true;
		if (!ph->speed) {
			skm_fail(p->m,
				 "port %u: autonegotiation found nothing in common with the "
				 "link partner",
				 p->idx);
			return UINT64_MAX;
		}
	} else {
		forced(p);
	}
	ph->link = true;
	phy_irq(p, marvell(p) ? SKR_MARV_IS_AN_DONE | SKR_MARV_IS_LINK_CHG | SKR_MARV_IS_LSP_CHG |
				    SKR_MARV_IS_DUP_CHG
			      : SKR_BCOM_IS_LINK | SKR_BCOM_IS_AN_PAGE);
	return UINT64_MAX;
}

void skm_phy_link_changed(struct skm_port *p)
{
	if (!skm_carrier(p)) {
		link_down(p);
		p->phy.an_done_at = 0;
	} else if (!p->phy.link && !p->phy.an_done_at) {
		start_link(p);
	}
}

u32 skm_phy_advertise(struct skm_port *p)
{
	const struct skm_phy *ph = &p->phy;
	u32 a = 0;

	if (ph->anar & SKR_AN_10HD)
		a |= HOSTED_LINK_10HD;
	if (ph->anar & SKR_AN_10FD)
		a |= HOSTED_LINK_10FD;
	if (ph->anar & SKR_AN_100HD)
		a |= HOSTED_LINK_100HD;
	if (ph->anar & SKR_AN_100FD)
		a |= HOSTED_LINK_100FD;
	if (ph->gtcr & SKR_GTCR_1000HD)
		a |= HOSTED_LINK_1000HD;
	if (ph->gtcr & SKR_GTCR_1000FD)
		a |= HOSTED_LINK_1000FD;
	return a;
}

static u16 bmsr(struct skm_port *p)
{
	struct skm_phy *ph = &p->phy;
	u16 v = SKR_BMSR_ABILITY | SKR_BMSR_ESTAT | SKR_BMSR_AN_ABLE | SKR_BMSR_EXTCAP;

	/* Link is latched low: a drop shows once even if the link came back. */
	if (ph->link && !ph->link_dropped)
		v |= SKR_BMSR_LINK;
	ph->link_dropped = false;
	if (ph->an_complete)
		v |= SKR_BMSR_AN_DONE;
	return v;
}

static u16 bcom_aux_status(const struct skm_phy *ph)
{
	u16 res = 0;

	if (ph->link) {
		if (ph->speed == 1000)
			res = ph->full ? 7 : 6;
		else if (ph->speed == 100)
			res = ph->full ? 5 : 3;
		else
			res = ph->full ? 2 : 1;
	}
	return (u16)((ph->an_complete ? SKR_BCOM_AS_AN_DONE : 0) | res << SKR_BCOM_AS_RES_SHIFT |
		     (ph->link ? SKR_BCOM_AS_LINK : 0));
}

static u16 marv_status(const struct skm_phy *ph)
{
	u16 v = 0;

	if (!ph->link)
		return 0;
	v |= (u16)((ph->speed == 1000 ? 2 : ph->speed == 100 ? 1 : 0) << SKR_MARV_PS_SPD_SHIFT);
	if (ph->full)
		v |= SKR_MARV_PS_FULL;
	return v | SKR_MARV_PS_RESOLVED | SKR_MARV_PS_LINK;
}

u16 skm_phy_read(struct skm_port *p, unsigned int reg)
{
	struct skm_phy *ph = &p->phy;
	u16 v;

	switch (reg) {
	case SKR_MII_BMCR: return ph->bmcr;
	case SKR_MII_BMSR: return bmsr(p);
	case SKR_MII_ID0: return marvell(p) ? SKR_MARV_ID0 : SKR_BCOM_ID0;
	case SKR_MII_ID1: return marvell(p) ? SKR_MARV_ID1 : p->m->bcom_id1;
	case SKR_MII_ANAR: return ph->anar;
	case SKR_MII_LPA: return ph->an_complete ? ph->lpa : 0;
	case SKR_MII_ANER: return ph->an_complete ? 0x0001 : 0;
	case SKR_MII_NPAGE:
	case SKR_MII_NPAGE_LP: return 0;
	case SKR_MII_GTCR: return ph->gtcr;
	case SKR_MII_GTSR: return ph->an_complete ? ph->gtsr : 0;
	case SKR_MII_ESTAT: return SKR_ESTAT_1000T;
	}
	if (marvell(p)) {
		switch (reg) {
		case SKR_MARV_PHY_CTRL: return ph->pctrl;
		case SKR_MARV_PHY_STAT: return marv_status(ph);
		case SKR_MARV_INT_MASK: return ph->int_mask;
		case SKR_MARV_INT_STAT:
			v = ph->int_stat;
			ph->int_stat = 0;
			skm_update_irq(p->m);
			return v;
		case SKR_MARV_EXT_CTRL: return ph->ext_ctrl;
		case SKR_MARV_RXE_CNT:
		case SKR_MARV_EXT_PSTAT: return 0;
		case SKR_MARV_EXT_ADR: return ph->page;
		case SKR_MARV_LED_CTRL:
		case SKR_MARV_LED_OVER:
		case SKR_MARV_EXT_CTRL2: return 0;
		}
	} else {
		switch (reg) {
		case SKR_BCOM_P_EXT_CTRL: return ph->ext_ctrl;
		case SKR_BCOM_P_EXT_STAT: return ph->link ? BIT(8) : 0;
		case SKR_BCOM_AUX_CTRL: return ph->aux_ctrl;
		case SKR_BCOM_AUX_STAT: return bcom_aux_status(ph);
		case SKR_BCOM_INT_STAT:
			v = ph->int_stat;
			ph->int_stat = 0;
			skm_update_irq(p->m);
			return v;
		case SKR_BCOM_INT_MASK: return ph->int_mask;
		case SKR_BCOM_RX_ERR_CNT:
		case SKR_BCOM_FALSE_CARR:
		case SKR_BCOM_RX_NOT_OK: return 0;
		}
	}
	skm_fail(p->m, "port %u: PHY register %u read: not modelled", p->idx, reg);
	return 0xFFFF;
}

void skm_phy_write(struct skm_port *p, unsigned int reg, u16 val)
{
	struct skm_phy *ph = &p->phy;

	switch (reg) {
	case SKR_MII_BMCR:
		if (val & SKR_BMCR_LOOP)
			skm_fail(p->m, "port %u: PHY loopback is not modelled", p->idx);
		if (val & SKR_BMCR_RESET) {
			skm_phy_reset(p);
			return;
		}
		ph->bmcr = val & ~SKR_BMCR_ANRESTART;
		if (!marvell(p) && (val & SKR_BMCR_ANE) && (val & SKR_BMCR_ANRESTART))
			bcom_check_errata(p);
		if ((val & SKR_BMCR_ANRESTART) || !(val & SKR_BMCR_ANE) ||
		    (val & (SKR_BMCR_PDOWN | SKR_BMCR_ISOLATE)))
			start_link(p);
		return;
	case SKR_MII_ANAR: ph->anar = val; return;
	case SKR_MII_GTCR: ph->gtcr = val; return;
	case SKR_MII_NPAGE: return;
	}
	if (marvell(p)) {
		switch (reg) {
		case SKR_MARV_PHY_CTRL: ph->pctrl = val; return;
		case SKR_MARV_INT_MASK:
			ph->int_mask = val;
			skm_update_irq(p->m);
			return;
		case SKR_MARV_EXT_CTRL: ph->ext_ctrl = val; return;
		case SKR_MARV_EXT_ADR: ph->page = val; return;
		case SKR_MARV_LED_CTRL:
		case SKR_MARV_LED_OVER:
		case SKR_MARV_EXT_CTRL2: return;
		}
	} else {
		switch (reg) {
		case SKR_BCOM_P_EXT_CTRL:
			ph->ext_ctrl = val;
			skm_update_irq(p->m);
			return;
		case SKR_BCOM_AUX_CTRL: ph->aux_ctrl = val; return;
		case SKR_BCOM_INT_MASK:
			ph->int_mask = val;
			skm_update_irq(p->m);
			return;
		case SKR_BCOM_DSP_ADDR: ph->dsp_addr = val; return;
		case SKR_BCOM_DSP_DATA: dsp_write(p, val); return;
		}
	}
	skm_fail(p->m, "port %u: PHY register %u written (0x%04x): not modelled or read-only",
		 p->idx, reg, val);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The model's MAC-side MDIO interface and its copper PHY: IEEE clause 22
 * registers, autonegotiation against what the wire's far end advertises, the
 * latched-low link bit, and the MAC's autopoll that turns PHY link changes
 * into a link-change attention.
 */
#include <string.h>

#include "tests/hosted/models/tg3_model_internal.h"
#include "tests/hosted/models/tg3_model_mii.h"

#define BMSR_ABILITIES                                                                       \
	(BGEM_BMSR_100X_FULL | BGEM_BMSR_100X_HALF | BGEM_BMSR_10_FULL | BGEM_BMSR_10_HALF | \
	 BGEM_BMSR_EXT_STATUS | BGEM_BMSR_ANEG_ABLE | BGEM_BMSR_EXT_CAP)

static void phy_defaults(struct tm_phy *p)
{
	p->bmcr = BGEM_BMCR_ANEG | BGEM_BMCR_SPEED_MSB | BGEM_BMCR_FULL;
	p->anar = BGEM_AN_SELECTOR_8023 | BGEM_AN_10_HALF | BGEM_AN_10_FULL | BGEM_AN_100_HALF |
		  BGEM_AN_100_FULL;
	p->gtcr = BGEM_GBCR_ADV_FULL | BGEM_GBCR_ADV_HALF;
	p->ext_ctrl = p->dsp_addr = p->dsp_ctrl = p->imask = p->istat = p->test1 = 0;
	memset(p->aux_ctrl, 0, sizeof(p->aux_ctrl));
	memset(p->misc_shdw, 0, sizeof(p->misc_shdw));
	p->aux_rdsel = p->misc_rdsel = p->mmd_ctrl = p->mmd_addr = 0;
	p->ndsp = p->nmmd = 0;
}

u32 tm_port_advertise(struct tg3_model *m)
{
	const struct tm_phy *p = &m->phy;
	u32 a = 0;

	if (!(p->bmcr & BGEM_BMCR_ANEG) || (p->bmcr & BGEM_BMCR_POWER_DOWN))
		return 0;
	if (p->anar & BGEM_AN_10_HALF)
		a |= HOSTED_LINK_10HD;
	if (p->anar & BGEM_AN_10_FULL)
		a |= HOSTED_LINK_10FD;
	if (p->anar & BGEM_AN_100_HALF)
		a |= HOSTED_LINK_100HD;
	if (p->anar & BGEM_AN_100_FULL)
		a |= HOSTED_LINK_100FD;
	if (p->gtcr & BGEM_GBCR_ADV_HALF)
		a |= HOSTED_LINK_1000HD;
	if (p->gtcr & BGEM_GBCR_ADV_FULL)
		a |= HOSTED_LINK_1000FD;
	if (p->anar & BGEM_AN_PAUSE)
		a |= HOSTED_LINK_PAUSE;
	if (p->anar & BGEM_AN_ASYM_PAUSE)
		a |= HOSTED_LINK_ASYM_PAUSE;
	return a;
}

static void link_down(struct tg3_model *m)
{
	if (m->phy.link) {
		m->phy.link_dropped = true;
		m->phy.istat |= BGEM_ISTAT_LINKCHG;
	}
	m->phy.link = false;
	m->phy.an_complete = false;
	m->phy.lpa = 0;
	m->phy.gtsr = 0;
	m->phy.speed = 0;
}

static void start_autoneg(struct tg3_model *m)
{
	link_down(m);
	m->phy.an_done_at = hosted_now() + TM_AUTONEG_NS;
}

void tm_phy_reset(struct tg3_model *m)
{
	phy_defaults(&m->phy);
	start_autoneg(m);
}

/* Carrier as the PHY senses it: the wire's, unless a link-flap fault holds it off. */
bool tm_carrier(const struct tg3_model *m)
{
	return hosted_port_carrier(&m->port) && !m->flap_until;
}

/* The wire changed: carrier lost drops the link at once, carrier back renegotiates. */
void tm_phy_link_changed(struct tg3_model *m)
{
	if (!tm_carrier(m) || (m->phy.bmcr & BGEM_BMCR_POWER_DOWN)) {
		link_down(m);
		m->phy.an_done_at = 0;
		return;
	}
	if (m->phy.bmcr & BGEM_BMCR_ANEG)
		start_autoneg(m);
}

static void finish_autoneg(struct tg3_model *m)
{
	struct tm_phy *p = &m->phy;
	u32 partner = hosted_port_partner(&m->port);
	u32 common = partner & tm_port_advertise(m);

	p->an_done_at = 0;
	if (!tm_carrier(m))
		return; /* the cable went away meanwhile: its return renegotiates */
	p->lpa = BGEM_AN_SELECTOR_8023;
	if (partner & HOSTED_LINK_10HD)
		p->lpa |= BGEM_AN_10_HALF;
	if (partner & HOSTED_LINK_10FD)
		p->lpa |= BGEM_AN_10_FULL;
	if (partner & HOSTED_LINK_100HD)
		p->lpa |= BGEM_AN_100_HALF;
	if (partner & HOSTED_LINK_100FD)
		p->lpa |= BGEM_AN_100_FULL;
	if (partner & HOSTED_LINK_PAUSE)
		p->lpa |= BGEM_AN_PAUSE;
	if (partner & HOSTED_LINK_ASYM_PAUSE)
		p->lpa |= BGEM_AN_ASYM_PAUSE;
	p->gtsr = 0;
	if (partner & HOSTED_LINK_1000HD)
		p->gtsr |= BGEM_GBSR_PARTNER_HALF;
	if (partner & HOSTED_LINK_1000FD)
		p->gtsr |= BGEM_GBSR_PARTNER_FULL;
	p->an_complete = true;
	if (common & HOSTED_LINK_1000FD) {
		p->speed = 1000, p->full = true;
	} else if (common & HOSTED_LINK_1000HD) {
		p->speed = 1000, p->full = false;
	} else if (common & HOSTED_LINK_100FD) {
		p->speed = 100, p->full = true;
	} else if (common & HOSTED_LINK_100HD) {
		p->speed = 100, p->full = false;
	} else if (common & HOSTED_LINK_10FD) {
		p->speed = 10, p->full = true;
	} else if (common & HOSTED_LINK_10HD) {
		p->speed = 10, p->full = false;
	} else {
		p->speed = 0;
	}
	p->link = p->speed != 0;
	if (p->link)
		p->istat |= BGEM_ISTAT_LINKCHG;
}

/* ---- Broadcom vendor registers ---- */

/* A small memory for DSP and clause 45 registers, addressed indirectly. */
static u16 *kept(u16 *vals, void *at, bool wide, unsigned int *n, u32 addr, bool create)
{
	for (unsigned int i = 0; i < *n; i++)
		if ((wide ? ((u32 *)at)[i] : ((u16 *)at)[i]) == addr)
			return &vals[i];
	if (!create || *n == TM_PHY_KEPT)
		return NULL;
	if (wide)
		((u32 *)at)[*n] = addr;
	else
		((u16 *)at)[*n] = (u16)addr;
	vals[*n] = 0;
	return &vals[(*n)++];
}

static u16 aux_status(const struct tm_phy *p)
{
	u16 code;

	if (!p->link)
		return 0;
	switch (p->speed) {
	case 1000: code = p->full ? 7 : 6; break;
	case 100: code = p->full ? 5 : 3; break;
	default: code = p->full ? 2 : 1; break;
	}
	return (u16)(code << BGEM_AUXSTAT_SPD_SHIFT) | BGEM_AUXSTAT_LPASS |
	       (p->speed == 100 ? BGEM_AUXSTAT_100 : 0) | (p->full ? BGEM_AUXSTAT_FULL : 0);
}

static u32 mmd_key(const struct tm_phy *p)
{
	return (u32)(p->mmd_ctrl & BGEM_MMD_CTRL_DEVAD) << 16 | p->mmd_addr;
}

static bool vendor_read(struct tg3_model *m, u8 reg, u16 *v)
{
	struct tm_phy *p = &m->phy;
	u16 *k;

	switch (reg) {
	case BGEM_MII_MMD_CTRL: *v = p->mmd_ctrl; return true;
	case BGEM_MII_MMD_ADDR:
		if (!(p->mmd_ctrl & BGEM_MMD_CTRL_DATA)) {
			*v = p->mmd_addr;
		} else {
			k = kept(p->mmd, p->mmd_at, true, &p->nmmd, mmd_key(p), false);
			*v = k ? *k : 0; /* EEE status and friends: nothing resolved */
		}
		return true;
	case BGEM_MII_EXT_CTRL: *v = p->ext_ctrl; return true;
	case BGEM_MII_EXT_STAT:
	case BGEM_MII_RXR_COUNTERS: *v = 0; return true;
	case BGEM_MII_DSP_RW:
		k = kept(p->dsp, p->dsp_at, false, &p->ndsp, p->dsp_addr, false);
		*v = k ? *k : 0;
		return true;
	case BGEM_MII_DSP_CTRL: *v = p->dsp_ctrl; return true;
	case BGEM_MII_DSP_ADDR: *v = p->dsp_addr; return true;
	case BGEM_MII_AUX_CTRL: *v = p->aux_ctrl[p->aux_rdsel]; return true;
	case BGEM_MII_AUX_STAT: *v = aux_status(p); return true;
	case BGEM_MII_ISTAT:
		*v = p->istat;
		p->istat = 0;
		return true;
	case BGEM_MII_IMASK: *v = p->imask; return true;
	case BGEM_MII_MISC_SHDW: *v = p->misc_shdw[p->misc_rdsel]; return true;
	case BGEM_MII_TEST1: *v = p->test1; return true;
	default: return false;
	}
}

static bool vendor_write(struct tg3_model *m, u8 reg, u16 val)
{
	struct tm_phy *p = &m->phy;
	u16 *k;

	switch (reg) {
	case BGEM_MII_MMD_CTRL: p->mmd_ctrl = val; return true;
	case BGEM_MII_MMD_ADDR:
		if (!(p->mmd_ctrl & BGEM_MMD_CTRL_DATA)) {
			p->mmd_addr = val;
		} else if ((k = kept(p->mmd, p->mmd_at, true, &p->nmmd, mmd_key(p), true))) {
			*k = val;
		} else {
			tm_violation(m, "PHY clause 45 write: more registers than the model keeps");
		}
		return true;
	case BGEM_MII_EXT_CTRL: p->ext_ctrl = val; return true;
	case BGEM_MII_DSP_RW:
		if ((k = kept(p->dsp, p->dsp_at, false, &p->ndsp, p->dsp_addr, true)))
			*k = val;
		else
			tm_violation(m, "PHY DSP write: more registers than the model keeps");
		return true;
	case BGEM_MII_DSP_CTRL: p->dsp_ctrl = val; return true;
	case BGEM_MII_DSP_ADDR: p->dsp_addr = val; return true;
	case BGEM_MII_AUX_CTRL:
		if ((val & BGEM_AUXCTL_SEL) != BGEM_AUXCTL_SEL_MISC)
			p->aux_ctrl[val & BGEM_AUXCTL_SEL] = val;
		else if (val & BGEM_AUXCTL_MISC_WREN)
			p->aux_ctrl[BGEM_AUXCTL_SEL_MISC] = val & ~BGEM_AUXCTL_MISC_WREN;
		else
			p->aux_rdsel = (val >> 12) & BGEM_AUXCTL_SEL; /* selects what reads see */
		return true;
	case BGEM_MII_IMASK: p->imask = val; return true;
	case BGEM_MII_MISC_SHDW:
		if (val & BGEM_MISCSHDW_WREN)
			p->misc_shdw[(val >> 10) & 0x1F] = val & ~BGEM_MISCSHDW_WREN;
		else
			p->misc_rdsel = (val >> 10) & 0x1F;
		return true;
	case BGEM_MII_TEST1: p->test1 = val; return true;
	default: return false;
	}
}

static u16 phy_read(struct tg3_model *m, u8 reg)
{
	struct tm_phy *p = &m->phy;
	u16 v;

	switch (reg) {
	case BGEM_MII_BMCR: return p->bmcr;
	case BGEM_MII_BMSR:
		v = BMSR_ABILITIES;
		if (p->link && !p->link_dropped)
			v |= BGEM_BMSR_LINK;
		if (p->an_complete)
			v |= BGEM_BMSR_ANEG_DONE;
		p->link_dropped = false; /* the latch clears when read */
		return v;
	case BGEM_MII_ID_HI: return m->var->phy_id1;
	case BGEM_MII_ID_LO: return m->var->phy_id2;
	case BGEM_MII_ANAR: return p->anar;
	case BGEM_MII_ANLPAR: return p->an_complete ? p->lpa : 0;
	case BGEM_MII_GBCR: return p->gtcr;
	case BGEM_MII_GBSR: return p->an_complete ? p->gtsr : 0;
	case BGEM_MII_ESR: return BGEM_ESR_1000T_FULL | BGEM_ESR_1000T_HALF;
	default:
		if (vendor_read(m, reg, &v))
			return v;
		tm_violation(m, "MDIO read of PHY register %u, which the model does not have", reg);
		return 0;
	}
}

static void phy_write(struct tg3_model *m, u8 reg, u16 val)
{
	struct tm_phy *p = &m->phy;

	switch (reg) {
	case BGEM_MII_BMCR:
		if (val & BGEM_BMCR_RESET) {
			tm_phy_reset(m);
			return;
		}
		p->bmcr = val & ~BGEM_BMCR_ANEG_RERUN;
		if (val & BGEM_BMCR_POWER_DOWN) {
			link_down(m);
			p->an_done_at = 0;
		} else if ((val & BGEM_BMCR_ANEG) && (val & BGEM_BMCR_ANEG_RERUN)) {
			if (tm_carrier(m))
				start_autoneg(m);
			else
				link_down(m);
		} else if (!(val & BGEM_BMCR_ANEG)) {
			tm_violation(m,
				     "PHY forced to a fixed mode (BMCR 0x%04x): the model only "
				     "implements autonegotiation",
				     val);
		}
		return;
	case BGEM_MII_ANAR: p->anar = val; return;
	case BGEM_MII_GBCR: p->gtcr = val; return;
	default:
		if (vendor_write(m, reg, val))
			return;
		tm_violation(m,
			     "MDIO write 0x%04x to PHY register %u, which the model does not "
			     "have (or is read-only)",
			     val, reg);
	}
}

void tm_mi_comm_write(struct tg3_model *m, u32 val)
{
	if (tm_reg(m, BGEM_MAC_MI_MODE) & BGEM_MIMODE_AUTOPOLL) {
		tm_violation(m,
			     "MDIO transaction 0x%08x started while autopoll is on: it would "
			     "collide with the MAC's own polling",
			     val);
		return;
	}
	if (m->mdio_done_at) {
		tm_violation(m,
			     "MI_COMM written (0x%08x) while the previous transaction is "
			     "still busy",
			     val);
		return;
	}
	if (!(val & BGEM_MICOMM_START_BUSY)) {
		tm_violation(m, "MI_COMM written without the start bit (0x%08x)", val);
		return;
	}
	tm_reg_set(m, BGEM_MAC_MI_COMM, val);
	m->mdio_done_at = hosted_now() + TM_MDIO_NS;
}

static void mdio_complete(struct tg3_model *m)
{
	u32 v = tm_reg(m, BGEM_MAC_MI_COMM);
	u8 phy = (v >> BGEM_MICOMM_PHY_SHIFT) & 0x1F;
	u8 reg = (v >> BGEM_MICOMM_REG_SHIFT) & 0x1F;
	u32 cmd = v & BGEM_MICOMM_CMD;

	m->mdio_done_at = 0;
	v &= ~(BGEM_MICOMM_START_BUSY | BGEM_MICOMM_READ_FAIL);
	if (phy != m->fn + 1) {
		/* Nobody answers at that address: reads float high and fail. */
		if (cmd == BGEM_MICOMM_CMD_READ)
			v = (v & ~BGEM_MICOMM_DATA) | BGEM_MICOMM_READ_FAIL | 0xFFFF;
	} else if (cmd == BGEM_MICOMM_CMD_READ) {
		v = (v & ~BGEM_MICOMM_DATA) | phy_read(m, reg);
	} else if (cmd == BGEM_MICOMM_CMD_WRITE) {
		phy_write(m, reg, (u16)(v & BGEM_MICOMM_DATA));
	} else {
		tm_violation(m, "MI_COMM command field %u is neither read nor write", cmd >> 26);
	}
	tm_reg_set(m, BGEM_MAC_MI_COMM, v);
	tm_reg_set(m, BGEM_MAC_STATUS, tm_reg(m, BGEM_MAC_STATUS) | BGEM_MACSTAT_MI_DONE);
}

/*
 * The MAC follows the integrated PHY's link signal and flags each change
 * in MAC_STATUS (and, if enabled, as an attention), with or without
 * autopoll: Linux tg3 on the 5719 polls no PHY register for the link but
 * waits for SD_STATUS_LINK_CHG with MAC_EVENT_LNKSTATE_CHANGED enabled
 * (tg3_setup_copper_phy). MI_STATUS follows the same signal (UNVERIFIED
 * without autopoll).
 */
static void autopoll(struct tg3_model *m)
{
	bool link = m->phy.link;

	if (link == m->mi_link)
		return;
	m->mi_link = link;
	tm_reg_set(m, BGEM_MAC_MI_STATUS, link ? BGEM_MISTAT_LINK : 0);
	tm_reg_set(m, BGEM_MAC_STATUS, tm_reg(m, BGEM_MAC_STATUS) | BGEM_MACSTAT_LINK_CHANGE);
	if (tm_reg(m, BGEM_MAC_EVENT) & BGEM_MACEVT_LINK_CHANGE) {
		m->sb_link_changed = true;
		tm_attention(m);
	}
}

u64 tm_phy_tick(struct tg3_model *m, u64 now)
{
	u64 next = UINT64_MAX;

	if (m->flap_until) {
		if (now >= m->flap_until) {
			m->flap_until = 0;
			tm_phy_link_changed(m);
		} else {
			next = m->flap_until;
		}
	}
	if (m->mdio_done_at) {
		if (now >= m->mdio_done_at)
			mdio_complete(m);
		else
			next = m->mdio_done_at;
	}
	if (m->phy.an_done_at) {
		if (now >= m->phy.an_done_at)
			finish_autoneg(m);
		else
			next = MIN(next, m->phy.an_done_at);
	}
	autopoll(m);
	return next;
}

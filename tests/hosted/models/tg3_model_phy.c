// SPDX-License-Identifier: BSD-2-Clause
/*
 * The model's MAC-side MDIO interface and its copper PHY: IEEE clause 22
 * registers, autonegotiation against what the wire's far end advertises, the
 * latched-low link bit, and the MAC's autopoll that turns PHY link changes
 * into a link-change attention.
 */
#include "tests/hosted/models/tg3_model_internal.h"
#include "tests/hosted/models/tg3_model_mii.h"

#define PHY_ID1 0x5C0D /* a Broadcom-style identifier; nothing depends on it */
#define PHY_ID2 0x8A21
#define BMSR_ABILITIES                                                                       \
	(BGEM_BMSR_100X_FULL | BGEM_BMSR_100X_HALF | BGEM_BMSR_10_FULL | BGEM_BMSR_10_HALF | \
	 BGEM_BMSR_EXT_STATUS | BGEM_BMSR_ANEG_ABLE | BGEM_BMSR_EXT_CAP)

static void phy_defaults(struct tm_phy *p)
{
	p->bmcr = BGEM_BMCR_ANEG | BGEM_BMCR_SPEED_MSB | BGEM_BMCR_FULL;
	p->anar = BGEM_AN_SELECTOR_8023 | BGEM_AN_10_HALF | BGEM_AN_10_FULL | BGEM_AN_100_HALF |
		  BGEM_AN_100_FULL;
	p->gtcr = BGEM_GBCR_ADV_FULL | BGEM_GBCR_ADV_HALF;
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
	return a;
}

static void link_down(struct tg3_model *m)
{
	if (m->phy.link)
		m->phy.link_dropped = true;
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

/* The wire changed: carrier lost drops the link at once, carrier back renegotiates. */
void tm_phy_link_changed(struct tg3_model *m)
{
	if (!hosted_port_carrier(&m->port) || (m->phy.bmcr & BGEM_BMCR_POWER_DOWN)) {
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
	p->lpa = BGEM_AN_SELECTOR_8023;
	if (partner & HOSTED_LINK_10HD)
		p->lpa |= BGEM_AN_10_HALF;
	if (partner & HOSTED_LINK_10FD)
		p->lpa |= BGEM_AN_10_FULL;
	if (partner & HOSTED_LINK_100HD)
		p->lpa |= BGEM_AN_100_HALF;
	if (partner & HOSTED_LINK_100FD)
		p->lpa |= BGEM_AN_100_FULL;
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
	case BGEM_MII_ID_HI: return PHY_ID1;
	case BGEM_MII_ID_LO: return PHY_ID2;
	case BGEM_MII_ANAR: return p->anar;
	case BGEM_MII_ANLPAR: return p->an_complete ? p->lpa : 0;
	case BGEM_MII_GBCR: return p->gtcr;
	case BGEM_MII_GBSR: return p->an_complete ? p->gtsr : 0;
	case BGEM_MII_ESR: return BGEM_ESR_1000T_FULL | BGEM_ESR_1000T_HALF;
	default:
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
			if (hosted_port_carrier(&m->port))
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

/* Autopoll: the MAC reads the PHY's link for us and flags changes. */
static void autopoll(struct tg3_model *m)
{
	bool link = m->phy.link;

	if (!(tm_reg(m, BGEM_MAC_MI_MODE) & BGEM_MIMODE_AUTOPOLL) || link == m->mi_link)
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

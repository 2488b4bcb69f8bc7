// SPDX-License-Identifier: BSD-2-Clause
/*
 * The model's MAC-side MDIO interface and its copper PHY: IEEE clause 22
 * registers, autonegotiation against what the wire's far end advertises, the
 * latched-low link bit, and the MAC's autopoll that turns PHY link changes
 * into a link-change attention.
 */
#include "drivers/tg3/tg3_mii.h"
#include "tests/hosted/models/tg3_model_internal.h"

#define PHY_ID1 0x5C0D /* a Broadcom-style identifier; nothing depends on it */
#define PHY_ID2 0x8A21
#define BMSR_ABILITIES                                                                           \
	(MII_STAT_100FD | MII_STAT_100HD | MII_STAT_10FD | MII_STAT_10HD | MII_STAT_EXT_STATUS | \
	 MII_STAT_AN_ABLE | MII_STAT_EXT_CAPS)

static void phy_defaults(struct tm_phy *p)
{
	p->bmcr = MII_CTRL_AN_ENABLE | MII_CTRL_SPEED1000 | MII_CTRL_FULL_DUPLEX;
	p->anar = MII_ADV_CSMA | MII_ADV_ALL_10_100;
	p->gtcr = MII_1000C_ADV_FD | MII_1000C_ADV_HD;
}

u32 tm_port_advertise(struct tg3_model *m)
{
	const struct tm_phy *p = &m->phy;
	u32 a = 0;

	if (!(p->bmcr & MII_CTRL_AN_ENABLE) || (p->bmcr & MII_CTRL_POWER_DOWN))
		return 0;
	if (p->anar & MII_ADV_10HD)
		a |= HOSTED_LINK_10HD;
	if (p->anar & MII_ADV_10FD)
		a |= HOSTED_LINK_10FD;
	if (p->anar & MII_ADV_100HD)
		a |= HOSTED_LINK_100HD;
	if (p->anar & MII_ADV_100FD)
		a |= HOSTED_LINK_100FD;
	if (p->gtcr & MII_1000C_ADV_HD)
		a |= HOSTED_LINK_1000HD;
	if (p->gtcr & MII_1000C_ADV_FD)
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
	if (!hosted_port_carrier(&m->port) || (m->phy.bmcr & MII_CTRL_POWER_DOWN)) {
		link_down(m);
		m->phy.an_done_at = 0;
		return;
	}
	if (m->phy.bmcr & MII_CTRL_AN_ENABLE)
		start_autoneg(m);
}

static void finish_autoneg(struct tg3_model *m)
{
	struct tm_phy *p = &m->phy;
	u32 partner = hosted_port_partner(&m->port);
	u32 common = partner & tm_port_advertise(m);

	p->an_done_at = 0;
	p->lpa = MII_ADV_CSMA;
	if (partner & HOSTED_LINK_10HD)
		p->lpa |= MII_ADV_10HD;
	if (partner & HOSTED_LINK_10FD)
		p->lpa |= MII_ADV_10FD;
	if (partner & HOSTED_LINK_100HD)
		p->lpa |= MII_ADV_100HD;
	if (partner & HOSTED_LINK_100FD)
		p->lpa |= MII_ADV_100FD;
	p->gtsr = 0;
	if (partner & HOSTED_LINK_1000HD)
		p->gtsr |= MII_1000S_LP_HD;
	if (partner & HOSTED_LINK_1000FD)
		p->gtsr |= MII_1000S_LP_FD;
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
	case MII_CONTROL: return p->bmcr;
	case MII_STATUS:
		v = BMSR_ABILITIES;
		if (p->link && !p->link_dropped)
			v |= MII_STAT_LINK;
		if (p->an_complete)
			v |= MII_STAT_AN_COMPLETE;
		p->link_dropped = false; /* the latch clears when read */
		return v;
	case MII_PHY_ID1: return PHY_ID1;
	case MII_PHY_ID2: return PHY_ID2;
	case MII_ADVERTISE: return p->anar;
	case MII_LP_ABILITY: return p->an_complete ? p->lpa : 0;
	case MII_1000_CONTROL: return p->gtcr;
	case MII_1000_STATUS: return p->an_complete ? p->gtsr : 0;
	case MII_EXT_STATUS: return MII_ESTAT_1000T_FD | MII_ESTAT_1000T_HD;
	default:
		tm_violation(m, "MDIO read of PHY register %u, which the model does not have", reg);
		return 0;
	}
}

static void phy_write(struct tg3_model *m, u8 reg, u16 val)
{
	struct tm_phy *p = &m->phy;

	switch (reg) {
	case MII_CONTROL:
		if (val & MII_CTRL_RESET) {
			tm_phy_reset(m);
			return;
		}
		p->bmcr = val & ~MII_CTRL_AN_RESTART;
		if (val & MII_CTRL_POWER_DOWN) {
			link_down(m);
			p->an_done_at = 0;
		} else if ((val & MII_CTRL_AN_ENABLE) && (val & MII_CTRL_AN_RESTART)) {
			if (hosted_port_carrier(&m->port))
				start_autoneg(m);
			else
				link_down(m);
		} else if (!(val & MII_CTRL_AN_ENABLE)) {
			tm_violation(m,
				     "PHY forced to a fixed mode (BMCR 0x%04x): the model only "
				     "implements autonegotiation",
				     val);
		}
		return;
	case MII_ADVERTISE: p->anar = val; return;
	case MII_1000_CONTROL: p->gtcr = val; return;
	default:
		tm_violation(m,
			     "MDIO write 0x%04x to PHY register %u, which the model does not "
			     "have (or is read-only)",
			     val, reg);
	}
}

void tm_mi_comm_write(struct tg3_model *m, u32 val)
{
	if (tm_reg(m, T3_MI_MODE) & T3_MIMODE_AUTOPOLL) {
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
	if (!(val & T3_MICOMM_BUSY)) {
		tm_violation(m, "MI_COMM written without the start bit (0x%08x)", val);
		return;
	}
	tm_reg_set(m, T3_MI_COMM, val);
	m->mdio_done_at = hosted_now() + TM_MDIO_NS;
}

static void mdio_complete(struct tg3_model *m)
{
	u32 v = tm_reg(m, T3_MI_COMM);
	u8 phy = (v >> T3_MICOMM_PHY_SHIFT) & 0x1F;
	u8 reg = (v >> T3_MICOMM_REG_SHIFT) & 0x1F;
	u32 cmd = v & T3_MICOMM_CMD_MASK;

	m->mdio_done_at = 0;
	v &= ~(T3_MICOMM_BUSY | T3_MICOMM_READ_FAILED);
	if (phy != m->fn + 1) {
		/* Nobody answers at that address: reads float high and fail. */
		if (cmd == T3_MICOMM_CMD_READ)
			v = (v & ~T3_MICOMM_DATA_MASK) | T3_MICOMM_READ_FAILED | 0xFFFF;
	} else if (cmd == T3_MICOMM_CMD_READ) {
		v = (v & ~T3_MICOMM_DATA_MASK) | phy_read(m, reg);
	} else if (cmd == T3_MICOMM_CMD_WRITE) {
		phy_write(m, reg, (u16)(v & T3_MICOMM_DATA_MASK));
	} else {
		tm_violation(m, "MI_COMM command field %u is neither read nor write", cmd >> 26);
	}
	tm_reg_set(m, T3_MI_COMM, v);
	tm_reg_set(m, T3_MAC_STATUS, tm_reg(m, T3_MAC_STATUS) | T3_MACSTAT_MI_COMPLETE);
}

/* Autopoll: the MAC reads the PHY's link for us and flags changes. */
static void autopoll(struct tg3_model *m)
{
	bool link = m->phy.link;

	if (!(tm_reg(m, T3_MI_MODE) & T3_MIMODE_AUTOPOLL) || link == m->mi_link)
		return;
	m->mi_link = link;
	tm_reg_set(m, T3_MI_STATUS, link ? T3_MISTAT_LINK : 0);
	tm_reg_set(m, T3_MAC_STATUS, tm_reg(m, T3_MAC_STATUS) | T3_MACSTAT_LINK_CHANGED);
	if (tm_reg(m, T3_MAC_EVENT_ENABLE) & T3_MACEVT_LINK_CHANGED) {
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

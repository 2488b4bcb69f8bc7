// SPDX-License-Identifier: BSD-2-Clause
/*
 * Yukon-2 model, per port: the control block (GMAC and GPHY resets, GMAC
 * interrupt, MAC FIFOs), the GMAC itself (16-bit registers, address filter,
 * MIB counters, SMI) and the Marvell PHY behind the SMI, which negotiates
 * against the far end of the wire.
 *
 * MIB counters are 32 bits, a low word (+0) and a high word (+4); reading
 * the low word latches the high one for the next high read of that counter. They clear only when read
 * while GM_PHY_ADDR has the MIB-clear bit set (how drivers zero them).
 */
#include <string.h>

#include "tests/hosted/models/sky2_model_internal.h"

#define SMI_BUSY_NS    (20 * 1000ull)	     /* one MDIO frame, about */
#define FORCED_LINK_NS (10 * 1000 * 1000ull) /* a forced mode comes up after */
#define PHY_ADDR       0
#define ADV_SELECTOR   0x0001u
#define ADV_DEFAULT    (YM_ADV_100FD | YM_ADV_100HD | YM_ADV_10FD | YM_ADV_10HD | ADV_SELECTOR)

static bool gigabit(const struct ym_port *p)
{
	return p->m->chip != SKY2_MODEL_FE_PLUS;
}

/* PHY ID1 per family (model numbers UNVERIFIED beyond the msk header's list). */
static u16 phy_id1(const struct ym_port *p)
{
	switch (p->m->chip) {
	case SKY2_MODEL_XL: return 0x0C91;
	case SKY2_MODEL_FE_PLUS: return 0x0E21;
	default: return 0x0CB0;
	}
}

/* ---- PHY ---- */

static void phy_irq_event(struct ym_port *p, u16 bits)
{
	p->phy.int_stat |= bits;
	ym_update_irq(p->m);
}

static void phy_link_down(struct ym_port *p)
{
	struct ym_phy *ph = &p->phy;

	ph->an_done = false;
	ph->lpa = ph->gtsr = 0;
	if (ph->link) {
		ph->link = false;
		phy_irq_event(p, YM_PIS_LINK_CHG);
	}
}

static void phy_start(struct ym_port *p)
{
	struct ym_phy *ph = &p->phy;

	phy_link_down(p);
	ph->an_done_at = 0;
	if (p->gphy_reset || (ph->bmcr & YM_BMCR_PDOWN) || !hosted_port_carrier(&p->hp))
		return;
	ph->an_done_at = hosted_now() + ((ph->bmcr & YM_BMCR_ANE) ? YM_AUTONEG_NS : FORCED_LINK_NS);
}

static void phy_defaults(struct ym_port *p)
{
	struct ym_phy *ph = &p->phy;

	memset(ph, 0, sizeof(*ph));
	ph->bmcr =
	    YM_BMCR_ANE | YM_BMCR_FULL | (gigabit(p) ? YM_BMCR_SPEED_MSB : YM_BMCR_SPEED_LSB);
	ph->adv = ADV_DEFAULT;
	ph->gtcr = gigabit(p) ? YM_1000C_FD | YM_1000C_HD : 0;
}

void ym_phy_power_on(struct ym_port *p)
{
	phy_defaults(p);
	phy_start(p);
}

u32 ym_phy_advertise(struct ym_port *p)
{
	const struct ym_phy *ph = &p->phy;
	u32 a = 0;

	if (!(ph->bmcr & YM_BMCR_ANE)) {
		bool full = ph->bmcr & YM_BMCR_FULL;

		if (ph->bmcr & YM_BMCR_SPEED_MSB)
			return full ? HOSTED_LINK_1000FD : HOSTED_LINK_1000HD;
		if (ph->bmcr & YM_BMCR_SPEED_LSB)
			return full ? HOSTED_LINK_100FD : HOSTED_LINK_100HD;
		return full ? HOSTED_LINK_10FD : HOSTED_LINK_10HD;
	}
	a |= ph->adv & YM_ADV_10HD ? HOSTED_LINK_10HD : 0;
	a |= ph->adv & YM_ADV_10FD ? HOSTED_LINK_10FD : 0;
	a |= ph->adv & YM_ADV_100HD ? HOSTED_LINK_100HD : 0;
	a |= ph->adv & YM_ADV_100FD ? HOSTED_LINK_100FD : 0;
	a |= ph->adv & YM_ADV_PAUSE ? HOSTED_LINK_PAUSE : 0;
	a |= ph->adv & YM_ADV_ASYM ? HOSTED_LINK_ASYM_PAUSE : 0;
	if (gigabit(p)) {
		a |= ph->gtcr & YM_1000C_HD ? HOSTED_LINK_1000HD : 0;
		a |= ph->gtcr & YM_1000C_FD ? HOSTED_LINK_1000FD : 0;
	}
	return a;
}

static void phy_resolve(struct ym_port *p)
{
	static const struct {
		u32 ability, speed;
		bool full;
	} order[] = {
		{ HOSTED_LINK_1000FD, 1000, true }, { HOSTED_LINK_1000HD, 1000, false },
		{ HOSTED_LINK_100FD, 100, true },   { HOSTED_LINK_100HD, 100, false },
		{ HOSTED_LINK_10FD, 10, true },	    { HOSTED_LINK_10HD, 10, false },
	};
	struct ym_phy *ph = &p->phy;
	u32 partner = hosted_port_partner(&p->hp), common = partner & ym_phy_advertise(p);

	ph->an_done_at = 0;
	ph->lpa = (partner & HOSTED_LINK_10HD ? YM_ADV_10HD : 0) |
		  (partner & HOSTED_LINK_10FD ? YM_ADV_10FD : 0) |
		  (partner & HOSTED_LINK_100HD ? YM_ADV_100HD : 0) |
		  (partner & HOSTED_LINK_100FD ? YM_ADV_100FD : 0) |
		  (partner & HOSTED_LINK_PAUSE ? YM_ADV_PAUSE : 0) |
		  (partner & HOSTED_LINK_ASYM_PAUSE ? YM_ADV_ASYM : 0) | ADV_SELECTOR | YM_ADV_ACK;
	ph->gtsr = (partner & HOSTED_LINK_1000HD ? YM_1000S_LP_HD : 0) |
		   (partner & HOSTED_LINK_1000FD ? YM_1000S_LP_FD : 0);
	ph->an_done = ph->bmcr & YM_BMCR_ANE;
	ph->mode_mismatch_reported = false;
	for (unsigned int i = 0; i < ARRAY_SIZE(order); i++) {
		if (!(common & order[i].ability))
			continue;
		ph->link = true;
		ph->speed = order[i].speed;
		ph->full = order[i].full;
		phy_irq_event(p, YM_PIS_LINK_CHG | YM_PIS_SPEED_CHG | YM_PIS_DUPLEX_CHG |
				     (ph->an_done ? YM_PIS_AN_DONE | YM_PIS_PAGE_RX : 0));
		return;
	}
	phy_irq_event(p, YM_PIS_AN_ERR); /* nothing in common: no link */
}

u64 ym_phy_tick(struct ym_port *p, u64 now)
{
	if (!p->phy.an_done_at)
		return UINT64_MAX;
	if (now < p->phy.an_done_at)
		return p->phy.an_done_at;
	phy_resolve(p);
	return UINT64_MAX;
}

void ym_phy_link_changed(struct ym_port *p)
{
	/* Carrier or the partner's abilities changed: renegotiate from scratch. */
	phy_start(p);
}

bool ym_phy_irq(const struct ym_port *p)
{
	return !p->gphy_reset && (p->phy.int_stat & p->phy.int_mask);
}

static u16 *paged_reg(struct ym_port *p, unsigned int reg)
{
	return &p->phy.paged[p->phy.page & 7][reg];
}

static bool phy_read(struct ym_port *p, unsigned int reg, u16 *val)
{
	struct ym_phy *ph = &p->phy;
	u16 v;

	if (ph->page && reg != YM_PHY_PAGE) {
		*val = *paged_reg(p, reg);
		return true;
	}
	switch (reg) {
	case YM_PHY_CTRL: *val = ph->bmcr; return true;
	case YM_PHY_STAT:
		v = YM_BMSR_ABILITIES | YM_BMSR_AN_CAP | YM_BMSR_EXT_REG;
		v |= gigabit(p) ? YM_BMSR_EXT_ST : 0;
		v |= ph->an_done ? YM_BMSR_AN_DONE : 0;
		v |= ph->link ? YM_BMSR_LINK : 0;
		*val = v;
		return true;
	case YM_PHY_ID0: *val = YM_PHY_OUI_ID0; return true;
	case YM_PHY_ID1: *val = phy_id1(p); return true;
	case YM_PHY_ADV: *val = ph->adv; return true;
	case YM_PHY_LPA: *val = ph->an_done ? ph->lpa : 0; return true;
	case YM_PHY_AN_EXP: *val = ph->an_done ? 1 : 0; return true;
	case YM_PHY_NEPG: *val = 0x2001; return true;
	case YM_PHY_NEPG_LP: *val = 0; return true;
	case YM_PHY_1000T_CTRL: *val = ph->gtcr; return true;
	case YM_PHY_1000T_STAT: *val = ph->an_done ? ph->gtsr : 0; return true;
	case YM_PHY_EXT_STAT: *val = gigabit(p) ? 0x3000 : 0; return true;
	case YM_PHY_SPEC_CTRL: *val = ph->spec_ctrl; return true;
	case YM_PHY_SPEC_STAT:
		v = 0;
		if (ph->link) {
			v = YM_PSS_LINK | YM_PSS_RESOLVED | (ph->full ? YM_PSS_FULL : 0);
			v |= ph->speed == 1000	? YM_PSS_SPEED_1000
			     : ph->speed == 100 ? YM_PSS_SPEED_100
						: 0;
		}
		*val = v;
		return true;
	case YM_PHY_INT_MASK: *val = ph->int_mask; return true;
	case YM_PHY_INT_STAT:
		*val = ph->int_stat;
		ph->int_stat = 0; /* clears when read */
		ym_update_irq(p->m);
		return true;
	case YM_PHY_EXT_CTRL: *val = ph->ext_ctrl; return true;
	case YM_PHY_RXE_CNT: *val = 0; return true;
	case YM_PHY_PAGE: *val = gigabit(p) ? ph->page : ph->fe_led_par; return true;
	case YM_PHY_LED_CTRL: *val = ph->led_ctrl; return true;
	case YM_PHY_LED_OVER: *val = ph->led_over; return true;
	case YM_PHY_EXT_CTRL_2: *val = ph->ext_ctrl2; return true;
	case 0x17:
	case 0x1B:
	case 0x1D:
	case 0x1E: *val = *paged_reg(p, reg); return true;
	case YM_PHY_FE_SPEC_2: *val = ph->fe_spec2; return true;
	}
	return false;
}

static bool phy_write(struct ym_port *p, unsigned int reg, u16 val)
{
	struct ym_phy *ph = &p->phy;

	/* 0x16 selects the register page on the gigabit PHYs, LEDs on the FE+ one. */
	if (reg == YM_PHY_PAGE && gigabit(p)) {
		ph->page = val & 0xFF;
		return true;
	}
	if (ph->page) {
		*paged_reg(p, reg) = val;
		return true;
	}
	switch (reg) {
	case YM_PHY_CTRL:
		if (val & YM_BMCR_RESET) {
			/* Soft reset: registers keep their values, negotiation restarts. */
			ph->bmcr = val & ~(YM_BMCR_RESET | YM_BMCR_RESTART);
			phy_start(p);
			return true;
		}
		ph->bmcr = val & ~YM_BMCR_RESTART;
		if ((val & YM_BMCR_RESTART) || !(val & YM_BMCR_ANE) || (val & YM_BMCR_PDOWN))
			phy_start(p);
		return true;
	case YM_PHY_ADV:
		/* PAUSE and ASM_DIR (bits 10, 11) are base-page bits every PHY carries. */
		if (val & YM_ADV_T4)
			ym_fail(p->m, "port %u: PHY advertisement 0x%04x claims 100BASE-T4", p->idx,
				val);
		ph->adv = val;
		return true;
	case YM_PHY_NEPG: return true;
	case YM_PHY_1000T_CTRL:
		if (!gigabit(p)) {
			ym_fail(p->m, "port %u: 1000BASE-T control written on a 10/100 PHY",
				p->idx);
			return true;
		}
		ph->gtcr = val;
		return true;
	case YM_PHY_SPEC_CTRL: ph->spec_ctrl = val; return true;
	case YM_PHY_INT_MASK:
		ph->int_mask = val;
		ym_update_irq(p->m);
		return true;
	case YM_PHY_EXT_CTRL: ph->ext_ctrl = val; return true;
	case YM_PHY_RXE_CNT: return true;
	case YM_PHY_PAGE: ph->fe_led_par = val; return true;
	case YM_PHY_LED_CTRL: ph->led_ctrl = val; return true;
	case YM_PHY_LED_OVER: ph->led_over = val; return true;
	case YM_PHY_EXT_CTRL_2: ph->ext_ctrl2 = val; return true;
	case 0x17:
	case 0x1B:
	case 0x1D:
	case 0x1E: *paged_reg(p, reg) = val; return true;
	case YM_PHY_FE_SPEC_2: ph->fe_spec2 = val; return true;
	}
	return false;
}

/* ---- SMI ---- */

static bool smi_busy(struct ym_port *p)
{
	return p->smi_busy_polls && hosted_now() < p->smi_busy_until;
}

static void smi_command(struct ym_port *p, u16 ctrl)
{
	unsigned int phy = ctrl >> YM_SMI_PHY_SHIFT, reg = (ctrl >> YM_SMI_REG_SHIFT) & 0x1F;
	u16 v = 0xFFFF;

	if (smi_busy(p)) {
		ym_fail(p->m, "port %u: SMI command 0x%04x issued while the previous one is busy",
			p->idx, ctrl);
		return;
	}
	if (p->gphy_reset) {
		ym_fail(p->m, "port %u: SMI command 0x%04x while the PHY is held in reset", p->idx,
			ctrl);
		return;
	}
	p->smi_ctrl = ctrl & ~(YM_SMI_BUSY | YM_SMI_READ_VALID);
	p->smi_busy_polls = YM_SMI_BUSY_POLLS;
	p->smi_busy_until = hosted_now() + SMI_BUSY_NS;
	p->smi_read_pending = ctrl & YM_SMI_OP_READ;
	if (ctrl & YM_SMI_OP_READ) {
		if (phy == PHY_ADDR && !phy_read(p, reg, &v))
			ym_fail(p->m,
				"port %u: read of PHY register 0x%02x, which the model does "
				"not know",
				p->idx, reg);
		p->smi_data = v; /* nothing answers at other addresses: all ones */
		return;
	}
	if (phy == PHY_ADDR && !phy_write(p, reg, p->smi_data))
		ym_fail(p->m,
			"port %u: write 0x%04x to PHY register 0x%02x, which the model does "
			"not know",
			p->idx, p->smi_data, reg);
}

static u16 smi_ctrl_read(struct ym_port *p)
{
	if (smi_busy(p)) {
		p->smi_busy_polls--;
		return p->smi_ctrl | YM_SMI_BUSY;
	}
	p->smi_busy_polls = 0;
	return p->smi_ctrl | (p->smi_read_pending ? YM_SMI_READ_VALID : 0);
}

/* ---- GMAC ---- */

static u32 crc32_be(const u8 *p, unsigned int len)
{
	u32 crc = 0xFFFFFFFFu;

	for (unsigned int i = 0; i < len; i++) {
		u8 b = p[i];

		for (unsigned int bit = 0; bit < 8; bit++, b >>= 1)
			crc = ((crc >> 31) ^ (b & 1)) ? (crc << 1) ^ 0x04C11DB7u : crc << 1;
	}
	return crc;
}

static bool station_match(const struct ym_port *p, u32 reg, const u8 *dst)
{
	for (unsigned int i = 0; i < 3; i++) {
		u16 w = p->gm[(reg + 4 * i) / 4];

		if (dst[2 * i] != (u8)w || dst[2 * i + 1] != (u8)(w >> 8))
			return false;
	}
	return true;
}

bool ym_mac_accepts(struct ym_port *p, const u8 *frame, u32 len)
{
	u16 rxcr = p->gm[YM_GM_RX_CTRL / 4];
	static const u8 bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
	u32 bit;

	if (len < 14)
		return false;
	if (!memcmp(frame, bcast, 6))
		return true;
	if (frame[0] & 1) {
		if (!(rxcr & YM_RXCR_MCF_ENA))
			return true;
		/* Hash: low 6 bits of the big-endian CRC of the address (UNVERIFIED). */
		bit = crc32_be(frame, 6) & 63;
		return p->gm[(YM_GM_MC_HASH + 4 * (bit / 16)) / 4] & BIT(bit % 16);
	}
	if (!(rxcr & YM_RXCR_UCF_ENA))
		return true;
	/* Either source address passes unicast (which one filters is UNVERIFIED). */
	return station_match(p, YM_GM_SRC_ADDR_1, frame) ||
	       station_match(p, YM_GM_SRC_ADDR_2, frame);
}

void ym_mib_count(struct ym_port *p, bool tx, const u8 *frame, u32 len)
{
	static const u8 bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
	unsigned int kind = !memcmp(frame, bcast, 6) ? 1 : (frame[0] & 1) ? 3 : 0;
	unsigned int base = tx ? YM_MIB_TX_UC : YM_MIB_RX_UC;
	unsigned int lo = tx ? YM_MIB_TX_OCT_LO : YM_MIB_RX_OCT_LO;
	u64 oct = (u64)p->mib[lo + 1] << 32 | p->mib[lo];

	p->mib[base + kind]++;
	oct += len + 4; /* with the FCS */
	p->mib[lo] = (u32)oct;
	p->mib[lo + 1] = (u32)(oct >> 32);
}

/*
 * With auto-update off the GMAC runs at the speed/duplex the driver forced;
 * if that is not what the PHY resolved, every frame would be garbled.
 */
static void check_mac_mode(struct ym_port *p)
{
	u16 c = p->gm[YM_GM_GP_CTRL / 4];
	u32 speed = (c & YM_GPCR_GIGS) ? 1000 : (c & YM_GPCR_SPEED_100) ? 100 : 10;
	bool bad_speed = (c & YM_GPCR_AU_SPD_DIS) && speed != p->phy.speed;
	bool bad_duplex = (c & YM_GPCR_AU_DUP_DIS) && !!(c & YM_GPCR_DUP_FULL) != p->phy.full;

	if (!p->phy.link || p->phy.mode_mismatch_reported || (!bad_speed && !bad_duplex))
		return;
	p->phy.mode_mismatch_reported = true;
	ym_fail(p->m, "port %u: GMAC forced to %u Mbit/s %s duplex while the PHY resolved %u %s",
		p->idx, speed, (c & YM_GPCR_DUP_FULL) ? "full" : "half", p->phy.speed,
		p->phy.full ? "full" : "half");
}

/*
 * Who may send PAUSE frames on this link, from both advertisements as IEEE
 * 802.3 Annex 28B resolves them: symmetric when both offer PAUSE; one way
 * when one side offers only ASM_DIR and the other both bits. Only full
 * duplex links carry PAUSE frames.
 */
void ym_pause_resolved(const struct ym_port *p, bool *we_send, bool *we_obey)
{
	const struct ym_phy *ph = &p->phy;
	bool lp = ph->adv & YM_ADV_PAUSE, la = ph->adv & YM_ADV_ASYM;
	bool rp = ph->lpa & YM_ADV_PAUSE, ra = ph->lpa & YM_ADV_ASYM;

	*we_send = *we_obey = false;
	if (!ph->link || !ph->an_done || !ph->full)
		return;
	if (lp && rp) {
		*we_send = *we_obey = true;
	} else if (lp && la && !rp && ra) {
		*we_obey = true; /* the partner pauses us, we never pause it */
	} else if (!lp && la && rp && ra) {
		*we_send = true; /* we pause the partner, it never pauses us */
	}
}

/*
 * Does the GMAC send PAUSE frames when its receive buffer fills? With
 * auto-update of flow control off (AU_FCT_DIS) the driver decides with
 * FC_TX_DIS, and sending PAUSE the partner did not agree to is a failure (it
 * would ignore them, or worse); otherwise the GMAC follows the PHY.
 */
bool ym_mac_sends_pause(struct ym_port *p)
{
	u16 c = p->gm[YM_GM_GP_CTRL / 4];
	bool send, obey;

	ym_pause_resolved(p, &send, &obey);
	if (!(c & YM_GPCR_AU_FCT_DIS))
		return send;
	if (!(c & YM_GPCR_FC_TX_DIS) && !send && p->phy.link && !p->pause_mismatch_reported) {
		p->pause_mismatch_reported = true;
		ym_fail(p->m,
			"port %u: GMAC sends PAUSE (FC_TX_DIS clear) but autonegotiation did not "
			"agree on it (ours 0x%04x, partner 0x%04x)",
			p->idx, p->phy.adv, p->phy.lpa);
	}
	return !(c & YM_GPCR_FC_TX_DIS) && p->phy.link;
}

bool ym_mac_rx_on(struct ym_port *p)
{
	check_mac_mode(p);
	return !p->gmac_reset && (p->gm[YM_GM_GP_CTRL / 4] & YM_GPCR_RX_ENA) && p->rxf_on &&
	       !p->rxf_reset;
}

bool ym_mac_tx_on(struct ym_port *p)
{
	check_mac_mode(p);
	return !p->gmac_reset && (p->gm[YM_GM_GP_CTRL / 4] & YM_GPCR_TX_ENA) && p->txf_on &&
	       !p->txf_reset;
}

static void gmac_defaults(struct ym_port *p)
{
	memset(p->gm, 0, sizeof(p->gm));
	memset(p->mib, 0, sizeof(p->mib));
	p->mib_latched = 0;
	p->gm[YM_GM_RX_CTRL / 4] = YM_RXCR_UCF_ENA | YM_RXCR_MCF_ENA;
	p->smi_ctrl = p->smi_data = p->phy_addr_reg = 0;
	p->smi_busy_polls = 0;
	p->smi_read_pending = false;
}

bool ym_gmac_read(struct ym_port *p, u32 reg, u16 *val)
{
	const struct ym_phy *ph = &p->phy;

	if (p->gmac_reset) {
		ym_fail(p->m, "port %u: GMAC register 0x%03x read while the GMAC is held in reset",
			p->idx, reg);
		*val = 0xFFFF;
		return true;
	}
	if (reg >= YM_GM_MIB_BASE && reg < YM_GM_MIB_BASE + YM_GM_MIB_COUNT * 8) {
		unsigned int i = (reg - YM_GM_MIB_BASE) / 8;

		if ((reg & 7) == 0) {
			*val = (u16)p->mib[i];
			p->mib_hi_latch = p->mib[i] >> 16;
			p->mib_latched = i + 1;
			if (p->phy_addr_reg & YM_PAR_MIB_CLR)
				p->mib[i] = 0;
		} else if ((reg & 7) == 4) {
			/* The half latched by this counter's low read, else the live one. */
			*val = (u16)(p->mib_latched == i + 1 ? p->mib_hi_latch : p->mib[i] >> 16);
		} else {
			return false;
		}
		return true;
	}
	switch (reg) {
	case YM_GM_GP_STAT:
		*val = 0;
		if (ph->link) {
			*val = YM_GPSR_LINK_UP | (ph->full ? YM_GPSR_DUPLEX : 0);
			*val |= ph->speed == 1000  ? YM_GPSR_GIG
				: ph->speed == 100 ? YM_GPSR_SPEED_100
						   : 0;
		}
		return true;
	case YM_GM_TX_IRQ_SRC:
	case YM_GM_RX_IRQ_SRC:
	case YM_GM_TR_IRQ_SRC: *val = 0; return true; /* counter overflows never happen here */
	case YM_GM_SMI_CTRL: *val = smi_ctrl_read(p); return true;
	case YM_GM_SMI_DATA:
		if (p->smi_read_pending && smi_busy(p))
			ym_fail(p->m,
				"port %u: SMI data read before the read completed (READ_VALID)",
				p->idx);
		*val = p->smi_data;
		return true;
	case YM_GM_PHY_ADDR: *val = p->phy_addr_reg; return true;
	}
	if (reg > YM_GM_TR_IRQ_MSK || (reg & 3))
		return false;
	*val = p->gm[reg / 4];
	return true;
}

bool ym_gmac_write(struct ym_port *p, u32 reg, u16 val)
{
	if (p->gmac_reset) {
		ym_fail(p->m,
			"port %u: GMAC register 0x%03x written while the GMAC is held in reset",
			p->idx, reg);
		return true;
	}
	switch (reg) {
	case YM_GM_GP_STAT:
	case YM_GM_TX_IRQ_SRC:
	case YM_GM_RX_IRQ_SRC:
	case YM_GM_TR_IRQ_SRC:
		ym_fail(p->m, "port %u: write to read-only GMAC register 0x%03x", p->idx, reg);
		return true;
	case YM_GM_SMI_CTRL: smi_command(p, val); return true;
	case YM_GM_SMI_DATA:
		if (smi_busy(p))
			ym_fail(p->m, "port %u: SMI data written while a command is busy", p->idx);
		else
			p->smi_data = val;
		return true;
	case YM_GM_PHY_ADDR: p->phy_addr_reg = val; return true;
	}
	if (reg >= YM_GM_MIB_BASE && reg < YM_GM_MIB_BASE + YM_GM_MIB_COUNT * 8) {
		ym_fail(p->m, "port %u: write to MIB counter 0x%03x (read-only)", p->idx, reg);
		return true;
	}
	if (reg > YM_GM_TR_IRQ_MSK || (reg & 3))
		return false;
	p->gm[reg / 4] = val;
	return true;
}

/* ---- Port control block ---- */

/*
 * A software reset holds the MAC FIFOs in reset and puts the GMAC's
 * registers back to their defaults without holding it there: Linux's sky2
 * writes the multicast hash and receive control, and reads the MIB
 * counters, before it first writes GMAC_CTRL (only its bring-up at open
 * does). The PHY and its GPHY_CTRL are left alone (Linux releases the GPHY
 * only on some chips, so it cannot be held by the chip reset; UNVERIFIED
 * beyond that).
 */
void ym_port_chip_reset(struct ym_port *p)
{
	p->gmac_reset = false;
	p->link_reset = false;
	p->gmac_ctrl = 0;
	p->gmac_irq_src = p->gmac_irq_msk = 0;
	p->rxf_reset = p->txf_reset = true;
	p->rxf_on = p->txf_on = false;
	p->rxf_ctrl = p->txf_ctrl = 0;
	p->link_led = 0;
	p->vlan_strip = p->vlan_tag_on = false;
	memset(p->rxf_regs, 0, sizeof(p->rxf_regs));
	memset(p->txf_regs, 0, sizeof(p->txf_regs));
	gmac_defaults(p);
	ym_rx_flush(p);
}

static void fifo_ctrl_write(struct ym_port *p, bool tx, u32 val)
{
	struct sky2_model *m = p->m;
	bool *reset = tx ? &p->txf_reset : &p->rxf_reset, *on = tx ? &p->txf_on : &p->rxf_on;
	u32 *ctrl = tx ? &p->txf_ctrl : &p->rxf_ctrl;

	if (ym_pairs_conflict(m, tx ? "TX_GMF_CTRL_T" : "RX_GMF_CTRL_T", val,
			      tx ? YM_TX_GMF_PAIRS_LOW : YM_RX_GMF_PAIRS_LOW))
		return;
	if (val & YM_UNIT_RST_SET) {
		*reset = true;
		*on = false;
		if (!tx)
			ym_rx_flush(p);
	}
	if (val & YM_UNIT_RST_CLR)
		*reset = false;
	if ((val & YM_UNIT_OP_ON) && *reset)
		ym_fail(m, "port %u: %s FIFO turned on while held in reset", p->idx,
			tx ? "Tx" : "Rx");
	else if (val & YM_UNIT_OP_ON)
		*on = true;
	if (val & YM_UNIT_OP_OFF)
		*on = false;
	/* VLAN strip (Rx) / tag insertion (Tx): bit 25 on, bit 24 off. */
	if (val & BIT(25))
		*(tx ? &p->vlan_tag_on : &p->vlan_strip) = true;
	if (val & BIT(24))
		*(tx ? &p->vlan_tag_on : &p->vlan_strip) = false;
	if (!tx && (val & BIT(5)))
		p->gmac_irq_src &= ~YM_GM_IS_RX_FF_OR;
	if (tx && (val & BIT(6)))
		p->gmac_irq_src &= ~YM_GM_IS_TX_FF_UR;
	if (tx && (val & BIT(4)))
		m->hwe_isrc &= ~(BIT(3) << (8 * p->idx)); /* MAC parity */
	*ctrl = (*ctrl & ~(val & 0xFFFFFFF0u) >> 0) | (val & 0xFFFFFFF0u);
	ym_update_irq(m);
}

static u32 fifo_ctrl_read(const struct ym_port *p, bool tx)
{
	bool reset = tx ? p->txf_reset : p->rxf_reset, on = tx ? p->txf_on : p->rxf_on;

	return (tx ? p->txf_ctrl : p->rxf_ctrl) | (reset ? YM_UNIT_RST_SET : YM_UNIT_RST_CLR) |
	       (on ? YM_UNIT_OP_ON : YM_UNIT_OP_OFF);
}

bool ym_port_ctrl_read(struct ym_port *p, u32 reg, u32 be, u32 *val)
{
	switch (reg) {
	case YM_GMAC_CTRL:
		*val = p->gmac_ctrl | (p->gmac_reset ? YM_GMC_RST_SET : YM_GMC_RST_CLR);
		return true;
	case YM_GPHY_CTRL:
		*val = p->gphy_ctrl | (p->gphy_reset ? YM_GPC_RST_SET : YM_GPC_RST_CLR);
		return true;
	case YM_GMAC_IRQ_SRC:
		*val = p->gmac_irq_src;
		p->gmac_irq_src = 0; /* clears when read */
		ym_update_irq(p->m);
		return true;
	case YM_GMAC_IRQ_MSK: *val = p->gmac_irq_msk; return true;
	case YM_GMAC_LINK_CTRL: *val = p->link_reset ? 1 : 2; return true;
	case 0x0F20: *val = 0; return true; /* WOL control/status: nothing occurred */
	case YM_LNK_LED_REG: *val = p->link_led; return true;
	case YM_RX_GMF_CTRL_T: *val = fifo_ctrl_read(p, false); return true;
	case YM_TX_GMF_CTRL_T: *val = fifo_ctrl_read(p, true); return true;
	}
	if (reg >= YM_RX_GMF_EA && reg <= YM_RX_GMF_VLAN) {
		*val = p->rxf_regs[(reg - YM_RX_GMF_EA) / 4];
		return true;
	}
	if (reg >= 0x0C60 && reg < 0x0C80) { /* Rx FIFO pointers and levels: empty */
		*val = 0;
		return true;
	}
	if (reg >= YM_TX_GMF_EA && reg <= YM_TX_GMF_VLAN) {
		*val = p->txf_regs[(reg - YM_TX_GMF_EA) / 4];
		return true;
	}
	if (reg >= 0x0D60 && reg < 0x0D80) {
		*val = 0;
		return true;
	}
	return false;
}

static bool fifo_reg_write(struct ym_port *p, bool tx, u32 reg, u32 val, u32 be)
{
	u32 base = tx ? YM_TX_GMF_EA : YM_RX_GMF_EA, *regs = tx ? p->txf_regs : p->rxf_regs;
	u32 mask = 0;

	if (reg == (tx ? YM_TX_GMF_CTRL_T : YM_RX_GMF_CTRL_T)) {
		fifo_ctrl_write(p, tx, val);
		return true;
	}
	if (tx && reg != YM_TX_GMF_EA && reg != YM_TX_GMF_AE_THR && reg != YM_TX_GMF_VLAN)
		return false;
	if (tx ? p->txf_reset : p->rxf_reset) {
		ym_fail(p->m, "port %u: %s FIFO register 0x%04x written while held in reset",
			p->idx, tx ? "Tx" : "Rx", reg);
		return true;
	}
	for (unsigned int b = 0; b < 4; b++)
		if (be & BIT(b))
			mask |= 0xFFu << (8 * b);
	regs[(reg - base) / 4] = (regs[(reg - base) / 4] & ~mask) | (val & mask);
	return true;
}

bool ym_port_ctrl_write(struct ym_port *p, u32 reg, u32 val, u32 be)
{
	struct sky2_model *m = p->m;

	switch (reg) {
	case YM_GMAC_CTRL:
		if (ym_pairs_conflict(m, "GMAC_CTRL", val & 0xFFFF, YM_GMC_PAIRS_LOW))
			return true;
		if (val & YM_GMC_RST_SET) {
			p->gmac_reset = true;
			gmac_defaults(p);
		}
		if (val & YM_GMC_RST_CLR)
			p->gmac_reset = false;
		p->gmac_ctrl = (p->gmac_ctrl & ~(val & 0xFFFC)) | (val & 0xFFFC);
		return true;
	case YM_GPHY_CTRL:
		if (ym_pairs_conflict(m, "GPHY_CTRL", val & 3, 1))
			return true;
		p->gphy_ctrl = val & ~3u;
		if (val & YM_GPC_RST_SET) {
			p->gphy_reset = true;
			phy_defaults(p);
			phy_link_down(p);
		}
		if ((val & YM_GPC_RST_CLR) && p->gphy_reset) {
			p->gphy_reset = false;
			phy_start(p);
		}
		ym_update_irq(m);
		return true;
	case YM_GMAC_IRQ_SRC: ym_fail(m, "write to read-only GMAC_IRQ_SRC"); return true;
	case YM_GMAC_IRQ_MSK:
		p->gmac_irq_msk = val & 0x3F;
		ym_update_irq(m);
		return true;
	case YM_GMAC_LINK_CTRL:
		if (ym_pairs_conflict(m, "GMAC_LINK_CTRL", val & 3, 1))
			return true;
		if (val & 1)
			p->link_reset = true;
		if (val & 2)
			p->link_reset = false;
		return true;
	case 0x0F20: return true; /* WOL control: accepted, no wake-up modelled */
	case YM_LNK_LED_REG:	  /* the link LED: Linux sets it at link up; no light here */
		if (be & 1)
			p->link_led = (u8)val;
		return true;
	}
	if (reg >= YM_RX_GMF_EA && reg <= YM_RX_GMF_VLAN)
		return fifo_reg_write(p, false, reg, val, be);
	if (reg >= YM_TX_GMF_EA && reg <= YM_TX_GMF_VLAN)
		return fifo_reg_write(p, true, reg, val, be);
	return false;
}

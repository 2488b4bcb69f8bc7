// SPDX-License-Identifier: BSD-2-Clause
/*
 * skge model, Yukon: the GMAC of each port (16-bit registers 4 bytes apart,
 * laid out like Yukon-2's), its GMAC FIFOs, the per-port GMAC/GPHY control
 * block at 0xF00, and the Marvell PHY on the GMAC's SMI.
 *
 * GMAC_CTRL and GPHY_CTRL hold the MAC and the PHY in reset while the
 * driver says so; a GMAC held in reset ignores its registers (writes lost,
 * reads 0), an SMI command to a PHY held in reset is a failure. Neither is held by the chip: a software reset puts the GMAC's
 * registers back to their defaults and leaves the PHY alone, since Linux's
 * skge (skge_reset, yukon_reset) writes the PHY interrupt mask over SMI, the
 * multicast hash and the receive control right after the chip reset, before
 * it first writes GMAC_CTRL or GPHY_CTRL (tests/hosted/models/README.md). SMI: a read command stays busy for a while, then shows read-valid
 * and the data register holds the value; a write takes the data register
 * first, then the command, and is busy for a while. A command (or a data
 * write) while busy, or reading the data before read-valid, fails the test.
 */
#include <string.h>

#include "tests/hosted/models/skge_model_internal.h"

#define GMAC_LAST_PLAIN 0x0058

void skm_gmac_map(struct skge_model *m)
{
	for (u32 n = 0; n < m->nports; n++) {
		u32 base = n ? SKR_GMAC2_BASE : SKR_GMAC1_BASE;
		u32 b = n * 0x80;

		for (u32 r = 0; r <= GMAC_LAST_PLAIN; r += 4)
			skm_define(m, base + r, 2, SKM_SPECIAL);
		for (u32 r = SKR_GM_SMI_CTRL; r <= SKR_GM_PHY_ADDR; r += 4)
			skm_define(m, base + r, 2, SKM_SPECIAL);
		for (u32 i = 0; i < SKR_GM_MIB_COUNT; i++) {
			skm_define(m, base + SKR_GM_MIB_BASE + 8 * i, 2, SKM_SPECIAL);
			skm_define(m, base + SKR_GM_MIB_BASE + 8 * i + 4, 2, SKM_SPECIAL);
		}
		/* GMAC FIFOs: storage except the control/test registers. */
		skm_define(m, SKR_RX_GMF_EA + b, 8, SKM_PLAIN);
		skm_define(m, SKR_RX_GMF_CTRL_T + b, 4, SKM_SPECIAL);
		skm_define(m, SKR_RX_GMF_FL_MSK + b, 8, SKM_PLAIN);
		skm_define(m, SKR_RX_GMF_EA + 0x20 + b, 0x1C, SKM_PLAIN);
		skm_define(m, SKR_TX_GMF_EA + b, 8, SKM_PLAIN);
		skm_define(m, SKR_TX_GMF_CTRL_T + b, 4, SKM_SPECIAL);
		skm_define(m, SKR_TX_GMF_EA + 0x20 + b, 0x1C, SKM_PLAIN);
		/* GMAC/GPHY control. */
		skm_define(m, SKR_GMAC_CTRL + b, 8, SKM_SPECIAL);
		skm_define(m, SKR_GMAC_IRQ_SRC + b, 4, SKM_SPECIAL);
		skm_define(m, SKR_GMAC_IRQ_MSK + b, 4, SKM_SPECIAL);
		skm_define(m, SKR_GMAC_LINK_CTRL + b, 2, SKM_SPECIAL);
		skm_define(m, SKR_WOL_CTRL_STAT + b, 0x20, SKM_PLAIN);
		skm_define(m, SKR_LNK_LED_REG + b, 1, SKM_PLAIN);
	}
	skm_define(m, SKR_B28_DPT_INI, 8, SKM_PLAIN);
	skm_define(m, SKR_B28_DPT_CTRL, 1, SKM_PLAIN);
	skm_define(m, SKR_B28_DPT_TST, 1, SKM_PLAIN);
	skm_define(m, SKR_GMAC_TI_ST_VAL, 4, SKM_RO);
	skm_define(m, SKR_GMAC_TI_ST_CTRL, 1, SKM_PLAIN);
}

static void gmac_clear(struct skm_port *p)
{
	memset(p->mac_regs, 0, sizeof(p->mac_regs));
	p->gmac_irq_src = 0;
	p->mdio_busy_until = 0;
	p->mdio_read_valid = false;
}

void skm_gmac_reset(struct skm_port *p, bool power_on)
{
	p->mac_reset = false;
	p->link_ctrl_reset = false;
	p->rx_fifo_reset = p->tx_fifo_reset = true;
	p->rx_fifo_on = p->tx_fifo_on = false;
	p->gmac_irq_msk = 0;
	gmac_clear(p);
	/* The PHY powers up out of reset and negotiating; a chip reset does not touch it. */
	if (power_on) {
		p->phy.in_reset = false;
		skm_phy_reset(p);
	}
}

/* ---- SMI ---- */

static bool smi_busy(const struct skm_port *p)
{
	return hosted_now() < p->mdio_busy_until;
}

static void smi_command(struct skm_port *p, u16 cmd)
{
	unsigned int phy = cmd >> SKR_GM_SMI_PHY_SHIFT;
	unsigned int reg = (cmd >> SKR_GM_SMI_REG_SHIFT) & 0x1F;

	if (p->smi_dead)
		return;
	if (smi_busy(p)) {
		skm_fail(p->m, "port %u: GM_SMI_CTRL command 0x%04x while the previous one is busy",
			 p->idx, cmd);
		return;
	}
	p->mac_regs[SKR_GM_SMI_CTRL / 4] = cmd & ~(SKR_GM_SMI_BUSY | SKR_GM_SMI_RD_VAL);
	p->mdio_read_valid = false;
	if (phy != SKR_MARV_PHY_ADDR) {
		skm_fail(p->m,
			 "port %u: SMI command to PHY address %u: the Marvell PHY answers "
			 "at %u",
			 p->idx, phy, SKR_MARV_PHY_ADDR);
		return;
	}
	if (p->phy.in_reset) {
		skm_fail(p->m, "port %u: SMI command while GPHY_CTRL holds the PHY in reset",
			 p->idx);
		return;
	}
	p->mdio_busy_until = hosted_now() + SKM_SMI_NS;
	if (cmd & SKR_GM_SMI_OP_RD) {
		p->mdio_data = skm_phy_read(p, reg);
		p->mdio_read_valid = true;
	} else {
		skm_phy_write(p, reg, p->mac_regs[SKR_GM_SMI_DATA / 4]);
	}
}

static u16 smi_ctrl_read(struct skm_port *p)
{
	u16 v = p->mac_regs[SKR_GM_SMI_CTRL / 4];

	if (p->smi_dead || smi_busy(p))
		return v | SKR_GM_SMI_BUSY;
	return p->mdio_read_valid ? v | SKR_GM_SMI_RD_VAL : v;
}

static u16 smi_data_read(struct skm_port *p)
{
	if (p->mac_regs[SKR_GM_SMI_CTRL / 4] & SKR_GM_SMI_OP_RD) {
		if (smi_busy(p) || !p->mdio_read_valid) {
			skm_fail(p->m, "port %u: GM_SMI_DATA read before the SMI read was valid",
				 p->idx);
			return 0xFFFF;
		}
		return p->mdio_data;
	}
	return p->mac_regs[SKR_GM_SMI_DATA / 4];
}

/* ---- GMAC registers ---- */

static bool gmac_access_ok(struct skm_port *p, u32 off, unsigned int size, const char *dir)
{
	if (size != 2) {
		skm_fail(p->m,
			 "port %u: %u-byte %s of GMAC register 0x%03x: the GMAC is "
			 "accessed 16 bits at a time",
			 p->idx, size, dir, off);
		return false;
	}
	/*
	 * A GMAC held in reset ignores its register cycles: writes are lost,
	 * reads give the defaults. Linux's skge relies on it being harmless:
	 * at ifdown, yukon_stop holds GPHY_CTRL and GMAC_CTRL in reset and
	 * skge_led then writes the PHY's LED registers over SMI.
	 */
	return !p->mac_reset;
}

static u16 gp_stat(const struct skm_port *p)
{
	const struct skm_phy *ph = &p->phy;
	u16 v = 0;

	if (!ph->link)
		return 0;
	v |= SKR_GM_GPSR_LINK_UP;
	if (ph->full)
		v |= SKR_GM_GPSR_DUPLEX;
	if (ph->speed == 1000)
		v |= SKR_GM_GPSR_GIG;
	else if (ph->speed == 100)
		v |= SKR_GM_GPSR_SPEED_100;
	return v;
}

u32 skm_gmac_read(struct skm_port *p, u32 off, unsigned int size)
{
	u16 v;

	if (size == 2 && p->mac_reset)
		return 0;
	if (!gmac_access_ok(p, off, size, "read"))
		return 0xFFFF;
	switch (off) {
	case SKR_GM_GP_STAT: return gp_stat(p);
	case SKR_GM_SMI_CTRL: return smi_ctrl_read(p);
	case SKR_GM_SMI_DATA: return smi_data_read(p);
	case SKR_GM_TX_IRQ_SRC:
	case SKR_GM_RX_IRQ_SRC:
	case SKR_GM_TR_IRQ_SRC: return 0; /* counter overflows never happen here */
	}
	v = p->mac_regs[off / 4];
	if (off >= SKR_GM_MIB_BASE && (p->mac_regs[SKR_GM_PHY_ADDR / 4] & SKR_GM_PAR_MIB_CLR))
		p->mac_regs[off / 4] = 0;
	return v;
}

void skm_gmac_write(struct skm_port *p, u32 off, unsigned int size, u32 val)
{
	if (!gmac_access_ok(p, off, size, "write"))
		return;
	if (off == SKR_GM_GP_STAT || off >= SKR_GM_MIB_BASE ||
	    (off >= SKR_GM_TX_IRQ_SRC && off <= SKR_GM_TR_IRQ_SRC)) {
		skm_fail(p->m, "port %u: write of 0x%x to read-only GMAC register 0x%03x", p->idx,
			 val, off);
		return;
	}
	switch (off) {
	case SKR_GM_SMI_CTRL: smi_command(p, (u16)val); return;
	case SKR_GM_SMI_DATA:
		if (smi_busy(p)) {
			skm_fail(p->m, "port %u: GM_SMI_DATA written while the SMI is busy",
				 p->idx);
			return;
		}
		break;
	}
	p->mac_regs[off / 4] = (u16)val;
}

/* ---- GMAC FIFOs and the 0xF00 control block ---- */

static void gmf_ctrl(struct skm_port *p, u32 val, bool rx)
{
	bool *reset = rx ? &p->rx_fifo_reset : &p->tx_fifo_reset;
	bool *on = rx ? &p->rx_fifo_on : &p->tx_fifo_on;
	const char *name = rx ? "RX_GMF_CTRL_T" : "TX_GMF_CTRL_T";
	int r = skm_pair(p->m, val, SKR_GMF_RST_SET, SKR_GMF_RST_CLR, name);
	int op = skm_pair(p->m, val, SKR_GMF_OPER_ON, SKR_GMF_OPER_OFF, name);

	if (rx && skm_pair(p->m, val, BIT(7), BIT(6), "RX_GMF_CTRL_T flush mode") > 0 &&
	    p->m->lite_a0)
		skm_fail(p->m,
			 "port %u: receive FIFO flush switched on on a Yukon-Lite A0 (its "
			 "vendor's driver leaves it off)",
			 p->idx);
	if (r > 0) {
		*reset = true;
		*on = false;
	} else if (r < 0) {
		*reset = false;
	}
	if (op > 0 && *reset)
		skm_fail(p->m,
			 "port %u: %s operational mode switched on while the FIFO is held "
			 "in reset",
			 p->idx, name);
	else if (op)
		*on = op > 0;
	/* A Yukon rev 0 clears a parity error by the frame-complete bit (its HW bug 8). */
	if (!rx &&
	    (val & (p->m->chip == SKGE_MODEL_YUKON && p->m->chip_rev == 0 ? SKR_GMF_CLI_TX_FC
									  : SKR_GMF_CLI_TX_PE)))
		skm_hwe_clear(p->m, p->idx ? SKR_HWE_M2_PAR : SKR_HWE_M1_PAR);
}

u32 skm_gctl_read(struct skm_port *p, u32 off, unsigned int size)
{
	u32 reg = off & ~0x80u;

	switch (reg) {
	case SKR_RX_GMF_CTRL_T:
		return (p->rx_fifo_reset ? SKR_GMF_RST_SET : SKR_GMF_RST_CLR) |
		       (p->rx_fifo_on ? SKR_GMF_OPER_ON : SKR_GMF_OPER_OFF);
	case SKR_TX_GMF_CTRL_T:
		return (p->tx_fifo_reset ? SKR_GMF_RST_SET : SKR_GMF_RST_CLR) |
		       (p->tx_fifo_on ? SKR_GMF_OPER_ON : SKR_GMF_OPER_OFF);
	case SKR_GMAC_CTRL:
		return (skm_get(p->m, off, 4) & ~3u) |
		       (p->mac_reset ? SKR_GMC_RST_SET : SKR_GMC_RST_CLR);
	case SKR_GPHY_CTRL:
		return (skm_get(p->m, off, 4) & ~3u) |
		       (p->phy.in_reset ? SKR_GPC_RST_SET : SKR_GPC_RST_CLR);
	case SKR_GMAC_IRQ_SRC: {
		u8 v = p->gmac_irq_src;

		p->gmac_irq_src = 0;
		skm_update_irq(p->m);
		return v;
	}
	case SKR_GMAC_IRQ_MSK: return p->gmac_irq_msk;
	case SKR_GMAC_LINK_CTRL: return p->link_ctrl_reset ? SKR_GMLC_RST_SET : SKR_GMLC_RST_CLR;
	}
	skm_fail(p->m, "port %u: %u-byte read of 0x%03x (part of a control register)", p->idx, size,
		 off);
	return ~0u;
}

void skm_gctl_write(struct skm_port *p, u32 off, unsigned int size, u32 val)
{
	u32 reg = off & ~0x80u;
	int r;

	switch (reg) {
	case SKR_RX_GMF_CTRL_T: gmf_ctrl(p, val, true); return;
	case SKR_TX_GMF_CTRL_T: gmf_ctrl(p, val, false); return;
	case SKR_GMAC_CTRL:
		r = skm_pair(p->m, val, SKR_GMC_RST_SET, SKR_GMC_RST_CLR, "GMAC_CTRL reset");
		for (unsigned int b = 2; b < 8; b += 2)
			skm_pair(p->m, val, BIT(b + 1), BIT(b), "GMAC_CTRL");
		if (r > 0) {
			p->mac_reset = true;
			gmac_clear(p);
		} else if (r < 0) {
			p->mac_reset = false;
		}
		skm_put(p->m, off, 4, val & ~3u);
		return;
	case SKR_GPHY_CTRL:
		r = skm_pair(p->m, val, SKR_GPC_RST_SET, SKR_GPC_RST_CLR, "GPHY_CTRL reset");
		skm_put(p->m, off, 4, val & ~3u);
		if (r)
			skm_coma_phy_reset(p->m, p->idx, r > 0);
		if (r && (r > 0) != p->phy.in_reset) {
			p->phy.in_reset = r > 0;
			skm_phy_reset(p);
		}
		return;
	case SKR_GMAC_IRQ_SRC: skm_fail(p->m, "port %u: GMAC_IRQ_SRC is read-only", p->idx); return;
	case SKR_GMAC_IRQ_MSK:
		p->gmac_irq_msk = (u8)val;
		skm_update_irq(p->m);
		return;
	case SKR_GMAC_LINK_CTRL:
		r = skm_pair(p->m, val, SKR_GMLC_RST_SET, SKR_GMLC_RST_CLR, "GMAC_LINK_CTRL");
		if (r)
			p->link_ctrl_reset = r > 0;
		return;
	}
	skm_fail(p->m, "port %u: %u-byte write of 0x%x to 0x%03x (part of a control register)",
		 p->idx, size, val, off);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * skge model, Genesis: the XaQti XMAC II of each port (16-bit registers;
 * XMAC register r appears at window offset 2r, so registers sit 4 bytes
 * apart in the BAR), its receive/transmit MAC FIFOs, and the BCM5400 PHY
 * reached through the XMAC's PHY address and data registers.
 *
 * TX_MFF_CTRL1 holds the XMAC in reset while the driver says so; the chip
 * reset does not (it only puts the XMAC's registers back to their defaults):
 * Linux's skge (skge_reset, genesis_reset) programs the XMAC right after the
 * chip reset, before it first writes TX_MFF_CTRL1. The BCM5400 of port 1/2
 * stays in reset until GP_IO pin 0/2 is driven high (B2_GP_IO). Touching
 * the BCM5400 while in reset fails the test; an XMAC held in reset ignores
 * its registers (writes lost, reads the defaults).
 *
 * PHY access: writing the PHY address selects PHY and register; a read
 * starts with a (dummy) read of the data register, after which MMU_CMD shows
 * PHY_RDY and the next data read returns the value; a write goes through the
 * data register and shows PHY_BUSY while it runs. A transaction started
 * while one is busy fails the test. The link is polled (PHY status and the
 * BCM auxiliary status); the model raises no XMAC or PHY interrupt.
 */
#include <string.h>

#include "tests/hosted/models/skge_model_internal.h"

#define XM(r) (2u * (r)) /* window offset of XMAC register r */

static void def16(struct skge_model *m, u32 base, u32 reg, enum skm_kind kind)
{
	skm_define(m, base + XM(reg), 2, kind);
}

void skm_xmac_map(struct skge_model *m)
{
	static const u16 regs[] = {
		SKR_XM_MMU_CMD,	   SKR_XM_POFF,	    SKR_XM_POFF + 2, SKR_XM_BURST,
		SKR_XM_BURST + 2,  SKR_XM_1L_VLAN,  SKR_XM_2L_VLAN,  SKR_XM_TX_CMD,
		SKR_XM_TX_RT_LIM,  SKR_XM_TX_STIME, SKR_XM_RX_CMD,   SKR_XM_PHY_ADDR,
		SKR_XM_PHY_DATA,   SKR_XM_TX_IPG,   SKR_XM_GP_PORT,  SKR_XM_GP_PORT + 2,
		SKR_XM_IMSK,	   SKR_XM_ISRC,	    SKR_XM_HW_CFG,   SKR_XM_DEV_ID,
		SKR_XM_DEV_ID + 2, SKR_XM_MODE,	    SKR_XM_MODE + 2, SKR_XM_STAT_CMD,
	};

	for (u32 n = 0; n < m->nports; n++) {
		u32 base = n ? SKR_XMAC2_BASE : SKR_XMAC1_BASE;
		u32 fifo = n * 0x80;

		for (unsigned int i = 0; i < ARRAY_SIZE(regs); i++)
			def16(m, base, regs[i], SKM_SPECIAL);
		/*
		 * XMAC address 0x1B names no register; Linux's genesis_reset writes
		 * 0xFFFF there, meaning the BCM5400's interrupt mask (PHY register
		 * 0x1B) but going through xm_write16. Boards take it: the write is
		 * accepted and dropped.
		 */
		skm_define(m, base + XM(SKR_XM_STRAY_1B), 2, SKM_SPECIAL);
		for (u32 r = SKR_XM_TX_LO_WM; r <= 0x0078; r += 2)
			def16(m, base, r, SKM_SPECIAL);
		for (u32 r = SKR_XM_EXM; r < SKR_XM_DEV_ID; r += 2)
			def16(m, base, r, SKM_SPECIAL);
		for (u32 r = SKR_XM_LSA; r <= SKR_XM_TS_LOAD + 2; r += 2)
			def16(m, base, r, SKM_SPECIAL);
		for (u32 r = SKR_XM_RX_CNT_EV; r <= SKR_XM_TX_EV_MSK + 2; r += 2)
			def16(m, base, r, SKM_SPECIAL);
		for (u32 r = SKR_XM_TXF_OK; r < SKR_XM_TX_STATS_END; r += 2)
			def16(m, base, r, SKM_SPECIAL);
		for (u32 r = SKR_XM_RXF_OK; r < SKR_XM_RX_STATS_END; r += 2)
			def16(m, base, r, SKM_SPECIAL);

		/* MAC FIFOs, LED and link-sync counters: storage except the controls. */
		skm_define(m, SKR_RX_MFF_EA + fifo, 8, SKM_PLAIN);
		skm_define(m, SKR_RX_MFF_RP + fifo, 12, SKM_PLAIN);
		skm_define(m, SKR_RX_MFF_CTRL1 + fifo, 2, SKM_SPECIAL);
		skm_define(m, SKR_RX_MFF_STAT_TO + fifo, 2, SKM_PLAIN);
		skm_define(m, SKR_RX_MFF_CTRL2 + fifo, 1, SKM_SPECIAL);
		skm_define(m, SKR_RX_MFF_CTRL2 + 1 + fifo, 2, SKM_PLAIN);
		skm_define(m, SKR_RX_LED_INI + fifo, 10, SKM_PLAIN);
		skm_define(m, SKR_LNK_SYNC_INI + fifo, 10, SKM_PLAIN);
		skm_define(m, SKR_LNK_LED_REG + fifo, 1, SKM_PLAIN);
		skm_define(m, SKR_TX_MFF_EA + fifo, 0x18, SKM_PLAIN);
		skm_define(m, SKR_TX_MFF_CTRL1 + fifo, 2, SKM_SPECIAL);
		skm_define(m, SKR_TX_MFF_WAF + fifo, 1, SKM_PLAIN);
		skm_define(m, SKR_TX_MFF_CTRL2 + fifo, 1, SKM_SPECIAL);
		skm_define(m, SKR_TX_MFF_CTRL2 + 1 + fifo, 2, SKM_PLAIN);
		skm_define(m, SKR_TX_LED_INI + fifo, 10, SKM_PLAIN);
		/*
		 * The GMAC interrupt mask's byte exists on Genesis too: Linux's
		 * genesis_reset clears it on every port (a Yukon register, no
		 * effect here). Kept as storage.
		 */
		skm_define(m, SKR_GMAC_IRQ_MSK + fifo, 1, SKM_PLAIN);
	}
	/* The descriptor poll timer exists; the model never polls (see README). */
	skm_define(m, SKR_B28_DPT_INI, 8, SKM_PLAIN);
	skm_define(m, SKR_B28_DPT_CTRL, 1, SKM_PLAIN);
	skm_define(m, SKR_B28_DPT_TST, 1, SKM_PLAIN);
}

static void xmac_clear(struct skm_port *p)
{
	memset(p->mac_regs, 0, sizeof(p->mac_regs));
	p->mac_regs[XM(SKR_XM_DEV_ID) / 4] = (u16)SKR_XM_DEVICE_ID;
	p->mac_regs[XM(SKR_XM_DEV_ID + 2) / 4] = (u16)(SKR_XM_DEVICE_ID >> 16);
	p->xm_isr = 0;
	p->mdio_busy_until = 0;
	p->mdio_read_valid = false;
}

void skm_xmac_reset(struct skm_port *p)
{
	p->mac_reset = false;
	p->rx_fifo_reset = p->tx_fifo_reset = true;
	p->rx_fifo_on = p->tx_fifo_on = false;
	xmac_clear(p);
	p->phy.in_reset = true;
	skm_phy_reset(p);
}

static bool phy_released(const struct skge_model *m, unsigned int port)
{
	u32 gpio = skm_get(m, SKR_B2_GP_IO, 4);
	u32 need = port ? SKR_GP_DIR_2 | SKR_GP_IO_2 : SKR_GP_DIR_0 | SKR_GP_IO_0;

	return (gpio & need) == need;
}

void skm_xmac_gpio_changed(struct skge_model *m)
{
	for (unsigned int n = 0; n < m->nports; n++) {
		struct skm_port *p = &m->port[n];
		bool reset = !phy_released(m, n);

		if (reset == p->phy.in_reset)
			continue;
		p->phy.in_reset = reset;
		skm_phy_reset(p);
	}
}

/* ---- PHY transactions ---- */

static bool mdio_busy(const struct skm_port *p)
{
	return hosted_now() < p->mdio_busy_until;
}

static bool mdio_target_ok(struct skm_port *p, const char *what)
{
	u16 addr = p->mac_regs[XM(SKR_XM_PHY_ADDR) / 4];
	unsigned int phy = (addr >> SKR_XM_PHY_ADDR_SHIFT) & 0x1F;

	if (phy != SKR_BCOM_PHY_ADDR) {
		skm_fail(p->m, "port %u: PHY %s at PHY address %u: the BCM5400 answers at %u",
			 p->idx, what, phy, SKR_BCOM_PHY_ADDR);
		return false;
	}
	if (p->phy.in_reset) {
		skm_fail(p->m,
			 "port %u: PHY %s while the BCM5400 is held in reset (B2_GP_IO pin "
			 "%u not driven high)",
			 p->idx, what, p->idx ? 2 : 0);
		return false;
	}
	return true;
}

static u16 phy_data_read(struct skm_port *p)
{
	u16 addr = p->mac_regs[XM(SKR_XM_PHY_ADDR) / 4];

	if (mdio_busy(p)) {
		skm_fail(p->m, "port %u: XM_PHY_DATA read while the PHY transaction is busy",
			 p->idx);
		return p->mdio_data;
	}
	if (p->mdio_read_valid) {
		p->mdio_read_valid = false;
		return p->mdio_data;
	}
	/* The first read starts the transaction and returns stale data. */
	if (mdio_target_ok(p, "read")) {
		p->mdio_data = skm_phy_read(p, addr & SKR_XM_PHY_REG_MASK);
		p->mdio_busy_until = hosted_now() + SKM_SMI_NS;
		p->mdio_read_valid = true;
	}
	return 0xFFFF;
}

static void phy_data_write(struct skm_port *p, u16 val)
{
	u16 addr = p->mac_regs[XM(SKR_XM_PHY_ADDR) / 4];

	if (mdio_busy(p)) {
		skm_fail(p->m, "port %u: XM_PHY_DATA written while the PHY transaction is busy",
			 p->idx);
		return;
	}
	if (!mdio_target_ok(p, "write"))
		return;
	p->mdio_read_valid = false;
	p->mdio_busy_until = hosted_now() + SKM_SMI_NS;
	skm_phy_write(p, addr & SKR_XM_PHY_REG_MASK, val);
}

/* ---- Registers ---- */

static bool xmac_access_ok(struct skm_port *p, u32 off, unsigned int size, const char *dir)
{
	if (size != 2) {
		skm_fail(p->m,
			 "port %u: %u-byte %s of XMAC register 0x%03x: the XMAC is "
			 "accessed 16 bits at a time",
			 p->idx, size, dir, off / 2);
		return false;
	}
	/*
	 * An XMAC held in reset ignores its register cycles: writes are lost,
	 * reads give the defaults. Linux's genesis_stop (at ifdown) clears the
	 * XMAC's Tx/Rx enables after putting it back into reset.
	 */
	return !p->mac_reset;
}

static bool is_stat(u32 r)
{
	return (r >= SKR_XM_TXF_OK && r < SKR_XM_TX_STATS_END) ||
	       (r >= SKR_XM_RXF_OK && r < SKR_XM_RX_STATS_END);
}

u32 skm_xmac_read(struct skm_port *p, u32 off, unsigned int size)
{
	u32 r = off / 2;
	u16 v;

	if (size == 2 && p->mac_reset)
		return p->mac_regs[off / 4]; /* the defaults the reset put there */
	if (!xmac_access_ok(p, off, size, "read"))
		return 0xFFFF;
	switch (r) {
	case SKR_XM_MMU_CMD:
		v = p->mac_regs[off / 4] & ~(SKR_XM_MMU_PHY_BUSY | SKR_XM_MMU_PHY_RDY);
		if (mdio_busy(p))
			v |= SKR_XM_MMU_PHY_BUSY;
		else if (p->mdio_read_valid)
			v |= SKR_XM_MMU_PHY_RDY;
		return v;
	case SKR_XM_PHY_DATA: return phy_data_read(p);
	case SKR_XM_ISRC:
		v = p->xm_isr;
		p->xm_isr = 0;
		skm_update_irq(p->m);
		return v;
	}
	return p->mac_regs[off / 4];
}

void skm_xmac_write(struct skm_port *p, u32 off, unsigned int size, u32 val)
{
	u32 r = off / 2;

	if (!xmac_access_ok(p, off, size, "write"))
		return;
	if (r == SKR_XM_STRAY_1B)
		return;
	if (is_stat(r) || r == SKR_XM_ISRC || r == SKR_XM_DEV_ID || r == SKR_XM_DEV_ID + 2 ||
	    (r >= SKR_XM_LSA && r < SKR_XM_TS_LOAD)) {
		skm_fail(p->m, "port %u: write of 0x%x to read-only XMAC register 0x%03x", p->idx,
			 val, r);
		return;
	}
	switch (r) {
	case SKR_XM_PHY_ADDR:
		if (mdio_busy(p)) {
			skm_fail(p->m,
				 "port %u: XM_PHY_ADDR written while the PHY transaction is "
				 "busy",
				 p->idx);
			return;
		}
		p->mdio_read_valid = false;
		break;
	case SKR_XM_PHY_DATA: phy_data_write(p, (u16)val); return;
	case SKR_XM_STAT_CMD:
		if (val & SKR_XM_STAT_CLR_TX)
			memset(&p->mac_regs[XM(SKR_XM_TXF_OK) / 4], 0,
			       (SKR_XM_TX_STATS_END - SKR_XM_TXF_OK) / 2 * 2);
		if (val & SKR_XM_STAT_CLR_RX)
			memset(&p->mac_regs[XM(SKR_XM_RXF_OK) / 4], 0,
			       (SKR_XM_RX_STATS_END - SKR_XM_RXF_OK) / 2 * 2);
		return;
	case SKR_XM_MMU_CMD: val &= ~(u32)(SKR_XM_MMU_PHY_BUSY | SKR_XM_MMU_PHY_RDY); break;
	case SKR_XM_IMSK:
		p->mac_regs[off / 4] = (u16)val;
		skm_update_irq(p->m);
		return;
	}
	p->mac_regs[off / 4] = (u16)val;
}

/* ---- MAC FIFOs ---- */

u32 skm_xfifo_read(struct skm_port *p, u32 off, unsigned int size)
{
	u32 reg = off & ~0x80u;

	switch (reg) {
	case SKR_TX_MFF_CTRL1:
		return (skm_get(p->m, off, size) & 0xFFFCu) |
		       (p->mac_reset ? SKR_MFF_SET_MAC_RST : SKR_MFF_CLR_MAC_RST);
	case SKR_RX_MFF_CTRL2:
		return (p->rx_fifo_reset ? SKR_MFF_RST_SET : SKR_MFF_RST_CLR) |
		       (p->rx_fifo_on ? SKR_MFF_ENA_OP : SKR_MFF_DIS_OP);
	case SKR_TX_MFF_CTRL2:
		return (p->tx_fifo_reset ? SKR_MFF_RST_SET : SKR_MFF_RST_CLR) |
		       (p->tx_fifo_on ? SKR_MFF_ENA_OP : SKR_MFF_DIS_OP);
	}
	return skm_get(p->m, off, size);
}

static void fifo_ctrl2(struct skm_port *p, u32 val, bool rx)
{
	bool *reset = rx ? &p->rx_fifo_reset : &p->tx_fifo_reset;
	bool *on = rx ? &p->rx_fifo_on : &p->tx_fifo_on;
	const char *name = rx ? "RX_MFF_CTRL2" : "TX_MFF_CTRL2";
	int r = skm_pair(p->m, val, SKR_MFF_RST_SET, SKR_MFF_RST_CLR, name);
	int op = skm_pair(p->m, val, SKR_MFF_ENA_OP, SKR_MFF_DIS_OP, name);

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
}

void skm_xfifo_write(struct skm_port *p, u32 off, unsigned int size, u32 val)
{
	u32 reg = off & ~0x80u;
	int r;

	switch (reg) {
	case SKR_TX_MFF_CTRL1:
		r = skm_pair(p->m, val, SKR_MFF_SET_MAC_RST, SKR_MFF_CLR_MAC_RST,
			     "TX_MFF_CTRL1 XMAC reset");
		if (r > 0) {
			p->mac_reset = true;
			xmac_clear(p);
		} else if (r < 0) {
			p->mac_reset = false;
		}
		for (unsigned int b = 2; b < 16; b += 2)
			if (b != 8 && b != 10 && b != 14)
				skm_pair(p->m, val, BIT(b + 1), BIT(b), "TX_MFF_CTRL1");
		if (val & SKR_MFF_CLR_PERR)
			skm_hwe_clear(p->m, p->idx ? SKR_HWE_M2_PAR : SKR_HWE_M1_PAR);
		skm_put(p->m, off, size, val & ~(3u | SKR_MFF_CLR_PERR));
		return;
	case SKR_RX_MFF_CTRL1:
		for (unsigned int b = 2; b < 14; b += 2)
			skm_pair(p->m, val, BIT(b + 1), BIT(b), "RX_MFF_CTRL1");
		skm_put(p->m, off, size, val);
		return;
	case SKR_RX_MFF_CTRL2: fifo_ctrl2(p, val, true); return;
	case SKR_TX_MFF_CTRL2: fifo_ctrl2(p, val, false); return;
	}
	skm_put(p->m, off, size, val);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Yukon-2 model: the chip-level control blocks. Block 0 (CTST resets and
 * software IRQ, interrupt sources and masks, the masking read of SP_ISRC2,
 * ICR), block 2 (identity, station addresses, timers, interrupt moderation,
 * test control), the RAM interface (block 3), the Tx arbiters, the
 * descriptor-poll and time-stamp timers, and the chip's registers in PCI
 * configuration space with their mirror at 0x1C00.
 */
#include <string.h>

#include "kernel/pci/pci_regs.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/models/sky2_model_internal.h"

#define PCI_STATUS_ERRORS 0xF900u /* parity, aborts, SERR: write 1 to clear */

/* ---- Interrupts ---- */

u32 ym_sources(struct sky2_model *m)
{
	u32 s = 0;

	for (unsigned int i = 0; i < m->nports; i++) {
		struct ym_port *p = &m->port[i];
		u32 shift = i * YM_IS_PORT_SHIFT;

		if (ym_phy_irq(p))
			s |= YM_IS_PHY << shift;
		if (p->gmac_irq_src & p->gmac_irq_msk)
			s |= YM_IS_MAC << shift;
	}
	for (unsigned int i = 0; i < YM_NQUEUES; i++) {
		struct ym_queue *q = &m->q[i];

		if (q->chk_irq)
			s |= (q->tx ? YM_IS_CHK_TXA : YM_IS_CHK_RX) << (q->port * YM_IS_PORT_SHIFT);
	}
	if (m->hwe_isrc & m->hwe_imsk)
		s |= YM_IS_HW_ERR;
	if (m->sw_irq)
		s |= YM_IS_IRQ_SW;
	if (m->timer_irq)
		s |= YM_IS_TIMINT;
	if (m->stat_irq)
		s |= YM_IS_STAT_BMU;
	return s;
}

static void raise_edge(struct sky2_model *m)
{
	bool msi = m->msi_cap && hosted_pci_msi_enabled(m->pci);

	if (m->fault_irq_lost) {
		m->fault_irq_lost--;
		m->ctr.irqs_lost++;
		m->edge_lost = true;
		return;
	}
	m->edge_lost = false;
	if (m->napi_scheduled && m->napi_scheduled(m->napi_ctx))
		ym_fail(m,
			"interrupt raised (sources 0x%08x) while the driver's NAPI is still "
			"scheduled: it unmasked (ICR=2) before completing",
			ym_sources(m) & m->imsk);
	if (msi) {
		if (m->fault_msi_lost) {
			m->ctr.msi_lost++;
			return;
		}
		m->ctr.msi_sent++;
		hosted_pci_msi_send(m->pci, 0);
		return;
	}
	m->ctr.intx_assertions++;
	hosted_pci_intx(m->pci, true);
}

void ym_update_irq(struct sky2_model *m)
{
	u32 pending = ym_sources(m) & m->imsk;
	bool want = pending && !m->irq_masked && !m->sw_reset;
	bool msi = m->msi_cap && hosted_pci_msi_enabled(m->pci);

	/* Moderation holds back sources it covers until its period has passed. */
	if (want && !m->irq_out && m->irqm.running && !(pending & ~m->irqm_msk) &&
	    hosted_now() < m->irqm_next)
		want = false;
	if (want && !m->irq_out) {
		m->irq_out = true;
		if (m->irqm.running)
			m->irqm_next = hosted_now() + ym_ticks_to_ns(m, m->irqm.ini);
		raise_edge(m);
	} else if (!want && m->irq_out) {
		m->irq_out = false;
	}
	if (!msi)
		hosted_pci_intx(m->pci, m->irq_out && !m->edge_lost);
}

/* ---- Resets ---- */

void ym_chip_reset(struct sky2_model *m)
{
	m->imsk = 0;
	m->hwe_imsk = 0;
	m->hwe_isrc = 0;
	m->sw_irq = false;
	m->timer_irq = false;
	m->irq_masked = false;
	m->timer.running = false;
	m->irqm.running = false;
	m->irqm_msk = 0;
	m->irqm_hwe_msk = 0;
	m->ctst_state = 0;
	memset(m->txa, 0, sizeof(m->txa));
	memset(m->txa_ctrl, 0, sizeof(m->txa_ctrl));
	memset(m->ri_timeouts, 0, sizeof(m->ri_timeouts));
	m->ri_ctrl[0] = m->ri_ctrl[1] = YM_RI_RST_SET;
	ym_queue_chip_reset(m);
	ym_status_chip_reset(m);
	for (unsigned int i = 0; i < m->nports; i++)
		ym_port_chip_reset(&m->port[i]);
}

static void ctst_write(struct sky2_model *m, u32 val, u32 be)
{
	if (be & 0x8) {
		u8 pc = (u8)(val >> 24);

		if (!ym_pairs_conflict(m, "B0_POWER_CTRL", pc, 0x55))
			m->power_ctrl = pc;
	}
	if (be & 0x4)
		ym_fail(m, "write to the read-only power status byte of B0_CTST (0x0006)");
	val &= (be & 1 ? 0xFFu : 0) | (be & 2 ? 0xFF00u : 0);
	if (ym_pairs_conflict(m, "B0_CTST", val, YM_CTST_PAIRS_LOW))
		return;
	if (val & YM_CTST_RST_SET) {
		m->sw_reset = true;
		ym_chip_reset(m);
	}
	if (val & YM_CTST_RST_CLR)
		m->sw_reset = false;
	if (val & YM_CTST_MRST_SET)
		m->master_reset = true;
	if (val & YM_CTST_MRST_CLR)
		m->master_reset = false;
	if (val & (YM_CTST_STOP_MAST | YM_CTST_STOP_DONE))
		ym_fail(m, "B0_CTST 0x%04x: stopping the bus master is not modelled", val);
	if (val & YM_CTST_SW_IRQ_SET) {
		m->sw_irq = true;
		m->ctr.sw_irqs++;
	}
	if (val & YM_CTST_SW_IRQ_CLR) {
		m->sw_irq = false;
		m->sw_irq_reads = 0;
	}
	/* LED, CLKRUN, ASF, WOL: remember the "on" halves; nothing else depends on them. */
	for (unsigned int bit = 8; bit < 16; bit += 2) {
		if (val & BIT(bit))
			m->ctst_state &= ~BIT(bit + 1);
		if (val & BIT(bit + 1))
			m->ctst_state |= BIT(bit + 1);
	}
	ym_update_irq(m);
}

static u32 ctst_read(struct sky2_model *m)
{
	u32 v = m->ctst_state | YM_CTST_VMAIN_AVAIL | (u32)m->power_ctrl << 24;

	v |= m->sw_reset ? YM_CTST_RST_SET : YM_CTST_RST_CLR;
	v |= m->master_reset ? YM_CTST_MRST_SET : YM_CTST_MRST_CLR;
	v |= m->sw_irq ? YM_CTST_SW_IRQ_SET : YM_CTST_SW_IRQ_CLR;
	return v;
}

/* ---- Timers ---- */

static void timer_ctrl(struct sky2_model *m, struct ym_timer *t, const char *name, u8 val,
		       bool moderation)
{
	if (ym_pairs_conflict(m, name, val & (YM_TIM_START | YM_TIM_STOP), YM_TIM_STOP))
		return;
	if (val & YM_TIM_STOP)
		t->running = false;
	if (val & YM_TIM_START) {
		/* A periodic timer of 0 ticks would interrupt without end. */
		if (!t->ini && !moderation)
			ym_fail(m, "%s started with an initial value of 0", name);
		t->running = true;
		if (moderation)
			m->irqm_next = hosted_now();
		else
			m->timer_due = hosted_now() + ym_ticks_to_ns(m, t->ini);
	}
	if ((val & YM_TIM_CLR_IRQ) && !moderation)
		m->timer_irq = false;
	ym_update_irq(m);
}

/* ---- Configuration registers of the chip (config space and its mirror) ---- */

static int our_cfg_index(u16 dw)
{
	/* Power, clock and PHY control words, PSM configuration, LDO control. */
	static const u16 offs[] = { YM_PCI_OUR_REG_1,
				    YM_PCI_OUR_REG_2,
				    YM_PCI_OUR_REG_3,
				    YM_PCI_OUR_REG_4,
				    YM_PCI_OUR_REG_5,
				    0x90,
				    YM_PCI_CFG_REG_1,
				    0x98,
				    0x9C,
				    0xA0,
				    0xA4,
				    0xA8,
				    0xBC,
				    YM_PCI_OUR_STATUS };

	for (unsigned int i = 0; i < ARRAY_SIZE(offs); i++)
		if (offs[i] == dw)
			return (int)i;
	return -1;
}

static bool chip_cfg_read(struct sky2_model *m, u16 dw, u32 *val)
{
	int i = our_cfg_index(dw);

	if (i >= 0) {
		*val = m->cfg_our[i];
		return true;
	}
	if (dw >= YM_PCI_AER && dw < YM_PCI_AER + 0x40) {
		*val = m->aer[(dw - YM_PCI_AER) / 4];
		return true;
	}
	if (m->chip == SKY2_MODEL_OPTIMA && dw >= YM_PCI_PSM_CFG2 && dw <= YM_PCI_PSM_CFG4) {
		*val = m->psm_cfg[(dw - YM_PCI_PSM_CFG2) / 4];
		return true;
	}
	return false;
}

/* A write to the chip's own config registers; false if not one of them. */
static bool chip_cfg_write(struct sky2_model *m, u16 dw, u32 val, u32 be)
{
	u32 mask = 0;
	int i = our_cfg_index(dw);

	for (unsigned int b = 0; b < 4; b++)
		if (be & BIT(b))
			mask |= 0xFFu << (8 * b);
	if (dw == YM_PCI_OUR_STATUS) {
		ym_fail(m, "write to read-only PCI_OUR_STATUS");
		return true;
	}
	if (i >= 0) {
		m->cfg_our[i] = (m->cfg_our[i] & ~mask) | (val & mask);
		return true;
	}
	if (dw == YM_PCI_AER_UNC_STAT || dw == YM_PCI_AER_COR_STAT) {
		m->aer[(dw - YM_PCI_AER) / 4] &= ~(val & mask);
		if (dw == YM_PCI_AER_UNC_STAT)
			m->hwe_isrc &= ~YM_HWE_PCI_EXP;
		ym_update_irq(m);
		return true;
	}
	if (dw >= YM_PCI_AER && dw < YM_PCI_AER + 0x40) {
		m->aer[(dw - YM_PCI_AER) / 4] =
		    (m->aer[(dw - YM_PCI_AER) / 4] & ~mask) | (val & mask);
		return true;
	}
	/* Optima's power-state-machine settings (Linux sets the PHY link-detect timer). */
	if (m->chip == SKY2_MODEL_OPTIMA && dw >= YM_PCI_PSM_CFG2 && dw <= YM_PCI_PSM_CFG4) {
		u32 *r = &m->psm_cfg[(dw - YM_PCI_PSM_CFG2) / 4];

		*r = (*r & ~mask) | (val & mask);
		return true;
	}
	return false;
}

bool ym_cfg_read(void *model, u16 off, unsigned int size, u32 *val)
{
	struct sky2_model *m = model;
	u32 v;

	if (!chip_cfg_read(m, off & ~3, &v))
		return false;
	v >>= 8 * (off & 3);
	*val = size < 4 ? v & ((1u << (8 * size)) - 1) : v;
	return true;
}

u32 ym_byte_enables(u32 off, unsigned int size)
{
	return ((1u << size) - 1) << (off & 3);
}

bool ym_cfg_write(void *model, u16 off, unsigned int size, u32 val)
{
	struct sky2_model *m = model;

	/* PCI status error bits (write 1 to clear) also clear their HW_ERR sources. */
	if (off == PCI_STATUS && size == 2 && (val & PCI_STATUS_ERRORS)) {
		m->hwe_isrc &= ~(YM_HWE_PCI_NEXP | YM_HWE_MST_ERR | YM_HWE_IRQ_STAT);
		ym_update_irq(m);
		return false;
	}
	return chip_cfg_write(m, off & ~3, val << (8 * (off & 3)), ym_byte_enables(off, size));
}

void ym_cfg_written(void *model, u16 off, unsigned int size, u32 val)
{
	ym_update_irq(model);
}

u32 ym_mirror_read(struct sky2_model *m, u32 cfg_off)
{
	u32 v;

	if (chip_cfg_read(m, cfg_off, &v))
		return v;
	if (cfg_off < 0x100)
		return hosted_pci_cfg_get(m->pci, (u16)cfg_off, 4);
	ym_fail(m, "read of config 0x%03x through the mirror: not modelled", cfg_off);
	return 0;
}

void ym_mirror_write(struct sky2_model *m, u32 cfg_off, u32 val, u32 be)
{
	/*
	 * Write-on guards the standard header (IDs, status). The chip's own
	 * registers behind it take mirror writes without it: Linux's sky2
	 * writes PCI_OUR_REG_3 = 0 through the mirror before it ever sets
	 * write-on, to ungate the clocks (tests/hosted/models/README.md).
	 */
	if (cfg_off < 0x40 && !(m->tst_ctrl1 & YM_TST_CFG_WRITE_ON)) {
		ym_fail(m,
			"write to config 0x%03x through the mirror without TST_CTRL1 write-on: "
			"the chip drops it",
			cfg_off);
		return;
	}
	if (chip_cfg_write(m, cfg_off, val, be))
		return;
	if (cfg_off == PCI_COMMAND && !(be & 3) && (be & 0xC)) {
		/* PCI status: error bits are write-1-to-clear and feed HW_ERR. */
		if ((val >> 16) & PCI_STATUS_ERRORS)
			m->hwe_isrc &= ~(YM_HWE_PCI_NEXP | YM_HWE_MST_ERR | YM_HWE_IRQ_STAT);
		ym_update_irq(m);
		return;
	}
	ym_fail(m, "write 0x%08x to config 0x%03x through the mirror: not modelled", val, cfg_off);
}

/* ---- Blocks 0, 2 and 3 ---- */

#define YM_SW_IRQ_READS_MAX 64

bool ym_b0_read(struct sky2_model *m, u32 dw, u32 *val)
{
	u32 src;

	switch (dw) {
	case YM_B0_CTST: *val = ctst_read(m); return true;
	case YM_B0_ISRC: *val = ym_sources(m); return true;
	case YM_B0_IMSK: *val = m->imsk; return true;
	case YM_B0_HWE_ISRC: *val = m->hwe_isrc; return true;
	case YM_B0_HWE_IMSK: *val = m->hwe_imsk; return true;
	case YM_B0_SP_ISRC2:
	case YM_B0_SP_EISR:
	case YM_B0_SP_LISR:
		src = ym_sources(m) & m->imsk;
		if (dw == YM_B0_SP_ISRC2)
			m->ctr.isr_masking_reads++;
		/*
		 * A handler that takes the software interrupt clears it at once
		 * (CTST SW_IRQ_CLR, as Linux's sky2_intr does); one that never
		 * does keeps the line asserted and is called again forever.
		 */
		if (dw == YM_B0_SP_ISRC2 && (src & YM_IS_IRQ_SW)) {
			if (++m->sw_irq_reads == YM_SW_IRQ_READS_MAX)
				ym_fail(
				    m,
				    "the software interrupt was seen by %u interrupt reads in a "
				    "row and never cleared (B0_CTST SW_IRQ_CLR): the line stays "
				    "asserted",
				    YM_SW_IRQ_READS_MAX);
		}
		if (dw == YM_B0_SP_LISR) {
			/* Leaving the ISR: unmask (semantics UNVERIFIED beyond Linux's use). */
			m->irq_masked = false;
		} else {
			m->irq_masked = true;
		}
		ym_update_irq(m);
		*val = src;
		return true;
	case YM_B0_SP_ICR: *val = 0; return true;
	}
	return false;
}

/*
 * The Optima adds three sources below port 1's (Linux's sky2 unmasks the
 * quick-link one at open); on older chips those bits are reserved.
 */
static u32 ym_imsk_valid(const struct sky2_model *m)
{
	return YM_IS_ALL | (m->chip == SKY2_MODEL_OPTIMA ? YM_IS_OPTIMA_EXTRA : 0);
}

bool ym_b0_write(struct sky2_model *m, u32 dw, u32 val, u32 be)
{
	switch (dw) {
	case YM_B0_CTST: ctst_write(m, val, be); return true;
	case YM_B0_IMSK:
		if (val & ~ym_imsk_valid(m))
			ym_fail(m, "B0_IMSK 0x%08x sets reserved bits", val);
		m->imsk = val & ym_imsk_valid(m);
		ym_update_irq(m);
		return true;
	case YM_B0_HWE_IMSK:
		m->hwe_imsk = val & YM_HWE_ALL;
		ym_update_irq(m);
		return true;
	case YM_B0_SP_ICR:
		if (val != YM_ICR_UNMASK) {
			ym_fail(m, "B0_Y2_SP_ICR written 0x%x: only 2 (unmask) is modelled", val);
			return true;
		}
		m->ctr.icr_unmasks++;
		m->irq_masked = false;
		ym_update_irq(m);
		return true;
	case YM_B0_ISRC:
	case YM_B0_HWE_ISRC:
	case YM_B0_SP_ISRC2:
	case YM_B0_SP_EISR:
	case YM_B0_SP_LISR:
		ym_fail(m,
			"write 0x%08x to read-only interrupt source register 0x%04x: sources "
			"clear at their own block",
			val, dw);
		return true;
	}
	return false;
}

static u8 byte_of(u32 val, unsigned int b)
{
	return (u8)(val >> (8 * b));
}

bool ym_b2_read(struct sky2_model *m, u32 dw, u32 be, u32 *val)
{
	if (dw >= YM_B2_MAC_1 && dw < YM_B2_MAC_3 + 8) {
		unsigned int idx = (dw - YM_B2_MAC_1) / 8, o = (dw - YM_B2_MAC_1) % 8;
		u32 v = 0;

		for (unsigned int b = 0; b < 4; b++)
			if (idx < 2 && o + b < 6)
				v |= (u32)m->mac[idx][o + b] << (8 * b);
		*val = v;
		return true;
	}
	switch (dw) {
	case YM_B2_CONN_TYP: /* connector, PMD 'T' (copper), MAC_CFG, CHIP_ID */
		*val = (u32)'T' << 8 |
		       (u32)(m->chip_rev << 4 | (m->nports > 1 ? 0 : YM_MAC_CFG_SINGLE)) << 16 |
		       (u32)m->chip_id << 24;
		return true;
	case YM_B2_E_0:
		*val = (m->has_ram_buffer ? YM_RAM_KB_XL / 4 : 0) |
		       (u32)(m->clk_gate | (m->nports > 1 ? 0 : YM_CLK_GATE_LNK2_INAC)) << 8 |
		       (u32)(YM_HW_RES_LINK1 | (m->nports > 1 ? YM_HW_RES_LINK2 : 0)) << 16;
		return true;
	case YM_B2_CLK_CTRL: *val = m->clk_ctrl; return true;
	case YM_B2_TI_INI: *val = m->timer.ini; return true;
	case YM_B2_TI_VAL: *val = 0; return true;
	case YM_B2_TI_CTRL: *val = m->timer.running ? YM_TIM_START : YM_TIM_STOP; return true;
	case YM_B2_IRQM_INI: *val = m->irqm.ini; return true;
	case YM_B2_IRQM_VAL: *val = 0; return true;
	case YM_B2_IRQM_CTRL: *val = m->irqm.running ? YM_TIM_START : YM_TIM_STOP; return true;
	case YM_B2_IRQM_MSK: *val = m->irqm_msk; return true;
	case YM_B2_IRQM_HWE_MSK: *val = m->irqm_hwe_msk; return true;
	case 0x0158: *val = m->tst_ctrl1 | (u32)m->tst_ctrl2 << 8; return true;
	case YM_B2_GP_IO: *val = m->gp_io; return true;
	case YM_B2_I2C_IRQ: *val = 0; return true;
	case YM_B2_PEX_PHY: *val = m->pex_phy; return true;
	}
	return false;
}

bool ym_b2_write(struct sky2_model *m, u32 dw, u32 val, u32 be)
{
	switch (dw) {
	case 0x0118:
		ym_fail(m, "write to read-only identity registers 0x0118..0x011B");
		return true;
	case YM_B2_E_0:
		if (be & 0x2)
			m->clk_gate = byte_of(val, 1) & ~YM_CLK_GATE_LNK2_INAC;
		if (be & 0xD)
			ym_fail(m, "write to read-only EPROM/HW_RES bytes at 0x011C..0x011F");
		return true;
	case YM_B2_CLK_CTRL:
		if (!ym_pairs_conflict(m, "B2_Y2_CLK_CTRL", val, 0x1))
			m->clk_ctrl = val;
		return true;
	case YM_B2_TI_INI: m->timer.ini = val; return true;
	case YM_B2_TI_CTRL:
		if (be & 1)
			timer_ctrl(m, &m->timer, "B2_TI_CTRL", byte_of(val, 0), false);
		return true; /* TI_TEST (byte 1): accepted and ignored */
	case YM_B2_IRQM_INI: m->irqm.ini = val; return true;
	case YM_B2_IRQM_CTRL:
		if (be & 1)
			timer_ctrl(m, &m->irqm, "B2_IRQM_CTRL", byte_of(val, 0), true);
		return true;
	case YM_B2_IRQM_MSK: m->irqm_msk = val & YM_IS_ALL; return true;
	case YM_B2_IRQM_HWE_MSK: m->irqm_hwe_msk = val; return true;
	case 0x0158:
		if (be & 1) {
			u8 v = byte_of(val, 0);

			if (ym_pairs_conflict(m, "B2_TST_CTRL1", v & 3, 1))
				return true;
			if (v & 0xFC)
				ym_fail(m, "B2_TST_CTRL1 0x%02x forces parity errors: not modelled",
					v);
			if (v & YM_TST_CFG_WRITE_ON)
				m->tst_ctrl1 = YM_TST_CFG_WRITE_ON;
			if (v & YM_TST_CFG_WRITE_OFF)
				m->tst_ctrl1 = 0;
		}
		if (be & 2)
			m->tst_ctrl2 = byte_of(val, 1);
		return true;
	case YM_B2_GP_IO: m->gp_io = val; return true;
	case YM_B2_I2C_IRQ: return true; /* clear TWSI interrupt: none is ever raised */
	case YM_B2_PEX_PHY: m->pex_phy = val; return true; /* PCIe PHY tuning: stored */
	}
	return false;
}

/* Tx arbiters, one per MAC at 0x200 / 0x280; a MAC sends only while its arbiter is on. */
bool ym_txa_access(struct sky2_model *m, u32 dw, u32 *val, u32 wval, u32 be, bool write)
{
	unsigned int port = (dw >> 7) & 1;
	u32 reg = dw & 0x7F;

	if (port >= m->nports)
		return false;
	/*
	 * Receive-side scaling: the hash key (4 dwords used on older chips, 10
	 * on the new-LE ones) and, on those, the hash configuration. Stored;
	 * the RSS hash status LEs are not generated (drivers run without them).
	 */
	if (reg >= YM_RSS_KEY && reg < YM_RSS_KEY + 4 * YM_RSS_KEY_DWORDS) {
		if (write)
			m->rss_key[port][(reg - YM_RSS_KEY) / 4] = wval;
		else
			*val = m->rss_key[port][(reg - YM_RSS_KEY) / 4];
		return true;
	}
	if (reg == YM_RSS_CFG && m->new_le) {
		if (write)
			m->rss_cfg[port] = wval;
		else
			*val = m->rss_cfg[port];
		return true;
	}
	if (reg < (YM_TXA_CTRL & 0x7F)) {
		if (write)
			m->txa[port][reg / 4] = wval;
		else
			*val = m->txa[port][reg / 4];
		return true;
	}
	if (reg != (YM_TXA_CTRL & 0x7F))
		return false;
	if (!write) {
		*val = m->txa_ctrl[port];
		return true;
	}
	if (!(be & 1) || ym_pairs_conflict(m, "TXA_CTRL", wval & 0xFF, 0x55))
		return true; /* test/status bytes: accepted, ignored */
	if (wval & YM_TXA_ENA_ARB)
		m->txa_ctrl[port] |= YM_TXA_ENA_ARB;
	if (wval & YM_TXA_DIS_ARB)
		m->txa_ctrl[port] &= ~YM_TXA_ENA_ARB;
	if (wval & YM_TXA_START_RC)
		ym_fail(m, "TXA_CTRL 0x%02x: sync queue rate control is not modelled", wval & 0xFF);
	return true;
}

/* Descriptor poll timer and receive time stamps: may be stopped, not used. */
bool ym_timers_access(struct sky2_model *m, u32 dw, u32 *val, u32 wval, u32 be, bool write)
{
	if (!write) {
		*val = dw == YM_B28_DPT_INI ? m->dpt_ini : 0;
		return dw == YM_B28_DPT_INI || dw == 0x0E04 || dw == YM_B28_DPT_CTRL ||
		       dw == 0x0E14 || dw == YM_GMAC_TI_ST_CTRL;
	}
	if (dw == YM_B28_DPT_INI) {
		m->dpt_ini = wval;
		return true;
	}
	if (dw == YM_B28_DPT_CTRL || dw == YM_GMAC_TI_ST_CTRL) {
		u32 start = dw == YM_B28_DPT_CTRL ? BIT(1) : BIT(2);

		if ((be & 1) && (wval & start))
			ym_fail(m, "0x%04x 0x%02x: the %s is not modelled", dw, wval & 0xFF,
				dw == YM_B28_DPT_CTRL ? "descriptor poll timer"
						      : "time stamp timer");
		return true;
	}
	return false;
}

/* RAM interface: timeouts per queue and a control word, twice (second at +0x40). */
bool ym_ri_access(struct sky2_model *m, u32 dw, u32 *val, u32 wval, u32 be, bool write)
{
	unsigned int sel = (dw >> YM_RI_SELECT_SHIFT) & 1;
	u32 base = dw & ~(1u << YM_RI_SELECT_SHIFT);

	if (base >= YM_B3_RI_FIRST && base <= (YM_B3_RI_LAST & ~3u)) {
		for (unsigned int b = 0; b < 4; b++) {
			unsigned int i = base - YM_B3_RI_FIRST + b;

			if (!(be & BIT(b)))
				continue;
			if (write)
				m->ri_timeouts[sel][i] = byte_of(wval, b);
			else
				*val |= (u32)m->ri_timeouts[sel][i] << (8 * b);
		}
		return true;
	}
	if (base == YM_B3_RI_CTRL) {
		if (!write) {
			*val = m->ri_ctrl[sel];
			return true;
		}
		if (ym_pairs_conflict(m, "B3_RI_CTRL", wval & 0xFFFF, 0x1))
			return true;
		if (wval & YM_RI_RST_SET)
			m->ri_ctrl[sel] = YM_RI_RST_SET;
		if (wval & YM_RI_RST_CLR)
			m->ri_ctrl[sel] = YM_RI_RST_CLR;
		if (wval & 0x300) /* clear RAM parity errors */
			m->hwe_isrc &= ~(0x30u << (8 * sel));
		ym_update_irq(m);
		return true;
	}
	return false;
}

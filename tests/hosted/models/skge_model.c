// SPDX-License-Identifier: BSD-2-Clause
/*
 * skge model: the PCI function, the register map and its access rules,
 * block 0 (resets, interrupt sources and masks), block 2 (identity the
 * EEPROM load leaves, the moderation timer) and blocks 3-5 (arbiters, kept
 * as reset/storage). Descriptor engines and RAM buffers are in
 * skge_model_bmu.c, the MACs in skge_model_xmac.c / skge_model_gmac.c and
 * the PHYs in skge_model_phy.c.
 *
 * Strictness: an offset the model does not know, a write to a read-only
 * register, setting both halves of a set/clear pair, touching anything but
 * block 0 while the software reset is in force, touching a port the chip
 * does not have: each is a hosted_fail() naming the offset.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/pci/pci_regs.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/models/skge_model_internal.h"

#define VENDOR_SYSKONNECT 0x1148
#define DEVICE_GENESIS	  0x4300
#define DEVICE_YUKON	  0x4320
#define CLASS_ETHERNET	  0x020000
#define PM_CAP_OFFSET	  0x48 /* where the chip's capability list starts */
#define RAM_UNITS_YUKON	  0x20 /* x 4 KiB = 128 KiB */
#define PHY_TYPE_BCOM	  0x01 /* EEPROM byte 1 on Genesis copper boards */
#define PMD_1000BASET	  'T'

void skm_fail(struct skge_model *m, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	hosted_fail("skge model %s: %s", m->name, msg);
}

int skm_pair(struct skge_model *m, u32 val, u32 set, u32 clr, const char *what)
{
	if ((val & set) && (val & clr)) {
		skm_fail(m,
			 "%s: set and clear written together (0x%x): pulse registers are "
			 "not storage",
			 what, val);
		return 0;
	}
	if (val & set)
		return 1;
	return (val & clr) ? -1 : 0;
}

/*
 * Yukon-Lite A3 and later: the PHYs leave power-down only when GPIO 9 is
 * driven high, a PHY is put in reset, and GPIO 9 is driven low again.
 */
void skm_gpio_written(struct skge_model *m)
{
	u32 v = skm_get(m, SKR_B2_GP_IO, 4);
	bool driven = v & SKR_GP_DIR_9, high = v & SKR_GP_IO_9;

	if (!m->coma)
		return;
	if (driven && high) {
		m->coma_pin_high = true;
	} else if (driven && m->coma_pin_high) {
		m->coma_pin_high = false;
		m->coma = !m->coma_reset_seen;
	}
}

void skm_coma_phy_reset(struct skge_model *m, unsigned int port, bool reset)
{
	if (!m->coma)
		return;
	if (reset) {
		m->coma_reset_seen |= m->coma_pin_high;
		return;
	}
	skm_fail(m,
		 "port %u: Yukon-Lite rev %u PHY released from reset while powered down (COMA): "
		 "GPIO 9 must be driven high across its reset and low after it",
		 port, m->chip_rev);
}

bool skm_is_genesis(const struct skge_model *m)
{
	return m->chip == SKGE_MODEL_GENESIS;
}

void skm_define(struct skge_model *m, u32 off, u32 len, enum skm_kind kind)
{
	memset(&m->kind[off], kind, len);
}

u32 skm_get(const struct skge_model *m, u32 off, unsigned int size)
{
	u32 v = 0;

	for (unsigned int i = 0; i < size; i++)
		v |= (u32)m->regs[off + i] << (8 * i);
	return v;
}

void skm_put(struct skge_model *m, u32 off, unsigned int size, u32 val)
{
	for (unsigned int i = 0; i < size; i++)
		m->regs[off + i] = (u8)(val >> (8 * i));
}

/* ---- Interrupts ---- */

void skm_hwe_clear(struct skge_model *m, u32 sources)
{
	m->hwe_isrc &= ~(sources & ~m->hwe_stuck);
	skm_update_irq(m);
}

void skge_model_fault_hw_error(struct skge_model *m, u32 sources, bool stuck)
{
	if (sources & ~SKR_HWE_MODELLED)
		hosted_fail("skge model: hardware-error sources 0x%x are not modelled (0x%x are)",
			    sources, SKR_HWE_MODELLED);
	sources &= SKR_HWE_MODELLED;
	m->hwe_isrc |= sources;
	if (stuck)
		m->hwe_stuck |= sources;
	skm_update_irq(m);
}

u32 skge_model_hw_errors(const struct skge_model *m)
{
	return m->hwe_isrc;
}

u32 skm_isrc(const struct skge_model *m)
{
	u32 src = skm_queue_sources(m) | skm_mac_sources(m);

	if (m->sw_irq)
		src |= SKR_IS_SW;
	if (m->hwe_isrc & m->hwe_imsk)
		src |= SKR_IS_HW_ERR;
	return src;
}

/*
 * A port's packet-path sources, the ones its NAPI poll serves: the
 * end-of-frame interrupts of its receive and transmit queues. Its MAC and
 * PHY interrupts are events both reference drivers handle outside the poll
 * (in the handler or from a work item), so they may come while it runs.
 */
static u32 port_sources(unsigned int port)
{
	return port ? SKR_IS_R2_F | SKR_IS_XS2_F | SKR_IS_XA2_F
		    : SKR_IS_R1_F | SKR_IS_XS1_F | SKR_IS_XA1_F;
}

/* Sources the line may be raised for now: unmasked, and not held by moderation. */
static u32 deliverable(const struct skge_model *m)
{
	u32 src = skm_isrc(m) & m->imsk;

	if (m->irqm_running)
		src &= ~m->irqm_msk | m->irqm_released;
	return src;
}

static void check_napi(struct skge_model *m, u32 src)
{
	for (unsigned int n = 0; n < m->nports; n++) {
		struct skm_port *p = &m->port[n];

		if (!p->napi_scheduled || !(src & port_sources(n)))
			continue;
		if (p->napi_scheduled(p->napi_ctx))
			skm_fail(m,
				 "interrupt raised for port %u sources 0x%08x while its NAPI "
				 "is still scheduled: the driver left them unmasked",
				 n, src & port_sources(n));
	}
}

static void irqm_expire(struct skge_model *m, u64 now);

void skm_update_irq(struct skge_model *m)
{
	u32 src;

	irqm_expire(m, hosted_now());
	/* A moderated source let through and then cleared waits a full period next time. */
	m->irqm_released &= skm_isrc(m);
	src = m->read_masked ? 0 : deliverable(m);
	bool level = src != 0;

	if (level && m->lost_latched) {
		/* A lost interrupt stays lost until something new happens. */
		if (!(src & ~m->asserted_for))
			level = false;
		else
			m->lost_latched = false;
	}
	if (level && !m->intx && m->irqs_to_lose) {
		m->irqs_to_lose--;
		m->ctr.irqs_lost++;
		m->lost_latched = true;
		m->asserted_for = src;
		level = false;
	}
	if (level && (!m->intx || (src & ~m->asserted_for)))
		check_napi(m, src);
	if (level && !m->intx)
		m->ctr.intx_assertions++;
	if (level)
		m->asserted_for = src;
	if (level != m->intx) {
		m->intx = level;
		hosted_pci_intx(m->pci, level);
	}
	m->irqm_seen = skm_isrc(m) & m->irqm_msk;
}

static u64 irqm_period(const struct skge_model *m)
{
	u64 period = (u64)m->irqm_ini * 1000 / m->ticks_per_us;

	return period ? period : 1;
}

static void irqm_schedule(struct skge_model *m, u64 from)
{
	m->irqm_next = from + irqm_period(m);
}

/*
 * The timer runs freely. The model only wakes for an expiry a moderated
 * source waits for (irqm_wake()); the ones nobody waited for changed
 * nothing, and this brings the next expiry up to now, in phase.
 */
static void irqm_catch_up(struct skge_model *m, u64 now)
{
	u64 period = irqm_period(m);

	if (now > m->irqm_next)
		m->irqm_next += (now - m->irqm_next + period - 1) / period * period;
}

static void irqm_ctrl_write(struct skge_model *m, u32 val)
{
	int on = skm_pair(m, val, SKR_TIM_START, SKR_TIM_STOP, "B2_IRQM_CTRL");

	if (on > 0) {
		if (!m->irqm_ini)
			skm_fail(m, "moderation timer started with B2_IRQM_INI = 0");
		m->irqm_running = true;
		m->irqm_released = 0;
		irqm_schedule(m, hosted_now());
	} else if (on < 0) {
		m->irqm_running = false;
	}
	skm_update_irq(m);
}

/*
 * Expiries that passed since the model last looked. The moderated sources
 * pending across them (irqm_seen, as of the last update) may now interrupt;
 * newer ones wait for the next expiry. "Passed", never "exactly now": a
 * host's clock may reach an expiry late (QEMU's timers fire at or after
 * their deadline, and an access may come first).
 */
static void irqm_expire(struct skge_model *m, u64 now)
{
	if (!m->irqm_running || now < m->irqm_next)
		return;
	m->irqm_released = m->irqm_seen;
	irqm_catch_up(m, now);
	if (m->irqm_next <= now)
		m->irqm_next += irqm_period(m);
}

static void irqm_tick(struct skge_model *m, u64 now)
{
	if (m->irqm_running && now >= m->irqm_next)
		skm_update_irq(m);
}

/*
 * When the model must wake for the timer: at its next expiry if a moderated
 * source waits for it, else never. Idle, its expiries (every 50 us with
 * skge's setting) would be nearly every event a simulation has.
 */
static u64 irqm_wake(const struct skge_model *m)
{
	if (!m->irqm_running || !(skm_isrc(m) & m->irqm_msk & ~m->irqm_released))
		return UINT64_MAX;
	return m->irqm_next;
}

/* ---- Resets ---- */

static void reset_block0(struct skge_model *m)
{
	m->imsk = 0;
	m->hwe_imsk = 0;
	m->hwe_isrc = m->hwe_stuck; /* a failing part fails again */
	m->sw_irq = false;
	m->read_masked = false;
	m->irqm_running = false;
	m->irqm_ini = 0;
	m->irqm_msk = 0;
	m->irqm_released = 0;
	m->irqm_seen = 0;
	m->ri_reset = m->ma_reset = m->pa_reset = true;
	m->port[0].tx_arbiter_on = m->port[1].tx_arbiter_on = false;
}

static void software_reset(struct skge_model *m)
{
	/* Plain storage beyond the EEPROM-loaded identity goes back to zero. */
	memset(&m->regs[SKR_B2_TI_INI], 0, SKR_BAR_SIZE - SKR_B2_TI_INI);
	reset_block0(m);
	skm_bmu_reset(m);
	for (unsigned int n = 0; n < m->nports; n++) {
		skm_rx_flush(&m->port[n]); /* frames held in the RAM buffer are lost */
		if (skm_is_genesis(m))
			skm_xmac_reset(&m->port[n]);
		else
			skm_gmac_reset(&m->port[n], false);
	}
	skm_update_irq(m);
}

static void ctst_write(struct skge_model *m, u32 val)
{
	int sw = skm_pair(m, val, SKR_CTST_RST_SET, SKR_CTST_RST_CLR, "B0_CTST software reset");
	int mr = skm_pair(m, val, SKR_CTST_MRST_SET, SKR_CTST_MRST_CLR, "B0_CTST master reset");
	int irq = skm_pair(m, val, SKR_CTST_SW_IRQ_ST, SKR_CTST_SW_IRQ_CL, "B0_CTST software IRQ");

	if (sw > 0) {
		m->sw_reset = true;
		software_reset(m);
	} else if (sw < 0) {
		m->sw_reset = false;
	}
	if (mr)
		m->master_reset = mr > 0;
	if (irq)
		m->sw_irq = irq > 0;
	if (val & SKR_CTST_STOP_MAST)
		skm_fail(m, "B0_CTST stop-master is not modelled");
	skm_update_irq(m);
}

static u32 ctst_read(const struct skge_model *m)
{
	u32 v = 0;

	if (m->sw_reset)
		v |= SKR_CTST_RST_SET;
	if (m->master_reset)
		v |= SKR_CTST_MRST_SET;
	if (m->sw_irq)
		v |= SKR_CTST_SW_IRQ_ST;
	return v;
}

/* ---- Block 0 ---- */

static struct skm_queue *csr_shortcut(struct skge_model *m, u32 off)
{
	static const u16 order[] = {
		SKR_Q_R1, SKR_Q_R2, SKR_Q_XS1, SKR_Q_XA1, SKR_Q_XS2, SKR_Q_XA2
	};
	u16 base = order[(off - SKR_B0_R1_CSR) / 4];

	for (unsigned int i = 0; i < SKM_NR_QUEUES; i++)
		if (m->q[i].base == base)
			return &m->q[i];
	return NULL;
}

static u32 block0_read(struct skge_model *m, u32 off, unsigned int size)
{
	u32 v;

	switch (off) {
	case SKR_B0_CTST: return ctst_read(m);
	case SKR_B0_ISRC: return skm_isrc(m);
	case SKR_B0_IMSK: return m->imsk;
	case SKR_B0_HWE_ISRC: return m->hwe_isrc;
	case SKR_B0_HWE_IMSK: return m->hwe_imsk;
	case SKR_B0_SP_ISRC:
		m->ctr.isr_masking_reads++;
		v = skm_isrc(m) & m->imsk;
		m->read_masked = true;
		skm_update_irq(m);
		return v;
	}
	if (off >= SKR_B0_R1_CSR && off <= SKR_B0_XA2_CSR && size == 4) {
		struct skm_queue *q = csr_shortcut(m, off);

		if (q)
			return skm_csr_read(m, q);
	}
	skm_fail(m, "block 0 register 0x%03x (%u bytes) read: not modelled", off, size);
	return ~0u;
}

static void block0_write(struct skge_model *m, u32 off, unsigned int size, u32 val)
{
	switch (off) {
	case SKR_B0_CTST: ctst_write(m, val); return;
	case SKR_B0_IMSK:
		if (val & ~SKR_IS_DEFINED)
			skm_fail(m, "B0_IMSK bit 30 is reserved (0x%08x)", val);
		m->imsk = val;
		m->read_masked = false;
		m->lost_latched = false;
		skm_update_irq(m);
		return;
	case SKR_B0_HWE_IMSK:
		if (val & ~SKR_HWE_DEFINED)
			skm_fail(m, "B0_HWE_IMSK undefined bits 0x%08x", val);
		m->hwe_imsk = val;
		skm_update_irq(m);
		return;
	case SKR_B0_ISRC:
	case SKR_B0_HWE_ISRC:
	case SKR_B0_SP_ISRC:
		skm_fail(m,
			 "write to read-only interrupt source register 0x%03x: sources clear "
			 "at their own block",
			 off);
		return;
	}
	if (off >= SKR_B0_R1_CSR && off <= SKR_B0_XA2_CSR && size == 4) {
		struct skm_queue *q = csr_shortcut(m, off);

		if (q) {
			skm_csr_write(m, q, val);
			return;
		}
	}
	skm_fail(m, "block 0 register 0x%03x (%u bytes) written (0x%x): not modelled", off, size,
		 val);
}

/* ---- Block 2, 3, transmit arbiters ---- */

static u32 special_read(struct skge_model *m, u32 off, unsigned int size)
{
	if (off < 0x80)
		return block0_read(m, off, size);
	if (off >= SKR_B7_CFG_SPC && off < SKR_Q_R1)
		return hosted_pci_cfg_get(m->pci, (u16)(off - SKR_B7_CFG_SPC), size);
	if (off >= SKR_Q_R1 && off < 0x800)
		return skm_bmu_read(m, off, size);
	if (off >= 0x800 && off < 0xC00)
		return skm_rb_read(m, off, size);
	if (off >= 0xC00 && off < 0xE00) {
		struct skm_port *p = &m->port[(off >> 7) & 1];

		return skm_is_genesis(m) ? skm_xfifo_read(p, off, size)
					 : skm_gctl_read(p, off, size);
	}
	if (off >= 0xF00 && off < 0x1000)
		return skm_gctl_read(&m->port[(off >> 7) & 1], off, size);
	if (off >= SKR_XMAC1_BASE) {
		struct skm_port *p = &m->port[(off >> 12) & 1];

		return skm_is_genesis(m) ? skm_xmac_read(p, off & 0x7FF, size)
					 : skm_gmac_read(p, off & 0x7FF, size);
	}
	switch (off) {
	case SKR_B2_IRQM_VAL:
		if (!m->irqm_running)
			return 0;
		skm_update_irq(m); /* an expiry that passed unseen takes effect first */
		return (u32)((m->irqm_next - hosted_now()) * m->ticks_per_us / 1000);
	case SKR_B2_IRQM_CTRL: return m->irqm_running ? SKR_TIM_START : SKR_TIM_STOP;
	case SKR_B3_RI_CTRL: return m->ri_reset ? SKR_RI_RST_SET : SKR_RI_RST_CLR;
	case SKR_B3_MA_TO_CTRL: return m->ma_reset ? SKR_MA_RST_SET : SKR_MA_RST_CLR;
	case SKR_B3_PA_CTRL: return m->pa_reset ? SKR_PA_RST_SET : SKR_PA_RST_CLR;
	case SKR_TXA_CTRL:
	case SKR_TXA_CTRL + 0x80:
		return m->port[(off >> 7) & 1].tx_arbiter_on ? SKR_TXA_ENA_ARB : SKR_TXA_DIS_ARB;
	}
	return skm_get(m, off, size);
}

static void special_write(struct skge_model *m, u32 off, unsigned int size, u32 val)
{
	int r;

	if (off < 0x80) {
		block0_write(m, off, size, val);
		return;
	}
	if (off >= SKR_B7_CFG_SPC && off < SKR_Q_R1) {
		skm_fail(m, "write through the PCI config copy at 0x%03x is not modelled%s", off,
			 m->cfg_write_on ? "" : " (and B2_TST_CTRL1 write-on was not set)");
		return;
	}
	if (off >= SKR_Q_R1 && off < 0x800) {
		skm_bmu_write(m, off, size, val);
		return;
	}
	if (off >= 0x800 && off < 0xC00) {
		skm_rb_write(m, off, size, val);
		return;
	}
	if (off >= 0xC00 && off < 0xE00) {
		struct skm_port *p = &m->port[(off >> 7) & 1];

		if (skm_is_genesis(m))
			skm_xfifo_write(p, off, size, val);
		else
			skm_gctl_write(p, off, size, val);
		return;
	}
	if (off >= 0xF00 && off < 0x1000) {
		skm_gctl_write(&m->port[(off >> 7) & 1], off, size, val);
		return;
	}
	if (off >= SKR_XMAC1_BASE) {
		struct skm_port *p = &m->port[(off >> 12) & 1];

		if (skm_is_genesis(m))
			skm_xmac_write(p, off & 0x7FF, size, val);
		else
			skm_gmac_write(p, off & 0x7FF, size, val);
		return;
	}
	switch (off) {
	case SKR_B2_FAR:
	case SKR_B2_FAR + 1:
	case SKR_B2_FAR + 2:
	case SKR_B2_FAR + 3:
		skm_put(m, off, size, val);
		if (!m->lite_a0)
			m->regs[SKR_B2_FAR + 3] = 0;
		return;
	case SKR_B2_IRQM_INI:
		if (m->irqm_running)
			skm_fail(m, "B2_IRQM_INI changed while the moderation timer runs");
		m->irqm_ini = val;
		break;
	case SKR_B2_IRQM_MSK:
		m->irqm_msk = val;
		skm_update_irq(m);
		break;
	case SKR_B2_IRQM_CTRL: irqm_ctrl_write(m, val & 0xFF); return;
	case SKR_B2_TI_CTRL:
		/* Drivers stop the general-purpose timer and clear its IRQ; running it is not
		 * modelled. */
		if (val & SKR_TIM_START)
			skm_fail(m, "the general-purpose timer (B2_TI_CTRL start) is not modelled");
		return;
	case SKR_B2_IRQM_TEST:
	case SKR_B2_TI_TEST:
		if (val & ~(u32)SKR_TIM_STOP)
			skm_fail(m, "timer test mode 0x%x at 0x%03x is not modelled", val, off);
		return;
	case SKR_B2_TST_CTRL1:
		r = skm_pair(m, val, SKR_TST_CFG_WRITE_ON, SKR_TST_CFG_WRITE_OFF,
			     "B2_TST_CTRL1 config write");
		if (r)
			m->cfg_write_on = r > 0;
		if (val & ~3u)
			skm_fail(m, "B2_TST_CTRL1 parity-forcing test bits 0x%x", val);
		return;
	case SKR_B2_GP_IO:
		skm_put(m, off, size, val);
		if (skm_is_genesis(m))
			skm_xmac_gpio_changed(m);
		else
			skm_gpio_written(m);
		return;
	case SKR_B3_RI_CTRL:
		r = skm_pair(m, val, SKR_RI_RST_SET, SKR_RI_RST_CLR, "B3_RI_CTRL");
		if (r)
			m->ri_reset = r > 0;
		skm_hwe_clear(m, (val & SKR_RI_CLR_RD_PERR ? SKR_HWE_RAM_RD : 0) |
				     (val & SKR_RI_CLR_WR_PERR ? SKR_HWE_RAM_WR : 0));
		return;
	case SKR_B3_MA_TO_CTRL:
		r = skm_pair(m, val, SKR_MA_RST_SET, SKR_MA_RST_CLR, "B3_MA_TO_CTRL");
		if (r)
			m->ma_reset = r > 0;
		return;
	case SKR_B3_PA_CTRL:
		r = skm_pair(m, val, SKR_PA_RST_SET, SKR_PA_RST_CLR, "B3_PA_CTRL");
		if (r)
			m->pa_reset = r > 0;
		for (unsigned int b = 2; b < 10; b += 2)
			skm_pair(m, val, BIT(b + 1), BIT(b), "B3_PA_CTRL timeout enable");
		return;
	case SKR_TXA_CTRL:
	case SKR_TXA_CTRL + 0x80:
		r = skm_pair(m, val, SKR_TXA_ENA_ARB, SKR_TXA_DIS_ARB, "TXA_CTRL arbiter");
		if (r)
			m->port[(off >> 7) & 1].tx_arbiter_on = r > 0;
		skm_pair(m, val, BIT(3), BIT(2), "TXA_CTRL rate control");
		skm_pair(m, val, BIT(5), BIT(4), "TXA_CTRL allocation");
		skm_pair(m, val, BIT(7), BIT(6), "TXA_CTRL force sync");
		break;
	}
	skm_put(m, off, size, val);
}

/* ---- The register map ---- */

static void build_map(struct skge_model *m)
{
	memset(m->kind, SKM_UNKNOWN, sizeof(m->kind));
	/* Block 0. */
	skm_define(m, SKR_B0_RAP, 1, SKM_PLAIN);
	skm_define(m, SKR_B0_CTST, 2, SKM_SPECIAL);
	skm_define(m, SKR_B0_LED, 1, SKM_PLAIN);
	if (!skm_is_genesis(m))
		skm_define(m, SKR_B0_POWER_CTRL, 1, SKM_PLAIN);
	skm_define(m, SKR_B0_ISRC, 0x14, SKM_SPECIAL);
	skm_define(m, SKR_B0_R1_CSR, 0x18, SKM_SPECIAL);
	/* Block 2. */
	/* Station addresses: loaded from the EEPROM, writable, kept across a software reset. */
	skm_define(m, SKR_B2_MAC_1, 0x18, SKM_PLAIN);
	skm_define(m, SKR_B2_CONN_TYP, 8, SKM_RO);
	/* Flash address/data and loader: kept, never acted on. The top byte of the address
	 * reads 0 (only Yukon-Lite A0 implements it; drivers probe for that). */
	skm_define(m, SKR_B2_FAR, 4, SKM_SPECIAL);
	skm_define(m, SKR_B2_FDP, 4, SKM_PLAIN);
	skm_define(m, SKR_B2_LD_CTRL, 2, SKM_PLAIN);
	skm_define(m, SKR_B2_TI_INI, 4, SKM_PLAIN);
	skm_define(m, SKR_B2_TI_VAL, 4, SKM_RO);
	skm_define(m, SKR_B2_TI_CTRL, 4, SKM_SPECIAL);
	skm_define(m, SKR_B2_IRQM_INI, 4, SKM_SPECIAL);
	skm_define(m, SKR_B2_IRQM_VAL, 4, SKM_SPECIAL);
	skm_define(m, SKR_B2_IRQM_CTRL, 4, SKM_SPECIAL);
	skm_define(m, SKR_B2_IRQM_MSK, 4, SKM_SPECIAL);
	skm_define(m, SKR_B2_IRQM_HWE_MSK, 4, SKM_PLAIN);
	skm_define(m, SKR_B2_TST_CTRL1, 1, SKM_SPECIAL);
	skm_define(m, SKR_B2_TST_CTRL2, 1, SKM_PLAIN);
	skm_define(m, SKR_B2_GP_IO, 4, SKM_SPECIAL);
	skm_define(m, SKR_B2_BSC_INI, 4, SKM_PLAIN);
	skm_define(m, SKR_B2_BSC_CTRL, 1, SKM_PLAIN);
	/* Block 3. */
	skm_define(m, SKR_B3_RI_WTO_R1, 12, SKM_PLAIN);
	skm_define(m, SKR_B3_RI_TO_VAL, 1, SKM_RO);
	skm_define(m, SKR_B3_RI_CTRL, 2, SKM_SPECIAL);
	skm_define(m, SKR_B3_MA_TOINI, 4, SKM_PLAIN);
	skm_define(m, SKR_B3_MA_TOVAL, 4, SKM_RO);
	skm_define(m, SKR_B3_MA_TO_CTRL, 2, SKM_SPECIAL);
	skm_define(m, SKR_B3_MA_RCINI, 4, SKM_PLAIN);
	skm_define(m, SKR_B3_MA_RCVAL, 4, SKM_RO);
	skm_define(m, SKR_B3_MA_RC_CTRL, 2, SKM_PLAIN);
	for (u32 i = 0; i < 4; i++) {
		skm_define(m, SKR_B3_PA_TOINI + 4 * i, 2, SKM_PLAIN);
		skm_define(m, SKR_B3_PA_TOVAL + 4 * i, 2, SKM_RO);
	}
	skm_define(m, SKR_B3_PA_CTRL, 2, SKM_SPECIAL);
	/* Transmit arbiters, one per port. */
	for (u32 n = 0; n < m->nports; n++) {
		u32 b = n * 0x80;

		skm_define(m, SKR_TXA_ITI_INI + b, 4, SKM_PLAIN);
		skm_define(m, SKR_TXA_ITI_VAL + b, 4, SKM_RO);
		skm_define(m, SKR_TXA_LIM_INI + b, 4, SKM_PLAIN);
		skm_define(m, SKR_TXA_LIM_VAL + b, 4, SKM_RO);
		skm_define(m, SKR_TXA_CTRL + b, 1, SKM_SPECIAL);
		skm_define(m, SKR_TXA_TEST + b, 1, SKM_PLAIN);
		skm_define(m, SKR_TXA_STAT + b, 1, SKM_RO);
	}
	/* The PCI configuration copy: reads only. */
	skm_define(m, SKR_B7_CFG_SPC, 0x80, SKM_SPECIAL);
	skm_bmu_init(m);
	if (skm_is_genesis(m))
		skm_xmac_map(m);
	else
		skm_gmac_map(m);
}

/* ---- PCI ---- */

static bool unknown_chip_allows(u32 off, unsigned int size, bool write)
{
	/* What a driver does before it knows the chip: reset pulses and reading who it is. */
	if (off == SKR_B0_CTST)
		return true;
	return !write && off >= SKR_B2_CONN_TYP && off + size <= SKR_B2_CHIP_ID + 1;
}

static bool access_ok(struct skge_model *m, u32 off, unsigned int size, bool write, u32 val)
{
	const char *dir = write ? "write" : "read";

	if (m->chip == SKGE_MODEL_UNKNOWN && !unknown_chip_allows(off, size, write)) {
		skm_fail(m,
			 "%u-byte %s at 0x%04x on a chip with unknown ID 0x%02x: a driver must "
			 "stop after reading B2_CHIP_ID",
			 size, dir, off, m->chip_id);
		return false;
	}
	if (size > 4) {
		skm_fail(m, "%u-byte %s at 0x%04x: the chip has no 64-bit registers", size, dir,
			 off);
		return false;
	}
	for (unsigned int i = 0; i < size; i++) {
		u8 k = m->kind[off + i];

		if (k == SKM_UNKNOWN) {
			skm_fail(m,
				 "%u-byte %s at 0x%04x touches 0x%04x, which the model does not "
				 "know",
				 size, dir, off, off + i);
			return false;
		}
		if (k == SKM_RO && write) {
			skm_fail(m, "%u-byte write of 0x%x to read-only register 0x%04x", size, val,
				 off);
			return false;
		}
	}
	if (m->sw_reset && off >= 0x80) {
		skm_fail(m, "%s at 0x%04x while B0_CTST holds the software reset", dir, off);
		return false;
	}
	return true;
}

static bool is_special(const struct skge_model *m, u32 off, unsigned int size)
{
	for (unsigned int i = 0; i < size; i++)
		if (m->kind[off + i] == SKM_SPECIAL)
			return true;
	return false;
}

static u64 mmio_read(void *model, unsigned int bar, u64 off64, unsigned int size)
{
	struct skge_model *m = model;
	u32 off = (u32)off64;

	u32 v;

	if (!access_ok(m, off, size, false, 0))
		return ~0ull;
	v = is_special(m, off, size) ? special_read(m, off, size) : skm_get(m, off, size);
	return size == 4 ? v : v & (BIT(8 * size) - 1);
}

static void mmio_write(void *model, unsigned int bar, u64 off64, unsigned int size, u64 val)
{
	struct skge_model *m = model;
	u32 off = (u32)off64;

	if (!access_ok(m, off, size, true, (u32)val))
		return;
	if (is_special(m, off, size))
		special_write(m, off, size, (u32)val);
	else
		skm_put(m, off, size, (u32)val);
}

static const struct hosted_pci_ops skge_pci_ops = {
	.mmio_read = mmio_read,
	.mmio_write = mmio_write,
};

/* ---- Ports and time ---- */

static void port_receive(struct hosted_port *hp, const u8 *frame, u32 len)
{
	skm_rx_enqueue(hp->model, frame, len);
}

static void port_link_changed(struct hosted_port *hp)
{
	struct skm_port *p = hp->model;

	hosted_model_enter();
	skm_phy_link_changed(p);
	hosted_model_exit();
}

static u32 port_advertise(struct hosted_port *hp)
{
	return skm_phy_advertise(hp->model);
}

static const struct hosted_port_ops skge_port_ops = {
	.receive = port_receive,
	.link_changed = port_link_changed,
	.advertise = port_advertise,
};

static u64 model_tick(struct hosted_device *dev, u64 now)
{
	struct skge_model *m = container_of(dev, struct skge_model, dev);
	u64 next;

	hosted_model_enter();
	irqm_tick(m, now);
	next = UINT64_MAX;
	for (unsigned int n = 0; n < m->nports; n++)
		next = MIN(next, skm_phy_tick(&m->port[n], now));
	next = MIN(next, skm_bmu_tick(m, now));
	/* Last: what this tick raised may wait for the timer. */
	next = MIN(next, irqm_wake(m));
	hosted_model_exit();
	return next;
}

/* The Genesis board's SRAM, by its EEPROM code (FreeBSD if_skreg.h, SysKonnect's sk98lin). */
static u32 genesis_ram_bytes(u8 code)
{
	switch (code) {
	case SKGE_GENESIS_RAM_1024K_128:
	case SKGE_GENESIS_RAM_1024K_64: return 1024 * 1024;
	case SKGE_GENESIS_RAM_2048K_128: return 2048 * 1024;
	default: return 512 * 1024;
	}
}

static void fill_identity(struct skge_model *m, const struct skge_model_config *cfg)
{
	u8 mac_cfg = (u8)(cfg->chip_rev << 4);

	for (unsigned int n = 0; n < 2; n++)
		memcpy(&m->regs[SKR_B2_MAC_1 + 8 * n], cfg->mac[n], 6);
	if (m->nports == 1)
		mac_cfg |= SKR_MAC_CFG_SINGLE;
	m->regs[SKR_B2_MAC_CFG] = mac_cfg;
	m->regs[SKR_B2_CHIP_ID] = m->chip_id;
	m->regs[SKR_B2_PMD_TYP] = PMD_1000BASET;
	if (skm_is_genesis(m)) {
		m->regs[SKR_B2_E_0] =
		    (u8)(cfg->genesis_ram ? cfg->genesis_ram : SKGE_GENESIS_RAM_512K);
		m->regs[SKR_B2_E_1] = PHY_TYPE_BCOM;
		m->ram_size = genesis_ram_bytes(m->regs[SKR_B2_E_0]);
	} else {
		m->regs[SKR_B2_E_0] = RAM_UNITS_YUKON;
		m->ram_size = RAM_UNITS_YUKON * 4096;
	}
}

static void make_port(struct skge_model *m, unsigned int n)
{
	struct skm_port *p = &m->port[n];

	p->m = m;
	p->idx = n;
	snprintf(p->name, sizeof(p->name), "%s.%u", m->name, n);
	p->hp.name = p->name;
	p->hp.ops = &skge_port_ops;
	p->hp.model = p;
}

struct skge_model *skge_model_create(const struct skge_model_config *cfg)
{
	struct skge_model *m = calloc(1, sizeof(*m));
	u16 vendor = cfg->vendor ? cfg->vendor : VENDOR_SYSKONNECT;
	u16 device = cfg->device;

	if (!m)
		return NULL;
	m->chip = cfg->chip;
	m->nports = cfg->ports == 2 ? 2 : 1;
	if (cfg->ports > 2)
		hosted_fail("skge model: %u ports asked for; the chip has at most 2", cfg->ports);
	m->chip_rev = cfg->chip_rev;
	m->autoneg_ns = cfg->autoneg_ns ? cfg->autoneg_ns : SKM_AUTONEG_NS;
	m->bcom_id1 = cfg->bcom_id1 ? cfg->bcom_id1 : SKR_BCOM_ID1_C0;
	switch (m->chip) {
	case SKGE_MODEL_GENESIS:
		m->chip_id = SKR_CHIP_GENESIS;
		m->ticks_per_us = SKR_TICKS_PER_US_GENESIS;
		break;
	case SKGE_MODEL_YUKON:
		m->chip_id = SKR_CHIP_YUKON;
		m->ticks_per_us = SKR_TICKS_PER_US_YUKON;
		m->lite_a0 = cfg->lite_a0;
		break;
	case SKGE_MODEL_YUKON_LITE:
		m->chip_id = SKR_CHIP_YUKON_LITE;
		m->ticks_per_us = SKR_TICKS_PER_US_YUKON;
		m->coma = cfg->chip_rev >= SKR_YUKON_LITE_A3;
		break;
	default:
		m->chip_id = SKR_CHIP_OTHER;
		m->ticks_per_us = SKR_TICKS_PER_US_YUKON;
		break;
	}
	if (!device)
		device = m->chip == SKGE_MODEL_GENESIS ? DEVICE_GENESIS : DEVICE_YUKON;
	snprintf(m->name, sizeof(m->name), "skge@%02x:%02x.%u", cfg->bus, cfg->dev, cfg->fn);
	m->pci = hosted_pci_add(cfg->bus, cfg->dev, cfg->fn, vendor, device, CLASS_ETHERNET,
				cfg->chip_rev, "skge", &skge_pci_ops, m);
	if (!m->pci) {
		free(m);
		return NULL;
	}
	if (cfg->subvendor || cfg->subdevice)
		hosted_pci_set_subsystem(m->pci, cfg->subvendor, cfg->subdevice);
	hosted_pci_bar_mem64(m->pci, 0, SKR_BAR_SIZE);
	hosted_pci_intx_pin(m->pci, 1, cfg->irq_line ? cfg->irq_line : 16);
	hosted_pci_cap_at(m->pci, PM_CAP_OFFSET);
	hosted_pci_add_pm(m->pci);
	/* The chip's own configuration registers (power, VPD ROM size): kept, not acted on. */
	hosted_pci_cfg_writable(m->pci, 0x40, 8, 0xFF);

	for (unsigned int n = 0; n < 2; n++)
		make_port(m, n);
	fill_identity(m, cfg);
	build_map(m);
	reset_block0(m);
	/* Out of power-on the EEPROM load has run; the chip is not in reset. */
	m->ri_reset = m->ma_reset = m->pa_reset = false;
	skm_bmu_reset(m);
	for (unsigned int n = 0; n < m->nports; n++) {
		if (skm_is_genesis(m))
			skm_xmac_reset(&m->port[n]);
		else if (m->chip != SKGE_MODEL_UNKNOWN)
			skm_gmac_reset(&m->port[n], true);
	}
	m->dev.name = m->name;
	m->dev.tick = model_tick;
	hosted_device_add(&m->dev);
	return m;
}

void skge_model_destroy(struct skge_model *m)
{
	if (!m)
		return;
	hosted_device_remove(&m->dev);
	for (unsigned int n = 0; n < 2; n++) {
		if (m->port[n].hp.wire)
			hosted_wire_unplug(&m->port[n].hp);
		skm_rx_flush(&m->port[n]);
	}
	free(m);
}

struct hosted_port *skge_model_port(struct skge_model *m, unsigned int port)
{
	return port < m->nports ? &m->port[port].hp : NULL;
}

struct hosted_pci_fn *skge_model_pci(struct skge_model *m)
{
	return m->pci;
}

/* ---- Faults and observation ---- */

static struct skm_port *port_arg(struct skge_model *m, unsigned int port, const char *what)
{
	if (port < m->nports)
		return &m->port[port];
	hosted_fail("skge model %s: %s for port %u, which the chip does not have", m->name, what,
		    port);
	return NULL;
}

void skge_model_fault_tx_start_lost(struct skge_model *m, unsigned int port, unsigned int count)
{
	struct skm_port *p = port_arg(m, port, "lost transmit starts");

	if (p) {
		p->txa->starts_to_lose = count;
		p->txs->starts_to_lose = count;
	}
}

void skge_model_fault_rx_stall(struct skge_model *m, unsigned int port)
{
	struct skm_port *p = port_arg(m, port, "receive stall");

	if (p)
		p->rxq->idle = true;
}

void skge_model_fault_smi_dead(struct skge_model *m, unsigned int port, bool dead)
{
	struct skm_port *p = port_arg(m, port, "dead SMI");

	if (p)
		p->smi_dead = dead;
}

void skge_model_set_tamper(struct skge_model *m, const struct hosted_tamper *t)
{
	m->tamper = t;
}

void skge_model_fault_rx_errors(struct skge_model *m, unsigned int port, unsigned int frames)
{
	struct skm_port *p = port_arg(m, port, "receive errors");

	if (p)
		p->rx_error_frames = frames;
}

void skge_model_fault_irq_lost(struct skge_model *m, unsigned int count)
{
	m->irqs_to_lose = count;
}

void skge_model_fault_link_flap(struct skge_model *m, unsigned int port, unsigned int ms)
{
	struct skm_port *p = port_arg(m, port, "link flap");

	if (!p)
		return;
	p->ctr.link_flaps++;
	p->flap_until = hosted_now() + (u64)(ms ? ms : 1) * 1000 * 1000;
	skm_phy_link_changed(p);
}

void skge_model_set_napi_probe(struct skge_model *m, unsigned int port,
			       bool (*napi_scheduled)(void *ctx), void *ctx)
{
	struct skm_port *p = port_arg(m, port, "NAPI probe");

	if (p) {
		p->napi_scheduled = napi_scheduled;
		p->napi_ctx = ctx;
	}
}

u16 skge_model_phy_advertisement(const struct skge_model *m, unsigned int port)
{
	return port < m->nports ? m->port[port].phy.anar : 0;
}

void skge_model_get_counters(const struct skge_model *m, struct skge_model_counters *out)
{
	*out = m->ctr;
	for (unsigned int n = 0; n < 2; n++)
		out->port[n] = m->port[n].ctr;
}

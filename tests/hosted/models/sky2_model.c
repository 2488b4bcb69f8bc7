// SPDX-License-Identifier: BSD-2-Clause
/*
 * Yukon-2 model: the PCI function, the register window with its access
 * rules and dispatch, the device tick and the test-facing API. Chip-level
 * control blocks and interrupts are in sky2_model_ctrl.c, queues in
 * sky2_model_queue.c, the status unit in sky2_model_status.c, the GMAC and
 * PHY in sky2_model_phy.c, checksum offload in sky2_model_csum.c.
 *
 * Strictness: every register the model does not describe, every access to a
 * block held in reset and every write of both halves of a set/clear pair is
 * a hosted_fail(), because real silicon would ignore it, hang or do
 * something the driver did not mean.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/pci/pci_regs.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/models/sky2_model_internal.h"

#define VENDOR_MARVELL 0x11AB
#define CLASS_ETHERNET 0x020000

struct chip_info {
	u8 id;
	unsigned int mhz;
	u16 device;
	unsigned int max_ports;
	bool ram_buffer, new_le;
	const char *name;
};

/* Device IDs are plausible members of each family (the mapping is UNVERIFIED). */
static const struct chip_info chips[] = {
	[SKY2_MODEL_XL] = { 0xB3, 156, 0x4362, 2, true, false, "XL" },
	[SKY2_MODEL_EC_ULTRA] = { 0xB4, 125, 0x4364, 1, false, false, "EC Ultra" },
	[SKY2_MODEL_EC] = { 0xB6, 125, 0x4361, 1, false, false, "EC" },
	[SKY2_MODEL_FE_PLUS] = { 0xB8, 50, 0x4355, 1, false, true, "FE+" },
	[SKY2_MODEL_OPTIMA] = { 0xBC, 125, 0x4380, 1, false, true, "Optima" },
	[SKY2_MODEL_UNKNOWN] = { 0xBB, 125, 0x4370, 1, false, false, "unknown" },
};

void ym_fail(struct sky2_model *m, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	hosted_fail("sky2 model %s: %s", m->name, msg);
}

u64 ym_ticks_to_ns(const struct sky2_model *m, u32 ticks)
{
	return (u64)ticks * 1000 / m->core_mhz;
}

/*
 * Set/clear pairs act on a written 1 and ignore a 0; writing both halves
 * asks for two opposite things at once, which the silicon resolves in some
 * undocumented way. pairs_low has the lower bit of every pair.
 */
bool ym_pairs_conflict(struct sky2_model *m, const char *reg, u32 val, u32 pairs_low)
{
	u32 both = val & (val >> 1) & pairs_low;

	if (!both)
		return false;
	ym_fail(m, "%s written 0x%08x: both halves of set/clear pair(s) 0x%08x", reg, val,
		both | both << 1);
	return true;
}

/* ---- The register window ---- */

enum region {
	RG_B0,
	RG_B2,
	RG_TXA,
	RG_TIMERS,
	RG_RI,
	RG_QUEUE,
	RG_RB,
	RG_PORT,
	RG_STATUS,
	RG_ASF,
	RG_MIRROR,
	RG_GMAC,
	RG_NONE
};

static enum region region_of(u32 off, unsigned int *port)
{
	*port = 0;
	if (off < 0x40)
		return RG_B0;
	if (off >= 0x100 && off < 0x180)
		return RG_B2;
	if (off >= 0x200 && off < 0x300)
		return RG_TXA;
	if (off >= 0x0E00 && off < 0x0E1C)
		return RG_TIMERS;
	if (off >= 0x190 && off < 0x1F0)
		return RG_RI;
	if (off >= YM_Q_BASE && off < YM_Q_BASE + 0x400)
		return RG_QUEUE;
	if (off >= YM_RB_BASE && off < YM_RB_BASE + 0x400)
		return RG_RB;
	if ((off >= 0x0C3C && off < 0x0D00) || (off >= 0x0D40 && off < 0x0E00) ||
	    (off >= 0x0F00 && off < 0x0F24) || (off >= 0x0F80 && off < 0x0FA4)) {
		*port = (off & YM_PORT_STRIDE) ? 1 : 0;
		return RG_PORT;
	}
	if (off >= YM_STAT_CTRL && off < 0x0EE0)
		return RG_STATUS;
	if (off == YM_B28_ASF_STAT_CMD || off == YM_B28_ASF_HOST_COM)
		return RG_ASF;
	if (off >= YM_CFG_MIRROR && off < YM_CFG_MIRROR_END)
		return RG_MIRROR;
	if (off >= YM_GMAC_BASE(0) && off < YM_GMAC_BASE(0) + YM_GMAC_SIZE)
		return RG_GMAC;
	if (off >= YM_GMAC_BASE(1) && off < YM_GMAC_BASE(1) + YM_GMAC_SIZE) {
		*port = 1;
		return RG_GMAC;
	}
	return RG_NONE;
}

/* Blocks that answer while the chip is held in software reset. */
static bool reset_exempt(enum region rg, u32 off)
{
	return rg == RG_B0 || rg == RG_MIRROR || (rg == RG_B2 && off < 0x120) ||
	       off == YM_B2_TST_CTRL1;
}

static bool access_ok(struct sky2_model *m, u32 off, bool write, enum region rg, unsigned int port)
{
	if (m->chip == SKY2_MODEL_UNKNOWN &&
	    (write || (off != YM_B2_CHIP_ID && off != YM_B2_MAC_CFG))) {
		ym_fail(m,
			"%s of 0x%04x on a chip with unknown ID 0x%02x: a driver must leave it "
			"alone after reading the chip ID",
			write ? "write" : "read", off, m->chip_id);
		return false;
	}
	if (m->sw_reset && !reset_exempt(rg, off)) {
		ym_fail(m, "%s of 0x%04x while the chip is held in software reset (B0_CTST)",
			write ? "write" : "read", off);
		return false;
	}
	if ((rg == RG_PORT || rg == RG_GMAC) && port >= m->nports) {
		ym_fail(m, "%s of 0x%04x: port %u does not exist on this board",
			write ? "write" : "read", off, port + 1);
		return false;
	}
	return true;
}

static u64 mmio_read(void *model, unsigned int bar, u64 off64, unsigned int size)
{
	struct sky2_model *m = model;
	u32 off = (u32)off64, dw = off & ~3u, be = ym_byte_enables(off, size), v = 0;
	unsigned int port;
	enum region rg = region_of(off, &port);
	bool known = false;

	if (bar != 0 || size > 4) {
		ym_fail(m, "%u-byte read of BAR%u+0x%x: not modelled", size, bar, off);
		return ~0ull;
	}
	if (!access_ok(m, off, false, rg, port))
		return (1ull << (8 * size)) - 1;
	switch (rg) {
	case RG_B0: known = ym_b0_read(m, dw, &v); break;
	case RG_B2: known = ym_b2_read(m, dw, be, &v); break;
	case RG_TXA: known = ym_txa_access(m, dw, &v, 0, be, false); break;
	case RG_TIMERS: known = ym_timers_access(m, dw, &v, 0, be, false); break;
	case RG_RI: known = ym_ri_access(m, dw, &v, 0, be, false); break;
	case RG_QUEUE: known = ym_queue_read(m, dw, be, &v); break;
	case RG_RB: known = ym_rb_read(m, dw, be, &v); break;
	case RG_PORT:
		known = ym_port_ctrl_read(&m->port[port], dw & ~YM_PORT_STRIDE, be, &v);
		break;
	case RG_STATUS: known = ym_status_read(m, dw, be, &v); break;
	case RG_ASF:
		v = dw == YM_B28_ASF_STAT_CMD ? m->asf_stat : m->asf_host;
		known = true;
		break;
	case RG_MIRROR:
		v = ym_mirror_read(m, dw - YM_CFG_MIRROR);
		known = true;
		break;
	case RG_GMAC: {
		u16 v16 = 0;

		if (size != 2 || (off & 1)) {
			ym_fail(m,
				"%u-byte read of GMAC register 0x%04x: the GMAC takes 16-bit "
				"accesses",
				size, off);
			return (1ull << (8 * size)) - 1;
		}
		known = ym_gmac_read(&m->port[port], (off - YM_GMAC_BASE(port)), &v16);
		v = (u32)v16 << (8 * (off & 3));
		break;
	}
	case RG_NONE: break;
	}
	if (!known) {
		ym_fail(m, "%u-byte read of register 0x%04x, which the model does not know", size,
			off);
		return 0;
	}
	v >>= 8 * (off & 3);
	return size < 4 ? v & ((1u << (8 * size)) - 1) : v;
}

static void mmio_write(void *model, unsigned int bar, u64 off64, unsigned int size, u64 val64)
{
	struct sky2_model *m = model;
	u32 off = (u32)off64, dw = off & ~3u, be = ym_byte_enables(off, size);
	u32 val = (u32)val64 << (8 * (off & 3));
	unsigned int port;
	enum region rg = region_of(off, &port);
	bool known = false;

	if (bar != 0 || size > 4) {
		ym_fail(m, "%u-byte write to BAR%u+0x%x: not modelled", size, bar, off);
		return;
	}
	if (!access_ok(m, off, true, rg, port))
		return;
	switch (rg) {
	case RG_B0: known = ym_b0_write(m, dw, val, be); break;
	case RG_B2: known = ym_b2_write(m, dw, val, be); break;
	case RG_TXA: known = ym_txa_access(m, dw, NULL, val, be, true); break;
	case RG_TIMERS: known = ym_timers_access(m, dw, NULL, val, be, true); break;
	case RG_RI: known = ym_ri_access(m, dw, NULL, val, be, true); break;
	case RG_QUEUE: known = ym_queue_write(m, dw, val, be); break;
	case RG_RB: known = ym_rb_write(m, dw, val, be); break;
	case RG_PORT:
		known = ym_port_ctrl_write(&m->port[port], dw & ~YM_PORT_STRIDE, val, be);
		break;
	case RG_STATUS: known = ym_status_write(m, dw, val, be); break;
	case RG_ASF:
		/* Accepted so a driver can hold the ASF processor in reset; no ASF modelled. */
		if (dw == YM_B28_ASF_STAT_CMD)
			m->asf_stat = val;
		else
			m->asf_host = val;
		known = true;
		break;
	case RG_MIRROR:
		ym_mirror_write(m, dw - YM_CFG_MIRROR, val, be);
		known = true;
		break;
	case RG_GMAC:
		if (size != 2 || (off & 1)) {
			ym_fail(m,
				"%u-byte write of GMAC register 0x%04x: the GMAC takes 16-bit "
				"accesses",
				size, off);
			return;
		}
		known = ym_gmac_write(&m->port[port], off - YM_GMAC_BASE(port), (u16)val64);
		break;
	case RG_NONE: break;
	}
	if (!known)
		ym_fail(m, "%u-byte write 0x%x to register 0x%04x, which the model does not know",
			size, (u32)val64, off);
}

static const struct hosted_pci_ops sky2_model_pci_ops = {
	.mmio_read = mmio_read,
	.mmio_write = mmio_write,
	.cfg_read = ym_cfg_read,
	.cfg_write = ym_cfg_write,
	.cfg_written = ym_cfg_written,
};

/* ---- Ports and device ---- */

static void port_receive(struct hosted_port *hp, const u8 *frame, u32 len)
{
	struct ym_port *p = container_of(hp, struct ym_port, hp);

	ym_rx_enqueue(p, frame, len);
}

static void port_link_changed(struct hosted_port *hp)
{
	ym_phy_link_changed(container_of(hp, struct ym_port, hp));
}

static u32 port_advertise(struct hosted_port *hp)
{
	return ym_phy_advertise(container_of(hp, struct ym_port, hp));
}

static bool port_can_receive(struct hosted_port *hp)
{
	return ym_rx_can_receive(container_of(hp, struct ym_port, hp));
}

static const struct hosted_port_ops sky2_model_port_ops = {
	.receive = port_receive,
	.can_receive = port_can_receive,
	.link_changed = port_link_changed,
	.advertise = port_advertise,
};

static u64 model_tick(struct hosted_device *dev, u64 now)
{
	struct sky2_model *m = container_of(dev, struct sky2_model, dev);
	u64 next = UINT64_MAX;

	if (m->chip == SKY2_MODEL_UNKNOWN)
		return next;
	for (unsigned int i = 0; i < m->nports; i++)
		next = MIN(next, ym_phy_tick(&m->port[i], now));
	if (m->timer.running) {
		if (now >= m->timer_due) {
			m->timer_irq = true;
			m->timer_due = now + ym_ticks_to_ns(m, m->timer.ini ? m->timer.ini : 1);
		}
		next = MIN(next, m->timer_due);
	}
	next = MIN(next, ym_queue_tick(m, now));
	next = MIN(next, ym_status_tick(m, now));
	if (m->irqm.running && !m->irq_out && now < m->irqm_next)
		next = MIN(next, m->irqm_next);
	ym_update_irq(m);
	return next;
}

struct sky2_model *sky2_model_create(const struct sky2_model_config *cfg)
{
	struct sky2_model *m;
	const struct chip_info *ci;
	struct hosted_pci_fn *f;

	if (cfg->chip > SKY2_MODEL_UNKNOWN)
		return NULL;
	m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	ci = &chips[cfg->chip];
	snprintf(m->name, sizeof(m->name), "%02x:%02x.%u", cfg->bus, cfg->dev, cfg->fn);
	m->chip = cfg->chip;
	m->chip_id = ci->id;
	m->chip_rev = cfg->chip_rev & 0xF;
	m->core_mhz = ci->mhz;
	m->has_ram_buffer = ci->ram_buffer;
	m->new_le = ci->new_le;
	m->nports = cfg->ports ? cfg->ports : 1;
	if (m->nports > ci->max_ports) {
		hosted_fail("sky2 model %s: %u ports asked of a %s, which has %u", m->name,
			    m->nports, ci->name, ci->max_ports);
		m->nports = ci->max_ports;
	}
	memcpy(m->mac, cfg->mac, sizeof(m->mac));
	m->cfg_our[2] = cfg->our_reg3; /* PCI_OUR_REG_3 (0x80): a chip reset does not clear it */
	f = hosted_pci_add(cfg->bus, cfg->dev, cfg->fn, cfg->vendor ? cfg->vendor : VENDOR_MARVELL,
			   cfg->device ? cfg->device : ci->device, CLASS_ETHERNET, m->chip_rev,
			   "sky2", &sky2_model_pci_ops, m);
	if (!f) {
		free(m);
		return NULL;
	}
	m->pci = f;
	hosted_pci_bar_mem64(f, 0, YM_BAR_SIZE);
	hosted_pci_intx_pin(f, 1, cfg->irq_line ? cfg->irq_line : 16);
	/* PM 0x48, VPD 0x50, MSI 0x5C like the chip; PCIe at 0xC0 (the chip: 0xE0). */
	hosted_pci_cap_at(f, 0x48);
	hosted_pci_add_pm(f);
	hosted_pci_add_cap(f, 0x03, 8);
	if (!cfg->no_msi) {
		hosted_pci_cap_at(f, 0x5C);
		m->msi_cap = hosted_pci_add_msi(f, 0, false);
	}
	hosted_pci_cap_at(f, 0xC0);
	hosted_pci_add_pcie(f);

	ym_queue_init(m);
	for (unsigned int i = 0; i < m->nports; i++) {
		struct ym_port *p = &m->port[i];

		p->m = m;
		p->idx = i;
		snprintf(p->name, sizeof(p->name), "%s/%u", m->name, i);
		p->hp.name = p->name;
		p->hp.ops = &sky2_model_port_ops;
		p->hp.model = m;
		p->rxq = &m->q[i ? YM_QR2 : YM_QR1];
		p->txq = &m->q[i ? YM_QXA2 : YM_QXA1];
	}
	m->dev.name = m->name;
	m->dev.tick = model_tick;
	hosted_device_add(&m->dev);

	/* Power-on: as after a software reset, released; PHYs start negotiating. */
	ym_chip_reset(m);
	for (unsigned int i = 0; i < m->nports; i++)
		ym_phy_power_on(&m->port[i]);
	return m;
}

void sky2_model_destroy(struct sky2_model *m)
{
	if (!m)
		return;
	hosted_device_remove(&m->dev);
	for (unsigned int i = 0; i < 2; i++)
		for (unsigned int j = 0; j < YM_RX_SLOTS; j++)
			free(m->port[i].rx_fifo[j]);
	free(m);
}

struct hosted_port *sky2_model_port(struct sky2_model *m, unsigned int port)
{
	return port < m->nports ? &m->port[port].hp : NULL;
}

struct hosted_pci_fn *sky2_model_pci(struct sky2_model *m)
{
	return m->pci;
}

/* ---- Faults ---- */

void sky2_model_set_tamper(struct sky2_model *m, const struct hosted_tamper *t)
{
	m->tamper = t;
}

void sky2_model_fault_rx_errors(struct sky2_model *m, unsigned int port, unsigned int frames,
				u32 status_bits)
{
	if (port >= m->nports)
		return;
	m->port[port].fault_rx_err_frames = frames;
	m->port[port].fault_rx_err_bits = status_bits;
}

void sky2_model_fault_rx_truncated(struct sky2_model *m, unsigned int port, unsigned int frames)
{
	if (port < m->nports)
		m->port[port].fault_trunc_frames = frames;
}

void sky2_model_fault_desc_check(struct sky2_model *m, unsigned int port)
{
	if (port >= m->nports)
		return;
	m->port[port].rxq->chk_irq = true;
	hosted_model_enter();
	ym_update_irq(m);
	hosted_model_exit();
}

void sky2_model_fault_irq_lost(struct sky2_model *m, unsigned int count)
{
	m->fault_irq_lost = count;
}

void sky2_model_fault_msi_lost(struct sky2_model *m, bool lost)
{
	m->fault_msi_lost = lost;
}

void sky2_model_fault_hw_error(struct sky2_model *m, u32 hwe_bits)
{
	m->hwe_isrc |= hwe_bits & YM_HWE_ALL;
	if (hwe_bits & YM_HWE_PCI_EXP)
		m->aer[(YM_PCI_AER_UNC_STAT - YM_PCI_AER) / 4] |= BIT(14); /* completion timeout */
	hosted_model_enter();
	ym_update_irq(m);
	hosted_model_exit();
}

void sky2_model_set_napi_probe(struct sky2_model *m, bool (*napi_scheduled)(void *ctx), void *ctx)
{
	m->napi_scheduled = napi_scheduled;
	m->napi_ctx = ctx;
}

void sky2_model_get_counters(const struct sky2_model *m, struct sky2_model_counters *out)
{
	*out = m->ctr;
}

unsigned int sky2_model_rx_buffers(const struct sky2_model *m, unsigned int port)
{
	const struct ym_queue *q;

	if (port >= m->nports)
		return 0;
	q = m->port[port].rxq;
	if (!q->pref_on)
		return 0;
	return ym_rx_buffers(m, q);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Configuration mechanisms: ports 0xCF8/0xCFC ("mechanism #1") and ECAM
 * windows from MCFG, with the checks every access goes through.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/mm/io.h"
#include "kernel/x86/irqflags.h"
#include "kernel/pci/pci_cfg.h"
#include "kernel/pci/pci_regs.h"
#include "kernel/console/printk.h"
#include "kernel/x86/x86.h"

#define CONF1_ADDRESS	 0xCF8
#define CONF1_DATA	 0xCFC
#define CONF1_ENABLE	 0x80000000u
#define ECAM_BUS_SHIFT	 20
#define ECAM_DEVFN_SHIFT 12

struct ecam_region {
	u64 base; /* physical address of bus 0 in this segment */
	u16 seg;
	u8 start_bus;
	u8 end_bus;
	u8 *virt; /* mapping of start_bus..end_bus once set up */
};

static struct ecam_region ecam[PCI_MAX_ECAM_REGIONS];
static unsigned int ecam_recorded;
static const struct pci_cfg_ops *legacy_ops;
static const struct pci_cfg_ops *active_ops;

static u32 size_mask(unsigned int size)
{
	return size == 4 ? 0xFFFFFFFFu : (1u << (size * 8)) - 1;
}

/* The address/data port pair is shared state: no interrupt may split it. */
static u32 conf1_read(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size)
{
	u32 addr = CONF1_ENABLE | (u32)bus << 16 | (u32)devfn << 8 | (off & 0xFC);
	u16 port = CONF1_DATA + (off & 3);
	unsigned long flags;
	u32 v;

	if (seg != 0 || off >= PCI_CFG_SIZE)
		return size_mask(size);
	flags = local_irq_save();
	outl(CONF1_ADDRESS, addr);
	if (size == 1)
		v = inb(port);
	else if (size == 2)
		v = inw(port);
	else
		v = inl(port);
	local_irq_restore(flags);
	return v;
}

static void conf1_write(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, u32 val)
{
	u32 addr = CONF1_ENABLE | (u32)bus << 16 | (u32)devfn << 8 | (off & 0xFC);
	u16 port = CONF1_DATA + (off & 3);
	unsigned long flags;

	if (seg != 0 || off >= PCI_CFG_SIZE)
		return;
	flags = local_irq_save();
	outl(CONF1_ADDRESS, addr);
	if (size == 1)
		outb(port, (u8)val);
	else if (size == 2)
		outw(port, (u16)val);
	else
		outl(port, val);
	local_irq_restore(flags);
}

static bool conf1_has_ext(u16 seg, u8 bus)
{
	return false;
}

const struct pci_cfg_ops pci_conf1_ops = {
	.name = "ports 0xCF8/0xCFC",
	.read = conf1_read,
	.write = conf1_write,
	.has_ext = conf1_has_ext,
};

/*
 * Mechanism #1 exists when the address register keeps what is written to it
 * (with only the enable bit and dword-aligned offset it must hold all of it).
 */
static bool conf1_present(void)
{
	unsigned long flags = local_irq_save();
	u32 saved = inl(CONF1_ADDRESS);
	u32 back;

	outl(CONF1_ADDRESS, CONF1_ENABLE);
	back = inl(CONF1_ADDRESS);
	outl(CONF1_ADDRESS, saved);
	local_irq_restore(flags);
	return back == CONF1_ENABLE;
}

static const struct ecam_region *ecam_find(u16 seg, u8 bus)
{
	for (unsigned int i = 0; i < ecam_recorded; i++) {
		const struct ecam_region *r = &ecam[i];

		if (r->virt && r->seg == seg && bus >= r->start_bus && bus <= r->end_bus)
			return r;
	}
	return NULL;
}

static volatile u8 *ecam_addr(const struct ecam_region *r, u8 bus, u8 devfn, u16 off)
{
	return r->virt + ((u64)(bus - r->start_bus) << ECAM_BUS_SHIFT) +
	       ((u64)devfn << ECAM_DEVFN_SHIFT) + off;
}

static u32 ecam_read(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size)
{
	const struct ecam_region *r = ecam_find(seg, bus);
	volatile u8 *p;

	if (!r)
		return legacy_ops ? legacy_ops->read(seg, bus, devfn, off, size) : size_mask(size);
	p = ecam_addr(r, bus, devfn, off);
	if (size == 1)
		return readb(p);
	if (size == 2)
		return readw(p);
	return readl(p);
}

static void ecam_write(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, u32 val)
{
	const struct ecam_region *r = ecam_find(seg, bus);
	volatile u8 *p;

	if (!r) {
		if (legacy_ops)
			legacy_ops->write(seg, bus, devfn, off, size, val);
		return;
	}
	p = ecam_addr(r, bus, devfn, off);
	if (size == 1)
		writeb((u8)val, p);
	else if (size == 2)
		writew((u16)val, p);
	else
		writel(val, p);
}

static bool ecam_has_ext(u16 seg, u8 bus)
{
	return ecam_find(seg, bus) != NULL;
}

static const struct pci_cfg_ops ecam_ops = {
	.name = "ECAM",
	.read = ecam_read,
	.write = ecam_write,
	.has_ext = ecam_has_ext,
};

int pci_ecam_add(u64 base, u16 seg, u8 start_bus, u8 end_bus)
{
	struct ecam_region *r;

	if (end_bus < start_bus) {
		pr_warn("MCFG entry base 0x%lx seg %u: end bus %u before start bus %u, ignored\n",
			(unsigned long)base, seg, end_bus, start_bus);
		return -EINVAL;
	}
	if (!base || (base & ((1u << ECAM_BUS_SHIFT) - 1))) {
		pr_warn("MCFG entry seg %u: base 0x%lx is not 1 MiB aligned, ignored\n", seg,
			(unsigned long)base);
		return -EINVAL;
	}
	for (unsigned int i = 0; i < ecam_recorded; i++) {
		if (ecam[i].seg == seg && start_bus <= ecam[i].end_bus &&
		    end_bus >= ecam[i].start_bus) {
			pr_warn("MCFG entry seg %u buses %u-%u overlaps an earlier one, ignored\n",
				seg, start_bus, end_bus);
			return -EEXIST;
		}
	}
	if (ecam_recorded == ARRAY_SIZE(ecam)) {
		pr_warn("more than %u MCFG entries: seg %u buses %u-%u ignored\n",
			PCI_MAX_ECAM_REGIONS, seg, start_bus, end_bus);
		return -ENOSPC;
	}
	r = &ecam[ecam_recorded++];
	memset(r, 0, sizeof(*r));
	r->base = base;
	r->seg = seg;
	r->start_bus = start_bus;
	r->end_bus = end_bus;
	return 0;
}

unsigned int pci_ecam_count(void)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < ecam_recorded; i++)
		n += ecam[i].virt != NULL;
	return n;
}

bool pci_ecam_range(unsigned int idx, u16 *seg, u8 *start_bus, u8 *end_bus)
{
	for (unsigned int i = 0; i < ecam_recorded; i++) {
		if (!ecam[i].virt)
			continue;
		if (idx-- == 0) {
			*seg = ecam[i].seg;
			*start_bus = ecam[i].start_bus;
			*end_bus = ecam[i].end_bus;
			return true;
		}
	}
	return false;
}

/*
 * A window whose first function reads differently through ECAM than through
 * the ports is not where MCFG says it is: trusting it would enumerate garbage.
 */
static bool ecam_agrees_with_legacy(const struct ecam_region *r)
{
	u32 via_ecam, via_ports;

	if (!legacy_ops || r->seg != 0)
		return true;
	via_ecam = readl(ecam_addr(r, r->start_bus, 0, PCI_VENDOR_ID));
	via_ports = legacy_ops->read(0, r->start_bus, 0, PCI_VENDOR_ID, 4);
	return via_ecam == via_ports;
}

int pci_cfg_setup(const struct pci_cfg_ops *legacy)
{
	unsigned int usable = 0;

	legacy_ops = legacy;
	for (unsigned int i = 0; i < ecam_recorded; i++) {
		struct ecam_region *r = &ecam[i];
		u64 first = r->base + ((u64)r->start_bus << ECAM_BUS_SHIFT);
		u64 len = (u64)(r->end_bus - r->start_bus + 1) << ECAM_BUS_SHIFT;

		r->virt = ioremap(first, len);
		if (!r->virt) {
			pr_warn("cannot map ECAM seg %u buses %u-%u at 0x%lx\n", r->seg,
				r->start_bus, r->end_bus, (unsigned long)first);
			continue;
		}
		if (!ecam_agrees_with_legacy(r)) {
			pr_warn("ECAM seg %u buses %u-%u at 0x%lx disagrees with %s, not used\n",
				r->seg, r->start_bus, r->end_bus, (unsigned long)first,
				legacy->name);
			r->virt = NULL;
			continue;
		}
		pr_info("ECAM seg %u buses %02x-%02x at 0x%lx\n", r->seg, r->start_bus, r->end_bus,
			(unsigned long)first);
		usable++;
	}
	if (usable) {
		active_ops = &ecam_ops;
	} else if (legacy) {
		active_ops = legacy;
	} else {
		active_ops = NULL;
		pr_err("no configuration mechanism: neither ECAM nor port access\n");
		return -ENODEV;
	}
	pr_info("config access through %s%s%s\n", active_ops->name,
		usable && legacy ? ", falling back to " : "", usable && legacy ? legacy->name : "");
	return 0;
}

int pci_cfg_init(void)
{
	return pci_cfg_setup(conf1_present() ? &pci_conf1_ops : NULL);
}

void pci_cfg_set_ops(const struct pci_cfg_ops *ops)
{
	active_ops = ops;
}

const char *pci_cfg_method(void)
{
	return active_ops ? active_ops->name : "none";
}

void pci_format_bdf(char *buf, u16 seg, u8 bus, u8 devfn)
{
	if (seg)
		snprintf(buf, PCI_BDF_LEN, "%04x:%02x:%02x.%u", seg, bus, PCI_SLOT(devfn),
			 PCI_FUNC(devfn));
	else
		snprintf(buf, PCI_BDF_LEN, "%02x:%02x.%u", bus, PCI_SLOT(devfn), PCI_FUNC(devfn));
}

bool pci_cfg_ready(void)
{
	return active_ops != NULL;
}

static bool access_ok(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, bool write)
{
	const char *why = NULL;
	char name[PCI_BDF_LEN];

	if (!active_ops)
		why = "no configuration mechanism";
	else if (size != 1 && size != 2 && size != 4)
		why = "bad access size";
	else if (off & (size - 1))
		why = "misaligned offset";
	else if (off >= PCI_CFG_EXT_SIZE)
		why = "offset beyond 4 KiB";
	else if (off >= PCI_CFG_SIZE && !active_ops->has_ext(seg, bus))
		why = "extended space needs ECAM";
	if (!why)
		return true;
	pci_format_bdf(name, seg, bus, devfn);
	pr_warn("%s: config %s of %u bytes at 0x%x refused: %s\n", name, write ? "write" : "read",
		size, off, why);
	return false;
}

u32 pci_cfg_read(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size)
{
	if (!access_ok(seg, bus, devfn, off, size, false))
		return size <= 4 ? size_mask(size ? size : 4) : 0xFFFFFFFFu;
	return active_ops->read(seg, bus, devfn, off, size) & size_mask(size);
}

void pci_cfg_write(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, u32 val)
{
	if (!access_ok(seg, bus, devfn, off, size, true))
		return;
	active_ops->write(seg, bus, devfn, off, size, val & size_mask(size));
}

bool pci_cfg_has_ext(u16 seg, u8 bus)
{
	return active_ops && active_ops->has_ext(seg, bus);
}

#ifdef NAPKIN_HOSTED
void pci_cfg_reset_for_test(void)
{
	memset(ecam, 0, sizeof(ecam));
	ecam_recorded = 0;
	legacy_ops = NULL;
	active_ops = NULL;
}
#endif

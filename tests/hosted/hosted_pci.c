// SPDX-License-Identifier: BSD-2-Clause
/*
 * Modelled PCI functions on top of tests/unit/fakes/pci_fake.c; see hosted_pci.h.
 * BARs are backed by inaccessible (PROT_NONE) address space: the io.h
 * accessors find them through hosted_mmio_read/write and call the model, and
 * any access that bypasses the accessors faults instead of silently reading
 * memory.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "kernel/mm/io.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_cfg.h"
#include "kernel/pci/pci_internal.h"
#include "kernel/pci/pci_regs.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/hosted_race.h"
#include "tests/unit/fakes/pci_fake.h"

#define HOSTED_PCI_MAX_FNS 16
#define BAR_SPACE_START	   0xC0000000ull

struct hosted_bar {
	u64 base;
	u64 size;
	u8 *map;
};

struct hosted_pci_fn {
	struct fake_fn *cfg;
	const struct hosted_pci_ops *ops;
	void *model;
	char name[40];
	bool intx;
	u8 msi_cap;
	struct hosted_bar bar[PCI_NUM_BARS];
};

static struct hosted_pci_fn fns[HOSTED_PCI_MAX_FNS];
static unsigned int nr_fns;
static u64 next_bar_base;

static struct hosted_pci_fn *find_fn(u16 seg, u8 bus, u8 devfn)
{
	for (unsigned int i = 0; i < nr_fns; i++)
		if (seg == 0 && fns[i].cfg->bus == bus && fns[i].cfg->devfn == devfn)
			return &fns[i];
	return NULL;
}

const char *hosted_pci_name(const struct hosted_pci_fn *f)
{
	return f->name;
}

u8 hosted_pci_devfn(const struct hosted_pci_fn *f)
{
	return f->cfg->devfn;
}

u32 hosted_pci_cfg_get(const struct hosted_pci_fn *f, u16 off, unsigned int size)
{
	if (size == 1)
		return fake_get8(f->cfg, off);
	if (size == 2)
		return fake_get16(f->cfg, off);
	return fake_get32(f->cfg, off);
}

bool hosted_pci_released(const struct hosted_pci_fn *f)
{
	return !(hosted_pci_cfg_get(f, PCI_COMMAND, 2) & (PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER));
}

void hosted_pci_cfg_set(struct hosted_pci_fn *f, u16 off, unsigned int size, u32 val)
{
	if (size == 1)
		fake_set8(f->cfg, off, (u8)val);
	else if (size == 2)
		fake_set16(f->cfg, off, (u16)val);
	else
		fake_set32(f->cfg, off, val);
}

void hosted_pci_cfg_writable(struct hosted_pci_fn *f, u16 off, unsigned int len, u8 mask)
{
	fake_writable(f->cfg, off, len, mask);
}

bool hosted_pci_memory_enabled(const struct hosted_pci_fn *f)
{
	return fake_get16(f->cfg, PCI_COMMAND) & PCI_COMMAND_MEMORY;
}

bool hosted_pci_bus_master(const struct hosted_pci_fn *f)
{
	return fake_get16(f->cfg, PCI_COMMAND) & PCI_COMMAND_MASTER;
}

struct hosted_pci_fn *hosted_pci_add(u8 bus, u8 dev, u8 fn, u16 vendor, u16 device, u32 class,
				     u8 revision, const char *name,
				     const struct hosted_pci_ops *ops, void *model)
{
	struct hosted_pci_fn *f;
	struct fake_fn *cfg;

	if (nr_fns == HOSTED_PCI_MAX_FNS) {
		hosted_fail("pci: more than %u modelled functions", HOSTED_PCI_MAX_FNS);
		return NULL;
	}
	cfg = fake_add(bus, dev, fn, vendor, device, class, 0);
	if (!cfg) {
		hosted_fail("pci: fake config space full");
		return NULL;
	}
	fake_set8(cfg, PCI_REVISION_ID, revision);
	/* Function 0 of a multi-function device says so; ours are added in order. */
	if (fn > 0) {
		struct hosted_pci_fn *f0 = find_fn(0, bus, PCI_DEVFN(dev, 0));

		if (f0)
			fake_set8(f0->cfg, PCI_HEADER_TYPE, PCI_HEADER_MULTIFUNCTION);
	}
	f = &fns[nr_fns++];
	memset(f, 0, sizeof(*f));
	f->cfg = cfg;
	f->ops = ops;
	f->model = model;
	snprintf(f->name, sizeof(f->name), "%s@%02x:%02x.%u", name, bus, dev, fn);
	return f;
}

void hosted_pci_set_subsystem(struct hosted_pci_fn *f, u16 subvendor, u16 subdevice)
{
	fake_set16(f->cfg, PCI_SUBSYSTEM_VENDOR_ID, subvendor);
	fake_set16(f->cfg, PCI_SUBSYSTEM_ID, subdevice);
}

void hosted_pci_bar_mem64(struct hosted_pci_fn *f, unsigned int idx, u64 size)
{
	struct hosted_bar *b = &f->bar[idx];
	void *map;

	next_bar_base = ALIGN_UP(next_bar_base, size);
	map = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		hosted_fail("pci: cannot reserve %llu bytes for %s BAR%u", (unsigned long long)size,
			    f->name, idx);
		return;
	}
	b->base = next_bar_base;
	b->size = size;
	b->map = map;
	next_bar_base += size;
	fake_bar_mem64(f->cfg, idx, b->base, size, false);
}

void hosted_pci_intx_pin(struct hosted_pci_fn *f, u8 pin, u8 line)
{
	fake_intx(f->cfg, pin, line);
}

void hosted_pci_cap_at(struct hosted_pci_fn *f, u8 off)
{
	f->cfg->cap_cursor = off;
}

u8 hosted_pci_add_cap(struct hosted_pci_fn *f, u8 id, u8 len)
{
	u8 off = fake_add_cap(f->cfg, id, len);

	/* Opaque to the kernel: nothing in it is writable. */
	fake_writable(f->cfg, off + 2, len - 2u, 0);
	return off;
}

u8 hosted_pci_add_pm(struct hosted_pci_fn *f)
{
	u8 off = fake_add_cap(f->cfg, PCI_CAP_ID_PM, 8);

	fake_set16(f->cfg, off + 2, 0x0003); /* PM spec 1.2, no PME */
	fake_writable(f->cfg, off + 2, 6, 0);
	fake_writable(f->cfg, off + PCI_PM_CTRL, 1, PCI_PM_CTRL_STATE_MASK);
	return off;
}

u8 hosted_pci_add_pcie(struct hosted_pci_fn *f)
{
	u8 off = fake_add_cap(f->cfg, PCI_CAP_ID_EXP, 0x24);

	fake_set16(f->cfg, off + 2, 0x0002); /* version 2, endpoint */
	fake_writable(f->cfg, off + 2, 0x22, 0);
	fake_writable(f->cfg, off + 8, 2, 0xFF); /* device control */
	return off;
}

u8 hosted_pci_add_msi(struct hosted_pci_fn *f, unsigned int log2_vectors, bool per_vector_mask)
{
	u8 len = per_vector_mask ? 0x18 : 0x0E;
	u8 off = fake_add_cap(f->cfg, PCI_CAP_ID_MSI, len);
	u16 flags = PCI_MSI_FLAGS_64BIT | (u16)(log2_vectors << 1);

	if (per_vector_mask)
		flags |= PCI_MSI_FLAGS_MASKBIT;
	fake_set16(f->cfg, off + PCI_MSI_FLAGS, flags);
	fake_writable(f->cfg, off + PCI_MSI_FLAGS, 1, 0x71); /* enable, MME */
	fake_writable(f->cfg, off + PCI_MSI_FLAGS + 1, 1, 0);
	fake_writable(f->cfg, off + PCI_MSI_ADDRESS_LO, 1, 0xFC);
	if (per_vector_mask)
		fake_writable(f->cfg, off + PCI_MSI_PENDING_64, 4, 0); /* pending: read-only */
	f->msi_cap = off;
	return off;
}

bool hosted_pci_msi_enabled(const struct hosted_pci_fn *f)
{
	return f->msi_cap &&
	       (fake_get16(f->cfg, f->msi_cap + PCI_MSI_FLAGS) & PCI_MSI_FLAGS_ENABLE);
}

static void msi_deliver(struct hosted_pci_fn *f, unsigned int msg)
{
	u8 cap = f->msi_cap;
	u64 addr = fake_get32(f->cfg, cap + PCI_MSI_ADDRESS_LO) |
		   (u64)fake_get32(f->cfg, cap + PCI_MSI_ADDRESS_HI) << 32;
	u32 data = fake_get16(f->cfg, cap + PCI_MSI_DATA_64);

	if (!hosted_pci_bus_master(f)) {
		hosted_fail("pci: %s sends MSI %u with bus mastering off: the write never "
			    "leaves the device",
			    f->name, msg);
		return;
	}
	hosted_irq_msi(addr, data | msg);
}

bool hosted_pci_msi_send(struct hosted_pci_fn *f, unsigned int msg)
{
	u16 flags;
	unsigned int nvec;

	if (!hosted_pci_msi_enabled(f)) {
		hosted_fail("pci: %s sends MSI %u while MSI is disabled in its capability", f->name,
			    msg);
		return false;
	}
	flags = fake_get16(f->cfg, f->msi_cap + PCI_MSI_FLAGS);
	nvec = 1u << ((flags & PCI_MSI_FLAGS_QSIZE) >> 4);
	if (msg >= nvec) {
		hosted_fail("pci: %s sends MSI %u but only %u vectors are enabled", f->name, msg,
			    nvec);
		return false;
	}
	if (flags & PCI_MSI_FLAGS_MASKBIT) {
		u16 mask_off = f->msi_cap + PCI_MSI_MASK_64;

		if (fake_get32(f->cfg, mask_off) & BIT(msg)) {
			fake_set32(f->cfg, mask_off + 4,
				   fake_get32(f->cfg, mask_off + 4) | BIT(msg));
			return true;
		}
	}
	msi_deliver(f, msg);
	return true;
}

/* An unmask releases messages latched while masked. */
static void msi_release_pending(struct hosted_pci_fn *f)
{
	u16 mask_off = f->msi_cap + PCI_MSI_MASK_64;
	u32 pending = fake_get32(f->cfg, mask_off + 4);
	u32 ready = pending & ~fake_get32(f->cfg, mask_off);

	if (!ready || !hosted_pci_msi_enabled(f))
		return;
	fake_set32(f->cfg, mask_off + 4, pending & ~ready);
	for (unsigned int msg = 0; msg < 32; msg++)
		if (ready & BIT(msg))
			msi_deliver(f, msg);
}

void hosted_pci_intx(struct hosted_pci_fn *f, bool asserted)
{
	u16 status = fake_get16(f->cfg, PCI_STATUS);

	if (asserted && !fake_get8(f->cfg, PCI_INTERRUPT_PIN)) {
		hosted_fail("pci: %s asserts INTx but has no interrupt pin", f->name);
		return;
	}
	f->intx = asserted;
	status = asserted ? (status | PCI_STATUS_INTERRUPT) : (status & ~PCI_STATUS_INTERRUPT);
	fake_set16(f->cfg, PCI_STATUS, status);
	hosted_irq_deliver();
}

bool hosted_pci_intx_asserted(const struct hosted_pci_fn *f)
{
	return f->intx;
}

bool hosted_pci_gsi_asserted(u32 gsi);
bool hosted_pci_gsi_asserted(u32 gsi)
{
	for (unsigned int i = 0; i < nr_fns; i++) {
		const struct hosted_pci_fn *f = &fns[i];

		if (!f->intx || fake_get8(f->cfg, PCI_INTERRUPT_LINE) != gsi)
			continue;
		if (fake_get16(f->cfg, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE)
			continue;
		return true;
	}
	return false;
}

/* ---- Config space as kernel/pci/pci_cfg.c sees it ---- */

static u32 cfg_read(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size)
{
	struct hosted_pci_fn *f = find_fn(seg, bus, devfn);
	u32 v;

	bool handled = false;

	if (f && f->ops->cfg_read) {
		hosted_model_enter();
		handled = f->ops->cfg_read(f->model, off, size, &v);
		hosted_model_exit();
	}
	return handled ? v : fake_ops.read(seg, bus, devfn, off, size);
}

static void cfg_write(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, u32 val)
{
	struct hosted_pci_fn *f = find_fn(seg, bus, devfn);

	if (!f) {
		fake_ops.write(seg, bus, devfn, off, size, val);
		return;
	}
	hosted_model_enter();
	if (!f->ops->cfg_write || !f->ops->cfg_write(f->model, off, size, val)) {
		fake_ops.write(seg, bus, devfn, off, size, val);
		if (f->ops->cfg_written)
			f->ops->cfg_written(f->model, off, size, val);
		if (f->msi_cap && off <= f->msi_cap + PCI_MSI_MASK_64 &&
		    off + size > f->msi_cap + PCI_MSI_FLAGS + 0u)
			msi_release_pending(f);
	}
	hosted_model_exit();
}

static bool cfg_has_ext(u16 seg, u8 bus)
{
	return false;
}

static const struct pci_cfg_ops hosted_cfg_ops = {
	.name = "hosted models",
	.read = cfg_read,
	.write = cfg_write,
	.has_ext = cfg_has_ext,
};

void hosted_pci_install(void)
{
	pci_cfg_set_ops(&hosted_cfg_ops);
}

void hosted_pci_reset(void)
{
	for (unsigned int i = 0; i < nr_fns; i++)
		for (unsigned int b = 0; b < PCI_NUM_BARS; b++)
			if (fns[i].bar[b].map)
				munmap(fns[i].bar[b].map, fns[i].bar[b].size);
	memset(fns, 0, sizeof(fns));
	nr_fns = 0;
	next_bar_base = BAR_SPACE_START;
	fake_reset();
	pci_cfg_reset_for_test();
	pci_reset_for_test();
}

/* ---- BARs: ioremap and the accessors' hooks ---- */

void *ioremap(u64 phys, u64 size)
{
	for (unsigned int i = 0; i < nr_fns; i++) {
		for (unsigned int b = 0; b < PCI_NUM_BARS; b++) {
			const struct hosted_bar *bar = &fns[i].bar[b];

			/* Written not to wrap: a driver may pass any address. */
			if (bar->map && phys >= bar->base && size <= bar->size &&
			    phys - bar->base <= bar->size - size)
				return bar->map + (phys - bar->base);
		}
	}
	hosted_fail("pci: ioremap of 0x%llx+0x%llx, which is no modelled BAR",
		    (unsigned long long)phys, (unsigned long long)size);
	return NULL;
}

static struct hosted_pci_fn *find_bar(const volatile void *addr, unsigned int *idx, u64 *off)
{
	const u8 *p = (const u8 *)(uintptr_t)addr;

	for (unsigned int i = 0; i < nr_fns; i++) {
		for (unsigned int b = 0; b < PCI_NUM_BARS; b++) {
			const struct hosted_bar *bar = &fns[i].bar[b];

			if (bar->map && p >= bar->map && p < bar->map + bar->size) {
				*idx = b;
				*off = (u64)(p - bar->map);
				return &fns[i];
			}
		}
	}
	return NULL;
}

static bool access_ok(const struct hosted_pci_fn *f, unsigned int bar, u64 off, unsigned int size,
		      const char *dir)
{
	if (!hosted_pci_memory_enabled(f)) {
		hosted_fail("pci: %s %s of BAR%u+0x%llx while memory decode is off", f->name, dir,
			    bar, (unsigned long long)off);
		return false;
	}
	if (off % size || off + size > f->bar[bar].size) {
		hosted_fail("pci: %s %u-byte %s at BAR%u+0x%llx is misaligned or past the BAR",
			    f->name, size, dir, bar, (unsigned long long)off);
		return false;
	}
	return true;
}

bool hosted_mmio_read(const volatile void *addr, unsigned int size, u64 *val)
{
	unsigned int bar;
	u64 off;
	struct hosted_pci_fn *f = find_bar(addr, &bar, &off);

	if (!f)
		return false;
	hosted_race_mmio();
	hosted_model_enter();
	if (!access_ok(f, bar, off, size, "read"))
		*val = ~0ull;
	else
		*val = f->ops->mmio_read(f->model, bar, off, size);
	hosted_model_exit();
	hosted_race_mmio();
	return true;
}

bool hosted_mmio_write(volatile void *addr, unsigned int size, u64 val)
{
	unsigned int bar;
	u64 off;
	struct hosted_pci_fn *f = find_bar(addr, &bar, &off);

	if (!f)
		return false;
	/* Racing (hosted_race.h): the device may act just before and just after. */
	hosted_race_mmio();
	hosted_model_enter();
	if (access_ok(f, bar, off, size, "write"))
		f->ops->mmio_write(f->model, bar, off, size, val);
	hosted_model_exit();
	hosted_race_mmio();
	return true;
}

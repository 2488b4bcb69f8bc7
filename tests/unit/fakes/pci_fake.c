// SPDX-License-Identifier: BSD-2-Clause
/* See pci_fake.h. */
#include <string.h>
#include "kernel/pci/pci_regs.h"
#include "tests/unit/fakes/pci_fake.h"

static struct fake_fn fns[FAKE_MAX_FNS];
bool fake_ext_enabled;
unsigned int fake_reads, fake_writes;
void (*fake_write_hook)(struct fake_fn *f, u16 off, unsigned int size, u32 val);

void fake_reset(void)
{
	memset(fns, 0, sizeof(fns));
	fake_ext_enabled = false;
	fake_reads = 0;
	fake_writes = 0;
	fake_write_hook = NULL;
}

struct fake_fn *fake_find(u16 seg, u8 bus, u8 devfn)
{
	for (unsigned int i = 0; i < FAKE_MAX_FNS; i++)
		if (fns[i].present && fns[i].seg == seg && fns[i].bus == bus &&
		    fns[i].devfn == devfn)
			return &fns[i];
	return NULL;
}

void fake_set8(struct fake_fn *f, u16 off, u8 v)
{
	f->cfg[off] = v;
}

void fake_set16(struct fake_fn *f, u16 off, u16 v)
{
	f->cfg[off] = (u8)v;
	f->cfg[off + 1] = (u8)(v >> 8);
}

void fake_set32(struct fake_fn *f, u16 off, u32 v)
{
	fake_set16(f, off, (u16)v);
	fake_set16(f, off + 2, (u16)(v >> 16));
}

u8 fake_get8(const struct fake_fn *f, u16 off)
{
	return f->cfg[off];
}

u16 fake_get16(const struct fake_fn *f, u16 off)
{
	return (u16)(f->cfg[off] | f->cfg[off + 1] << 8);
}

u32 fake_get32(const struct fake_fn *f, u16 off)
{
	return fake_get16(f, off) | (u32)fake_get16(f, off + 2) << 16;
}

void fake_writable(struct fake_fn *f, u16 off, unsigned int len, u8 mask)
{
	for (unsigned int i = 0; i < len && off + i < 4096; i++)
		f->wmask[off + i] = mask;
}

struct fake_fn *fake_add(u8 bus, u8 dev, u8 fn, u16 vendor, u16 device, u32 class, u8 hdr)
{
	for (unsigned int i = 0; i < FAKE_MAX_FNS; i++) {
		struct fake_fn *f = &fns[i];

		if (f->present)
			continue;
		memset(f, 0, sizeof(*f));
		f->present = true;
		f->bus = bus;
		f->devfn = PCI_DEVFN(dev, fn);
		fake_set16(f, PCI_VENDOR_ID, vendor);
		fake_set16(f, PCI_DEVICE_ID, device);
		fake_set32(f, PCI_REVISION_ID, class << 8 | 0x01);
		fake_set8(f, PCI_HEADER_TYPE, hdr);
		/* Command: decode, master, INTx disable are writable. */
		fake_writable(f, PCI_COMMAND, 1, 0x07);
		fake_writable(f, PCI_COMMAND + 1, 1, 0x04);
		fake_writable(f, PCI_INTERRUPT_LINE, 1, 0xFF);
		if ((hdr & 0x7F) == PCI_HEADER_BRIDGE)
			fake_writable(f, PCI_PRIMARY_BUS, 3, 0xFF);
		f->cap_cursor = 0x40;
		f->ext_cursor = 0x100;
		return f;
	}
	return NULL;
}

void fake_bar_raw(struct fake_fn *f, unsigned int idx, u32 value, u64 size)
{
	f->bar_size[idx] = size;
	fake_set32(f, PCI_BAR0 + 4 * idx, value);
}

void fake_bar_mem32(struct fake_fn *f, unsigned int idx, u32 base, u32 size, bool prefetch)
{
	fake_bar_raw(f, idx, base | (prefetch ? PCI_BAR_MEM_PREFETCH : 0), size);
}

void fake_bar_mem64(struct fake_fn *f, unsigned int idx, u64 base, u64 size, bool prefetch)
{
	u32 type = PCI_BAR_MEM_TYPE_64 | (prefetch ? PCI_BAR_MEM_PREFETCH : 0);

	fake_bar_raw(f, idx, (u32)base | type, size);
	fake_bar_raw(f, idx + 1, (u32)(base >> 32), 0);
	/* The upper half follows the size of the lower one. */
	f->bar_size[idx + 1] = size;
}

void fake_bar_io(struct fake_fn *f, unsigned int idx, u32 base, u32 size)
{
	fake_bar_raw(f, idx, base | PCI_BAR_SPACE_IO, size);
}

u8 fake_add_cap(struct fake_fn *f, u8 id, u8 len)
{
	u8 off = f->cap_cursor;

	fake_set8(f, off, id);
	fake_set8(f, off + 1, 0);
	fake_writable(f, off + 2, len - 2u, 0xFF);
	if (f->last_cap)
		fake_set8(f, f->last_cap + 1, off);
	else
		fake_set8(f, PCI_CAPABILITY_LIST, off);
	fake_set16(f, PCI_STATUS, fake_get16(f, PCI_STATUS) | PCI_STATUS_CAP_LIST);
	f->last_cap = off;
	f->cap_cursor = (u8)ALIGN_UP(off + len, 4);
	return off;
}

u16 fake_add_ext_cap(struct fake_fn *f, u16 id, u16 len)
{
	u16 off = f->ext_cursor;

	fake_set32(f, off, id | 1u << 16);
	fake_writable(f, off + 4, len - 4u, 0xFF);
	if (f->last_ext)
		fake_set32(f, f->last_ext, fake_get32(f, f->last_ext) | (u32)off << 20);
	f->last_ext = off;
	f->ext_cursor = (u16)ALIGN_UP(off + len, 4);
	return off;
}

void fake_bridge(struct fake_fn *f, u8 primary, u8 secondary, u8 subordinate)
{
	fake_set8(f, PCI_PRIMARY_BUS, primary);
	fake_set8(f, PCI_SECONDARY_BUS, secondary);
	fake_set8(f, PCI_SUBORDINATE_BUS, subordinate);
}

void fake_intx(struct fake_fn *f, u8 pin, u8 line)
{
	fake_set8(f, PCI_INTERRUPT_PIN, pin);
	fake_set8(f, PCI_INTERRUPT_LINE, line);
}

static int bar_index(u16 off)
{
	if (off < PCI_BAR0 || off >= PCI_BAR0 + 24)
		return -1;
	return (off - PCI_BAR0) / 4;
}

static bool is_upper_half(const struct fake_fn *f, int idx)
{
	return idx > 0 && (fake_get32(f, PCI_BAR0 + 4 * (idx - 1)) & 0x7) == PCI_BAR_MEM_TYPE_64 &&
	       f->bar_size[idx - 1];
}

static u32 fake_read(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size)
{
	struct fake_fn *f = fake_find(seg, bus, devfn);
	int bar = bar_index(off & ~3);
	u32 v = 0;

	fake_reads++;
	if (!f || (off >= 256 && !fake_ext_enabled))
		return size == 4 ? 0xFFFFFFFFu : (1u << (size * 8)) - 1;
	if (bar >= 0 && f->bar_stuck_ones[bar])
		return size == 4 ? 0xFFFFFFFFu : (1u << (size * 8)) - 1;
	for (unsigned int i = 0; i < size; i++)
		v |= (u32)f->cfg[off + i] << (8 * i);
	return v;
}

static void bar_write(struct fake_fn *f, int idx, u32 val)
{
	u16 off = PCI_BAR0 + 4 * idx;
	u16 cmd = fake_get16(f, PCI_COMMAND);
	u64 size = f->bar_size[idx];
	u32 old = fake_get32(f, off);

	f->bar_writes++;
	if (cmd & (PCI_COMMAND_IO | PCI_COMMAND_MEMORY))
		f->bar_writes_decoding++;
	if (!size)
		return; /* unimplemented BARs are hardwired to zero */
	if (is_upper_half(f, idx)) {
		fake_set32(f, off, val & (u32)(~(size - 1) >> 32));
		return;
	}
	if (old & PCI_BAR_SPACE_IO) {
		fake_set32(f, off, (val & ~(u32)(size - 1) & PCI_BAR_IO_MASK) | (old & 0x3));
		return;
	}
	fake_set32(f, off, (val & (u32) ~(size - 1) & PCI_BAR_MEM_MASK) | (old & 0xF));
}

static void fake_write(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, u32 val)
{
	struct fake_fn *f = fake_find(seg, bus, devfn);
	int bar = bar_index(off & ~3);

	fake_writes++;
	if (!f || (off >= 256 && !fake_ext_enabled))
		return;
	if (bar >= 0) {
		if (size == 4)
			bar_write(f, bar, val);
	} else {
		for (unsigned int i = 0; i < size; i++) {
			u8 m = f->wmask[off + i];
			u8 b = (u8)(val >> (8 * i));

			f->cfg[off + i] = (u8)((f->cfg[off + i] & ~m) | (b & m));
		}
	}
	if (fake_write_hook)
		fake_write_hook(f, off, size, val);
}

static bool fake_has_ext(u16 seg, u8 bus)
{
	return fake_ext_enabled;
}

static bool legacy_has_ext(u16 seg, u8 bus)
{
	return false;
}

static u32 legacy_read(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size)
{
	if (off >= 256)
		return size == 4 ? 0xFFFFFFFFu : (1u << (size * 8)) - 1;
	return fake_read(seg, bus, devfn, off, size);
}

static void legacy_write(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, u32 val)
{
	if (off < 256)
		fake_write(seg, bus, devfn, off, size, val);
}

const struct pci_cfg_ops fake_ops = {
	.name = "fake",
	.read = fake_read,
	.write = fake_write,
	.has_ext = fake_has_ext,
};

const struct pci_cfg_ops fake_legacy_ops = {
	.name = "fake ports",
	.read = legacy_read,
	.write = legacy_write,
	.has_ext = legacy_has_ext,
};

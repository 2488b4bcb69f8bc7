// SPDX-License-Identifier: BSD-2-Clause
/*
 * Enumeration against a fake config space: BAR decoding, capability lists,
 * bridges, multifunction devices, the listing, and every malformed case the
 * code must survive with a warning.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_internal.h"
#include "tests/unit/fakes/pci_fake.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/pci_test_log.h"

static void setup(void)
{
	fake_reset();
	stub_hw_reset();
	log_clear();
	pci_reset_for_test();
	pci_cfg_reset_for_test();
	pci_cfg_set_ops(&fake_ops);
}

static struct pci_dev *scan_one(struct fake_fn *f)
{
	static struct pci_dev pdev;

	pci_dev_init_from_config(&pdev, f->seg, f->bus, f->devfn);
	return &pdev;
}

/* ---- BARs ---- */

START_TEST(bars_of_every_kind)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;

	fake_bar_mem32(f, 0, 0xfebc0000, 0x20000, false);
	fake_bar_io(f, 1, 0xc000, 0x40);
	fake_bar_mem64(f, 2, 0x800000000ull, 0x4000, true);
	fake_bar_mem32(f, 5, 0xfe000000, 0x1000, true);
	fake_set16(f, PCI_COMMAND, PCI_COMMAND_IO | PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	p = scan_one(f);

	ck_assert_uint_eq(p->bar[0].flags, PCI_BAR_VALID);
	ck_assert_uint_eq(p->bar[0].base, 0xfebc0000);
	ck_assert_uint_eq(p->bar[0].size, 0x20000);
	ck_assert_uint_eq(p->bar[1].flags, PCI_BAR_VALID | PCI_BAR_IO);
	ck_assert_uint_eq(p->bar[1].base, 0xc000);
	ck_assert_uint_eq(p->bar[1].size, 0x40);
	ck_assert_uint_eq(p->bar[2].flags, PCI_BAR_VALID | PCI_BAR_MEM64 | PCI_BAR_PREFETCH);
	ck_assert_uint_eq(p->bar[2].base, 0x800000000ull);
	ck_assert_uint_eq(p->bar[2].size, 0x4000);
	ck_assert_uint_eq(p->bar[3].flags, 0); /* upper half of BAR2 */
	ck_assert_uint_eq(p->bar[4].flags, 0); /* not implemented */
	ck_assert_uint_eq(p->bar[5].flags, PCI_BAR_VALID | PCI_BAR_PREFETCH);
	ck_assert_uint_eq(p->bar[5].size, 0x1000);

	/* Probe ran with decode off, and everything is as firmware left it. */
	ck_assert_uint_gt(f->bar_writes, 0);
	ck_assert_uint_eq(f->bar_writes_decoding, 0);
	ck_assert_uint_eq(fake_get16(f, PCI_COMMAND),
			  PCI_COMMAND_IO | PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	ck_assert_uint_eq(fake_get32(f, PCI_BAR0), 0xfebc0000);
	ck_assert_uint_eq(fake_get32(f, PCI_BAR0 + 4), 0xc001);
	ck_assert_uint_eq(fake_get32(f, PCI_BAR0 + 8), 0x0000000c);
	ck_assert_uint_eq(fake_get32(f, PCI_BAR0 + 12), 0x8);
	ck_assert_uint_eq(log_count_warn(""), 0);
}
END_TEST

START_TEST(big_64bit_bar_above_4g)
{
	struct fake_fn *f = fake_add(0, 4, 0, 0x1af4, 0x1041, 0x020000, 0);
	struct pci_dev *p;

	fake_bar_mem64(f, 4, 0x7000000000ull, 0x200000000ull, true); /* 8 GiB */
	p = scan_one(f);
	ck_assert_uint_eq(p->bar[4].flags, PCI_BAR_VALID | PCI_BAR_MEM64 | PCI_BAR_PREFETCH);
	ck_assert_uint_eq(p->bar[4].size, 0x200000000ull);
	ck_assert_uint_eq(p->bar[4].base, 0x7000000000ull);
}
END_TEST

START_TEST(io_bar_with_16bit_decoder)
{
	struct fake_fn *f = fake_add(0, 5, 0, 0x10ec, 0x8139, 0x020000, 0);
	struct pci_dev *p;

	fake_bar_io(f, 0, 0xd000, 0x100);
	p = scan_one(f);
	/* Simulate a decoder whose upper 16 bits read as zero after the probe. */
	f->bar_size[0] = 0;
	fake_set32(f, PCI_BAR0, 0xd001);
	ck_assert_uint_eq(p->bar[0].size, 0x100);
	ck_assert_uint_eq(p->bar[0].base, 0xd000);
	ck_assert_uint_eq(p->bar[0].flags, PCI_BAR_VALID | PCI_BAR_IO);
}
END_TEST

START_TEST(bar_reading_all_ones_is_skipped)
{
	struct fake_fn *f = fake_add(0, 6, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;

	fake_bar_mem32(f, 0, 0xfeb00000, 0x20000, false);
	fake_bar_mem32(f, 1, 0xfeb40000, 0x1000, false);
	f->bar_stuck_ones[0] = true;
	p = scan_one(f);
	ck_assert_uint_eq(p->bar[0].flags, 0);
	ck_assert_uint_eq(p->bar[1].flags, PCI_BAR_VALID);
	ck_assert(log_contains("00:06.0: BAR0 reads back all ones"));
}
END_TEST

START_TEST(bar_with_impossible_size_is_skipped)
{
	struct fake_fn *f = fake_add(0, 7, 0, 0x1234, 0x5678, 0x020000, 0);
	struct pci_dev *p;

	/* An I/O BAR claiming 128 KiB: more than the whole I/O space. */
	fake_bar_io(f, 0, 0x0, 0x20000);
	/* A 64-bit BAR whose upper half keeps no bits: the size comes out absurd. */
	fake_bar_raw(f, 2, 0xfe000004, 0x1000);
	/* A 32-bit BAR with no writable address bit reads back 0: not implemented. */
	fake_bar_raw(f, 4, 0x0, 0x100000000ull);
	p = scan_one(f);
	ck_assert_uint_eq(p->bar[0].flags, 0);
	ck_assert_uint_eq(p->bar[2].flags, 0);
	ck_assert_uint_eq(p->bar[4].flags, 0);
	ck_assert(log_contains("00:07.0: BAR0 I/O size 0x20000"));
	ck_assert(log_contains("BAR2 mem64 size 0xffffffff00001000 is impossible"));
	ck_assert_uint_eq(log_count_warn("BAR4"), 0);
}
END_TEST

/* A BAR0 that does not behave like hardware: `orig` normally, `probe` after all ones. */
static u32 weird_bar_probe;
static u32 weird_bar_orig;
static bool weird_probing;

static void weird_write(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, u32 val)
{
	if (off == PCI_BAR0 && size == 4) {
		weird_probing = val == 0xFFFFFFFFu && weird_bar_orig != 0xFFFFFFFFu;
		return;
	}
	fake_ops.write(seg, bus, devfn, off, size, val);
}

static u32 weird_read(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size)
{
	if (off == PCI_BAR0 && size == 4)
		return weird_probing ? weird_bar_probe : weird_bar_orig;
	return fake_ops.read(seg, bus, devfn, off, size);
}

static bool weird_has_ext(u16 seg, u8 bus)
{
	return false;
}

static const struct pci_cfg_ops weird_ops = {
	.name = "weird",
	.read = weird_read,
	.write = weird_write,
	.has_ext = weird_has_ext,
};

static struct pci_dev *scan_weird_bar0(u32 orig, u32 probe)
{
	struct fake_fn *f;

	fake_reset();
	log_clear();
	f = fake_add(0, 8, 0, 0xabcd, 0x0001, 0x020000, 0);
	weird_bar_orig = orig;
	weird_bar_probe = probe;
	weird_probing = false;
	pci_cfg_set_ops(&weird_ops);
	return scan_one(f);
}

START_TEST(malformed_bar_readbacks)
{
	struct pci_dev *p;

	p = scan_weird_bar0(0xfe000000, 0xfff0f000); /* holes in the size mask */
	ck_assert_uint_eq(p->bar[0].flags, 0);
	ck_assert(log_contains("00:08.0: BAR0 mem32 size"));
	ck_assert(log_contains("is impossible"));

	p = scan_weird_bar0(0xfe000006, 0xfffff006); /* reserved memory type 3 */
	ck_assert_uint_eq(p->bar[0].flags, 0);
	ck_assert(log_contains("reserved memory type 3"));

	p = scan_weird_bar0(0xfe000000, 0xfffff001); /* space bit flips under the probe */
	ck_assert_uint_eq(p->bar[0].flags, 0);
	ck_assert(log_contains("type bits changed under the probe"));

	p = scan_weird_bar0(0xfe000800, 0xfffff000); /* base not aligned to 4 KiB size */
	ck_assert_uint_eq(p->bar[0].flags, 0);
	ck_assert(log_contains("not aligned to its size"));

	p = scan_weird_bar0(0xFFFFFFFFu, 0xFFFFFFFFu);
	ck_assert_uint_eq(p->bar[0].flags, 0);
	ck_assert(log_contains("reads back all ones"));

	p = scan_weird_bar0(0x00000000, 0xfffff000); /* sized, never assigned */
	ck_assert_uint_eq(p->bar[0].flags, PCI_BAR_UNASSIGNED);
	ck_assert_uint_eq(p->bar[0].size, 0x1000);

	p = scan_weird_bar0(0x000e0002, 0xfffff002); /* withdrawn below-1MiB type */
	ck_assert_uint_eq(p->bar[0].flags, PCI_BAR_VALID);
	ck_assert(log_contains("below-1MiB"));
}
END_TEST

START_TEST(bar64_in_last_slot)
{
	struct fake_fn *f = fake_add(0, 9, 0, 0x1111, 0x2222, 0x020000, 0);
	struct pci_dev *p;

	fake_bar_raw(f, 5, 0xfe000004, 0x1000);
	p = scan_one(f);
	ck_assert_uint_eq(p->bar[5].flags, 0);
	ck_assert(log_contains("BAR5 is 64-bit but has no upper half"));
}
END_TEST

START_TEST(bridge_has_two_bars)
{
	struct fake_fn *f = fake_add(0, 0x1e, 0, 0x8086, 0x244e, 0x060400, 1);
	struct pci_dev *p;

	fake_bar_mem32(f, 0, 0xfea00000, 0x1000, false);
	fake_bar_mem32(f, 2, 0xfeb00000, 0x1000, false); /* primary bus number field */
	fake_bridge(f, 0, 1, 1);
	p = scan_one(f);
	ck_assert_uint_eq(p->bar[0].flags, PCI_BAR_VALID);
	ck_assert_uint_eq(p->bar[2].flags, 0);
	ck_assert_uint_eq(p->secondary_bus, 1);
}
END_TEST

/* ---- capabilities ---- */

START_TEST(capabilities_found)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;
	u8 pm, msi, exp, msix;

	pm = fake_add_cap(f, PCI_CAP_ID_PM, 8);
	msi = fake_add_cap(f, PCI_CAP_ID_MSI, 24);
	fake_set16(f, msi + PCI_MSI_FLAGS, PCI_MSI_FLAGS_64BIT);
	fake_add_cap(f, 0x09, 4); /* vendor specific: recorded, not special */
	exp = fake_add_cap(f, PCI_CAP_ID_EXP, 0x3c);
	msix = fake_add_cap(f, PCI_CAP_ID_MSIX, 12);
	p = scan_one(f);
	ck_assert_uint_eq(p->pm_cap, pm);
	ck_assert_uint_eq(p->msi_cap, msi);
	ck_assert_uint_eq(p->pcie_cap, exp);
	ck_assert_uint_eq(p->msix_cap, msix);
	ck_assert_uint_eq(p->nr_caps, 5);
	ck_assert_uint_eq(pci_find_capability(p, 0x09), msi + 24);
	ck_assert_uint_eq(pci_find_capability(p, 0x0d), 0);
	ck_assert(!p->cap_list_broken);
	ck_assert_uint_eq(log_count_warn(""), 0);
}
END_TEST

START_TEST(no_capability_list_bit)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;

	fake_add_cap(f, PCI_CAP_ID_PM, 8);
	fake_set16(f, PCI_STATUS, 0); /* pointer present, but status says no list */
	p = scan_one(f);
	ck_assert_uint_eq(p->pm_cap, 0);
	ck_assert_uint_eq(p->nr_caps, 0);
}
END_TEST

START_TEST(capability_cycle)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;
	u8 a, b;

	a = fake_add_cap(f, PCI_CAP_ID_PM, 8);
	b = fake_add_cap(f, PCI_CAP_ID_MSI, 12);
	fake_set8(f, b + 1, a); /* MSI points back to PM */
	p = scan_one(f);
	ck_assert_uint_eq(p->pm_cap, a);
	ck_assert_uint_eq(p->msi_cap, b);
	ck_assert(p->cap_list_broken);
	ck_assert(log_contains("00:03.0: capability list broken: loops back (pointer 0x40 at 0x"));
}
END_TEST

START_TEST(capability_self_loop)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;
	u8 a = fake_add_cap(f, PCI_CAP_ID_MSIX, 12);

	fake_set8(f, a + 1, a);
	p = scan_one(f);
	ck_assert_uint_eq(p->msix_cap, a);
	ck_assert_uint_eq(p->nr_caps, 1);
	ck_assert(log_contains("loops back"));
}
END_TEST

START_TEST(capability_pointer_into_header)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;
	u8 a = fake_add_cap(f, PCI_CAP_ID_PM, 8);

	fake_set8(f, a + 1, 0x10); /* into the BARs */
	p = scan_one(f);
	ck_assert_uint_eq(p->pm_cap, a);
	ck_assert(p->cap_list_broken);
	ck_assert(log_contains("points into the header (pointer 0x10 at 0x41)"));

	fake_set8(f, PCI_CAPABILITY_LIST, 0x3c);
	log_clear();
	p = scan_one(f);
	ck_assert_uint_eq(p->pm_cap, 0);
	ck_assert(log_contains("first pointer 0x3c"));
}
END_TEST

START_TEST(capability_unaligned_and_all_ones)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;
	u8 a = fake_add_cap(f, PCI_CAP_ID_PM, 8);

	fake_set8(f, a + 1, 0x4a);
	p = scan_one(f);
	ck_assert(log_contains("unaligned pointer (pointer 0x4a"));
	ck_assert_uint_eq(p->nr_caps, 1);

	/* A vanished device reads all ones: pointer 0xff must stop the walk too. */
	fake_set8(f, a + 1, 0xff);
	log_clear();
	p = scan_one(f);
	ck_assert(p->cap_list_broken);
	ck_assert(log_contains("pointer 0xff"));
}
END_TEST

START_TEST(capability_chain_of_48_and_overrun)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;

	/* Fill every dword slot 0x40..0xfc: a legal list of 48 entries. */
	for (unsigned int i = 0; i < 48; i++)
		fake_add_cap(f, 0x09, 4);
	p = scan_one(f);
	ck_assert(!p->cap_list_broken);
	ck_assert_uint_eq(p->nr_caps, PCI_MAX_CAPS); /* recorded up to the table size */

	/* An MSI capability at 0xfc would run past the end of config space. */
	fake_set8(f, 0xfc, PCI_CAP_ID_MSI);
	fake_set16(f, 0xfe, PCI_MSI_FLAGS_64BIT);
	log_clear();
	p = scan_one(f);
	/* 0xfe holds the flags now, so 0xfd (next) reads 0: the list ends there. */
	ck_assert_uint_eq(p->msi_cap, 0);
	ck_assert(log_contains("capability 0x05 at 0xfc runs past config space"));
}
END_TEST

START_TEST(ext_capabilities_only_through_ecam)
{
	struct fake_fn *f = fake_add(1, 0, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;
	u16 aer, dsn;

	fake_add_cap(f, PCI_CAP_ID_EXP, 0x3c);
	aer = fake_add_ext_cap(f, PCI_EXT_CAP_ID_AER, 0x48);
	dsn = fake_add_ext_cap(f, PCI_EXT_CAP_ID_DSN, 0x0c);

	fake_ext_enabled = false;
	p = scan_one(f);
	ck_assert_uint_eq(p->nr_ext_caps, 0);
	ck_assert_uint_eq(log_count_warn(""), 0); /* no attempt, so no refusal */

	fake_ext_enabled = true;
	p = scan_one(f);
	ck_assert_uint_eq(p->nr_ext_caps, 2);
	ck_assert_uint_eq(pci_find_ext_capability(p, PCI_EXT_CAP_ID_AER), aer);
	ck_assert_uint_eq(pci_find_ext_capability(p, PCI_EXT_CAP_ID_DSN), dsn);
	ck_assert(!p->ext_cap_list_broken);
}
END_TEST

START_TEST(ext_capability_loop_and_range)
{
	struct fake_fn *f = fake_add(1, 0, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;
	u16 a, b;

	fake_ext_enabled = true;
	fake_add_cap(f, PCI_CAP_ID_EXP, 0x3c);
	a = fake_add_ext_cap(f, PCI_EXT_CAP_ID_AER, 0x48);
	b = fake_add_ext_cap(f, PCI_EXT_CAP_ID_DSN, 0x0c);
	fake_set32(f, b, fake_get32(f, b) | (u32)a << 20); /* DSN -> AER: cycle */
	p = scan_one(f);
	ck_assert_uint_eq(p->nr_ext_caps, 2);
	ck_assert(p->ext_cap_list_broken);
	ck_assert(log_contains("01:00.0: extended capability list broken: loops back "
			       "(offset 0x100"));

	/* Next pointer into the legacy space. */
	fake_set32(f, b, PCI_EXT_CAP_ID_DSN | 1u << 16 | 0x040u << 20);
	log_clear();
	p = scan_one(f);
	ck_assert(log_contains("offset out of range (offset 0x040"));

	/* Unaligned next pointer. */
	fake_set32(f, b, PCI_EXT_CAP_ID_DSN | 1u << 16 | 0x202u << 20);
	log_clear();
	p = scan_one(f);
	ck_assert(log_contains("unaligned offset (offset 0x202"));

	/* Header that reads all ones. */
	fake_set32(f, b, PCI_EXT_CAP_ID_DSN | 1u << 16 | 0x300u << 20);
	fake_set32(f, 0x300, 0xFFFFFFFFu);
	log_clear();
	p = scan_one(f);
	ck_assert(log_contains("header reads all ones (offset 0x300"));
	ck_assert_uint_eq(p->nr_ext_caps, 2);
}
END_TEST

START_TEST(ext_capability_long_self_consistent_chain_ends)
{
	struct fake_fn *f = fake_add(1, 0, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;

	fake_ext_enabled = true;
	fake_add_cap(f, PCI_CAP_ID_EXP, 0x3c);
	/* Every dword of the extended space is a header pointing at the next one,
	 * and the last points back at the first: the visited set must stop it. */
	for (u32 off = 0x100; off < 0x1000; off += 4)
		fake_set32(f, (u16)off,
			   0x000b | 1u << 16 | (off + 4 < 0x1000 ? off + 4 : 0x100) << 20);
	p = scan_one(f);
	ck_assert_uint_eq(p->nr_ext_caps, PCI_MAX_EXT_CAPS);
	ck_assert(p->ext_cap_list_broken);
	ck_assert(log_contains("loops back (offset 0x100 from 0xffc)"));
}
END_TEST

/* ---- bus walking ---- */

static unsigned int count_on_bus(u8 bus)
{
	unsigned int n = 0;

	for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d))
		n += d->bus == bus;
	return n;
}

START_TEST(multifunction_and_absent_functions)
{
	struct fake_fn *f;

	fake_add(0, 0, 0, 0x8086, 0x29c0, 0x060000, 0);
	/* Device 1: multifunction, functions 0, 2 and 7 present. */
	fake_add(0, 1, 0, 0x8086, 0x2918, 0x060100, 0x80);
	fake_add(0, 1, 2, 0x8086, 0x2922, 0x010601, 0);
	fake_add(0, 1, 7, 0x8086, 0x2930, 0x0c0500, 0);
	/* Device 2: single function, but something answers at function 3: ignored. */
	fake_add(0, 2, 0, 0x1af4, 0x1000, 0x020000, 0);
	fake_add(0, 2, 3, 0x1af4, 0x1000, 0x020000, 0);
	/* Device 4: vendor 0xffff is absent even though config holds data. */
	f = fake_add(0, 4, 0, 0xffff, 0xffff, 0x020000, 0);
	(void)f;

	pci_scan_root(0, 0, 255);
	ck_assert_uint_eq(pci_dev_count(), 5);
	ck_assert_ptr_nonnull(pci_find_bdf(0, 0, PCI_DEVFN(1, 7)));
	ck_assert_ptr_nonnull(pci_find_bdf(0, 0, PCI_DEVFN(1, 2)));
	ck_assert_ptr_null(pci_find_bdf(0, 0, PCI_DEVFN(2, 3)));
	ck_assert_ptr_null(pci_find_bdf(0, 0, PCI_DEVFN(4, 0)));
	ck_assert(pci_find_bdf(0, 0, PCI_DEVFN(1, 0))->multifunction);
}
END_TEST

START_TEST(devices_listed_in_bus_order)
{
	struct fake_fn *br;
	struct pci_dev *d;
	u32 last = 0;

	fake_add(0, 0x1f, 0, 0x8086, 0x2918, 0x060100, 0);
	br = fake_add(0, 0x01, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(br, 0, 1, 1);
	fake_add(1, 0x00, 0, 0x8086, 0x100e, 0x020000, 0);
	fake_add(0, 0x02, 0, 0x8086, 0x100e, 0x020000, 0);
	pci_scan_root(0, 0, 255);
	ck_assert_uint_eq(pci_dev_count(), 4);
	for (d = pci_dev_next(NULL); d; d = pci_dev_next(d)) {
		u32 key = (u32)d->bus << 8 | d->devfn;

		ck_assert_uint_ge(key, last);
		last = key;
	}
	d = pci_get_device(0x8086, 0x100e, NULL);
	ck_assert_str_eq(d->name, "00:02.0");
	d = pci_get_device(0x8086, 0x100e, d);
	ck_assert_str_eq(d->name, "01:00.0");
	ck_assert_ptr_null(pci_get_device(0x8086, 0x100e, d));
}
END_TEST

START_TEST(nested_bridges)
{
	struct fake_fn *b1, *b2, *b3;

	fake_add(0, 0, 0, 0x8086, 0x29c0, 0x060000, 0);
	b1 = fake_add(0, 0x1c, 0, 0x8086, 0x2940, 0x060400, 0x81);
	fake_bridge(b1, 0, 1, 3);
	b2 = fake_add(0, 0x1c, 1, 0x8086, 0x2942, 0x060400, 1);
	fake_bridge(b2, 0, 4, 4);
	b3 = fake_add(1, 0, 0, 0x10b5, 0x8112, 0x060400, 1);
	fake_bridge(b3, 1, 2, 3);
	fake_add(2, 5, 0, 0x14e4, 0x1677, 0x020000, 0); /* tg3 behind two bridges */
	fake_add(4, 0, 0, 0x11ab, 0x4362, 0x020000, 0); /* sky2 behind the second port */
	fake_add(3, 0, 0, 0xdead, 0xbeef, 0x020000, 0); /* bus 3: nothing forwards to it alone */

	pci_scan_root(0, 0, 255);
	ck_assert_ptr_nonnull(pci_find_bdf(0, 2, PCI_DEVFN(5, 0)));
	ck_assert_ptr_nonnull(pci_find_bdf(0, 4, PCI_DEVFN(0, 0)));
	/* Bus 3 is within b3's range, so it is only found by scanning bus 2's
	 * bridges; nothing there points at bus 3, so it stays unseen. */
	ck_assert_ptr_null(pci_find_bdf(0, 3, PCI_DEVFN(0, 0)));
	ck_assert_uint_eq(log_count_warn(""), 0);
}
END_TEST

START_TEST(bogus_bridges_are_skipped)
{
	struct fake_fn *b;

	fake_add(0, 0, 0, 0x8086, 0x29c0, 0x060000, 0);
	/* Secondary bus equal to its own bus: would rescan bus 0 forever. */
	b = fake_add(0, 1, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 0, 0, 5);
	/* Not configured by firmware. */
	b = fake_add(0, 2, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 0, 0, 0);
	/* Subordinate below secondary. */
	b = fake_add(0, 3, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 0, 6, 4);
	/* A good bridge to buses 1-2 ... */
	b = fake_add(0, 4, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 0, 1, 2);
	fake_add(1, 0, 0, 0x8086, 0x100e, 0x020000, 0);
	/* ... and a sibling claiming bus 2 again. */
	b = fake_add(0, 5, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 0, 2, 2);
	fake_add(2, 0, 0, 0x8086, 0x10d3, 0x020000, 0);
	/* A bridge on bus 1 pointing back at bus 0 (a loop). */
	b = fake_add(1, 1, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 1, 0, 0);
	/* A bridge on bus 1 reaching outside what its parent forwards (1-2). */
	b = fake_add(1, 2, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 1, 7, 7);
	fake_add(7, 0, 0, 0x8086, 0x10d3, 0x020000, 0);

	pci_scan_root(0, 0, 255);
	ck_assert(log_contains("00:01.0: bridge to buses 00-05 skipped: secondary bus not above"));
	ck_assert(log_contains("00:02.0: bridge to buses 00-00 skipped: not configured"));
	ck_assert(log_contains("00:03.0: bridge to buses 06-04 skipped: subordinate bus"));
	ck_assert(log_contains("00:05.0: bridge to buses 02-02 skipped: bus range already"));
	ck_assert(log_contains("01:01.0: bridge to buses 00-00 skipped: not configured"));
	ck_assert(log_contains("01:02.0: bridge to buses 07-07 skipped: bus range outside"));
	ck_assert_ptr_nonnull(pci_find_bdf(0, 1, PCI_DEVFN(0, 0)));
	ck_assert_ptr_null(pci_find_bdf(0, 7, PCI_DEVFN(0, 0)));
	/* Bus 2 is forwarded by 00:04.0 (1-2) but has no bridge of its own on bus 1. */
	ck_assert_ptr_null(pci_find_bdf(0, 2, PCI_DEVFN(0, 0)));
	/* Every function was seen exactly once. */
	ck_assert_uint_eq(count_on_bus(0), 6);
	ck_assert_uint_eq(count_on_bus(1), 3);
}
END_TEST

START_TEST(bridge_loop_through_two_levels)
{
	struct fake_fn *b;

	/* 00:01.0 -> bus 1 (1-3); 01:00.0 -> bus 2 (2-3); 02:00.0 -> bus 1 again. */
	b = fake_add(0, 1, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 0, 1, 3);
	b = fake_add(1, 0, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 1, 2, 3);
	b = fake_add(2, 0, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 2, 1, 3);
	pci_scan_root(0, 0, 255);
	ck_assert(log_contains("02:00.0: bridge to buses 01-03 skipped: secondary bus not above"));
	ck_assert_uint_eq(pci_dev_count(), 3);
}
END_TEST

START_TEST(wrong_primary_bus_is_only_a_warning)
{
	struct fake_fn *b;

	b = fake_add(0, 1, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 9, 1, 1);
	fake_add(1, 0, 0, 0x8086, 0x100e, 0x020000, 0);
	pci_scan_root(0, 0, 255);
	ck_assert(log_contains("00:01.0: bridge says its primary bus is 09"));
	ck_assert_ptr_nonnull(pci_find_bdf(0, 1, 0));
}
END_TEST

START_TEST(root_range_limits_bridges)
{
	struct fake_fn *b;

	/* An ECAM window covering buses 0-3 only. */
	b = fake_add(0, 1, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 0, 4, 4);
	pci_scan_root(0, 0, 3);
	ck_assert(log_contains("bus range outside what its parent forwards"));
}
END_TEST

START_TEST(unknown_header_type)
{
	struct pci_dev *p;
	struct fake_fn *f = fake_add(0, 3, 0, 0x1234, 0x0001, 0xff0000, 0x05);

	fake_bar_mem32(f, 0, 0xfe000000, 0x1000, false);
	p = scan_one(f);
	ck_assert_uint_eq(p->bar[0].flags, 0);
	ck_assert(log_contains("00:03.0: unknown header type 5"));
}
END_TEST

START_TEST(bogus_interrupt_pin)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x1234, 0x0001, 0x020000, 0);
	struct pci_dev *p;

	fake_intx(f, 9, 11);
	p = scan_one(f);
	ck_assert_uint_eq(p->irq_pin, 0);
	ck_assert(log_contains("interrupt pin 9 is not INTA..INTD"));
}
END_TEST

START_TEST(too_many_functions)
{
	/* 9 multifunction devices x 8 functions = 72 > PCI_MAX_DEVICES. */
	for (u8 dev = 0; dev < 9; dev++)
		for (u8 fn = 0; fn < 8; fn++)
			fake_add(0, dev, fn, 0x1234, 0x0001, 0x020000, fn ? 0 : 0x80);
	pci_scan_root(0, 0, 255);
	ck_assert_uint_eq(pci_dev_count(), PCI_MAX_DEVICES);
	ck_assert_uint_eq(log_count("more than 64 functions"), 1);
	ck_assert_ptr_nonnull(pci_find_bdf(0, 0, PCI_DEVFN(7, 7)));
	ck_assert_ptr_null(pci_find_bdf(0, 0, PCI_DEVFN(8, 0)));
}
END_TEST

/* ---- listing ---- */

START_TEST(lspci_lines)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct fake_fn *b;
	char line[200];
	struct pci_dev *p;

	fake_bar_mem32(f, 0, 0xfebc0000, 0x20000, false);
	fake_bar_io(f, 1, 0xc000, 0x40);
	fake_bar_mem64(f, 2, 0xfe000000, 0x4000, true);
	fake_intx(f, 1, 11);
	fake_add_cap(f, PCI_CAP_ID_PM, 8);
	b = fake_add(0, 4, 0, 0x1b36, 0x0001, 0x060400, 1);
	fake_bridge(b, 0, 1, 1);
	pci_scan_root(0, 0, 255);

	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	pci_format_dev(p, line, sizeof(line));
	ck_assert_str_eq(line, "00:03.0 [0200] 8086:100e - irq pin A line 11 caps pm");
	pci_format_bar(p, 0, line, sizeof(line));
	ck_assert_str_eq(line, "00:03.0   BAR0 mem32 0xfebc0000 size 0x20000");
	pci_format_bar(p, 1, line, sizeof(line));
	ck_assert_str_eq(line, "00:03.0   BAR1 io 0xc000 size 0x40");
	pci_format_bar(p, 2, line, sizeof(line));
	ck_assert_str_eq(line, "00:03.0   BAR2 mem64 0xfe000000 size 0x4000 pref");
	ck_assert_uint_eq(pci_format_bar(p, 3, line, sizeof(line)), 0);

	p = pci_find_bdf(0, 0, PCI_DEVFN(4, 0));
	pci_format_dev(p, line, sizeof(line));
	ck_assert_str_eq(line, "00:04.0 [0604] 1b36:0001 bridge to 01-01 - irq none");

	/* Truncated output stays terminated and reports what it wrote. */
	ck_assert_uint_eq(pci_format_dev(p, line, 8), 7);
	ck_assert_str_eq(line, "00:04.0");
}
END_TEST

START_TEST(segment_in_name)
{
	struct pci_dev pdev;
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);

	f->seg = 1;
	pci_dev_init_from_config(&pdev, 1, 0, PCI_DEVFN(3, 0));
	ck_assert_str_eq(pdev.name, "0001:00:03.0");
	ck_assert_uint_eq(pdev.vendor, 0x8086);
}
END_TEST

static Suite *enum_suite(void)
{
	Suite *s = suite_create("pci_enum");
	TCase *bars = tcase_create("bars");
	TCase *caps = tcase_create("caps");
	TCase *walk = tcase_create("walk");
	TCase *show = tcase_create("show");

	tcase_add_checked_fixture(bars, setup, NULL);
	tcase_add_test(bars, bars_of_every_kind);
	tcase_add_test(bars, big_64bit_bar_above_4g);
	tcase_add_test(bars, io_bar_with_16bit_decoder);
	tcase_add_test(bars, bar_reading_all_ones_is_skipped);
	tcase_add_test(bars, bar_with_impossible_size_is_skipped);
	tcase_add_test(bars, malformed_bar_readbacks);
	tcase_add_test(bars, bar64_in_last_slot);
	tcase_add_test(bars, bridge_has_two_bars);
	suite_add_tcase(s, bars);

	tcase_add_checked_fixture(caps, setup, NULL);
	tcase_add_test(caps, capabilities_found);
	tcase_add_test(caps, no_capability_list_bit);
	tcase_add_test(caps, capability_cycle);
	tcase_add_test(caps, capability_self_loop);
	tcase_add_test(caps, capability_pointer_into_header);
	tcase_add_test(caps, capability_unaligned_and_all_ones);
	tcase_add_test(caps, capability_chain_of_48_and_overrun);
	tcase_add_test(caps, ext_capabilities_only_through_ecam);
	tcase_add_test(caps, ext_capability_loop_and_range);
	tcase_add_test(caps, ext_capability_long_self_consistent_chain_ends);
	suite_add_tcase(s, caps);

	tcase_add_checked_fixture(walk, setup, NULL);
	tcase_add_test(walk, multifunction_and_absent_functions);
	tcase_add_test(walk, devices_listed_in_bus_order);
	tcase_add_test(walk, nested_bridges);
	tcase_add_test(walk, bogus_bridges_are_skipped);
	tcase_add_test(walk, bridge_loop_through_two_levels);
	tcase_add_test(walk, wrong_primary_bus_is_only_a_warning);
	tcase_add_test(walk, root_range_limits_bridges);
	tcase_add_test(walk, unknown_header_type);
	tcase_add_test(walk, bogus_interrupt_pin);
	tcase_add_test(walk, too_many_functions);
	suite_add_tcase(s, walk);

	tcase_add_checked_fixture(show, setup, NULL);
	tcase_add_test(show, lspci_lines);
	tcase_add_test(show, segment_in_name);
	suite_add_tcase(s, show);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(enum_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

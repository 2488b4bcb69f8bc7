// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for kernel/acpi/acpi.c on hand-built tables in a fake physical
 * address space (tests/unit/fakes/acpi_fixture.c). Every mapping is an exact-size
 * heap copy, so AddressSanitizer fails the test on any read past a mapped
 * range, and fx_refused() counts requests for memory no fixture holds.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/acpi/acpi.h"
#include "kernel/console/printk.h"
#include "tests/unit/fakes/acpi_fixture.h"
#include "tests/unit/fakes/stub_printk.h"

#define RSDT_PHYS  0x7fe0000ull
#define XSDT_PHYS  0x7fe0100ull
#define FADT_PHYS  0x7fe1000ull
#define MADT_PHYS  0x7fe2000ull
#define MCFG_PHYS  0x7fe3000ull
#define HPET_PHYS  0x7fe4000ull
#define SSDT_PHYS  0x7fe5000ull
#define EXTRA_PHYS 0x7fe6000ull
#define DSDT_PHYS  0x7fd0000ull
#define XDSDT_PHYS 0x17fd0000ull
#define BIOS_AREA  0xe0000ull
#define BIOS_RSDP  0xf5a10ull

static u8 rsdp[36];
static u8 *madt, *fadt, *mcfg, *hpet, *rsdt, *xsdt;
static size_t madt_len;

static void setup(void)
{
	stub_printk_reset();
	fx_reset();
	acpi_set_mapper(fx_map);
	acpi_set_ebda_base(0);
}

static void teardown(void)
{
	fx_reset();
	acpi_set_mapper(NULL);
}

/* ---- table bodies ---- */

static void madt_lapic(struct fx_buf *b, u8 uid, u8 id, u32 flags)
{
	fx_u8(b, 0);
	fx_u8(b, 8);
	fx_u8(b, uid);
	fx_u8(b, id);
	fx_u32(b, flags);
}

static void madt_ioapic(struct fx_buf *b, u8 id, u32 addr, u32 gsi_base)
{
	fx_u8(b, 1);
	fx_u8(b, 12);
	fx_u8(b, id);
	fx_u8(b, 0);
	fx_u32(b, addr);
	fx_u32(b, gsi_base);
}

static void madt_iso(struct fx_buf *b, u8 src, u32 gsi, u16 flags)
{
	fx_u8(b, 2);
	fx_u8(b, 10);
	fx_u8(b, 0);
	fx_u8(b, src);
	fx_u32(b, gsi);
	fx_u16(b, flags);
}

static void madt_nmi_source(struct fx_buf *b, u16 flags, u32 gsi)
{
	fx_u8(b, 3);
	fx_u8(b, 8);
	fx_u16(b, flags);
	fx_u32(b, gsi);
}

static void madt_lapic_nmi(struct fx_buf *b, u8 uid, u16 flags, u8 lint)
{
	fx_u8(b, 4);
	fx_u8(b, 6);
	fx_u8(b, uid);
	fx_u16(b, flags);
	fx_u8(b, lint);
}

static void madt_lapic_override(struct fx_buf *b, u64 addr)
{
	fx_u8(b, 5);
	fx_u8(b, 12);
	fx_u16(b, 0);
	fx_u64(b, addr);
}

static void madt_x2apic(struct fx_buf *b, u32 id, u32 flags, u32 uid)
{
	fx_u8(b, 9);
	fx_u8(b, 16);
	fx_u16(b, 0);
	fx_u32(b, id);
	fx_u32(b, flags);
	fx_u32(b, uid);
}

static void madt_x2apic_nmi(struct fx_buf *b, u16 flags, u32 uid, u8 lint)
{
	fx_u8(b, 10);
	fx_u8(b, 12);
	fx_u16(b, flags);
	fx_u32(b, uid);
	fx_u8(b, lint);
	fx_u8(b, 0);
	fx_u16(b, 0);
}

static void madt_header(struct fx_buf *b, u32 lapic, u32 flags)
{
	fx_u32(b, lapic);
	fx_u32(b, flags);
}

/* What QEMU's q35 roughly reports, plus a few entry kinds it lacks. */
static void standard_madt(struct fx_buf *b)
{
	madt_header(b, 0xfee00000, 1);
	madt_lapic(b, 0, 0, 1);
	madt_lapic(b, 1, 1, 0);
	madt_lapic(b, 2, 2, 2);
	madt_ioapic(b, 0, 0xfec00000, 0);
	madt_iso(b, 0, 2, 0);
	madt_iso(b, 5, 5, 0xd);
	madt_iso(b, 9, 9, 0xd);
	madt_iso(b, 10, 10, 0xf);
	madt_iso(b, 11, 11, 0xd);
	madt_nmi_source(b, 0x5, 23);
	madt_lapic_nmi(b, 0xff, 0x5, 1);
	madt_x2apic(b, 300, 1, 7);
	madt_x2apic_nmi(b, 0, 0xffffffff, 1);
}

#define FADT_LEN 276

static void standard_fadt(u8 *f)
{
	memset(f, 0, FADT_LEN);
	memcpy(f + 40, &(u32){ DSDT_PHYS }, 4);
	memcpy(f + 46, &(u16){ 9 }, 2);
	memcpy(f + 48, &(u32){ 0xb2 }, 4);
	f[52] = 0xf1;
	memcpy(f + 64, &(u32){ 0x604 }, 4);
	memcpy(f + 76, &(u32){ 0x608 }, 4);
	f[89] = 2;
	f[91] = 4;
	memcpy(f + 109, &(u16){ 0x3 }, 2);
	memcpy(f + 112, &(u32){ ACPI_FADT_RESET_REG_SUP }, 4);
	/* Reset register: I/O port 0xcf9, byte access, value 6. */
	f[116] = ACPI_GAS_IO;
	f[117] = 8;
	f[119] = 1;
	memcpy(f + 120, &(u64){ 0xcf9 }, 8);
	f[128] = 6;
	memcpy(f + 140, &(u64){ XDSDT_PHYS }, 8);
	/* X_PM1a_CNT_BLK differs from the legacy field, to see which one wins. */
	f[172] = ACPI_GAS_IO;
	f[173] = 16;
	memcpy(f + 176, &(u64){ 0x1604 }, 8);
}

static void standard_hpet(struct fx_buf *b)
{
	fx_u32(b, 0x8086a201);
	fx_u8(b, ACPI_GAS_MEMORY);
	fx_u8(b, 64);
	fx_u8(b, 0);
	fx_u8(b, 0);
	fx_u64(b, 0xfed00000);
	fx_u8(b, 0);
	fx_u16(b, 128);
	fx_u8(b, 0);
}

static void standard_mcfg(struct fx_buf *b)
{
	fx_u64(b, 0);
	fx_u64(b, 0xb0000000);
	fx_u16(b, 0);
	fx_u8(b, 0);
	fx_u8(b, 255);
	fx_u32(b, 0);
}

/* AML for Name(_S5_, Package(4) { typ, typ, 0, 0 }) inside some other bytes. */
static u8 *dsdt_with_s5(u64 phys, u8 typ)
{
	struct fx_buf b = { .len = 0 };

	fx_bytes(&b, "\x10\x20\x5f\x53\x35\x5f", 6); /* "_S5_" not after NameOp: no match */
	fx_bytes(&b, "\x08_S5_\x12\x0a\x04", 8);
	fx_u8(&b, 0x0a);
	fx_u8(&b, typ);
	fx_u8(&b, 0x0a);
	fx_u8(&b, typ);
	fx_bytes(&b, "\x00\x00\xa4\x00", 4);
	return fx_table(phys, "DSDT", 2, b.b, b.len);
}

static const u64 standard_tables[] = { FADT_PHYS, MADT_PHYS, HPET_PHYS, MCFG_PHYS, SSDT_PHYS };

/*
 * Builds the standard machine: both root tables list the same five tables;
 * rsdp[] holds a revision 2 RSDP pointing at both.
 */
static void build_machine(void)
{
	struct fx_buf b = { .len = 0 };
	u8 f[FADT_LEN];

	standard_madt(&b);
	madt = fx_table(MADT_PHYS, "APIC", 4, b.b, b.len);
	madt_len = 36 + b.len;
	standard_fadt(f);
	fadt = fx_table(FADT_PHYS, "FACP", 6, f + 36, FADT_LEN - 36);
	b.len = 0;
	standard_hpet(&b);
	hpet = fx_table(HPET_PHYS, "HPET", 1, b.b, b.len);
	b.len = 0;
	standard_mcfg(&b);
	mcfg = fx_table(MCFG_PHYS, "MCFG", 1, b.b, b.len);
	fx_table(SSDT_PHYS, "SSDT", 2, "\x10\x20\x30", 3);
	dsdt_with_s5(DSDT_PHYS, 7);
	dsdt_with_s5(XDSDT_PHYS, 5);
	rsdt = fx_root(RSDT_PHYS, false, standard_tables, ARRAY_SIZE(standard_tables));
	xsdt = fx_root(XSDT_PHYS, true, standard_tables, ARRAY_SIZE(standard_tables));
	fx_rsdp(rsdp, 2, (u32)RSDT_PHYS, XSDT_PHYS);
}

static const struct acpi_table_desc *find_desc(const char *sig)
{
	const struct acpi_info *ai = acpi_get();

	for (size_t i = 0; i < ai->nr_tables; i++) {
		if (!strcmp(ai->tables[i].signature, sig))
			return &ai->tables[i];
	}
	return NULL;
}

static void assert_standard_madt(const struct acpi_info *ai)
{
	ck_assert(ai->have_madt);
	ck_assert(ai->pcat_compat);
	ck_assert_uint_eq(ai->lapic_address, 0xfee00000);
	ck_assert(!ai->lapic_overridden);
	ck_assert_uint_eq(ai->nr_cpus, 4);
	ck_assert(ai->cpus[0].enabled && ai->cpus[0].apic_id == 0 && ai->cpus[0].uid == 0);
	ck_assert(!ai->cpus[1].enabled && !ai->cpus[1].online_capable);
	ck_assert(!ai->cpus[2].enabled && ai->cpus[2].online_capable);
	ck_assert(ai->cpus[3].x2apic && ai->cpus[3].apic_id == 300 && ai->cpus[3].uid == 7);
	ck_assert_uint_eq(ai->nr_ioapics, 1);
	ck_assert_uint_eq(ai->ioapics[0].address, 0xfec00000);
	ck_assert_uint_eq(ai->ioapics[0].gsi_base, 0);
	ck_assert_uint_eq(ai->nr_overrides, 5);
	ck_assert_uint_eq(ai->overrides[0].bus_irq, 0);
	ck_assert_uint_eq(ai->overrides[0].gsi, 2);
	ck_assert_uint_eq(ai->overrides[2].flags, 0xd);
	ck_assert_uint_eq(ai->nr_nmi_sources, 1);
	ck_assert_uint_eq(ai->nmi_sources[0].gsi, 23);
	ck_assert_uint_eq(ai->nmi_sources[0].flags, 5);
	ck_assert_uint_eq(ai->nr_lapic_nmis, 2);
	ck_assert_uint_eq(ai->lapic_nmis[0].uid, 0xff);
	ck_assert_uint_eq(ai->lapic_nmis[0].lint, 1);
	ck_assert_uint_eq(ai->lapic_nmis[0].flags, 5);
	ck_assert_uint_eq(ai->lapic_nmis[1].uid, 0xffffffff);
	ck_assert(!ai->lapic_nmis[0].x2apic && ai->lapic_nmis[1].x2apic);
	/* Type 0 and type 9 entries together; the disabled, not online-capable CPU
	 * 1 is counted but cannot raise the highest ID. */
	ck_assert_uint_eq(ai->cpu_totals.entries, 4);
	ck_assert_uint_eq(ai->cpu_totals.enabled, 2);
	ck_assert_uint_eq(ai->cpu_totals.x2apic_entries, 1);
	ck_assert_uint_eq(ai->cpu_totals.max_apic_id, 300);
	ck_assert_uint_eq(ai->madt_dropped, 0);
}

static void assert_standard_fadt(const struct acpi_info *ai)
{
	ck_assert(ai->have_fadt);
	ck_assert_uint_eq(ai->fadt_revision, 6);
	ck_assert_uint_eq(ai->sci_irq, 9);
	ck_assert_uint_eq(ai->smi_cmd, 0xb2);
	ck_assert_uint_eq(ai->acpi_enable_value, 0xf1);
	ck_assert_uint_eq(ai->boot_arch, ACPI_BOOT_LEGACY_DEVICES | ACPI_BOOT_8042);
	ck_assert(ai->reset_supported);
	ck_assert_uint_eq(ai->reset_reg.space_id, ACPI_GAS_IO);
	ck_assert_uint_eq(ai->reset_reg.bit_width, 8);
	ck_assert_uint_eq(ai->reset_reg.access_size, 1);
	ck_assert_uint_eq(ai->reset_reg.address, 0xcf9);
	ck_assert_uint_eq(ai->reset_value, 6);
	ck_assert_uint_eq(ai->pm1a_cnt.address, 0x1604);
	ck_assert_uint_eq(ai->pm1a_cnt.bit_width, 16);
	ck_assert_uint_eq(ai->pm1b_cnt.address, 0);
	ck_assert_uint_eq(ai->pm_timer.space_id, ACPI_GAS_IO);
	ck_assert_uint_eq(ai->pm_timer.address, 0x608);
	ck_assert_uint_eq(ai->pm_timer.bit_width, 24);
	ck_assert_uint_eq(ai->dsdt_phys, XDSDT_PHYS);
	ck_assert(ai->s5_valid);
	ck_assert_uint_eq(ai->s5_slp_typa, 5);
	ck_assert_uint_eq(ai->s5_slp_typb, 5);
}

/* ---- finding the RSDP ---- */

START_TEST(test_loader_copy_v2_uses_xsdt)
{
	const struct acpi_info *ai;

	build_machine();
	ck_assert_int_eq(acpi_init(rsdp, sizeof(rsdp)), 0);
	ai = acpi_get();
	ck_assert(ai->present);
	ck_assert(ai->xsdt);
	ck_assert_uint_eq(ai->root_phys, XSDT_PHYS);
	ck_assert_uint_eq(ai->revision, 2);
	ck_assert_str_eq(ai->oem_id, "NAPKIN");
	ck_assert_uint_eq(ai->rsdp_phys, 0);
	assert_standard_madt(ai);
	assert_standard_fadt(ai);
	ck_assert(ai->have_hpet);
	ck_assert_uint_eq(ai->hpet_address, 0xfed00000);
	ck_assert_uint_eq(ai->hpet_block_id, 0x8086a201);
	ck_assert_uint_eq(ai->hpet_min_tick, 128);
	ck_assert_uint_eq(ai->nr_mcfg, 1);
	ck_assert_uint_eq(ai->mcfg[0].base, 0xb0000000);
	ck_assert_uint_eq(ai->mcfg[0].end_bus, 255);
	ck_assert_uint_eq(ai->nr_tables, 7);
	ck_assert(find_desc("DSDT")->used);
	ck_assert(find_desc("XSDT")->used);
	ck_assert(find_desc("APIC")->used);
	ck_assert(!find_desc("SSDT")->used);
	ck_assert_uint_eq(find_desc("FACP")->length, FADT_LEN);
	ck_assert_uint_eq(find_desc("FACP")->revision, 6);
	ck_assert_str_eq(find_desc("HPET")->oem_id, "NAPKIN");
	ck_assert_ptr_null(find_desc("RSDT"));
	ck_assert_uint_eq(ai->bad_tables, 0);
	ck_assert_uint_eq(fx_refused(), 0);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, NULL), 0);
}
END_TEST

START_TEST(test_v1_rsdp_uses_rsdt)
{
	u8 v1[20];

	build_machine();
	fx_rsdp(v1, 0, (u32)RSDT_PHYS, 0);
	ck_assert_int_eq(acpi_init(v1, sizeof(v1)), 0);
	ck_assert(!acpi_get()->xsdt);
	ck_assert_uint_eq(acpi_get()->root_phys, RSDT_PHYS);
	assert_standard_madt(acpi_get());
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, NULL), 0);
}
END_TEST

START_TEST(test_bad_rsdp_copies)
{
	u8 copy[36];

	build_machine();
	/* v1 checksum broken, nothing in the BIOS area: no ACPI. */
	memcpy(copy, rsdp, 36);
	copy[16] ^= 0x40;
	ck_assert_int_eq(acpi_init(copy, 36), -ENODEV);
	ck_assert(stub_printk_contains("RSDP from the boot loader: bad checksum"));
	ck_assert(stub_printk_contains("boot loader's RSDP copy (36 bytes) unusable"));
	ck_assert(stub_printk_contains("no RSDP found"));
	ck_assert_ptr_null(acpi_get());

	/* Extended checksum broken: the RSDT still works. */
	stub_printk_reset();
	memcpy(copy, rsdp, 36);
	copy[24] ^= 0x01;
	ck_assert_int_eq(acpi_init(copy, 36), 0);
	ck_assert(stub_printk_contains("bad extended checksum: using the RSDT"));
	ck_assert(!acpi_get()->xsdt);

	/* Revision 2 but the loader copied only 20 bytes. */
	stub_printk_reset();
	ck_assert_int_eq(acpi_init(rsdp, 20), 0);
	ck_assert(stub_printk_contains("revision 2 but only 20 bytes"));
	ck_assert(!acpi_get()->xsdt);

	/* Extended length beyond the copy. */
	stub_printk_reset();
	memcpy(copy, rsdp, 36);
	memcpy(copy + 20, &(u32){ 4000 }, 4);
	copy[32] = 0;
	copy[32] = (u8)-copy[20 + 0];
	ck_assert_int_eq(acpi_init(copy, 36), 0);
	ck_assert(stub_printk_contains("extended length 4000 is wrong"));

	/* Too short to be an RSDP at all, and the wrong signature. */
	stub_printk_reset();
	ck_assert_int_eq(acpi_init(rsdp, 19), -ENODEV);
	memcpy(copy, rsdp, 36);
	copy[0] = 'X';
	ck_assert_int_eq(acpi_init(copy, 36), -ENODEV);
	ck_assert_uint_eq(fx_refused(), 6); /* BIOS area, 6 times: not there */
}
END_TEST

START_TEST(test_scan_bios_area)
{
	u8 *area;
	u8 bad[36];

	build_machine();
	area = fx_region(BIOS_AREA, 0x20000);
	/* A decoy with a bad checksum comes first and is reported. */
	fx_rsdp(bad, 2, 0x1234, 0);
	bad[8] ^= 1;
	memcpy(area + 0x100, bad, 36);
	/* An unaligned copy is not found: only 16-byte boundaries count. */
	memcpy(area + 0x208, rsdp, 36);
	memcpy(area + (BIOS_RSDP - BIOS_AREA), rsdp, 36);
	ck_assert_int_eq(acpi_init(NULL, 0), 0);
	ck_assert_uint_eq(acpi_get()->rsdp_phys, BIOS_RSDP);
	ck_assert(acpi_get()->xsdt);
	ck_assert(stub_printk_contains("RSDP at 0xe0100: bad checksum, ignored"));
	assert_standard_madt(acpi_get());
	/* The BDA is not there: the EBDA is skipped, not guessed. */
	ck_assert_uint_eq(fx_refused(), 1);
}
END_TEST

START_TEST(test_scan_rsdp_at_end_of_area)
{
	u8 *area;
	u8 v1[20];

	build_machine();
	area = fx_region(BIOS_AREA, 0x20000);
	/* Revision 2 RSDP whose extended part would run past 1 MiB. */
	memcpy(area + 0x20000 - 32, rsdp, 32);
	ck_assert_int_eq(acpi_init(NULL, 0), 0);
	ck_assert(stub_printk_contains("revision 2 but only 32 bytes: using the RSDT"));
	ck_assert(!acpi_get()->xsdt);
	/* A v1 RSDP in the last 20 bytes is found. */
	memset(area + 0x20000 - 32, 0, 32);
	fx_rsdp(v1, 0, (u32)RSDT_PHYS, 0);
	memcpy(area + 0x20000 - 32, v1, 20);
	ck_assert_int_eq(acpi_init(NULL, 0), 0);
	ck_assert_uint_eq(acpi_get()->rsdp_phys, 0xfffe0);
}
END_TEST

START_TEST(test_scan_ebda)
{
	u8 *bda, *ebda;

	build_machine();
	bda = fx_region(0x400, 0x100);
	memcpy(bda + 0xe, &(u16){ 0x9fc0 }, 2);
	ebda = fx_region(0x9fc00, 0x400);
	memcpy(ebda + 0x3c0, rsdp, 36);
	ck_assert_int_eq(acpi_init(NULL, 0), 0);
	ck_assert_uint_eq(acpi_get()->rsdp_phys, 0x9ffc0);
	ck_assert_uint_eq(fx_refused(), 0);

	/* A given EBDA base replaces the BDA read. */
	memcpy(bda + 0xe, &(u16){ 0x1234 }, 2);
	acpi_set_ebda_base(0x9fc00);
	ck_assert_int_eq(acpi_init(NULL, 0), 0);
	ck_assert_uint_eq(acpi_get()->rsdp_phys, 0x9ffc0);

	/* An implausible BDA pointer is not followed. */
	acpi_set_ebda_base(0);
	ck_assert_int_eq(acpi_init(NULL, 0), -ENODEV);
	ck_assert(stub_printk_contains("cannot read 0xe0000-0xfffff"));
}
END_TEST

/* ---- root tables ---- */

START_TEST(test_bad_xsdt_falls_back_to_rsdt)
{
	build_machine();
	xsdt[40] ^= 0xff; /* first entry: checksum now wrong */
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("XSDT at 0x7fe0100: bad checksum"));
	ck_assert(stub_printk_contains("XSDT unusable: falling back to the RSDT"));
	ck_assert(!acpi_get()->xsdt);
	assert_standard_madt(acpi_get());
	assert_standard_fadt(acpi_get());
	ck_assert_uint_eq(acpi_get()->bad_tables, 1);
}
END_TEST

START_TEST(test_root_signature_mismatch)
{
	build_machine();
	/* The XSDT pointer leads to the MADT. */
	fx_rsdp(rsdp, 2, (u32)RSDT_PHYS, MADT_PHYS);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("APIC at 0x7fe2000: expected XSDT, ignored"));
	ck_assert(!acpi_get()->xsdt);
	/* Both bad: no tables. */
	fx_rsdp(rsdp, 2, (u32)MADT_PHYS, MADT_PHYS);
	ck_assert_int_eq(acpi_init(rsdp, 36), -ENODEV);
	ck_assert(stub_printk_contains("no usable RSDT or XSDT"));
	ck_assert_ptr_null(acpi_get());
}
END_TEST

START_TEST(test_root_entries_null_odd_and_missing)
{
	const u64 tables[] = { 0, MADT_PHYS, 0x12345000, FADT_PHYS };
	struct fx_buf b = { .len = 0 };
	u8 *t;

	build_machine();
	for (size_t i = 0; i < ARRAY_SIZE(tables); i++)
		fx_u64(&b, tables[i]);
	fx_u16(&b, 0xabcd); /* 2 stray bytes */
	t = fx_table(XSDT_PHYS + 0x800, "XSDT", 1, b.b, b.len);
	ck_assert_ptr_nonnull(t);
	fx_rsdp(rsdp, 2, 0, XSDT_PHYS + 0x800);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("entry 0 is a null pointer, skipped"));
	ck_assert(stub_printk_contains("2 stray bytes after its entries"));
	ck_assert(stub_printk_contains("table at 0x12345000: header cannot be read, ignored"));
	ck_assert(acpi_get()->have_madt);
	ck_assert(acpi_get()->have_fadt);
	ck_assert_uint_eq(acpi_get()->bad_tables, 1);
	ck_assert_uint_eq(fx_refused(), 1);
}
END_TEST

START_TEST(test_duplicate_and_many_tables)
{
	u64 tables[40];
	size_t n = 0;

	build_machine();
	tables[n++] = MADT_PHYS;
	tables[n++] = MADT_PHYS;
	while (n < ARRAY_SIZE(tables))
		tables[n++] = SSDT_PHYS;
	fx_root(EXTRA_PHYS, true, tables, n);
	fx_rsdp(rsdp, 2, 0, EXTRA_PHYS);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("second APIC at 0x7fe2000 ignored"));
	ck_assert(stub_printk_contains("more than 32 tables"));
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "more than 32 tables"), 1);
	ck_assert_uint_eq(acpi_get()->nr_tables, ACPI_MAX_TABLES);
	/* The XSDT itself is listed, then 31 of its 40 entries. */
	ck_assert_uint_eq(acpi_get()->tables_unlisted, 9);
	assert_standard_madt(acpi_get());
	acpi_print_summary();
}
END_TEST

/* ---- broken tables ---- */

START_TEST(test_table_bad_checksum_skipped)
{
	build_machine();
	madt[44 + 3] = 9; /* an APIC id, checksum not fixed */
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("APIC at 0x7fe2000: bad checksum (bytes sum to 0x9)"));
	ck_assert(!acpi_get()->have_madt);
	ck_assert_uint_eq(acpi_get()->nr_cpus, 0);
	ck_assert(!find_desc("APIC")->used);
	/* The other tables are still used. */
	assert_standard_fadt(acpi_get());
	ck_assert(acpi_get()->have_hpet);
	ck_assert_uint_eq(acpi_get()->bad_tables, 1);
}
END_TEST

START_TEST(test_bogus_lengths)
{
	build_machine();
	/* Shorter than its header. */
	memcpy(madt + 4, &(u32){ 20 }, 4);
	fx_fix_checksum(madt, 20);
	/* Absurd: must be rejected without trying to map it. */
	memcpy(hpet + 4, &(u32){ 0xfffffff0 }, 4);
	/* Longer than the memory behind it. */
	memcpy(mcfg + 4, &(u32){ 4096 }, 4);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("APIC at 0x7fe2000: length shorter than its header "
				       "(20 bytes), ignored"));
	ck_assert(stub_printk_contains("HPET at 0x7fe4000: absurd length (4294967280 bytes)"));
	ck_assert(stub_printk_contains("MCFG at 0x7fe3000: length runs into unreadable memory "
				       "(4096 bytes)"));
	ck_assert(!acpi_get()->have_madt);
	ck_assert(!acpi_get()->have_hpet);
	ck_assert_uint_eq(acpi_get()->nr_mcfg, 0);
	ck_assert_uint_eq(acpi_get()->bad_tables, 3);
	/* Only the MCFG request went past the fixtures. */
	ck_assert_uint_eq(fx_refused(), 1);
	assert_standard_fadt(acpi_get());
}
END_TEST

START_TEST(test_truncated_region)
{
	u8 *t;

	build_machine();
	/* Only 30 bytes of table exist at this address: not even a header. */
	t = fx_region(EXTRA_PHYS, 30);
	memcpy(t, "APIC", 4);
	fx_root(XSDT_PHYS, true, (const u64[]){ EXTRA_PHYS, FADT_PHYS }, 2);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("table at 0x7fe6000: header cannot be read"));
	ck_assert(acpi_get()->have_fadt);
}
END_TEST

/* ---- MADT ---- */

static void init_with_madt(const struct fx_buf *b)
{
	build_machine();
	madt = fx_table(EXTRA_PHYS, "APIC", 4, b->b, b->len);
	fx_root(XSDT_PHYS, true, (const u64[]){ EXTRA_PHYS }, 1);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
}

START_TEST(test_madt_lapic_override)
{
	struct fx_buf b = { .len = 0 };

	madt_header(&b, 0xfee00000, 0);
	madt_lapic(&b, 0, 0, 1);
	madt_lapic_override(&b, 0x1fee00000ull);
	madt_lapic(&b, 1, 1, 1);
	init_with_madt(&b);
	ck_assert(acpi_get()->lapic_overridden);
	ck_assert_uint_eq(acpi_get()->lapic_address, 0x1fee00000ull);
	ck_assert(!acpi_get()->pcat_compat);
	ck_assert_uint_eq(acpi_get()->nr_cpus, 2);

	b.len = 0;
	madt_header(&b, 0xfee00000, 0);
	madt_lapic_override(&b, 0);
	init_with_madt(&b);
	ck_assert(!acpi_get()->lapic_overridden);
	ck_assert_uint_eq(acpi_get()->lapic_address, 0xfee00000);
	ck_assert(stub_printk_contains("local APIC address override to 0 ignored"));
}
END_TEST

START_TEST(test_isa_irq_lookup)
{
	u32 gsi;
	bool low, level;

	build_machine();
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	acpi_isa_irq(0, &gsi, &low, &level);
	ck_assert(gsi == 2 && !low && !level);
	acpi_isa_irq(9, &gsi, &low, &level);
	ck_assert(gsi == 9 && !low && level);
	acpi_isa_irq(10, &gsi, &low, &level);
	ck_assert(gsi == 10 && low && level);
	acpi_isa_irq(4, &gsi, &low, &level);
	ck_assert(gsi == 4 && !low && !level);
}
END_TEST

START_TEST(test_madt_bad_entries)
{
	struct fx_buf b = { .len = 0 };

	madt_header(&b, 0xfee00000, 1);
	madt_lapic(&b, 0, 0, 1);
	/* Known type but shorter than its layout: skipped, walk goes on. */
	fx_u8(&b, 1);
	fx_u8(&b, 6);
	fx_u32(&b, 0xdeadbeef);
	/* Unknown type: skipped. */
	fx_u8(&b, 0x7f);
	fx_u8(&b, 3);
	fx_u8(&b, 0);
	/* NMI on a LINT that does not exist. */
	madt_lapic_nmi(&b, 0xff, 0, 2);
	madt_lapic(&b, 1, 1, 1);
	/* Length 0 would loop forever: the rest is ignored. */
	fx_u8(&b, 0);
	fx_u8(&b, 0);
	madt_lapic(&b, 2, 2, 1);
	init_with_madt(&b);
	ck_assert(stub_printk_contains("type 1 entry at offset 52 is 6 bytes, needs 12: skipped"));
	ck_assert(stub_printk_contains("NMI on LINT2 does not exist"));
	ck_assert(
	    stub_printk_contains("entry at offset 75 (type 0) has bad length 0: rest ignored"));
	ck_assert_uint_eq(acpi_get()->nr_cpus, 2);
	ck_assert_uint_eq(acpi_get()->nr_ioapics, 0);
	ck_assert_uint_eq(acpi_get()->nr_lapic_nmis, 0);

	/* An entry claiming more bytes than the table has. */
	b.len = 0;
	madt_header(&b, 0xfee00000, 1);
	madt_lapic(&b, 0, 0, 1);
	fx_u8(&b, 1);
	fx_u8(&b, 200);
	fx_u32(&b, 0);
	init_with_madt(&b);
	ck_assert(stub_printk_contains("has bad length 200: rest ignored"));
	ck_assert_uint_eq(acpi_get()->nr_cpus, 1);

	/* A stray last byte. */
	b.len = 0;
	madt_header(&b, 0xfee00000, 1);
	madt_lapic(&b, 0, 0, 1);
	fx_u8(&b, 0);
	init_with_madt(&b);
	ck_assert(stub_printk_contains("stray byte at offset 52"));
	ck_assert_uint_eq(acpi_get()->nr_cpus, 1);

	/* Too short for the MADT's own fields. */
	b.len = 0;
	fx_u32(&b, 0xfee00000);
	init_with_madt(&b);
	ck_assert(stub_printk_contains("too short for a MADT (40 bytes)"));
	ck_assert(!acpi_get()->have_madt);

	/* Reserved polarity: kept, but called out. */
	b.len = 0;
	madt_header(&b, 0xfee00000, 1);
	madt_iso(&b, 3, 3, 0x2);
	init_with_madt(&b);
	ck_assert(stub_printk_contains("override of IRQ 3 uses reserved flags 0x2"));
	ck_assert_uint_eq(fx_refused(), 0);
}
END_TEST

START_TEST(test_madt_overflow)
{
	struct fx_buf b = { .len = 0 };

	madt_header(&b, 0xfee00000, 1);
	for (int i = 0; i < ACPI_MAX_CPUS + 6; i++)
		madt_lapic(&b, (u8)i, (u8)i, 1);
	for (int i = 0; i < ACPI_MAX_IOAPICS + 1; i++)
		madt_ioapic(&b, (u8)i, 0xfec00000 + (u32)i * 0x1000, (u32)i * 24);
	init_with_madt(&b);
	ck_assert_uint_eq(acpi_get()->nr_cpus, ACPI_MAX_CPUS);
	ck_assert_uint_eq(acpi_get()->cpus[ACPI_MAX_CPUS - 1].apic_id, ACPI_MAX_CPUS - 1);
	ck_assert_uint_eq(acpi_get()->nr_ioapics, ACPI_MAX_IOAPICS);
	ck_assert_uint_eq(acpi_get()->madt_dropped, 7);
	ck_assert(stub_printk_contains("7 entries did not fit"));
	/* The totals still count what the array dropped. */
	ck_assert_uint_eq(acpi_get()->cpu_totals.entries, ACPI_MAX_CPUS + 6);
	ck_assert_uint_eq(acpi_get()->cpu_totals.enabled, ACPI_MAX_CPUS + 6);
	ck_assert_uint_eq(acpi_get()->cpu_totals.max_apic_id, ACPI_MAX_CPUS + 5);
}
END_TEST

/*
 * What firmware that hands over in x2APIC mode lists (QEMU with 260 possible
 * CPUs, one on a second die): xAPIC entries below 255, x2APIC entries (type
 * 9) above, far past the array, and NMI wiring for both kinds (types 4, 10).
 */
START_TEST(test_madt_x2apic_machine)
{
	struct fx_buf b = { .len = 0 };
	const struct acpi_info *ai;

	madt_header(&b, 0xfee00000, 1);
	for (u32 id = 0; id < 255; id++)
		madt_lapic(&b, (u8)id, (u8)id, id == 0 ? 1 : 0);
	for (u32 id = 255; id < 260; id++)
		madt_x2apic(&b, id, id == 256 ? 1 : 0, id);
	madt_x2apic(&b, 4000, 0, 4000); /* neither enabled nor online-capable: no max */
	madt_x2apic(&b, 3000, 2, 3000); /* online-capable: counts for the max */
	madt_lapic_nmi(&b, 0xff, 0x5, 1);
	madt_x2apic_nmi(&b, 0x5, 256, 1);
	madt_x2apic_nmi(&b, 0, 257, 3); /* no LINT3: warned, dropped */
	init_with_madt(&b);
	ai = acpi_get();
	ck_assert_uint_eq(ai->cpu_totals.entries, 262);
	ck_assert_uint_eq(ai->cpu_totals.enabled, 2);
	ck_assert_uint_eq(ai->cpu_totals.x2apic_entries, 7);
	ck_assert_uint_eq(ai->cpu_totals.max_apic_id, 3000);
	ck_assert_uint_eq(ai->nr_cpus, ACPI_MAX_CPUS);
	ck_assert(ai->cpus[0].enabled && ai->cpus[0].apic_id == 0 && !ai->cpus[0].x2apic);
	ck_assert_uint_eq(ai->nr_lapic_nmis, 2);
	ck_assert(ai->lapic_nmis[1].x2apic && ai->lapic_nmis[1].uid == 256);
	ck_assert_uint_eq(ai->lapic_nmis[1].lint, 1);
	ck_assert_uint_eq(ai->lapic_nmis[1].flags, 5);
	ck_assert(stub_printk_contains("MADT: NMI on LINT3 does not exist, ignored"));
	stub_printk_reset();
	acpi_print_summary();
	ck_assert(stub_printk_contains("262 CPUs (2 enabled, 7 in x2APIC entries, APIC IDs up to "
				       "3000)"));
	ck_assert(stub_printk_contains("NMI on LINT1 of x2APIC CPU uid 256 (edge, high)"));
}
END_TEST

/* ---- MCFG, FADT, HPET ---- */

START_TEST(test_mcfg)
{
	struct fx_buf b = { .len = 0 };

	build_machine();
	fx_u64(&b, 0);
	fx_u64(&b, 0xe0000000);
	fx_u16(&b, 0);
	fx_u8(&b, 0);
	fx_u8(&b, 63);
	fx_u32(&b, 0);
	fx_u64(&b, 0xd0000000); /* end bus below start: skipped */
	fx_u16(&b, 1);
	fx_u8(&b, 10);
	fx_u8(&b, 5);
	fx_u32(&b, 0);
	fx_u64(&b, 0x3000000000ull);
	fx_u16(&b, 2);
	fx_u8(&b, 0);
	fx_u8(&b, 255);
	fx_u32(&b, 0);
	fx_u32(&b, 0); /* 4 stray bytes */
	fx_table(EXTRA_PHYS, "MCFG", 1, b.b, b.len);
	fx_root(XSDT_PHYS, true, (const u64[]){ EXTRA_PHYS }, 1);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert_uint_eq(acpi_get()->nr_mcfg, 2);
	ck_assert_uint_eq(acpi_get()->mcfg[0].base, 0xe0000000);
	ck_assert_uint_eq(acpi_get()->mcfg[0].end_bus, 63);
	ck_assert_uint_eq(acpi_get()->mcfg[1].base, 0x3000000000ull);
	ck_assert_uint_eq(acpi_get()->mcfg[1].segment, 2);
	ck_assert(stub_printk_contains("buses 10-5 makes no sense"));
	ck_assert(stub_printk_contains("4 stray bytes"));

	/* Header plus less than the reserved 8 bytes. */
	fx_table(EXTRA_PHYS + 0x800, "MCFG", 1, "abc", 3);
	fx_root(XSDT_PHYS, true, (const u64[]){ EXTRA_PHYS + 0x800 }, 1);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("too short for an MCFG (39 bytes)"));
	ck_assert_uint_eq(acpi_get()->nr_mcfg, 0);
}
END_TEST

static void init_with_fadt(const u8 *f, size_t len, u8 revision)
{
	build_machine();
	fx_table(EXTRA_PHYS, "FACP", revision, f + 36, len - 36);
	fx_root(XSDT_PHYS, true, (const u64[]){ EXTRA_PHYS }, 1);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(acpi_get()->have_fadt);
}

START_TEST(test_fadt_v1_short)
{
	u8 f[FADT_LEN];

	/* ACPI 1.0 FADT: 116 bytes, no reset register even if the flag says so. */
	standard_fadt(f);
	init_with_fadt(f, 116, 1);
	ck_assert(!acpi_get()->reset_supported);
	ck_assert(stub_printk_contains("reset register claimed but unusable (length 116"));
	/* Legacy blocks are used when the extended ones are absent. */
	ck_assert_uint_eq(acpi_get()->pm1a_cnt.space_id, ACPI_GAS_IO);
	ck_assert_uint_eq(acpi_get()->pm1a_cnt.address, 0x604);
	ck_assert_uint_eq(acpi_get()->pm1a_cnt.bit_width, 16);
	ck_assert_uint_eq(acpi_get()->dsdt_phys, DSDT_PHYS);
	/* The S5 values came from the legacy DSDT. */
	ck_assert_uint_eq(acpi_get()->s5_slp_typa, 7);
	ck_assert_uint_eq(acpi_get()->sci_irq, 9);
	ck_assert_uint_eq(fx_refused(), 0);
}
END_TEST

START_TEST(test_fadt_reset_and_flags)
{
	u8 f[FADT_LEN];

	/* Reset register without the flag: not trusted. */
	standard_fadt(f);
	memcpy(f + 112, &(u32){ ACPI_FADT_TMR_VAL_EXT | ACPI_FADT_HW_REDUCED }, 4);
	init_with_fadt(f, FADT_LEN, 6);
	ck_assert(!acpi_get()->reset_supported);
	ck_assert_uint_eq(acpi_get()->pm_timer.bit_width, 32);
	acpi_print_summary();
	ck_assert(stub_printk_contains("hardware-reduced"));
	ck_assert(stub_printk_contains("no ACPI reset register"));

	/* Memory-mapped reset register. */
	stub_printk_reset();
	standard_fadt(f);
	f[116] = ACPI_GAS_MEMORY;
	memcpy(f + 120, &(u64){ 0xfed80000 }, 8);
	init_with_fadt(f, 129, 3);
	ck_assert(acpi_get()->reset_supported);
	ck_assert_uint_eq(acpi_get()->reset_reg.space_id, ACPI_GAS_MEMORY);
	ck_assert_uint_eq(acpi_get()->reset_reg.address, 0xfed80000);
	ck_assert_uint_eq(acpi_get()->reset_value, 6);

	/* Address zero or a strange space: not usable. */
	standard_fadt(f);
	memset(f + 120, 0, 8);
	init_with_fadt(f, FADT_LEN, 6);
	ck_assert(!acpi_get()->reset_supported);
	standard_fadt(f);
	f[116] = 0x7f;
	init_with_fadt(f, FADT_LEN, 6);
	ck_assert(!acpi_get()->reset_supported);
	ck_assert(stub_printk_contains("space 127"));

	/* No PM timer when its length is not 4. */
	standard_fadt(f);
	f[91] = 0;
	init_with_fadt(f, FADT_LEN, 6);
	ck_assert_uint_eq(acpi_get()->pm_timer.address, 0);
}
END_TEST

START_TEST(test_hpet_variants)
{
	struct fx_buf b = { .len = 0 };

	build_machine();
	fx_u32(&b, 1);
	fx_u8(&b, ACPI_GAS_IO);
	fx_u8(&b, 64);
	fx_u16(&b, 0);
	fx_u64(&b, 0xfed00000);
	fx_table(EXTRA_PHYS, "HPET", 1, b.b, b.len);
	fx_root(XSDT_PHYS, true, (const u64[]){ EXTRA_PHYS }, 1);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(!acpi_get()->have_hpet);
	ck_assert(stub_printk_contains("base 0xfed00000 in address space 1 unusable"));

	fx_table(EXTRA_PHYS + 0x800, "HPET", 1, b.b, 10);
	fx_root(XSDT_PHYS, true, (const u64[]){ EXTRA_PHYS + 0x800 }, 1);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("too short for an HPET table (46 bytes)"));
	ck_assert(!acpi_get()->have_hpet);
}
END_TEST

/* ---- DSDT ---- */

/* A machine whose FADT points at a DSDT with the given AML body. */
static void init_with_dsdt(const void *aml, size_t len, const char *sig)
{
	u8 f[FADT_LEN];

	build_machine();
	standard_fadt(f);
	memcpy(f + 140, &(u64){ EXTRA_PHYS }, 8);
	fx_table(EXTRA_PHYS, sig, 2, aml, len);
	fx_table(FADT_PHYS + 0x800, "FACP", 6, f + 36, FADT_LEN - 36);
	fx_root(XSDT_PHYS, true, (const u64[]){ FADT_PHYS + 0x800 }, 1);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
}

START_TEST(test_dsdt_s5_variants)
{
	/* Root-prefixed name, Zero and One opcodes. */
	init_with_dsdt("\x08\\_S5_\x12\x06\x04\x01\x00\x00\x00", 12, "DSDT");
	ck_assert(acpi_get()->s5_valid);
	ck_assert_uint_eq(acpi_get()->s5_slp_typa, 1);
	ck_assert_uint_eq(acpi_get()->s5_slp_typb, 0);

	/* Two-byte PkgLength is skipped whole. */
	init_with_dsdt("\x08_S5_\x12\x40\x01\x04\x0a\x03\x0a\x04", 13, "DSDT");
	ck_assert(acpi_get()->s5_valid);
	ck_assert_uint_eq(acpi_get()->s5_slp_typa, 3);
	ck_assert_uint_eq(acpi_get()->s5_slp_typb, 4);

	/* An encoding we do not read: said so, no power-off. */
	init_with_dsdt("\x08_S5_\x12\x06\x04\x0b\x05\x00", 11, "DSDT");
	ck_assert(!acpi_get()->s5_valid);
	ck_assert(stub_printk_contains("_S5_ package not understood"));

	/* Cut off right after PackageOp, at the very end of the table. */
	init_with_dsdt("\x08_S5_\x12", 6, "DSDT");
	ck_assert(!acpi_get()->s5_valid);
	/* Cut off inside the BytePrefix value. */
	init_with_dsdt("\x08_S5_\x12\x06\x04\x0a", 9, "DSDT");
	ck_assert(!acpi_get()->s5_valid);

	/* Not after NameOp: not the object we want. */
	init_with_dsdt("\x10_S5_\x12\x06\x04\x01\x01", 10, "DSDT");
	ck_assert(!acpi_get()->s5_valid);
	stub_printk_reset();
	acpi_print_summary();
	ck_assert(stub_printk_contains("no S5 sleep type found"));

	/* The FADT's DSDT pointer leads to something else. */
	init_with_dsdt("\x08_S5_\x12\x06\x04\x01\x01", 10, "SSDT");
	ck_assert(!acpi_get()->s5_valid);
	ck_assert(stub_printk_contains("SSDT at 0x7fe6000: expected DSDT, ignored"));
	ck_assert_uint_eq(fx_refused(), 0);
}
END_TEST

START_TEST(test_dsdt_bigger_than_other_tables)
{
	static u8 aml[2 << 20];

	/* 2 MiB of AML is fine for a DSDT, with _S5_ at the very end. */
	memcpy(aml + sizeof(aml) - 10, "\x08_S5_\x12\x06\x04\x01\x01", 10);
	init_with_dsdt(aml, sizeof(aml), "DSDT");
	ck_assert(acpi_get()->s5_valid);
	/* The same size as an SSDT would be absurd. */
	fx_table(SSDT_PHYS + 0x100000, "SSDT", 2, aml, sizeof(aml));
	fx_root(XSDT_PHYS, true, (const u64[]){ SSDT_PHYS + 0x100000 }, 1);
	ck_assert_int_eq(acpi_init(rsdp, 36), 0);
	ck_assert(stub_printk_contains("SSDT at 0x80e5000: absurd length"));
}
END_TEST

START_TEST(test_summary)
{
	build_machine();
	acpi_init(rsdp, 36);
	stub_printk_reset();
	acpi_print_summary();
	ck_assert(stub_printk_contains("acpi: RSDP revision 2 (NAPKIN) from the boot loader"));
	ck_assert(stub_printk_contains("acpi: APIC 0x07fe2000"));
	ck_assert(stub_printk_contains("SSDT 0x07fe5000     39 bytes rev 2 (NAPKIN) (not used)"));
	ck_assert(stub_printk_contains("4 CPUs (2 enabled, 1 in x2APIC entries, APIC IDs up to "
				       "300), local APIC at 0xfee00000, legacy 8259 present"));
	ck_assert(stub_printk_contains("IOAPIC 0 at 0xfec00000, GSI base 0"));
	ck_assert(stub_printk_contains("IRQ 0 -> GSI 2 (bus default, bus default)"));
	ck_assert(stub_printk_contains("IRQ 10 -> GSI 10 (level, low)"));
	ck_assert(stub_printk_contains("NMI source GSI 23 (edge, high)"));
	ck_assert(stub_printk_contains("NMI on LINT1 of all CPUs (edge, high)"));
	ck_assert(
	    stub_printk_contains("NMI on LINT1 of all x2APIC CPUs (bus default, bus default)"));
	ck_assert(stub_printk_contains("PCI ECAM at 0xb0000000, segment 0, buses 0-255"));
	ck_assert(stub_printk_contains("reset register: I/O 0xcf9, value 0x6"));
	ck_assert(stub_printk_contains("SCI IRQ 9, PM1a control I/O 0x1604, PM timer I/O 0x608 "
				       "(24-bit)"));
	ck_assert(stub_printk_contains("HPET 0 at 0xfed00000"));
	ck_assert(stub_printk_contains("power-off: S5 sleep type 5/5 from the DSDT"));

	acpi_init(NULL, 0);
	stub_printk_reset();
	acpi_print_summary();
	ck_assert_str_eq(stub_printk_last(), "acpi: no ACPI tables");
}
END_TEST

/*
 * Random corruption of every table, with checksums fixed afterwards half of
 * the time so the parsers see the garbage. Nothing may read outside what was
 * mapped (ASan) or hang; every rejected table must be reported.
 */
START_TEST(test_random_corruption)
{
	unsigned int seed = 5150 + (unsigned int)_i;

	for (int iter = 0; iter < 400; iter++) {
		u8 *tables[6];

		fx_reset();
		build_machine();
		tables[0] = madt;
		tables[1] = fadt;
		tables[2] = mcfg;
		tables[3] = hpet;
		tables[4] = rsdt;
		tables[5] = xsdt;
		for (size_t t = 0; t < ARRAY_SIZE(tables); t++) {
			int flips = rand_r(&seed) % 6;
			u32 len;

			memcpy(&len, tables[t] + 4, 4);
			for (int k = 0; k < flips; k++) {
				/* Mostly hit the body, sometimes the header (length!). */
				u32 off = rand_r(&seed) % 4 ? 36 + (u32)rand_r(&seed) % (len - 36)
							    : (u32)rand_r(&seed) % 36;

				tables[t][off] = (u8)rand_r(&seed);
			}
			if (rand_r(&seed) % 2)
				fx_fix_checksum(tables[t], len);
		}
		stub_printk_reset();
		acpi_init(rsdp, 36);
		acpi_print_summary();
		/* Every rejected table was reported. */
		if (acpi_get())
			ck_assert_int_ge(stub_printk_count(LOGLEVEL_WARNING, "ignored"),
					 (int)acpi_get()->bad_tables);
	}
}
END_TEST

static Suite *acpi_suite(void)
{
	Suite *s = suite_create("acpi");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_loader_copy_v2_uses_xsdt);
	tcase_add_test(tc, test_v1_rsdp_uses_rsdt);
	tcase_add_test(tc, test_bad_rsdp_copies);
	tcase_add_test(tc, test_scan_bios_area);
	tcase_add_test(tc, test_scan_rsdp_at_end_of_area);
	tcase_add_test(tc, test_scan_ebda);
	tcase_add_test(tc, test_bad_xsdt_falls_back_to_rsdt);
	tcase_add_test(tc, test_root_signature_mismatch);
	tcase_add_test(tc, test_root_entries_null_odd_and_missing);
	tcase_add_test(tc, test_duplicate_and_many_tables);
	tcase_add_test(tc, test_table_bad_checksum_skipped);
	tcase_add_test(tc, test_bogus_lengths);
	tcase_add_test(tc, test_truncated_region);
	tcase_add_test(tc, test_madt_lapic_override);
	tcase_add_test(tc, test_isa_irq_lookup);
	tcase_add_test(tc, test_madt_bad_entries);
	tcase_add_test(tc, test_madt_overflow);
	tcase_add_test(tc, test_madt_x2apic_machine);
	tcase_add_test(tc, test_mcfg);
	tcase_add_test(tc, test_fadt_v1_short);
	tcase_add_test(tc, test_fadt_reset_and_flags);
	tcase_add_test(tc, test_hpet_variants);
	tcase_add_test(tc, test_dsdt_s5_variants);
	tcase_add_test(tc, test_dsdt_bigger_than_other_tables);
	tcase_add_test(tc, test_summary);
	tcase_add_loop_test(tc, test_random_corruption, 0, 4);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(acpi_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

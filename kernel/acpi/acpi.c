// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACPI static table parsing. Firmware tables are untrusted input: every read
 * goes through read_*() helpers bounded by the table's length, every table is
 * length- and checksum-checked before any field is believed, and a bad table
 * only costs us that table. Mapped pointers are never kept across another
 * map() call, so a mapper with a single temporary window would work.
 */
#define pr_fmt(fmt) "acpi: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kernel/acpi/acpi.h"
#include "kernel/acpi/static_tables.h"
#include "kernel/console/printk.h"
#include "kernel/x86/x86.h"

#define SDT_HEADER_LEN	  36u
#define RSDP_V1_LEN	  20u
#define RSDP_V2_LEN	  36u
#define BIOS_AREA_START	  0xe0000u
#define BIOS_AREA_END	  0x100000u
#define BDA_EBDA_SEGMENT  0x40eu
#define EBDA_SCAN_LEN	  1024u
#define EBDA_LOWEST	  0x80000u
#define EBDA_END	  0xa0000u
#define BOOT_MAPPING_END  (4ull << 30)
#define PM1_SLP_TYP_SHIFT 10
#define PM1_SLP_TYP_MASK  (7u << PM1_SLP_TYP_SHIFT)
#define PM1_SLP_EN	  BIT(13)

/* MADT entry types. */
enum {
	MADT_LAPIC = 0,
	MADT_IOAPIC = 1,
	MADT_IRQ_OVERRIDE = 2,
	MADT_NMI_SOURCE = 3,
	MADT_LAPIC_NMI = 4,
	MADT_LAPIC_ADDRESS = 5,
	MADT_X2APIC = 9,
	MADT_X2APIC_NMI = 10,
};

/* A fully mapped, length- and checksum-checked table. */
struct table {
	const u8 *p;
	u32 len;
	u64 phys;
	char sig[5];
};

struct rsdp {
	u8 revision;
	u32 rsdt;
	u64 xsdt; /* 0 unless revision >= 2 and the extended part checks out */
	char oem_id[7];
};

static struct acpi_info info;
/* The boot loader's RSDP copy, kept for the interpreter (identity-mapped .bss). */
static u8 rsdp_saved[RSDP_V2_LEN] __aligned(16);
static acpi_map_fn mapper;
static u64 ebda_base;

/*
 * Bare metal: parsing runs on the boot page tables, which identity-map the
 * first 4 GiB; firmware keeps its tables there.
 */
static const void *identity_map(u64 phys, size_t len)
{
	if (!phys || len > BOOT_MAPPING_END || phys > BOOT_MAPPING_END - len)
		return NULL;
	return (const void *)(uintptr_t)phys;
}

static const u8 *map(u64 phys, size_t len)
{
	return (mapper ? mapper : identity_map)(phys, len ? len : 1);
}

void acpi_set_mapper(acpi_map_fn fn)
{
	mapper = fn;
}

void acpi_set_ebda_base(u64 phys)
{
	ebda_base = phys;
}

const struct acpi_info *acpi_get(void)
{
	return info.present ? &info : NULL;
}

static u8 byte_sum(const u8 *p, size_t len)
{
	u8 sum = 0;

	while (len--)
		sum += *p++;
	return sum;
}

/* Firmware strings are not NUL-terminated and may hold anything. */
static void copy_printable(char *dst, const u8 *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? (char)src[i] : '?';
	dst[n] = '\0';
}

static bool table_has(const struct table *t, u32 off, u32 size)
{
	return off <= t->len && t->len - off >= size;
}

/* Fields past the end of a table read as zero: old revisions are short. */
static u8 read8(const struct table *t, u32 off)
{
	return table_has(t, off, 1) ? t->p[off] : 0;
}

static u16 read16(const struct table *t, u32 off)
{
	u16 v = 0;

	if (table_has(t, off, 2))
		memcpy(&v, t->p + off, 2);
	return v;
}

static u32 read32(const struct table *t, u32 off)
{
	u32 v = 0;

	if (table_has(t, off, 4))
		memcpy(&v, t->p + off, 4);
	return v;
}

static u64 read64(const struct table *t, u32 off)
{
	u64 v = 0;

	if (table_has(t, off, 8))
		memcpy(&v, t->p + off, 8);
	return v;
}

static struct acpi_gas read_gas(const struct table *t, u32 off)
{
	struct acpi_gas g = { 0 };

	if (table_has(t, off, 12)) {
		g.space_id = t->p[off];
		g.bit_width = t->p[off + 1];
		g.bit_offset = t->p[off + 2];
		g.access_size = t->p[off + 3];
		memcpy(&g.address, t->p + off + 4, 8);
	}
	return g;
}

/* ---- RSDP ---- */

/* p holds avail readable bytes starting at a candidate RSDP; where names it in logs. */
static bool parse_rsdp(const u8 *p, size_t avail, const char *where, struct rsdp *out)
{
	u32 length;

	if (avail < RSDP_V1_LEN || memcmp(p, "RSD PTR ", 8))
		return false;
	if (byte_sum(p, RSDP_V1_LEN)) {
		pr_warn("RSDP %s: bad checksum, ignored\n", where);
		return false;
	}
	*out = (struct rsdp){ .revision = p[15] };
	memcpy(&out->rsdt, p + 16, 4);
	copy_printable(out->oem_id, p + 9, 6);
	if (out->revision < 2)
		return true;
	if (avail < RSDP_V2_LEN) {
		pr_warn("RSDP %s: revision %u but only %zu bytes: using the RSDT\n", where,
			out->revision, avail);
		return true;
	}
	memcpy(&length, p + 20, 4);
	if (length < RSDP_V2_LEN || length > avail) {
		pr_warn("RSDP %s: extended length %u is wrong: using the RSDT\n", where, length);
		return true;
	}
	if (byte_sum(p, length)) {
		pr_warn("RSDP %s: bad extended checksum: using the RSDT\n", where);
		return true;
	}
	memcpy(&out->xsdt, p + 24, 8);
	return true;
}

/* Looks for the RSDP on 16-byte boundaries of [base, base + size). */
static bool scan_for_rsdp(u64 base, u32 size, struct rsdp *out)
{
	const u8 *p = map(base, size);

	if (!p) {
		pr_warn("cannot read %#llx-%#llx to look for the RSDP\n", (unsigned long long)base,
			(unsigned long long)(base + size - 1));
		return false;
	}
	for (u32 off = 0; size - off >= RSDP_V1_LEN; off += 16) {
		char where[32];

		if (memcmp(p + off, "RSD PTR ", 8))
			continue;
		snprintf(where, sizeof(where), "at %#llx", (unsigned long long)(base + off));
		if (parse_rsdp(p + off, size - off, where, out)) {
			info.rsdp_phys = base + off;
			return true;
		}
	}
	return false;
}

static u64 find_ebda(void)
{
	const u8 *bda;
	u16 segment;
	u64 base;

	if (ebda_base)
		return ebda_base;
	bda = map(BDA_EBDA_SEGMENT, 2);
	if (!bda) {
		pr_debug("BIOS data area not readable: EBDA not searched\n");
		return 0;
	}
	memcpy(&segment, bda, 2);
	base = (u64)segment << 4;
	if (base < EBDA_LOWEST || base >= EBDA_END) {
		pr_debug("EBDA pointer %#llx implausible: EBDA not searched\n",
			 (unsigned long long)base);
		return 0;
	}
	return base;
}

static bool find_rsdp(const void *copy, size_t len, struct rsdp *out)
{
	u64 ebda;

	if (copy) {
		if (parse_rsdp(copy, len, "from the boot loader", out)) {
			memcpy(rsdp_saved, copy, MIN(len, sizeof(rsdp_saved)));
			return true;
		}
		pr_warn("boot loader's RSDP copy (%zu bytes) unusable: searching the BIOS areas\n",
			len);
	}
	ebda = find_ebda();
	if (ebda && scan_for_rsdp(ebda, (u32)MIN(EBDA_SCAN_LEN, EBDA_END - ebda), out))
		return true;
	return scan_for_rsdp(BIOS_AREA_START, BIOS_AREA_END - BIOS_AREA_START, out);
}

/* ---- tables ---- */

static struct acpi_table_desc *record_table(u64 phys, const u8 *hdr, u32 len)
{
	struct acpi_table_desc *d;

	if (info.nr_tables == ACPI_MAX_TABLES) {
		if (!info.tables_unlisted++)
			pr_warn("more than %d tables: the rest are not listed\n", ACPI_MAX_TABLES);
		return NULL;
	}
	d = &info.tables[info.nr_tables++];
	copy_printable(d->signature, hdr, 4);
	copy_printable(d->oem_id, hdr + 10, 6);
	d->revision = hdr[8];
	d->length = len;
	d->phys = phys;
	return d;
}

static bool reject(const struct table *t, const char *why, u32 value)
{
	pr_warn("%s at %#llx: %s (%u bytes), ignored\n", t->sig, (unsigned long long)t->phys, why,
		value);
	info.bad_tables++;
	return false;
}

/*
 * Maps and checks the table at phys, at most max_len bytes long. *desc is its
 * entry in info.tables (NULL if the list is full or the header is unreadable).
 */
static bool load_table(u64 phys, u32 max_len, struct table *t, struct acpi_table_desc **desc)
{
	const u8 *hdr = map(phys, SDT_HEADER_LEN);
	u32 len;

	*t = (struct table){ .phys = phys };
	*desc = NULL;
	if (!hdr) {
		pr_warn("table at %#llx: header cannot be read, ignored\n",
			(unsigned long long)phys);
		info.bad_tables++;
		return false;
	}
	copy_printable(t->sig, hdr, 4);
	memcpy(&len, hdr + 4, 4);
	*desc = record_table(phys, hdr, len);
	if (len < SDT_HEADER_LEN)
		return reject(t, "length shorter than its header", len);
	if (len > max_len)
		return reject(t, "absurd length", len);
	t->p = map(phys, len);
	if (!t->p)
		return reject(t, "length runs into unreadable memory", len);
	if (byte_sum(t->p, len)) {
		pr_warn("%s at %#llx: bad checksum (bytes sum to %#x), ignored\n", t->sig,
			(unsigned long long)phys, byte_sum(t->p, len));
		info.bad_tables++;
		return false;
	}
	t->len = len;
	return true;
}

/* ---- MADT ---- */

static u8 madt_min_len(u8 type)
{
	switch (type) {
	case MADT_LAPIC:
	case MADT_NMI_SOURCE: return 8;
	case MADT_IOAPIC:
	case MADT_LAPIC_ADDRESS:
	case MADT_X2APIC_NMI: return 12;
	case MADT_IRQ_OVERRIDE: return 10;
	case MADT_LAPIC_NMI: return 6;
	case MADT_X2APIC: return 16;
	default: return 2;
	}
}

/* Returns a slot in an array of max entries, or NULL (counted) when full. */
#define MADT_SLOT(arr, nr, max) ((nr) < (max) ? &(arr)[(nr)++] : (info.madt_dropped++, NULL))

static void add_cpu(u32 apic_id, u32 uid, u32 flags, bool x2apic)
{
	struct acpi_cpu_totals *t = &info.cpu_totals;
	struct acpi_cpu *c;

	/*
	 * Counted before the array can refuse it: the highest APIC ID tells whether
	 * this machine needs x2APIC mode at all (IDs above 254), even when its CPU
	 * is entry 300 of the table.
	 */
	t->entries++;
	t->enabled += flags & BIT(0) ? 1 : 0;
	t->x2apic_entries += x2apic;
	if ((flags & (BIT(0) | BIT(1))) && apic_id > t->max_apic_id)
		t->max_apic_id = apic_id;
	c = MADT_SLOT(info.cpus, info.nr_cpus, ACPI_MAX_CPUS);

	if (c)
		*c = (struct acpi_cpu){ .apic_id = apic_id,
					.uid = uid,
					.enabled = flags & BIT(0),
					.online_capable = flags & BIT(1),
					.x2apic = x2apic };
}

static void add_lapic_nmi(u32 uid, u8 lint, u16 flags, bool x2apic)
{
	struct acpi_lapic_nmi *n;

	if (lint > 1) {
		pr_warn("MADT: NMI on LINT%u does not exist, ignored\n", lint);
		return;
	}
	n = MADT_SLOT(info.lapic_nmis, info.nr_lapic_nmis, ACPI_MAX_LAPIC_NMIS);
	if (n)
		*n = (struct acpi_lapic_nmi){
			.uid = uid, .lint = lint, .flags = flags, .x2apic = x2apic
		};
}

static void madt_entry(const struct table *t, u32 off, u8 type)
{
	switch (type) {
	case MADT_LAPIC:
		add_cpu(read8(t, off + 3), read8(t, off + 2), read32(t, off + 4), false);
		break;
	case MADT_X2APIC:
		add_cpu(read32(t, off + 4), read32(t, off + 12), read32(t, off + 8), true);
		break;
	case MADT_IOAPIC: {
		struct acpi_ioapic *io = MADT_SLOT(info.ioapics, info.nr_ioapics, ACPI_MAX_IOAPICS);

		if (io)
			*io = (struct acpi_ioapic){ .id = read8(t, off + 2),
						    .address = read32(t, off + 4),
						    .gsi_base = read32(t, off + 8) };
		break;
	}
	case MADT_IRQ_OVERRIDE: {
		struct acpi_irq_override *o =
		    MADT_SLOT(info.overrides, info.nr_overrides, ACPI_MAX_OVERRIDES);
		u16 flags = read16(t, off + 8);

		if ((flags & ACPI_POLARITY_MASK) == 2 || (flags & ACPI_TRIGGER_MASK) == 8)
			pr_warn(
			    "MADT: override of IRQ %u uses reserved flags %#x: bus defaults used\n",
			    read8(t, off + 3), flags);
		if (o)
			*o = (struct acpi_irq_override){ .bus = read8(t, off + 2),
							 .bus_irq = read8(t, off + 3),
							 .gsi = read32(t, off + 4),
							 .flags = flags };
		break;
	}
	case MADT_NMI_SOURCE: {
		struct acpi_nmi_source *n =
		    MADT_SLOT(info.nmi_sources, info.nr_nmi_sources, ACPI_MAX_NMI_SOURCES);

		if (n)
			*n = (struct acpi_nmi_source){ .flags = read16(t, off + 2),
						       .gsi = read32(t, off + 4) };
		break;
	}
	case MADT_LAPIC_NMI:
		add_lapic_nmi(read8(t, off + 2), read8(t, off + 5), read16(t, off + 3), false);
		break;
	case MADT_X2APIC_NMI:
		add_lapic_nmi(read32(t, off + 4), read8(t, off + 8), read16(t, off + 2), true);
		break;
	case MADT_LAPIC_ADDRESS: {
		u64 addr = read64(t, off + 4);

		if (!addr) {
			pr_warn("MADT: local APIC address override to 0 ignored\n");
			break;
		}
		info.lapic_address = addr;
		info.lapic_overridden = true;
		break;
	}
	default: pr_debug("MADT: entry type %u not used\n", type); break;
	}
}

static bool parse_madt(const struct table *t)
{
	u32 off = 44;

	if (!table_has(t, 36, 8))
		return reject(t, "too short for a MADT", t->len);
	/* An override (type 5) may come in any position; keep it over this. */
	if (!info.lapic_overridden)
		info.lapic_address = read32(t, 36);
	info.pcat_compat = read32(t, 40) & BIT(0);
	while (off < t->len) {
		u8 type, len;

		if (t->len - off < 2) {
			pr_warn("MADT at %#llx: stray byte at offset %u\n",
				(unsigned long long)t->phys, off);
			break;
		}
		type = read8(t, off);
		len = read8(t, off + 1);
		if (len < 2 || len > t->len - off) {
			pr_warn(
			    "MADT at %#llx: entry at offset %u (type %u) has bad length %u: rest ignored\n",
			    (unsigned long long)t->phys, off, type, len);
			break;
		}
		if (len < madt_min_len(type))
			pr_warn(
			    "MADT at %#llx: type %u entry at offset %u is %u bytes, needs %u: skipped\n",
			    (unsigned long long)t->phys, type, off, len, madt_min_len(type));
		else
			madt_entry(t, off, type);
		off += len;
	}
	if (info.madt_dropped)
		pr_warn("MADT: %u entries did not fit napkin's tables and were dropped\n",
			info.madt_dropped);
	info.have_madt = true;
	return true;
}

/* ---- MCFG ---- */

static bool parse_mcfg(const struct table *t)
{
	u32 off;

	if (t->len < 44)
		return reject(t, "too short for an MCFG", t->len);
	if ((t->len - 44) % 16)
		pr_warn("MCFG at %#llx: %u stray bytes after its entries\n",
			(unsigned long long)t->phys, (t->len - 44) % 16);
	for (off = 44; table_has(t, off, 16); off += 16) {
		struct acpi_mcfg e = { .base = read64(t, off),
				       .segment = read16(t, off + 8),
				       .start_bus = read8(t, off + 10),
				       .end_bus = read8(t, off + 11) };

		if (!e.base || e.end_bus < e.start_bus) {
			pr_warn("MCFG: entry base %#llx buses %u-%u makes no sense, skipped\n",
				(unsigned long long)e.base, e.start_bus, e.end_bus);
			continue;
		}
		if (info.nr_mcfg == ACPI_MAX_MCFG) {
			pr_warn("MCFG: more than %d ECAM windows, rest ignored\n", ACPI_MAX_MCFG);
			break;
		}
		info.mcfg[info.nr_mcfg++] = e;
	}
	return true;
}

/* ---- FADT ---- */

static void parse_dsdt(u64 phys);

/* FADT field offsets. */
enum {
	FADT_DSDT = 40,
	FADT_SCI_INT = 46,
	FADT_SMI_CMD = 48,
	FADT_ACPI_ENABLE = 52,
	FADT_PM1A_CNT_BLK = 64,
	FADT_PM1B_CNT_BLK = 68,
	FADT_PM_TMR_BLK = 76,
	FADT_PM1_CNT_LEN = 89,
	FADT_PM_TMR_LEN = 91,
	FADT_BOOT_ARCH = 109,
	FADT_FLAGS = 112,
	FADT_RESET_REG = 116,
	FADT_RESET_VALUE = 128,
	FADT_X_DSDT = 140,
	FADT_X_PM1A_CNT_BLK = 172,
	FADT_X_PM1B_CNT_BLK = 184,
	FADT_X_PM_TMR_BLK = 208,
};

/* The 64-bit GAS when present and set, else the legacy I/O port block. */
static struct acpi_gas fadt_block(const struct table *t, u32 x_off, u32 legacy_off, u8 width)
{
	struct acpi_gas g = read_gas(t, x_off);

	if (g.address)
		return g;
	g = (struct acpi_gas){ .space_id = ACPI_GAS_IO,
			       .bit_width = width,
			       .address = read32(t, legacy_off) };
	if (!g.address)
		g.bit_width = 0;
	return g;
}

static bool parse_fadt(const struct table *t)
{
	info.fadt_revision = read8(t, 8);
	info.fadt_flags = read32(t, FADT_FLAGS);
	info.boot_arch = read16(t, FADT_BOOT_ARCH);
	info.sci_irq = read16(t, FADT_SCI_INT);
	info.smi_cmd = read32(t, FADT_SMI_CMD);
	info.acpi_enable_value = read8(t, FADT_ACPI_ENABLE);
	info.dsdt_phys = read64(t, FADT_X_DSDT);
	if (!info.dsdt_phys)
		info.dsdt_phys = read32(t, FADT_DSDT);
	info.pm1a_cnt = fadt_block(t, FADT_X_PM1A_CNT_BLK, FADT_PM1A_CNT_BLK,
				   (u8)(read8(t, FADT_PM1_CNT_LEN) * 8));
	info.pm1b_cnt = fadt_block(t, FADT_X_PM1B_CNT_BLK, FADT_PM1B_CNT_BLK,
				   (u8)(read8(t, FADT_PM1_CNT_LEN) * 8));
	info.pm_timer = fadt_block(t, FADT_X_PM_TMR_BLK, FADT_PM_TMR_BLK,
				   info.fadt_flags & ACPI_FADT_TMR_VAL_EXT ? 32 : 24);
	if (read8(t, FADT_PM_TMR_LEN) != 4)
		info.pm_timer = (struct acpi_gas){ 0 };
	if (info.fadt_flags & ACPI_FADT_RESET_REG_SUP) {
		info.reset_reg = read_gas(t, FADT_RESET_REG);
		info.reset_value = read8(t, FADT_RESET_VALUE);
		if (!table_has(t, FADT_RESET_VALUE, 1) || !info.reset_reg.address ||
		    info.reset_reg.space_id > ACPI_GAS_PCI_CONFIG)
			pr_warn(
			    "FADT at %#llx: reset register claimed but unusable (length %u, space %u, address %#llx)\n",
			    (unsigned long long)t->phys, t->len, info.reset_reg.space_id,
			    (unsigned long long)info.reset_reg.address);
		else
			info.reset_supported = true;
	}
	info.have_fadt = true;
	if (info.dsdt_phys)
		parse_dsdt(info.dsdt_phys);
	return true;
}

/* ---- DSDT: the S5 sleep type ---- */

enum {
	AML_ZERO_OP = 0x00,
	AML_ONE_OP = 0x01,
	AML_NAME_OP = 0x08,
	AML_BYTE_PREFIX = 0x0a,
	AML_PACKAGE_OP = 0x12,
	AML_ROOT_CHAR = '\\',
};

/* An integer small enough for SLP_TYP: Zero, One or a byte constant. */
static bool aml_small_int(const struct table *t, u32 *off, u8 *val)
{
	if (!table_has(t, *off, 1))
		return false;
	switch (t->p[*off]) {
	case AML_ZERO_OP:
	case AML_ONE_OP:
		*val = t->p[*off];
		*off += 1;
		return true;
	case AML_BYTE_PREFIX:
		if (!table_has(t, *off, 2))
			return false;
		*val = t->p[*off + 1];
		*off += 2;
		return true;
	default: return false;
	}
}

/*
 * Without an AML interpreter, look for the encoding of
 * Name(_S5_, Package() { a, b, ... }): NameOp, an optional root prefix, the
 * name, PackageOp, PkgLength (1 to 4 bytes, the extra count in the lead byte's
 * top bits), NumElements, then the two values.
 */
static void find_s5(const struct table *t)
{
	for (u32 off = SDT_HEADER_LEN + 1; table_has(t, off, 5); off++) {
		u32 pos;

		if (memcmp(t->p + off, "_S5_", 4) || t->p[off + 4] != AML_PACKAGE_OP)
			continue;
		if (t->p[off - 1] != AML_NAME_OP &&
		    !(t->p[off - 1] == AML_ROOT_CHAR && off > SDT_HEADER_LEN + 1 &&
		      t->p[off - 2] == AML_NAME_OP))
			continue;
		pos = off + 5;
		if (!table_has(t, pos, 1))
			break;
		pos += (u32)(t->p[pos] >> 6) + 1 + 1; /* PkgLength, NumElements */
		if (!aml_small_int(t, &pos, &info.s5_slp_typa)) {
			pr_warn("DSDT: _S5_ package not understood: no ACPI power-off\n");
			return;
		}
		if (!aml_small_int(t, &pos, &info.s5_slp_typb))
			info.s5_slp_typb = 0;
		info.s5_valid = true;
		return;
	}
}

static void parse_dsdt(u64 phys)
{
	struct acpi_table_desc *desc;
	struct table t;

	if (!load_table(phys, ACPI_MAX_DSDT_LEN, &t, &desc))
		return;
	if (strcmp(t.sig, "DSDT")) {
		pr_warn("%s at %#llx: expected DSDT, ignored\n", t.sig, (unsigned long long)phys);
		info.bad_tables++;
		return;
	}
	find_s5(&t);
	if (desc)
		desc->used = true;
}

static void write_pm1(const struct acpi_gas *g, u16 value)
{
	if (g->space_id == ACPI_GAS_IO)
		outw((u16)g->address, value);
	else if (g->space_id == ACPI_GAS_MEMORY)
		*(volatile u16 *)(uintptr_t)g->address = value;
}

static u16 read_pm1(const struct acpi_gas *g)
{
	if (g->space_id == ACPI_GAS_IO)
		return inw((u16)g->address);
	if (g->space_id == ACPI_GAS_MEMORY)
		return *(volatile u16 *)(uintptr_t)g->address;
	return 0;
}

/* The PM1 control value with SLP_TYP set to slp_typ and SLP_EN clear. */
static u16 with_sleep_type(const struct acpi_gas *g, u8 slp_typ)
{
	return (u16)((read_pm1(g) & ~(PM1_SLP_TYP_MASK | PM1_SLP_EN)) |
		     ((slp_typ & 7u) << PM1_SLP_TYP_SHIFT));
}

void acpi_poweroff(void)
{
	u16 a, b = 0;

	if (!info.present || !info.s5_valid || !info.pm1a_cnt.address)
		return;
	pr_notice("power off: entering S5 through the static tables' values\n");
	/* Both halves get SLP_TYP before either gets SLP_EN, which starts the transition. */
	a = with_sleep_type(&info.pm1a_cnt, info.s5_slp_typa);
	if (info.pm1b_cnt.address)
		b = with_sleep_type(&info.pm1b_cnt, info.s5_slp_typb);
	write_pm1(&info.pm1a_cnt, a);
	if (info.pm1b_cnt.address)
		write_pm1(&info.pm1b_cnt, b);
	write_pm1(&info.pm1a_cnt, a | PM1_SLP_EN);
	if (info.pm1b_cnt.address)
		write_pm1(&info.pm1b_cnt, b | PM1_SLP_EN);
	for (int i = 0; i < 1000000; i++)
		cpu_relax();
}

/* ---- HPET ---- */

static bool parse_hpet(const struct table *t)
{
	struct acpi_gas base = read_gas(t, 40);

	if (!table_has(t, 40, 12))
		return reject(t, "too short for an HPET table", t->len);
	if (base.space_id != ACPI_GAS_MEMORY || !base.address) {
		pr_warn("HPET at %#llx: base %#llx in address space %u unusable\n",
			(unsigned long long)t->phys, (unsigned long long)base.address,
			base.space_id);
		return false;
	}
	info.hpet_address = base.address;
	info.hpet_block_id = read32(t, 36);
	info.hpet_number = read8(t, 52);
	info.hpet_min_tick = read16(t, 53);
	info.have_hpet = true;
	return true;
}

/* ---- walking the root table ---- */

struct table_parser {
	const char *sig;
	bool (*parse)(const struct table *t);
	bool *done;
};

static void handle_table(u64 phys)
{
	const struct table_parser parsers[] = {
		{ "APIC", parse_madt, &info.have_madt },
		{ "MCFG", parse_mcfg, NULL },
		{ "FACP", parse_fadt, &info.have_fadt },
		{ "HPET", parse_hpet, &info.have_hpet },
	};
	struct acpi_table_desc *desc;
	struct table t;

	if (!load_table(phys, ACPI_MAX_TABLE_LEN, &t, &desc))
		return;
	for (size_t i = 0; i < ARRAY_SIZE(parsers); i++) {
		if (strcmp(t.sig, parsers[i].sig))
			continue;
		if (parsers[i].done && *parsers[i].done) {
			pr_warn("second %s at %#llx ignored\n", t.sig, (unsigned long long)phys);
			return;
		}
		if (parsers[i].parse(&t) && desc)
			desc->used = true;
		return;
	}
}

static bool walk_root(u64 phys, bool xsdt)
{
	const char *want = xsdt ? "XSDT" : "RSDT";
	u32 entry_size = xsdt ? 8 : 4, count;
	struct acpi_table_desc *desc;
	struct table t;

	if (!load_table(phys, ACPI_MAX_TABLE_LEN, &t, &desc))
		return false;
	if (strcmp(t.sig, want)) {
		pr_warn("%s at %#llx: expected %s, ignored\n", t.sig, (unsigned long long)phys,
			want);
		info.bad_tables++;
		return false;
	}
	if (desc)
		desc->used = true;
	info.xsdt = xsdt;
	info.root_phys = phys;
	count = (t.len - SDT_HEADER_LEN) / entry_size;
	if ((t.len - SDT_HEADER_LEN) % entry_size)
		pr_warn("%s at %#llx: %u stray bytes after its entries\n", want,
			(unsigned long long)phys, (t.len - SDT_HEADER_LEN) % entry_size);
	for (u32 i = 0; i < count; i++) {
		/* Re-mapped per entry: handle_table() maps other tables meanwhile. */
		const u8 *e = map(phys + SDT_HEADER_LEN + (u64)i * entry_size, entry_size);
		u64 addr = 0;

		if (!e) {
			pr_warn("%s at %#llx: entry %u cannot be read: rest ignored\n", want,
				(unsigned long long)phys, i);
			break;
		}
		memcpy(&addr, e, entry_size);
		if (!addr) {
			pr_warn("%s at %#llx: entry %u is a null pointer, skipped\n", want,
				(unsigned long long)phys, i);
			continue;
		}
		handle_table(addr);
	}
	return true;
}

int acpi_init(const void *rsdp_copy, size_t len)
{
	struct rsdp rsdp;
	bool ok = false;

	memset(&info, 0, sizeof(info));
	if (!find_rsdp(rsdp_copy, len, &rsdp)) {
		pr_warn("no RSDP found: running without ACPI tables\n");
		return -ENODEV;
	}
	info.revision = rsdp.revision;
	memcpy(info.oem_id, rsdp.oem_id, sizeof(info.oem_id));
	if (rsdp.xsdt) {
		ok = walk_root(rsdp.xsdt, true);
		if (!ok && rsdp.rsdt)
			pr_warn("XSDT unusable: falling back to the RSDT\n");
	}
	if (!ok && rsdp.rsdt)
		ok = walk_root(rsdp.rsdt, false);
	if (!ok) {
		pr_warn("no usable RSDT or XSDT: running without ACPI tables\n");
		return -ENODEV;
	}
	info.present = true;
	acpi_print_summary();
	return 0;
}

u64 acpi_rsdp_address(void)
{
	if (!info.present)
		return 0;
	return info.rsdp_phys ? info.rsdp_phys : (u64)(uintptr_t)rsdp_saved;
}

bool acpi_isa_override(u8 irq, u32 *gsi, bool *level, bool *active_low)
{
	for (size_t i = 0; i < info.nr_overrides; i++) {
		const struct acpi_irq_override *o = &info.overrides[i];

		if (o->bus != 0 || o->bus_irq != irq)
			continue;
		*gsi = o->gsi;
		if ((o->flags & ACPI_TRIGGER_MASK) != ACPI_TRIGGER_CONFORMS)
			*level = (o->flags & ACPI_TRIGGER_MASK) == ACPI_TRIGGER_LEVEL;
		if ((o->flags & ACPI_POLARITY_MASK) != ACPI_POLARITY_CONFORMS)
			*active_low = (o->flags & ACPI_POLARITY_MASK) == ACPI_POLARITY_LOW;
		return true;
	}
	return false;
}

void acpi_isa_irq(u8 irq, u32 *gsi, bool *active_low, bool *level)
{
	*gsi = irq;
	*active_low = false;
	*level = false;
	for (size_t i = 0; i < info.nr_overrides; i++) {
		const struct acpi_irq_override *o = &info.overrides[i];

		if (o->bus != 0 || o->bus_irq != irq)
			continue;
		*gsi = o->gsi;
		*active_low = (o->flags & ACPI_POLARITY_MASK) == ACPI_POLARITY_LOW;
		*level = (o->flags & ACPI_TRIGGER_MASK) == ACPI_TRIGGER_LEVEL;
		return;
	}
}

static const char *space_name(u8 space)
{
	switch (space) {
	case ACPI_GAS_MEMORY: return "memory";
	case ACPI_GAS_IO: return "I/O";
	case ACPI_GAS_PCI_CONFIG: return "PCI config";
	default: return "unknown space";
	}
}

static const char *polarity_name(u16 flags)
{
	switch (flags & ACPI_POLARITY_MASK) {
	case ACPI_POLARITY_HIGH: return "high";
	case ACPI_POLARITY_LOW: return "low";
	default: return "bus default";
	}
}

static const char *trigger_name(u16 flags)
{
	switch (flags & ACPI_TRIGGER_MASK) {
	case ACPI_TRIGGER_EDGE: return "edge";
	case ACPI_TRIGGER_LEVEL: return "level";
	default: return "bus default";
	}
}

static void print_tables(void)
{
	if (info.rsdp_phys)
		pr_info("RSDP revision %u (%s) at %#llx\n", info.revision, info.oem_id,
			(unsigned long long)info.rsdp_phys);
	else
		pr_info("RSDP revision %u (%s) from the boot loader\n", info.revision, info.oem_id);
	for (size_t i = 0; i < info.nr_tables; i++) {
		const struct acpi_table_desc *d = &info.tables[i];

		pr_info("%s %#010llx %6u bytes rev %u (%s)%s\n", d->signature,
			(unsigned long long)d->phys, d->length, d->revision, d->oem_id,
			d->used ? "" : " (not used)");
	}
	if (info.tables_unlisted)
		pr_info("%u more tables not listed\n", info.tables_unlisted);
	if (info.bad_tables)
		pr_info("%u tables rejected\n", info.bad_tables);
}

static void print_madt(void)
{
	const struct acpi_cpu_totals *t = &info.cpu_totals;

	pr_info("%u CPUs (%u enabled, %u in x2APIC entries, APIC IDs up to %u), local APIC at "
		"%#llx%s%s\n",
		t->entries, t->enabled, t->x2apic_entries, t->max_apic_id,
		(unsigned long long)info.lapic_address, info.lapic_overridden ? " (override)" : "",
		info.pcat_compat ? ", legacy 8259 present" : "");
	for (size_t i = 0; i < info.nr_ioapics; i++)
		pr_info("IOAPIC %u at %#x, GSI base %u\n", info.ioapics[i].id,
			info.ioapics[i].address, info.ioapics[i].gsi_base);
	for (size_t i = 0; i < info.nr_overrides; i++) {
		const struct acpi_irq_override *o = &info.overrides[i];

		pr_info("IRQ %u -> GSI %u (%s, %s)\n", o->bus_irq, o->gsi, trigger_name(o->flags),
			polarity_name(o->flags));
	}
	for (size_t i = 0; i < info.nr_nmi_sources; i++)
		pr_info("NMI source GSI %u (%s, %s)\n", info.nmi_sources[i].gsi,
			trigger_name(info.nmi_sources[i].flags),
			polarity_name(info.nmi_sources[i].flags));
	for (size_t i = 0; i < info.nr_lapic_nmis; i++) {
		const struct acpi_lapic_nmi *n = &info.lapic_nmis[i];

		const char *kind = n->x2apic ? "x2APIC " : "";

		if (n->uid == (n->x2apic ? 0xffffffffu : 0xffu))
			pr_info("NMI on LINT%u of all %sCPUs (%s, %s)\n", n->lint, kind,
				trigger_name(n->flags), polarity_name(n->flags));
		else
			pr_info("NMI on LINT%u of %sCPU uid %u (%s, %s)\n", n->lint, kind, n->uid,
				trigger_name(n->flags), polarity_name(n->flags));
	}
}

void acpi_print_summary(void)
{
	if (!info.present) {
		pr_info("no ACPI tables\n");
		return;
	}
	print_tables();
	if (info.have_madt)
		print_madt();
	else
		pr_info("no MADT: no IOAPIC information\n");
	for (size_t i = 0; i < info.nr_mcfg; i++)
		pr_info("PCI ECAM at %#llx, segment %u, buses %u-%u\n",
			(unsigned long long)info.mcfg[i].base, info.mcfg[i].segment,
			info.mcfg[i].start_bus, info.mcfg[i].end_bus);
	if (info.have_fadt) {
		if (info.reset_supported)
			pr_info("reset register: %s %#llx, value %#x\n",
				space_name(info.reset_reg.space_id),
				(unsigned long long)info.reset_reg.address, info.reset_value);
		else
			pr_info("no ACPI reset register\n");
		pr_info("SCI IRQ %u, PM1a control %s %#llx, PM timer %s %#llx (%u-bit)%s\n",
			info.sci_irq, space_name(info.pm1a_cnt.space_id),
			(unsigned long long)info.pm1a_cnt.address,
			space_name(info.pm_timer.space_id),
			(unsigned long long)info.pm_timer.address, info.pm_timer.bit_width,
			info.fadt_flags & ACPI_FADT_HW_REDUCED ? ", hardware-reduced" : "");
	}
	if (info.have_fadt) {
		if (info.s5_valid)
			pr_info("power-off: S5 sleep type %u/%u from the DSDT\n", info.s5_slp_typa,
				info.s5_slp_typb);
		else
			pr_info("power-off: no S5 sleep type found in the DSDT\n");
	}
	if (info.have_hpet)
		pr_info("HPET %u at %#llx\n", info.hpet_number,
			(unsigned long long)info.hpet_address);
}

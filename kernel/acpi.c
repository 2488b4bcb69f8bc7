// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACPI table discovery and the handful of tables napkin uses. Nothing here
 * trusts firmware: every table is mapped for its header first, its length
 * checked against sane bounds, then mapped whole and checksummed; every
 * entry walk checks the entry fits the table.
 */
#define pr_fmt(fmt) "acpi: " fmt
#include <string.h>
#include "kernel/acpi.h"
#include "kernel/printk.h"
#include "kernel/x86.h"

#define SDT_HEADER_LEN 36
#define TABLE_MAX_LEN (1u << 20) /* no table napkin reads is near 1 MiB */
#define DSDT_MAX_LEN (4u << 20)
#define RSDP_V1_LEN 20
#define RSDP_V2_LEN 36
#define BIOS_AREA_START 0xE0000
#define BIOS_AREA_END 0x100000
#define EBDA_SEGMENT_PTR 0x40E
#define FADT_RESET_REG_SUPPORTED BIT(10)
#define PM1_SLP_EN BIT(13)

static struct acpi_info info;

static const void *identity_map(u64 phys, size_t len)
{
	/* The boot page tables map the first 4 GiB; that is where firmware puts tables. */
	if (phys == 0 || phys + len < phys || phys + len > (4ull << 30))
		return NULL;
	return (const void *)(uintptr_t)phys;
}

const void *(*acpi_map)(u64 phys, size_t len) = identity_map;

static u8 checksum(const u8 *p, size_t len)
{
	u8 sum = 0;

	for (size_t i = 0; i < len; i++)
		sum += p[i];
	return sum;
}

static u16 get16(const u8 *p) { return (u16)(p[0] | p[1] << 8); }
static u32 get32(const u8 *p) { return (u32)get16(p) | (u32)get16(p + 2) << 16; }
static u64 get64(const u8 *p) { return (u64)get32(p) | (u64)get32(p + 4) << 32; }

/* Maps a whole table after checking its header; NULL (logged) if it is bad. */
static const u8 *map_table(u64 phys, const char *expect, u32 max_len)
{
	const u8 *hdr = acpi_map(phys, SDT_HEADER_LEN);
	const u8 *t;
	u32 len;

	if (!hdr) {
		pr_warn("table at %#llx is outside readable memory; skipped\n",
			(unsigned long long)phys);
		info.bad_tables++;
		return NULL;
	}
	if (expect && memcmp(hdr, expect, 4)) {
		pr_warn("expected %.4s at %#llx, found something else; skipped\n", expect,
			(unsigned long long)phys);
		info.bad_tables++;
		return NULL;
	}
	len = get32(hdr + 4);
	if (len < SDT_HEADER_LEN || len > max_len) {
		pr_warn("%.4s at %#llx has impossible length %u; skipped\n", (const char *)hdr,
			(unsigned long long)phys, len);
		info.bad_tables++;
		return NULL;
	}
	t = acpi_map(phys, len);
	if (!t || checksum(t, len)) {
		pr_warn("%.4s at %#llx fails its checksum; not trusted\n", (const char *)hdr,
			(unsigned long long)phys);
		info.bad_tables++;
		return NULL;
	}
	return t;
}

static bool rsdp_valid(const u8 *p, size_t avail)
{
	u32 len;

	if (avail < RSDP_V1_LEN || memcmp(p, "RSD PTR ", 8) || checksum(p, RSDP_V1_LEN))
		return false;
	if (p[15] < 2)
		return true;
	len = get32(p + 20);
	return len >= RSDP_V2_LEN && len <= avail && !checksum(p, len);
}

static const u8 *scan_for_rsdp(u64 start, u64 end)
{
	for (u64 a = start; a + RSDP_V1_LEN <= end; a += 16) {
		const u8 *p = acpi_map(a, RSDP_V2_LEN);

		if (p && rsdp_valid(p, (size_t)MIN(end - a, (u64)RSDP_V2_LEN)))
			return p;
	}
	return NULL;
}

static const u8 *find_rsdp(const void *copy, size_t len)
{
	const u8 *p;
	const u8 *ebda_ptr;

	if (copy) {
		if (rsdp_valid(copy, len))
			return copy;
		pr_warn("the boot loader's RSDP copy is invalid; searching the BIOS area\n");
	}
	ebda_ptr = acpi_map(EBDA_SEGMENT_PTR, 2);
	if (ebda_ptr) {
		u64 ebda = (u64)get16(ebda_ptr) << 4;

		if (ebda >= 0x80000 && ebda < 0xA0000 && (p = scan_for_rsdp(ebda, ebda + 1024)))
			return p;
	}
	return scan_for_rsdp(BIOS_AREA_START, BIOS_AREA_END);
}

static void parse_madt(const u8 *t)
{
	u32 len = get32(t + 4);
	u32 off = SDT_HEADER_LEN + 8;

	info.lapic_address = get32(t + SDT_HEADER_LEN);
	while (off + 2 <= len) {
		const u8 *e = t + off;
		u8 type = e[0], elen = e[1];

		if (elen < 2 || off + elen > len) {
			pr_warn("MADT entry at offset %u has bad length %u; ignoring the rest\n", off,
				elen);
			info.bad_tables++;
			break;
		}
		switch (type) {
		case 0: /* processor local APIC */
			if (elen >= 8 && (get32(e + 4) & 3) && info.nr_lapics < ACPI_MAX_LAPICS)
				info.lapic_ids[info.nr_lapics++] = e[3];
			break;
		case 1: /* IOAPIC */
			if (elen >= 12 && info.nr_ioapics < ACPI_MAX_IOAPICS) {
				info.ioapics[info.nr_ioapics].id = e[2];
				info.ioapics[info.nr_ioapics].address = get32(e + 4);
				info.ioapics[info.nr_ioapics].gsi_base = get32(e + 8);
				info.nr_ioapics++;
			}
			break;
		case 2: /* interrupt source override */
			if (elen >= 10 && info.nr_overrides < ACPI_MAX_OVERRIDES) {
				info.overrides[info.nr_overrides].bus_irq = e[3];
				info.overrides[info.nr_overrides].gsi = get32(e + 4);
				info.overrides[info.nr_overrides].flags = get16(e + 8);
				info.nr_overrides++;
			}
			break;
		case 5: /* 64-bit LAPIC address override */
			if (elen >= 12)
				info.lapic_address = get64(e + 4);
			break;
		case 9: /* x2APIC */
			if (elen >= 16 && (get32(e + 8) & 3) && info.nr_lapics < ACPI_MAX_LAPICS)
				info.lapic_ids[info.nr_lapics++] = get32(e + 4);
			break;
		default:
			break;
		}
		off += elen;
	}
}

static void parse_mcfg(const u8 *t)
{
	u32 len = get32(t + 4);

	for (u32 off = SDT_HEADER_LEN + 8; off + 16 <= len && info.nr_mcfg < ACPI_MAX_MCFG;
	     off += 16) {
		const u8 *e = t + off;

		if (e[10] > e[11]) {
			pr_warn("MCFG entry with start bus %u after end bus %u; skipped\n", e[10],
				e[11]);
			continue;
		}
		info.mcfg[info.nr_mcfg].base = get64(e);
		info.mcfg[info.nr_mcfg].segment = get16(e + 8);
		info.mcfg[info.nr_mcfg].start_bus = e[10];
		info.mcfg[info.nr_mcfg].end_bus = e[11];
		info.nr_mcfg++;
	}
}

/*
 * The S5 sleep type lives in the DSDT's AML as Name(_S5_, Package(){a, b,
 * ...}). Without an AML interpreter, find that byte pattern: NameOp "_S5_"
 * PackageOp PkgLength NumElements, then two integers (ZeroOp, OneOp or
 * BytePrefix n).
 */
static int aml_small_int(const u8 *p, const u8 *end, u8 *val)
{
	if (p >= end)
		return -1;
	if (*p == 0x00 || *p == 0x01) {
		*val = *p;
		return 1;
	}
	if (*p == 0x0A && p + 1 < end) {
		*val = p[1];
		return 2;
	}
	return -1;
}

static void find_s5(const u8 *dsdt)
{
	u32 len = get32(dsdt + 4);
	const u8 *end = dsdt + len;

	for (const u8 *p = dsdt + SDT_HEADER_LEN; p + 8 < end; p++) {
		int n;

		if (memcmp(p, "_S5_", 4) || p[4] != 0x12)
			continue;
		if (p[-1] != 0x08 && !(p[-1] == '\\' && p[-2] == 0x08))
			continue;
		p += 5;
		p += ((*p >> 6) & 3) + 1; /* PkgLength */
		p++;                      /* NumElements */
		n = aml_small_int(p, end, &info.s5_slp_typa);
		if (n < 0)
			return;
		if (aml_small_int(p + n, end, &info.s5_slp_typb) < 0)
			info.s5_slp_typb = 0;
		info.s5_valid = true;
		return;
	}
}

static void parse_fadt(const u8 *t)
{
	u32 len = get32(t + 4);
	u64 dsdt = 0;
	const u8 *d;

	if (len < 116) {
		pr_warn("FADT too short (%u bytes); ignored\n", len);
		info.bad_tables++;
		return;
	}
	info.sci_irq = get16(t + 46);
	info.pm1a_cnt = get32(t + 64);
	info.pm1b_cnt = get32(t + 68);
	dsdt = get32(t + 40);
	if (len >= 129 && (get32(t + 112) & FADT_RESET_REG_SUPPORTED)) {
		info.reset_reg.space_id = t[116];
		info.reset_reg.bit_width = t[117];
		info.reset_reg.bit_offset = t[118];
		info.reset_reg.access_size = t[119];
		info.reset_reg.address = get64(t + 120);
		info.reset_value = t[128];
		info.reset_supported = info.reset_reg.address != 0;
	}
	if (len >= 148 && get64(t + 140))
		dsdt = get64(t + 140);
	if (dsdt && (d = map_table(dsdt, "DSDT", DSDT_MAX_LEN)))
		find_s5(d);
}

static void parse_hpet(const u8 *t)
{
	if (get32(t + 4) >= 56 && t[40] == ACPI_GAS_MEMORY)
		info.hpet_address = get64(t + 44);
}

static void parse_table(u64 phys)
{
	const u8 *t = map_table(phys, NULL, TABLE_MAX_LEN);

	if (!t)
		return;
	if (!memcmp(t, "APIC", 4))
		parse_madt(t);
	else if (!memcmp(t, "MCFG", 4))
		parse_mcfg(t);
	else if (!memcmp(t, "FACP", 4))
		parse_fadt(t);
	else if (!memcmp(t, "HPET", 4))
		parse_hpet(t);
}

static void print_summary(void)
{
	pr_info("RSDP revision %u, OEM '%s', %u CPU(s), %u IOAPIC(s), %u override(s)\n",
		info.revision, info.oem_id, info.nr_lapics, info.nr_ioapics, info.nr_overrides);
	for (u8 i = 0; i < info.nr_mcfg; i++)
		pr_info("MCFG: segment %u buses %u-%u ECAM at %#llx\n", info.mcfg[i].segment,
			info.mcfg[i].start_bus, info.mcfg[i].end_bus,
			(unsigned long long)info.mcfg[i].base);
	if (info.reset_supported)
		pr_info("FADT: reset register %s %#llx value %#x\n",
			info.reset_reg.space_id == ACPI_GAS_IO ? "port" : "mmio",
			(unsigned long long)info.reset_reg.address, info.reset_value);
	if (info.s5_valid)
		pr_info("FADT: power-off through PM1a %#x with S5 type %u\n", info.pm1a_cnt,
			info.s5_slp_typa);
	if (info.hpet_address)
		pr_info("HPET at %#llx\n", (unsigned long long)info.hpet_address);
}

int acpi_init(const void *rsdp_copy, size_t len)
{
	const u8 *rsdp = find_rsdp(rsdp_copy, len);
	const u8 *root;
	bool xsdt;
	u32 entry_size, root_len;

	memset(&info, 0, sizeof(info));
	if (!rsdp) {
		pr_warn("no RSDP found; running without ACPI (legacy IOAPIC, no ECAM)\n");
		return -1;
	}
	info.revision = rsdp[15];
	memcpy(info.oem_id, rsdp + 9, 6);
	xsdt = info.revision >= 2 && get64(rsdp + 24);
	root = xsdt ? map_table(get64(rsdp + 24), "XSDT", TABLE_MAX_LEN) : NULL;
	if (!root) {
		xsdt = false;
		root = map_table(get32(rsdp + 16), "RSDT", TABLE_MAX_LEN);
	}
	if (!root) {
		pr_warn("no usable RSDT/XSDT; running without ACPI\n");
		return -1;
	}
	info.present = true;
	entry_size = xsdt ? 8 : 4;
	root_len = get32(root + 4);
	for (u32 off = SDT_HEADER_LEN; off + entry_size <= root_len; off += entry_size)
		parse_table(xsdt ? get64(root + off) : get32(root + off));
	print_summary();
	return 0;
}

const struct acpi_info *acpi_get(void)
{
	return info.present ? &info : NULL;
}

void acpi_poweroff(void)
{
	if (!info.present || !info.s5_valid || !info.pm1a_cnt)
		return;
	outw((u16)info.pm1a_cnt, (u16)((info.s5_slp_typa << 10) | PM1_SLP_EN));
	if (info.pm1b_cnt)
		outw((u16)info.pm1b_cnt, (u16)((info.s5_slp_typb << 10) | PM1_SLP_EN));
	for (int i = 0; i < 1000000; i++)
		cpu_relax();
}

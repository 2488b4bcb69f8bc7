// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACPI static tables: from the RSDP through the XSDT or RSDT to the tables
 * napkin uses, each handed to its parser (MADT in acpi_madt.c, FADT and DSDT
 * in acpi_power.c, MCFG and HPET here). The checked reads are in
 * acpi_table.h; finding and checking a table is acpi_table.c.
 */
#define pr_fmt(fmt) "acpi: " fmt

#include <errno.h>
#include <string.h>

#include "kernel/acpi/acpi_table.h"
#include "kernel/acpi/static_tables.h"
#include "kernel/console/printk.h"

struct acpi_info sdt_info;
u8 sdt_rsdp_saved[RSDP_V2_LEN] __aligned(16);

const struct acpi_info *acpi_get(void)
{
	return sdt_info.present ? &sdt_info : NULL;
}

/* ---- MCFG ---- */

static bool parse_mcfg(const struct table *t)
{
	u32 off;

	if (t->len < 44)
		return sdt_reject(t, "too short for an MCFG", t->len);
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
		if (sdt_info.nr_mcfg == ACPI_MAX_MCFG) {
			pr_warn("MCFG: more than %d ECAM windows, rest ignored\n", ACPI_MAX_MCFG);
			break;
		}
		sdt_info.mcfg[sdt_info.nr_mcfg++] = e;
	}
	return true;
}

/* ---- HPET ---- */

static bool parse_hpet(const struct table *t)
{
	struct acpi_gas base = sdt_read_gas(t, 40);

	if (!table_has(t, 40, 12))
		return sdt_reject(t, "too short for an HPET table", t->len);
	if (base.space_id != ACPI_GAS_MEMORY || !base.address) {
		pr_warn("HPET at %#llx: base %#llx in address space %u unusable\n",
			(unsigned long long)t->phys, (unsigned long long)base.address,
			base.space_id);
		return false;
	}
	sdt_info.hpet_address = base.address;
	sdt_info.hpet_block_id = read32(t, 36);
	sdt_info.hpet_number = read8(t, 52);
	sdt_info.hpet_min_tick = read16(t, 53);
	sdt_info.have_hpet = true;
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
		{ "APIC", sdt_parse_madt, &sdt_info.have_madt },
		{ "MCFG", parse_mcfg, NULL },
		{ "FACP", sdt_parse_fadt, &sdt_info.have_fadt },
		{ "HPET", parse_hpet, &sdt_info.have_hpet },
	};
	struct acpi_table_desc *desc;
	struct table t;

	if (!sdt_load(phys, ACPI_MAX_TABLE_LEN, &t, &desc))
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

	if (!sdt_load(phys, ACPI_MAX_TABLE_LEN, &t, &desc))
		return false;
	if (strcmp(t.sig, want)) {
		pr_warn("%s at %#llx: expected %s, ignored\n", t.sig, (unsigned long long)phys,
			want);
		sdt_info.bad_tables++;
		return false;
	}
	if (desc)
		desc->used = true;
	sdt_info.xsdt = xsdt;
	sdt_info.root_phys = phys;
	count = (t.len - SDT_HEADER_LEN) / entry_size;
	if ((t.len - SDT_HEADER_LEN) % entry_size)
		pr_warn("%s at %#llx: %u stray bytes after its entries\n", want,
			(unsigned long long)phys, (t.len - SDT_HEADER_LEN) % entry_size);
	for (u32 i = 0; i < count; i++) {
		/* Re-mapped per entry: handle_table() maps other tables meanwhile. */
		const u8 *e = sdt_map(phys + SDT_HEADER_LEN + (u64)i * entry_size, entry_size);
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

	memset(&sdt_info, 0, sizeof(sdt_info));
	if (!sdt_find_rsdp(rsdp_copy, len, &rsdp)) {
		pr_warn("no RSDP found: running without ACPI tables\n");
		return -ENODEV;
	}
	sdt_info.revision = rsdp.revision;
	memcpy(sdt_info.oem_id, rsdp.oem_id, sizeof(sdt_info.oem_id));
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
	sdt_info.present = true;
	acpi_print_summary();
	return 0;
}

u64 acpi_rsdp_address(void)
{
	if (!sdt_info.present)
		return 0;
	return sdt_info.rsdp_phys ? sdt_info.rsdp_phys : (u64)(uintptr_t)sdt_rsdp_saved;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Finding and checking ACPI tables. Firmware tables are untrusted input:
 * every table is length- and checksum-checked before any field is believed,
 * and a bad table only costs us that table. Mapped pointers are never kept
 * across another sdt_map() call, so a mapper with a single temporary window
 * would work.
 */
#define pr_fmt(fmt) "acpi: " fmt

#include <stdio.h>
#include <string.h>

#include "kernel/acpi/acpi_table.h"
#include "kernel/console/printk.h"

#define RSDP_V1_LEN	 20u
#define BIOS_AREA_START	 0xe0000u
#define BIOS_AREA_END	 0x100000u
#define BDA_EBDA_SEGMENT 0x40eu
#define EBDA_SCAN_LEN	 1024u
#define EBDA_LOWEST	 0x80000u
#define EBDA_END	 0xa0000u
#define BOOT_MAPPING_END (4ull << 30)

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

const u8 *sdt_map(u64 phys, size_t len)
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

struct acpi_gas sdt_read_gas(const struct table *t, u32 off)
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
	const u8 *p = sdt_map(base, size);

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
			sdt_info.rsdp_phys = base + off;
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
	bda = sdt_map(BDA_EBDA_SEGMENT, 2);
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

bool sdt_find_rsdp(const void *copy, size_t len, struct rsdp *out)
{
	u64 ebda;

	if (copy) {
		if (parse_rsdp(copy, len, "from the boot loader", out)) {
			memcpy(sdt_rsdp_saved, copy, MIN(len, sizeof(sdt_rsdp_saved)));
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

	if (sdt_info.nr_tables == ACPI_MAX_TABLES) {
		if (!sdt_info.tables_unlisted++)
			pr_warn("more than %d tables: the rest are not listed\n", ACPI_MAX_TABLES);
		return NULL;
	}
	d = &sdt_info.tables[sdt_info.nr_tables++];
	copy_printable(d->signature, hdr, 4);
	copy_printable(d->oem_id, hdr + 10, 6);
	d->revision = hdr[8];
	d->length = len;
	d->phys = phys;
	return d;
}

bool sdt_reject(const struct table *t, const char *why, u32 value)
{
	pr_warn("%s at %#llx: %s (%u bytes), ignored\n", t->sig, (unsigned long long)t->phys, why,
		value);
	sdt_info.bad_tables++;
	return false;
}

/*
 * Maps and checks the table at phys, at most max_len bytes long. *desc is its
 * entry in sdt_info.tables (NULL if the list is full or the header is unreadable).
 */
bool sdt_load(u64 phys, u32 max_len, struct table *t, struct acpi_table_desc **desc)
{
	const u8 *hdr = sdt_map(phys, SDT_HEADER_LEN);
	u32 len;

	*t = (struct table){ .phys = phys };
	*desc = NULL;
	if (!hdr) {
		pr_warn("table at %#llx: header cannot be read, ignored\n",
			(unsigned long long)phys);
		sdt_info.bad_tables++;
		return false;
	}
	copy_printable(t->sig, hdr, 4);
	memcpy(&len, hdr + 4, 4);
	*desc = record_table(phys, hdr, len);
	if (len < SDT_HEADER_LEN)
		return sdt_reject(t, "length shorter than its header", len);
	if (len > max_len)
		return sdt_reject(t, "absurd length", len);
	t->p = sdt_map(phys, len);
	if (!t->p)
		return sdt_reject(t, "length runs into unreadable memory", len);
	if (byte_sum(t->p, len)) {
		pr_warn("%s at %#llx: bad checksum (bytes sum to %#x), ignored\n", t->sig,
			(unsigned long long)phys, byte_sum(t->p, len));
		sdt_info.bad_tables++;
		return false;
	}
	t->len = len;
	return true;
}

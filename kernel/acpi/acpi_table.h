// SPDX-License-Identifier: BSD-2-Clause
/*
 * What the static-table parsers of this room share: a checked table, reads
 * bounded by its length, and the one struct acpi_info they fill in. Only the
 * acpi_*.c files of kernel/acpi/ include this.
 */
#ifndef KERNEL_ACPI_ACPI_TABLE_H
#define KERNEL_ACPI_ACPI_TABLE_H

#include <string.h>

#include "kernel/acpi/acpi.h"

#define SDT_HEADER_LEN 36u
#define RSDP_V2_LEN    36u

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

/* Filled in by acpi_init() and the parsers it calls; read through acpi_get(). */
extern struct acpi_info sdt_info;
/* The boot loader's RSDP copy, kept for the interpreter (identity-mapped .bss). */
extern u8 sdt_rsdp_saved[RSDP_V2_LEN];

static inline bool table_has(const struct table *t, u32 off, u32 size)
{
	return off <= t->len && t->len - off >= size;
}

/* Fields past the end of a table read as zero: old revisions are short. */
static inline u8 read8(const struct table *t, u32 off)
{
	return table_has(t, off, 1) ? t->p[off] : 0;
}

static inline u16 read16(const struct table *t, u32 off)
{
	u16 v = 0;

	if (table_has(t, off, 2))
		memcpy(&v, t->p + off, 2);
	return v;
}

static inline u32 read32(const struct table *t, u32 off)
{
	u32 v = 0;

	if (table_has(t, off, 4))
		memcpy(&v, t->p + off, 4);
	return v;
}

static inline u64 read64(const struct table *t, u32 off)
{
	u64 v = 0;

	if (table_has(t, off, 8))
		memcpy(&v, t->p + off, 8);
	return v;
}

struct acpi_gas sdt_read_gas(const struct table *t, u32 off);

/* acpi_table.c: mapping, the RSDP, loading and checking one table. */
const u8 *sdt_map(u64 phys, size_t len);
bool sdt_find_rsdp(const void *copy, size_t len, struct rsdp *out);
bool sdt_load(u64 phys, u32 max_len, struct table *t, struct acpi_table_desc **desc);
bool sdt_reject(const struct table *t, const char *why, u32 value);

/* One parser per table; true when the table was used. */
bool sdt_parse_madt(const struct table *t);
bool sdt_parse_fadt(const struct table *t);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ACPI test fixtures: a fake physical address space made of separately
 * allocated regions, a mapper for kernel/acpi/acpi.c that hands out exact-size
 * copies (so AddressSanitizer flags any read past what was mapped) and
 * refuses ranges no region fully covers, and builders for tables with
 * correct checksums.
 */
#ifndef NAPKIN_TESTS_ACPI_FIXTURE_H
#define NAPKIN_TESTS_ACPI_FIXTURE_H

#include "kernel/core/compiler.h"

/* Frees every region and mapped copy; clears the counters. */
void fx_reset(void);

/* A zeroed region of fake physical memory at [phys, phys + len). */
u8 *fx_region(u64 phys, size_t len);

/* The mapper to hand to acpi_set_mapper(). */
const void *fx_map(u64 phys, size_t len);

/* Map requests refused because no region covered the whole range. */
unsigned int fx_refused(void);
/* All map requests. */
unsigned int fx_maps(void);

/* Little-endian byte builder for table bodies. */
struct fx_buf {
	u8 b[8192];
	size_t len;
};

void fx_u8(struct fx_buf *f, u8 v);
void fx_u16(struct fx_buf *f, u16 v);
void fx_u32(struct fx_buf *f, u32 v);
void fx_u64(struct fx_buf *f, u64 v);
void fx_bytes(struct fx_buf *f, const void *p, size_t n);

/* Sets byte 9 so that the first len bytes of an SDT sum to zero. */
void fx_fix_checksum(u8 *table, size_t len);

/*
 * Writes a table (36-byte header + body) into a region of exactly its size
 * at phys, with a correct length and checksum. Returns the region.
 */
u8 *fx_table(u64 phys, const char *sig, u8 revision, const void *body, size_t body_len);

/* An RSDT (xsdt false) or XSDT listing the given table addresses. */
u8 *fx_root(u64 phys, bool xsdt, const u64 *tables, size_t n);

/* 20 (revision 0) or 36 (revision >= 2) RSDP bytes with correct checksums. */
size_t fx_rsdp(u8 *dst, u8 revision, u32 rsdt, u64 xsdt);

#endif

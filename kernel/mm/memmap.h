/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The physical memory map: decoding what the boot loader reports and turning
 * it into a clean list the page allocator can trust.
 */
#ifndef NAPKIN_KERNEL_MEMMAP_H
#define NAPKIN_KERNEL_MEMMAP_H

#include "kernel/core/compiler.h"

/* Same numbers as the BIOS E820 / Multiboot types, so decoding is a copy. */
enum mem_type {
	MEM_USABLE = 1,
	MEM_RESERVED = 2,
	MEM_ACPI_RECLAIM = 3,
	MEM_ACPI_NVS = 4,
	MEM_BAD = 5,
};

struct mem_region {
	u64 base;
	u64 size;
	u32 type; /* enum mem_type */
};

#define MEMMAP_PAGE_SIZE 4096ull

/*
 * Writes a sorted, non-overlapping version of in[0..n) to out (at most max
 * entries; in and out must not overlap) and returns how many it wrote.
 * Where ranges overlap the least usable type wins (bad > ACPI NVS > reserved
 * > ACPI reclaimable > usable); unknown types count as reserved. Zero-length
 * ranges are dropped, a range whose end wraps past 2^64 is clamped, touching
 * ranges of the same type are merged, and usable ranges are shrunk to whole
 * 4 KiB pages. O(n^2) time, no extra memory: loader maps are short.
 */
size_t memmap_normalize(const struct mem_region *in, size_t n, struct mem_region *out, size_t max);

/*
 * Multiboot1 memory map (mmap_addr/mmap_length): each entry is preceded by its
 * own size field, which does not count itself. Returns the entries decoded;
 * a bogus entry size or a map longer than out stops decoding with a warning.
 */
size_t memmap_from_mb1(const void *mmap, u32 length, struct mem_region *out, size_t max);

/*
 * Multiboot2 memory map tag (type 6). The tag's size is trusted to lie inside
 * the boot information; memmap_from_mb2_tag_within() also checks it against
 * the bytes the caller knows are there.
 */
size_t memmap_from_mb2_tag(const void *tag, struct mem_region *out, size_t max);
size_t memmap_from_mb2_tag_within(const void *tag, size_t avail, struct mem_region *out,
				  size_t max);

/* Multiboot1 without a map: mem_lower KiB at 0 and mem_upper KiB at 1 MiB. */
size_t memmap_from_basic(u32 mem_lower_kb, u32 mem_upper_kb, struct mem_region *out, size_t max);

/*
 * Lowest address >= min_addr where size bytes aligned to align (a power of
 * two) fit in a usable range without touching any of the busy ranges (the
 * kernel image, the boot information, ...). For placing the page
 * allocator's bitmap before there is an allocator. Returns 0 when nothing fits.
 */
u64 memmap_find_free(const struct mem_region *r, size_t n, u64 size, u64 align, u64 min_addr,
		     const struct mem_region *busy, size_t nbusy);

const char *memmap_type_name(u32 type);
/* Bytes of the given type. */
u64 memmap_total(const struct mem_region *r, size_t n, u32 type);
/* Highest end address of a range of the given type, 0 if none. */
u64 memmap_highest_end(const struct mem_region *r, size_t n, u32 type);
/* One pr_info line per range. */
void memmap_print(const struct mem_region *r, size_t n);

#endif

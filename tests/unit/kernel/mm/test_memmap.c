// SPDX-License-Identifier: BSD-2-Clause
/* Unit tests for kernel/mm/memmap.c: normalisation and the Multiboot decoders. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/mm/memmap.h"
#include "kernel/console/printk.h"
#include "tests/unit/fakes/stub_printk.h"

#define KiB  1024ull
#define MiB  (1024ull * KiB)
#define PAGE 4096ull

static void setup(void)
{
	stub_printk_reset();
}

static void assert_region(const struct mem_region *r, u64 base, u64 size, u32 type)
{
	ck_assert_msg(r->base == base && r->size == size && r->type == type,
		      "got %#llx+%#llx type %u, want %#llx+%#llx type %u",
		      (unsigned long long)r->base, (unsigned long long)r->size, r->type,
		      (unsigned long long)base, (unsigned long long)size, type);
}

/* Properties every normalised map has, whatever the input. */
static void assert_normal(const struct mem_region *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		ck_assert(r[i].size > 0);
		ck_assert(r[i].size <= UINT64_MAX - r[i].base);
		if (r[i].type == MEM_USABLE) {
			ck_assert(r[i].base % PAGE == 0);
			ck_assert(r[i].size % PAGE == 0);
		}
		if (i) {
			ck_assert(r[i - 1].base + r[i - 1].size <= r[i].base);
			ck_assert(r[i - 1].base + r[i - 1].size < r[i].base ||
				  r[i - 1].type != r[i].type);
		}
	}
}

START_TEST(test_typical_bios_map)
{
	/* Unsorted, as some firmware reports it. */
	const struct mem_region in[] = {
		{ 0x100000, 0x7ee0000, MEM_USABLE },  { 0, 0x9fc00, MEM_USABLE },
		{ 0x9fc00, 0x400, MEM_RESERVED },     { 0xf0000, 0x10000, MEM_RESERVED },
		{ 0x7fe0000, 0x20000, MEM_RESERVED }, { 0xfffc0000, 0x40000, MEM_RESERVED },
	};
	struct mem_region out[16];
	size_t n = memmap_normalize(in, ARRAY_SIZE(in), out, ARRAY_SIZE(out));

	ck_assert_uint_eq(n, 6);
	assert_normal(out, n);
	assert_region(&out[0], 0, 0x9f000, MEM_USABLE);
	assert_region(&out[1], 0x9fc00, 0x400, MEM_RESERVED);
	assert_region(&out[2], 0xf0000, 0x10000, MEM_RESERVED);
	assert_region(&out[3], 0x100000, 0x7ee0000, MEM_USABLE);
	assert_region(&out[4], 0x7fe0000, 0x20000, MEM_RESERVED);
	assert_region(&out[5], 0xfffc0000, 0x40000, MEM_RESERVED);
	ck_assert_uint_eq(memmap_total(out, n, MEM_USABLE), 0x9f000 + 0x7ee0000);
	ck_assert_uint_eq(memmap_highest_end(out, n, MEM_USABLE), 0x7fe0000);
	ck_assert_uint_eq(memmap_highest_end(out, n, MEM_BAD), 0);
	ck_assert_int_eq(stub_printk_total(), 0);
}
END_TEST

START_TEST(test_overlap_non_usable_wins)
{
	const struct mem_region in[] = {
		{ 0, 16 * MiB, MEM_USABLE },
		{ 4 * MiB, 1 * MiB, MEM_RESERVED },
		{ 4 * MiB + 512 * KiB, 2 * MiB, MEM_BAD },
		{ 10 * MiB, 100, MEM_ACPI_NVS },
		{ 12 * MiB, 1 * MiB, MEM_ACPI_RECLAIM },
		{ 12 * MiB + 4096, 4096, MEM_RESERVED },
	};
	struct mem_region out[16];
	size_t n = memmap_normalize(in, ARRAY_SIZE(in), out, ARRAY_SIZE(out));

	assert_normal(out, n);
	ck_assert_uint_eq(n, 10);
	assert_region(&out[0], 0, 4 * MiB, MEM_USABLE);
	assert_region(&out[1], 4 * MiB, 512 * KiB, MEM_RESERVED);
	assert_region(&out[2], 4 * MiB + 512 * KiB, 2 * MiB, MEM_BAD);
	/* The usable page holding the NVS bytes is gone. */
	assert_region(&out[3], 6 * MiB + 512 * KiB, 10 * MiB - (6 * MiB + 512 * KiB), MEM_USABLE);
	assert_region(&out[4], 10 * MiB, 100, MEM_ACPI_NVS);
	assert_region(&out[5], 10 * MiB + PAGE, 2 * MiB - PAGE, MEM_USABLE);
	assert_region(&out[6], 12 * MiB, 4096, MEM_ACPI_RECLAIM);
	assert_region(&out[7], 12 * MiB + 4096, 4096, MEM_RESERVED);
	assert_region(&out[8], 12 * MiB + 8192, 1 * MiB - 8192, MEM_ACPI_RECLAIM);
	assert_region(&out[9], 13 * MiB, 3 * MiB, MEM_USABLE);
}
END_TEST

START_TEST(test_adjacent_and_duplicates_merge)
{
	const struct mem_region in[] = {
		{ 2 * MiB, 1 * MiB, MEM_USABLE },
		{ 1 * MiB, 1 * MiB, MEM_USABLE },
		{ 1 * MiB, 1 * MiB, MEM_USABLE },
		{ 3 * MiB + 100, 1 * MiB, MEM_USABLE }, /* gap of 100 bytes: not merged */
		{ 8 * MiB, 10, MEM_RESERVED },
		{ 8 * MiB + 10, 10, MEM_RESERVED },
		{ 8 * MiB + 20, 10, MEM_ACPI_NVS },
		{ 1 * MiB + 2048, 4096, MEM_USABLE }, /* inside the others */
	};
	struct mem_region out[16];
	size_t n = memmap_normalize(in, ARRAY_SIZE(in), out, ARRAY_SIZE(out));

	assert_normal(out, n);
	ck_assert_uint_eq(n, 4);
	assert_region(&out[0], 1 * MiB, 2 * MiB, MEM_USABLE);
	assert_region(&out[1], 3 * MiB + PAGE, 1 * MiB - PAGE, MEM_USABLE);
	assert_region(&out[2], 8 * MiB, 20, MEM_RESERVED);
	assert_region(&out[3], 8 * MiB + 20, 10, MEM_ACPI_NVS);
}
END_TEST

START_TEST(test_zero_length_and_tiny)
{
	const struct mem_region in[] = {
		{ 5 * MiB, 0, MEM_RESERVED }, /* would split the usable range */
		{ 4 * MiB, 2 * MiB, MEM_USABLE }, { 0, 0, MEM_USABLE },
		{ 100, 4000, MEM_USABLE },	/* no whole page inside */
		{ 0x2001, 0x1ffe, MEM_USABLE }, /* ditto, spans two partial pages */
		{ UINT64_MAX, 0, MEM_BAD },
	};
	struct mem_region out[16];
	size_t n = memmap_normalize(in, ARRAY_SIZE(in), out, ARRAY_SIZE(out));

	ck_assert_uint_eq(n, 1);
	assert_region(&out[0], 4 * MiB, 2 * MiB, MEM_USABLE);
	ck_assert_uint_eq(memmap_normalize(in, 0, out, 16), 0);
	ck_assert_uint_eq(memmap_normalize(in, 1, out, 16), 0);
}
END_TEST

START_TEST(test_huge_and_wrapping)
{
	const struct mem_region in[] = {
		{ 0xfffffffffffff000ull, 0x10000, MEM_RESERVED }, /* wraps */
		{ 1 * MiB, UINT64_MAX, MEM_USABLE },		  /* wraps */
		{ 0x100000000ull, 0x100000000ull, MEM_BAD },
	};
	struct mem_region out[16];
	size_t n = memmap_normalize(in, ARRAY_SIZE(in), out, ARRAY_SIZE(out));

	assert_normal(out, n);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "wraps past 2^64: clamped"), 2);
	ck_assert_uint_eq(n, 4);
	assert_region(&out[0], 1 * MiB, 0x100000000ull - 1 * MiB, MEM_USABLE);
	assert_region(&out[1], 0x100000000ull, 0x100000000ull, MEM_BAD);
	assert_region(&out[2], 0x200000000ull, 0xfffffffffffff000ull - 0x200000000ull, MEM_USABLE);
	assert_region(&out[3], 0xfffffffffffff000ull, 0xfff, MEM_RESERVED);
}
END_TEST

START_TEST(test_unknown_type_is_reserved)
{
	const struct mem_region in[] = {
		{ 0, 8 * PAGE, MEM_USABLE },
		{ 2 * PAGE, PAGE, 7 }, /* persistent memory, say */
		{ 6 * PAGE, PAGE, 0 },
	};
	struct mem_region out[8];
	size_t n = memmap_normalize(in, ARRAY_SIZE(in), out, ARRAY_SIZE(out));

	ck_assert_uint_eq(n, 5);
	assert_region(&out[1], 2 * PAGE, PAGE, MEM_RESERVED);
	assert_region(&out[3], 6 * PAGE, PAGE, MEM_RESERVED);
}
END_TEST

START_TEST(test_output_full)
{
	struct mem_region in[10], out[4];
	size_t n;

	for (int i = 0; i < 10; i++)
		in[9 - i] = (struct mem_region){ (u64)i * 2 * PAGE, PAGE, MEM_USABLE };
	n = memmap_normalize(in, 10, out, 4);
	ck_assert_uint_eq(n, 4);
	for (int i = 0; i < 4; i++)
		assert_region(&out[i], (u64)i * 2 * PAGE, PAGE, MEM_USABLE);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "more than 4 ranges"), 1);
	ck_assert(stub_printk_contains("6 ranges dropped in all"));
	ck_assert_uint_eq(memmap_normalize(in, 10, out, 0), 0);
}
END_TEST

/*
 * Random maps against a brute-force model: addresses on a 512-byte grid,
 * each grid cell gets the strongest type covering it, then runs are cut and
 * usable runs shrunk to pages exactly as the contract says.
 */
#define CELL  512u
#define CELLS 256u

static int model_rank(u32 t)
{
	static const int rank[] = { [MEM_USABLE] = 0,
				    [MEM_ACPI_RECLAIM] = 1,
				    [MEM_RESERVED] = 2,
				    [MEM_ACPI_NVS] = 3,
				    [MEM_BAD] = 4 };
	return rank[t];
}

static size_t model_normalize(const struct mem_region *in, size_t n, struct mem_region *out)
{
	u32 cell[CELLS] = { 0 };
	size_t count = 0;

	for (size_t i = 0; i < n; i++) {
		for (u64 c = in[i].base / CELL; c < (in[i].base + in[i].size) / CELL; c++) {
			if (!cell[c] || model_rank(in[i].type) > model_rank(cell[c]))
				cell[c] = in[i].type;
		}
	}
	for (u32 c = 0; c < CELLS;) {
		u32 start = c, type = cell[c];

		while (c < CELLS && cell[c] == type)
			c++;
		if (!type)
			continue;
		u64 base = (u64)start * CELL, end = (u64)c * CELL;

		if (type == MEM_USABLE) {
			base = (base + PAGE - 1) / PAGE * PAGE;
			end = end / PAGE * PAGE;
			if (end <= base)
				continue;
		}
		out[count++] = (struct mem_region){ base, end - base, type };
	}
	return count;
}

START_TEST(test_random_against_model)
{
	unsigned int seed = 4242;

	for (int iter = 0; iter < 5000; iter++) {
		struct mem_region in[12], out[64], want[CELLS];
		size_t n = (size_t)rand_r(&seed) % ARRAY_SIZE(in), got, expect;

		for (size_t i = 0; i < n; i++) {
			u32 a = (u32)rand_r(&seed) % CELLS, b = (u32)rand_r(&seed) % (CELLS + 1);
			u32 type =
			    (u32)rand_r(&seed) % 8 < 4 ? MEM_USABLE : 1 + (u32)rand_r(&seed) % 5;

			if (b < a)
				b = a + (u32)rand_r(&seed) % (CELLS - a);
			in[i] = (struct mem_region){ (u64)a * CELL, (u64)(b - a) * CELL, type };
		}
		got = memmap_normalize(in, n, out, ARRAY_SIZE(out));
		expect = model_normalize(in, n, want);
		assert_normal(out, got);
		ck_assert_uint_eq(got, expect);
		for (size_t i = 0; i < got; i++)
			assert_region(&out[i], want[i].base, want[i].size, want[i].type);
	}
}
END_TEST

/* ---- Multiboot1 ---- */

/* Appends one Multiboot1 entry with the given size field; returns bytes written. */
static size_t mb1_put(u8 *buf, u32 esize, u64 base, u64 len, u32 type)
{
	memcpy(buf, &esize, 4);
	memcpy(buf + 4, &base, 8);
	memcpy(buf + 12, &len, 8);
	memcpy(buf + 20, &type, 4);
	if (esize > 20)
		memset(buf + 24, 0xee, esize - 20);
	return 4 + (size_t)esize;
}

/* An exact-size heap copy so ASan catches any read past length. */
static u8 *exact_copy(const u8 *src, size_t len)
{
	u8 *p = malloc(len ? len : 1);

	memcpy(p, src, len);
	return p;
}

START_TEST(test_mb1_decode)
{
	u8 buf[256], *map;
	size_t len = 0, n;
	struct mem_region out[8];

	len += mb1_put(buf + len, 20, 0, 0x9fc00, 1);
	len += mb1_put(buf + len, 28, 0x100000, 0x7ee0000, 1); /* bigger entry: skip padding */
	len += mb1_put(buf + len, 20, 0xfffc0000, 0x40000, 2);
	len += mb1_put(buf + len, 20, 0x7fe0000, 0x1000, 3);
	len += mb1_put(buf + len, 20, 0x7fe1000, 0x1000, 4);
	len += mb1_put(buf + len, 20, 0x7fe2000, 0x1000, 5);
	len += mb1_put(buf + len, 20, 0x7fe3000, 0x1000, 12);
	map = exact_copy(buf, len);
	n = memmap_from_mb1(map, (u32)len, out, ARRAY_SIZE(out));
	ck_assert_uint_eq(n, 7);
	assert_region(&out[0], 0, 0x9fc00, MEM_USABLE);
	assert_region(&out[1], 0x100000, 0x7ee0000, MEM_USABLE);
	assert_region(&out[2], 0xfffc0000, 0x40000, MEM_RESERVED);
	assert_region(&out[3], 0x7fe0000, 0x1000, MEM_ACPI_RECLAIM);
	assert_region(&out[4], 0x7fe1000, 0x1000, MEM_ACPI_NVS);
	assert_region(&out[5], 0x7fe2000, 0x1000, MEM_BAD);
	assert_region(&out[6], 0x7fe3000, 0x1000, MEM_RESERVED);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, NULL), 0);

	/* Output full: the first entries are kept and the rest named. */
	n = memmap_from_mb1(map, (u32)len, out, 3);
	ck_assert_uint_eq(n, 3);
	ck_assert(stub_printk_contains("multiboot1 map has more than 3 entries"));
	free(map);

	ck_assert_uint_eq(memmap_from_mb1(NULL, 0, out, 8), 0);
	ck_assert_uint_eq(memmap_from_mb1(NULL, 24, out, 8), 0);
	ck_assert(stub_printk_contains("NULL address"));
}
END_TEST

START_TEST(test_mb1_bogus_sizes)
{
	u8 buf[256], *map;
	size_t len, n;
	struct mem_region out[8];

	/* An entry size below 20 would make us read the next entry's bytes as this one's. */
	len = mb1_put(buf, 20, 0, 0x9fc00, 1);
	len += mb1_put(buf + len, 12, 0x100000, 0x100000, 1);
	len += mb1_put(buf + len, 20, 0x200000, 0x100000, 1);
	map = exact_copy(buf, len);
	n = memmap_from_mb1(map, (u32)len, out, 8);
	ck_assert_uint_eq(n, 1);
	ck_assert(stub_printk_contains("entry at offset 24 has size 12 (< 20): stopping"));
	free(map);

	/* Size 0: must not loop forever on the same entry. */
	stub_printk_reset();
	len = mb1_put(buf, 0, 0, 0, 0);
	map = exact_copy(buf, 24);
	ck_assert_uint_eq(memmap_from_mb1(map, 24, out, 8), 0);
	ck_assert(stub_printk_contains("has size 0"));
	free(map);

	/* A huge entry size runs past the map. */
	stub_printk_reset();
	len = mb1_put(buf, 20, 0, 0x9fc00, 1);
	len += mb1_put(buf + len, 20, 0x100000, 0x100000, 1);
	memcpy(buf + 24, &(u32){ 0xffffffffu }, 4);
	map = exact_copy(buf, len);
	ck_assert_uint_eq(memmap_from_mb1(map, (u32)len, out, 8), 1);
	ck_assert(stub_printk_contains("runs past the map's 48 bytes"));
	free(map);

	/* The map's length cuts the last entry short. */
	stub_printk_reset();
	len = mb1_put(buf, 20, 0, 0x9fc00, 1);
	len += mb1_put(buf + len, 20, 0x100000, 0x100000, 1);
	map = exact_copy(buf, len - 5);
	ck_assert_uint_eq(memmap_from_mb1(map, (u32)len - 5, out, 8), 1);
	ck_assert(stub_printk_contains("runs past"));
	free(map);

	/* A few stray bytes at the end. */
	stub_printk_reset();
	len = mb1_put(buf, 20, 0, 0x9fc00, 1);
	map = exact_copy(buf, len + 3);
	ck_assert_uint_eq(memmap_from_mb1(map, (u32)len + 3, out, 8), 1);
	ck_assert(stub_printk_contains("3 stray bytes at offset 24"));
	free(map);
}
END_TEST

/* Random bytes: never read past the map, never loop. */
START_TEST(test_mb1_random_bytes)
{
	unsigned int seed = 99;
	struct mem_region out[16];

	for (int iter = 0; iter < 3000; iter++) {
		u32 len = (u32)rand_r(&seed) % 200;
		u8 *map = malloc(len ? len : 1);

		for (u32 i = 0; i < len; i++)
			map[i] = (u8)rand_r(&seed);
		/* Make small sizes likely so several entries get decoded. */
		if (len >= 4 && iter % 2)
			memcpy(map, &(u32){ 20 + (u32)rand_r(&seed) % 3 * 4 }, 4);
		ck_assert_uint_le(memmap_from_mb1(map, len, out, ARRAY_SIZE(out)), len / 24);
		free(map);
	}
}
END_TEST

/* ---- Multiboot2 ---- */

static size_t mb2_build(u8 *buf, u32 type, u32 entry_size, u32 version, size_t nentries,
			const struct mem_region *e)
{
	u32 size = 16 + (u32)(nentries * entry_size);

	memset(buf, 0xcc, size);
	memcpy(buf, &type, 4);
	memcpy(buf + 4, &size, 4);
	memcpy(buf + 8, &entry_size, 4);
	memcpy(buf + 12, &version, 4);
	for (size_t i = 0; i < nentries; i++) {
		u8 *p = buf + 16 + i * entry_size;

		memcpy(p, &e[i].base, 8);
		memcpy(p + 8, &e[i].size, 8);
		memcpy(p + 16, &e[i].type, 4);
		memset(p + 20, 0, 4);
	}
	return size;
}

static const struct mem_region mb2_entries[] = {
	{ 0, 0x9fc00, 1 },
	{ 0x100000, 0x7ee0000, 1 },
	{ 0x7fe0000, 0x20000, 2 },
	{ 0xfd000000, 0x1000000, 9 },
};

START_TEST(test_mb2_decode)
{
	u8 buf[512], *tag;
	struct mem_region out[8];
	size_t len, n;

	len = mb2_build(buf, 6, 24, 0, 4, mb2_entries);
	tag = exact_copy(buf, len);
	n = memmap_from_mb2_tag(tag, out, 8);
	ck_assert_uint_eq(n, 4);
	for (int i = 0; i < 3; i++)
		assert_region(&out[i], mb2_entries[i].base, mb2_entries[i].size,
			      mb2_entries[i].type);
	assert_region(&out[3], 0xfd000000, 0x1000000, MEM_RESERVED);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, NULL), 0);
	ck_assert_uint_eq(memmap_from_mb2_tag(tag, out, 2), 2);
	ck_assert(stub_printk_contains("multiboot2 map has more than 2 entries"));
	free(tag);

	/* A later spec's bigger entries: the known fields still decode. */
	stub_printk_reset();
	len = mb2_build(buf, 6, 40, 1, 4, mb2_entries);
	tag = exact_copy(buf, len);
	ck_assert_uint_eq(memmap_from_mb2_tag(tag, out, 8), 4);
	assert_region(&out[1], 0x100000, 0x7ee0000, MEM_USABLE);
	ck_assert(stub_printk_contains("entry version 1, expected 0"));
	free(tag);
}
END_TEST

START_TEST(test_mb2_bogus)
{
	u8 buf[512], *tag;
	struct mem_region out[8];
	size_t len;

	len = mb2_build(buf, 5, 24, 0, 2, mb2_entries);
	tag = exact_copy(buf, len);
	ck_assert_uint_eq(memmap_from_mb2_tag(tag, out, 8), 0);
	ck_assert(stub_printk_contains("tag type 5 is not a memory map"));
	free(tag);

	static const u32 bad_sizes[] = { 0, 8, 20, 25, 28 };

	for (size_t i = 0; i < ARRAY_SIZE(bad_sizes); i++) {
		stub_printk_reset();
		len = mb2_build(buf, 6, 24, 0, 2, mb2_entries);
		memcpy(buf + 8, &bad_sizes[i], 4);
		tag = exact_copy(buf, len);
		ck_assert_uint_eq(memmap_from_mb2_tag(tag, out, 8), 0);
		ck_assert_msg(stub_printk_contains("is not a multiple of 8 of at least 24"),
			      "entry size %u", bad_sizes[i]);
		free(tag);
	}

	/* Tag size below its header: only the first 8 bytes may be read. */
	stub_printk_reset();
	len = mb2_build(buf, 6, 24, 0, 0, mb2_entries);
	memcpy(buf + 4, &(u32){ 12 }, 4);
	tag = exact_copy(buf, 12);
	ck_assert_uint_eq(memmap_from_mb2_tag(tag, out, 8), 0);
	ck_assert(stub_printk_contains("tag size 12 is below its 16-byte header"));
	free(tag);

	/* A partial entry at the end is ignored. */
	stub_printk_reset();
	len = mb2_build(buf, 6, 24, 0, 3, mb2_entries);
	memcpy(buf + 4, &(u32){ (u32)len - 10 }, 4);
	tag = exact_copy(buf, len - 10);
	ck_assert_uint_eq(memmap_from_mb2_tag(tag, out, 8), 2);
	ck_assert(stub_printk_contains("14 stray bytes after the last whole entry"));
	free(tag);

	/* A tag claiming more than the caller knows is there. */
	stub_printk_reset();
	len = mb2_build(buf, 6, 24, 0, 3, mb2_entries);
	memcpy(buf + 4, &(u32){ 0x7fffffff }, 4);
	tag = exact_copy(buf, len);
	ck_assert_uint_eq(memmap_from_mb2_tag_within(tag, len, out, 8), 3);
	ck_assert(stub_printk_contains("tag claims 2147483647 bytes but only 88 are there"));
	ck_assert_uint_eq(memmap_from_mb2_tag_within(tag, 4, out, 8), 0);
	ck_assert_uint_eq(memmap_from_mb2_tag_within(NULL, 100, out, 8), 0);
	free(tag);
}
END_TEST

START_TEST(test_basic_fallback)
{
	struct mem_region out[4], norm[4];
	size_t n = memmap_from_basic(639, 130048, out, 4);

	ck_assert_uint_eq(n, 2);
	assert_region(&out[0], 0, 639 * KiB, MEM_USABLE);
	assert_region(&out[1], 1 * MiB, 130048 * KiB, MEM_USABLE);
	n = memmap_normalize(out, n, norm, 4);
	assert_region(&norm[0], 0, 636 * KiB, MEM_USABLE);
	ck_assert_uint_eq(memmap_from_basic(0, 0, out, 4), 0);
	ck_assert_uint_eq(memmap_from_basic(639, 100, out, 1), 1);
}
END_TEST

START_TEST(test_print)
{
	const struct mem_region r[] = {
		{ 0, 0x9f000, MEM_USABLE },
		{ 0x100000, 2ull << 30, MEM_USABLE },
		{ 0xfffc0000, 0x40000, MEM_ACPI_NVS },
	};

	memmap_print(r, ARRAY_SIZE(r));
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_INFO, NULL), 3);
	ck_assert(
	    stub_printk_contains("0x0000000000000000-0x000000000009efff usable    (636 KiB)"));
	ck_assert(stub_printk_contains("(2 GiB)"));
	ck_assert(stub_printk_contains("ACPI NVS"));
}
END_TEST

START_TEST(test_find_free)
{
	const struct mem_region map[] = {
		{ 64 * MiB, 64 * MiB, MEM_USABLE },
		{ 0, 636 * KiB, MEM_USABLE },
		{ 1 * MiB, 31 * MiB, MEM_USABLE },
		{ 32 * MiB, 32 * MiB, MEM_RESERVED },
	};
	const struct mem_region busy[] = {
		{ 1 * MiB, 2 * MiB, MEM_RESERVED },	      /* kernel image */
		{ 3 * MiB + 100, 100, MEM_RESERVED },	      /* boot information */
		{ 3 * MiB + 8 * KiB, 4 * KiB, MEM_RESERVED }, /* a module */
		{ 5 * MiB, 0, MEM_RESERVED },		      /* empty: ignored */
	};
	u64 at;

	at = memmap_find_free(map, 4, 256 * KiB, PAGE, 1 * MiB, busy, 4);
	/* Pushed past the boot information, then past the module. */
	ck_assert_uint_eq(at, 3 * MiB + 12 * KiB);
	/* Without the busy list, the first usable byte above 1 MiB. */
	ck_assert_uint_eq(memmap_find_free(map, 4, 256 * KiB, PAGE, 1 * MiB, NULL, 0), 1 * MiB);
	/* Alignment. */
	ck_assert_uint_eq(memmap_find_free(map, 4, 256 * KiB, 2 * MiB, 1 * MiB, busy, 4), 4 * MiB);
	/* Does not fit below 64 MiB: the higher range serves, reserved is skipped. */
	ck_assert_uint_eq(memmap_find_free(map, 4, 40 * MiB, PAGE, 0, busy, 4), 64 * MiB);
	/* Address 0 is never the answer, even when usable and asked for. */
	ck_assert_uint_eq(memmap_find_free(map, 4, PAGE, PAGE, 0, NULL, 0), PAGE);
	/* Nothing fits. */
	ck_assert_uint_eq(memmap_find_free(map, 4, 65 * MiB, PAGE, 0, NULL, 0), 0);
	ck_assert_uint_eq(memmap_find_free(map, 4, PAGE, PAGE, 128 * MiB, NULL, 0), 0);
	ck_assert_uint_eq(memmap_find_free(map, 4, 0, PAGE, 0, NULL, 0), 0);
	ck_assert_uint_eq(memmap_find_free(map, 4, PAGE, 3 * PAGE, 0, NULL, 0), 0);
	/* Near the top of the address space nothing wraps. */
	const struct mem_region top[] = { { UINT64_MAX - 3 * PAGE, 3 * PAGE, MEM_USABLE } };
	const struct mem_region top_busy[] = { { UINT64_MAX - PAGE, PAGE, MEM_RESERVED } };

	ck_assert_uint_eq(memmap_find_free(top, 1, PAGE, PAGE, 0, top_busy, 1),
			  UINT64_MAX - 3 * PAGE + 1);
	ck_assert_uint_eq(memmap_find_free(top, 1, 2 * PAGE, PAGE, 0, top_busy, 1), 0);
	ck_assert_uint_eq(memmap_find_free(top, 1, PAGE, 1ull << 63, 0, NULL, 0), 0);
}
END_TEST

static Suite *memmap_suite(void)
{
	Suite *s = suite_create("memmap");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_typical_bios_map);
	tcase_add_test(tc, test_overlap_non_usable_wins);
	tcase_add_test(tc, test_adjacent_and_duplicates_merge);
	tcase_add_test(tc, test_zero_length_and_tiny);
	tcase_add_test(tc, test_huge_and_wrapping);
	tcase_add_test(tc, test_unknown_type_is_reserved);
	tcase_add_test(tc, test_output_full);
	tcase_add_test(tc, test_random_against_model);
	tcase_add_test(tc, test_mb1_decode);
	tcase_add_test(tc, test_mb1_bogus_sizes);
	tcase_add_test(tc, test_mb1_random_bytes);
	tcase_add_test(tc, test_mb2_decode);
	tcase_add_test(tc, test_mb2_bogus);
	tcase_add_test(tc, test_basic_fallback);
	tcase_add_test(tc, test_print);
	tcase_add_test(tc, test_find_free);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(memmap_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

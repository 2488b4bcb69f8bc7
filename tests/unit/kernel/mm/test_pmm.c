// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for kernel/mm/pmm.c. The managed addresses are made up and never
 * mapped in this process: any access to them would crash the test.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/mm/pmm.h"
#include "kernel/console/printk.h"
#include "tests/unit/fakes/stub_printk.h"

#define KiB  1024ull
#define MiB  (1024ull * KiB)
#define GiB  (1024ull * MiB)
#define PAGE PMM_PAGE_SIZE

static void *bitmap;

static void setup(void)
{
	stub_printk_reset();
	bitmap = NULL;
}

static void teardown(void)
{
	free(bitmap);
}

static struct pmm_stats stats(void)
{
	struct pmm_stats s;

	pmm_get_stats(&s);
	return s;
}

/* pmm_init over regions with a bitmap sized by pmm_bitmap_bytes(). */
static void init_with(const struct mem_region *r, size_t n)
{
	u64 top = memmap_highest_end(r, n, MEM_USABLE);
	size_t bytes = pmm_bitmap_bytes(top);

	free(bitmap);
	bitmap = malloc(bytes ? bytes : 1);
	pmm_init(r, n, bitmap, bytes);
}

START_TEST(test_bitmap_bytes)
{
	ck_assert_uint_eq(pmm_bitmap_bytes(0), 0);
	ck_assert_uint_eq(pmm_bitmap_bytes(1), 16);
	ck_assert_uint_eq(pmm_bitmap_bytes(64 * PAGE), 16);
	ck_assert_uint_eq(pmm_bitmap_bytes(64 * PAGE + 1), 32);
	/* Two bits per page. */
	ck_assert_uint_eq(pmm_bitmap_bytes(4 * GiB), 4 * GiB / PAGE / 4);
}
END_TEST

START_TEST(test_init_counts_usable_pages)
{
	const struct mem_region r[] = {
		{ 0, 0x9fc00, MEM_USABLE },
		{ 0x9fc00, 0x400, MEM_RESERVED },
		{ 0x100000 + 100, 16 * MiB - 200, MEM_USABLE }, /* ragged edges */
		{ 0xfffc0000, 0x40000, MEM_RESERVED },
	};
	struct pmm_stats s;

	init_with(r, ARRAY_SIZE(r));
	s = stats();
	/* 0x9f pages below 640K minus page 0, plus the whole pages inside the ragged range. */
	ck_assert_uint_eq(s.total_pages, 0x9f - 1 + 16 * MiB / PAGE - 2);
	ck_assert_uint_eq(s.free_pages, s.total_pages);
	ck_assert_uint_eq(s.used_pages, 0);
	ck_assert_uint_eq(s.ignored_pages, 0);
	ck_assert_int_eq(stub_printk_total(), 0);
	/* The first page handed out is page 1, never page 0. */
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), PAGE);
}
END_TEST

START_TEST(test_init_unnormalised_overlap)
{
	const struct mem_region r[] = {
		{ 1 * MiB, 1 * MiB, MEM_USABLE },
		{ 1 * MiB + 8 * KiB + 1, 10, MEM_ACPI_NVS },  /* inside one page */
		{ 1 * MiB + 512 * KiB, 1 * MiB, MEM_USABLE }, /* overlaps the first */
	};
	u64 a;

	init_with(r, ARRAY_SIZE(r));
	ck_assert_uint_eq(stats().total_pages, 384 - 1);
	/* The page holding the NVS bytes is never handed out. */
	for (int i = 0; i < 383; i++) {
		a = pmm_alloc(1, 0, 0);
		ck_assert(a != 1 * MiB + 8 * KiB);
		ck_assert(a >= 1 * MiB && a < 2 * MiB + 512 * KiB);
	}
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), 0);
	pmm_free(1 * MiB + 8 * KiB, 1);
	ck_assert(stub_printk_contains("includes reserved pages"));
}
END_TEST

START_TEST(test_init_small_bitmap)
{
	const struct mem_region r[] = { { 1 * MiB, 63 * MiB, MEM_USABLE } };
	static u64 words[2 * 64]; /* room for 64 * 64 pages = 16 MiB */

	pmm_init(r, 1, words, sizeof(words));
	ck_assert_uint_eq(stats().total_pages, 15 * MiB / PAGE);
	ck_assert_uint_eq(stats().ignored_pages, 48 * MiB / PAGE);
	ck_assert(stub_printk_contains("12288 usable pages from 0x1000000 up ignored"));

	/* A misaligned buffer is used from its first aligned word. */
	stub_printk_reset();
	pmm_init(r, 1, (char *)words + 3, sizeof(words) - 3);
	ck_assert_uint_eq(stats().total_pages, 63 * 64 - 256);

	/* No room at all: every allocation fails, nothing crashes. */
	pmm_init(r, 1, (char *)words + 1, 8);
	ck_assert(stub_printk_contains("no room for a bitmap"));
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), 0);
	pmm_free(1 * MiB, 1);
	ck_assert_uint_eq(stats().bad_frees, 1);
}
END_TEST

START_TEST(test_alloc_lowest_first_and_free)
{
	const struct mem_region r[] = { { 1 * MiB, 1 * MiB, MEM_USABLE } };
	u64 a, b, c;

	init_with(r, 1);
	a = pmm_alloc(1, 0, 0);
	b = pmm_alloc(3, 0, 0);
	c = pmm_alloc(1, PAGE, 0);
	ck_assert_uint_eq(a, 1 * MiB);
	ck_assert_uint_eq(b, 1 * MiB + PAGE);
	ck_assert_uint_eq(c, 1 * MiB + 4 * PAGE);
	ck_assert_uint_eq(stats().used_pages, 5);
	pmm_free(b, 3);
	ck_assert_uint_eq(stats().used_pages, 2);
	ck_assert_uint_eq(stats().used_hwm_pages, 5);
	/* The hole is reused for what fits in it. */
	ck_assert_uint_eq(pmm_alloc(2, 0, 0), b);
	ck_assert_uint_eq(pmm_alloc(2, 0, 0), c + PAGE);
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), b + 2 * PAGE);
	ck_assert_uint_eq(stats().allocs, 6);
	ck_assert_uint_eq(stats().frees, 1);
	ck_assert_int_eq(stub_printk_total(), 0);
}
END_TEST

START_TEST(test_alignment)
{
	const struct mem_region r[] = { { 1 * MiB + 4 * KiB, 63 * MiB, MEM_USABLE } };
	u64 a;

	init_with(r, 1);
	a = pmm_alloc(1, 2 * MiB, 0);
	ck_assert_uint_eq(a, 2 * MiB);
	a = pmm_alloc(3, 64 * KiB, 0);
	ck_assert_uint_eq(a, 1 * MiB + 64 * KiB);
	/* Alignment below a page means a page. */
	ck_assert_uint_eq(pmm_alloc(1, 16, 0), 1 * MiB + 4 * KiB);
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), 1 * MiB + 8 * KiB);
	a = pmm_alloc(512, 1 * MiB, 0);
	ck_assert_uint_eq(a, 3 * MiB);
	ck_assert_uint_eq(pmm_alloc(1, 3 * PAGE, 0), 0);
	ck_assert(stub_printk_contains("alignment 0x3000 is not a power of two"));
	ck_assert_uint_eq(pmm_alloc(0, 0, 0), 0);
	ck_assert(stub_printk_contains("zero pages"));
	ck_assert_uint_eq(stats().failed_allocs, 2);
	/* Alignment larger than all memory. */
	ck_assert_uint_eq(pmm_alloc(1, 1ull << 40, 0), 0);
}
END_TEST

START_TEST(test_max_end)
{
	const struct mem_region r[] = {
		{ 1 * MiB, 3 * GiB - 1 * MiB, MEM_USABLE },
		{ 4 * GiB, 4 * GiB, MEM_USABLE },
	};
	u64 a;

	init_with(r, ARRAY_SIZE(r));
	ck_assert_uint_eq(stats().total_pages, (7 * GiB - 1 * MiB) / PAGE);
	/* Fill everything below 4 GiB but the last page below 3 GiB. */
	a = pmm_alloc((3 * GiB - 1 * MiB) / PAGE - 1, 0, 4 * GiB);
	ck_assert_uint_eq(a, 1 * MiB);
	/* Two pages do not fit below 4 GiB any more. */
	ck_assert_uint_eq(pmm_alloc(2, 0, 4 * GiB), 0);
	/* One does, ending exactly at max_end... */
	ck_assert_uint_eq(pmm_alloc(1, 0, 3 * GiB), 3 * GiB - PAGE);
	/* ...and nothing is left below it. */
	ck_assert_uint_eq(pmm_alloc(1, 0, 4 * GiB), 0);
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), 4 * GiB);
	/* max_end that is not page aligned rounds down. */
	ck_assert_uint_eq(pmm_alloc(1, 0, 4 * GiB + 2 * PAGE - 1), 0);
	ck_assert_uint_eq(pmm_alloc(1, 0, 4 * GiB + 3 * PAGE - 1), 4 * GiB + PAGE);
	ck_assert_uint_eq(pmm_alloc(1, 0, 4 * GiB + 3 * PAGE - 1), 0);
	ck_assert_uint_eq(pmm_alloc(1, 0, 1), 0);
}
END_TEST

/* dma=high's allocation: lowest fit above a floor, a miss not counted, the low hint kept. */
START_TEST(test_alloc_above)
{
	const struct mem_region r[] = {
		{ 1 * MiB, 1 * MiB, MEM_USABLE },
		{ 4 * GiB, 4 * PAGE, MEM_USABLE },
	};
	u64 failed;

	init_with(r, ARRAY_SIZE(r));
	ck_assert_uint_eq(pmm_alloc_above(2, 0, 4 * GiB), 4 * GiB);
	/* Aligned to 4 pages: nothing above fits any more. */
	failed = stats().failed_allocs;
	ck_assert_uint_eq(pmm_alloc_above(1, 4 * PAGE, 4 * GiB), 0);
	ck_assert_uint_eq(pmm_alloc_above(1, 0, 4 * GiB), 4 * GiB + 2 * PAGE);
	ck_assert_uint_eq(pmm_alloc_above(2, 0, 4 * GiB), 0);
	/* A floor past the end of RAM is a plain miss too. */
	ck_assert_uint_eq(pmm_alloc_above(1, 0, 64 * GiB), 0);
	ck_assert_uint_eq(stats().failed_allocs, failed);
	/* Low memory was never searched: its lowest page is still first. */
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), 1 * MiB);
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), 1 * MiB + PAGE);
	/* The floor is a floor, not a start hint for what lies below it. */
	ck_assert_uint_eq(pmm_alloc_above(1, 0, 1 * MiB + 8 * PAGE), 1 * MiB + 8 * PAGE);
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), 1 * MiB + 2 * PAGE);
}
END_TEST

START_TEST(test_contiguous_across_holes)
{
	const struct mem_region r[] = {
		{ 1 * MiB, 16 * PAGE, MEM_USABLE },
		{ 1 * MiB + 16 * PAGE, PAGE, MEM_RESERVED },
		{ 1 * MiB + 17 * PAGE, 100 * PAGE, MEM_USABLE },
	};

	init_with(r, ARRAY_SIZE(r));
	ck_assert_uint_eq(pmm_alloc(17, 0, 0), 1 * MiB + 17 * PAGE);
	ck_assert_uint_eq(pmm_alloc(16, 0, 0), 1 * MiB);
	ck_assert_uint_eq(pmm_alloc(84, 0, 0), 0);
	ck_assert_uint_eq(pmm_alloc(83, 0, 0), 1 * MiB + 34 * PAGE);
	ck_assert_uint_eq(stats().free_pages, 0);
}
END_TEST

START_TEST(test_exhaustion)
{
	const struct mem_region r[] = { { 0, 64 * MiB, MEM_USABLE } };
	u64 n = 0, a, prev = 0;

	init_with(r, 1);
	while ((a = pmm_alloc(1, 0, 0)) != 0) {
		if (a <= prev)
			ck_abort_msg("%#llx handed out after %#llx", (unsigned long long)a,
				     (unsigned long long)prev);
		prev = a;
		n++;
	}
	ck_assert_uint_eq(n, 64 * MiB / PAGE - 1);
	ck_assert_uint_eq(stats().free_pages, 0);
	ck_assert_uint_eq(stats().failed_allocs, 1);
	for (a = PAGE; a < 64 * MiB; a += PAGE)
		pmm_free(a, 1);
	ck_assert_uint_eq(stats().free_pages, n);
	ck_assert_uint_eq(stats().used_hwm_pages, n);
	ck_assert_uint_eq(pmm_alloc(n, 0, 0), PAGE);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, NULL), 0);
}
END_TEST

START_TEST(test_bad_frees)
{
	const struct mem_region r[] = {
		{ 0, 4 * MiB, MEM_USABLE },
		{ 8 * MiB, 4 * MiB, MEM_USABLE },
	};
	u64 a, b;
	struct pmm_stats before;

	init_with(r, ARRAY_SIZE(r));
	a = pmm_alloc(4, 0, 0);
	b = pmm_alloc(4, 0, 0);
	ck_assert(pmm_free(a, 4));
	before = stats();
	ck_assert(!pmm_free(a, 4));
	ck_assert(
	    stub_printk_contains("double free of 0x1000+4 pages: page 0x1000 is already free"));
	/* Partly free: nothing at all is freed. */
	pmm_free(a + 2 * PAGE, 4);
	ck_assert(stub_printk_contains("page 0x3000 is already free"));
	ck_assert_uint_eq(stats().free_pages, before.free_pages);
	ck_assert_uint_eq(pmm_alloc(4, 0, 0), a);
	ck_assert(!pmm_free(0, 1));
	ck_assert(!pmm_free(4 * MiB, 1)); /* hole between the regions */
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, "includes reserved pages"), 2);
	pmm_free(b + 1, 1);
	pmm_free(64 * MiB, 1);
	pmm_free(b, 0);
	pmm_free(UINT64_MAX & ~(PAGE - 1), 1);
	pmm_free(b, SIZE_MAX);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, "not a page range this allocator"), 5);
	ck_assert_uint_eq(stats().bad_frees, 9);
	ck_assert_uint_eq(stats().used_pages, 8);
	ck_assert(pmm_free(b, 4));
	ck_assert_uint_eq(stats().used_pages, 4);
}
END_TEST

START_TEST(test_reserve)
{
	const struct mem_region r[] = { { 0, 4 * MiB, MEM_USABLE } };
	u64 a;

	init_with(r, 1);
	pmm_reserve(PAGE + 1, 2);	  /* touches one page */
	pmm_reserve(3 * PAGE - 1, 2);	  /* touches two */
	pmm_reserve(1 * MiB, 0);	  /* nothing */
	pmm_reserve(3 * MiB, UINT64_MAX); /* to the end, clamped */
	pmm_reserve(64 * MiB, 1 * MiB);	  /* beyond the bitmap: ignored */
	ck_assert_uint_eq(stats().reserved_pages, 3 + 256);
	ck_assert_uint_eq(stats().free_pages, 1024 - 1 - 3 - 256);
	a = pmm_alloc(1, 0, 0);
	ck_assert_uint_eq(a, 4 * PAGE);
	/* Reserving twice counts once. */
	pmm_reserve(PAGE, PAGE);
	ck_assert_uint_eq(stats().reserved_pages, 3 + 256);
	/* Reserving an allocated page is suspicious. */
	pmm_reserve(a, 1);
	ck_assert(stub_printk_contains("which holds allocated pages"));
	pmm_free(a, 1);
	ck_assert(stub_printk_contains("includes reserved pages"));
	while ((a = pmm_alloc(1, 0, 0)))
		ck_assert(a < 3 * MiB);
}
END_TEST

START_TEST(test_print_stats)
{
	const struct mem_region r[] = { { 0, 4 * MiB, MEM_USABLE } };

	init_with(r, 1);
	pmm_alloc(2, 0, 0);
	pmm_print_stats();
	ck_assert(stub_printk_contains("4092 KiB usable, 4084 KiB free, 8 KiB allocated "
				       "(peak 8 KiB), 0 KiB reserved"));
}
END_TEST

/*
 * Random allocations and frees checked against a shadow array of page
 * states. When the allocator says no, a brute-force search over the shadow
 * must agree that no aligned run of free pages fits under the limit.
 */
#define SHADOW_PAGES 4096u
enum { SH_RESERVED, SH_FREE, SH_USED };

struct live {
	u64 base;
	size_t pages;
};

static bool shadow_fits(const u8 *sh, size_t pages, u64 align_pages, u64 limit)
{
	for (u64 s = 0; s + pages <= limit; s += align_pages) {
		bool ok = true;

		for (u64 p = s; p < s + pages && ok; p++)
			ok = sh[p] == SH_FREE;
		if (ok)
			return true;
	}
	return false;
}

START_TEST(test_random_against_shadow)
{
	static u8 sh[SHADOW_PAGES];
	static struct live live[2048];
	struct mem_region r[24];
	size_t nr = 0, nlive = 0;
	unsigned int seed = 2024 + (unsigned int)_i;
	u64 free_count = 0;

	/* Random usable islands separated by reserved gaps, page 0 usable. */
	for (u64 base = 0; base < SHADOW_PAGES && nr < ARRAY_SIZE(r);) {
		u64 len = 1 + (u64)rand_r(&seed) % 600, gap = (u64)rand_r(&seed) % 40;

		len = MIN(len, SHADOW_PAGES - base);
		r[nr++] = (struct mem_region){ base * PAGE, len * PAGE, MEM_USABLE };
		for (u64 p = base; p < base + len; p++)
			sh[p] = p ? SH_FREE : SH_RESERVED;
		for (u64 p = base + len; p < MIN(base + len + gap, SHADOW_PAGES); p++)
			sh[p] = SH_RESERVED;
		base += len + gap;
	}
	init_with(r, nr);
	for (u64 p = 0; p < SHADOW_PAGES; p++)
		free_count += sh[p] == SH_FREE;
	ck_assert_uint_eq(stats().free_pages, free_count);

	for (int step = 0; step < 4000; step++) {
		int op = rand_r(&seed) % 100;

		if (op < 55 && nlive < ARRAY_SIZE(live)) {
			size_t pages =
			    rand_r(&seed) % 4 ? 1 + rand_r(&seed) % 8 : 1 + rand_r(&seed) % 200;
			u64 align_pages = 1ull << (rand_r(&seed) % 7);
			/* max_end 0 means no limit, so a limit is at least a page. */
			u64 limit_pages = rand_r(&seed) % 3 ? SHADOW_PAGES
							    : 1 + (u64)rand_r(&seed) % SHADOW_PAGES;
			u64 max_end = limit_pages == SHADOW_PAGES ? 0 : limit_pages * PAGE;
			u64 a = pmm_alloc(pages, align_pages * PAGE, max_end);

			if (!a) {
				ck_assert_msg(!shadow_fits(sh, pages, align_pages, limit_pages),
					      "step %d: %zu pages align %llu below %llu refused",
					      step, pages, (unsigned long long)align_pages,
					      (unsigned long long)limit_pages);
				continue;
			}
			u64 first = a / PAGE;

			ck_assert(a % (align_pages * PAGE) == 0);
			ck_assert(first + pages <= limit_pages);
			for (u64 p = first; p < first + pages; p++) {
				if (sh[p] != SH_FREE)
					ck_abort_msg("page %llu handed out while not free",
						     (unsigned long long)p);
				sh[p] = SH_USED;
			}
			free_count -= pages;
			live[nlive++] = (struct live){ a, pages };
		} else if (op < 95 && nlive) {
			size_t i = (size_t)rand_r(&seed) % nlive;

			pmm_free(live[i].base, live[i].pages);
			for (u64 p = live[i].base / PAGE; p < live[i].base / PAGE + live[i].pages;
			     p++)
				sh[p] = SH_FREE;
			free_count += live[i].pages;
			live[i] = live[--nlive];
		} else if (nlive) {
			/* A double free of something already freed must change nothing. */
			size_t i = (size_t)rand_r(&seed) % nlive;
			u64 bad_before = stats().bad_frees;

			pmm_free(live[i].base, live[i].pages);
			pmm_free(live[i].base, live[i].pages);
			ck_assert_uint_eq(stats().bad_frees, bad_before + 1);
			for (u64 p = live[i].base / PAGE; p < live[i].base / PAGE + live[i].pages;
			     p++)
				sh[p] = SH_FREE;
			free_count += live[i].pages;
			live[i] = live[--nlive];
		}
		ck_assert_uint_eq(stats().free_pages, free_count);
	}
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, "double free"), (int)stats().bad_frees);
}
END_TEST

/* Single-page churn over 1 GiB: fails by timeout if the scan is not word-wise. */
START_TEST(test_many_pages_fast)
{
	const struct mem_region r[] = { { 0, 1 * GiB, MEM_USABLE } };
	u64 n = 0;

	init_with(r, 1);
	while (pmm_alloc(1, 0, 0))
		n++;
	ck_assert_uint_eq(n, 1 * GiB / PAGE - 1);
	/* Free every other page, then ask for two contiguous: none exist. */
	for (u64 a = 2 * PAGE; a < 1 * GiB; a += 2 * PAGE)
		pmm_free(a, 1);
	for (int i = 0; i < 200; i++)
		ck_assert_uint_eq(pmm_alloc(2, 0, 0), 0);
	ck_assert_uint_eq(pmm_alloc(1, 0, 0), 2 * PAGE);
}
END_TEST

static Suite *pmm_suite(void)
{
	Suite *s = suite_create("pmm");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_bitmap_bytes);
	tcase_add_test(tc, test_init_counts_usable_pages);
	tcase_add_test(tc, test_init_unnormalised_overlap);
	tcase_add_test(tc, test_init_small_bitmap);
	tcase_add_test(tc, test_alloc_lowest_first_and_free);
	tcase_add_test(tc, test_alignment);
	tcase_add_test(tc, test_max_end);
	tcase_add_test(tc, test_alloc_above);
	tcase_add_test(tc, test_contiguous_across_holes);
	tcase_add_test(tc, test_exhaustion);
	tcase_add_test(tc, test_bad_frees);
	tcase_add_test(tc, test_reserve);
	tcase_add_test(tc, test_print_stats);
	tcase_add_loop_test(tc, test_random_against_shadow, 0, 8);
	tcase_add_test(tc, test_many_pages_fast);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(pmm_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

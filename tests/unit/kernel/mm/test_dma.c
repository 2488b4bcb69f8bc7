// SPDX-License-Identifier: BSD-2-Clause
/* Unit tests for kernel/mm/dma.c over a fake physical arena straddling 4 GiB. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/core/cmdline.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/phys.h"
#include "kernel/mm/pmm.h"
#include "kernel/console/printk.h"
#include "tests/unit/fakes/phys_arena.h"
#include "tests/unit/fakes/stub_printk.h"

#define MiB	   (1024ull * 1024)
#define GiB	   (1024ull * MiB)
#define PAGE	   PMM_PAGE_SIZE
#define ARENA_BASE (4 * GiB - 4 * MiB)
#define ARENA_SIZE (8 * MiB)

static void setup(void)
{
	stub_printk_reset();
	phys_arena_init(ARENA_BASE, ARENA_SIZE);
}

static void teardown(void)
{
	phys_arena_free();
}

static bool all_zero(const u8 *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i])
			return false;
	}
	return true;
}

START_TEST(test_alloc_zeroed_and_bus_address)
{
	dma_addr_t bus = 0;
	u8 *p = dma_alloc(100, 0, 0, &bus);
	struct dma_stats s;

	ck_assert_ptr_nonnull(p);
	ck_assert(phys_arena_contains(p, PAGE));
	ck_assert_uint_eq(bus, virt_to_phys(p));
	ck_assert_uint_eq(bus, ARENA_BASE);
	ck_assert((uintptr_t)p % PAGE == 0);
	/* The arena starts as junk: the whole page must have been cleared. */
	ck_assert(all_zero(p, PAGE));
	memset(p, 0xff, PAGE);
	dma_free(p, 100);
	p = dma_alloc(PAGE, 16, 0, &bus);
	ck_assert_uint_eq(bus, ARENA_BASE);
	ck_assert(all_zero(p, PAGE));
	dma_get_stats(&s);
	ck_assert_uint_eq(s.bytes_in_use, PAGE);
	ck_assert_uint_eq(s.allocs, 2);
	ck_assert_uint_eq(s.frees, 1);
	ck_assert_ptr_nonnull(dma_alloc(1, 0, 0, NULL));
}
END_TEST

START_TEST(test_alignment_and_size)
{
	dma_addr_t bus;
	u8 *a = dma_alloc(1, 0, 0, &bus);
	u8 *b = dma_alloc(3 * PAGE + 1, 64 * 1024, 0, &bus);
	struct dma_stats s;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	ck_assert(bus % (64 * 1024) == 0);
	ck_assert(all_zero(b, 4 * PAGE));
	ck_assert(phys_arena_contains(b, 4 * PAGE));
	dma_get_stats(&s);
	ck_assert_uint_eq(s.bytes_in_use, 5 * PAGE);
	ck_assert_uint_eq(s.bytes_hwm, 5 * PAGE);
	dma_free(b, 3 * PAGE + 1);
	dma_free(a, 1);
	dma_get_stats(&s);
	ck_assert_uint_eq(s.bytes_in_use, 0);
	ck_assert_uint_eq(s.bytes_hwm, 5 * PAGE);
	dma_print_stats();
	ck_assert(stub_printk_contains("dma: 0 KiB in use (peak 20 KiB), 2 allocations, 2 frees, "
				       "0 failed"));
}
END_TEST

START_TEST(test_32bit_limit)
{
	dma_addr_t bus;
	struct pmm_stats ps;
	void *p;
	int below = 0;

	/* 4 MiB of the arena lies below 4 GiB: 1024 pages. */
	while ((p = dma_alloc(PAGE, 0, DMA_32BIT, &bus))) {
		ck_assert_uint_lt(bus + PAGE, 4 * GiB + 1);
		below++;
	}
	ck_assert_int_eq(below, 1024);
	ck_assert(stub_printk_contains("no 4096 contiguous bytes aligned to 0x1000 below 4 GiB"));
	/* Without the flag memory above 4 GiB is still there. */
	ck_assert_ptr_nonnull(dma_alloc(PAGE, 0, 0, &bus));
	ck_assert_uint_ge(bus, 4 * GiB);
	pmm_get_stats(&ps);
	ck_assert_uint_eq(ps.used_pages, 1025);
}
END_TEST

/* dma=high: above 4 GiB while it lasts, then below; DMA_32BIT still below. */
START_TEST(test_dma_high)
{
	dma_addr_t bus;
	int above = 0;

	cmdline_init("dma=high");
	dma_read_params();
	ck_assert(stub_printk_contains("dma=high: device buffers above 4 GiB first"));
	ck_assert_ptr_nonnull(dma_alloc(PAGE, 0, DMA_32BIT, &bus));
	ck_assert_uint_lt(bus, 4 * GiB);
	/* 4 MiB of the arena lies above 4 GiB: 1024 pages, then the fallback. */
	while (dma_alloc(PAGE, 0, 0, &bus) && bus >= 4 * GiB)
		above++;
	ck_assert_int_eq(above, 1024);
	ck_assert_uint_lt(bus, 4 * GiB);
}
END_TEST

START_TEST(test_dma_param_unknown)
{
	dma_addr_t bus;

	cmdline_init("dma=sideways");
	dma_read_params();
	ck_assert(stub_printk_contains("dma=sideways: unknown (high or low)"));
	ck_assert_ptr_nonnull(dma_alloc(PAGE, 0, 0, &bus));
	ck_assert_uint_eq(bus, ARENA_BASE);
}
END_TEST

START_TEST(test_bad_requests)
{
	dma_addr_t bus = 7;
	struct dma_stats s;
	u8 *p;

	ck_assert_ptr_null(dma_alloc(0, 0, 0, &bus));
	ck_assert_ptr_null(dma_alloc(PAGE, 3000, 0, &bus));
	ck_assert_ptr_null(dma_alloc(PAGE, 0, 0x80, &bus));
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, "bad request"), 3);
	ck_assert_ptr_null(dma_alloc(ARENA_SIZE + PAGE, 0, 0, &bus));
	ck_assert_ptr_null(dma_alloc(SIZE_MAX, 0, 0, &bus));
	ck_assert_uint_eq(bus, 7);
	dma_get_stats(&s);
	ck_assert_uint_eq(s.failed, 5);

	p = dma_alloc(PAGE, 0, 0, &bus);
	dma_free(p + 8, PAGE);
	ck_assert(stub_printk_contains("not page aligned"));
	dma_free(p, PAGE);
	dma_free(p, PAGE);
	ck_assert(stub_printk_contains("pmm: double free"));
	dma_free(NULL, PAGE);
	dma_get_stats(&s);
	ck_assert_uint_eq(s.frees, 1);
	ck_assert_uint_eq(s.bytes_in_use, 0);
}
END_TEST

/* Bare metal is coherent: streaming memory is ordinary memory and syncs change nothing. */
START_TEST(test_streaming_is_plain_memory_on_bare_metal)
{
	dma_addr_t bus = 0;
	u8 *p = dma_alloc(2 * PAGE, 0, DMA_STREAMING | DMA_32BIT, &bus);

	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(bus, virt_to_phys(p));
	memcpy(p, "frame", 6);
	dma_sync_single_for_device(bus, PAGE, DMA_FROM_DEVICE);
	ck_assert_str_eq((char *)p, "frame");
	dma_sync_single_for_cpu(bus, PAGE, DMA_FROM_DEVICE);
	ck_assert_str_eq((char *)p, "frame");
	ck_assert_uint_eq(dma_map_single(p + 8, 16), (dma_addr_t)(uintptr_t)(p + 8));
	dma_free(p, 2 * PAGE);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, "bad request"), 0);
}
END_TEST

static Suite *dma_suite(void)
{
	Suite *s = suite_create("dma");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_alloc_zeroed_and_bus_address);
	tcase_add_test(tc, test_alignment_and_size);
	tcase_add_test(tc, test_32bit_limit);
	tcase_add_test(tc, test_dma_high);
	tcase_add_test(tc, test_dma_param_unknown);
	tcase_add_test(tc, test_bad_requests);
	tcase_add_test(tc, test_streaming_is_plain_memory_on_bare_metal);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(dma_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

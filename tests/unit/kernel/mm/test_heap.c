// SPDX-License-Identifier: BSD-2-Clause
/* Unit tests for kernel/mm/heap.c over a fake physical arena. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/mm/heap.h"
#include "kernel/mm/pmm.h"
#include "kernel/console/printk.h"
#include "tests/unit/fakes/phys_arena.h"
#include "tests/unit/fakes/stub_printk.h"

#define MiB	   (1024ull * 1024)
#define PAGE	   PMM_PAGE_SIZE
#define ARENA_BASE (16 * MiB)

static void setup_pages(size_t pages)
{
	stub_printk_reset();
	phys_arena_init(ARENA_BASE, pages * PAGE);
	heap_reset();
}

static void setup(void)
{
	setup_pages(1024);
}

static void teardown(void)
{
	phys_arena_free();
}

static struct heap_stats hstats(void)
{
	struct heap_stats s;

	heap_get_stats(&s);
	return s;
}

static u64 pmm_used(void)
{
	struct pmm_stats s;

	pmm_get_stats(&s);
	return s.used_pages;
}

START_TEST(test_small_sizes_and_alignment)
{
	static const size_t sizes[] = { 0,   1,	   15,	 16,   17,   100,  512,
					513, 1000, 1024, 1025, 1344, 1345, 2016 };
	static const size_t want[] = { 16,   16,   16,	 16,   32,   128,  512,
				       1024, 1024, 1024, 1344, 1344, 2016, 2016 };

	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		u8 *p = kmalloc(sizes[i]);

		ck_assert_ptr_nonnull(p);
		ck_assert(phys_arena_contains(p, want[i]));
		ck_assert((uintptr_t)p % 16 == 0);
		ck_assert_uint_eq(ksize(p), want[i]);
		memset(p, 0x5a, ksize(p));
	}
	ck_assert_uint_eq(hstats().allocs, ARRAY_SIZE(sizes));
	ck_assert_uint_eq(hstats().classes[0].in_use, 4);
	ck_assert_uint_eq(hstats().classes[6].in_use, 3);
	ck_assert_uint_eq(hstats().classes[7].in_use, 2);
	ck_assert_uint_eq(hstats().classes[8].in_use, 2);
	ck_assert_uint_eq(hstats().big_in_use, 0);
	/* One slab per class touched; two 2016-byte objects fill one. */
	ck_assert_uint_eq(hstats().pages_in_use, 7);
	ck_assert_uint_eq(pmm_used(), 7);
	ck_assert_int_eq(stub_printk_total(), 0);
}
END_TEST

START_TEST(test_every_small_size_gets_the_tightest_class)
{
	static const size_t classes[] = { 16, 32, 64, 128, 256, 512, 1024, 1344, 2016 };

	for (size_t size = 0; size <= HEAP_MAX_SMALL; size++) {
		void *p = kmalloc(size);
		size_t want = 0;

		for (size_t i = 0; !want; i++)
			if (classes[i] >= size)
				want = classes[i];
		ck_assert_ptr_nonnull(p);
		ck_assert_msg(ksize(p) == want, "kmalloc(%zu): %zu bytes, want %zu", size, ksize(p),
			      want);
		kfree(p);
	}
	ck_assert_uint_eq(hstats().bytes_in_use, 0);
	ck_assert_uint_eq(hstats().big_in_use, 0);
}
END_TEST

START_TEST(test_big_allocations)
{
	u8 *a = kmalloc(2017), *b = kmalloc(PAGE - 64), *c = kmalloc(PAGE), *d = kmalloc(100000);

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(d);
	ck_assert(phys_arena_contains(d, 100000));
	ck_assert((uintptr_t)d % 64 == 0);
	ck_assert_uint_eq(ksize(a), PAGE - 64);
	ck_assert_uint_eq(ksize(b), PAGE - 64);
	ck_assert_uint_eq(ksize(c), 2 * PAGE - 64);
	ck_assert_uint_ge(ksize(d), 100000);
	memset(d, 1, 100000);
	ck_assert_uint_eq(hstats().big_in_use, 4);
	ck_assert_uint_eq(hstats().bytes_in_use, 2017 + PAGE - 64 + PAGE + 100000);
	ck_assert_uint_eq(pmm_used(), 1 + 1 + 2 + 25);
	kfree(d);
	kfree(c);
	kfree(b);
	kfree(a);
	ck_assert_uint_eq(pmm_used(), 0);
	ck_assert_uint_eq(hstats().bytes_in_use, 0);
	ck_assert_uint_eq(hstats().pages_hwm, 29);
	ck_assert_uint_eq(hstats().big_in_use, 0);
}
END_TEST

START_TEST(test_slabs_fill_and_return)
{
	/* (4096 - 64) / 64 = 63 objects per 64-byte slab; two slabs more than are kept empty. */
	void *p[63 * (HEAP_EMPTY_SLABS_KEPT + 2)];

	for (size_t i = 0; i < ARRAY_SIZE(p); i++) {
		p[i] = kmalloc(64);
		ck_assert_ptr_nonnull(p[i]);
		for (size_t j = 0; j < i; j++)
			ck_assert_ptr_ne(p[i], p[j]);
	}
	ck_assert_uint_eq(hstats().classes[2].slabs, HEAP_EMPTY_SLABS_KEPT + 2);
	ck_assert_uint_eq(pmm_used(), HEAP_EMPTY_SLABS_KEPT + 2);
	for (size_t i = 0; i < ARRAY_SIZE(p); i++)
		kfree(p[i]);
	/* HEAP_EMPTY_SLABS_KEPT empty slabs stay cached; the others go back. */
	ck_assert_uint_eq(hstats().classes[2].slabs, HEAP_EMPTY_SLABS_KEPT);
	ck_assert_uint_eq(pmm_used(), HEAP_EMPTY_SLABS_KEPT);
	ck_assert_uint_eq(hstats().classes[2].in_use, 0);
	ck_assert_uint_eq(hstats().classes[2].in_use_hwm, ARRAY_SIZE(p));
	/* Alloc/free ping-pong does not churn pages. */
	for (int i = 0; i < 100; i++)
		kfree(kmalloc(64));
	ck_assert_uint_eq(pmm_used(), HEAP_EMPTY_SLABS_KEPT);
	ck_assert_uint_eq(hstats().pages_hwm, HEAP_EMPTY_SLABS_KEPT + 2);
}
END_TEST

START_TEST(test_kzalloc_kcalloc)
{
	u8 *p = kmalloc(200);
	u32 *q;

	memset(p, 0xee, 200);
	kfree(p);
	p = kzalloc(200);
	for (int i = 0; i < 200; i++)
		ck_assert_uint_eq(p[i], 0);
	q = kcalloc(1000, sizeof(*q));
	ck_assert_ptr_nonnull(q);
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_eq(q[i], 0);
	ck_assert_ptr_null(kcalloc(SIZE_MAX / 2, 3));
	ck_assert(stub_printk_contains("overflows"));
	ck_assert_uint_eq(hstats().failed, 1);
	ck_assert_ptr_nonnull(kcalloc(0, 5));
	ck_assert_ptr_nonnull(kcalloc(5, 0));
}
END_TEST

START_TEST(test_usable_sizes_without_lookup)
{
	/* Every class's first object comes from a new slab, the next from its free list; then pages. */
	static const size_t sizes[] = { 1, 16, 17, 200, 200, 1025, 2016, 2016, 2017, PAGE, 100000 };
	void *p[ARRAY_SIZE(sizes)];
	size_t usable;

	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		p[i] = kmalloc_usable(sizes[i], &usable);
		ck_assert_ptr_nonnull(p[i]);
		ck_assert_msg(usable == ksize(p[i]), "kmalloc_usable(%zu): %zu, ksize %zu",
			      sizes[i], usable, ksize(p[i]));
		ck_assert_uint_ge(usable, sizes[i]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		size_t want = ksize(p[i]);

		ck_assert_uint_eq(kfree_usable(p[i]), want);
	}
	ck_assert_uint_eq(hstats().bytes_in_use, 0);
	/* Nothing freed, nothing to say; a refused free says 0 and is counted as before. */
	ck_assert_uint_eq(kfree_usable(NULL), 0);
	ck_assert_uint_eq(kfree_usable(p[0]), 0);
	ck_assert_uint_eq(hstats().bad_frees, 1);
	/* A failed allocation is usable for nothing. */
	usable = 1;
	ck_assert_ptr_null(kmalloc_usable(SIZE_MAX, &usable));
	ck_assert_uint_eq(usable, 0);
}
END_TEST

START_TEST(test_bad_frees)
{
	u8 *a = kmalloc(32), *b = kmalloc(32), *big = kmalloc(5000);
	u8 *c, *d;

	kfree(NULL);
	kfree(a);
	kfree(a);
	ck_assert(stub_printk_contains("double free, ignored"));
	/* The free list was not corrupted: two allocations, two objects. */
	c = kmalloc(32);
	d = kmalloc(32);
	ck_assert_ptr_eq(c, a);
	ck_assert_ptr_ne(d, a);
	ck_assert_ptr_ne(d, b);
	kfree(b + 8);
	kfree(b + 32 * 200);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, "not the start of a heap object"), 2);
	kfree(big + 16);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, "not the start of a heap object"), 3);
	kfree(big);
	kfree(big);
	ck_assert(stub_printk_contains("not from kmalloc, or already freed"));
	ck_assert_uint_eq(hstats().bad_frees, 5);
	ck_assert_uint_eq(hstats().big_in_use, 0);
	/* User data that looks like the free tag is not mistaken for a double free. */
	memcpy(c, &(u64[2]){ 0, 0x6e61706b696e6672ull ^ (u64)(uintptr_t)c }, 16);
	kfree(c);
	ck_assert_uint_eq(hstats().bad_frees, 5);
	ck_assert_uint_eq(hstats().frees, 3);
}
END_TEST

START_TEST(test_out_of_memory)
{
	void *p;
	int n = 0;

	teardown();
	setup_pages(8);
	ck_assert_ptr_null(kmalloc(9 * PAGE));
	ck_assert(stub_printk_contains("out of memory for 36864 bytes"));
	ck_assert_ptr_null(kmalloc(SIZE_MAX));
	ck_assert_ptr_null(kmalloc(SIZE_MAX - 64));
	while ((p = kmalloc(1024)))
		n++;
	/* Three 1024-byte objects per page, eight pages. */
	ck_assert_int_eq(n, 24);
	ck_assert_ptr_null(kmalloc(16));
	ck_assert_uint_eq(hstats().failed, 5);
	/* Only the first failure is logged. */
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "out of memory"), 1);
}
END_TEST

START_TEST(test_print_stats)
{
	void *p = kmalloc(100);

	kmalloc(3000);
	kfree(p);
	heap_print_stats();
	ck_assert(stub_printk_contains("3000 bytes in use (peak 3128), 2 pages held (peak 2), "
				       "1 big allocations"));
	ck_assert(stub_printk_contains(" 128-byte objects: 0 in use (peak 1), 1 slabs"));
	ck_assert(stub_printk_contains("2 allocations, 1 frees, 0 failed, 0 bad frees"));
}
END_TEST

/*
 * Random kmalloc/kfree with every object filled with a pattern derived from
 * its address and size: any two objects sharing a byte, or the heap writing
 * into a live object, breaks a pattern.
 */
struct obj {
	u8 *p;
	size_t size;
	u8 seed;
};

static void fill(const struct obj *o)
{
	for (size_t i = 0; i < o->size; i++)
		o->p[i] = (u8)(o->seed + i * 7);
}

/* One assertion per object: Check's assertions are too slow to make per byte. */
static void check(const struct obj *o)
{
	size_t i = 0;

	while (i < o->size && o->p[i] == (u8)(o->seed + i * 7))
		i++;
	ck_assert_msg(i == o->size, "object %p+%zu byte %zu clobbered", (void *)o->p, o->size, i);
}

START_TEST(test_random_patterns)
{
	static struct obj live[600];
	size_t nlive = 0, bytes = 0;
	unsigned int seed = 31337 + (unsigned int)_i;

	for (int step = 0; step < 20000; step++) {
		if (rand_r(&seed) % 100 < 55 && nlive < ARRAY_SIZE(live)) {
			size_t size = rand_r(&seed) % 10 ? (size_t)rand_r(&seed) % 1100
							 : (size_t)rand_r(&seed) % 20000;
			struct obj o = { kmalloc(size), size, (u8)rand_r(&seed) };

			if (!o.p)
				continue;
			ck_assert(phys_arena_contains(o.p, size));
			ck_assert_uint_ge(ksize(o.p), size);
			fill(&o);
			live[nlive++] = o;
			bytes += size;
		} else if (nlive) {
			size_t i = (size_t)rand_r(&seed) % nlive;

			check(&live[i]);
			kfree(live[i].p);
			live[i] = live[--nlive];
		}
	}
	for (size_t i = 0; i < nlive; i++) {
		check(&live[i]);
		kfree(live[i].p);
	}
	ck_assert_uint_eq(hstats().bytes_in_use, 0);
	ck_assert_uint_eq(hstats().bad_frees, 0);
	ck_assert_uint_eq(hstats().allocs, hstats().frees);
	/* At most the cached empty slabs of each class are left. */
	ck_assert_uint_le(pmm_used(), HEAP_NR_CLASSES * HEAP_EMPTY_SLABS_KEPT);
	ck_assert_uint_eq(pmm_used(), hstats().pages_in_use);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, NULL), 0);
}
END_TEST

static Suite *heap_suite(void)
{
	Suite *s = suite_create("heap");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_small_sizes_and_alignment);
	tcase_add_test(tc, test_every_small_size_gets_the_tightest_class);
	tcase_add_test(tc, test_big_allocations);
	tcase_add_test(tc, test_slabs_fill_and_return);
	tcase_add_test(tc, test_kzalloc_kcalloc);
	tcase_add_test(tc, test_usable_sizes_without_lookup);
	tcase_add_test(tc, test_bad_frees);
	tcase_add_test(tc, test_out_of_memory);
	tcase_add_test(tc, test_print_stats);
	tcase_add_loop_test(tc, test_random_patterns, 0, 4);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(heap_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

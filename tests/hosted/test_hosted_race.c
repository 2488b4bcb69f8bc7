// SPDX-License-Identifier: BSD-2-Clause
/*
 * The racing device itself (hosted_race.h): every load and store to coherent
 * DMA memory is trapped and followed by a step in which devices act; the
 * harness's own memory and streaming buffers are left alone; the same seed
 * gives the same run; stopping gives the memory back.
 */
#include <check.h>
#include <string.h>

#include "kernel/core/time.h"
#include "kernel/mm/dma.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_race.h"

/* A device that records, at each tick, what word 0 of its ring held. */
static struct {
	struct hosted_device dev;
	volatile u32 *ring;
	u32 seen[64];
	unsigned int nseen;
} toy;

static u64 toy_tick(struct hosted_device *d, u64 now)
{
	u32 v = toy.ring[0];

	if (toy.nseen < ARRAY_SIZE(toy.seen) && (!toy.nseen || toy.seen[toy.nseen - 1] != v))
		toy.seen[toy.nseen++] = v;
	return now + 100; /* always something due: every step ticks */
}

static void toy_setup(void)
{
	dma_addr_t bus;

	hosted_init();
	memset(&toy, 0, sizeof(toy));
	toy.ring = dma_alloc(4096, 0, 0, &bus);
	ck_assert(toy.ring != NULL);
	toy.dev = (struct hosted_device){ .name = "toy", .tick = toy_tick };
	hosted_device_add(&toy.dev);
}

static void toy_teardown(void)
{
	hosted_race_stop();
	hosted_device_remove(&toy.dev);
	dma_free((void *)toy.ring, 4096);
	ck_assert_uint_eq(hosted_failures(), 0);
	hosted_fini();
}

/* Five stores, each seen by the device before the next is made. */
START_TEST(test_device_sees_each_store)
{
	struct hosted_race_stats st;

	toy_setup();
	hosted_race_start(7, 1000);
	for (u32 i = 1; i <= 5; i++)
		toy.ring[0] = i;
	hosted_race_stats(&st);
	hosted_race_stop();
	ck_assert_uint_eq(st.traps, 5);
	ck_assert_uint_ge(st.steps, 3); /* a step of 0 ns runs nothing */
	/* The device saw intermediate values, not only the last. */
	ck_assert_uint_ge(toy.nseen, 3);
	for (unsigned int i = 1; i < toy.nseen; i++)
		ck_assert_uint_gt(toy.seen[i], toy.seen[i - 1]);
	toy_teardown();
}
END_TEST

/* Loads trap too; plain memory does not; stopping leaves the ring usable. */
START_TEST(test_loads_trap_plain_memory_does_not)
{
	struct hosted_race_stats st;
	static volatile u32 plain[16];
	u32 sum = 0;

	toy_setup();
	toy.ring[1] = 40;
	hosted_race_start(7, 1000);
	for (unsigned int i = 0; i < 16; i++)
		plain[i] = i;
	sum += toy.ring[1];
	sum += toy.ring[1];
	hosted_race_stats(&st);
	hosted_race_stop();
	ck_assert_uint_eq(st.traps, 2);
	ck_assert_uint_eq(plain[15], 15);
	ck_assert_uint_eq(sum, 80);
	toy.ring[2] = 1; /* not trapped any more: no fault */
	ck_assert_uint_eq(toy.ring[2], 1);
	toy_teardown();
}
END_TEST

/* Same seed, same steps; another seed, other steps. */
static u64 run_with(u64 seed)
{
	struct hosted_race_stats st;

	toy_setup();
	hosted_race_start(seed, 5000);
	for (u32 i = 0; i < 200; i++)
		toy.ring[i % 8] = i;
	hosted_race_stats(&st);
	toy_teardown();
	return st.ran_ns;
}

START_TEST(test_seed_makes_the_run)
{
	u64 a = run_with(11), b = run_with(11), c = run_with(12);

	ck_assert_uint_eq(a, b);
	ck_assert_uint_ne(a, c);
	ck_assert_uint_gt(a, 0);
}
END_TEST

static Suite *race_suite(void)
{
	Suite *s = suite_create("hosted racing device");
	TCase *tc = tcase_create("race");

	tcase_add_test(tc, test_device_sees_each_store);
	tcase_add_test(tc, test_loads_trap_plain_memory_does_not);
	tcase_add_test(tc, test_seed_makes_the_run);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(race_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * net/core/netdev_adapter.c: an adapter is freed exactly once, by whichever comes
 * last of its remove and the return of its last lent receive buffer; a
 * stray return or a second remove is refused and counted, never a second
 * free. The release hook runs once, just before the memory goes. Built with
 * AddressSanitizer: a use after free or a double free fails the test too.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include "net/core/netdev_adapter.h"
#include "tests/unit/fakes/stub_printk.h"

struct fake_nic {
	u64 cookie;
	struct netdev_adapter own;
	char ring[100];
};

static unsigned int releases;
static void *released;

static void fake_release(void *adapter)
{
	struct fake_nic *nic = adapter;

	/* Still whole when the hook runs: the hook may give back what it kept. */
	ck_assert_uint_eq(nic->cookie, 0xC0FFEE);
	releases++;
	released = adapter;
}

DEFINE_NETDEV_ADAPTERS(nics, "fake", struct fake_nic, own, 2, fake_release);

static struct fake_nic *alloc_nic(void)
{
	struct fake_nic *nic = NULL;

	ck_assert_int_eq(netdev_adapter_alloc(&nics, "00:03.0", (void **)&nic), 0);
	ck_assert_ptr_nonnull(nic);
	nic->cookie = 0xC0FFEE;
	return nic;
}

static void setup(void)
{
	stub_printk_reset();
	releases = 0;
	released = NULL;
	ck_assert_uint_eq(nics.live, 0); /* every test frees all it allocated */
	nics.freed = 0;
	nics.refused = 0;
}

START_TEST(alloc_is_zeroed)
{
	struct fake_nic *nic;

	setup();
	ck_assert_int_eq(netdev_adapter_alloc(&nics, "00:03.0", (void **)&nic), 0);
	ck_assert_uint_eq(nic->cookie, 0);
	for (size_t i = 0; i < sizeof(nic->ring); i++)
		ck_assert_int_eq(nic->ring[i], 0);
	ck_assert_uint_eq(nic->own.lent, 0);
	ck_assert(!nic->own.removed);
	ck_assert_uint_eq(nics.live, 1);
	nic->cookie = 0xC0FFEE;
	netdev_adapter_remove(&nic->own);
}
END_TEST

START_TEST(freed_at_remove_when_nothing_lent)
{
	struct fake_nic *nic;

	setup();
	nic = alloc_nic();
	netdev_adapter_remove(&nic->own);
	ck_assert_uint_eq(releases, 1);
	ck_assert_ptr_eq(released, nic);
	ck_assert_uint_eq(nics.live, 0);
	ck_assert_uint_eq(nics.freed, 1);
	ck_assert_uint_eq(nics.refused, 0);
}
END_TEST

START_TEST(free_deferred_while_a_buffer_is_out)
{
	struct fake_nic *nic;

	setup();
	nic = alloc_nic();
	for (int i = 0; i < 3; i++)
		netdev_adapter_lend(&nic->own);
	netdev_adapter_remove(&nic->own);
	ck_assert_uint_eq(releases, 0);
	ck_assert_uint_eq(nics.live, 1);
	/* Removed: no longer listed for the driver's users, but still there. */
	ck_assert_ptr_null(netdev_adapter_next(&nics, NULL));
	netdev_adapter_return(&nic->own);
	netdev_adapter_return(&nic->own);
	ck_assert_uint_eq(releases, 0);
	ck_assert_uint_eq(nic->own.lent, 1);
	ck_assert_uint_eq(nic->cookie, 0xC0FFEE);
	/* The last return frees it, and says so. */
	netdev_adapter_return(&nic->own);
	ck_assert(
	    stub_printk_contains("fake 00:03.0: the stack gave back the last receive buffer"));
	ck_assert_uint_eq(releases, 1);
	ck_assert_ptr_eq(released, nic);
	ck_assert_uint_eq(nics.live, 0);
	ck_assert_uint_eq(nics.freed, 1);
}
END_TEST

START_TEST(returns_before_remove_free_at_remove)
{
	struct fake_nic *nic;

	setup();
	nic = alloc_nic();
	netdev_adapter_lend(&nic->own);
	netdev_adapter_lend(&nic->own);
	netdev_adapter_return(&nic->own);
	netdev_adapter_return(&nic->own);
	/* Everything back but not removed: a device at rest, not freed. */
	ck_assert_uint_eq(releases, 0);
	ck_assert_ptr_eq(netdev_adapter_next(&nics, NULL), nic);
	netdev_adapter_remove(&nic->own);
	ck_assert_uint_eq(releases, 1);
	ck_assert_uint_eq(nics.freed, 1);
}
END_TEST

START_TEST(second_remove_is_no_second_free)
{
	struct fake_nic *nic;

	setup();
	nic = alloc_nic();
	netdev_adapter_lend(&nic->own);
	netdev_adapter_remove(&nic->own);
	netdev_adapter_remove(&nic->own);
	ck_assert_uint_eq(releases, 0);
	ck_assert_uint_eq(nics.refused, 1);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "removed twice"), 1);
	netdev_adapter_return(&nic->own);
	ck_assert_uint_eq(releases, 1);
	ck_assert_uint_eq(nics.freed, 1);
	ck_assert_uint_eq(nics.live, 0);
}
END_TEST

START_TEST(stray_return_is_no_free)
{
	struct fake_nic *nic;

	setup();
	nic = alloc_nic();
	netdev_adapter_lend(&nic->own);
	netdev_adapter_return(&nic->own);
	/* One more return than lends: refused, the count stays at zero. */
	netdev_adapter_return(&nic->own);
	ck_assert_uint_eq(nic->own.lent, 0);
	ck_assert_uint_eq(nics.refused, 1);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "never lent"), 1);
	ck_assert_uint_eq(releases, 0);
	/* And a lend after it counts from zero: the remove waits for it. */
	netdev_adapter_lend(&nic->own);
	netdev_adapter_remove(&nic->own);
	ck_assert_uint_eq(releases, 0);
	netdev_adapter_return(&nic->own);
	ck_assert_uint_eq(releases, 1);
	ck_assert_uint_eq(nics.freed, 1);
}
END_TEST

START_TEST(limit_counts_removed_until_freed)
{
	struct fake_nic *a, *b, *c = NULL;

	setup();
	a = alloc_nic();
	b = alloc_nic();
	ck_assert_int_eq(netdev_adapter_alloc(&nics, "00:05.0", (void **)&c), -ENOSPC);
	ck_assert_ptr_null(c);
	ck_assert(stub_printk_contains("00:05.0: more than 2 fake adapters"));
	/* A removed adapter whose buffer is still out still holds its place. */
	netdev_adapter_lend(&a->own);
	netdev_adapter_remove(&a->own);
	ck_assert_int_eq(netdev_adapter_alloc(&nics, "00:05.0", (void **)&c), -ENOSPC);
	netdev_adapter_return(&a->own);
	c = alloc_nic();
	ck_assert_uint_eq(nics.live, 2);
	netdev_adapter_remove(&b->own);
	netdev_adapter_remove(&c->own);
	ck_assert_uint_eq(nics.freed, 3);
}
END_TEST

START_TEST(next_walks_live_adapters_in_order)
{
	struct fake_nic *a, *b;

	setup();
	a = alloc_nic();
	b = alloc_nic();
	ck_assert_ptr_eq(netdev_adapter_next(&nics, NULL), a);
	ck_assert_ptr_eq(netdev_adapter_next(&nics, a), b);
	ck_assert_ptr_null(netdev_adapter_next(&nics, b));
	netdev_adapter_lend(&a->own);
	netdev_adapter_remove(&a->own);
	ck_assert_ptr_eq(netdev_adapter_next(&nics, NULL), b);
	netdev_adapter_return(&a->own);
	ck_assert_ptr_eq(netdev_adapter_next(&nics, NULL), b);
	ck_assert_ptr_null(netdev_adapter_next(&nics, b));
	netdev_adapter_remove(&b->own);
	ck_assert_ptr_null(netdev_adapter_next(&nics, NULL));
}
END_TEST

static Suite *netdev_adapter_suite(void)
{
	Suite *s = suite_create("netdev_adapter");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, alloc_is_zeroed);
	tcase_add_test(tc, freed_at_remove_when_nothing_lent);
	tcase_add_test(tc, free_deferred_while_a_buffer_is_out);
	tcase_add_test(tc, returns_before_remove_free_at_remove);
	tcase_add_test(tc, second_remove_is_no_second_free);
	tcase_add_test(tc, stray_return_is_no_free);
	tcase_add_test(tc, limit_counts_removed_until_freed);
	tcase_add_test(tc, next_walks_live_adapters_in_order);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(netdev_adapter_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

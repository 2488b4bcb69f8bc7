// SPDX-License-Identifier: BSD-2-Clause
/*
 * net/inet/ephemeral_port.c: RFC 6056 algorithm 4 toward a known endpoint (ports
 * toward one endpoint advance one by one, ports toward others are unrelated,
 * taken ports are skipped, a full range gives 0) and algorithm 1 without one.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/random/random.h"
#include "net/inet/ephemeral_port.h"

static const u8 local4[4] = { 10, 0, 0, 2 };

static bool taken[65536];
static int asked;

static bool port_free(u16 port, void *ctx)
{
	asked++;
	if (taken[port])
		return false;
	taken[port] = true;
	return true;
}

static bool none_free(u16 port, void *ctx)
{
	asked++;
	return false;
}

static void setup(void)
{
	random_reset_for_test();
	random_reseed("ports", 5);
	ephemeral_port_reset_for_test();
	memset(taken, 0, sizeof(taken));
	asked = 0;
}

static u16 toward(u8 last, u16 rport)
{
	const u8 remote[4] = { 192, 0, 2, last };

	return ephemeral_port_for(local4, remote, 4, rport, port_free, NULL);
}

START_TEST(test_in_range_and_sequential_per_endpoint)
{
	u16 first = toward(1, 80), prev = first;

	for (int i = 0; i < 100; i++) {
		u16 p = toward(1, 80);

		ck_assert_uint_ge(p, EPHEMERAL_PORT_MIN);
		ck_assert_uint_eq(p == EPHEMERAL_PORT_MIN ? EPHEMERAL_PORT_MAX : p - 1u, prev);
		prev = p;
	}
}
END_TEST

START_TEST(test_endpoints_unrelated)
{
	u16 ports[64];
	int close = 0;

	for (int i = 0; i < 64; i++)
		ports[i] = toward((u8)(1 + i), 443);
	for (int i = 1; i < 64; i++)
		close += abs((int)ports[i] - (int)ports[i - 1]) < 16;
	ck_assert_int_lt(close, 3);
	/* Another remote port of the same host is another endpoint. */
	ck_assert_uint_ne(toward(1, 443) + 0u, toward(1, 444) + 0u);
}
END_TEST

START_TEST(test_taken_ports_skipped_and_full_range_gives_zero)
{
	const u8 remote[4] = { 192, 0, 2, 9 };
	u16 a, b;

	/* Learn where the endpoint's sequence is, then take the next port by hand. */
	a = ephemeral_port_for(local4, remote, 4, 22, port_free, NULL);
	taken[a == EPHEMERAL_PORT_MAX ? EPHEMERAL_PORT_MIN : a + 1u] = true;
	b = ephemeral_port_for(local4, remote, 4, 22, port_free, NULL);
	ck_assert_uint_eq(b, a + 2u > EPHEMERAL_PORT_MAX ? a + 2u - 16384u : a + 2u);

	asked = 0;
	ck_assert_uint_eq(ephemeral_port_for(local4, remote, 4, 22, none_free, NULL), 0);
	ck_assert_int_eq(asked, 16384);
	asked = 0;
	ck_assert_uint_eq(ephemeral_port_random(none_free, NULL), 0);
	ck_assert_int_eq(asked, 16384);
}
END_TEST

START_TEST(test_random_without_endpoint)
{
	u16 prev = ephemeral_port_random(port_free, NULL);
	int adjacent = 0;

	for (int i = 0; i < 200; i++) {
		u16 p = ephemeral_port_random(port_free, NULL);

		ck_assert_uint_ge(p, EPHEMERAL_PORT_MIN);
		adjacent += abs((int)p - (int)prev) < 16;
		prev = p;
	}
	ck_assert_int_lt(adjacent, 5);
}
END_TEST

static Suite *ports_suite(void)
{
	Suite *s = suite_create("ephemeral_port");
	TCase *tc = tcase_create("rfc6056");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_in_range_and_sequential_per_endpoint);
	tcase_add_test(tc, test_endpoints_unrelated);
	tcase_add_test(tc, test_taken_ports_skipped_and_full_range_gives_zero);
	tcase_add_test(tc, test_random_without_endpoint);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ports_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

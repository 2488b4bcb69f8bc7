// SPDX-License-Identifier: BSD-2-Clause
/*
 * net/inet/tcp_isn.c: RFC 6528's ISN = M + F(4-tuple, secret). Toward one
 * 4-tuple the numbers grow with the 4-microsecond clock; between 4-tuples
 * they are unrelated (no constant difference, no shared structure); a new
 * secret (a reboot) moves every 4-tuple's numbers.
 */
#include <check.h>
#include <stdlib.h>
#include "kernel/random/random.h"
#include "net/inet/tcp_isn.h"

static const u8 local4[4] = { 10, 0, 0, 2 }, remote4[4] = { 10, 0, 0, 1 };

static void setup(void)
{
	random_reset_for_test();
	random_reseed("isn test", 8);
	tcp_isn_forget_secret();
}

START_TEST(test_monotonic_per_tuple)
{
	u64 now = 5 * 1000000000ull;
	u32 prev = tcp_isn(local4, remote4, 4, 80, 40000, now);

	for (int i = 1; i <= 1000; i++) {
		u64 later = now + (u64)i * 37 * 1000; /* 37 us apart */
		u32 isn = tcp_isn(local4, remote4, 4, 80, 40000, later);

		/* 37 us is 9 ticks of 4 us, modulo where the tick boundary falls. */
		ck_assert_msg((u32)(isn - prev) >= 9 && (u32)(isn - prev) <= 10,
			      "step %u: %u -> %u", i, prev, isn);
		prev = isn;
	}
	/* The clock alone decides the step: same time, same tuple, same number. */
	ck_assert_uint_eq(tcp_isn(local4, remote4, 4, 80, 40000, now),
			  tcp_isn(local4, remote4, 4, 80, 40000, now));
}
END_TEST

/*
 * What nmap's sequence test does: consecutive connections from one peer,
 * each from a new source port, and the differences between their ISNs. Under
 * lwIP's counter these differences were small and equal; here they must be
 * spread over the whole 32-bit space with no common divisor.
 */
START_TEST(test_unrelated_across_tuples)
{
	enum { N = 256 };
	u32 isn[N];
	u32 g = 0;
	int small = 0, equal_steps = 0;
	u64 now = 1000000000ull;

	for (int i = 0; i < N; i++)
		isn[i] = tcp_isn(local4, remote4, 4, 80, (u16)(40000 + i), now + (u64)i * 100000);
	for (int i = 1; i < N; i++) {
		u32 d = isn[i] - isn[i - 1];
		u32 a = g, b = d;

		while (b) {
			u32 t = a % b;

			a = b;
			b = t;
		}
		g = a;
		small += d < 0x10000 || d > 0xffff0000u;
		if (i > 1)
			equal_steps += d == isn[i - 1] - isn[i - 2];
	}
	ck_assert_uint_eq(g, 1);
	/* 2^16 of 2^32 either way: about 2 of 255 by chance. */
	ck_assert_int_lt(small, 10);
	ck_assert_int_eq(equal_steps, 0);
	/* IPv6 and another remote address land elsewhere too. */
	{
		u8 l6[16] = { 0xfe, 0x80 }, r6[16] = { 0xfe, 0x80 };
		u8 other4[4] = { 10, 0, 0, 3 };

		r6[15] = 1;
		ck_assert_uint_ne(tcp_isn(l6, r6, 16, 80, 40000, now),
				  tcp_isn(local4, remote4, 4, 80, 40000, now));
		ck_assert_uint_ne(tcp_isn(local4, other4, 4, 80, 40000, now),
				  tcp_isn(local4, remote4, 4, 80, 40000, now));
	}
}
END_TEST

START_TEST(test_new_secret_moves_numbers)
{
	u64 now = 7 * 1000000000ull;
	u32 before = tcp_isn(local4, remote4, 4, 80, 40000, now);

	tcp_isn_forget_secret(); /* as after a reboot; the generator has moved on */
	ck_assert_uint_ne(tcp_isn(local4, remote4, 4, 80, 40000, now), before);
}
END_TEST

static Suite *isn_suite(void)
{
	Suite *s = suite_create("tcp_isn");
	TCase *tc = tcase_create("rfc6528");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_monotonic_per_tuple);
	tcase_add_test(tc, test_unrelated_across_tuples);
	tcase_add_test(tc, test_new_secret_moves_numbers);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(isn_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

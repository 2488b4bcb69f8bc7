// SPDX-License-Identifier: BSD-2-Clause
/*
 * net/core/inet_csum.c against the checksum written the slow, obvious way (RFC
 * 1071: big-endian 16-bit words, end-around carry): every length up to a few
 * rounds of the unrolled loop (64-byte add-with-carry blocks, a 32-byte one,
 * 8-byte words, the tail), every start alignment, and data that makes
 * carries pile up (all ones).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "net/core/inet_csum.h"

/* Sum of big-endian 16-bit words from p, folded; an odd last byte is the high half. */
static u16 slow_sum(const u8 *p, u32 len)
{
	u32 sum = 0;

	for (u32 i = 0; i < len; i++)
		sum += i & 1 ? p[i] : (u32)p[i] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)sum;
}

static u16 swap16(u16 v)
{
	return (u16)(v >> 8 | v << 8);
}

static u8 buf[4096 + 8];

static void fill(unsigned int seed, int ones)
{
	srandom(seed);
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = ones ? 0xff : (u8)random();
}

START_TEST(test_native_matches_rfc1071)
{
	fill(1000 + (unsigned int)_i, _i == 2);
	for (u32 align = 0; align < 8; align++) {
		for (u32 len = 0; len <= 300; len++) {
			u16 want = slow_sum(buf + align, len);
			/* lwIP's contract: the sum of the words as they lie in memory, here little-endian. */
			u16 got = swap16(inet_csum_native(buf + align, len));

			/* 0 and 0xffff are the same number in ones' complement. */
			if (want == 0xffff)
				want = 0;
			if (got == 0xffff)
				got = 0;
			ck_assert_msg(got == want, "align %u len %u: %04x, want %04x", align, len,
				      got, want);
		}
	}
}
END_TEST

/*
 * inet_csum_add, the big-endian running sum: every alignment and length, the
 * range cut in two at every even offset (where net/ splits a header from its
 * payload) and summed in two calls.
 */
START_TEST(test_add_matches_rfc1071_in_pieces)
{
	fill(2000 + (unsigned int)_i, _i == 1);
	for (u32 align = 0; align < 8; align++) {
		for (u32 len = 0; len <= 150; len++) {
			u16 want = slow_sum(buf + align, len);

			for (u32 cut = 0; cut <= len; cut += 2) {
				u64 sum = inet_csum_add(inet_csum_add(0, buf + align, cut),
							buf + align + cut, len - cut);
				u16 got = (u16)~inet_csum_fold(sum);

				if (want == 0xffff)
					want = 0;
				if (got == 0xffff)
					got = 0;
				ck_assert_msg(got == want,
					      "align %u len %u cut %u: %04x, want %04x", align, len,
					      cut, got, want);
			}
		}
	}
}
END_TEST

START_TEST(test_long_runs)
{
	fill(7, _i);
	for (u32 len = 1000; len <= 4096; len += 517) {
		u16 want = slow_sum(buf + 3, len), got = swap16(inet_csum_native(buf + 3, len));

		ck_assert_uint_eq(got == 0xffff ? 0 : got, want == 0xffff ? 0 : want);
	}
}
END_TEST

START_TEST(test_add_and_fold_verify_a_header)
{
	/* An IPv4 header whose checksum field is right: the whole sums to all ones. */
	u8 h[20] = { 0x45, 0, 0, 0x54, 0x12, 0x34, 0x40, 0, 64, 1, 0, 0, 10, 0, 0, 1, 10, 0, 0, 2 };
	u16 c = inet_csum_fold(inet_csum_add(0, h, sizeof(h)));

	h[10] = (u8)(c >> 8);
	h[11] = (u8)c;
	ck_assert_uint_eq(inet_csum_fold(inet_csum_add(0, h, sizeof(h))), 0);
	ck_assert_uint_eq(slow_sum(h, sizeof(h)), 0xffff);
	/* Split at an even offset, as GRO sums a header and then a payload. */
	ck_assert_uint_eq(inet_csum_fold(inet_csum_add(inet_csum_add(0, h, 8), h + 8, 12)), 0);
}
END_TEST

START_TEST(test_fold_wide_sums)
{
	/* 2^16 = 1 in ones' complement arithmetic mod 0xffff, so 2^48 folds to 1. */
	ck_assert_uint_eq(inet_csum_fold(1ull << 48), (u16)~1);
	ck_assert_uint_eq(inet_csum_fold(~0ull), 0);
	/* 0xffffffff + 0xffffffff carries out of 32 bits in the first halving. */
	ck_assert_uint_eq(inet_csum_fold(0xffffffffull << 32 | 0xfffffffeull), (u16)~0xfffe);
	ck_assert_uint_eq(inet_csum_fold(0x12345678ull * 3),
			  (u16) ~((0x1234 + 0x5678) * 3 % 0xffff));
}
END_TEST

static Suite *inet_csum_suite(void)
{
	Suite *s = suite_create("inet_csum");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_native_matches_rfc1071, 0, 3);
	tcase_add_loop_test(tc, test_add_matches_rfc1071_in_pieces, 0, 2);
	tcase_add_loop_test(tc, test_long_runs, 0, 2);
	tcase_add_test(tc, test_add_and_fold_verify_a_header);
	tcase_add_test(tc, test_fold_wide_sums);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(inet_csum_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * kernel/random/: ChaCha20 against RFC 8439's known answers, SipHash-2-4
 * against the values its authors published, and the generator built on
 * them: reproducible from a key, changed by every reseed, uniform enough
 * to pass a statistical smoke test (bit balance, runs, byte frequencies,
 * random_below's range and spread).
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/random/chacha20.h"
#include "kernel/random/random.h"
#include "kernel/random/siphash.h"

static void hex_to_bytes(const char *hex, u8 *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned int v;

		ck_assert_int_eq(sscanf(hex + 2 * i, "%2x", &v), 1);
		out[i] = (u8)v;
	}
}

static void check_block(const u8 key[32], u32 counter, const u8 nonce[12], const char *want_hex)
{
	u8 want[64], got[64];

	hex_to_bytes(want_hex, want, sizeof(want));
	chacha20_block(key, counter, nonce, got);
	ck_assert_mem_eq(got, want, sizeof(want));
}

/* RFC 8439 section 2.3.2: key 00..1f, nonce 00:00:00:09:00:00:00:4a:00:00:00:00, counter 1. */
START_TEST(test_chacha20_rfc8439_2_3_2)
{
	u8 key[32], nonce[12] = { 0, 0, 0, 9, 0, 0, 0, 0x4a, 0, 0, 0, 0 };

	for (int i = 0; i < 32; i++)
		key[i] = (u8)i;
	check_block(key, 1, nonce,
		    "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
		    "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e");
}
END_TEST

/* RFC 8439 appendix A.1, test vectors 1 to 3. */
START_TEST(test_chacha20_rfc8439_a1)
{
	u8 key[32] = { 0 }, nonce[12] = { 0 };

	check_block(key, 0, nonce,
		    "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
		    "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586");
	check_block(key, 1, nonce,
		    "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
		    "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f");
	key[31] = 1;
	check_block(key, 1, nonce,
		    "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
		    "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0");
}
END_TEST

/*
 * SipHash-2-4 with key 00..0f over messages 00, 00 01, ...: the reference
 * implementation's first ten values, and the 15-byte example of the paper's
 * appendix A.
 */
START_TEST(test_siphash_reference_vectors)
{
	static const u64 want[] = {
		0x726fdb47dd0e0e31ull, 0x74f839c593dc67fdull, 0x0d6c8009d9a94f5aull,
		0x85676696d7fb7e2dull, 0xcf2794e0277187b7ull, 0x18765564cd99a68dull,
		0xcbc9466e58fee3ceull, 0xab0200f58b01d137ull, 0x93f5f5799a932462ull,
		0x9e0082df0ba9e4b0ull,
	};
	u8 key_bytes[16], msg[16];
	struct siphash_key key;

	for (int i = 0; i < 16; i++)
		key_bytes[i] = msg[i] = (u8)i;
	siphash_key_from_bytes(&key, key_bytes);
	ck_assert_uint_eq(key.k0, 0x0706050403020100ull);
	ck_assert_uint_eq(key.k1, 0x0f0e0d0c0b0a0908ull);
	for (size_t len = 0; len < ARRAY_SIZE(want); len++)
		ck_assert_msg(siphash24(&key, msg, len) == want[len], "length %zu: %016llx", len,
			      (unsigned long long)siphash24(&key, msg, len));
	ck_assert_uint_eq(siphash24(&key, msg, 15), 0xa129ca6149be45e5ull);
}
END_TEST

static void setup(void)
{
	random_reset_for_test();
}

START_TEST(test_generator_reproducible_and_reseed_changes_it)
{
	u8 a[1000], b[1000], c[1000];
	struct random_stats st;

	random_reseed("seed one", 8);
	random_bytes(a, sizeof(a));
	random_reset_for_test();
	random_reseed("seed one", 8);
	random_bytes(b, sizeof(b));
	ck_assert_mem_eq(a, b, sizeof(a));

	random_reset_for_test();
	random_reseed("seed two", 8);
	random_bytes(c, sizeof(c));
	ck_assert_int_ne(memcmp(a, c, sizeof(a)), 0);

	/* A reseed mid-stream changes everything after it, including what was buffered. */
	random_reset_for_test();
	random_reseed("seed one", 8);
	random_bytes(c, 10);
	random_reseed("more", 4);
	random_bytes(c + 10, sizeof(c) - 10);
	ck_assert_mem_eq(a, c, 10);
	ck_assert_int_ne(memcmp(a + 10, c + 10, 32), 0);

	random_get_stats(&st);
	ck_assert_uint_eq(st.reseeds, 2);
	ck_assert_uint_eq(st.bytes_out, sizeof(c));
}
END_TEST

/* Reads of any size give the same stream; nothing repeats across refills. */
START_TEST(test_generator_chunking_and_refills)
{
	static u8 whole[4096], pieces[4096];
	size_t off = 0, step = 1;

	random_reseed("k", 1);
	random_bytes(whole, sizeof(whole));
	random_reset_for_test();
	random_reseed("k", 1);
	while (off < sizeof(pieces)) {
		size_t n = MIN(step, sizeof(pieces) - off);

		random_bytes(pieces + off, n);
		off += n;
		step = step * 3 % 101 + 1;
	}
	ck_assert_mem_eq(whole, pieces, sizeof(whole));
	/* 4096 bytes span nine refills: no 64-byte stretch may come back. */
	for (size_t i = 0; i + 64 <= sizeof(whole); i += 64)
		for (size_t j = i + 64; j + 64 <= sizeof(whole); j += 64)
			ck_assert_int_ne(memcmp(whole + i, whole + j, 64), 0);
}
END_TEST

/*
 * A smoke test, not a proof: 1 MiB of output. Bit balance within 5 sigma,
 * the number of runs of equal bits within 5 sigma of what a fair coin gives,
 * and byte frequencies under a chi-square bound far above its 255 degrees
 * of freedom's mean (p ~ 1e-6).
 */
START_TEST(test_generator_statistical_smoke)
{
	static u8 buf[1 << 20];
	u64 counts[256] = { 0 }, ones = 0, runs = 1;
	double n_bits = 8.0 * sizeof(buf), chi2 = 0, expect = sizeof(buf) / 256.0;
	int prev = buf[0] & 1;

	random_reseed("smoke", 5);
	random_bytes(buf, sizeof(buf));
	for (size_t i = 0; i < sizeof(buf); i++) {
		counts[buf[i]]++;
		ones += (u64)__builtin_popcount(buf[i]);
		for (int b = 0; b < 8; b++) {
			int bit = buf[i] >> b & 1;

			if (i || b)
				runs += bit != prev;
			prev = bit;
		}
	}
	ck_assert_msg(fabs((double)ones - n_bits / 2) < 5 * sqrt(n_bits / 4), "ones %llu of %.0f",
		      (unsigned long long)ones, n_bits);
	ck_assert_msg(fabs((double)runs - n_bits / 2) < 5 * sqrt(n_bits / 4), "runs %llu",
		      (unsigned long long)runs);
	for (int v = 0; v < 256; v++)
		chi2 += ((double)counts[v] - expect) * ((double)counts[v] - expect) / expect;
	ck_assert_msg(chi2 < 380, "byte chi-square %.1f over 255 degrees of freedom", chi2);
}
END_TEST

START_TEST(test_random_below)
{
	u64 hist[10] = { 0 };
	const int draws = 100000;
	double chi2 = 0;

	ck_assert_uint_eq(random_below(0), 0);
	ck_assert_uint_eq(random_below(1), 0);
	for (int i = 0; i < draws; i++) {
		u32 v = random_below(10);

		ck_assert_uint_lt(v, 10);
		hist[v]++;
	}
	for (int v = 0; v < 10; v++)
		chi2 += (hist[v] - draws / 10.0) * (hist[v] - draws / 10.0) / (draws / 10.0);
	/* 9 degrees of freedom: 40 is beyond p = 1e-5. */
	ck_assert_msg(chi2 < 40, "random_below(10) chi-square %.1f", chi2);
	/* A bound just above 2^31 is where a plain modulo would be most biased. */
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_lt(random_below(0x80000001u), 0x80000001u);
}
END_TEST

static Suite *random_suite(void)
{
	Suite *s = suite_create("random");
	TCase *tc = tcase_create("vectors");

	tcase_add_test(tc, test_chacha20_rfc8439_2_3_2);
	tcase_add_test(tc, test_chacha20_rfc8439_a1);
	tcase_add_test(tc, test_siphash_reference_vectors);
	suite_add_tcase(s, tc);
	tc = tcase_create("generator");
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_generator_reproducible_and_reseed_changes_it);
	tcase_add_test(tc, test_generator_chunking_and_refills);
	tcase_add_test(tc, test_generator_statistical_smoke);
	tcase_add_test(tc, test_random_below);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(random_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

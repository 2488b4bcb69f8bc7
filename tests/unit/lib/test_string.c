// SPDX-License-Identifier: BSD-2-Clause
/*
 * lib/string.c and lib/strtol.c against glibc: every function runs on the
 * same input as glibc's and must give the same bytes, the same pointer and
 * the same sign (C fixes only the sign of a comparison, not its size).
 * strlcpy, absent from this glibc, is checked against its definition.
 */
#include <check.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/core/compiler.h"
#include "tests/unit/lib/lib_prefixed.h"

#define CANARY 0xa5

/*
 * Fails the test with the message only when cond is false. Check's own
 * asserts record every passing call, which is slow in loops of thousands.
 */
#define EXPECT(cond, ...)                          \
	do {                                       \
		if (!(cond))                       \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void fill_pattern(unsigned char *buf, size_t n, unsigned int seed)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = (unsigned char)(i * 7 + seed * 13 + 1);
}

/* Index of the first byte of buf[from, to) that is not the canary, or -1. */
static long first_touched(const unsigned char *buf, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (buf[i] != CANARY)
			return (long)i;
	return -1;
}

static void check_memcpy(const unsigned char *src, size_t so, size_t d, size_t n)
{
	unsigned char dst[256];
	void *ret;

	memset(dst, CANARY, sizeof(dst));
	ret = napkin_memcpy(dst + d, src + so, n);
	EXPECT(ret == dst + d, "memcpy returned %p, not dst %p", ret, (void *)(dst + d));
	EXPECT(!memcmp(dst + d, src + so, n), "memcpy src+%zu dst+%zu len %zu copied wrong bytes",
	       so, d, n);
	EXPECT(first_touched(dst, 0, d) < 0 && first_touched(dst, d + n, sizeof(dst)) < 0,
	       "memcpy src+%zu dst+%zu len %zu wrote outside dst", so, d, n);
}

/* Every source and destination alignment up to 16 with every short length. */
START_TEST(memcpy_alignments_and_lengths)
{
	static const size_t long_lengths[] = { 127, 128, 200 };
	unsigned char src[256];

	fill_pattern(src, sizeof(src), 1);
	for (size_t so = 0; so < 16; so++) {
		for (size_t d = 0; d < 16; d++) {
			for (size_t n = 0; n < 64; n++)
				check_memcpy(src, so, d, n);
			for (size_t i = 0; i < ARRAY_SIZE(long_lengths); i++)
				check_memcpy(src, so, d, long_lengths[i]);
		}
	}
}
END_TEST

/* Overlaps in both directions, and no overlap, compared with glibc's memmove. */
START_TEST(memmove_overlaps)
{
	unsigned char start[160], want[160], got[160];

	fill_pattern(start, sizeof(start), 2);
	for (size_t len = 0; len <= 48; len++) {
		for (size_t so = 48; so < 64; so++) {
			for (int delta = -40; delta <= 40; delta++) {
				size_t d = (size_t)((long)so + delta);
				void *ret;

				memcpy(want, start, sizeof(want));
				memcpy(got, start, sizeof(got));
				memmove(want + d, want + so, len);
				ret = napkin_memmove(got + d, got + so, len);
				EXPECT(ret == got + d, "memmove returned %p, not dst %p", ret,
				       (void *)(got + d));
				EXPECT(!memcmp(want, got, sizeof(got)),
				       "memmove src+%zu dst+%zu len %zu differs from glibc", so, d,
				       len);
			}
		}
	}
}
END_TEST

START_TEST(memset_values_alignments_lengths)
{
	/* memset stores (unsigned char)c: 0x112 stores 0x12 and -1 stores 0xff. */
	static const int values[] = { 0, 0x5a, 0x7f, 0x80, 0xff, 0x112, -1 };
	unsigned char buf[128];

	for (size_t v = 0; v < ARRAY_SIZE(values); v++) {
		for (size_t off = 0; off < 16; off++) {
			for (size_t n = 0; n <= 80; n++) {
				void *ret;

				memset(buf, CANARY, sizeof(buf));
				ret = napkin_memset(buf + off, values[v], n);
				EXPECT(ret == buf + off, "memset returned %p, not dst %p", ret,
				       (void *)(buf + off));
				for (size_t i = 0; i < n; i++)
					EXPECT(buf[off + i] == (unsigned char)values[v],
					       "memset(+%zu, %#x, %zu): byte %zu is %#x", off,
					       values[v], n, i, buf[off + i]);
				EXPECT(first_touched(buf, 0, off) < 0 &&
					   first_touched(buf, off + n, sizeof(buf)) < 0,
				       "memset(+%zu, %#x, %zu) wrote outside the range", off,
				       values[v], n);
			}
		}
	}
}
END_TEST

/* Bytes compare as unsigned char: 0x80 is greater than 0x7f. */
START_TEST(memcmp_sign)
{
	static const unsigned char pairs[][2] = {
		{ 0, 1 },    { 1, 0 },	  { 0x7f, 0x80 }, { 0x80, 0x7f },
		{ 0xff, 0 }, { 0, 0xff }, { 'a', 'A' },
	};
	unsigned char a[40], b[40];

	fill_pattern(a, sizeof(a), 3);
	memcpy(b, a, sizeof(b));
	for (size_t n = 0; n <= sizeof(a); n++)
		EXPECT(napkin_memcmp(a, b, n) == 0, "memcmp of equal buffers, n %zu, not 0", n);

	for (size_t pos = 0; pos < sizeof(a); pos++) {
		for (size_t p = 0; p < ARRAY_SIZE(pairs); p++) {
			memcpy(b, a, sizeof(b));
			a[pos] = pairs[p][0];
			b[pos] = pairs[p][1];
			for (size_t n = 0; n <= sizeof(a); n++) {
				int want = sign(memcmp(a, b, n));
				int got = sign(napkin_memcmp(a, b, n));

				EXPECT(want == got,
				       "memcmp %#x vs %#x at %zu, n %zu: sign %d, glibc %d",
				       pairs[p][0], pairs[p][1], pos, n, got, want);
			}
		}
		fill_pattern(a, sizeof(a), 3);
	}
}
END_TEST

START_TEST(memchr_positions)
{
	unsigned char buf[64];

	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(i * 4); /* every byte distinct */
	for (int c = -1; c < 0x202; c++) {
		for (size_t n = 0; n <= sizeof(buf); n += 7) {
			void *want = memchr(buf, c, n);
			void *got = napkin_memchr(buf, c, n);

			EXPECT(want == got, "memchr(c %#x, n %zu) gave offset %ld, glibc %ld", c, n,
			       got ? (long)((unsigned char *)got - buf) : -1L,
			       want ? (long)((unsigned char *)want - buf) : -1L);
		}
	}
}
END_TEST

START_TEST(strlen_strnlen)
{
	char buf[96];

	for (size_t off = 0; off < 16; off++) {
		for (size_t len = 0; len < 64; len++) {
			memset(buf, 'x', sizeof(buf));
			buf[off + len] = '\0';
			EXPECT(napkin_strlen(buf + off) == len, "strlen at +%zu gave %zu, not %zu",
			       off, napkin_strlen(buf + off), len);
			for (size_t max = 0; max < len + 3; max++) {
				size_t want = max < len ? max : len;

				EXPECT(napkin_strnlen(buf + off, max) == want,
				       "strnlen(len %zu, max %zu) gave %zu, not %zu", len, max,
				       napkin_strnlen(buf + off, max), want);
			}
		}
	}
}
END_TEST

/* Strings that differ at the end, in length, and in bytes with the top bit set. */
static const char *const cmp_strings[] = {
	"",	 "a",	    "b",	   "A",	      "ab",    "abc",  "abd",
	"abcd",	 "abc\x7f", "abc\x80",	   "abc\xff", "\x80",  "\xff", "\x01",
	"a\x01", "a\xfe",   "hello world", "hello",   "hellO",
};

START_TEST(strcmp_strncmp_sign)
{
	for (size_t i = 0; i < ARRAY_SIZE(cmp_strings); i++) {
		for (size_t j = 0; j < ARRAY_SIZE(cmp_strings); j++) {
			const char *a = cmp_strings[i], *b = cmp_strings[j];

			EXPECT(sign(napkin_strcmp(a, b)) == sign(strcmp(a, b)),
			       "strcmp(\"%s\", \"%s\"): sign %d, glibc %d", a, b,
			       sign(napkin_strcmp(a, b)), sign(strcmp(a, b)));
			for (size_t n = 0; n < 14; n++)
				EXPECT(sign(napkin_strncmp(a, b, n)) == sign(strncmp(a, b, n)),
				       "strncmp(\"%s\", \"%s\", %zu): sign %d, glibc %d", a, b, n,
				       sign(napkin_strncmp(a, b, n)), sign(strncmp(a, b, n)));
		}
	}
	/* n far past both strings must stop at the NUL, not read on. */
	EXPECT(napkin_strncmp("abc", "abc", SIZE_MAX) == 0, "strncmp with n SIZE_MAX not 0");
}
END_TEST

/* Offset of p in s for messages, or -1 for NULL. */
static long offset_in(const char *s, const char *p)
{
	return p ? (long)(p - s) : -1;
}

/* Every byte value, '\0' (which finds the terminator) and ints beyond char. */
START_TEST(strchr_strrchr)
{
	static const char s[] = "hello, world \xe9 and \xe9 again";

	for (int c = -256; c < 0x300; c++) {
		EXPECT(napkin_strchr(s, c) == strchr(s, c), "strchr(c %d) at %ld, glibc %ld", c,
		       offset_in(s, napkin_strchr(s, c)), offset_in(s, strchr(s, c)));
		EXPECT(napkin_strrchr(s, c) == strrchr(s, c), "strrchr(c %d) at %ld, glibc %ld", c,
		       offset_in(s, napkin_strrchr(s, c)), offset_in(s, strrchr(s, c)));
	}
	EXPECT(napkin_strchr("", 0) != NULL && napkin_strrchr("", 0) != NULL,
	       "strchr/strrchr of '\\0' in \"\" must find the terminator");
}
END_TEST

START_TEST(strstr_cases)
{
	static const char *const pairs[][2] = {
		{ "", "" },
		{ "abc", "" },
		{ "", "a" },
		{ "abc", "abc" },
		{ "abc", "abcd" },
		{ "abc", "c" },
		{ "abc", "bc" },
		{ "aaab", "aab" },
		{ "ababac", "abac" },
		{ "hello world", "o w" },
		{ "hello world", "world" },
		{ "hello world", "worlds" },
		{ "mississippi", "issip" },
		{ "mississippi", "ssi" },
		{ "abc", "d" },
		{ "a\xff"
		  "b",
		  "\xff" },
		{ "xxxxxxxxy", "xxy" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(pairs); i++) {
		const char *h = pairs[i][0], *n = pairs[i][1];

		EXPECT(napkin_strstr(h, n) == strstr(h, n),
		       "strstr(\"%s\", \"%s\") at %ld, glibc %ld", h, n,
		       offset_in(h, napkin_strstr(h, n)), offset_in(h, strstr(h, n)));
	}
}
END_TEST

/* strlcpy copies what fits, always terminates, and returns strlen(src). */
START_TEST(strlcpy_truncation)
{
	static const char src_all[] = "abcdefghijklmnopqrst";
	char dst[32];

	for (size_t len = 0; len < sizeof(src_all); len++) {
		char src[sizeof(src_all)];

		memcpy(src, src_all, len);
		src[len] = '\0';
		for (size_t size = 0; size < len + 4; size++) {
			size_t kept = size ? (len < size - 1 ? len : size - 1) : 0;
			size_t ret;

			memset(dst, CANARY, sizeof(dst));
			ret = napkin_strlcpy(dst, src, size);
			EXPECT(ret == len, "strlcpy(len %zu, size %zu) returned %zu", len, size,
			       ret);
			if (size == 0) {
				EXPECT(first_touched((unsigned char *)dst, 0, sizeof(dst)) < 0,
				       "strlcpy with size 0 wrote to dst");
				continue;
			}
			EXPECT(!memcmp(dst, src, kept) && dst[kept] == '\0',
			       "strlcpy(len %zu, size %zu) left \"%.*s\"", len, size, (int)kept,
			       dst);
			EXPECT(first_touched((unsigned char *)dst, size, sizeof(dst)) < 0,
			       "strlcpy(len %zu, size %zu) wrote past size", len, size);
		}
	}
}
END_TEST

START_TEST(strspn_strcspn)
{
	static const char *const strs[] = { "", "abc", "aaab", "  \tx", "hello, world", "zzz" };
	static const char *const sets[] = { "", "a", "ab", "abc", " \t", "z", "olleh", "xyz," };

	for (size_t i = 0; i < ARRAY_SIZE(strs); i++) {
		for (size_t j = 0; j < ARRAY_SIZE(sets); j++) {
			const char *s = strs[i], *set = sets[j];

			EXPECT(napkin_strspn(s, set) == strspn(s, set),
			       "strspn(\"%s\", \"%s\") gave %zu, glibc %zu", s, set,
			       napkin_strspn(s, set), strspn(s, set));
			EXPECT(napkin_strcspn(s, set) == strcspn(s, set),
			       "strcspn(\"%s\", \"%s\") gave %zu, glibc %zu", s, set,
			       napkin_strcspn(s, set), strcspn(s, set));
		}
	}
}
END_TEST

/*
 * strtol and friends: glibc's result and end pointer for every combination of
 * leading space, sign, body and trailing text in each base. Bodies sit at and
 * around each type's limits in several bases, and include prefixes with
 * nothing valid after them ("0x" parses as "0", ending at the 'x').
 */
static const char *const strto_spaces[] = { "", " ", "\t\n\v\f\r " };
static const char *const strto_signs[] = { "", "+", "-" };
static const char *const strto_tails[] = { "", "!", " 7", "g" };
static const int strto_bases[] = { 0, 2, 8, 10, 16, 36, 3 };

static const char *const strto_bodies[] = {
	"",
	"0",
	"1",
	"7",
	"8",
	"9",
	"10",
	"077",
	"0777",
	"08",
	"09",
	"0x",
	"0X",
	"0x1f",
	"0XaB",
	"0xg",
	"0x 1",
	"0x+1",
	"00x1",
	"0b101",
	"101",
	"z",
	"Z",
	"zz",
	"Zz9",
	"123abc",
	"1e5",
	"x1",
	"-5",
	"+5",
	" 5",
	"\xa0"
	"5",
	"127",
	"128",
	"255",
	"2147483647",
	"2147483648",
	"4294967295",
	"4294967296",
	"9223372036854775807",
	"9223372036854775808",
	"9223372036854775809",
	"18446744073709551615",
	"18446744073709551616",
	"99999999999999999999999999",
	"0x7fffffffffffffff",
	"0x8000000000000000",
	"0xffffffffffffffff",
	"0x10000000000000000",
	"0xFFFFFFFFFFFFFFFFFF",
	"0x00000000000000000001",
	"777777777777777777777",
	"1000000000000000000000",
	"1777777777777777777777",
	"2000000000000000000000",
	"1y2p0ij32e8e7",
	"1y2p0ij32e8e8",
	"3w5e11264sgsf",
	"3w5e11264sgsg",
	"0000000000000000000000000000000000042",
	"111111111111111111111111111111111111111111111111111111111111111",
	"1000000000000000000000000000000000000000000000000000000000000000",
	"1111111111111111111111111111111111111111111111111111111111111111",
	"10000000000000000000000000000000000000000000000000000000000000000",
};

static void check_strto(const char *s, int base)
{
	char *want_end, *got_end;

	long long want_ll = strtoll(s, &want_end, base);
	long long got_ll = napkin_strtoll(s, &got_end, base);

	EXPECT(want_ll == got_ll && want_end == got_end,
	       "strtoll(\"%s\", %d) gave %lld ending at %ld, glibc %lld ending at %ld", s, base,
	       got_ll, (long)(got_end - s), want_ll, (long)(want_end - s));

	unsigned long long want_ull = strtoull(s, &want_end, base);
	unsigned long long got_ull = napkin_strtoull(s, &got_end, base);

	EXPECT(want_ull == got_ull && want_end == got_end,
	       "strtoull(\"%s\", %d) gave %llu ending at %ld, glibc %llu ending at %ld", s, base,
	       got_ull, (long)(got_end - s), want_ull, (long)(want_end - s));

	long want_l = strtol(s, &want_end, base);
	long got_l = napkin_strtol(s, &got_end, base);

	EXPECT(want_l == got_l && want_end == got_end,
	       "strtol(\"%s\", %d) gave %ld ending at %ld, glibc %ld ending at %ld", s, base, got_l,
	       (long)(got_end - s), want_l, (long)(want_end - s));

	unsigned long want_ul = strtoul(s, &want_end, base);
	unsigned long got_ul = napkin_strtoul(s, &got_end, base);

	EXPECT(want_ul == got_ul && want_end == got_end,
	       "strtoul(\"%s\", %d) gave %lu ending at %ld, glibc %lu ending at %ld", s, base,
	       got_ul, (long)(got_end - s), want_ul, (long)(want_end - s));
}

/* One body with every space, sign and tail around it, in every base. */
static unsigned long check_strto_body(const char *body)
{
	unsigned long cases = 0;

	for (size_t sp = 0; sp < ARRAY_SIZE(strto_spaces); sp++) {
		for (size_t sg = 0; sg < ARRAY_SIZE(strto_signs); sg++) {
			for (size_t t = 0; t < ARRAY_SIZE(strto_tails); t++) {
				char s[128];

				snprintf(s, sizeof(s), "%s%s%s%s", strto_spaces[sp],
					 strto_signs[sg], body, strto_tails[t]);
				for (size_t b = 0; b < ARRAY_SIZE(strto_bases); b++)
					check_strto(s, strto_bases[b]);
				cases += ARRAY_SIZE(strto_bases);
			}
		}
	}
	return cases;
}

START_TEST(strto_against_glibc)
{
	unsigned long cases = 0;

	for (size_t i = 0; i < ARRAY_SIZE(strto_bodies); i++)
		cases += check_strto_body(strto_bodies[i]);
	EXPECT(cases > 10000, "only %lu strto cases ran", cases);
}
END_TEST

/* Where glibc only sets EINVAL, napkin's contract: 0 and *end at the start. */
START_TEST(strto_bad_base)
{
	static const int bad_bases[] = { -1, 1, 37, 100 };
	static const char s[] = "  123";

	for (size_t i = 0; i < ARRAY_SIZE(bad_bases); i++) {
		char *end = NULL;

		EXPECT(napkin_strtol(s, &end, bad_bases[i]) == 0 && end == s,
		       "strtol with base %d parsed something", bad_bases[i]);
		end = NULL;
		EXPECT(napkin_strtoull(s, &end, bad_bases[i]) == 0 && end == s,
		       "strtoull with base %d parsed something", bad_bases[i]);
	}
	/* A NULL end pointer is allowed. */
	ck_assert_int_eq(napkin_strtol("-42", NULL, 10), -42);
	ck_assert_uint_eq(napkin_strtoull("0x10", NULL, 0), 16);
}
END_TEST

START_TEST(atoi_abs)
{
	static const char *const inputs[] = {
		"0", "42", "-42", " +7x", "2147483647", "-2147483648", "", "abc", "0x10",
	};
	static const int values[] = { 0, 1, -1, 42, -42, INT_MAX, -INT_MAX };

	for (size_t i = 0; i < ARRAY_SIZE(inputs); i++)
		EXPECT(napkin_atoi(inputs[i]) == atoi(inputs[i]), "atoi(\"%s\") gave %d, glibc %d",
		       inputs[i], napkin_atoi(inputs[i]), atoi(inputs[i]));
	/* abs(INT_MIN) is undefined, so it is left out. */
	for (size_t i = 0; i < ARRAY_SIZE(values); i++)
		EXPECT(napkin_abs(values[i]) == abs(values[i]), "abs(%d) gave %d", values[i],
		       napkin_abs(values[i]));
}
END_TEST

static Suite *string_suite(void)
{
	Suite *s = suite_create("string");
	TCase *mem = tcase_create("memory");
	TCase *str = tcase_create("strings");
	TCase *num = tcase_create("numbers");

	tcase_set_timeout(mem, 60);
	tcase_add_test(mem, memcpy_alignments_and_lengths);
	tcase_add_test(mem, memmove_overlaps);
	tcase_add_test(mem, memset_values_alignments_lengths);
	tcase_add_test(mem, memcmp_sign);
	tcase_add_test(mem, memchr_positions);
	suite_add_tcase(s, mem);

	tcase_add_test(str, strlen_strnlen);
	tcase_add_test(str, strcmp_strncmp_sign);
	tcase_add_test(str, strchr_strrchr);
	tcase_add_test(str, strstr_cases);
	tcase_add_test(str, strlcpy_truncation);
	tcase_add_test(str, strspn_strcspn);
	suite_add_tcase(s, str);

	tcase_set_timeout(num, 60);
	tcase_add_test(num, strto_against_glibc);
	tcase_add_test(num, strto_bad_base);
	tcase_add_test(num, atoi_abs);
	suite_add_tcase(s, num);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(string_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

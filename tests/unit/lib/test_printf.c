// SPDX-License-Identifier: BSD-2-Clause
/*
 * lib/printf.c against glibc: the same format and arguments go to glibc's
 * vsnprintf and to napkin_vsnprintf, and the text, the return value and the
 * truncated output for small buffers must agree. Most cases are generated
 * (flag combinations crossed with widths, precisions, length modifiers and
 * boundary values); a hand-picked list names the cases people get wrong.
 *
 * Only behaviour that C or glibc's manual defines is compared. Left out as
 * undefined: '#' with d i u c s p; '0' with c s p; a precision with c or p;
 * flags other than '-' with p (glibc's manual allows no others; it happens to
 * print "+0x1" for "%+p"); length modifiers with c s p (l would mean wide
 * characters, which napkin does not have); anything between "%" and "%";
 * %n, unknown conversions and a '%' at the end of the format (napkin's own
 * behaviour for those is tested on its own below).
 */
#include <check.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "kernel/core/compiler.h"
#include "tests/unit/lib/lib_prefixed.h"

#define OUT_MAX	   512 /* every expected output is shorter; checked per case */
#define GUARD	   32  /* bytes past the largest buffer that must never be written */
#define CANARY	   0xa5
#define REPORT_MAX 20 /* mismatches printed in full before going quiet */

/* Counts for the running test; each Check test runs in its own process. */
static unsigned long n_cases, n_failures;
static char first_failure[1024];

/* Makes output with NULs and control characters printable in a report. */
static void escape(const char *s, int len, char *out, size_t size)
{
	size_t o = 0;

	for (int i = 0; i < len && o + 5 < size; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 0x20 && c < 0x7f && c != '\\')
			out[o++] = (char)c;
		else
			o += (size_t)snprintf(out + o, size - o, "\\x%02x", c);
	}
	out[o] = '\0';
}

/* got_ret is what napkin returned; got and got_len the text it left in the buffer. */
static void report(const char *fmt, size_t size, const char *what, const char *want, int want_len,
		   int got_ret, const char *got, int got_len)
{
	char f[128], w[256], g[256], line[sizeof(first_failure)];

	n_failures++;
	escape(fmt, (int)strlen(fmt), f, sizeof(f));
	escape(want, want_len, w, sizeof(w));
	escape(got, got_len, g, sizeof(g));
	snprintf(line, sizeof(line), "\"%s\" size %zu: %s: glibc %d \"%s\", napkin %d \"%s\"", f,
		 size, what, want_len, w, got_ret, g);
	if (n_failures <= REPORT_MAX)
		fprintf(stderr, "printf mismatch: %s\n", line);
	if (n_failures == 1)
		strcpy(first_failure, line);
}

static bool untouched(const char *buf, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if ((unsigned char)buf[i] != CANARY)
			return false;
	return true;
}

/*
 * One format with its arguments: the full output first, then buffers that cut
 * it at every interesting place. napkin must return the full length each time,
 * end what fits with a NUL, and leave everything from buf[size] on alone.
 */
static void compare_with_glibc(const char *fmt, va_list ap)
{
	char want[OUT_MAX], got[OUT_MAX + GUARD];
	int want_len, got_len;
	va_list aq;

	n_cases++;
	va_copy(aq, ap);
	want_len = vsnprintf(want, sizeof(want), fmt, aq);
	va_end(aq);
	if (want_len < 0 || want_len >= OUT_MAX) {
		report(fmt, sizeof(want), "test table bug, glibc output too long", "", want_len, 0,
		       "", 0);
		return;
	}

	/* The full buffer first, so a report shows napkin's whole output. */
	const size_t sizes[] = {
		OUT_MAX, 0, 1, 2, (size_t)want_len / 2, (size_t)want_len, (size_t)want_len + 1
	};

	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		size_t size = sizes[i];
		size_t kept = (size_t)want_len < size ? (size_t)want_len : size - 1;

		memset(got, CANARY, sizeof(got));
		va_copy(aq, ap);
		got_len = napkin_vsnprintf(got, size, fmt, aq);
		va_end(aq);
		if (got_len != want_len) {
			size_t shown = got_len < 0 ? 0 : (size_t)got_len;

			if (size == 0)
				shown = 0;
			else if (shown > size - 1)
				shown = size - 1;
			report(fmt, size, "return value", want, want_len, got_len, got, (int)shown);
			return;
		}
		if (!untouched(got, size, sizeof(got))) {
			report(fmt, size, "wrote past the buffer", want, want_len, got_len, got,
			       (int)kept);
			return;
		}
		if (size == 0)
			continue;
		if (memcmp(got, want, kept) || got[kept] != '\0') {
			report(fmt, size, size == OUT_MAX ? "output" : "truncated output", want,
			       (int)kept, got_len, got, (int)kept + (got[kept] != '\0'));
			return;
		}
	}

	va_copy(aq, ap);
	got_len = napkin_vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (got_len != want_len)
		report(fmt, 0, "return value with a NULL buffer", want, want_len, got_len, "", 0);
}

static void run_case(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	compare_with_glibc(fmt, ap);
	va_end(ap);
}

/* Passes the '*' arguments, then the value, exactly as the format expects. */
#define RUN_WITH_STARS(fmt, nstar, stars, arg)                      \
	do {                                                        \
		if ((nstar) == 0)                                   \
			run_case(fmt, arg);                         \
		else if ((nstar) == 1)                              \
			run_case(fmt, (stars)[0], arg);             \
		else                                                \
			run_case(fmt, (stars)[0], (stars)[1], arg); \
	} while (0)

/*
 * Runs one conversion with the value v given the type its length modifier
 * asks for. hh and h take an int (the promoted type); the value is passed
 * whole so the conversion down to char or short is tested too.
 */
static void run_spec(const char *fmt, const int *stars, int nstar, const char *len, char conv,
		     u64 v, const char *s)
{
	bool sign = conv == 'd' || conv == 'i';

	if (conv == 's') {
		RUN_WITH_STARS(fmt, nstar, stars, s);
	} else if (conv == 'c') {
		RUN_WITH_STARS(fmt, nstar, stars, (int)v);
	} else if (conv == 'p') {
		RUN_WITH_STARS(fmt, nstar, stars, (void *)(uintptr_t)v);
	} else if (!*len || !strcmp(len, "h") || !strcmp(len, "hh")) {
		if (sign)
			RUN_WITH_STARS(fmt, nstar, stars, (int)v);
		else
			RUN_WITH_STARS(fmt, nstar, stars, (unsigned int)v);
	} else if (!strcmp(len, "l")) {
		if (sign)
			RUN_WITH_STARS(fmt, nstar, stars, (long)v);
		else
			RUN_WITH_STARS(fmt, nstar, stars, (unsigned long)v);
	} else if (!strcmp(len, "ll")) {
		if (sign)
			RUN_WITH_STARS(fmt, nstar, stars, (long long)v);
		else
			RUN_WITH_STARS(fmt, nstar, stars, (unsigned long long)v);
	} else if (!strcmp(len, "z")) {
		if (sign)
			RUN_WITH_STARS(fmt, nstar, stars, (ssize_t)v);
		else
			RUN_WITH_STARS(fmt, nstar, stars, (size_t)v);
	} else if (!strcmp(len, "t")) {
		/* C names no unsigned ptrdiff_t; size_t has its width here. */
		if (sign)
			RUN_WITH_STARS(fmt, nstar, stars, (ptrdiff_t)v);
		else
			RUN_WITH_STARS(fmt, nstar, stars, (size_t)v);
	} else if (!strcmp(len, "j")) {
		if (sign)
			RUN_WITH_STARS(fmt, nstar, stars, (intmax_t)v);
		else
			RUN_WITH_STARS(fmt, nstar, stars, (uintmax_t)v);
	} else {
		ck_abort_msg("test bug: unknown length modifier \"%s\"", len);
	}
}

/* A width or precision as written in the format, and its '*' argument if any. */
struct field {
	const char *text;
	int star;
};

static const struct field widths[] = {
	{ "", 0 },   { "1", 0 }, { "3", 0 },  { "9", 0 },
	{ "26", 0 }, { "*", 7 }, { "*", -7 }, { "*", 0 },
};

static const struct field precisions[] = {
	{ "", 0 },    { ".", 0 },  { ".0", 0 }, { ".1", 0 },  { ".4", 0 },
	{ ".23", 0 }, { ".*", 5 }, { ".*", 0 }, { ".*", -2 }, /* negative: as if no precision was given */
};

static const struct field no_precision[] = { { "", 0 } };

static const char *const lengths[] = { "", "hh", "h", "l", "ll", "z", "t", "j" };

/* Bit patterns; each is cast to the type its length modifier names. */
static const u64 boundary_values[] = {
	0,
	1,
	2,
	7,
	8,
	9,
	10,
	15,
	16,
	42,
	99,
	100,
	127,
	128,
	255,
	256,
	1000,
	0x7fff,
	0x8000,
	0xffff,
	0x10000,
	123456789,
	INT_MAX,
	(u32)INT_MIN,
	UINT_MAX,
	(u64)UINT_MAX + 1,
	0x123456789abcdefull,
	0xdeadbeefcafeull,
	LLONG_MAX,
	(u64)LLONG_MIN,
	UINT64_MAX,
	(u64)-2,
	(u64)-42,
	(u64)-128,
	(u64)-129,
	(u64)-32768,
};

/* Fewer values for the large flag x width x precision product. */
static const u64 format_values[] = {
	0, 1, 7, 8, 42, 255, 0x8000, INT_MAX, (u32)INT_MIN, UINT_MAX, (u64)LLONG_MIN, UINT64_MAX,
};

static const char *const strings[] = {
	"", "a", "hello", "a string longer than most widths here", "tab\there", NULL,
};

static const int chars[] = { 'a', ' ', '%', 0, 200, -1, 0x141 /* converted to 'A' */ };

static const u64 pointers[] = {
	0, 1, 0x1234, 0xdeadbeef, 0x7fff12345678ull, (uintptr_t)-1, (uintptr_t)&n_cases,
};

#define FLAG_CHARS "-+ #0"

/* True when mask selects a flag outside allowed: that combination is skipped. */
static bool flags_outside(unsigned int mask, const char *allowed)
{
	for (int i = 0; FLAG_CHARS[i]; i++)
		if ((mask & (1u << i)) && !strchr(allowed, FLAG_CHARS[i]))
			return true;
	return false;
}

static void build_and_run(unsigned int mask, const struct field *w, const struct field *pr,
			  const char *len, char conv, u64 v, const char *s)
{
	char fmt[64], *p = fmt;
	int stars[2] = { 0, 0 }, nstar = 0;

	*p++ = '%';
	for (int i = 0; FLAG_CHARS[i]; i++)
		if (mask & (1u << i))
			*p++ = FLAG_CHARS[i];
	p = stpcpy(p, w->text);
	if (strchr(w->text, '*'))
		stars[nstar++] = w->star;
	p = stpcpy(p, pr->text);
	if (strchr(pr->text, '*'))
		stars[nstar++] = pr->star;
	p = stpcpy(p, len);
	*p++ = conv;
	*p = '\0';
	run_spec(fmt, stars, nstar, len, conv, v, s);
}

/* Every width crossed with every precision given, for one flag set and value. */
static void sweep_fields(unsigned int mask, const struct field *precs, size_t n_precs,
			 const char *len, char conv, u64 v, const char *s)
{
	for (size_t w = 0; w < ARRAY_SIZE(widths); w++)
		for (size_t pr = 0; pr < n_precs; pr++)
			build_and_run(mask, &widths[w], &precs[pr], len, conv, v, s);
}

static void reset_tally(void)
{
	n_cases = 0;
	n_failures = 0;
	first_failure[0] = '\0';
}

/* The minimum catches a table that silently shrank to nothing. */
#define ASSERT_ALL_MATCH(min_cases)                                                               \
	do {                                                                                      \
		ck_assert_msg(n_cases >= (min_cases), "only %lu cases ran, expected %d", n_cases, \
			      (min_cases));                                                       \
		ck_assert_msg(n_failures == 0, "%lu of %lu cases differ from glibc; first: %s",   \
			      n_failures, n_cases, first_failure);                                \
	} while (0)

/* Defined flags for the integer conversions: '#' means nothing for d i u. */
static const char *integer_flags(char conv)
{
	return strchr("diu", conv) ? "-+ 0" : FLAG_CHARS;
}

START_TEST(integer_flags_widths_precisions)
{
	static const char *const some_lengths[] = { "", "ll" };

	reset_tally();
	for (const char *c = "diuoxX"; *c; c++) {
		for (unsigned int mask = 0; mask < 32; mask++) {
			if (flags_outside(mask, integer_flags(*c)))
				continue;
			for (size_t l = 0; l < ARRAY_SIZE(some_lengths); l++)
				for (size_t v = 0; v < ARRAY_SIZE(format_values); v++)
					sweep_fields(mask, precisions, ARRAY_SIZE(precisions),
						     some_lengths[l], *c, format_values[v], NULL);
		}
	}
	ASSERT_ALL_MATCH(200000);
}
END_TEST

/* Each length modifier with values at and around every type's limits. */
START_TEST(integer_lengths_and_limits)
{
	static const char *const specs[] = {
		"", "#", "+", " ", "-", "030", "-30", ".25", "#.25", "+.0", "#.0", "#030", "+030",
	};

	reset_tally();
	for (const char *c = "diuoxX"; *c; c++) {
		for (size_t sp = 0; sp < ARRAY_SIZE(specs); sp++) {
			if (strchr(specs[sp], '#') && !strchr(integer_flags(*c), '#'))
				continue;
			for (size_t l = 0; l < ARRAY_SIZE(lengths); l++) {
				for (size_t v = 0; v < ARRAY_SIZE(boundary_values); v++) {
					char fmt[32];

					snprintf(fmt, sizeof(fmt), "%%%s%s%c", specs[sp],
						 lengths[l], *c);
					run_spec(fmt, NULL, 0, lengths[l], *c, boundary_values[v],
						 NULL);
				}
			}
		}
	}
	ASSERT_ALL_MATCH(15000);
}
END_TEST

/* %s, %c and %p with the flags C and glibc define for them (see the top). */
START_TEST(strings_chars_pointers)
{
	reset_tally();
	for (unsigned int mask = 0; mask < 32; mask++) {
		if (flags_outside(mask, "-+ "))
			continue;
		for (size_t i = 0; i < ARRAY_SIZE(strings); i++)
			sweep_fields(mask, precisions, ARRAY_SIZE(precisions), "", 's', 0,
				     strings[i]);
		for (size_t i = 0; i < ARRAY_SIZE(chars); i++)
			sweep_fields(mask, no_precision, 1, "", 'c', (u64)chars[i], NULL);
		if (flags_outside(mask, "-"))
			continue;
		for (size_t i = 0; i < ARRAY_SIZE(pointers); i++)
			sweep_fields(mask, no_precision, 1, "", 'p', pointers[i], NULL);
	}
	ASSERT_ALL_MATCH(3500);
}
END_TEST

/* One hand-picked conversion: its value, string and '*' arguments. */
struct pick {
	const char *fmt;
	u64 v;
	const char *s;
	int stars[2];
};

#define PICK(fmt, v)                 \
	{                            \
		fmt, (u64)(v), NULL, \
		{                    \
			0, 0         \
		}                    \
	}
#define PICK_STR(fmt, s)     \
	{                    \
		fmt, 0, s,   \
		{            \
			0, 0 \
		}            \
	}
#define PICK_STARS(fmt, v, s, star0, star1) \
	{                                   \
		fmt, (u64)(v), s,           \
		{                           \
			star0, star1        \
		}                           \
	}

static const struct pick picks[] = {
	PICK("%d", (u32)INT_MIN),
	PICK("%i", INT_MAX),
	PICK("%ld", (u64)LONG_MIN),
	PICK("%lld", (u64)LLONG_MIN),
	PICK("%llu", ULLONG_MAX),
	PICK("%lx", ULONG_MAX),
	PICK("%jd", (u64)INTMAX_MIN),
	PICK("%ju", UINTMAX_MAX),
	PICK("%zu", SIZE_MAX),
	PICK("%zd", (u64)-1),
	PICK("%td", (u64)PTRDIFF_MIN),
	PICK("%hhd", 0x80),
	PICK("%hhu", 0x1ff),
	PICK("%hd", 0x8000),
	PICK("%hu", 0x18000),
	PICK("%#llo", ULLONG_MAX),
	PICK("%#llx", ULLONG_MAX),
	PICK("%#llX", ULLONG_MAX),
	/* Precision 0 with value 0 prints no digits, but signs, '#o' and width stay. */
	PICK("%.0d", 0),
	PICK("%+.0d", 0),
	PICK("% .0d", 0),
	PICK("%5.0d|", 0),
	PICK("%-5.0x|", 0),
	PICK("%#.0o", 0),
	PICK("%#.0x", 0),
	PICK("%.x", 0),
	/* '#' adds 0x only to non-zero values; for o it forces a leading 0. */
	PICK("%#x", 0),
	PICK("%#o", 0),
	PICK("%#5x", 0),
	PICK("%#08x", 255),
	PICK("%#-8x|", 255),
	PICK("%#X", 0xabc),
	PICK("%#010X", 0xabc),
	PICK("%#o", 8),
	PICK("%#.2o", 8),
	PICK("%#.3o", 8),
	PICK("%#5.3o", 8),
	PICK("%#05o", 8),
	/* Flag interplay: '-' beats '0', '+' beats ' ', a precision turns '0' off. */
	PICK("%-08d|", (u64)-5),
	PICK("%08.3d", (u64)-5),
	PICK("%+ d", 5),
	PICK("% +d", 5),
	PICK("%+05d", 5),
	PICK("% 05d", (u64)-5),
	PICK("%--5d|", 3),
	PICK("%00005d", 3),
	PICK("%0-5d|", 3),
	PICK("% -+5d|", 3),
	PICK("%0#8x", 255),
	/* Signs belong to signed conversions only. */
	PICK("%+u", 5),
	PICK("% u", 5),
	PICK("%+o", 5),
	PICK("% x", 5),
	PICK("%+X", 5),
	/* '*' arguments: a negative width means '-', a negative precision none. */
	PICK_STARS("%*d|", 5, NULL, -10, 0),
	PICK_STARS("%0*d", 5, NULL, 6, 0),
	PICK_STARS("%.*d", 0, NULL, -1, 0),
	PICK_STARS("%0.*d", 42, NULL, -1, 0),
	PICK_STARS("%0*.*d", 42, NULL, 8, -1),
	PICK_STARS("%-*.*d|", 42, NULL, 8, 4),
	PICK_STARS("%.*s", 0, "abcdef", 3, 0),
	PICK_STARS("%*s|", 0, "ab", -6, 0),
	/* glibc prints a NULL string as "(null)", or nothing if that does not fit. */
	PICK_STR("%s", NULL),
	PICK_STR("%.3s", NULL),
	PICK_STR("%.5s", NULL),
	PICK_STR("%.6s", NULL),
	PICK_STR("%10s|", NULL),
	PICK_STR("%-10s|", NULL),
	PICK_STR("%.0s", "abc"),
	PICK_STR("%s", ""),
	PICK("%c", 0),
	PICK("%5c", 0),
	PICK("%-3c|", 'x'),
	/* glibc's %p: "(nil)" for NULL, otherwise 0x and lowercase hex. */
	PICK("%p", 0),
	PICK("%p", 1),
	PICK("%-20p|", 0xdeadbeef),
	PICK("%20p", 0),
	PICK("%-8p|", 0),
	PICK("%p", UINTPTR_MAX),
	PICK("%u", 0),
	PICK("%o", 0),
	PICK("%300d", 1),
	PICK("%.300d", 7),
	PICK_STR("%-300s|", "x"),
	PICK("%.0u", 0),
};

/* Finds the one conversion of a pick: its length modifier, letter and '*'s. */
static void parse_pick(const char *fmt, char *len, char *conv, int *nstar)
{
	const char *p = strchr(fmt, '%') + 1;
	size_t n = 0;

	*nstar = 0;
	for (; *p && strchr("-+ #0123456789.*", *p); p++)
		*nstar += *p == '*';
	while (*p && strchr("hlztj", *p))
		len[n++] = *p++;
	len[n] = '\0';
	*conv = *p;
}

START_TEST(hand_picked)
{
	reset_tally();
	for (size_t i = 0; i < ARRAY_SIZE(picks); i++) {
		char len[4], conv;
		int nstar;

		parse_pick(picks[i].fmt, len, &conv, &nstar);
		run_spec(picks[i].fmt, picks[i].stars, nstar, len, conv, picks[i].v, picks[i].s);
	}
	ASSERT_ALL_MATCH((int)ARRAY_SIZE(picks));
}
END_TEST

/* Several conversions and plain text in one format, as real callers write them. */
START_TEST(mixed_formats)
{
	reset_tally();
	run_case("");
	run_case("no conversions at all");
	run_case("100%%");
	run_case("%%%d%%", 5);
	run_case("ip %u.%u.%u.%u:%d", 192u, 168u, 0u, 1u, 8080);
	run_case("%s=%-6d|%#x|%c%%", "key", -42, 255u, 'z');
	run_case("%5s|%-5s|%05d|%p", "a", "b", 42, (void *)0);
	run_case("%lu %ld %llx %zu %hhx", ULONG_MAX, LONG_MIN, 0x1234ull, (size_t)77, 0x1ff);
	run_case("%*d%-*s%.*x", 4, 1, 4, "ab", 3, 0xfu);
	run_case("[%08.3x] [%-#6o] [%+.2d]", 0xabu, 8u, 3);
	ASSERT_ALL_MATCH(10);
}
END_TEST

/* The truncation contract spelled out, independent of glibc. */
START_TEST(truncation)
{
	char buf[32];

	ck_assert_int_eq(napkin_snprintf(NULL, 0, "%d", 12345), 5);

	memset(buf, CANARY, sizeof(buf));
	ck_assert_int_eq(napkin_snprintf(buf, 0, "abc"), 3);
	ck_assert_msg(untouched(buf, 0, sizeof(buf)), "size 0 wrote to the buffer");

	ck_assert_int_eq(napkin_snprintf(buf, 1, "abc"), 3);
	ck_assert_int_eq(buf[0], '\0');
	ck_assert_msg(untouched(buf, 1, sizeof(buf)), "size 1 wrote past the buffer");

	memset(buf, CANARY, sizeof(buf));
	ck_assert_int_eq(napkin_snprintf(buf, 3, "%s", "hello"), 5);
	ck_assert_str_eq(buf, "he");
	ck_assert_msg(untouched(buf, 3, sizeof(buf)), "size 3 wrote past the buffer");

	memset(buf, CANARY, sizeof(buf));
	ck_assert_int_eq(napkin_snprintf(buf, 4, "%#x", 255u), 4);
	ck_assert_str_eq(buf, "0xf");

	memset(buf, CANARY, sizeof(buf));
	ck_assert_int_eq(napkin_snprintf(buf, 16, "%-300d", 7), 300);
	ck_assert_str_eq(buf, "7              ");
	ck_assert_msg(untouched(buf, 16, sizeof(buf)), "size 16 wrote past the buffer");
}
END_TEST

/* What napkin does where C leaves it undefined: visible, and never a crash. */
START_TEST(napkin_own_behaviour)
{
	char buf[32];
	int target = 7;

	/*
	 * %n is refused: echoed, nothing written through the pointer, and the
	 * pointer still consumed so the next conversion gets its own argument.
	 */
	ck_assert_int_eq(napkin_snprintf(buf, sizeof(buf), "a%nb%d", &target, 5), 5);
	ck_assert_str_eq(buf, "a%nb5");
	ck_assert_int_eq(target, 7);

	/* Widths and precisions clamp at 4096 instead of overflowing an int. */
	ck_assert_int_eq(napkin_snprintf(buf, sizeof(buf), "%99999999999999d", 1), 4096);
	ck_assert_int_eq(napkin_snprintf(buf, sizeof(buf), "%.99999999999999d|", 1), 4097);
	ck_assert_int_eq(napkin_snprintf(buf, sizeof(buf), "%*d|", INT_MIN, 1), 4097);
	ck_assert_str_eq(buf, "1                              ");
	ck_assert_int_eq(napkin_snprintf(buf, sizeof(buf), "%.*d", INT_MAX, 1), 4096);

	/* Unknown conversions are echoed so the mistake shows in the log. */
	ck_assert_int_eq(napkin_snprintf(buf, sizeof(buf), "x%yz"), 4);
	ck_assert_str_eq(buf, "x%yz");

	/* A '%' that ends the format prints nothing and stops there. */
	ck_assert_int_eq(napkin_snprintf(buf, sizeof(buf), "abc%"), 3);
	ck_assert_str_eq(buf, "abc");
	ck_assert_int_eq(napkin_snprintf(buf, sizeof(buf), "abc%-5"), 3);
	ck_assert_str_eq(buf, "abc");
}
END_TEST

static Suite *printf_suite(void)
{
	Suite *s = suite_create("printf");
	TCase *tc = tcase_create("vs_glibc");

	/* The generated tables take a few seconds under a loaded machine. */
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, integer_flags_widths_precisions);
	tcase_add_test(tc, integer_lengths_and_limits);
	tcase_add_test(tc, strings_chars_pointers);
	tcase_add_test(tc, hand_picked);
	tcase_add_test(tc, mixed_formats);
	tcase_add_test(tc, truncation);
	tcase_add_test(tc, napkin_own_behaviour);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(printf_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

// SPDX-License-Identifier: BSD-2-Clause
/* Number parsing with C semantics: base 0 detects 0x and 0 prefixes, overflow
 * saturates. errno is not set (napkin has none); callers that care compare the
 * result with the saturated limits or check *end. */
#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>

static int digit_value(int c)
{
	if (isdigit(c))
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

/* Parses the magnitude; *neg tells the sign. Saturates at limit. */
static unsigned long long parse_magnitude(const char *s, char **end, int base, bool *neg,
					  unsigned long long limit, bool *overflow)
{
	const char *p = s;
	unsigned long long v = 0;
	bool any = false;

	*neg = false;
	*overflow = false;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '+' || *p == '-')
		*neg = *p++ == '-';
	if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    isxdigit((unsigned char)p[2])) {
		p += 2;
		base = 16;
	} else if (base == 0) {
		base = p[0] == '0' ? 8 : 10;
	}
	if (base < 2 || base > 36) {
		if (end)
			*end = (char *)s;
		return 0;
	}
	for (;; p++) {
		int d = digit_value((unsigned char)*p);

		if (d >= base)
			break;
		any = true;
		if (v > (limit - (unsigned)d) / (unsigned)base) {
			*overflow = true;
			v = limit;
		} else if (!*overflow) {
			v = v * (unsigned)base + (unsigned)d;
		}
	}
	if (end)
		*end = (char *)(any ? p : s);
	return any ? v : 0;
}

unsigned long long strtoull(const char *s, char **end, int base)
{
	bool neg, overflow;
	unsigned long long v = parse_magnitude(s, end, base, &neg, ULLONG_MAX, &overflow);

	if (overflow)
		return ULLONG_MAX;
	return neg ? -v : v;
}

unsigned long strtoul(const char *s, char **end, int base)
{
	bool neg, overflow;
	unsigned long long v = parse_magnitude(s, end, base, &neg, ULONG_MAX, &overflow);

	if (overflow)
		return ULONG_MAX;
	return neg ? -(unsigned long)v : (unsigned long)v;
}

long long strtoll(const char *s, char **end, int base)
{
	/* The magnitude of LLONG_MIN, one more than LLONG_MAX. */
	const unsigned long long limit = (unsigned long long)LLONG_MAX + 1;
	bool neg, overflow;
	unsigned long long v = parse_magnitude(s, end, base, &neg, limit, &overflow);

	if (!neg && v > (unsigned long long)LLONG_MAX)
		return LLONG_MAX;
	if (overflow)
		return neg ? LLONG_MIN : LLONG_MAX;
	return neg ? (long long)(0 - v) : (long long)v;
}

/* napkin is LP64 only: long and long long are the same width. */
_Static_assert(sizeof(long) == sizeof(long long), "strtol relies on LP64");

long strtol(const char *s, char **end, int base)
{
	return (long)strtoll(s, end, base);
}

int atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}

int abs(int v)
{
	return v < 0 ? -v : v;
}

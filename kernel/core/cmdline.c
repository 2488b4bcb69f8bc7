// SPDX-License-Identifier: BSD-2-Clause
/*
 * Kernel command line parser. The line is copied once at boot into static
 * storage and split into key/value strings in a second buffer, so nothing
 * here allocates and the loader's copy may be reused afterwards.
 */
#define pr_fmt(fmt) "cmdline: " fmt

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kernel/core/cmdline.h"
#include "kernel/console/printk.h"

struct cmdline_param {
	const char *key;
	const char *value; /* NULL for a bare key */
	bool used;	   /* some lookup asked for it */
	bool warned;	   /* cmdline_warn_unknown() already complained */
};

static char raw_copy[CMDLINE_MAX];
/* The tokens with quotes removed, each NUL-terminated; keys and values point here. */
static char token_store[CMDLINE_MAX];
static struct cmdline_param params[CMDLINE_MAX_PARAMS];
static size_t nr_params;
static const char *image_path;

/* Keys boot loaders add on their own that napkin has no use for. */
static const char *const loader_keys[] = { "BOOT_IMAGE" };

/* Keys compare equal when they differ only by '-' versus '_'. */
static bool keys_equal(const char *a, const char *b)
{
	for (;; a++, b++) {
		char ca = *a == '-' ? '_' : *a;
		char cb = *b == '-' ? '_' : *b;

		if (ca != cb)
			return false;
		if (!ca)
			return true;
	}
}

static struct cmdline_param *find_param(const char *key)
{
	for (size_t i = 0; i < nr_params; i++) {
		if (keys_equal(params[i].key, key))
			return &params[i];
	}
	return NULL;
}

/*
 * Length of the prefix of raw that fits in CMDLINE_MAX - 1 bytes without
 * cutting a token in half: a half value (mem=10 out of mem=1024) is worse than
 * none.
 */
static size_t kept_length(const char *raw)
{
	size_t len = strnlen(raw, CMDLINE_MAX);
	bool quoted = false;
	size_t keep = 0;

	if (len < CMDLINE_MAX)
		return len;
	/* raw[CMDLINE_MAX - 1] is the first byte that does not fit. */
	for (size_t i = 0; i < CMDLINE_MAX; i++) {
		if (raw[i] == '"')
			quoted = !quoted;
		else if (isspace((unsigned char)raw[i]) && !quoted)
			keep = i;
	}
	return keep;
}

static bool looks_like_image_path(const char *tok)
{
	size_t len = strlen(tok);

	return strchr(tok, '/') || (len > 4 && !strcmp(tok + len - 4, ".elf"));
}

static void add_param(const char *key, const char *value, size_t *dropped)
{
	struct cmdline_param *p = find_param(key);

	if (p) {
		p->key = key;
		p->value = value;
		return;
	}
	if (nr_params == CMDLINE_MAX_PARAMS) {
		if (!(*dropped)++)
			pr_warn("more than %d parameters: ignoring \"%s\" and the rest\n",
				CMDLINE_MAX_PARAMS, key);
		return;
	}
	params[nr_params++] = (struct cmdline_param){ .key = key, .value = value };
}

/* Splits raw_copy into token_store and params. */
static void parse_tokens(void)
{
	const char *s = raw_copy;
	size_t out = 0;
	size_t dropped = 0;
	bool first = true;

	for (;;) {
		char *tok = &token_store[out];
		char *eq = NULL;
		bool quoted = false;
		const char *start;

		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		start = s;
		/*
		 * Each byte of raw_copy yields at most one byte here and each
		 * token ends before a separator or raw_copy's NUL, so token_store
		 * (as big as raw_copy) cannot overflow.
		 */
		for (; *s && (quoted || !isspace((unsigned char)*s)); s++) {
			if (*s == '"') {
				quoted = !quoted;
				continue;
			}
			if (*s == '=' && !eq)
				eq = &token_store[out];
			token_store[out++] = *s;
		}
		token_store[out++] = '\0';
		if (quoted)
			pr_warn(
			    "unterminated quote in \"%.*s\": taking it to the end of the line\n",
			    (int)(s - start), start);
		if (eq)
			*eq = '\0';
		if (!*tok) {
			pr_warn("ignoring \"%.*s\": empty key\n", (int)(s - start), start);
		} else if (first && !eq && looks_like_image_path(tok)) {
			image_path = tok;
		} else {
			add_param(tok, eq ? eq + 1 : NULL, &dropped);
		}
		first = false;
	}
	if (dropped > 1)
		pr_warn("%zu parameters ignored in all\n", dropped);
}

void cmdline_init(const char *raw)
{
	size_t keep;

	if (!raw)
		raw = "";
	nr_params = 0;
	image_path = NULL;
	keep = kept_length(raw);
	if (raw[keep]) {
		const char *rest = raw + keep;

		while (isspace((unsigned char)*rest))
			rest++;
		pr_warn(
		    "command line longer than %d bytes: ignoring everything from \"%.32s...\"\n",
		    CMDLINE_MAX - 1, rest);
	}
	memcpy(raw_copy, raw, keep);
	raw_copy[keep] = '\0';
	parse_tokens();
}

const char *cmdline_raw(void)
{
	return raw_copy;
}

const char *cmdline_image(void)
{
	return image_path;
}

bool cmdline_get(const char *key, const char **value)
{
	struct cmdline_param *p = find_param(key);

	if (!p)
		return false;
	p->used = true;
	if (value)
		*value = p->value;
	return true;
}

static void report_invalid(const char *key, const char *value, const char *why, const char *dflt)
{
	pr_warn("invalid value \"%.64s\" for %s: %s; keeping default %s\n", value ? value : "", key,
		why, dflt);
}

/*
 * Parses an unsigned number, decimal or 0x-hex, stopping at the first byte
 * that is not a digit. Returns NULL with *end set, or the reason it failed.
 */
static const char *parse_magnitude(const char *s, u64 *v, const char **end)
{
	unsigned int base = 10;
	bool any = false;
	u64 acc = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	for (;; s++) {
		unsigned int d;

		if (isdigit((unsigned char)*s))
			d = (unsigned int)(*s - '0');
		else if (base == 16 && isxdigit((unsigned char)*s))
			d = (unsigned int)(tolower((unsigned char)*s) - 'a' + 10);
		else
			break;
		if (acc > (UINT64_MAX - d) / base)
			return "too large for 64 bits";
		acc = acc * base + d;
		any = true;
	}
	if (!any)
		return "not a number";
	*v = acc;
	*end = s;
	return NULL;
}

/* Finds key and rejects a bare one. Returns 0, -ENOENT, or -EINVAL (logged). */
static int get_value(const char *key, const char **value, const char *dflt)
{
	if (!cmdline_get(key, value))
		return -ENOENT;
	if (!*value) {
		report_invalid(key, NULL, "a value is required", dflt);
		return -EINVAL;
	}
	return 0;
}

static const char *range_reason_u64(char *buf, size_t size, u64 min, u64 max)
{
	snprintf(buf, size, "out of range [%llu, %llu]", (unsigned long long)min,
		 (unsigned long long)max);
	return buf;
}

/* Shared by the u64 and size getters; suffixes says whether K/M/G are allowed. */
static int get_unsigned(const char *key, u64 *out, u64 min, u64 max, bool suffixes)
{
	char dflt[24], why[64];
	const char *value, *end, *err;
	u64 v;
	int ret;

	snprintf(dflt, sizeof(dflt), "%llu", (unsigned long long)*out);
	ret = get_value(key, &value, dflt);
	if (ret)
		return ret;
	end = value;
	v = 0;
	if (value[0] == '-')
		err = "negative";
	else
		err = parse_magnitude(value, &v, &end);
	if (!err && suffixes && *end) {
		unsigned int shift = 0;

		switch (*end) {
		case 'k':
		case 'K': shift = 10; break;
		case 'm':
		case 'M': shift = 20; break;
		case 'g':
		case 'G': shift = 30; break;
		}
		if (shift) {
			end++;
			if (v > UINT64_MAX >> shift)
				err = "too large for 64 bits";
			else
				v <<= shift;
		}
	}
	if (!err && *end)
		err = suffixes ? "not a size (number with optional K, M or G)" : "not a number";
	if (!err && (v < min || v > max))
		err = range_reason_u64(why, sizeof(why), min, max);
	if (err) {
		report_invalid(key, value, err, dflt);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

int cmdline_get_u64(const char *key, u64 *out, u64 min, u64 max)
{
	return get_unsigned(key, out, min, max, false);
}

int cmdline_get_size(const char *key, u64 *out, u64 min, u64 max)
{
	return get_unsigned(key, out, min, max, true);
}

int cmdline_get_s64(const char *key, s64 *out, s64 min, s64 max)
{
	char dflt[24], why[64];
	const char *value, *end, *err;
	bool neg;
	u64 mag;
	s64 v = 0;
	int ret;

	snprintf(dflt, sizeof(dflt), "%lld", (long long)*out);
	ret = get_value(key, &value, dflt);
	if (ret)
		return ret;
	neg = value[0] == '-';
	err = parse_magnitude(value + neg, &mag, &end);
	if (!err && *end)
		err = "not a number";
	if (!err) {
		/* The most negative value has no positive counterpart. */
		if (mag > (u64)INT64_MAX + neg)
			err = "out of the 64-bit signed range";
		else if (neg)
			v = mag == (u64)INT64_MAX + 1 ? INT64_MIN : -(s64)mag;
		else
			v = (s64)mag;
	}
	if (!err && (v < min || v > max)) {
		snprintf(why, sizeof(why), "out of range [%lld, %lld]", (long long)min,
			 (long long)max);
		err = why;
	}
	if (err) {
		report_invalid(key, value, err, dflt);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

static bool equal_ignoring_case(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
	}
	return *a == *b;
}

int cmdline_get_bool(const char *key, bool *out)
{
	static const char *const yes[] = { "1", "on", "yes", "y", "true" };
	static const char *const no[] = { "0", "off", "no", "n", "false" };
	const char *value;

	if (!cmdline_get(key, &value))
		return -ENOENT;
	if (!value) {
		*out = true;
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(yes); i++) {
		if (equal_ignoring_case(value, yes[i])) {
			*out = true;
			return 0;
		}
		if (equal_ignoring_case(value, no[i])) {
			*out = false;
			return 0;
		}
	}
	report_invalid(key, value, "expected on/off, yes/no, true/false or 1/0",
		       *out ? "on" : "off");
	return -EINVAL;
}

int cmdline_get_choice(const char *key, const char *const *choices, size_t n, int *out)
{
	char dflt[32], why[160];
	const char *value;
	size_t len;
	int ret;

	if (*out >= 0 && (size_t)*out < n)
		snprintf(dflt, sizeof(dflt), "%s", choices[*out]);
	else
		snprintf(dflt, sizeof(dflt), "%d", *out);
	ret = get_value(key, &value, dflt);
	if (ret)
		return ret;
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(value, choices[i])) {
			*out = (int)i;
			return 0;
		}
	}
	len = (size_t)snprintf(why, sizeof(why), "expected one of:");
	for (size_t i = 0; i < n && len < sizeof(why); i++)
		len += (size_t)snprintf(why + len, sizeof(why) - len, "%s %s", i ? "," : "",
					choices[i]);
	report_invalid(key, value, why, dflt);
	return -EINVAL;
}

static bool is_loader_key(const char *key)
{
	for (size_t i = 0; i < ARRAY_SIZE(loader_keys); i++) {
		if (keys_equal(key, loader_keys[i]))
			return true;
	}
	return false;
}

void cmdline_warn_unknown(void)
{
	for (size_t i = 0; i < nr_params; i++) {
		struct cmdline_param *p = &params[i];

		if (p->used || p->warned || is_loader_key(p->key))
			continue;
		p->warned = true;
		pr_warn("unknown parameter \"%s\" ignored\n", p->key);
	}
}

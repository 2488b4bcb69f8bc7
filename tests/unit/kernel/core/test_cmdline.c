// SPDX-License-Identifier: BSD-2-Clause
/* Unit tests for kernel/core/cmdline.c. */
#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/core/cmdline.h"
#include "kernel/console/printk.h"
#include "tests/unit/fakes/stub_printk.h"

static void setup(void)
{
	stub_printk_reset();
}

static const char *value_of(const char *key)
{
	const char *v = "<unset>";

	if (!cmdline_get(key, &v))
		return "<absent>";
	return v ? v : "<bare>";
}

START_TEST(test_key_value_and_bare)
{
	cmdline_init("console=ttyS0,115200 quiet loglevel=7 empty=");
	ck_assert_str_eq(value_of("console"), "ttyS0,115200");
	ck_assert_str_eq(value_of("quiet"), "<bare>");
	ck_assert_str_eq(value_of("loglevel"), "7");
	ck_assert_str_eq(value_of("empty"), "");
	ck_assert_str_eq(value_of("nothere"), "<absent>");
	ck_assert(!cmdline_get("nothere", NULL));
	ck_assert(cmdline_get("quiet", NULL));
	ck_assert_str_eq(cmdline_raw(), "console=ttyS0,115200 quiet loglevel=7 empty=");
	ck_assert_int_eq(stub_printk_total(), 0);
}
END_TEST

START_TEST(test_null_and_blank)
{
	cmdline_init(NULL);
	ck_assert_str_eq(cmdline_raw(), "");
	ck_assert(!cmdline_get("a", NULL));
	cmdline_init("  \t  ");
	ck_assert(!cmdline_get("a", NULL));
	ck_assert_ptr_null(cmdline_image());
	ck_assert_int_eq(stub_printk_total(), 0);
}
END_TEST

START_TEST(test_quotes)
{
	cmdline_init("a=\"x y\" \"b=p q\" c=\"\" d=one=two e=\"in\"side \"bare key\" f=\"t\\\"");
	ck_assert_str_eq(value_of("a"), "x y");
	ck_assert_str_eq(value_of("b"), "p q");
	ck_assert_str_eq(value_of("c"), "");
	ck_assert_str_eq(value_of("d"), "one=two");
	ck_assert_str_eq(value_of("e"), "inside");
	ck_assert_str_eq(value_of("bare key"), "<bare>");
	ck_assert_str_eq(value_of("f"), "t\\");
	ck_assert_int_eq(stub_printk_total(), 0);
}
END_TEST

START_TEST(test_unterminated_quote)
{
	cmdline_init("a=1 b=\"open ended c=3");
	ck_assert_str_eq(value_of("a"), "1");
	ck_assert_str_eq(value_of("b"), "open ended c=3");
	ck_assert_str_eq(value_of("c"), "<absent>");
	ck_assert(stub_printk_count(LOGLEVEL_WARNING, "unterminated quote") == 1);
}
END_TEST

START_TEST(test_empty_key)
{
	cmdline_init("=5 ok=1 \"\"");
	ck_assert_str_eq(value_of("ok"), "1");
	ck_assert_str_eq(value_of(""), "<absent>");
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "empty key"), 2);
	ck_assert(stub_printk_contains("\"=5\""));
}
END_TEST

START_TEST(test_later_overrides_earlier)
{
	cmdline_init("a=1 b c=x a=2 b=on c a=3");
	ck_assert_str_eq(value_of("a"), "3");
	ck_assert_str_eq(value_of("b"), "on");
	ck_assert_str_eq(value_of("c"), "<bare>");
}
END_TEST

START_TEST(test_dash_underscore)
{
	cmdline_init("foo-bar=1 baz_qux=2 foo_bar=3");
	ck_assert_str_eq(value_of("foo_bar"), "3");
	ck_assert_str_eq(value_of("foo-bar"), "3");
	ck_assert_str_eq(value_of("baz-qux"), "2");
}
END_TEST

START_TEST(test_image_path)
{
	cmdline_init("/boot/napkin.elf console=ttyS0");
	ck_assert_str_eq(cmdline_image(), "/boot/napkin.elf");
	ck_assert(!cmdline_get("/boot/napkin.elf", NULL));
	cmdline_warn_unknown();
	ck_assert(!stub_printk_contains("napkin.elf"));

	cmdline_init("napkin32.elf x=1");
	ck_assert_str_eq(cmdline_image(), "napkin32.elf");

	/* Only the first token can be the image; a first bare word is a key. */
	cmdline_init("quiet /boot/x.elf");
	ck_assert_ptr_null(cmdline_image());
	ck_assert(cmdline_get("quiet", NULL));
	ck_assert(cmdline_get("/boot/x.elf", NULL));
	cmdline_init("a/b=1");
	ck_assert_ptr_null(cmdline_image());
	ck_assert_str_eq(value_of("a/b"), "1");
}
END_TEST

START_TEST(test_u64)
{
	u64 v = 42;

	cmdline_init("dec=123 hex=0x1F max=18446744073709551615 zero=0 HEX=0XaB");
	ck_assert_int_eq(cmdline_get_u64("dec", &v, 0, UINT64_MAX), 0);
	ck_assert_uint_eq(v, 123);
	ck_assert_int_eq(cmdline_get_u64("hex", &v, 0, UINT64_MAX), 0);
	ck_assert_uint_eq(v, 31);
	ck_assert_int_eq(cmdline_get_u64("max", &v, 0, UINT64_MAX), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(cmdline_get_u64("zero", &v, 0, 10), 0);
	ck_assert_uint_eq(v, 0);
	ck_assert_int_eq(cmdline_get_u64("HEX", &v, 0, 1000), 0);
	ck_assert_uint_eq(v, 0xab);
	v = 9;
	ck_assert_int_eq(cmdline_get_u64("absent", &v, 0, 10), -ENOENT);
	ck_assert_uint_eq(v, 9);
	ck_assert_int_eq(stub_printk_total(), 0);
}
END_TEST

struct bad_case {
	const char *value;
	const char *reason;
};

START_TEST(test_u64_bad_values)
{
	static const struct bad_case cases[] = {
		{ "12x", "not a number" },
		{ "", "not a number" },
		{ "x12", "not a number" },
		{ "0x", "not a number" },
		{ "0xg", "not a number" },
		{ "+5", "not a number" },
		{ " 5", "not a number" },
		{ "-1", "negative" },
		{ "18446744073709551616", "too large for 64 bits" },
		{ "99999999999999999999999", "too large for 64 bits" },
		{ "0x10000000000000000", "too large for 64 bits" },
		{ "11", "out of range [1, 10]" },
		{ "0", "out of range [1, 10]" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char line[128], expect[192];
		u64 v = 7;

		snprintf(line, sizeof(line), "num=\"%s\"", cases[i].value);
		stub_printk_reset();
		cmdline_init(line);
		ck_assert_msg(cmdline_get_u64("num", &v, 1, 10) == -EINVAL, "value \"%s\"",
			      cases[i].value);
		ck_assert_uint_eq(v, 7);
		snprintf(expect, sizeof(expect),
			 "cmdline: invalid value \"%s\" for num: %s; keeping default 7",
			 cases[i].value, cases[i].reason);
		ck_assert_msg(stub_printk_count(LOGLEVEL_WARNING, expect) == 1,
			      "expected \"%s\", got \"%s\"", expect, stub_printk_last());
	}
}
END_TEST

START_TEST(test_bare_key_needs_value)
{
	u64 u = 3;
	s64 s = -3;
	int c = 1;
	static const char *const modes[] = { "halt", "reboot" };

	cmdline_init("n");
	ck_assert_int_eq(cmdline_get_u64("n", &u, 0, 10), -EINVAL);
	ck_assert_int_eq(cmdline_get_s64("n", &s, -10, 10), -EINVAL);
	ck_assert_int_eq(cmdline_get_choice("n", modes, 2, &c), -EINVAL);
	ck_assert_uint_eq(u, 3);
	ck_assert_int_eq(s, -3);
	ck_assert_int_eq(c, 1);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "for n: a value is required"), 3);
	ck_assert(stub_printk_contains("keeping default reboot"));
}
END_TEST

START_TEST(test_s64)
{
	s64 v = 5;

	cmdline_init("a=-12 b=0x10 c=-0x10 min=-9223372036854775808 max=9223372036854775807 "
		     "under=-9223372036854775809 over=9223372036854775808 lo=-11 junk=-");
	ck_assert_int_eq(cmdline_get_s64("a", &v, INT64_MIN, INT64_MAX), 0);
	ck_assert_int_eq(v, -12);
	ck_assert_int_eq(cmdline_get_s64("b", &v, INT64_MIN, INT64_MAX), 0);
	ck_assert_int_eq(v, 16);
	ck_assert_int_eq(cmdline_get_s64("c", &v, INT64_MIN, INT64_MAX), 0);
	ck_assert_int_eq(v, -16);
	ck_assert_int_eq(cmdline_get_s64("min", &v, INT64_MIN, INT64_MAX), 0);
	ck_assert(v == INT64_MIN);
	ck_assert_int_eq(cmdline_get_s64("max", &v, INT64_MIN, INT64_MAX), 0);
	ck_assert(v == INT64_MAX);
	v = 5;
	ck_assert_int_eq(cmdline_get_s64("under", &v, INT64_MIN, INT64_MAX), -EINVAL);
	ck_assert_int_eq(cmdline_get_s64("over", &v, INT64_MIN, INT64_MAX), -EINVAL);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "out of the 64-bit signed range"), 2);
	ck_assert_int_eq(cmdline_get_s64("lo", &v, -10, 10), -EINVAL);
	ck_assert(stub_printk_contains("invalid value \"-11\" for lo: out of range [-10, 10]; "
				       "keeping default 5"));
	ck_assert_int_eq(cmdline_get_s64("junk", &v, -10, 10), -EINVAL);
	ck_assert_int_eq(v, 5);
}
END_TEST

START_TEST(test_size)
{
	u64 v = 1;

	cmdline_init("a=4k b=16M c=2G d=123 e=5X f=17179869184G g=16777215G h=1K2");
	ck_assert_int_eq(cmdline_get_size("a", &v, 0, UINT64_MAX), 0);
	ck_assert_uint_eq(v, 4096);
	ck_assert_int_eq(cmdline_get_size("b", &v, 0, UINT64_MAX), 0);
	ck_assert_uint_eq(v, 16ull << 20);
	ck_assert_int_eq(cmdline_get_size("c", &v, 0, UINT64_MAX), 0);
	ck_assert_uint_eq(v, 2ull << 30);
	ck_assert_int_eq(cmdline_get_size("d", &v, 0, UINT64_MAX), 0);
	ck_assert_uint_eq(v, 123);
	ck_assert_int_eq(cmdline_get_size("g", &v, 0, UINT64_MAX), 0);
	ck_assert_uint_eq(v, 16777215ull << 30);
	v = 1;
	ck_assert_int_eq(cmdline_get_size("e", &v, 0, UINT64_MAX), -EINVAL);
	ck_assert_int_eq(cmdline_get_size("f", &v, 0, UINT64_MAX), -EINVAL);
	ck_assert_int_eq(cmdline_get_size("h", &v, 0, UINT64_MAX), -EINVAL);
	ck_assert_uint_eq(v, 1);
	ck_assert(stub_printk_contains("\"17179869184G\" for f: too large for 64 bits"));
	ck_assert(stub_printk_contains("\"5X\" for e: not a size"));
	/* The plain u64 getter does not take suffixes. */
	ck_assert_int_eq(cmdline_get_u64("a", &v, 0, UINT64_MAX), -EINVAL);
}
END_TEST

START_TEST(test_bool)
{
	static const char *const truthy[] = { "1", "on", "ON", "yes", "Y", "true", "True" };
	static const char *const falsy[] = { "0", "off", "No", "n", "false", "FALSE" };
	bool b;

	for (size_t i = 0; i < ARRAY_SIZE(truthy); i++) {
		char line[64];

		snprintf(line, sizeof(line), "flag=%s", truthy[i]);
		cmdline_init(line);
		b = false;
		ck_assert_int_eq(cmdline_get_bool("flag", &b), 0);
		ck_assert_msg(b, "%s", truthy[i]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(falsy); i++) {
		char line[64];

		snprintf(line, sizeof(line), "flag=%s", falsy[i]);
		cmdline_init(line);
		b = true;
		ck_assert_int_eq(cmdline_get_bool("flag", &b), 0);
		ck_assert_msg(!b, "%s", falsy[i]);
	}
	ck_assert_int_eq(stub_printk_total(), 0);

	cmdline_init("flag bad=maybe bad2= bad3=onn");
	b = false;
	ck_assert_int_eq(cmdline_get_bool("flag", &b), 0);
	ck_assert(b);
	ck_assert_int_eq(cmdline_get_bool("bad", &b), -EINVAL);
	ck_assert(b);
	ck_assert(stub_printk_contains("invalid value \"maybe\" for bad: expected on/off"));
	ck_assert(stub_printk_contains("keeping default on"));
	b = false;
	ck_assert_int_eq(cmdline_get_bool("bad2", &b), -EINVAL);
	ck_assert_int_eq(cmdline_get_bool("bad3", &b), -EINVAL);
	ck_assert(!b);
	ck_assert_int_eq(cmdline_get_bool("absent", &b), -ENOENT);
}
END_TEST

START_TEST(test_choice)
{
	static const char *const modes[] = { "halt", "reboot", "exit" };
	int m = 0;

	cmdline_init("panic=reboot bad=Reboot");
	ck_assert_int_eq(cmdline_get_choice("panic", modes, 3, &m), 0);
	ck_assert_int_eq(m, 1);
	ck_assert_int_eq(cmdline_get_choice("bad", modes, 3, &m), -EINVAL);
	ck_assert_int_eq(m, 1);
	ck_assert(stub_printk_contains("invalid value \"Reboot\" for bad: expected one of: "
				       "halt, reboot, exit; keeping default reboot"));
	ck_assert_int_eq(cmdline_get_choice("absent", modes, 3, &m), -ENOENT);
	m = -1;
	ck_assert_int_eq(cmdline_get_choice("bad", modes, 3, &m), -EINVAL);
	ck_assert(stub_printk_contains("keeping default -1"));
}
END_TEST

START_TEST(test_long_value_is_shortened_in_log)
{
	char line[400];
	u64 v = 0;

	strcpy(line, "n=");
	memset(line + 2, 'z', 300);
	line[302] = '\0';
	cmdline_init(line);
	ck_assert_int_eq(cmdline_get_u64("n", &v, 0, 1), -EINVAL);
	ck_assert(strlen(stub_printk_last()) < 200);
	ck_assert(stub_printk_contains("for n: not a number"));
}
END_TEST

START_TEST(test_warn_unknown)
{
	u64 v = 0;
	bool b = false;

	cmdline_init("BOOT_IMAGE=/boot/napkin.elf known=1 typo=2 flag bad=x other");
	ck_assert(cmdline_get("known", NULL));
	ck_assert_int_eq(cmdline_get_bool("flag", &b), 0);
	/* A malformed value still counts as asked for: its own warning names it. */
	ck_assert_int_eq(cmdline_get_u64("bad", &v, 0, 10), -EINVAL);
	stub_printk_reset();
	cmdline_warn_unknown();
	ck_assert_int_eq(stub_printk_total(), 2);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "unknown parameter \"typo\""), 1);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "unknown parameter \"other\""), 1);
	/* Once per key. */
	cmdline_warn_unknown();
	ck_assert_int_eq(stub_printk_total(), 2);
	/* A fresh command line starts over. */
	cmdline_init("typo=3");
	cmdline_warn_unknown();
	ck_assert_int_eq(stub_printk_total(), 3);
}
END_TEST

/* Long values, so the line overflows before the parameter table does. */
#define PAD "-padding-padding-padding-padding"

/* Fills buf with "k0=value0... k1=value1..." until it is at least len bytes long. */
static void fill_params(char *buf, size_t size, size_t len, size_t *count)
{
	size_t used = 0, i = 0;

	buf[0] = '\0';
	while (used < len) {
		int n =
		    snprintf(buf + used, size - used, "%sk%zu=value%zu" PAD, i ? " " : "", i, i);

		ck_assert(n > 0 && (size_t)n < size - used);
		used += (size_t)n;
		i++;
	}
	*count = i;
}

START_TEST(test_truncation_at_token_boundary)
{
	static char line[CMDLINE_MAX * 2];
	char key[32];
	size_t count, kept;

	/* The longest line that fits is kept whole. */
	memset(line, 'a', CMDLINE_MAX - 1);
	line[0] = 'k';
	line[1] = '=';
	line[CMDLINE_MAX - 1] = '\0';
	cmdline_init(line);
	ck_assert_int_eq(stub_printk_total(), 0);
	ck_assert_uint_eq(strlen(cmdline_raw()), CMDLINE_MAX - 1);

	/* One byte more and the token that no longer fits is dropped whole. */
	line[CMDLINE_MAX - 1] = 'a';
	line[CMDLINE_MAX] = '\0';
	cmdline_init(line);
	ck_assert(stub_printk_contains("command line longer than 2047 bytes"));
	ck_assert_str_eq(cmdline_raw(), "");
	ck_assert(!cmdline_get("k", NULL));

	stub_printk_reset();
	fill_params(line, sizeof(line), CMDLINE_MAX + 100, &count);
	cmdline_init(line);
	ck_assert(stub_printk_contains("command line longer than"));
	kept = strlen(cmdline_raw());
	ck_assert_uint_lt(kept, CMDLINE_MAX);
	ck_assert(kept > CMDLINE_MAX - 20);
	/* What was kept is an exact prefix ending at a token boundary. */
	ck_assert(!strncmp(cmdline_raw(), line, kept));
	ck_assert(line[kept] == ' ');
	/* Every key of the kept prefix is there with its full value. */
	for (size_t i = 0;; i++) {
		const char *v;
		char expect[64];

		snprintf(key, sizeof(key), "k%zu", i);
		if (!cmdline_get(key, &v)) {
			/* The first missing key is the first one past the cut. */
			ck_assert_ptr_nonnull(strstr(line + kept, key));
			ck_assert(i < count);
			break;
		}
		snprintf(expect, sizeof(expect), "value%zu" PAD, i);
		ck_assert_str_eq(v, expect);
	}
}
END_TEST

START_TEST(test_truncation_respects_quotes)
{
	static char line[CMDLINE_MAX + 64];
	size_t n;

	/* A quoted value with spaces straddles the limit: it is dropped whole. */
	n = (size_t)snprintf(line, sizeof(line), "first=1 q=\"");
	memset(line + n, ' ', CMDLINE_MAX + 10 - n);
	strcpy(line + CMDLINE_MAX + 10, "\" last=2");
	cmdline_init(line);
	ck_assert_str_eq(cmdline_raw(), "first=1");
	ck_assert_str_eq(value_of("first"), "1");
	ck_assert_str_eq(value_of("q"), "<absent>");
	ck_assert(!stub_printk_contains("unterminated"));
}
END_TEST

START_TEST(test_too_many_params)
{
	static char line[CMDLINE_MAX];
	size_t used = 0;

	for (int i = 0; i < CMDLINE_MAX_PARAMS + 6; i++)
		used += (size_t)snprintf(line + used, sizeof(line) - used, "p%d=%d ", i, i);
	/* Overriding a key already kept still works when the table is full. */
	snprintf(line + used, sizeof(line) - used, "p0=new");
	cmdline_init(line);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "more than 64 parameters"), 1);
	ck_assert(stub_printk_contains("ignoring \"p64\" and the rest"));
	ck_assert(stub_printk_contains("6 parameters ignored in all"));
	ck_assert_str_eq(value_of("p0"), "new");
	ck_assert_str_eq(value_of("p63"), "63");
	ck_assert_str_eq(value_of("p64"), "<absent>");
	ck_assert_str_eq(value_of("p69"), "<absent>");
}
END_TEST

/*
 * Random lines built from a model: keys from a small set (so overrides happen),
 * values with spaces and '=' written with either quoting style. The parser
 * must agree with the model's last-wins dictionary.
 */
START_TEST(test_random_against_model)
{
	static const char *const keys[] = { "a", "b-c", "d_e", "loglevel", "x" };
	static const char alphabet[] = "abcXYZ019=,.:/ -_";
	unsigned int seed = 12345;

	for (int iter = 0; iter < 2000; iter++) {
		char line[1024], model_val[ARRAY_SIZE(keys)][64];
		bool model_has[ARRAY_SIZE(keys)] = { false }, model_bare[ARRAY_SIZE(keys)];
		size_t used = 0;
		int ntok = rand_r(&seed) % 12;

		for (int t = 0; t < ntok; t++) {
			size_t k = (size_t)rand_r(&seed) % ARRAY_SIZE(keys);
			char val[64];
			int vlen = rand_r(&seed) % 10;
			int style = rand_r(&seed) % 4;
			bool has_space;

			for (int j = 0; j < vlen; j++)
				val[j] = alphabet[rand_r(&seed) % (sizeof(alphabet) - 1)];
			val[vlen] = '\0';
			has_space = strchr(val, ' ') != NULL;
			/* Unquoted values cannot hold spaces: quote those anyway. */
			if (style == 0 && has_space)
				style = 1;
			/* Keys differ only in - versus _ spelling from the model's. */
			char key[16];

			snprintf(key, sizeof(key), "%s", keys[k]);
			for (char *p = key; *p; p++) {
				if ((*p == '-' || *p == '_') && rand_r(&seed) % 2)
					*p = *p == '-' ? '_' : '-';
			}
			switch (style) {
			case 0:
				used += (size_t)snprintf(line + used, sizeof(line) - used, "%s=%s ",
							 key, val);
				break;
			case 1:
				used += (size_t)snprintf(line + used, sizeof(line) - used,
							 "%s=\"%s\"  ", key, val);
				break;
			case 2:
				used += (size_t)snprintf(line + used, sizeof(line) - used,
							 "\"%s=%s\"\t", key, val);
				break;
			default:
				used +=
				    (size_t)snprintf(line + used, sizeof(line) - used, "%s ", key);
				break;
			}
			model_has[k] = true;
			model_bare[k] = style == 3;
			strcpy(model_val[k], val);
		}
		line[used] = '\0';
		cmdline_init(line);
		ck_assert_msg(stub_printk_total() == 0, "line '%s': %s", line, stub_printk_last());
		for (size_t k = 0; k < ARRAY_SIZE(keys); k++) {
			const char *v = NULL;
			bool has = cmdline_get(keys[k], &v);

			ck_assert_msg(has == model_has[k], "line '%s' key %s", line, keys[k]);
			if (!has)
				continue;
			if (model_bare[k])
				ck_assert_msg(v == NULL, "line '%s' key %s", line, keys[k]);
			else
				ck_assert_msg(v && !strcmp(v, model_val[k]),
					      "line '%s' key %s: got '%s' want '%s'", line, keys[k],
					      v ? v : "(bare)", model_val[k]);
		}
	}
}
END_TEST

/* Arbitrary bytes must never crash the parser or leave an empty key. */
START_TEST(test_random_bytes)
{
	static const char bytes[] = "ab=\" \t\n=\"\"x";
	unsigned int seed = 777;
	static char line[CMDLINE_MAX + 300];

	for (int iter = 0; iter < 3000; iter++) {
		size_t len = (size_t)rand_r(&seed) % (sizeof(line) - 1);

		if (iter % 4)
			len %= 64;
		for (size_t i = 0; i < len; i++)
			line[i] = bytes[rand_r(&seed) % (sizeof(bytes) - 1)];
		line[len] = '\0';
		cmdline_init(line);
		ck_assert_uint_lt(strlen(cmdline_raw()), CMDLINE_MAX);
		ck_assert(!cmdline_get("", NULL));
	}
}
END_TEST

static Suite *cmdline_suite(void)
{
	Suite *s = suite_create("cmdline");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_key_value_and_bare);
	tcase_add_test(tc, test_null_and_blank);
	tcase_add_test(tc, test_quotes);
	tcase_add_test(tc, test_unterminated_quote);
	tcase_add_test(tc, test_empty_key);
	tcase_add_test(tc, test_later_overrides_earlier);
	tcase_add_test(tc, test_dash_underscore);
	tcase_add_test(tc, test_image_path);
	tcase_add_test(tc, test_u64);
	tcase_add_test(tc, test_u64_bad_values);
	tcase_add_test(tc, test_bare_key_needs_value);
	tcase_add_test(tc, test_s64);
	tcase_add_test(tc, test_size);
	tcase_add_test(tc, test_bool);
	tcase_add_test(tc, test_choice);
	tcase_add_test(tc, test_long_value_is_shortened_in_log);
	tcase_add_test(tc, test_warn_unknown);
	tcase_add_test(tc, test_truncation_at_token_boundary);
	tcase_add_test(tc, test_truncation_respects_quotes);
	tcase_add_test(tc, test_too_many_params);
	tcase_add_test(tc, test_random_against_model);
	tcase_add_test(tc, test_random_bytes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(cmdline_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

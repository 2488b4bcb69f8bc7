// SPDX-License-Identifier: BSD-2-Clause
/* Unit tests for kernel/console/shell_help.c over the table generated from docs/CMDLINE.md. */
#include <check.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kernel/console/shell.h"
#include "kernel/console/shell_help.h"

static char out[16384];
static size_t out_len;

int shell_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out + out_len, sizeof(out) - out_len, fmt, ap);
	va_end(ap);
	out_len += (size_t)n < sizeof(out) - out_len ? (size_t)n : sizeof(out) - out_len - 1;
	return n;
}

static void setup(void)
{
	out[0] = '\0';
	out_len = 0;
}

/* A key as an operator would type it: each placeholder filled in. */
static void instance_of(const char *pattern, char *buf, size_t len)
{
	size_t o = 0;

	for (const char *p = pattern; *p && o + 8 < len; p++) {
		if (*p == '<') {
			p = strchr(p, '>');
			o += (size_t)snprintf(buf + o, len - o, "eth1");
		} else {
			buf[o++] = *p;
		}
	}
	buf[o] = '\0';
}

START_TEST(test_every_documented_key_is_found)
{
	char key[64];

	ck_assert_uint_gt(cmdline_docs_count, 0);
	for (unsigned int i = 0; i < cmdline_docs_count; i++) {
		instance_of(cmdline_docs[i].key, key, sizeof(key));
		ck_assert_msg(cmdline_doc_find(key) == &cmdline_docs[i], "%s found as %s", key,
			      cmdline_doc_find(key) ? cmdline_doc_find(key)->key : "nothing");
		ck_assert(*cmdline_docs[i].type && *cmdline_docs[i].dflt &&
			  *cmdline_docs[i].example && *cmdline_docs[i].meaning &&
			  *cmdline_docs[i].bad);
		ck_assert_msg(!strchr(cmdline_docs[i].meaning, '`'), "markdown left in %s",
			      cmdline_docs[i].key);
	}
}
END_TEST

START_TEST(test_placeholders_match_one_name_part)
{
	ck_assert(cmdline_doc_matches("ip.<dev>", "ip.eth0"));
	ck_assert(cmdline_doc_matches("<service>.max_conns", "echo.max_conns"));
	ck_assert(!cmdline_doc_matches("ip.<dev>", "ip."));
	ck_assert(!cmdline_doc_matches("ip.<dev>", "ip.eth0.x"));
	ck_assert(!cmdline_doc_matches("<service>.max_conns", ".max_conns"));
	ck_assert(!cmdline_doc_matches("<service>.max_conns", "a.b.max_conns"));
	ck_assert(!cmdline_doc_matches("ip", "ip.eth0"));
	/* '-' and '_' are one, as on the command line. */
	ck_assert(cmdline_doc_matches("net.budget_usecs", "net.budget-usecs"));
	ck_assert(!cmdline_doc_matches("net.budget", "net.budgets"));
}
END_TEST

START_TEST(test_exact_entry_wins_over_pattern)
{
	const struct cmdline_doc *d = cmdline_doc_find("ip");

	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->key, "ip");
	d = cmdline_doc_find("ip.eth2");
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->key, "ip.<dev>");
	d = cmdline_doc_find("iperf.max_conns");
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->key, "<service>.max_conns");
}
END_TEST

START_TEST(test_row_is_printed_folded)
{
	char *line, *save;

	ck_assert_int_eq(shell_help_key("napi.mode"), 0);
	ck_assert_ptr_nonnull(strstr(out, "napi.mode (kernel command line"));
	ck_assert_ptr_nonnull(strstr(out, "  type: choice: napi, irq, busypoll"));
	ck_assert_ptr_nonnull(strstr(out, "  default: napi\n"));
	ck_assert_ptr_nonnull(strstr(out, "  example: napi.mode=busypoll\n"));
	ck_assert_ptr_nonnull(strstr(out, "  bad value: "));
	setup();
	ck_assert_int_eq(shell_help_key("netconsole"), 0);
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		ck_assert_msg(strlen(line) <= 78 || !strchr(line + 4, ' '), "too long: %s", line);
}
END_TEST

START_TEST(test_unknown_key_prints_nothing)
{
	ck_assert_int_eq(shell_help_key("no.such_key"), -ENOENT);
	ck_assert_int_eq(shell_help_key(""), -ENOENT);
	ck_assert_uint_eq(out_len, 0);
}
END_TEST

START_TEST(test_keys_lists_every_row)
{
	unsigned int lines = 0;

	shell_help_list_keys();
	for (const char *p = out; *p; p++)
		lines += *p == '\n';
	ck_assert_uint_eq(lines, cmdline_docs_count);
	ck_assert_ptr_nonnull(strstr(out, "  webstatus.port "));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("shell_help");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_every_documented_key_is_found);
	tcase_add_test(tc, test_placeholders_match_one_name_part);
	tcase_add_test(tc, test_exact_entry_wins_over_pattern);
	tcase_add_test(tc, test_row_is_printed_folded);
	tcase_add_test(tc, test_unknown_key_prints_nothing);
	tcase_add_test(tc, test_keys_lists_every_row);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

// SPDX-License-Identifier: BSD-2-Clause
/* Tests for the host printk stub other tests rely on to see what was logged. */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "kernel/console/printk.h"
#include "tests/unit/fakes/stub_printk.h"

static void setup(void)
{
	stub_printk_reset();
}

START_TEST(test_levels_and_search)
{
	ck_assert_str_eq(stub_printk_last(), "");
	pr_err("disk %d on fire\n", 3);
	printk("plain %s\n", "info");
	pr_debug("details\n");
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, NULL), 1);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_INFO, "plain info"), 1);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_DEBUG, NULL), 1);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, NULL), 3);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, NULL), 0);
	/* Level prefix and trailing newline are stripped. */
	ck_assert_str_eq(stub_printk_find("fire"), "disk 3 on fire");
	ck_assert_str_eq(stub_printk_last(), "details");
	ck_assert(stub_printk_contains("on fire"));
	ck_assert(!stub_printk_contains("water"));
	ck_assert_ptr_null(stub_printk_find("water"));
	ck_assert_uint_eq(stub_printk_total(), 3);
	stub_printk_reset();
	ck_assert_uint_eq(stub_printk_total(), 0);
	ck_assert(!stub_printk_contains("fire"));
}
END_TEST

START_TEST(test_ring_keeps_newest)
{
	for (int i = 0; i < STUB_PRINTK_KEEP + 10; i++)
		pr_warn("message <%d>\n", i);
	ck_assert_uint_eq(stub_printk_total(), STUB_PRINTK_KEEP + 10);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, NULL), STUB_PRINTK_KEEP);
	ck_assert(!stub_printk_contains("<9>"));
	ck_assert(!stub_printk_contains("<0>"));
	ck_assert_str_eq(stub_printk_find("<10>"), "message <10>");
	ck_assert_str_eq(stub_printk_last(), "message <265>");
}
END_TEST

START_TEST(test_long_message_truncated)
{
	char big[2000];

	for (size_t i = 0; i < sizeof(big) - 1; i++)
		big[i] = 'x';
	big[sizeof(big) - 1] = '\0';
	pr_info("%s\n", big);
	ck_assert_uint_eq(strlen(stub_printk_last()), STUB_PRINTK_MSG_MAX - 1);
}
END_TEST

START_TEST(test_panic_can_be_caught)
{
	jmp_buf jb;

	stub_panic_jmp = &jb;
	if (!setjmp(jb)) {
		panic("out of %s", "cheese");
		ck_abort_msg("panic returned");
	}
	stub_panic_jmp = NULL;
	ck_assert_str_eq(stub_printk_last(), "panic: out of cheese");
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_EMERG, NULL), 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("stub_printk");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_levels_and_search);
	tcase_add_test(tc, test_ring_keeps_newest);
	tcase_add_test(tc, test_long_message_truncated);
	tcase_add_test(tc, test_panic_can_be_caught);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

// SPDX-License-Identifier: BSD-2-Clause
/* The log ring: ordering, eviction of the oldest records, readers that fall
 * behind, wrap-around with records of every size. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/x86/irqflags.h"
#include "kernel/console/log.h"

static union {
	struct log_record rec;
	char bytes[sizeof(struct log_record) + LOG_TEXT_MAX];
} buf;

START_TEST(test_store_and_read_in_order)
{
	u64 first = log_next_seq(), seq = first;

	for (int i = 0; i < 10; i++) {
		char text[32];
		int n = snprintf(text, sizeof(text), "message %d", i);

		ck_assert_uint_eq(log_store((u8)(i % 8), (u64)i * 1000, text, (size_t)n),
				  first + i);
	}
	for (int i = 0; i < 10; i++) {
		char want[32];

		snprintf(want, sizeof(want), "message %d", i);
		ck_assert(log_read(&seq, &buf.rec));
		ck_assert_uint_eq(buf.rec.seq, first + i);
		ck_assert_uint_eq(buf.rec.level, i % 8);
		ck_assert_uint_eq(buf.rec.ts_ns, (u64)i * 1000);
		ck_assert_uint_eq(buf.rec.len, strlen(want));
		ck_assert(!memcmp(buf.rec.text, want, buf.rec.len));
	}
	ck_assert(!log_read(&seq, &buf.rec));
	ck_assert(!irqs_disabled());
}
END_TEST

START_TEST(test_long_text_is_truncated_not_overflowed)
{
	static char big[LOG_TEXT_MAX * 2];
	u64 seq;

	memset(big, 'x', sizeof(big));
	seq = log_store(6, 0, big, sizeof(big));
	ck_assert(log_read(&seq, &buf.rec));
	ck_assert_uint_eq(buf.rec.len, LOG_TEXT_MAX);
}
END_TEST

/* Write far more than the ring holds, with varied sizes, and check that the
 * records still kept are exactly the newest, intact and contiguous. */
START_TEST(test_wraparound_keeps_newest_intact)
{
	u64 start = log_next_seq(), seq;
	u64 last = 0, count = 0;
	unsigned rng = 12345;

	for (int i = 0; i < 20000; i++) {
		char text[LOG_TEXT_MAX];
		size_t len;

		rng = rng * 1103515245u + 12345u;
		len = (rng >> 8) % 700;
		memset(text, 'a' + (i % 26), len);
		if (len >= 8)
			memcpy(text, &i, sizeof(i));
		log_store(3, (u64)i, text, len);
	}
	ck_assert_uint_eq(log_next_seq(), start + 20000);
	ck_assert_uint_gt(log_first_seq(), start);
	seq = 0; /* older than anything kept: the reader skips to the oldest */
	while (log_read(&seq, &buf.rec)) {
		int i = (int)(buf.rec.seq - start);

		if (count)
			ck_assert_uint_eq(buf.rec.seq, last + 1);
		ck_assert_uint_eq(buf.rec.ts_ns, (u64)i);
		for (size_t k = buf.rec.len >= 8 ? sizeof(int) : 0; k < buf.rec.len; k++)
			ck_assert_int_eq(buf.rec.text[k], 'a' + (i % 26));
		if (buf.rec.len >= 8)
			ck_assert(!memcmp(buf.rec.text, &i, sizeof(i)));
		last = buf.rec.seq;
		count++;
	}
	ck_assert_uint_eq(last, start + 20000 - 1);
	/* 256 KiB of records averaging ~370 bytes: hundreds must still be there. */
	ck_assert_uint_gt(count, 300);
}
END_TEST

START_TEST(test_time_format)
{
	char s[32];

	log_format_time(s, sizeof(s), 1234567890123ull);
	ck_assert_str_eq(s, "[ 1234.567890] ");
	log_format_time(s, sizeof(s), 0);
	ck_assert_str_eq(s, "[    0.000000] ");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("log");
	TCase *tc = tcase_create("ring");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_store_and_read_in_order);
	tcase_add_test(tc, test_long_text_is_truncated_not_overflowed);
	tcase_add_test(tc, test_wraparound_keeps_newest_intact);
	tcase_add_test(tc, test_time_format);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * net/services/sink.c: off leaves the bytes unread but counted, copy puts
 * every byte of a pbuf chain into the ring in order (wrapping at 64 KiB), sum
 * equals the byte sum written the slow way, at every alignment and length
 * around its word loop and its lane flush, and with bytes that fill lanes.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "lwip/pbuf.h"
#include "net/services/sink.h"

static u64 slow_sum(const u8 *p, size_t len)
{
	u64 sum = 0;

	for (size_t i = 0; i < len; i++)
		sum += p[i];
	return sum;
}

static u8 data[3 * SINK_COPY_BUF_SIZE];

static void fill(unsigned int seed, int ones)
{
	srandom(seed);
	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = ones ? 0xff : (u8)random();
}

/* A chain of n pbufs over data[off..], lengths given, tot_len set as lwIP would. */
static struct pbuf chain[8];

static struct pbuf *make_chain(size_t off, const u16 *lens, int n)
{
	u32 total = 0;

	for (int i = n - 1; i >= 0; i--) {
		size_t start = off;

		for (int j = 0; j < i; j++)
			start += lens[j];
		total += lens[i];
		memset(&chain[i], 0, sizeof(chain[i]));
		chain[i].payload = data + start;
		chain[i].len = lens[i];
		chain[i].tot_len = (u16)total;
		chain[i].next = i + 1 < n ? &chain[i + 1] : NULL;
	}
	return &chain[0];
}

static void reset(enum sink_touch mode)
{
	memset(&sink_stats, 0, sizeof(sink_stats));
	sink_touch_mode = mode;
}

START_TEST(test_byte_sum_matches_slow_sum)
{
	fill(7 + (unsigned int)_i, _i == 1);
	for (size_t align = 0; align < 8; align++) {
		for (size_t len = 0; len <= 300; len++)
			ck_assert_uint_eq(sink_byte_sum(5, data + align, len),
					  5 + slow_sum(data + align, len));
		/* Past several lane flushes (128 words each), all lanes near full. */
		for (size_t len = 1020; len <= 1030; len++)
			ck_assert_uint_eq(sink_byte_sum(0, data + align, len * 8 + align),
					  slow_sum(data + align, len * 8 + align));
	}
	ck_assert_uint_eq(sink_byte_sum(0, data, sizeof(data)), slow_sum(data, sizeof(data)));
}
END_TEST

START_TEST(test_off_counts_without_touching)
{
	const u16 lens[] = { 1460, 1460, 7 };
	struct pbuf *p;

	fill(1, 0);
	reset(SINK_TOUCH_OFF);
	p = make_chain(0, lens, 3);
	sink_take(p);
	ck_assert_uint_eq(sink_stats.taken_bytes, 2927);
	ck_assert_uint_eq(sink_stats.touched_bytes, 0);
	ck_assert_uint_eq(sink_stats.byte_sum, 0);
}
END_TEST

START_TEST(test_sum_covers_every_pbuf_of_the_chain)
{
	const u16 lens[] = { 1, 1448, 333, 4096, 65 };
	struct pbuf *p;
	u64 want = 0;
	size_t off = 3, total = 0;

	fill(2, 0);
	reset(SINK_TOUCH_SUM);
	for (int round = 0; round < 5; round++) {
		p = make_chain(off, lens, 5);
		sink_take(p);
		want += slow_sum(data + off, p->tot_len);
		total += p->tot_len;
		off += p->tot_len;
	}
	ck_assert_uint_eq(sink_stats.taken_bytes, total);
	ck_assert_uint_eq(sink_stats.touched_bytes, total);
	ck_assert_uint_eq(sink_stats.byte_sum, want);
}
END_TEST

START_TEST(test_copy_puts_every_byte_in_the_ring_in_order)
{
	const u16 lens[] = { 9000, 14000, 1 };
	struct pbuf *p;
	size_t off = 0, total;
	const u8 *ring = sink_copy_buffer();

	fill(3, 0);
	reset(SINK_TOUCH_COPY);
	/* 23,001 bytes a call: the third call wraps the 64 KiB ring. */
	for (int round = 0; round < 3; round++) {
		p = make_chain(off, lens, 3);
		sink_take(p);
		off += p->tot_len;
	}
	total = off;
	ck_assert_uint_eq(sink_stats.touched_bytes, total);
	ck_assert_uint_eq(sink_stats.byte_sum, 0);
	/* The ring holds the stream's byte i at i mod 64 KiB; the last 64 KiB are intact. */
	for (size_t i = total - SINK_COPY_BUF_SIZE; i < total; i++)
		ck_assert_msg(ring[i % SINK_COPY_BUF_SIZE] == data[i], "stream byte %zu", i);
}
END_TEST

static Suite *sink_suite(void)
{
	Suite *s = suite_create("sink");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_byte_sum_matches_slow_sum, 0, 2);
	tcase_add_test(tc, test_off_counts_without_touching);
	tcase_add_test(tc, test_sum_covers_every_pbuf_of_the_chain);
	tcase_add_test(tc, test_copy_puts_every_byte_in_the_ring_in_order);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(sink_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

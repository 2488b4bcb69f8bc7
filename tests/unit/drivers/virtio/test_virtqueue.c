// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for drivers/virtio/virtqueue.c. The test plays the device: it
 * reads the available ring and descriptor chains the driver side published
 * and writes used entries back, including broken ones.
 */
#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/virtio/virtqueue.h"
#include "tests/unit/fakes/stub_printk.h"

static struct virtqueue vq;
static void *ring_mem;
static u16 dev_last_avail; /* the "device's" position in the available ring */
static u16 dev_used_idx;

static void setup_ring(u16 size, bool event_idx)
{
	struct vq_layout lay;

	stub_printk_reset();
	ck_assert(vq_layout(size, &lay));
	free(ring_mem);
	ring_mem = aligned_alloc(4096, ALIGN_UP(lay.total, 4096));
	memset(ring_mem, 0xA5, lay.total); /* stale garbage vq_init must clear */
	ck_assert_int_eq(vq_init(&vq, "test-vq", 0, size, ring_mem, 0x100000, event_idx), 0);
	dev_last_avail = 0;
	dev_used_idx = 0;
}

static void teardown(void)
{
	free(ring_mem);
	ring_mem = NULL;
}

/* Device side: take the next available chain; returns its head and length. */
static int dev_take(u16 *head, unsigned int *n_desc, unsigned int *n_write)
{
	u16 d;
	unsigned int n = 0, w = 0;

	if (vq.avail->idx == dev_last_avail)
		return 0;
	*head = vq.avail->ring[dev_last_avail++ & (vq.size - 1)];
	d = *head;
	for (;;) {
		ck_assert_uint_lt(d, vq.size);
		n++;
		if (vq.desc[d].flags & VIRTQ_DESC_F_WRITE)
			w++;
		else
			ck_assert_msg(w == 0, "readable descriptor after a writable one");
		if (!(vq.desc[d].flags & VIRTQ_DESC_F_NEXT))
			break;
		d = vq.desc[d].next;
		ck_assert_uint_le(n, vq.size);
	}
	*n_desc = n;
	*n_write = w;
	return 1;
}

static void dev_complete(u32 id, u32 len)
{
	vq.used->ring[dev_used_idx & (vq.size - 1)].id = id;
	vq.used->ring[dev_used_idx & (vq.size - 1)].len = len;
	dev_used_idx++;
	vq.used->idx = dev_used_idx;
}

START_TEST(test_layout_and_sizes)
{
	struct vq_layout lay;

	ck_assert(!vq_layout(0, &lay));
	ck_assert(!vq_layout(3, &lay));
	ck_assert(!vq_layout(100, &lay));
	ck_assert(vq_layout(256, &lay));
	ck_assert_uint_eq(lay.avail_off, 16 * 256);
	ck_assert_uint_eq(lay.used_off % 64, 0);
	ck_assert_uint_ge(lay.used_off, lay.avail_off + 2 * (3 + 256));
	ck_assert_uint_eq(lay.total, lay.used_off + 6 + 8 * 256);
	ck_assert(vq_size_valid(1) && vq_size_valid(32768));
	ck_assert(!vq_size_valid(65536) && !vq_size_valid(0) && !vq_size_valid(6));
}
END_TEST

START_TEST(test_init_rejects_bad_sizes)
{
	static u8 mem[65536] __aligned(16);

	stub_printk_reset();
	ck_assert_int_eq(vq_init(&vq, "bad-vq", 0, 0, mem, 0, false), -EINVAL);
	ck_assert_int_eq(vq_init(&vq, "bad-vq", 0, 12, mem, 0, false), -EINVAL);
	ck_assert_int_eq(vq_init(&vq, "bad-vq", 0, VQ_SIZE_MAX * 2, mem, 0, false), -EINVAL);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "bad-vq: cannot use a ring"), 3);
}
END_TEST

START_TEST(test_init_state_and_addresses)
{
	setup_ring(8, false);
	ck_assert_uint_eq(vq_num_free(&vq), 8);
	ck_assert_uint_eq(vq.avail->idx, 0);
	ck_assert_uint_eq(vq.used->idx, 0);
	ck_assert_uint_eq(vq.avail->flags, 0);
	ck_assert_uint_eq(vq.desc_dma, 0x100000);
	ck_assert_uint_eq(vq.avail_dma, 0x100000 + 16 * 8);
	ck_assert_uint_eq(vq.used_dma - vq.desc_dma, (u64)((u8 *)vq.used - (u8 *)vq.desc));
	ck_assert(!vq_has_used(&vq));
}
END_TEST

START_TEST(test_chain_published_in_order)
{
	struct vq_buf bufs[3] = { { 0x1000, 12 }, { 0x2000, 100 }, { 0x3000, 2048 } };
	unsigned int n, w;
	u16 head, d;
	int cookie_val = 7;

	setup_ring(8, false);
	ck_assert_int_ge(vq_add(&vq, bufs, 2, 1, &cookie_val), 0);
	ck_assert_uint_eq(vq_num_free(&vq), 5);
	ck_assert(dev_take(&head, &n, &w));
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_eq(w, 1);
	d = head;
	ck_assert_uint_eq(vq.desc[d].addr, 0x1000);
	ck_assert_uint_eq(vq.desc[d].len, 12);
	d = vq.desc[d].next;
	ck_assert_uint_eq(vq.desc[d].addr, 0x2000);
	d = vq.desc[d].next;
	ck_assert_uint_eq(vq.desc[d].addr, 0x3000);
	ck_assert_uint_eq(vq.desc[d].flags, VIRTQ_DESC_F_WRITE);
	ck_assert(!dev_take(&head, &n, &w));
}
END_TEST

START_TEST(test_full_ring_and_reuse_after_completion)
{
	struct vq_buf b = { 0x5000, 64 };
	int cookies[8], i, ret;
	void *got;
	u32 len;
	unsigned int n, w;
	u16 head;

	setup_ring(8, false);
	for (i = 0; i < 8; i++)
		ck_assert_int_ge(vq_add(&vq, &b, 0, 1, &cookies[i]), 0);
	ck_assert_uint_eq(vq_num_free(&vq), 0);
	ck_assert_int_eq(vq_add(&vq, &b, 0, 1, &cookies[0]), -ENOSPC);
	ck_assert_uint_eq(vq.stats.full, 1);

	/* Complete them out of order: every other one first. */
	for (i = 0; i < 8; i++) {
		ck_assert(dev_take(&head, &n, &w));
		if (i % 2 == 0)
			dev_complete(head, 10 + i);
	}
	for (i = 0; i < 4; i++) {
		ret = vq_pop_used(&vq, &got, &len);
		ck_assert_int_eq(ret, 1);
		ck_assert_ptr_eq(got, &cookies[2 * i]);
		ck_assert_uint_eq(len, 10 + 2 * i);
	}
	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), 0);
	ck_assert_uint_eq(vq_num_free(&vq), 4);
	/* The freed descriptors make room for a chain of four again. */
	{
		struct vq_buf four[4] = { { 1, 1 }, { 2, 2 }, { 3, 3 }, { 4, 4 } };

		ck_assert_int_ge(vq_add(&vq, four, 4, 0, &cookies[0]), 0);
		ck_assert_uint_eq(vq_num_free(&vq), 0);
		ck_assert(dev_take(&head, &n, &w));
		ck_assert_uint_eq(n, 4);
	}
}
END_TEST

START_TEST(test_wraparound_many_times)
{
	struct vq_buf b[2] = { { 0x1000, 12 }, { 0x2000, 1500 } };
	int cookie = 1;
	unsigned int i, n, w;
	u16 head;
	void *got;
	u32 len;

	setup_ring(4, false);
	/* 70000 round trips move both 16-bit indexes across their wrap. */
	for (i = 0; i < 70000; i++) {
		ck_assert_int_ge(vq_add(&vq, b, 1, 1, &cookie), 0);
		ck_assert(dev_take(&head, &n, &w));
		ck_assert_uint_eq(n, 2);
		dev_complete(head, i & 0xFFFF);
		ck_assert_int_eq(vq_pop_used(&vq, &got, &len), 1);
		ck_assert_uint_eq(len, i & 0xFFFF);
		ck_assert_uint_eq(vq_num_free(&vq), 4);
	}
	ck_assert_uint_eq(vq.stats.completed, 70000);
	ck_assert_uint_eq(vq.avail_idx, (u16)70000);
}
END_TEST

START_TEST(test_bad_used_ids_are_counted_not_trusted)
{
	struct vq_buf b = { 0x1000, 64 };
	int cookie = 3;
	unsigned int n, w;
	u16 head;
	void *got = NULL;
	u32 len;

	setup_ring(8, false);
	ck_assert_int_ge(vq_add(&vq, &b, 0, 1, &cookie), 0);
	dev_complete(9999, 64); /* out of range */
	dev_complete(5, 64);	/* in range, never handed out */
	ck_assert(dev_take(&head, &n, &w));
	dev_complete(head, 64); /* the real one */
	dev_complete(head, 64); /* the same one again: no longer in flight */

	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), -EIO);
	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), -EIO);
	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), 1);
	ck_assert_ptr_eq(got, &cookie);
	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), -EIO);
	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), 0);
	ck_assert_uint_eq(vq.stats.bad_used, 3);
	ck_assert_uint_eq(vq_num_free(&vq), 8);
	/* Logged once, naming the queue and the id. */
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "test-vq: device returned descriptor"),
			 1);
	ck_assert(stub_printk_contains("9999, out of range"));
}
END_TEST

START_TEST(test_kick_suppression_by_flag)
{
	struct vq_buf b = { 0x1000, 64 };
	int cookie = 1;

	setup_ring(8, false);
	ck_assert(!vq_kick_prepare(&vq)); /* nothing added */
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(vq_kick_prepare(&vq));
	ck_assert(!vq_kick_prepare(&vq)); /* nothing new since */
	vq.used->flags = VIRTQ_USED_F_NO_NOTIFY;
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(!vq_kick_prepare(&vq));
	ck_assert_uint_eq(vq.stats.kicks, 1);
	ck_assert_uint_eq(vq.stats.kicks_saved, 1);
}
END_TEST

START_TEST(test_kick_suppression_by_event_idx)
{
	struct vq_buf b = { 0x1000, 64 };
	int cookie = 1;
	volatile le16 *avail_event;

	setup_ring(8, true);
	avail_event = (volatile le16 *)&vq.used->ring[vq.size];
	/* The device wants a kick once avail idx passes 0. */
	*avail_event = 0;
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(vq_kick_prepare(&vq));
	/* Device says: wake me when entry 3 is published (idx goes past 3). */
	*avail_event = 3;
	vq_add(&vq, &b, 0, 1, &cookie); /* idx 2 */
	ck_assert(!vq_kick_prepare(&vq));
	vq_add(&vq, &b, 0, 1, &cookie); /* idx 3 */
	ck_assert(!vq_kick_prepare(&vq));
	vq_add(&vq, &b, 0, 1, &cookie); /* idx 4: crosses */
	ck_assert(vq_kick_prepare(&vq));
	/* Several adds crossing the event in one batch also kick. */
	*avail_event = 5;
	vq_add(&vq, &b, 0, 1, &cookie);
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(vq_kick_prepare(&vq));
	/* The flag is ignored when event indexes are in use. */
	vq.used->flags = VIRTQ_USED_F_NO_NOTIFY;
	*avail_event = 6;
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(vq_kick_prepare(&vq));
}
END_TEST

START_TEST(test_watch_kicks_a_queue_stalled_on_a_declined_notification)
{
	struct vq_buf b = { 0x1000, 64 };
	int cookie = 1;
	volatile le16 *avail_event;
	u16 head;
	unsigned int n, w;

	setup_ring(8, true);
	avail_event = (volatile le16 *)&vq.used->ring[vq.size];
	/* Nothing declined yet: the watchdog has nothing to do. */
	ck_assert_uint_eq(vq_watch(&vq), 0);
	/* The device (wrongly, as in the race) says it needs no notification. */
	*avail_event = 5;
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(!vq_kick_prepare(&vq));
	/* The first look only starts the clock; the second finds no progress. */
	ck_assert_uint_eq(vq_watch(&vq), 0);
	ck_assert_uint_eq(vq.stats.late_kicks, 0);
	ck_assert_uint_eq(vq_watch(&vq), VQ_WATCH_KICK);
	ck_assert_uint_eq(vq.stats.late_kicks, 1);
	/* One late notification per stall, not one per period. */
	ck_assert_uint_eq(vq_watch(&vq), 0);
	ck_assert_uint_eq(vq.stats.late_kicks, 1);

	/* Progress between looks means the device is working: no kick. */
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(!vq_kick_prepare(&vq));
	ck_assert_uint_eq(vq_watch(&vq), 0);
	ck_assert(dev_take(&head, &n, &w));
	dev_complete(head, 10);
	ck_assert_uint_eq(vq_watch(&vq) & VQ_WATCH_KICK, 0);
	/* Further declines while one is pending do not restart the clock. */
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(!vq_kick_prepare(&vq));
	ck_assert_uint_eq(vq_watch(&vq), VQ_WATCH_KICK | VQ_WATCH_USED);
	ck_assert_uint_eq(vq.stats.late_kicks, 2);

	/* A notification that went out clears the alarm. */
	*avail_event = (u16)(vq.avail_idx);
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(vq_kick_prepare(&vq));
	ck_assert_uint_eq(vq_watch(&vq) & VQ_WATCH_KICK, 0);
	ck_assert_uint_eq(vq_watch(&vq) & VQ_WATCH_KICK, 0);
}
END_TEST

START_TEST(test_watch_reports_unpopped_completions)
{
	struct vq_buf b = { 0x1000, 64 };
	int cookie = 1;
	void *got;
	u32 len;
	u16 head;
	unsigned int n, w;

	setup_ring(8, true);
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(vq_kick_prepare(&vq));
	ck_assert(dev_take(&head, &n, &w));
	dev_complete(head, 10);
	/* Seen moving once, then still with an entry nobody popped. */
	ck_assert_uint_eq(vq_watch(&vq), 0);
	ck_assert_uint_eq(vq_watch(&vq), VQ_WATCH_USED);
	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), 1);
	ck_assert_uint_eq(vq_watch(&vq), 0);
}
END_TEST

START_TEST(test_watch_finds_a_lost_interrupt_under_a_steady_stream)
{
	struct vq_buf b = { 0x1000, 64 };
	int cookie[4];
	void *got;
	u32 len;
	u16 head;
	unsigned int i, n, w;

	setup_ring(8, true);
	for (i = 0; i < 4; i++)
		vq_add(&vq, &b, 0, 1, &cookie[i]);
	ck_assert(vq_kick_prepare(&vq));
	/* The device completes one buffer every period; nobody pops them. */
	ck_assert(dev_take(&head, &n, &w));
	dev_complete(head, 10);
	ck_assert_uint_eq(vq_watch(&vq), 0); /* starts the clock */
	ck_assert(dev_take(&head, &n, &w));
	dev_complete(head, 10);
	ck_assert_uint_eq(vq_watch(&vq), VQ_WATCH_USED);
	/* The driver popping between looks is progress, however much waits. */
	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), 1);
	ck_assert(dev_take(&head, &n, &w));
	dev_complete(head, 10);
	ck_assert_uint_eq(vq_watch(&vq), 0);
	ck_assert_uint_eq(vq_watch(&vq), VQ_WATCH_USED);
	/* All popped: nothing waits, nothing to report. */
	while (vq_pop_used(&vq, &got, &len) == 1)
		;
	ck_assert_uint_eq(vq_watch(&vq), 0);
	ck_assert_uint_eq(vq_watch(&vq), 0);
}
END_TEST

START_TEST(test_injected_lost_kicks_are_declined_then_rescued)
{
	struct vq_buf b = { 0x1000, 64 };
	int cookie = 1;

	setup_ring(8, false);
	vq.lose_kicks = 2;
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(!vq_kick_prepare(&vq));
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(!vq_kick_prepare(&vq));
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(vq_kick_prepare(&vq));
	ck_assert_uint_eq(vq.lose_kicks, 0);
	vq.lose_kicks = 1;
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(!vq_kick_prepare(&vq));
	ck_assert_uint_eq(vq_watch(&vq), 0);
	ck_assert_uint_eq(vq_watch(&vq), VQ_WATCH_KICK);
}
END_TEST

START_TEST(test_interrupt_suppression_flag_and_race)
{
	struct vq_buf b = { 0x1000, 64 };
	int cookie = 1;
	unsigned int n, w;
	u16 head;
	void *got;
	u32 len;

	setup_ring(8, false);
	vq_disable_cb(&vq);
	ck_assert_uint_eq(vq.avail->flags, VIRTQ_AVAIL_F_NO_INTERRUPT);
	ck_assert(vq_enable_cb(&vq));
	ck_assert_uint_eq(vq.avail->flags, 0);

	/* A completion lands between the last pop and re-enabling: enable must say so. */
	vq_disable_cb(&vq);
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(dev_take(&head, &n, &w));
	dev_complete(head, 1);
	ck_assert(!vq_enable_cb(&vq));
	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), 1);
	ck_assert(vq_enable_cb(&vq));
}
END_TEST

START_TEST(test_interrupt_suppression_event_idx)
{
	struct vq_buf b = { 0x1000, 64 };
	int cookie = 1, i;
	unsigned int n, w;
	u16 head;
	void *got;
	u32 len;
	volatile le16 *used_event;

	setup_ring(8, true);
	used_event = &vq.avail->ring[vq.size];
	vq_disable_cb(&vq);
	ck_assert_uint_eq(vq.avail->flags, 0); /* must stay 0 with event indexes */
	for (i = 0; i < 3; i++) {
		vq_add(&vq, &b, 0, 1, &cookie);
		ck_assert(dev_take(&head, &n, &w));
		dev_complete(head, 1);
		ck_assert_int_eq(vq_pop_used(&vq, &got, &len), 1);
	}
	/* While disabled the event index does not follow the pops. */
	ck_assert_uint_eq(*used_event, 0);
	ck_assert(vq_enable_cb(&vq));
	ck_assert_uint_eq(*used_event, 3);
	/* Enabled: pops keep asking for the next entry. */
	vq_add(&vq, &b, 0, 1, &cookie);
	ck_assert(dev_take(&head, &n, &w));
	dev_complete(head, 1);
	ck_assert(!vq_enable_cb(&vq)); /* pending entry reported */
	ck_assert_int_eq(vq_pop_used(&vq, &got, &len), 1);
	ck_assert_uint_eq(*used_event, 4);
}
END_TEST

START_TEST(test_detach_unused_returns_every_cookie)
{
	struct vq_buf b[2] = { { 1, 1 }, { 2, 2 } };
	int cookies[3], found = 0;
	void *c;

	setup_ring(8, false);
	vq_add(&vq, b, 1, 1, &cookies[0]);
	vq_add(&vq, b, 0, 1, &cookies[1]);
	vq_add(&vq, b, 2, 0, &cookies[2]);
	while ((c = vq_detach_unused(&vq)) != NULL) {
		ck_assert(c == &cookies[0] || c == &cookies[1] || c == &cookies[2]);
		found++;
	}
	ck_assert_int_eq(found, 3);
	ck_assert_uint_eq(vq_num_free(&vq), 8);
}
END_TEST

START_TEST(test_add_rejects_empty_and_null)
{
	struct vq_buf b = { 1, 1 };
	int cookie;

	setup_ring(8, false);
	ck_assert_int_eq(vq_add(&vq, &b, 0, 0, &cookie), -EINVAL);
	ck_assert_int_eq(vq_add(&vq, &b, 1, 0, NULL), -EINVAL);
	ck_assert_uint_eq(vq_num_free(&vq), 8);
	ck_assert_uint_eq(vq.avail->idx, 0);
}
END_TEST

static Suite *virtqueue_suite(void)
{
	Suite *s = suite_create("virtqueue");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_layout_and_sizes);
	tcase_add_test(tc, test_init_rejects_bad_sizes);
	tcase_add_test(tc, test_init_state_and_addresses);
	tcase_add_test(tc, test_chain_published_in_order);
	tcase_add_test(tc, test_full_ring_and_reuse_after_completion);
	tcase_add_test(tc, test_wraparound_many_times);
	tcase_add_test(tc, test_bad_used_ids_are_counted_not_trusted);
	tcase_add_test(tc, test_kick_suppression_by_flag);
	tcase_add_test(tc, test_kick_suppression_by_event_idx);
	tcase_add_test(tc, test_watch_kicks_a_queue_stalled_on_a_declined_notification);
	tcase_add_test(tc, test_watch_finds_a_lost_interrupt_under_a_steady_stream);
	tcase_add_test(tc, test_watch_reports_unpopped_completions);
	tcase_add_test(tc, test_injected_lost_kicks_are_declined_then_rescued);
	tcase_add_test(tc, test_interrupt_suppression_flag_and_race);
	tcase_add_test(tc, test_interrupt_suppression_event_idx);
	tcase_add_test(tc, test_detach_unused_returns_every_cookie);
	tcase_add_test(tc, test_add_rejects_empty_and_null);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(virtqueue_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

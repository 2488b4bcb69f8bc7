// SPDX-License-Identifier: BSD-2-Clause
/*
 * tg3 against a racing BCM5719 model (tests/hosted/hosted_race.h): the chip
 * writes status blocks and return BDs, and raises interrupts, between the
 * driver's own loads and stores. Frames come in pairs a random gap apart, put
 * on the wire by a device tick, so that the second often lands while the
 * first is being polled, just before or after the unmask; each pair must be
 * up before the next comes (a lost update would wait for the next frame),
 * intact and in order. Then bursts both ways. Seeds are fixed and printed.
 */
#include <check.h>
#include <string.h>

#include "drivers/tg3/tg3.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_race.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/race_feed.h"
#include "tests/hosted/tg3_test_util.h"

#define PAIRS	   150
#define PAIR_SPACE (400 * NSEC_PER_USEC)

static const u64 seeds[] = { 1, 0x5eed0032, 0xdecafbad };

static u32 frame_len(u32 k)
{
	return FR_ETH_ZLEN + k * 211 % (TT_MAX_FRAME - FR_ETH_ZLEN + 1);
}

static void put_frame(unsigned int i)
{
	u8 f[TT_MAX_FRAME];

	tt_frame(f, frame_len(i), NULL, i, i & 1 ? FR_PROTO_TCP : FR_PROTO_UDP);
	hosted_wire_inject(tt_wire(), f, frame_len(i));
}

static unsigned int frames_up(void)
{
	return tt_rx_count;
}

static const struct race_feed_ops feed_ops = { .put = put_frame, .up = frames_up };

START_TEST(test_race_rx_pairs)
{
	u8 f[TT_MAX_FRAME];
	u64 seed = seeds[_i];

	tt_setup_default();
	ck_assert(tt_open_and_link(tt_dev()));
	race_feed_start(&feed_ops, PAIRS, PAIR_SPACE, seed);
	hosted_race_start(seed, 3000);
	race_feed_finish(seed);
	ck_assert_uint_eq(tt_rx_count, 2 * PAIRS);
	for (u32 i = 0; i < 2 * PAIRS; i++) {
		tt_frame(f, frame_len(i), NULL, i, i & 1 ? FR_PROTO_TCP : FR_PROTO_UDP);
		ck_assert_uint_eq(tt_rxq[i].len, frame_len(i));
		ck_assert_msg(!memcmp(tt_rxq[i].data, f, frame_len(i)),
			      "seed %llu: frame %u differs", (unsigned long long)seed, i);
	}
	tt_teardown();
}
END_TEST

/* Bursts both ways while the chip races the driver over the send ring and the status block. */
START_TEST(test_race_bursts_both_ways)
{
	struct net_device *dev;
	struct hosted_race_stats st;
	u8 f[TT_MAX_FRAME], got[2048];
	u64 seed = seeds[_i];
	const unsigned int rounds = 12, burst = 40;

	tt_setup_default();
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	hosted_race_start(seed, 2000);
	for (unsigned int r = 0; r < rounds; r++) {
		for (unsigned int i = 0; i < burst; i++) {
			u32 k = r * burst + i;

			fr_build(f, frame_len(k), tt_peer, tt_mac0, FR_PROTO_UDP, k, true);
			ck_assert_int_eq(
			    tt_send(dev, f, frame_len(k), 1 + k % 3, NETBUF_CSUM_NONE, 0),
			    NETDEV_TX_OK);
			tt_frame(f, frame_len(k + 7), NULL, k, FR_PROTO_UDP);
			hosted_wire_inject(tt_wire(), f, frame_len(k + 7));
			if (k % 5 == 0)
				hosted_run_once();
		}
		hosted_run_for(2 * NSEC_PER_MSEC);
	}
	race_print_stats(seed);
	hosted_race_stats(&st);
	hosted_race_stop();
	ck_assert_uint_gt(st.traps, 1000);
	ck_assert_uint_eq(tt_rx_count, rounds * burst);
	for (u32 k = 0; k < rounds * burst; k++) {
		tt_frame(f, frame_len(k + 7), NULL, k, FR_PROTO_UDP);
		ck_assert_uint_eq(tt_rxq[k].len, frame_len(k + 7));
		ck_assert_msg(!memcmp(tt_rxq[k].data, f, frame_len(k + 7)), "received %u differs",
			      k);
		fr_build(f, frame_len(k), tt_peer, tt_mac0, FR_PROTO_UDP, k, true);
		ck_assert_uint_eq(hosted_wire_take(tt_wire(), got, sizeof(got)), frame_len(k));
		ck_assert_msg(!memcmp(got, f, frame_len(k)), "sent frame %u differs", k);
	}
	ck_assert_uint_eq(dev->stats.tx_packets, rounds * burst);
	ck_assert_uint_eq(tt_tx_outstanding(), 0);
	tt_teardown();
}
END_TEST

static Suite *tg3_race_suite(void)
{
	Suite *s = suite_create("tg3 racing");
	TCase *tc = tcase_create("race");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_race_rx_pairs, 0, ARRAY_SIZE(seeds));
	tcase_add_loop_test(tc, test_race_bursts_both_ways, 0, ARRAY_SIZE(seeds));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(tg3_race_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * sky2 against a racing Yukon-2 model (tests/hosted/hosted_race.h): the
 * status unit writes list elements and the prefetch units read them between
 * the driver's own loads and stores. Frames come in pairs put on the wire by
 * a device tick (race_feed.h), so the second often lands while the first is
 * being polled, around ST_CLR_IRQ and the unmask; each must be up before the
 * next pair comes, intact and in order. Then bursts both ways on both ports
 * of a dual-port XL. Seeds are fixed and printed.
 */
#include <check.h>
#include <string.h>

#include "drivers/sky2/sky2.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_race.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/race_feed.h"
#include "tests/hosted/sky2_test_util.h"

#define PAIRS	   150
#define PAIR_SPACE (400 * NSEC_PER_USEC)

static const u64 seeds[] = { 1, 0x5eed0032, 0xdecafbad };

static u32 frame_len(u32 k)
{
	return FR_ETH_ZLEN + k * 211 % (ST_MAX_FRAME - FR_ETH_ZLEN + 1);
}

static void put_frame(unsigned int i)
{
	u8 f[ST_MAX_FRAME];

	fr_build(f, frame_len(i), st_mac[0], st_peer, i & 1 ? FR_PROTO_TCP : FR_PROTO_UDP, i, true);
	hosted_wire_inject(st_wire(0), f, frame_len(i));
}

static unsigned int frames_up(void)
{
	return st_rx_count;
}

static const struct race_feed_ops feed_ops = { .put = put_frame, .up = frames_up };

START_TEST(test_race_rx_pairs)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_EC_ULTRA, 1);
	u8 f[ST_MAX_FRAME];
	u64 seed = seeds[_i];

	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	race_feed_start(&feed_ops, PAIRS, PAIR_SPACE, seed);
	hosted_race_start(seed, 3000);
	race_feed_finish(seed);
	ck_assert_uint_eq(st_rx_count, 2 * PAIRS);
	for (u32 i = 0; i < 2 * PAIRS; i++) {
		fr_build(f, frame_len(i), st_mac[0], st_peer, i & 1 ? FR_PROTO_TCP : FR_PROTO_UDP,
			 i, true);
		ck_assert_uint_eq(st_rxq[i].len, frame_len(i));
		ck_assert_msg(!memcmp(st_rxq[i].data, f, frame_len(i)),
			      "seed %llu: frame %u differs", (unsigned long long)seed, i);
	}
	st_teardown();
}
END_TEST

/* Both ports of one XL, both ways, while the chip races the driver over every list. */
START_TEST(test_race_bursts_both_ports)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct hosted_race_stats st;
	u8 f[ST_MAX_FRAME], got[2048];
	u64 seed = seeds[_i];
	const unsigned int rounds = 10, burst = 30;
	unsigned int seen[2] = { 0, 0 };

	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	ck_assert(st_open_and_link(st_dev(1)));
	hosted_race_start(seed, 2000);
	for (unsigned int r = 0; r < rounds; r++) {
		for (unsigned int i = 0; i < burst; i++) {
			u32 k = r * burst + i;

			for (unsigned int p = 0; p < 2; p++) {
				fr_build(f, frame_len(k + p), st_peer, st_mac[p], FR_PROTO_UDP, k,
					 true);
				ck_assert_int_eq(st_send(st_dev(p), f, frame_len(k + p), 1 + k % 3),
						 NETDEV_TX_OK);
				fr_build(f, frame_len(k + 7 + p), st_mac[p], st_peer, FR_PROTO_UDP,
					 k, true);
				hosted_wire_inject(st_wire(p), f, frame_len(k + 7 + p));
			}
			if (k % 5 == 0)
				hosted_run_once();
		}
		hosted_run_for(3 * NSEC_PER_MSEC);
	}
	race_print_stats(seed);
	hosted_race_stats(&st);
	hosted_race_stop();
	ck_assert_uint_gt(st.traps, 1000);
	ck_assert_uint_eq(st_rx_count, 2 * rounds * burst);
	for (unsigned int i = 0; i < st_rx_count; i++) {
		unsigned int p = st_rxq[i].port;
		u32 k = seen[p]++;

		fr_build(f, frame_len(k + 7 + p), st_mac[p], st_peer, FR_PROTO_UDP, k, true);
		ck_assert_uint_eq(st_rxq[i].len, frame_len(k + 7 + p));
		ck_assert_msg(!memcmp(st_rxq[i].data, f, frame_len(k + 7 + p)),
			      "port %u: received %u differs", p, k);
	}
	for (unsigned int p = 0; p < 2; p++)
		for (u32 k = 0; k < rounds * burst; k++) {
			fr_build(f, frame_len(k + p), st_peer, st_mac[p], FR_PROTO_UDP, k, true);
			ck_assert_uint_eq(hosted_wire_take(st_wire(p), got, sizeof(got)),
					  frame_len(k + p));
			ck_assert_msg(!memcmp(got, f, frame_len(k + p)), "port %u: sent %u differs",
				      p, k);
		}
	ck_assert_uint_eq(st_tx_outstanding(), 0);
	st_teardown();
}
END_TEST

static Suite *sky2_race_suite(void)
{
	Suite *s = suite_create("sky2 racing");
	TCase *tc = tcase_create("race");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_race_rx_pairs, 0, ARRAY_SIZE(seeds));
	tcase_add_loop_test(tc, test_race_bursts_both_ports, 0, ARRAY_SIZE(seeds));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(sky2_race_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

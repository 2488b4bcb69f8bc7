// SPDX-License-Identifier: BSD-2-Clause
/*
 * tg3 against a racing BCM5719 model (tests/hosted/hosted_race.h): the chip
 * writes status blocks and return BDs, and raises interrupts, between the
 * driver's own loads and stores. Frames come in pairs a random gap apart so
 * that the second often lands while the first is being polled, just before
 * or after the unmask; each pair must be up within 2 ms of simulated time
 * (a lost update waits for the 1 s watchdog), intact and in order, while
 * frames are sent the other way. Seeds are fixed and printed.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "drivers/tg3/tg3.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_race.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/tg3_test_util.h"

#define PAIRS 150

static const u64 seeds[] = { 1, 0x5eed0032, 0xdecafbad };

static u32 frame_len(u32 k)
{
	return FR_ETH_ZLEN + k * 211 % (TT_MAX_FRAME - FR_ETH_ZLEN + 1);
}

static bool both_up(void *ctx)
{
	return tt_rx_count >= *(unsigned int *)ctx;
}

START_TEST(test_race_rx_pairs_and_tx)
{
	struct net_device *dev;
	struct hosted_race_stats st;
	u8 f[TT_MAX_FRAME], got[2048];
	u64 seed = seeds[_i];
	unsigned int want = 0, sent = 0;

	tt_setup_default();
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	hosted_race_start(seed, 3000);
	for (u32 k = 0; k < PAIRS; k++) {
		u32 a = 2 * k, b = 2 * k + 1;

		tt_frame(f, frame_len(a), NULL, a, FR_PROTO_UDP);
		hosted_wire_inject(tt_wire(), f, frame_len(a));
		/* The second a seed-dependent gap later: during the first's poll, often. */
		hosted_run_for((seed * (k + 1) * 2654435761u) % 20000);
		tt_frame(f, frame_len(b), NULL, b, FR_PROTO_TCP);
		hosted_wire_inject(tt_wire(), f, frame_len(b));
		if (k % 3 == 0) {
			fr_build(f, frame_len(k), tt_peer, tt_mac0, FR_PROTO_UDP, k, true);
			ck_assert_int_eq(tt_send(dev, f, frame_len(k), 1 + k % 3, NETBUF_CSUM_NONE, 0),
					 NETDEV_TX_OK);
			sent++;
		}
		want += 2;
		ck_assert_msg(hosted_run_until(both_up, &want, 2 * NSEC_PER_MSEC),
			      "seed %llu pair %u: %u of %u frames up after 2 ms (a lost update?)",
			      (unsigned long long)seed, k, tt_rx_count, want);
	}
	hosted_run_for(NSEC_PER_MSEC);
	hosted_race_stats(&st);
	hosted_race_stop();
	printf("race: seed %llu: %llu traps, %llu MMIO, %llu steps, %llu us run in steps\n",
	       (unsigned long long)seed, (unsigned long long)st.traps,
	       (unsigned long long)st.mmio, (unsigned long long)st.steps,
	       (unsigned long long)(st.ran_ns / 1000));
	ck_assert_uint_gt(st.traps, 1000);
	ck_assert_uint_gt(st.steps, 1000);
	ck_assert_uint_eq(tt_rx_count, 2 * PAIRS);
	for (u32 i = 0; i < 2 * PAIRS; i++) {
		tt_frame(f, frame_len(i), NULL, i, i & 1 ? FR_PROTO_TCP : FR_PROTO_UDP);
		ck_assert_uint_eq(tt_rxq[i].len, frame_len(i));
		ck_assert_msg(!memcmp(tt_rxq[i].data, f, frame_len(i)), "seed %llu: frame %u differs",
			      (unsigned long long)seed, i);
	}
	for (u32 k = 0; k < PAIRS; k += 3) {
		fr_build(f, frame_len(k), tt_peer, tt_mac0, FR_PROTO_UDP, k, true);
		ck_assert_uint_eq(hosted_wire_take(tt_wire(), got, sizeof(got)), frame_len(k));
		ck_assert_msg(!memcmp(got, f, frame_len(k)), "sent frame %u differs", k);
	}
	ck_assert_uint_eq(dev->stats.tx_packets, sent);
	tt_teardown();
}
END_TEST

static Suite *tg3_race_suite(void)
{
	Suite *s = suite_create("tg3 racing");
	TCase *tc = tcase_create("race");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_race_rx_pairs_and_tx, 0, ARRAY_SIZE(seeds));
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

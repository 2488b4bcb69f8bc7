// SPDX-License-Identifier: BSD-2-Clause
/*
 * napkin's whole network path, hosted, on both ports of one dual-port
 * Yukon-2 XL at once: lwIP, the glue, the services, the one NAPI instance the
 * controller owns, the sky2 driver, and the strict model, each port on its
 * own TAP in this process's own network namespace (tests/hosted/stack_util.h).
 * Real Linux tools talk to both ports together: ping, UDP echo of random
 * payloads, a 3 MiB TCP echo compared by checksum, and an iperf2 client per
 * port against napkin's iperf server. Both ports share one interrupt and one
 * poll, so neither may be starved: each port must move everything its client
 * sent (stack_iperf) at a rate within a small factor of the other's.
 *
 * The model's own counters are checked too: with flow control negotiated the
 * chip holds the wire when its receive RAM buffer fills instead of losing
 * frames, so no frame may be lost for want of a receive buffer.
 *
 * Needs the tools stack_util.h lists and root or unprivileged user namespaces;
 * without them it fails naming what is missing.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "drivers/sky2/sky2.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/models/sky2_model.h"
#include "tests/hosted/sky2_test_util.h"
#include "tests/hosted/stack_util.h"

#define TCP_ECHO_BYTES (3u << 20)
#define IPERF_SECONDS  2

START_TEST(test_both_ports_at_once)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct stack_config sc = { .nr_ports = 2, .addressing = STACK_ADDR_STATIC };
	struct sky2_model_counters ctr;
	struct stack_rate rates[2];
	unsigned int seed = (unsigned int)time(NULL);

	if (!stack_enter("test_sky2_stack"))
		return;
	st_setup(&cfg);
	ck_assert_ptr_nonnull(st_hw());
	ck_assert_uint_eq(st_hw()->nports, 2);
	for (unsigned int i = 0; i < 2; i++)
		sc.ports[i] = (struct stack_port){ sky2_model_port(st_model(), i), st_dev(i),
						   i ? "sky2stk1" : "sky2stk0" };
	stack_up(&sc);

	stack_ping(20);
	stack_udp_echo(40, seed);
	stack_tcp_echo(TCP_ECHO_BYTES);
	stack_iperf(IPERF_SECONDS, rates);
	stack_assert_not_starved(rates);
	fprintf(stderr, "test_sky2_stack: eth0 and eth1 at once: %u and %u Mbit/s\n",
		rates[0].mbit_s, rates[1].mbit_s);

	sky2_model_get_counters(st_model(), &ctr);
	for (unsigned int i = 0; i < 2; i++) {
		fprintf(stderr,
			"test_sky2_stack: port %u: model rx %llu frames, tx %llu, overrun %llu, "
			"no buffer %llu, PAUSE frames sent %llu\n",
			i, (unsigned long long)ctr.port[i].rx_frames,
			(unsigned long long)ctr.port[i].tx_frames,
			(unsigned long long)ctr.port[i].rx_overrun,
			(unsigned long long)ctr.port[i].rx_no_buffer,
			(unsigned long long)st_ethtool(st_dev(i), "mib_tx_pause"));
		ck_assert_uint_gt(ctr.port[i].rx_frames, 1000);
		/* Flow control agreed with the TAP's far end: the chip held it, lost nothing. */
		ck_assert_uint_eq(ctr.port[i].rx_overrun + ctr.port[i].rx_no_buffer, 0);
	}
	stack_down();
	st_teardown();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sky2 + lwIP over TAP");
	TCase *tc = tcase_create("two ports");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, NULL, stack_down);
	tcase_add_test(tc, test_both_ports_at_once);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * napkin's whole network path, hosted: lwIP, the glue, the services, NAPI and
 * the tg3 driver, against modelled BCM5719s whose wires are TAP devices in a
 * network namespace of this process's own (tests/hosted/stack_util.h). Real
 * Linux tools talk to them there: ping, UDP echo of random payloads, TCP echo
 * compared by checksum, and an iperf2 client against napkin's iperf server.
 * The code is the code the ISO runs; only kernel/ below the drivers is the
 * harness.
 *
 * One port with the static ip= address; then two chips, two TAPs, addresses
 * by DHCP, and every check on both ports at once, which is what the
 * two-port drivers (sky2, skge) must pass too.
 *
 * Needs the tools stack_util.h lists (root or user namespaces among them);
 * without them it fails, naming what is missing.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tests/hosted/hosted.h"
#include "tests/hosted/models/tg3_model.h"
#include "tests/hosted/stack_util.h"
#include "tests/hosted/tg3_test_util.h"

#define TCP_ECHO_BYTES (3u << 20)
#define IPERF_SECONDS  2

/* Every check on every configured port; returns the rates iperf measured. */
static void run_checks(struct stack_rate rates[])
{
	unsigned int seed = (unsigned int)time(NULL);

	stack_ping(20);
	/* Random sizes up to one MTU's worth, and two that need IP fragments. */
	stack_udp_echo(40, seed);
	stack_tcp_echo(TCP_ECHO_BYTES);
	stack_iperf(IPERF_SECONDS, rates);
}

START_TEST(test_one_port)
{
	struct tg3_model_config cfg = { .dev = 2 };
	struct stack_config sc = { .nr_ports = 1, .addressing = STACK_ADDR_STATIC };
	struct stack_rate rate[1];

	if (!stack_enter("test_tg3_stack"))
		return;
	memcpy(cfg.mac, tt_mac0, 6);
	tt_setup(&cfg);
	sc.ports[0] = (struct stack_port){ tg3_model_port(tt_model()), tt_dev(), "tg3stk0" };
	stack_up(&sc);
	run_checks(rate);
	fprintf(stderr,
		"test_tg3_stack: one port: ping, udp echo, 3 MiB tcp echo, iperf %u Mbit/s\n",
		rate[0].mbit_s);
	stack_down();
	tt_teardown();
}
END_TEST

START_TEST(test_two_ports_at_once)
{
	struct tg3_model_config a = { .dev = 2, .irq_line = 16 };
	struct tg3_model_config b = { .dev = 3, .irq_line = 17 };
	struct stack_config sc = { .nr_ports = 2, .addressing = STACK_ADDR_DHCP };
	struct tg3_model *ma, *mb;
	struct stack_rate rates[2];

	if (!stack_enter("test_tg3_stack"))
		return;
	memcpy(a.mac, tt_mac0, 6);
	memcpy(b.mac, tt_mac0, 6);
	b.mac[5] = 0x02;
	/* Cabled to each other at first; stack_up() moves each to its own TAP. */
	tt_setup_pair(&a, &b, &ma, &mb);
	sc.ports[0] = (struct stack_port){ tg3_model_port(ma), stack_dev_by_mac(a.mac), "tg3stk0" };
	sc.ports[1] = (struct stack_port){ tg3_model_port(mb), stack_dev_by_mac(b.mac), "tg3stk1" };
	stack_up(&sc);
	run_checks(rates);
	stack_assert_not_starved(rates);
	fprintf(stderr, "test_tg3_stack: two ports at once: %u and %u Mbit/s\n", rates[0].mbit_s,
		rates[1].mbit_s);
	stack_down();
	tt_teardown();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tg3 + lwIP over TAP");
	TCase *one = tcase_create("one port");
	TCase *two = tcase_create("two ports");
	SRunner *sr;
	int failed;

	tcase_set_timeout(one, 300);
	tcase_add_checked_fixture(one, NULL, stack_down);
	tcase_add_test(one, test_one_port);
	suite_add_tcase(s, one);
	tcase_set_timeout(two, 300);
	tcase_add_checked_fixture(two, NULL, stack_down);
	tcase_add_test(two, test_two_ports_at_once);
	suite_add_tcase(s, two);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

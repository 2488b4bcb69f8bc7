// SPDX-License-Identifier: BSD-2-Clause
/*
 * napkin's whole network path, hosted, over the skge driver: lwIP, the glue,
 * the services, NAPI and drivers/skge against the independent skge model
 * (tests/hosted/models/skge_model*), both ports of one dual-port controller
 * behind its one shared INTx line, each port on its own TAP in a network
 * namespace of this process's own (tests/hosted/stack_util.h). On both ports
 * at once: ping, UDP echo of random sizes, 3 MiB of TCP echo checked byte for
 * byte (SHA-256), and iperf, each port's whole amount counted by napkin and
 * neither port starved.
 *
 * Three controllers, one per test case (lwIP starts once per process): a
 * Yukon, a Genesis, and a Yukon whose INTx line a second PCI function (the
 * bystander, tests/hosted/bystander.h) asserts all through the traffic; the
 * driver must neither claim the bystander's interrupts nor lose its own.
 * The model's NAPI probe is installed for both ports throughout, so an
 * interrupt raised for a port whose poll is scheduled fails the test, and
 * every DMA the model makes is checked by the harness.
 *
 * Needs the tools stack_util.h lists and root or unprivileged user namespaces;
 * without them it fails naming what is missing.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "drivers/skge/skge.h"
#include "kernel/pci/pci.h"
#include "net/core/netdev_stack.h"
#include "tests/hosted/bystander.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_teardown.h"
#include "tests/hosted/models/skge_model.h"
#include "tests/hosted/stack_util.h"
#include "tests/unit/fakes/stub_printk.h"

#define SKGE_DEV       5
#define BYST_DEV       6
#define IRQ_LINE       16
#define TCP_ECHO_BYTES (3u << 20)
#define IPERF_SECONDS  3
/* The bystander interrupts this often (simulated time follows real time here). */
#define BYST_PERIOD_NS (50 * NSEC_PER_USEC)

static const u8 mac[2][6] = { { 0x00, 0x00, 0x5A, 0x21, 0x00, 0x01 },
			      { 0x00, 0x00, 0x5A, 0x21, 0x00, 0x02 } };

static struct skge_model *model;

static bool napi_scheduled(void *ctx)
{
	return napi_is_scheduled(ctx);
}

static u64 ethtool(struct net_device *dev, const char *name)
{
	struct ethtool_stat st[64];
	int n = netdev_get_ethtool_stats(dev, st, 64);

	for (int k = 0; k < n; k++)
		if (!strcmp(st[k].name, name))
			return st[k].value;
	ck_abort_msg("%s: no counter %s", dev->name, name);
	return 0;
}

/* One dual-port controller on IRQ_LINE (and the bystander beside it), driver bound. */
static void setup(enum skge_model_chip chip, bool with_bystander)
{
	struct skge_model_config cfg = {
		.dev = SKGE_DEV, .chip = chip, .ports = 2, .irq_line = IRQ_LINE
	};

	hosted_init();
	stub_printk_reset();
	memcpy(cfg.mac, mac, sizeof(mac));
	model = skge_model_create(&cfg);
	ck_assert_ptr_nonnull(model);
	if (with_bystander)
		bystander_add(BYST_DEV, IRQ_LINE);
	pci_register_driver(&skge_pci_driver);
	pci_init();
	if (with_bystander)
		bystander_attach();
	hosted_run_idle();
	for (unsigned int i = 0; i < 2; i++) {
		struct net_device *dev = stack_dev_by_mac(mac[i]);

		ck_assert_msg(dev, "no device for port %u", i);
		skge_model_set_napi_probe(model, i, napi_scheduled,
					  &((struct skge_port *)netdev_priv(dev))->napi);
	}
}

/* Every check on both ports at once; rates printed and compared. */
static void run_checks(const char *what)
{
	struct stack_config sc = { .nr_ports = 2, .addressing = STACK_ADDR_STATIC };
	struct stack_rate rates[2];
	unsigned int seed = (unsigned int)time(NULL);

	sc.ports[0] =
	    (struct stack_port){ skge_model_port(model, 0), stack_dev_by_mac(mac[0]), "skgestk0" };
	sc.ports[1] =
	    (struct stack_port){ skge_model_port(model, 1), stack_dev_by_mac(mac[1]), "skgestk1" };
	stack_up(&sc);
	stack_ping(20);
	stack_udp_echo(40, seed);
	stack_tcp_echo(TCP_ECHO_BYTES);
	stack_iperf(IPERF_SECONDS, rates);
	stack_assert_not_starved(rates);
	fprintf(stderr,
		"test_skge_stack: %s: ping, udp echo, 3 MiB tcp echo, iperf %u and %u "
		"Mbit/s\n",
		what, rates[0].mbit_s, rates[1].mbit_s);
}

/*
 * What each port carried, and what the model dropped for a full receive RAM
 * buffer (the harness delivers a TAP's backlog at once, faster than any
 * wire): the driver's MAC counters must show exactly those overflows.
 */
static void report_model(const char *what)
{
	struct skge_model_counters c;

	skge_model_get_counters(model, &c);
	for (unsigned int i = 0; i < 2; i++) {
		struct net_device *dev = stack_dev_by_mac(mac[i]);
		bool genesis = ((struct skge_port *)netdev_priv(dev))->hw->chip == SKGE_GENESIS;

		fprintf(stderr,
			"test_skge_stack: %s: port %u: rx %llu tx %llu, receive RAM buffer "
			"overflows %llu, INTx assertions %llu\n",
			what, i, (unsigned long long)c.port[i].rx_frames,
			(unsigned long long)c.port[i].tx_frames,
			(unsigned long long)c.port[i].rx_overruns,
			(unsigned long long)c.intx_assertions);
		/* The driver's recoveries, to tell a slow run's cause. */
		fprintf(stderr,
			"test_skge_stack: %s: port %u: lost interrupts %llu, transmit start "
			"retries %llu, receive BMU starts %llu, refills starved %llu, MAC "
			"overrun events %llu\n",
			what, i, (unsigned long long)ethtool(dev, "irq_lost"),
			(unsigned long long)ethtool(dev, "tx_start_retries"),
			(unsigned long long)ethtool(dev, "rx_bmu_starts"),
			(unsigned long long)ethtool(dev, "rx_refill_starved"),
			(unsigned long long)ethtool(dev, "mac_rx_overrun_events"));
		ck_assert_uint_eq(
		    ethtool(dev, genesis ? "mac_rx_overruns" : "mac_rx_fifo_overflows"),
		    c.port[i].rx_overruns);
		/* No fault was injected: nothing for the recovery paths to find. */
		ck_assert_uint_eq(ethtool(dev, "irq_lost"), 0);
		ck_assert_uint_eq(ethtool(dev, "tx_start_retries"), 0);
		ck_assert_uint_gt(c.port[i].rx_frames, 1000);
		ck_assert_uint_gt(c.port[i].tx_frames, 1000);
	}
}

static void teardown(void)
{
	stack_down();
	hosted_assert_no_failures();
	/* lwIP keeps the devices to the end of the process: the driver stays bound. */
}

static void run_pair(enum skge_model_chip chip, const char *what)
{
	if (!stack_enter("test_skge_stack"))
		return;
	setup(chip, false);
	run_checks(what);
	report_model(what);
	teardown();
}

START_TEST(test_yukon_two_ports)
{
	run_pair(SKGE_MODEL_YUKON, "Yukon");
}
END_TEST

START_TEST(test_genesis_two_ports)
{
	run_pair(SKGE_MODEL_GENESIS, "Genesis");
}
END_TEST

/*
 * The bystander asserts the shared line all through the traffic: every one
 * of its interrupts reaches its handler (none lost), skge says "not mine" to
 * them, and skge claims no more interrupts than its own chip raised plus
 * those its moderation timer may fold into another device's.
 */
START_TEST(test_shared_intx_with_bystander)
{
	struct bystander_counts byst;
	struct skge_model_counters c;
	struct net_device *dev;
	u64 claimed, not_ours;

	if (!stack_enter("test_skge_stack"))
		return;
	setup(SKGE_MODEL_YUKON, true);
	dev = stack_dev_by_mac(mac[0]);
	ck_assert_int_eq(bystander_vector(),
			 ((struct skge_port *)netdev_priv(dev))->hw->irq_vector);
	bystander_set_period(BYST_PERIOD_NS);
	run_checks("Yukon with a bystander on its INTx line");
	bystander_set_period(0);
	hosted_run_for(NSEC_PER_MSEC);
	bystander_get_counts(&byst);
	skge_model_get_counters(model, &c);
	claimed = ethtool(dev, "irq_interrupts");
	not_ours = ethtool(dev, "irq_not_ours");
	fprintf(stderr,
		"test_skge_stack: bystander raised %llu, handled %llu; skge claimed %llu of its "
		"chip's %llu assertions, said not mine %llu times\n",
		(unsigned long long)byst.raised, (unsigned long long)byst.handled,
		(unsigned long long)claimed, (unsigned long long)c.intx_assertions,
		(unsigned long long)not_ours);
	ck_assert_uint_gt(byst.raised, 1000);
	ck_assert_uint_eq(byst.handled, byst.raised);
	ck_assert_uint_gt(claimed, 0);
	ck_assert_uint_ge(not_ours, byst.raised / 2);
	ck_assert_uint_le(claimed + not_ours, c.intx_assertions + byst.raised);
	report_model("Yukon with a bystander");
	teardown();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("skge + lwIP over TAP");
	TCase *tc[3] = { tcase_create("yukon"), tcase_create("genesis"),
			 tcase_create("bystander") };
	const TTest *t[3] = { test_yukon_two_ports, test_genesis_two_ports,
			      test_shared_intx_with_bystander };
	SRunner *sr;
	int failed;

	for (unsigned int i = 0; i < 3; i++) {
		tcase_set_timeout(tc[i], 300);
		tcase_add_checked_fixture(tc[i], NULL, stack_down);
		tcase_add_test(tc[i], t[i]);
		suite_add_tcase(s, tc[i]);
	}
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

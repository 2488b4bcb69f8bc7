// SPDX-License-Identifier: BSD-2-Clause
/*
 * The sky2 driver against the strict Yukon-2 model: probe of each modelled
 * family (and refusal of an unknown chip), bring-up and link on both ports of
 * a dual-port XL, traffic both ways on both ports at once through the one
 * NAPI instance, one budget for both ports, MSI proven at probe and the fall
 * back to INTx, a lost interrupt caught by the watchdog, receive errors and
 * truncated frames dropped and counted, descriptor-check and hardware-error
 * interrupts, link flap. Every test installs the model's NAPI probe (an
 * interrupt while the instance is scheduled fails) and ends in st_teardown(),
 * which fails it on any model or harness complaint or leaked DMA memory.
 */
#include <check.h>
#include <string.h>

#include "drivers/sky2/sky2.h"
#include "kernel/core/cmdline.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/pci.h"
#include "net/core/napi.h"
#include "net/core/netdev_stack.h"
#include "tests/hosted/csum_cases.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/sky2_test_util.h"
#include "tests/unit/fakes/stub_printk.h"

static int napi_named_sky2(struct napi_struct *napi, void *ctx)
{
	unsigned int *n = ctx;

	if (napi->name && !strncmp(napi->name, "sky2-", 5))
		(*n)++;
	return 0;
}

static unsigned int sky2_napi_instances(void)
{
	unsigned int n = 0;

	napi_for_each(napi_named_sky2, &n);
	return n;
}

START_TEST(test_probe_xl_dual_port)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct net_device *d0, *d1;
	struct sky2_hw *hw;

	st_setup(&cfg);
	hw = st_hw();
	ck_assert_ptr_nonnull(hw);
	ck_assert_uint_eq(hw->nports, 2);
	d0 = st_dev(0);
	d1 = st_dev(1);
	ck_assert_str_eq(d0->name, "eth0");
	ck_assert_str_eq(d1->name, "eth1");
	ck_assert_ptr_eq(netdev_get_by_name("eth1"), d1);
	ck_assert_mem_eq(d0->dev_addr, st_mac[0], 6);
	ck_assert_mem_eq(d1->dev_addr, st_mac[1], 6);
	ck_assert(stub_printk_contains("Yukon-2 XL"));
	ck_assert(stub_printk_contains("2 ports (one NAPI for both)"));
	ck_assert_str_eq(hw->napi.name, "sky2-00:03.0 (eth0,eth1)");
	ck_assert_uint_eq(sky2_napi_instances(), 1);
	ck_assert(hw->quirks & SKY2_Q_XL_FLUSH_MASK);
	st_teardown();
}
END_TEST

static void probe_single(enum sky2_model_chip chip, const char *name, u32 quirk)
{
	struct sky2_model_config cfg = st_config(chip, 1);
	struct sky2_hw *hw;

	st_setup(&cfg);
	hw = st_hw();
	ck_assert_ptr_nonnull(hw);
	ck_assert_uint_eq(hw->nports, 1);
	ck_assert_ptr_nonnull(st_dev(0));
	ck_assert_ptr_null(netdev_get_by_name("eth1"));
	ck_assert_msg(stub_printk_contains(name), "no log line naming %s", name);
	ck_assert_str_eq(hw->napi.name, "sky2-00:03.0 (eth0)");
	if (quirk)
		ck_assert(hw->quirks & quirk);
	st_teardown();
}

START_TEST(test_probe_ec_ultra)
{
	probe_single(SKY2_MODEL_EC_ULTRA, "Yukon-2 EC Ultra", SKY2_Q_STATUS_RACE);
}
END_TEST

START_TEST(test_probe_fe_plus)
{
	probe_single(SKY2_MODEL_FE_PLUS, "Yukon-2 FE+", SKY2_Q_FAST_ETHER);
}
END_TEST

START_TEST(test_probe_optima)
{
	probe_single(SKY2_MODEL_OPTIMA, "Yukon-2 Optima", SKY2_Q_NEW_LE);
}
END_TEST

/*
 * Deviation 4.107 (status LEs racing their PUT index): Linux sets the GP_IO
 * fix on every chip with the PCIe power registers, not only EC Ultra and
 * Extreme; the XL and EC have neither the registers nor the fix.
 */
static bool status_race_fix_after_probe(enum sky2_model_chip chip)
{
	struct sky2_model_config cfg = st_config(chip, 1);
	bool on;

	st_setup(&cfg);
	ck_assert_ptr_nonnull(st_hw());
	on = sky2_read32(st_hw(), B2_GP_IO) & GP_IO_STAT_RACE_DIS;
	ck_assert_uint_eq(!!(st_hw()->quirks & SKY2_Q_STATUS_RACE), on);
	st_teardown();
	return on;
}

START_TEST(test_status_race_fix_on_pcie_power_chips)
{
	ck_assert(status_race_fix_after_probe(SKY2_MODEL_EC_ULTRA));
	ck_assert(status_race_fix_after_probe(SKY2_MODEL_FE_PLUS));
	ck_assert(status_race_fix_after_probe(SKY2_MODEL_OPTIMA));
	ck_assert(!status_race_fix_after_probe(SKY2_MODEL_XL));
	ck_assert(!status_race_fix_after_probe(SKY2_MODEL_EC));
}
END_TEST

/* Clocks firmware left gated in PCI_OUR_REG_3 are turned back on at probe, on every chip. */
START_TEST(test_gated_clocks_turned_on)
{
	static const enum sky2_model_chip chips[] = { SKY2_MODEL_XL, SKY2_MODEL_EC,
						      SKY2_MODEL_OPTIMA };

	for (unsigned int i = 0; i < ARRAY_SIZE(chips); i++) {
		struct sky2_model_config cfg = st_config(chips[i], 1);

		cfg.our_reg3 = 0x000F0000u; /* some clock-disable bits */
		st_setup(&cfg);
		ck_assert_ptr_nonnull(st_hw());
		ck_assert_uint_eq(pci_read_config_dword(st_hw()->pdev, PCI_Y2_OUR_REG_3), 0);
		ck_assert(st_open_and_link(st_dev(0)));
		st_teardown();
	}
}
END_TEST

static u16 phy_reg(struct sky2_port *p, u8 page, u8 reg)
{
	u16 v = 0;

	if (page)
		ck_assert_int_eq(sky2_phy_write(p, PHY_PAGE, page), 0);
	ck_assert_int_eq(sky2_phy_read(p, reg, &v), 0);
	if (page)
		ck_assert_int_eq(sky2_phy_write(p, PHY_PAGE, 0), 0);
	return v;
}

/* The PHY errata's analog fixes are in the PHY after open, and the link still comes up. */
START_TEST(test_phy_errata_written)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_EC_ULTRA, 1);
	struct sky2_port *p;

	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	p = netdev_priv(st_dev(0));
	/* Page 255 holds the last address/data pair written: the A/B symmetry fix. */
	ck_assert_uint_eq(phy_reg(p, PHY_PAGE_AFE, PHY_AFE_DATA), 0xA204);
	ck_assert_uint_eq(phy_reg(p, PHY_PAGE_AFE, PHY_AFE_ADDR), 0x2002);
	ck_assert_uint_eq(phy_reg(p, 0, PHY_PAGE), 0); /* left on page 0 */
	st_teardown();

	cfg = st_config(SKY2_MODEL_OPTIMA, 1); /* rev 0 */
	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	p = netdev_priv(st_dev(0));
	ck_assert_uint_eq(phy_reg(p, PHY_PAGE_AFE, PHY_AFE_DATA), 0x2800);
	ck_assert_uint_eq(phy_reg(p, PHY_PAGE_AFE, PHY_AFE_ADDR), 0x2001);
	st_teardown();

	cfg = st_config(SKY2_MODEL_FE_PLUS, 1); /* A0 */
	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	p = netdev_priv(st_dev(0));
	ck_assert(phy_reg(p, 0, PHY_FE_SPEC_2) & FESPEC2_CLASS_A);
	ck_assert_uint_eq(phy_reg(p, 0, PHY_FE_PAGE_DATA), 0x3F60);
	st_teardown();

	/* The XL's PHY needs none: nothing on its page 255. */
	cfg = st_config(SKY2_MODEL_XL, 1);
	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	p = netdev_priv(st_dev(0));
	ck_assert_uint_eq(phy_reg(p, PHY_PAGE_AFE, PHY_AFE_DATA), 0);
	st_teardown();
}
END_TEST

START_TEST(test_unknown_chip_refused)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_UNKNOWN, 1);

	st_setup(&cfg);
	ck_assert_ptr_null(st_hw());
	ck_assert_ptr_null(netdev_get_by_name("eth0"));
	ck_assert(stub_printk_contains("chip ID 0xbb"));
	ck_assert(stub_printk_contains("not touched"));
	st_teardown();
}
END_TEST

static void open_both(void)
{
	ck_assert(st_open_and_link(st_dev(0)));
	ck_assert(st_open_and_link(st_dev(1)));
}

START_TEST(test_open_link_both_ports_msi)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct sky2_model_counters c;

	st_setup(&cfg);
	open_both();
	ck_assert(stub_printk_contains("eth0: up on Yukon-2 XL, MSI interrupts"));
	ck_assert(stub_printk_contains("eth0: link up"));
	ck_assert(stub_printk_contains("eth1: link up"));
	ck_assert_uint_eq(st_ethtool(st_dev(0), "link_ups"), 1);
	ck_assert_uint_eq(st_ethtool(st_dev(1), "link_ups"), 1);
	sky2_model_get_counters(st_model(), &c);
	ck_assert_uint_gt(c.sw_irqs, 0); /* the MSI self-test */
	ck_assert_uint_gt(c.msi_sent, 0);
	ck_assert_uint_eq(c.intx_assertions, 0);
	ck_assert_uint_eq(st_hw()->irq.mode, IRQ_LADDER_MSI);
	{
		/* lspci and irq show the binding, the mode and the one handler for both ports. */
		char buf[256];

		pci_format_dev(st_hw()->pdev, buf, sizeof(buf));
		ck_assert_msg(strstr(buf, "sky2") && strstr(buf, "MSI"), "lspci: %s", buf);
		irq_handler_names((u8)st_hw()->irq_vector, buf, sizeof(buf));
		ck_assert_str_eq(buf, "sky2 eth0,eth1");
	}
	st_teardown();
}
END_TEST

static void check_rx_from(unsigned int port, unsigned int n, u32 seed, u32 len)
{
	u8 want[ST_MAX_FRAME];
	unsigned int seen = 0;

	for (unsigned int i = 0; i < st_rx_count && i < ST_RXQ; i++) {
		if (st_rxq[i].port != port)
			continue;
		fr_build(want, len, st_mac[port], st_peer, FR_PROTO_UDP, seed + seen, true);
		ck_assert_uint_eq(st_rxq[i].len, len);
		ck_assert_msg(!memcmp(st_rxq[i].data, want, len), "port %u frame %u differs", port,
			      seen);
		seen++;
	}
	ck_assert_uint_eq(seen, n);
}

START_TEST(test_traffic_both_ports_one_napi)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct sky2_model_counters c;
	struct sky2_hw *hw;
	u8 f[600], got[2048];
	const unsigned int n = 300;

	st_setup(&cfg);
	hw = st_hw();
	open_both();
	for (unsigned int round = 0; round < n / 50; round++) {
		st_inject(0, 50, 1000 + round * 50, 128);
		st_inject(1, 50, 5000 + round * 50, 128);
		for (unsigned int i = 0; i < 50; i++) {
			for (unsigned int port = 0; port < 2; port++) {
				fr_build(f, sizeof(f), st_peer, st_mac[port], FR_PROTO_UDP,
					 round * 50 + i + port * 7777, true);
				ck_assert_int_eq(st_send(st_dev(port), f, sizeof(f), 1 + i % 3),
						 NETDEV_TX_OK);
			}
		}
		hosted_run_for(2 * NSEC_PER_MSEC);
	}
	hosted_run_idle();
	ck_assert_uint_eq(st_rx_port[0], n);
	ck_assert_uint_eq(st_rx_port[1], n);
	check_rx_from(0, n, 1000, 128);
	check_rx_from(1, n, 5000, 128);
	for (unsigned int port = 0; port < 2; port++) {
		unsigned int sent = 0;

		while (hosted_wire_take(st_wire(port), got, sizeof(got)) == sizeof(f))
			sent++;
		ck_assert_uint_eq(sent, n);
		ck_assert_uint_eq(st_ethtool(st_dev(port), "tx_frames"), n);
		ck_assert_uint_eq(st_ethtool(st_dev(port), "rx_frames"), n);
		/* The GMAC's own MIB counters, read in clear mode and summed. */
		ck_assert_uint_eq(st_ethtool(st_dev(port), "mib_rx_ucast"), n);
		ck_assert_uint_eq(st_ethtool(st_dev(port), "mib_tx_ucast"), n);
		ck_assert_uint_gt(st_ethtool(st_dev(port), "mib_rx_octets"), 128 * n - 1);
		/* Above 4 GiB: the high half went out in ADDR64 LEs, at least once per ring reset. */
		ck_assert_uint_gt(st_ethtool(st_dev(port), "rx_addr64_les"), 0);
		ck_assert_uint_gt(st_ethtool(st_dev(port), "tx_addr64_les"), 0);
	}
	ck_assert_uint_eq(st_tx_outstanding(), 0);
	/* One instance did all of it. */
	ck_assert_uint_eq(sky2_napi_instances(), 1);
	ck_assert_uint_eq(hw->napi.stats.packets, 2 * n);
	ck_assert_uint_eq(hw->napi.stats.over_budget, 0);
	sky2_model_get_counters(st_model(), &c);
	ck_assert_uint_eq(c.port[0].rx_frames, n);
	ck_assert_uint_eq(c.port[1].rx_frames, n);
	ck_assert_uint_eq(c.port[0].tx_frames, n);
	ck_assert_uint_eq(c.port[1].tx_frames, n);
	ck_assert(!napi_is_scheduled(&hw->napi));
	st_teardown();
}
END_TEST

/*
 * The status ring laps: after SKY2_STATUS_RING entries the chip writes over
 * the first ones again, so an entry the driver already took (owner bit
 * cleared, opcode still RXSTAT) sits right after the newest. Only the owner
 * bit tells the two apart; taking a stale entry matches a buffer with a frame
 * that never came. Three thousand frames, each checked.
 */
START_TEST(test_status_ring_laps)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 1);
	const unsigned int n = 3000, batch = 60;

	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	for (unsigned int done = 0; done < n; done += batch) {
		st_inject(0, batch, 9000 + done, 100);
		hosted_run_for(NSEC_PER_MSEC);
	}
	hosted_run_idle();
	ck_assert_uint_gt(n, SKY2_STATUS_RING);
	ck_assert_msg(st_rx_port[0] == n,
		      "%u frames up for %u sent: a stale status entry was taken", st_rx_port[0], n);
	check_rx_from(0, n, 9000, 100);
	ck_assert_uint_eq(st_ethtool(st_dev(0), "rx_no_buffer"), 0);
	st_teardown();
}
END_TEST

/*
 * One TXINDEX status entry carries both ports' transmit indexes, each in its
 * own field. Lopsided traffic (the ports' indexes differ) shows a port that
 * reads the other's: completions it never posted, or its own never seen.
 */
START_TEST(test_tx_completions_per_port)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	u8 f[200], got[2048];

	st_setup(&cfg);
	open_both();
	for (unsigned int i = 0; i < 24; i++) {
		fr_build(f, sizeof(f), st_peer, st_mac[0], FR_PROTO_UDP, i, true);
		ck_assert_int_eq(st_send(st_dev(0), f, sizeof(f), 1 + i % 3), NETDEV_TX_OK);
	}
	hosted_run_for(NSEC_PER_MSEC);
	for (unsigned int i = 0; i < 5; i++) {
		fr_build(f, sizeof(f), st_peer, st_mac[1], FR_PROTO_UDP, 100 + i, true);
		ck_assert_int_eq(st_send(st_dev(1), f, sizeof(f), 1), NETDEV_TX_OK);
	}
	hosted_run_for(10 * NSEC_PER_MSEC);
	hosted_run_idle();
	for (unsigned int port = 0; port < 2; port++) {
		unsigned int sent = 0;

		while (hosted_wire_take(st_wire(port), got, sizeof(got)) == sizeof(f))
			sent++;
		ck_assert_uint_eq(sent, port ? 5 : 24);
		ck_assert_msg(st_ethtool(st_dev(port), "tx_bad_index") == 0,
			      "port %u took a transmit index that is not its own", port + 1);
	}
	ck_assert_msg(st_tx_outstanding() == 0, "%u sent frames never given back",
		      st_tx_outstanding());
	st_teardown();
}
END_TEST

/*
 * netpoll's budget 0: sky2 learns of sent frames only from the status ring,
 * which also carries received ones, so its poll takes nothing at all; the
 * handler's cause bits and the ring wait for the real poll (docs/NAPI.md).
 */
START_TEST(test_poll_budget_zero_takes_nothing)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct sky2_hw *hw;
	u8 f[128];
	u16 cons;

	st_setup(&cfg);
	hw = st_hw();
	open_both();
	fr_build(f, sizeof(f), st_peer, st_mac[0], FR_PROTO_UDP, 1, true);
	ck_assert_int_eq(st_send(st_dev(0), f, sizeof(f), 1), NETDEV_TX_OK);
	st_inject(0, 10, 100, 128);
	/* The chip sends, receives and interrupts; no softirq yet. */
	hosted_advance(200 * NSEC_PER_USEC);
	ck_assert(napi_is_scheduled(&hw->napi));
	ck_assert(sky2_status_pending(hw));
	cons = hw->port[0].rx_cons;
	/* A port event the handler leaves for the poll: a descriptor check on port 2. */
	sky2_model_fault_desc_check(st_model(), 1);
	hosted_advance(10 * NSEC_PER_USEC);
	ck_assert_uint_ne(hw->pending_src, 0);

	ck_assert(napi_netpoll_trylock(&hw->napi));
	ck_assert_int_eq(hw->napi.poll(&hw->napi, 0), 0);
	napi_netpoll_unlock(&hw->napi);
	ck_assert_uint_eq(st_rx_port[0], 0);
	ck_assert_uint_eq(hw->port[0].rx_cons, cons);
	ck_assert(sky2_status_pending(hw)); /* left for the real poll */
	ck_assert_uint_ne(hw->pending_src, 0);
	ck_assert_uint_eq(st_ethtool(st_dev(1), "desc_check_rx"), 0);
	ck_assert(napi_is_scheduled(&hw->napi));

	hosted_run_for(2 * NSEC_PER_MSEC); /* the status unit's transmit timer reports the send */
	hosted_run_idle();
	ck_assert_uint_eq(st_rx_port[0], 10);
	ck_assert_uint_eq(st_tx_outstanding(), 0);
	ck_assert_uint_eq(st_ethtool(st_dev(1), "desc_check_rx"), 1);
	ck_assert(!napi_is_scheduled(&hw->napi));
	st_teardown();
}
END_TEST

START_TEST(test_budget_shared_by_both_ports)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct sky2_hw *hw;

	st_setup(&cfg);
	hw = st_hw();
	open_both();
	/*
	 * 150 frames per port land before the poll runs: 300 under weight 64. In
	 * rounds of 50, so the model's receive store (4 KiB, counted in bytes)
	 * drains between them.
	 */
	for (unsigned int r = 0; r < 3; r++) {
		st_inject(0, 50, 1 + 50 * r, 100);
		st_inject(1, 50, 2 + 50 * r, 100);
		hosted_advance(NSEC_PER_MSEC);
	}
	ck_assert(napi_is_scheduled(&hw->napi));
	ck_assert_uint_eq(st_rx_count, 0);
	hosted_run_idle();
	ck_assert_uint_eq(st_rx_port[0], 150);
	ck_assert_uint_eq(st_rx_port[1], 150);
	ck_assert_uint_ge(hw->napi.stats.full_polls, 4); /* 64 + 64 + 64 + 64 + 44 */
	ck_assert_uint_eq(hw->napi.stats.over_budget, 0);
	ck_assert_uint_ge(hw->ctr.polls_budget_exhausted, 4);
	ck_assert(!napi_is_scheduled(&hw->napi));
	st_teardown();
}
END_TEST

START_TEST(test_msi_lost_falls_back_to_intx)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_EC_ULTRA, 1);
	struct sky2_model_counters c;
	struct sky2_model *m;

	m = st_create(&cfg);
	sky2_model_fault_msi_lost(m, true);
	st_probe();
	ck_assert_ptr_nonnull(st_hw());
	ck_assert(stub_printk_contains("did not arrive by MSI"));
	ck_assert(stub_printk_contains("falling back to INTx"));
	ck_assert_uint_eq(st_hw()->irq.mode, IRQ_LADDER_INTX);
	ck_assert(st_open_and_link(st_dev(0)));
	ck_assert_uint_eq(st_ethtool(st_dev(0), "ctl_msi_fallbacks"), 1);
	st_inject(0, 40, 9, 200);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(st_rx_count, 40);
	sky2_model_get_counters(m, &c);
	ck_assert_uint_gt(c.msi_lost, 0);
	ck_assert_uint_gt(c.intx_assertions, 0);
	st_teardown();
}
END_TEST

START_TEST(test_intx_by_command_line)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_OPTIMA, 1);
	struct sky2_model_counters c;

	cmdline_init("sky2.irq=intx");
	st_setup(&cfg);
	cmdline_init("");
	ck_assert(stub_printk_contains("interrupts capped at intx by sky2.irq"));
	ck_assert_uint_eq(st_hw()->irq.mode, IRQ_LADDER_INTX);
	ck_assert(st_open_and_link(st_dev(0)));
	st_inject(0, 10, 3, 300);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(st_rx_count, 10);
	sky2_model_get_counters(st_model(), &c);
	ck_assert_uint_eq(c.msi_sent, 0);
	ck_assert_uint_gt(c.intx_assertions, 0);
	st_teardown();
}
END_TEST

START_TEST(test_lost_interrupt_caught_by_watchdog)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_EC_ULTRA, 1);
	struct sky2_model_counters c;

	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	hosted_run_for(10 * NSEC_PER_MSEC);
	sky2_model_fault_irq_lost(st_model(), 1);
	st_inject(0, 5, 11, 100);
	hosted_run_for(10 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_rx_count, 0); /* nobody told us */
	hosted_run_for(1100 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_rx_count, 5);
	ck_assert_uint_ge(st_ethtool(st_dev(0), "ctl_lost_irqs_caught"), 1);
	ck_assert(stub_printk_contains("polled by the watchdog"));
	sky2_model_get_counters(st_model(), &c);
	ck_assert_uint_eq(c.irqs_lost, 1);
	st_teardown();
}
END_TEST

/* Every receive buffer of the port is free, posted or lent to the stack: none lost. */
static void check_rx_buffers_accounted(unsigned int port)
{
	struct sky2_port *p = &st_hw()->port[port];
	unsigned int free_bufs = 0;

	/* Bounded: a buffer put back twice makes the free list a loop. */
	for (struct sky2_rx_buf *b = p->rx_free; b && free_bufs <= SKY2_RX_POOL; b = b->next_free)
		free_bufs++;
	ck_assert_msg(free_bufs <= SKY2_RX_POOL,
		      "port %u: the free list holds more than the %u buffers of the pool: one was "
		      "put back twice",
		      port, SKY2_RX_POOL);
	ck_assert_msg(
	    free_bufs + p->rx_posted + p->rx_lent == SKY2_RX_POOL,
	    "port %u: %u free + %u posted + %u lent of %u receive buffers: some were lost", port,
	    free_bufs, p->rx_posted, p->rx_lent, SKY2_RX_POOL);
}

START_TEST(test_rx_errors_and_truncated_dropped)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct net_device *d0, *d1;

	st_setup(&cfg);
	d0 = st_dev(0);
	d1 = st_dev(1);
	open_both();
	sky2_model_fault_rx_errors(st_model(), 0, 3, RXS_CRC_ERR);
	sky2_model_fault_rx_truncated(st_model(), 1, 2);
	st_inject(0, 10, 100, 200);
	st_inject(1, 6, 200, 200);
	hosted_run_for(5 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_rx_port[0], 7);
	ck_assert_uint_eq(st_rx_port[1], 4);
	ck_assert_uint_eq(st_ethtool(d0, "rx_error_frames"), 3);
	ck_assert_uint_eq(d0->stats.rx_crc_errors, 3);
	/* The MAC counted the same three as FCS errors (folded by the 1 s watchdog). */
	hosted_run_for(1100 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_ethtool(d0, "mib_rx_fcs_errors"), 3);
	ck_assert_uint_eq(st_ethtool(d1, "rx_truncated"), 2);
	ck_assert_uint_eq(d1->stats.rx_length_errors, 2);
	ck_assert(stub_printk_contains("eth0: rx error"));
	ck_assert(stub_printk_contains("truncated"));
	/* The buffers went back: traffic keeps flowing. */
	for (unsigned int r = 0; r < 6; r++) {
		st_inject(0, 50, 1 + 50 * r, 200);
		st_inject(1, 50, 1 + 50 * r, 200);
		hosted_run_for(2 * NSEC_PER_MSEC);
	}
	ck_assert_uint_eq(st_rx_port[0], 307);
	ck_assert_uint_eq(st_rx_port[1], 304);
	check_rx_buffers_accounted(0);
	check_rx_buffers_accounted(1);
	st_teardown();
}
END_TEST

START_TEST(test_desc_check_and_hw_error)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);

	st_setup(&cfg);
	open_both();
	sky2_model_fault_desc_check(st_model(), 1);
	hosted_run_for(5 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_ethtool(st_dev(1), "desc_check_rx"), 1);
	ck_assert(stub_printk_contains("eth1: receive descriptor check"));
	sky2_model_fault_hw_error(st_model(), HWE_PCI_EXP);
	hosted_run_for(5 * NSEC_PER_MSEC);
	ck_assert_uint_ge(st_ethtool(st_dev(0), "ctl_hw_errors"), 1);
	ck_assert(stub_printk_contains("hardware error interrupt"));
	/* Still working afterwards. */
	st_inject(0, 20, 5, 100);
	st_inject(1, 20, 5, 100);
	hosted_run_for(5 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_rx_port[0], 20);
	ck_assert_uint_eq(st_rx_port[1], 20);
	st_teardown();
}
END_TEST

START_TEST(test_link_flap)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct net_device *d0, *d1;

	st_setup(&cfg);
	d0 = st_dev(0);
	d1 = st_dev(1);
	open_both();
	hosted_wire_set_carrier(st_wire(1), false);
	hosted_run_for(50 * NSEC_PER_MSEC);
	ck_assert(!netif_carrier_ok(d1));
	ck_assert(netif_carrier_ok(d0));
	ck_assert(stub_printk_contains("eth1: link down"));
	hosted_wire_set_carrier(st_wire(1), true);
	hosted_run_for(5 * NSEC_PER_SEC);
	ck_assert(netif_carrier_ok(d1));
	ck_assert_uint_eq(st_ethtool(d1, "link_downs"), 1);
	ck_assert_uint_eq(st_ethtool(d1, "link_ups"), 2);
	st_inject(1, 10, 1, 100);
	hosted_run_for(5 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_rx_port[1], 10);
	st_teardown();
}
END_TEST

static void traffic_single(enum sky2_model_chip chip)
{
	struct sky2_model_config cfg = st_config(chip, 1);
	u8 f[400], got[2048];
	unsigned int sent = 0;

	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	st_inject(0, 50, 40, 333);
	hosted_run_for(NSEC_PER_MSEC);
	st_inject(0, 50, 90, 333);
	for (unsigned int i = 0; i < 100; i++) {
		fr_build(f, sizeof(f), st_peer, st_mac[0], FR_PROTO_UDP, i, true);
		ck_assert_int_eq(st_send(st_dev(0), f, sizeof(f), 1 + i % 2), NETDEV_TX_OK);
	}
	hosted_run_for(10 * NSEC_PER_MSEC);
	check_rx_from(0, 100, 40, 333);
	while (hosted_wire_take(st_wire(0), got, sizeof(got)) == sizeof(f))
		sent++;
	ck_assert_uint_eq(sent, 100);
	st_teardown();
}

START_TEST(test_traffic_ec_ultra)
{
	traffic_single(SKY2_MODEL_EC_ULTRA);
}
END_TEST

START_TEST(test_traffic_fe_plus)
{
	traffic_single(SKY2_MODEL_FE_PLUS);
}
END_TEST

/*
 * Flow control as autonegotiation agreed on, on the chip's own terms: the
 * partner advertises PAUSE (the wire's default) and so does the driver, so
 * the GMAC must send PAUSE when its receive store fills, and the wire holds
 * what the partner would have sent meanwhile. 300 frames of 1000 bytes at
 * once is far more than the store holds (the FE+'s MAC FIFO, the XL's
 * 16 KiB receive RAM buffer), so without flow control most would be lost.
 * Fails when the driver resolves pause from the PHY's specific-status bits
 * (the model, like the FE+'s 10/100 PHY, has none there) instead of both
 * advertisements.
 */
static void flow_control_holds_wire(enum sky2_model_chip chip)
{
	struct sky2_model_config cfg = st_config(chip, 1);
	struct sky2_model_counters c;
	const unsigned int n = 300;

	st_setup(&cfg);
	ck_assert(st_open_and_link(st_dev(0)));
	ck_assert(st_hw()->port[0].pause_tx && st_hw()->port[0].pause_rx);
	ck_assert(stub_printk_contains("eth0: flow control both ways"));
	st_inject(0, n, 7000, 1000);
	ck_assert_uint_gt(hosted_wire_held(st_wire(0)), 0);
	hosted_run_for(50 * NSEC_PER_MSEC);
	ck_assert_uint_eq(hosted_wire_held(st_wire(0)), 0);
	check_rx_from(0, n, 7000, 1000);
	sky2_model_get_counters(st_model(), &c);
	ck_assert_uint_eq(c.port[0].rx_overrun + c.port[0].rx_no_buffer, 0);
	hosted_run_for(1100 * NSEC_PER_MSEC); /* the watchdog folds the MIB */
	ck_assert_uint_eq(st_ethtool(st_dev(0), "mib_rx_fifo_overflow"), 0);
	/* Each pause and each release is a PAUSE frame in the MIB. */
	ck_assert_uint_gt(st_ethtool(st_dev(0), "mib_tx_pause"), 1);
	st_teardown();
}

START_TEST(test_flow_control_fe_plus)
{
	flow_control_holds_wire(SKY2_MODEL_FE_PLUS);
}
END_TEST

START_TEST(test_flow_control_xl)
{
	flow_control_holds_wire(SKY2_MODEL_XL);
}
END_TEST

/*
 * A partner without PAUSE: no flow control may be configured (the model
 * fails a GMAC sending PAUSE that was not agreed on), and a burst larger
 * than the receive store loses frames as the chip does, counted in the
 * MIB's FIFO-overflow counter and the MAC's overrun interrupt, with every
 * frame that got through intact.
 */
START_TEST(test_no_flow_control_counts_overruns)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_FE_PLUS, 1);
	struct sky2_model_counters c;
	const unsigned int n = 300;
	u64 lost;

	st_create(&cfg);
	hosted_wire_set_partner(st_wire(0), HOSTED_LINK_ALL);
	st_probe();
	ck_assert(st_open_and_link(st_dev(0)));
	ck_assert(!st_hw()->port[0].pause_tx && !st_hw()->port[0].pause_rx);
	ck_assert(stub_printk_contains("eth0: flow control off"));
	st_inject(0, n, 7000, 1000);
	ck_assert_uint_eq(hosted_wire_held(st_wire(0)), 0);
	hosted_run_for(1100 * NSEC_PER_MSEC);
	sky2_model_get_counters(st_model(), &c);
	lost = c.port[0].rx_overrun + c.port[0].rx_no_buffer;
	ck_assert_uint_gt(lost, 0);
	ck_assert_uint_eq(st_rx_port[0] + lost, n);
	ck_assert_uint_eq(st_ethtool(st_dev(0), "mib_rx_fifo_overflow"), lost);
	ck_assert_uint_gt(st_ethtool(st_dev(0), "mac_rx_overrun"), 0);
	ck_assert_uint_eq(st_ethtool(st_dev(0), "mib_tx_pause"), 0);
	st_teardown();
}
END_TEST

START_TEST(test_traffic_optima)
{
	traffic_single(SKY2_MODEL_OPTIMA);
}
END_TEST

START_TEST(test_close_reopen_no_leaks)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);

	st_setup(&cfg);
	for (unsigned int round = 0; round < 3; round++) {
		open_both();
		st_inject(0, 10, round, 100);
		st_inject(1, 10, round, 100);
		hosted_run_for(5 * NSEC_PER_MSEC);
		/* Closing one port leaves the other served by the shared NAPI. */
		ck_assert_int_eq(dev_close(st_dev(0)), 0);
		st_inject(1, 10, round, 100);
		hosted_run_for(5 * NSEC_PER_MSEC);
		ck_assert_int_eq(dev_close(st_dev(1)), 0);
	}
	ck_assert_uint_eq(st_rx_port[0], 30);
	ck_assert_uint_eq(st_rx_port[1], 60);
	st_teardown();
}
END_TEST

START_TEST(test_shared_intx_line_not_ours)
{
	struct sky2_model_config a = st_config(SKY2_MODEL_EC_ULTRA, 1);
	struct sky2_model_config b = st_config(SKY2_MODEL_OPTIMA, 1);
	struct net_device *d0, *d1;
	struct sky2_model_counters ca, cb;
	u8 f[200];

	a.no_msi = b.no_msi = true;
	a.irq_line = b.irq_line = 20;
	b.dev = 4;
	b.mac[0][5] = 0x33;
	st_setup_pair(&a, &b);
	d0 = &st_hw()->port[0].netdev;
	d1 = &st_hw_b()->port[0].netdev;
	ck_assert(st_open_and_link(d0));
	ck_assert(st_open_and_link(d1));
	for (unsigned int i = 0; i < 20; i++) {
		fr_build(f, sizeof(f), d1->dev_addr, d0->dev_addr, FR_PROTO_UDP, i, true);
		ck_assert_int_eq(st_send(d0, f, sizeof(f), 1), NETDEV_TX_OK);
		fr_build(f, sizeof(f), d0->dev_addr, d1->dev_addr, FR_PROTO_UDP, i, true);
		ck_assert_int_eq(st_send(d1, f, sizeof(f), 1), NETDEV_TX_OK);
		hosted_run_for(NSEC_PER_MSEC);
	}
	ck_assert_uint_eq(d0->stats.rx_packets, 20);
	ck_assert_uint_eq(d1->stats.rx_packets, 20);
	/* One line, two handlers: each declined the other's interrupts and unmasked. */
	ck_assert_uint_gt(st_ethtool(d0, "ctl_interrupts_not_ours"), 0);
	ck_assert_uint_gt(st_ethtool(d1, "ctl_interrupts_not_ours"), 0);
	sky2_model_get_counters(st_model(), &ca);
	sky2_model_get_counters(st_model_b(), &cb);
	ck_assert_uint_eq(ca.msi_sent + cb.msi_sent, 0);
	ck_assert_uint_ge(ca.icr_unmasks, ca.isr_masking_reads);
	ck_assert_uint_ge(cb.icr_unmasks, cb.isr_masking_reads);
	st_teardown();
}
END_TEST

START_TEST(test_close_with_frames_in_flight)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	struct sky2_hw *hw;

	st_setup(&cfg);
	hw = st_hw();
	open_both();
	/* Frames reported in the status ring, the poll not yet run: then close. */
	st_inject(0, 40, 500, 150);
	st_inject(1, 40, 900, 150);
	hosted_advance(NSEC_PER_MSEC);
	ck_assert(napi_is_scheduled(&hw->napi));
	ck_assert_int_eq(dev_close(st_dev(0)), 0);
	hosted_run_idle();
	ck_assert_uint_eq(st_rx_port[0], 40); /* drained at close, not left for the next open */
	ck_assert(st_open_and_link(st_dev(0)));
	st_inject(0, 10, 540, 150);
	hosted_run_for(5 * NSEC_PER_MSEC);
	check_rx_from(0, 50, 500, 150);
	check_rx_from(1, 40, 900, 150);
	ck_assert_uint_eq(st_ethtool(st_dev(0), "rx_error_frames"), 0);
	ck_assert_uint_eq(hw->ctr.status_bad_port, 0);
	st_teardown();
}
END_TEST

START_TEST(test_multicast_filter)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_OPTIMA, 1);
	static const u8 joined[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0xFB };
	static const u8 other[6] = { 0x01, 0x00, 0x5E, 0x7F, 0x12, 0x34 };
	struct sky2_model_counters c;
	struct net_device *dev;
	u8 f[100];

	st_setup(&cfg);
	dev = st_dev(0);
	ck_assert(st_open_and_link(dev));
	ck_assert_int_eq(netdev_mc_add(dev, joined), 0);
	fr_build(f, sizeof(f), joined, st_peer, FR_PROTO_UDP, 1, true);
	hosted_wire_inject(st_wire(0), f, sizeof(f));
	fr_build(f, sizeof(f), other, st_peer, FR_PROTO_UDP, 2, true);
	hosted_wire_inject(st_wire(0), f, sizeof(f));
	hosted_run_for(2 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_rx_count, 1);
	ck_assert_mem_eq(st_rxq[0].data, joined, 6);
	sky2_model_get_counters(st_model(), &c);
	ck_assert_uint_eq(c.port[0].rx_filtered, 1);
	/* Promiscuous: everything. */
	netdev_set_promisc(dev, true);
	hosted_wire_inject(st_wire(0), f, sizeof(f));
	hosted_run_for(2 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_rx_count, 2);
	netdev_set_promisc(dev, false);
	st_teardown();
}
END_TEST

START_TEST(test_tx_ring_full_and_wake)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_EC_ULTRA, 1);
	struct net_device *dev;
	unsigned int accepted = 0, busy = 0, sent = 0;
	u8 f[300], got[2048];

	st_setup(&cfg);
	dev = st_dev(0);
	ck_assert(st_open_and_link(dev));
	/* More than the ring holds, with no time for the chip to send any. */
	for (unsigned int i = 0; i < 400; i++) {
		fr_build(f, sizeof(f), st_peer, st_mac[0], FR_PROTO_UDP, i, true);
		if (st_send(dev, f, sizeof(f), 1) == NETDEV_TX_OK)
			accepted++;
		else
			busy++;
	}
	ck_assert_uint_gt(busy, 0);
	ck_assert(netif_queue_stopped(dev));
	ck_assert_uint_lt(accepted, SKY2_TX_RING);
	hosted_run_for(20 * NSEC_PER_MSEC);
	ck_assert(!netif_queue_stopped(dev)); /* completions woke it */
	for (unsigned int i = 0; i < 50; i++) {
		fr_build(f, sizeof(f), st_peer, st_mac[0], FR_PROTO_UDP, 1000 + i, true);
		ck_assert_int_eq(st_send(dev, f, sizeof(f), 1), NETDEV_TX_OK);
		accepted++;
	}
	hosted_run_for(20 * NSEC_PER_MSEC);
	while (hosted_wire_take(st_wire(0), got, sizeof(got)) == sizeof(f))
		sent++;
	ck_assert_uint_eq(sent, accepted);
	ck_assert_uint_eq(st_tx_outstanding(), 0);
	st_teardown();
}
END_TEST

START_TEST(test_stack_holds_buffers_across_close_and_remove)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);
	unsigned int live;

	st_setup(&cfg);
	open_both();
	st_hold = true;
	st_inject(0, 30, 1, 100);
	st_inject(1, 30, 1, 100);
	hosted_run_for(5 * NSEC_PER_MSEC);
	ck_assert_uint_eq(st_held(), 60);
	/* Closed and unbound while the stack still holds 60 of its buffers. */
	ck_assert_int_eq(dev_close(st_dev(0)), 0);
	ck_assert(stub_printk_contains("30 receive buffers still held by the stack"));
	pci_unregister_driver(&sky2_pci_driver);
	hosted_run_idle();
	/* Removed, but the controller the lent buffers point into is still there. */
	ck_assert(!stub_printk_contains("adapter freed"));
	live = hosted_dma_live_count();
	st_release_held();
	hosted_run_idle();
	/* Both ports' receive pools were kept for the lent buffers, and went with the last. */
	ck_assert_uint_eq(live - hosted_dma_live_count(), 2 * SKY2_RX_CHUNKS);
	/* And the controller with them, once (net/core/netdev_adapter.h). */
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "the stack gave back the last receive "
							   "buffer: adapter freed"),
			 1);
	st_teardown(); /* checks that nothing is left */
}
END_TEST

START_TEST(test_napi_irq_mode)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 2);

	st_setup(&cfg);
	open_both();
	/* The poll runs inside the interrupt handler (the pre-NAPI baseline). */
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	for (unsigned int r = 0; r < 3; r++) {
		st_inject(0, 50, 50 * r, 120);
		st_inject(1, 50, 1000 + 50 * r, 120);
		hosted_run_for(2 * NSEC_PER_MSEC);
	}
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_NAPI), 0);
	st_inject(0, 50, 150, 120);
	st_inject(1, 50, 1150, 120);
	hosted_run_for(2 * NSEC_PER_MSEC);
	check_rx_from(0, 200, 0, 120);
	check_rx_from(1, 200, 1000, 120);
	st_teardown();
}
END_TEST

START_TEST(test_function_without_msi)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_EC_ULTRA, 1);
	struct sky2_model_counters c;

	cfg.no_msi = true;
	st_setup(&cfg);
	ck_assert(stub_printk_contains("no MSI capability: not used"));
	ck_assert_uint_eq(st_hw()->irq.mode, IRQ_LADDER_INTX);
	ck_assert(st_open_and_link(st_dev(0)));
	st_inject(0, 30, 7, 90);
	hosted_run_for(NSEC_PER_MSEC);
	check_rx_from(0, 30, 7, 90);
	ck_assert_uint_eq(st_ethtool(st_dev(0), "ctl_msi_fallbacks"), 0);
	sky2_model_get_counters(st_model(), &c);
	ck_assert_uint_eq(c.msi_sent, 0);
	ck_assert_uint_gt(c.intx_assertions, 0);
	st_teardown();
}
END_TEST

START_TEST(test_lost_link_interrupt_caught_by_watchdog)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_OPTIMA, 1);
	struct net_device *dev;

	st_setup(&cfg);
	dev = st_dev(0);
	ck_assert(st_open_and_link(dev));
	hosted_run_for(10 * NSEC_PER_MSEC);
	sky2_model_fault_irq_lost(st_model(), 1);
	hosted_wire_set_carrier(st_wire(0), false);
	hosted_run_for(50 * NSEC_PER_MSEC);
	ck_assert(netif_carrier_ok(dev)); /* the PHY's interrupt never came */
	hosted_run_for(1100 * NSEC_PER_MSEC);
	ck_assert(!netif_carrier_ok(dev));
	ck_assert_uint_ge(st_ethtool(dev, "ctl_lost_irqs_caught"), 1);
	ck_assert_uint_eq(st_ethtool(dev, "link_downs"), 1);
	st_teardown();
}
END_TEST

/* ---- Checksum offload ---- */

/* What a driver should hand up for each kind of frame, by the chip's kind of engine. */
static u8 expected_csum(enum cc_kind kind, bool sums, bool offload)
{
	if (!offload)
		return NETBUF_CSUM_NONE;
	switch (kind) {
	case CC_GOOD:
	case CC_PADDED: return NETBUF_CSUM_UNNECESSARY;
	case CC_IPV6: return sums ? NETBUF_CSUM_UNNECESSARY : NETBUF_CSUM_NONE;
	default: return NETBUF_CSUM_NONE;
	}
}

/*
 * Every kind of frame through the receive checksum: the old format's two sums
 * (EC Ultra: judged in software against the headers, padding taken out, IPv6 too)
 * or the new format's verdict bits (Optima: IPv4 only). A bad checksum is
 * counted and handed up unproven (the stack drops it); with offload off,
 * nothing is vouched for.
 */
static void rx_csum_kinds(enum sky2_model_chip chip, bool sums, bool offload)
{
	struct sky2_model_config cfg = st_config(chip, 1);
	struct net_device *dev;
	u8 f[CC_MAX_FRAME];
	const u32 n = 20 * CC_KINDS;
	u32 ok = 0, bad = 0, lens[20 * CC_KINDS];

	st_setup(&cfg);
	dev = st_dev(0);
	ck_assert(dev->features & NETIF_F_RXCSUM);
	if (!offload)
		dev->features &= ~(u32)NETIF_F_RXCSUM;
	ck_assert(st_open_and_link(dev));
	for (u32 k = 0; k < n; k++) {
		enum cc_kind kind = cc_kind_of(k);

		lens[k] = cc_frame(f, k, st_mac[0], st_peer);
		hosted_wire_inject(st_wire(0), f, lens[k]);
		ok += expected_csum(kind, sums, offload) == NETBUF_CSUM_UNNECESSARY;
		bad += offload && (kind == CC_BAD_L4 || kind == CC_BAD_IP);
		if (k % 10 == 9)
			hosted_run_for(200 * NSEC_PER_USEC);
	}
	hosted_run_idle();
	ck_assert_uint_eq(st_rx_count, n);
	for (u32 k = 0; k < n; k++) {
		cc_frame(f, k, st_mac[0], st_peer);
		ck_assert_uint_eq(st_rxq[k].len, lens[k]);
		ck_assert_msg(!memcmp(st_rxq[k].data, f, lens[k]), "frame %u differs", k);
		ck_assert_msg(st_rxq[k].csum == expected_csum(cc_kind_of(k), sums, offload),
			      "frame %u (kind %u): csum %u", k, cc_kind_of(k), st_rxq[k].csum);
	}
	ck_assert_uint_eq(st_ethtool(dev, "rx_csum_ok"), ok);
	ck_assert_uint_eq(st_ethtool(dev, "rx_csum_bad"), bad);
	ck_assert_uint_eq(dev->stats.rx_csum_errors, bad);
	ck_assert_uint_eq(st_ethtool(dev, "rx_csum_mismatch"), 0);
	st_teardown();
}

START_TEST(test_rx_csum_ec_ultra_sums)
{
	rx_csum_kinds(SKY2_MODEL_EC_ULTRA, true, true);
}
END_TEST

START_TEST(test_rx_csum_optima_verdict)
{
	rx_csum_kinds(SKY2_MODEL_OPTIMA, false, true);
}
END_TEST

START_TEST(test_rx_csum_off)
{
	rx_csum_kinds(SKY2_MODEL_EC_ULTRA, true, false);
	rx_csum_kinds(SKY2_MODEL_OPTIMA, false, false);
}
END_TEST

/*
 * No receive checksum offered or trusted on the XL (neither Linux nor FreeBSD
 * uses it there) nor on FE+ A0 (unreliable status LEs): every frame handed up
 * unproven, whatever its kind.
 */
static void rx_csum_none(enum sky2_model_chip chip)
{
	struct sky2_model_config cfg = st_config(chip, 1);
	struct net_device *dev;
	u8 f[CC_MAX_FRAME];

	st_setup(&cfg);
	dev = st_dev(0);
	ck_assert(!(dev->features & NETIF_F_RXCSUM));
	ck_assert(dev->features & NETIF_F_IP_CSUM);
	ck_assert(st_open_and_link(dev));
	for (u32 k = 0; k < 2 * CC_KINDS; k++)
		hosted_wire_inject(st_wire(0), f, cc_frame(f, k, st_mac[0], st_peer));
	hosted_run_for(10 * NSEC_PER_MSEC); /* 100 Mbit/s: the wire takes its time */
	ck_assert_uint_eq(st_rx_count, 2 * CC_KINDS);
	for (u32 k = 0; k < st_rx_count; k++)
		ck_assert_uint_eq(st_rxq[k].csum, NETBUF_CSUM_NONE);
	ck_assert_uint_eq(st_ethtool(dev, "rx_csum_ok"), 0);
	st_teardown();
}

START_TEST(test_rx_csum_not_on_fe_plus_a0)
{
	rx_csum_none(SKY2_MODEL_FE_PLUS);
}
END_TEST

START_TEST(test_rx_csum_not_on_xl)
{
	rx_csum_none(SKY2_MODEL_XL);
}
END_TEST

/*
 * TCP and UDP frames of many sizes, in one to three segments, asking for
 * their checksum: what reaches the wire must be the frame with its right
 * checksum, whether the chip filled it (from a TCPLISW LE, or by parsing on
 * FE+) or the driver did (short TCP on the old format, offload off).
 */
static void tx_csum_sizes(enum sky2_model_chip chip, bool offload)
{
	struct sky2_model_config cfg = st_config(chip, 1);
	struct net_device *dev;
	u8 want[ST_MAX_FRAME], f[ST_MAX_FRAME], got[2048];
	bool parses = chip == SKY2_MODEL_FE_PLUS; /* the modelled chip with the parsing unit */
	u32 hw = 0, sw = 0, sent = 0;

	st_setup(&cfg);
	dev = st_dev(0);
	ck_assert(dev->features & NETIF_F_IP_CSUM);
	if (!offload)
		dev->features &= ~(u32)NETIF_F_IP_CSUM;
	ck_assert(st_open_and_link(dev));
	for (u32 len = 42; len <= 1100; len += len < 80 ? 1 : 53) {
		for (u8 proto = FR_PROTO_TCP; proto <= FR_PROTO_UDP; proto += 11) {
			u32 n;

			fr_build(want, len, st_peer, st_mac[0], proto, len * 3 + proto, true);
			memcpy(f, want, len);
			if (!cc_make_partial(f, len))
				continue; /* too short for its header */
			ck_assert_int_eq(
			    st_send_csum(dev, f, len, 1 + len % 3, NETBUF_CSUM_PARTIAL),
			    NETDEV_TX_OK);
			sent++;
			if (offload && !(!parses && proto == FR_PROTO_TCP && len < 60))
				hw++;
			else
				sw++;
			hosted_run_for(300 * NSEC_PER_USEC);
			n = hosted_wire_take(st_wire(0), got, sizeof(got));
			ck_assert_msg(n >= len, "len %u proto %u: wire %u", len, proto, n);
			ck_assert_msg(!memcmp(got, want, len), "len %u proto %u: bytes differ", len,
				      proto);
		}
	}
	ck_assert_uint_gt(sent, 60);
	ck_assert_uint_eq(st_ethtool(dev, "tx_csum_hw"), hw);
	ck_assert_uint_eq(st_ethtool(dev, "tx_csum_sw"), sw);
	ck_assert_uint_eq(st_ethtool(dev, "tx_frames"), sent);
	if (!parses && offload) /* TCP and UDP alternate: the offsets change every frame */
		ck_assert_uint_gt(st_ethtool(dev, "tx_csum_les"), 0);
	else
		ck_assert_uint_eq(st_ethtool(dev, "tx_csum_les"), 0);
	st_teardown();
}

START_TEST(test_tx_csum_xl)
{
	tx_csum_sizes(SKY2_MODEL_XL, true);
}
END_TEST

/* Optima: the new LE format but no parsing unit, so TCPLISW LEs as on the XL (Linux, FreeBSD). */
START_TEST(test_tx_csum_optima)
{
	tx_csum_sizes(SKY2_MODEL_OPTIMA, true);
}
END_TEST

START_TEST(test_tx_csum_fe_plus_parses)
{
	tx_csum_sizes(SKY2_MODEL_FE_PLUS, true);
}
END_TEST

START_TEST(test_tx_csum_off_finished_in_software)
{
	tx_csum_sizes(SKY2_MODEL_XL, false);
}
END_TEST

/* A frame whose checksum field lies outside it is dropped and counted, never sent. */
START_TEST(test_tx_csum_field_outside_frame_dropped)
{
	struct sky2_model_config cfg = st_config(SKY2_MODEL_XL, 1);
	struct net_device *dev;
	u8 f[200];

	st_setup(&cfg);
	dev = st_dev(0);
	ck_assert(st_open_and_link(dev));
	fr_build(f, 60, st_peer, st_mac[0], FR_PROTO_TCP, 1, true);
	/* 14 bytes of TCP in a 48-byte frame: the checksum field (34 + 16) lies past its end. */
	fr_put16(f + FR_ETH_HLEN + 2, 34);
	ck_assert_int_eq(st_send_csum(dev, f, 48, 1, NETBUF_CSUM_PARTIAL), NETDEV_TX_OK);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(hosted_wire_pending(st_wire(0)), 0);
	ck_assert_uint_eq(st_ethtool(dev, "tx_csum_bad_offset"), 1);
	ck_assert_uint_eq(dev->stats.tx_errors, 1);
	ck_assert_uint_eq(st_tx_outstanding(), 0);
	st_teardown();
}
END_TEST

static Suite *sky2_suite(void)
{
	Suite *s = suite_create("sky2 hosted");
	TCase *tc = tcase_create("probe");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_probe_xl_dual_port);
	tcase_add_test(tc, test_probe_ec_ultra);
	tcase_add_test(tc, test_probe_fe_plus);
	tcase_add_test(tc, test_probe_optima);
	tcase_add_test(tc, test_unknown_chip_refused);
	tcase_add_test(tc, test_status_race_fix_on_pcie_power_chips);
	tcase_add_test(tc, test_gated_clocks_turned_on);
	tcase_add_test(tc, test_phy_errata_written);
	suite_add_tcase(s, tc);
	tc = tcase_create("traffic");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_open_link_both_ports_msi);
	tcase_add_test(tc, test_traffic_both_ports_one_napi);
	tcase_add_test(tc, test_status_ring_laps);
	tcase_add_test(tc, test_tx_completions_per_port);
	tcase_add_test(tc, test_budget_shared_by_both_ports);
	tcase_add_test(tc, test_poll_budget_zero_takes_nothing);
	tcase_add_test(tc, test_traffic_ec_ultra);
	tcase_add_test(tc, test_traffic_fe_plus);
	tcase_add_test(tc, test_flow_control_fe_plus);
	tcase_add_test(tc, test_flow_control_xl);
	tcase_add_test(tc, test_no_flow_control_counts_overruns);
	tcase_add_test(tc, test_traffic_optima);
	tcase_add_test(tc, test_multicast_filter);
	tcase_add_test(tc, test_tx_ring_full_and_wake);
	tcase_add_test(tc, test_napi_irq_mode);
	suite_add_tcase(s, tc);
	tc = tcase_create("checksum offload");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_rx_csum_ec_ultra_sums);
	tcase_add_test(tc, test_rx_csum_optima_verdict);
	tcase_add_test(tc, test_rx_csum_off);
	tcase_add_test(tc, test_rx_csum_not_on_fe_plus_a0);
	tcase_add_test(tc, test_rx_csum_not_on_xl);
	tcase_add_test(tc, test_tx_csum_xl);
	tcase_add_test(tc, test_tx_csum_optima);
	tcase_add_test(tc, test_tx_csum_fe_plus_parses);
	tcase_add_test(tc, test_tx_csum_off_finished_in_software);
	tcase_add_test(tc, test_tx_csum_field_outside_frame_dropped);
	suite_add_tcase(s, tc);
	tc = tcase_create("interrupts and faults");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_msi_lost_falls_back_to_intx);
	tcase_add_test(tc, test_intx_by_command_line);
	tcase_add_test(tc, test_function_without_msi);
	tcase_add_test(tc, test_shared_intx_line_not_ours);
	tcase_add_test(tc, test_lost_interrupt_caught_by_watchdog);
	tcase_add_test(tc, test_lost_link_interrupt_caught_by_watchdog);
	tcase_add_test(tc, test_rx_errors_and_truncated_dropped);
	tcase_add_test(tc, test_desc_check_and_hw_error);
	tcase_add_test(tc, test_link_flap);
	tcase_add_test(tc, test_close_reopen_no_leaks);
	tcase_add_test(tc, test_close_with_frames_in_flight);
	tcase_add_test(tc, test_stack_holds_buffers_across_close_and_remove);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(sky2_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

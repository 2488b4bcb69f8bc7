// SPDX-License-Identifier: BSD-2-Clause
/*
 * The tg3 driver against the BCM5719 model: bring-up, link, traffic, NAPI
 * behaviour, faults and recovery, teardown. Every test ends in tt_teardown(),
 * which fails it if the model or harness reported anything (a strict-model
 * violation, a stray DMA address, an interrupt storm) or DMA memory leaked.
 */
#include <check.h>
#include <errno.h>
#include <string.h>

#include "drivers/tg3/tg3.h"
#include "kernel/core/cmdline.h"
#include "kernel/mm/io.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_regs.h"
#include "kernel/console/printk.h"
#include "net/core/netdev_stack.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/tg3_test_util.h"
#include "tests/unit/fakes/stub_printk.h"

START_TEST(test_probe)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tg3_model_counters c;

	ck_assert_ptr_nonnull(dev);
	ck_assert_mem_eq(dev->dev_addr, tt_mac0, 6);
	ck_assert(stub_printk_contains("BCM5719 (chip 0x05719001)"));
	tg3_model_get_counters(m, &c);
	ck_assert_uint_eq(c.core_resets, 1); /* probe resets once, with the handshake */
	ck_assert(!netif_carrier_ok(dev));
	tt_teardown();
}
END_TEST

static struct tg3 *tp_of(struct net_device *dev)
{
	return netdev_priv(dev);
}

START_TEST(test_open_link_msi)
{
	struct tg3_model_counters c;
	struct net_device *dev;

	tt_setup_default();
	dev = tt_dev();

	ck_assert(tt_open_and_link(dev));
	ck_assert(stub_printk_contains("eth0: up, MSI interrupts"));
	ck_assert(stub_printk_contains("eth0: link up, 1000 Mbps, full duplex"));
	ck_assert_uint_eq(dev->speed_mbps, 1000);
	ck_assert(dev->full_duplex);
	tg3_model_get_counters(tt_model(), &c);
	ck_assert_uint_gt(c.msi_sent, 0); /* the self-test and the link change */
	ck_assert_uint_eq(c.intx_assertions, 0);
	ck_assert_uint_eq(hosted_irq_delivered((u8)tp_of(dev)->irq_vector), c.msi_sent);
	tt_teardown();
}
END_TEST

/* Turn a frame with correct checksums into what a stack hands a NIC for offload. */
static bool make_partial(u8 *f, u32 len)
{
	struct fr_info info;
	u32 field;
	u16 seed;

	if (!fr_parse(f, len, &info) || info.fragment ||
	    (info.proto != FR_PROTO_TCP && info.proto != FR_PROTO_UDP))
		return false;
	f[FR_ETH_HLEN + 10] = 0;
	f[FR_ETH_HLEN + 11] = 0;
	field = info.l4_off + fr_l4_csum_field(info.proto);
	seed = fr_fold(fr_pseudo_sum(f, &info));
	f[field] = (u8)(seed >> 8);
	f[field + 1] = (u8)seed;
	return true;
}

static u32 take(u8 *buf)
{
	return hosted_wire_take(tt_wire(), buf, 2048);
}

START_TEST(test_tx_all_sizes)
{
	struct net_device *dev;
	u8 f[TT_MAX_FRAME], want[TT_MAX_FRAME], got[2048];
	unsigned int hw = 0, sw_sent = 0, sw_summed = 0;

	tt_setup_default();
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	for (u32 len = ETH_HLEN; len <= TT_MAX_FRAME; len++) {
		for (int offload = 0; offload < 2; offload++) {
			u8 proto = (len + offload) & 1 ? FR_PROTO_UDP : FR_PROTO_TCP;
			unsigned int nsegs = 1 + (len + offload) % 4;
			bool partial = false;
			u32 n;

			fr_build(want, len, tt_peer, tt_mac0, proto, len * 2 + offload, true);
			memcpy(f, want, len);
			if (offload)
				partial = make_partial(f, len);
			ck_assert_int_eq(tt_send(dev, f, len, nsegs,
						 partial ? NETBUF_CSUM_PARTIAL : NETBUF_CSUM_NONE,
						 partial ? NETBUF_F_TX_IPHDR_CSUM : 0),
					 NETDEV_TX_OK);
			/* UDP is summed by the driver, TCP by the chip (drivers/tg3/tg3_tx.c). */
			hw += partial && proto == FR_PROTO_TCP;
			sw_summed += partial && proto == FR_PROTO_UDP;
			sw_sent += !partial;
			hosted_run_for(200 * NSEC_PER_USEC);
			n = take(got);
			ck_assert_msg(n == MAX(len, (u32)FR_ETH_ZLEN), "len %u offload %d: wire %u",
				      len, offload, n);
			ck_assert_msg(!memcmp(got, want, len), "len %u offload %d: bytes differ",
				      len, offload);
			for (u32 i = len; i < n; i++)
				ck_assert_uint_eq(got[i], 0); /* padding */
		}
	}
	ck_assert_uint_eq(hosted_wire_pending(tt_wire()), 0);
	ck_assert_uint_eq(tt_ethtool(dev, "tx_csum_hw"), hw);
	ck_assert_uint_eq(tt_ethtool(dev, "tx_csum_sw"), sw_summed);
	ck_assert_uint_eq(tt_ethtool(dev, "tx_csum_bad_frame"), 0);
	ck_assert_uint_eq(dev->stats.tx_packets, hw + sw_summed + sw_sent);
	tt_teardown();
}
END_TEST

/*
 * A UDP datagram with right checksums whose UDP sum comes to zero: RFC 768
 * sends that as 0xFFFF. One payload word is chosen to make it so.
 */
static u32 udp_summing_to_zero(u8 *f)
{
	const u32 len = 100;
	struct fr_info info;
	u32 word;
	u16 sum;

	fr_build(f, len, tt_peer, tt_mac0, FR_PROTO_UDP, 7, true);
	ck_assert(fr_parse(f, len, &info));
	f[info.l4_off + 6] = 0;
	f[info.l4_off + 7] = 0;
	sum = fr_fold(fr_sum(f + info.l4_off, info.l4_len, fr_pseudo_sum(f, &info)));
	word = (u32)(f[info.l4_off + 8] << 8 | f[info.l4_off + 9]);
	word = fr_fold(word + (u16)~sum); /* the sum becomes 0xFFFF, its complement 0 */
	f[info.l4_off + 8] = (u8)(word >> 8);
	f[info.l4_off + 9] = (u8)word;
	f[info.l4_off + 6] = 0xFF;
	f[info.l4_off + 7] = 0xFF;
	ck_assert(fr_l4_csum_ok(f, &info));
	return len;
}

/* UDP with CHECKSUM_PARTIAL (csum_offset 6), headers and payload in two segments as the glue sends them. */
static void send_udp_partial(struct net_device *dev, const u8 *want, u32 len, u8 *got)
{
	u8 f[TT_MAX_FRAME];

	memcpy(f, want, len);
	ck_assert(make_partial(f, len));
	ck_assert_int_eq(tt_send(dev, f, len, 2, NETBUF_CSUM_PARTIAL, NETBUF_F_TX_IPHDR_CSUM),
			 NETDEV_TX_OK);
	hosted_run_for(200 * NSEC_PER_USEC);
	ck_assert_uint_eq(take(got), MAX(len, (u32)FR_ETH_ZLEN));
}

/*
 * UDP checksum offload: by default the driver sums UDP itself (the chip
 * would send a zero sum as 0x0000); tg3.udp_csum=hw hands it to the chip,
 * whose zero the model sends and counts.
 */
START_TEST(test_tx_udp_csum_partial)
{
	static const char *const modes[] = { "", "tg3.udp_csum=hw" };
	u8 want[TT_MAX_FRAME], got[2048];
	struct tg3_model_counters c;
	struct net_device *dev;
	struct fr_info info;
	u32 len, field;

	for (int chip_sums = 0; chip_sums < 2; chip_sums++) {
		cmdline_init(modes[chip_sums]);
		tt_setup_default();
		dev = tt_dev();
		ck_assert(tt_open_and_link(dev));

		/* An ordinary datagram, 171 bytes: odd segments, sums carried across them. */
		len = 171;
		fr_build(want, len, tt_peer, tt_mac0, FR_PROTO_UDP, 3, true);
		send_udp_partial(dev, want, len, got);
		ck_assert(!memcmp(got, want, len));
		ck_assert(fr_parse(got, len, &info) && fr_ip_csum_ok(got, &info) &&
			  fr_l4_csum_ok(got, &info));

		/* One whose sum is zero: 0xFFFF from the driver, 0x0000 from the chip. */
		len = udp_summing_to_zero(want);
		send_udp_partial(dev, want, len, got);
		ck_assert(fr_parse(got, len, &info));
		field = info.l4_off + 6;
		ck_assert(!memcmp(got, want, field));
		ck_assert(!memcmp(got + field + 2, want + field + 2, len - field - 2));
		ck_assert_uint_eq(got[field], chip_sums ? 0 : 0xFF);
		ck_assert_uint_eq(got[field + 1], chip_sums ? 0 : 0xFF);

		tg3_model_get_counters(tt_model(), &c);
		ck_assert_uint_eq(c.tx_udp_zero_csum, chip_sums ? 1 : 0);
		ck_assert_uint_eq(tt_ethtool(dev, "tx_csum_hw"), chip_sums ? 2 : 0);
		ck_assert_uint_eq(tt_ethtool(dev, "tx_csum_sw"), chip_sums ? 0 : 2);
		ck_assert_uint_eq(tt_ethtool(dev, "tx_csum_bad_frame"), 0);
		if (chip_sums)
			ck_assert(stub_printk_contains("tg3.udp_csum=hw: the chip sums UDP"));
		tt_teardown();
	}
	cmdline_init("");
}
END_TEST

/* A bad tg3.udp_csum value is named and left at the safe default. */
START_TEST(test_udp_csum_option_refused)
{
	u8 want[TT_MAX_FRAME], got[2048];
	struct net_device *dev;
	u32 len;

	cmdline_init("tg3.udp_csum=yes");
	tt_setup_default();
	ck_assert(stub_printk_contains("tg3.udp_csum=yes: not hw or sw"));
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	len = udp_summing_to_zero(want);
	send_udp_partial(dev, want, len, got);
	ck_assert(!memcmp(got, want, len));
	ck_assert_uint_eq(tt_ethtool(dev, "tx_csum_sw"), 1);
	tt_teardown();
	cmdline_init("");
}
END_TEST

START_TEST(test_rx_all_sizes)
{
	struct net_device *dev;
	u8 f[TT_MAX_FRAME];
	unsigned int bad = 0, good_l4 = 0, n = 0;

	tt_setup_default();
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	for (u32 len = FR_ETH_ZLEN; len <= TT_MAX_FRAME; len++, n++) {
		u8 proto = len & 1 ? FR_PROTO_UDP : FR_PROTO_TCP;
		struct fr_info info;
		bool l4 =
		    fr_parse((tt_frame(f, len, NULL, len, proto), f), len, &info) && !info.fragment;

		if (l4 && len % 7 == 0) {
			f[info.l4_off + fr_l4_csum_field(proto)] ^= 0x5A; /* corrupt it */
			bad++;
		} else if (l4) {
			good_l4++;
		}
		hosted_wire_inject(tt_wire(), f, len);
		if (n % 16 == 15)
			hosted_run_for(100 * NSEC_PER_USEC);
	}
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, n);
	for (unsigned int i = 0; i < n; i++) {
		u32 len = FR_ETH_ZLEN + i;
		struct fr_info info;
		bool l4;

		tt_frame(f, len, NULL, len, len & 1 ? FR_PROTO_UDP : FR_PROTO_TCP);
		l4 = fr_parse(f, len, &info) && !info.fragment;
		if (l4 && len % 7 == 0)
			f[info.l4_off + fr_l4_csum_field(info.proto)] ^= 0x5A;
		ck_assert_uint_eq(tt_rxq[i].len, len);
		ck_assert_msg(!memcmp(tt_rxq[i].data, f, len), "frame %u differs", i);
		ck_assert_uint_eq(tt_rxq[i].csum,
				  l4 && len % 7 ? NETBUF_CSUM_UNNECESSARY : NETBUF_CSUM_NONE);
	}
	ck_assert_uint_eq(dev->stats.rx_packets, n);
	ck_assert_uint_eq(dev->stats.rx_csum_errors, bad);
	ck_assert_uint_eq(tt_ethtool(dev, "rx_csum_ok"), good_l4);
	tt_teardown();
}
END_TEST

/* Frame k of a sequence: its length and contents follow from k alone. */
static u32 seq_len(u32 k)
{
	return FR_ETH_ZLEN + k * 37 % (TT_MAX_FRAME - FR_ETH_ZLEN + 1);
}

static void inject_n(unsigned int n, u32 seed)
{
	u8 f[TT_MAX_FRAME];

	for (unsigned int i = 0; i < n; i++) {
		u32 len = seq_len(seed + i);

		tt_frame(f, len, NULL, seed + i, (seed + i) & 1 ? FR_PROTO_UDP : FR_PROTO_TCP);
		hosted_wire_inject(tt_wire(), f, len);
	}
}

static void check_rx_seq(unsigned int first, unsigned int n, u32 seed)
{
	u8 f[TT_MAX_FRAME];

	for (unsigned int i = 0; i < n; i++) {
		u32 len = seq_len(seed + i);

		tt_frame(f, len, NULL, seed + i, (seed + i) & 1 ? FR_PROTO_UDP : FR_PROTO_TCP);
		ck_assert_uint_eq(tt_rxq[first + i].len, len);
		ck_assert_msg(!memcmp(tt_rxq[first + i].data, f, len), "frame %u differs",
			      first + i);
	}
}

/*
 * rounds x burst frames each way: per round the driver sends burst frames of
 * varied sizes while the wire brings burst in; then every frame sent must
 * be on the wire and every frame received up the stack, in order.
 */
static void echo_rounds(struct net_device *dev, unsigned int rounds, unsigned int burst)
{
	u8 f[TT_MAX_FRAME], got[2048];

	for (unsigned int r = 0; r < rounds; r++) {
		for (unsigned int i = 0; i < burst; i++) {
			u32 seed = r * burst + i, len = 60 + seed * 131 % 1455;

			fr_build(f, len, tt_peer, tt_mac0, FR_PROTO_UDP, seed, true);
			ck_assert_int_eq(tt_send(dev, f, len, 1 + seed % 3, NETBUF_CSUM_NONE, 0),
					 NETDEV_TX_OK);
		}
		inject_n(burst, r * burst);
		hosted_run_for(2 * NSEC_PER_MSEC);
		for (unsigned int i = 0; i < burst; i++) {
			u32 seed = r * burst + i, len = 60 + seed * 131 % 1455;

			fr_build(f, len, tt_peer, tt_mac0, FR_PROTO_UDP, seed, true);
			ck_assert_uint_eq(take(got), len);
			ck_assert_msg(!memcmp(got, f, len), "sent frame %u differs", seed);
		}
		check_rx_seq(r * burst, burst, r * burst);
	}
}

START_TEST(test_ring_wrap)
{
	struct net_device *dev;
	const unsigned int rounds = 40, burst = 128;

	tt_setup_default();
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	echo_rounds(dev, rounds, burst);
	/* 5120 frames each way: the send and standard rings wrapped 10 times, return 5. */
	ck_assert_uint_eq(tt_rx_count, rounds * burst);
	ck_assert_uint_eq(dev->stats.tx_packets, rounds * burst);
	ck_assert_uint_eq(tt_tx_outstanding(), 0);
	tt_teardown();
}
END_TEST

START_TEST(test_budget_and_repoll)
{
	struct net_device *dev;
	struct tg3 *tp;
	struct softnet_stats sn;

	tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	ck_assert(tt_open_and_link(dev));
	ck_assert_int_eq(net_set_budget(100), 0);
	softnet_reset_stats();
	inject_n(200, 7);
	/* Let the chip place them and interrupt; no softirq yet. */
	hosted_advance(50 * NSEC_PER_USEC);
	ck_assert(napi_is_scheduled(&tp->napi));
	ck_assert_uint_eq(tt_rx_count, 0);
	hosted_run_idle();
	ck_assert_uint_eq(tt_rx_count, 200);
	check_rx_seq(0, 200, 7);
	softnet_get_stats(&sn);
	ck_assert_uint_ge(tp->napi.stats.full_polls, 3); /* 64 + 64 + 64 + 8 */
	ck_assert_uint_ge(sn.budget_exhausted, 1);	 /* 100 per round: re-raised */
	ck_assert_uint_ge(sn.rounds, 2);
	ck_assert(!napi_is_scheduled(&tp->napi));
	ck_assert_uint_eq(tg3_model_irq_mailbox(tt_model()), 0); /* completed and unmasked */
	tt_teardown();
}
END_TEST

/*
 * A poll that used its whole budget stays scheduled, so the interrupt stays
 * masked: mailbox 0 is written 0 only after napi_complete_done.
 */
START_TEST(test_full_poll_keeps_irq_masked)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tg3 *tp = tp_of(dev);

	ck_assert(tt_open_and_link(dev));
	inject_n(40, 3);
	hosted_advance(50 * NSEC_PER_USEC);
	ck_assert(napi_is_scheduled(&tp->napi));
	ck_assert(napi_netpoll_trylock(&tp->napi));
	ck_assert_int_eq(tp->napi.poll(&tp->napi, 8), 8);
	napi_netpoll_unlock(&tp->napi);
	ck_assert_msg(tg3_model_irq_mailbox(m) != 0,
		      "a poll that used its whole budget unmasked the interrupt");
	hosted_run_idle();
	ck_assert_uint_eq(tt_rx_count, 40);
	ck_assert_uint_eq(tg3_model_irq_mailbox(m), 0);
	tt_teardown();
}
END_TEST

/* netpoll's poll(napi, 0): send completions only; received frames and status flags wait. */
START_TEST(test_poll_budget_zero_only_reclaims_tx)
{
	struct net_device *dev;
	struct tg3 *tp;
	u8 f[128];
	unsigned int posted;

	tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	ck_assert(tt_open_and_link(dev));
	fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, 1, true);
	ck_assert_int_eq(tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0), NETDEV_TX_OK);
	inject_n(10, 3);
	/* The chip sends, receives and interrupts; no softirq yet. */
	hosted_advance(100 * NSEC_PER_USEC);
	ck_assert(napi_is_scheduled(&tp->napi));
	ck_assert_uint_eq(tt_tx_outstanding(), 1);
	ck_assert(tp->status->status & T3_SB_UPDATED);
	posted = tp->rx_posted;

	ck_assert(napi_netpoll_trylock(&tp->napi));
	ck_assert_int_eq(tp->napi.poll(&tp->napi, 0), 0);
	napi_netpoll_unlock(&tp->napi);
	ck_assert_uint_eq(tt_tx_outstanding(), 0);
	ck_assert_uint_eq(tt_rx_count, 0);
	ck_assert_uint_eq(tp->rx_posted, posted);
	ck_assert(tp->status->status & T3_SB_UPDATED); /* left for the real poll */
	ck_assert(napi_is_scheduled(&tp->napi));

	hosted_run_idle();
	ck_assert_uint_eq(tt_rx_count, 10);
	check_rx_seq(0, 10, 3);
	ck_assert(!napi_is_scheduled(&tp->napi));
	tt_teardown();
}
END_TEST

START_TEST(test_no_irq_while_scheduled)
{
	struct net_device *dev;
	struct tg3 *tp;
	struct tg3_model *m;
	struct tg3_model_counters c0, c1;
	u64 irqs;

	m = tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	ck_assert(tt_open_and_link(dev));
	inject_n(20, 1);
	hosted_advance(100 * NSEC_PER_USEC);
	ck_assert(napi_is_scheduled(&tp->napi));
	irqs = hosted_irq_delivered((u8)tp->irq_vector);
	tg3_model_get_counters(m, &c0);
	ck_assert_uint_ne(tg3_model_irq_mailbox(m), 0);
	/* More traffic while scheduled: status updates, but no interrupt. */
	inject_n(50, 100);
	hosted_advance(NSEC_PER_MSEC);
	tg3_model_get_counters(m, &c1);
	ck_assert_uint_gt(c1.status_updates, c0.status_updates);
	ck_assert_uint_gt(c1.events_while_masked, c0.events_while_masked);
	ck_assert_uint_eq(c1.msi_sent, c0.msi_sent);
	ck_assert_uint_eq(hosted_irq_delivered((u8)tp->irq_vector), irqs);
	hosted_run_idle();
	ck_assert_uint_eq(tt_rx_count, 70);
	ck_assert(!napi_is_scheduled(&tp->napi));
	ck_assert_uint_eq(tg3_model_irq_mailbox(m), 0);
	tt_teardown();
}
END_TEST

START_TEST(test_link_partners_and_flap)
{
	struct net_device *dev;
	struct tg3 *tp;
	u8 f[200], got[2048];

	tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	hosted_wire_set_partner(tt_wire(), HOSTED_LINK_100FD | HOSTED_LINK_100HD |
					       HOSTED_LINK_10FD | HOSTED_LINK_10HD);
	ck_assert(tt_open_and_link(dev));
	ck_assert_uint_eq(dev->speed_mbps, 100);
	ck_assert(dev->full_duplex);
	fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, 3, true);
	tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(take(got), sizeof(f)); /* the model checks the MII port mode */

	/* Partner renegotiates down to 10 half: down, then up again. */
	hosted_wire_set_partner(tt_wire(), HOSTED_LINK_10HD);
	hosted_run_for(10 * NSEC_PER_MSEC);
	ck_assert(!netif_carrier_ok(dev));
	hosted_run_for(3 * NSEC_PER_SEC);
	ck_assert(netif_carrier_ok(dev));
	ck_assert_uint_eq(dev->speed_mbps, 10);
	ck_assert(!dev->full_duplex);
	ck_assert(stub_printk_contains("eth0: link up, 10 Mbps, half duplex"));
	tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(take(got), sizeof(f));

	/* Cable pulled and plugged back. */
	hosted_wire_set_partner(tt_wire(), HOSTED_LINK_ALL);
	hosted_run_for(3 * NSEC_PER_SEC);
	ck_assert_uint_eq(dev->speed_mbps, 1000);
	hosted_wire_set_carrier(tt_wire(), false);
	hosted_run_for(10 * NSEC_PER_MSEC);
	ck_assert(!netif_carrier_ok(dev));
	ck_assert(stub_printk_contains("eth0: link down"));
	hosted_wire_set_carrier(tt_wire(), true);
	hosted_run_for(3 * NSEC_PER_SEC);
	ck_assert(netif_carrier_ok(dev));
	ck_assert_uint_ge(tp->ctr.link_changes, 6);
	ck_assert_uint_eq(tt_ethtool(dev, "link_changes"), tp->ctr.link_changes);
	tt_teardown();
}
END_TEST

START_TEST(test_msi_lost_falls_back_to_intx)
{
	struct tg3_model *m;
	struct net_device *dev;
	struct tg3_model_counters c;

	m = tt_setup_default();
	dev = tt_dev();
	tg3_model_fault_msi_lost(m, true);
	ck_assert(tt_open_and_link(dev));
	ck_assert(stub_printk_contains("no interrupt arrived by MSI within 50 ms: falling back "
				       "to INTx"));
	ck_assert(stub_printk_contains("eth0: up, INTx interrupts"));
	ck_assert_uint_eq(tt_ethtool(dev, "msi_fallbacks"), 1);
	inject_n(40, 9);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 40);
	tg3_model_get_counters(m, &c);
	ck_assert_uint_gt(c.intx_assertions, 0);
	ck_assert_uint_gt(c.msi_lost, 0);
	ck_assert_uint_gt(tt_ethtool(dev, "interrupts"), 1);
	tt_teardown();
}
END_TEST

START_TEST(test_intx_only_function)
{
	struct tg3_model_config cfg = { .dev = 2, .no_msi = true };
	struct tg3_model *m;
	struct net_device *dev;
	struct tg3_model_counters c;

	memcpy(cfg.mac, tt_mac0, 6);
	m = tt_setup(&cfg);
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	ck_assert(stub_printk_contains("eth0: up, INTx interrupts"));
	inject_n(100, 5);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 100);
	tg3_model_get_counters(m, &c);
	ck_assert_uint_gt(c.intx_assertions, 0);
	ck_assert_uint_eq(c.msi_sent, 0);
	tt_teardown();
}
END_TEST

/* Interrupts the chip never delivers: the service watchdog polls the work and counts it. */
static void lost_irqs_are_rescued(bool intx)
{
	struct tg3_model_config cfg = { .dev = 2, .no_msi = intx };
	struct tg3_model *m;
	struct net_device *dev;
	struct tg3_model_counters c;

	memcpy(cfg.mac, tt_mac0, 6);
	m = tt_setup(&cfg);
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	ck_assert(
	    stub_printk_contains(intx ? "eth0: up, INTx interrupts" : "eth0: up, MSI interrupts"));
	for (unsigned int i = 0; i < 3; i++) {
		tg3_model_fault_irq_lost(m, 1);
		inject_n(5, 100 + 5 * i);
		hosted_run_for(NSEC_PER_MSEC);
		ck_assert_uint_eq(tt_rx_count, 5 * i); /* nothing told the driver */
		hosted_run_for(1100 * NSEC_PER_MSEC);
		ck_assert_uint_eq(tt_rx_count, 5 * (i + 1));
		ck_assert_uint_eq(tt_ethtool(dev, "missed_irqs"), i + 1);
	}
	ck_assert(stub_printk_contains("work waited a whole watchdog period with no interrupt"));
	tg3_model_get_counters(m, &c);
	ck_assert_uint_eq(c.irqs_lost, 3);
	/* Spent, the fault leaves interrupts working: the next frames need no watchdog. */
	inject_n(10, 200);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 25);
	ck_assert_uint_eq(tt_ethtool(dev, "missed_irqs"), 3);
	ck_assert_uint_eq(tt_ethtool(dev, "chip_resets"), 0);
	tt_teardown();
}

START_TEST(test_fault_irq_lost_msi)
{
	lost_irqs_are_rescued(false);
}
END_TEST

START_TEST(test_fault_irq_lost_intx)
{
	lost_irqs_are_rescued(true);
}
END_TEST

/* The model's own cable flap (the fault QEMU's napkin-tg3 injects): down, then up again. */
START_TEST(test_fault_link_flap)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tg3_model_counters c;
	u64 changes;
	u8 f[200], got[2048];

	ck_assert(tt_open_and_link(dev));
	changes = tt_ethtool(dev, "link_changes");
	tg3_model_fault_link_flap(m, 500);
	hosted_run_for(10 * NSEC_PER_MSEC);
	ck_assert(!netif_carrier_ok(dev));
	ck_assert(stub_printk_contains("eth0: link down"));
	/* Frames offered during the flap are lost on the wire, not by the driver. */
	inject_n(5, 1);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 0);
	hosted_run_for(3 * NSEC_PER_SEC);
	ck_assert(netif_carrier_ok(dev));
	ck_assert_uint_eq(tt_ethtool(dev, "link_changes"), changes + 2);
	fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, 9, true);
	tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0);
	inject_n(10, 20);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(take(got), sizeof(f));
	ck_assert_uint_eq(tt_rx_count, 10);
	tg3_model_get_counters(m, &c);
	ck_assert_uint_eq(c.link_flaps, 1);
	ck_assert_uint_eq(tt_ethtool(dev, "chip_resets"), 0);
	tt_teardown();
}
END_TEST

START_TEST(test_fault_rx_errors)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();

	ck_assert(tt_open_and_link(dev));
	tg3_model_fault_rx_errors(m, 3, T3_RXERR_BAD_CRC);
	inject_n(10, 20);
	hosted_run_for(1500 * NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 7);
	check_rx_seq(0, 7, 23);
	ck_assert_uint_eq(dev->stats.rx_errors, 3);
	ck_assert_uint_eq(dev->stats.rx_crc_errors, 3);
	ck_assert_uint_eq(tt_ethtool(dev, "rx_error_frames"), 3);
	ck_assert_uint_eq(tt_ethtool(dev, "hw_rx_fcs_errors"), 3);
	ck_assert_uint_eq(tg3_model_rx_buffers(m), TG3_RX_POSTED); /* all recycled */
	tt_teardown();
}
END_TEST

START_TEST(test_fault_no_rx_buffer)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();

	ck_assert(tt_open_and_link(dev));
	tg3_model_fault_no_rx_buffer(m, 10);
	inject_n(30, 40);
	hosted_run_for(1500 * NSEC_PER_MSEC); /* one service tick folds the counters in */
	ck_assert_uint_eq(tt_rx_count, 20);
	check_rx_seq(0, 20, 50);
	ck_assert_uint_eq(dev->stats.rx_missed_errors, 10);
	ck_assert_uint_eq(tt_ethtool(dev, "hw_rx_out_of_bds"), 10);
	tt_teardown();
}
END_TEST

START_TEST(test_stack_holds_every_buffer)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tg3_model_counters c;

	ck_assert(tt_open_and_link(dev));
	tt_hold = true;
	for (unsigned int i = 0; i < 12; i++) {
		inject_n(50, i * 50);
		hosted_run_for(NSEC_PER_MSEC);
	}
	/* The pool is lent out: the ring ran dry and the chip dropped the rest. */
	ck_assert_uint_eq(tt_held(), TG3_RX_POOL);
	ck_assert_uint_eq(tg3_model_rx_buffers(m), 0);
	tg3_model_get_counters(m, &c);
	ck_assert_uint_eq(c.rx_no_buffer, 600 - TG3_RX_POOL);
	ck_assert_uint_gt(tt_ethtool(dev, "rx_refill_starved"), 0);

	/* The stack lets go: returning buffers ask for a refill, no interrupt needed. */
	tt_hold = false;
	tt_release_held();
	hosted_run_idle();
	ck_assert_uint_eq(tg3_model_rx_buffers(m), TG3_RX_POSTED);
	inject_n(100, 1000);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, TG3_RX_POOL + 100);
	check_rx_seq(TG3_RX_POOL, 100, 1000);
	tt_teardown();
}
END_TEST

START_TEST(test_tx_stuck_watchdog_reset)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tg3_model_counters c;
	u8 f[300], got[2048];

	ck_assert(tt_open_and_link(dev));
	tg3_model_fault_tx_stuck(m);
	for (unsigned int i = 0; i < 10; i++) {
		fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, i, true);
		tt_send(dev, f, sizeof(f), 2, NETBUF_CSUM_NONE, 0);
	}
	hosted_run_for(NSEC_PER_SEC);
	ck_assert_uint_eq(hosted_wire_pending(tt_wire()), 0);
	ck_assert_uint_eq(tt_tx_outstanding(), 20);
	hosted_run_for(6 * NSEC_PER_SEC);
	ck_assert(stub_printk_contains("eth0: transmit timed out: 20 descriptors pending"));
	ck_assert(stub_printk_contains("eth0: resetting the chip: transmit timeout"));
	ck_assert_uint_eq(tt_ethtool(dev, "tx_timeouts"), 1);
	ck_assert_uint_eq(tt_ethtool(dev, "chip_resets"), 1);
	ck_assert_uint_eq(tt_ethtool(dev, "tx_dropped_on_reset"), 10);
	ck_assert_uint_eq(tt_tx_outstanding(), 0); /* every frame given back */
	tg3_model_get_counters(m, &c);
	ck_assert_uint_eq(c.core_resets, 3); /* probe, open, recovery */

	/* The link survived the core reset; traffic flows again. */
	ck_assert(netif_carrier_ok(dev));
	fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, 77, true);
	ck_assert_int_eq(tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0), NETDEV_TX_OK);
	inject_n(20, 3);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(take(got), sizeof(f));
	ck_assert(!memcmp(got, f, sizeof(f)));
	ck_assert_uint_eq(tt_rx_count, 20);
	tt_teardown();
}
END_TEST

/*
 * The send ring holds at most TG3_TX_RING - 1 BDs: a producer index that
 * came round to the consumer would make a full ring look empty, and the
 * model reports it as an overrun. A stuck chip keeps every BD posted; single
 * BDs up to where a frame of the most segments would just fill the ring, then
 * that frame, which must be refused.
 */
START_TEST(test_send_ring_never_full)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tg3 *tp = tp_of(dev);
	u8 f[300];

	ck_assert(tt_open_and_link(dev));
	tg3_model_fault_tx_stuck(m);
	for (unsigned int i = 0; i < TG3_TX_RING - TG3_TX_MAX_SEGS; i++) {
		fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, i, true);
		ck_assert_int_eq(tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0), NETDEV_TX_OK);
	}
	fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, 999, true);
	ck_assert_msg(tt_send(dev, f, sizeof(f), TG3_TX_MAX_SEGS, NETBUF_CSUM_NONE, 0) ==
			  NETDEV_TX_BUSY,
		      "a frame that fills the send ring completely was taken: the producer index "
		      "comes round to the consumer and the full ring looks empty");
	ck_assert_uint_lt(tg3_tx_pending(tp), TG3_TX_RING);
	tt_teardown();
}
END_TEST

START_TEST(test_dma_error_attention_reset)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	u8 f[100], got[2048];

	ck_assert(tt_open_and_link(dev));
	tg3_model_fault_dma_error(m);
	fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, 1, true);
	tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0);
	hosted_run_for(100 * NSEC_PER_MSEC);
	ck_assert(stub_printk_contains("chip reports an error"));
	ck_assert(stub_printk_contains("eth0: resetting the chip: error attention"));
	ck_assert_uint_eq(tt_ethtool(dev, "error_attentions"), 1);
	ck_assert_uint_eq(tt_tx_outstanding(), 0);
	tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(take(got), sizeof(f));
	tt_teardown();
}
END_TEST

START_TEST(test_bootcode_hang_at_probe)
{
	struct tg3_model_config cfg = { .dev = 2 };
	struct tg3_model *m;

	memcpy(cfg.mac, tt_mac0, 6);
	/* Set before probe through a model created by hand: tt_setup probes at once. */
	m = tt_setup(&cfg);
	ck_assert_ptr_nonnull(tt_dev());
	/* Unbind, make the bootcode hang, bind again. */
	pci_unregister_driver(&tg3_pci_driver);
	tg3_model_fault_bootcode_hang(m, true);
	pci_register_driver(&tg3_pci_driver);
	hosted_run_idle();
	ck_assert_ptr_null(tt_dev());
	ck_assert(stub_printk_contains("bootcode did not finish after reset"));
	ck_assert(stub_printk_contains("tg3 probe failed"));
	ck_assert(stub_printk_count(LOGLEVEL_DEBUG, "state probing -> dead") == 1);
	ck_assert(stub_printk_count(LOGLEVEL_DEBUG, "state dead -> removed") == 1);
	/* Bus mastering and memory decode are off again: nobody drives it. */
	ck_assert(hosted_pci_released(tg3_model_pci(m)));
	tt_teardown();
}
END_TEST

START_TEST(test_bootcode_hang_during_recovery)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	u8 f[100];

	ck_assert(tt_open_and_link(dev));
	tg3_model_fault_tx_stuck(m);
	tg3_model_fault_bootcode_hang(m, true);
	fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, 1, true);
	tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0);
	hosted_run_for(8 * NSEC_PER_SEC);
	ck_assert(stub_printk_contains("eth0: resetting the chip: transmit timeout"));
	ck_assert(stub_printk_contains("bootcode did not come back: leaving it alone"));
	ck_assert(stub_printk_contains("interface stays down"));
	ck_assert_int_eq(tp_of(dev)->state, TG3_ST_DEAD);
	ck_assert(!netif_carrier_ok(dev));
	ck_assert_uint_eq(tt_tx_outstanding(), 0);
	ck_assert_int_ne(dev_close(dev), -1);
	ck_assert_int_eq(dev_open(dev), -EIO);
	ck_assert(stub_printk_contains("did not come back from its last reset; not opening"));
	tt_teardown(); /* no register touched while the bootcode hangs */
}
END_TEST

/*
 * An open that fails once its interrupt is attached (the chip reset finds
 * the bootcode hung) gives back what it took: no handler left on a vector,
 * no DMA memory, bus mastering as it was.
 */
START_TEST(test_open_failure_leaves_nothing)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tt_footprint before, after;

	tt_footprint(&before);
	tg3_model_fault_bootcode_hang(m, true);
	ck_assert_int_ne(dev_open(dev), 0);
	tt_footprint(&after);
	ck_assert_msg(after.irq_handlers == before.irq_handlers,
		      "a failed open left %u interrupt handlers attached",
		      after.irq_handlers - before.irq_handlers);
	ck_assert_uint_eq(after.dma_live, before.dma_live);
	ck_assert_uint_eq(after.pci_command, before.pci_command);
	tt_teardown();
}
END_TEST

/* ---- Life cycle: the state machine ---- */

START_TEST(test_states_through_life)
{
	struct net_device *dev;
	struct tg3 *tp;

	tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	ck_assert_int_eq(tp->state, TG3_ST_CLOSED);
	ck_assert(stub_printk_count(LOGLEVEL_DEBUG, "state probing -> closed") == 1);
	ck_assert(tt_open_and_link(dev));
	ck_assert_int_eq(tp->state, TG3_ST_RUNNING);
	ck_assert(stub_printk_count(LOGLEVEL_DEBUG, "eth0: state closed -> opening") == 1);
	ck_assert(stub_printk_count(LOGLEVEL_DEBUG, "eth0: state opening -> running") == 1);
	tg3_schedule_reset(tp, "asked by the test");
	ck_assert_int_eq(tp->state, TG3_ST_RESETTING);
	hosted_run_for(100 * NSEC_PER_MSEC);
	ck_assert_int_eq(tp->state, TG3_ST_RUNNING);
	ck_assert(stub_printk_count(LOGLEVEL_DEBUG, "eth0: state resetting -> running") == 1);
	ck_assert_int_eq(dev_close(dev), 0);
	ck_assert_int_eq(tp->state, TG3_ST_CLOSED);
	ck_assert(stub_printk_count(LOGLEVEL_DEBUG, "eth0: state closing -> closed") == 1);
	ck_assert_uint_eq(tt_ethtool(dev, "illegal_transitions"), 0);

	/* A move the table does not have is refused, said and counted. */
	tg3_set_state(tp, TG3_ST_RESETTING);
	ck_assert_int_eq(tp->state, TG3_ST_CLOSED);
	ck_assert(stub_printk_count(LOGLEVEL_WARNING,
				    "eth0: illegal state change closed -> resetting refused") == 1);
	ck_assert_uint_eq(tt_ethtool(dev, "illegal_transitions"), 1);
	/* A reset asked for while closed is not a move at all: nothing happens. */
	tg3_schedule_reset(tp, "too late");
	ck_assert_int_eq(tp->state, TG3_ST_CLOSED);
	ck_assert_uint_eq(tt_ethtool(dev, "illegal_transitions"), 1);
	tt_teardown();
}
END_TEST

/* ---- The recovery reset does not hold up the main loop ---- */

struct loop_probe {
	struct ktimer timer;
	struct tg3 *resetting; /* the adapter in reset */
	struct net_device *other;
	u64 due_ns, fired_ns;
	enum tg3_state seen;
	unsigned int sent;
};

static void loop_probe_fire(struct ktimer *t)
{
	struct loop_probe *lp = container_of(t, struct loop_probe, timer);
	u8 f[400];

	lp->fired_ns = ktime_get_ns();
	lp->seen = lp->resetting->state;
	/* The other chip sends: its NAPI has to reclaim these during the reset. */
	for (unsigned int i = 0; i < 5; i++) {
		fr_build(f, sizeof(f), tt_peer, lp->other->dev_addr, FR_PROTO_UDP, i, true);
		lp->sent +=
		    tt_send(lp->other, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0) == NETDEV_TX_OK;
	}
}

START_TEST(test_reset_leaves_loop_running)
{
	struct tg3_model_config a = { .dev = 2 }, b = { .dev = 3 };
	struct tg3_model_counters before, after;
	struct loop_probe lp = { 0 };
	struct tg3_model *ma, *mb;
	struct net_device *d0, *d1;
	u64 start;

	memcpy(a.mac, tt_mac0, 6);
	memcpy(b.mac, tt_mac0, 6);
	b.mac[5] = 0x02;
	tt_setup_pair(&a, &b, &ma, &mb);
	d0 = netdev_get_by_name("eth0");
	d1 = netdev_get_by_name("eth1");
	ck_assert(tt_open_and_link(d0));
	ck_assert(tt_open_and_link(d1));
	tg3_model_get_counters(mb, &before);

	lp.resetting = tp_of(d0);
	lp.other = d1;
	lp.timer.fn = loop_probe_fire;
	start = ktime_get_ns();
	lp.due_ns = start + 10 * NSEC_PER_MSEC;
	ktimer_arm(&lp.timer, lp.due_ns);
	tg3_schedule_reset(tp_of(d0), "asked by the test");

	/* 20 ms in: eth0's bootcode (30 ms) is still running. */
	hosted_run_for(20 * NSEC_PER_MSEC);
	ck_assert_int_eq(tp_of(d0)->state, TG3_ST_RESETTING);
	/* The timer fired on time, in the middle of the reset... */
	ck_assert_uint_gt(lp.fired_ns, 0);
	ck_assert_uint_lt(lp.fired_ns - lp.due_ns, NSEC_PER_MSEC);
	ck_assert_int_eq(lp.seen, TG3_ST_RESETTING);
	/* ...and eth1 sent what it was given and its NAPI took every buffer back. */
	ck_assert_uint_eq(lp.sent, 5);
	tg3_model_get_counters(mb, &after);
	ck_assert_uint_eq(after.tx_frames - before.tx_frames, 5);
	ck_assert_uint_eq(tt_tx_outstanding(), 0);

	hosted_run_for(30 * NSEC_PER_MSEC);
	ck_assert_int_eq(tp_of(d0)->state, TG3_ST_RUNNING);
	ck_assert_uint_eq(tt_ethtool(d0, "chip_resets"), 1);
	ck_assert_uint_eq(tt_ethtool(d0, "illegal_transitions"), 0);
	tt_teardown();
}
END_TEST

struct ticker {
	struct ktimer timer;
	unsigned int ticks;
};

static void ticker_fire(struct ktimer *t)
{
	struct ticker *tk = container_of(t, struct ticker, timer);

	tk->ticks++;
	ktimer_arm(t, ktime_get_ns() + 10 * NSEC_PER_MSEC);
}

static bool adapter_dead(void *ctx)
{
	return ((struct tg3 *)ctx)->state == TG3_ST_DEAD;
}

START_TEST(test_reset_bootcode_never_done_ends_dead)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tg3 *tp = tp_of(dev);
	struct ticker tk = { .timer.fn = ticker_fire };
	u64 start;

	ck_assert(tt_open_and_link(dev));
	tg3_model_fault_bootcode_hang(m, true);
	ktimer_arm(&tk.timer, ktime_get_ns() + 10 * NSEC_PER_MSEC);
	start = ktime_get_ns();
	tg3_schedule_reset(tp, "asked by the test");
	ck_assert(hosted_run_until(adapter_dead, tp, 5 * NSEC_PER_SEC));
	/* Given up at the deadline, not before, not much after. */
	ck_assert_uint_ge(ktime_get_ns() - start, NSEC_PER_SEC);
	ck_assert_uint_lt(ktime_get_ns() - start, NSEC_PER_SEC + 10 * NSEC_PER_MSEC);
	/* Meanwhile the loop ran every other timer, about 100 times in that second. */
	ck_assert_uint_ge(tk.ticks, 95);
	ck_assert(stub_printk_contains("eth0: bootcode did not finish after reset"));
	ck_assert(stub_printk_contains("eth0: chip did not come back after the reset (no "
				       "bootcode): interface stays down"));
	ck_assert(stub_printk_count(LOGLEVEL_DEBUG, "eth0: state resetting -> dead") == 1);
	ck_assert(!netif_carrier_ok(dev));
	ktimer_cancel(&tk.timer);
	ck_assert_int_eq(dev_close(dev), 0);
	ck_assert_int_eq(tp->state, TG3_ST_DEAD);
	ck_assert_uint_eq(tt_ethtool(dev, "illegal_transitions"), 0);
	tt_teardown();
}
END_TEST

/* Closed half way through a recovery reset: stop() finishes it, waiting. */
START_TEST(test_close_during_reset)
{
	struct net_device *dev;
	struct tg3 *tp;
	unsigned int base;

	tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	base = hosted_dma_live_count();
	ck_assert(tt_open_and_link(dev));
	/* Asked for but not begun (the timer has not run): an ordinary stop. */
	tg3_schedule_reset(tp, "asked by the test");
	ck_assert_int_eq(tp->reset_step, TG3_RST_STOP);
	ck_assert_int_eq(dev_close(dev), 0);
	ck_assert_int_eq(tp->state, TG3_ST_CLOSED);
	ck_assert_uint_eq(tt_ethtool(dev, "chip_resets"), 0);
	ck_assert_uint_eq(hosted_dma_live_count(), base);
	ck_assert(tt_open_and_link(dev));
	/* Begun: stop() finishes the handshake, at each step of it. */
	for (unsigned int wait_ms = 0; wait_ms <= 12; wait_ms += 4) {
		tg3_schedule_reset(tp, "asked by the test");
		hosted_run_for(wait_ms * NSEC_PER_MSEC);
		ck_assert_int_eq(tp->state, TG3_ST_RESETTING);
		ck_assert_int_eq(dev_close(dev), 0);
		ck_assert_int_eq(tp->state, TG3_ST_CLOSED);
		ck_assert_uint_eq(hosted_dma_live_count(), base);
		ck_assert(tt_open_and_link(dev));
	}
	inject_n(10, 7);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 10);
	ck_assert_uint_eq(tt_ethtool(dev, "illegal_transitions"), 0);
	tt_teardown(); /* the model saw no register written while its bootcode ran */
}
END_TEST

/* ---- Probe failing at each step leaves nothing behind ---- */

START_TEST(test_probe_failure_at_each_step)
{
	static const char *const expect[TG3_PROBE_STEPS] = {
		[TG3_PROBE_ENABLE] = "probe step 1 made to fail",
		[TG3_PROBE_MAP] = "probe step 2 made to fail",
		[TG3_PROBE_CHIP_ID] = "is not a 5717-family chip",
		[TG3_PROBE_RESET] = "probe step 4 made to fail",
		[TG3_PROBE_MAC] = "probe step 5 made to fail",
		[TG3_PROBE_REGISTER] = "probe step 6 made to fail",
	};
	enum tg3_probe_step step = (enum tg3_probe_step)_i;
	struct tg3_model_config cfg = { .dev = 2 };
	struct tt_footprint before, after;
	struct tg3_model_counters c;
	struct tg3_model *m;

	memcpy(cfg.mac, tt_mac0, 6);
	m = tt_setup_unbound(&cfg);
	tt_footprint(&before);
	tg3_probe_fail_at = step;
	pci_register_driver(&tg3_pci_driver);
	hosted_run_idle();
	tg3_probe_fail_at = TG3_PROBE_NONE;
	ck_assert_msg(stub_printk_contains(expect[step]), "step %d: no log line", step);
	ck_assert(stub_printk_contains("tg3 probe failed"));
	tt_footprint(&after);
	ck_assert_ptr_null(tt_dev());
	ck_assert_uint_eq(after.netdevs, before.netdevs);
	ck_assert_uint_eq(after.napi_instances, before.napi_instances);
	ck_assert_uint_eq(after.irq_handlers, before.irq_handlers);
	ck_assert_uint_eq(after.dma_live, before.dma_live);
	ck_assert_msg(after.pci_command == before.pci_command,
		      "step %d: PCI command 0x%04x, was 0x%04x", step, after.pci_command,
		      before.pci_command);

	/* Left as found: the next probe succeeds and the interface works. */
	pci_unregister_driver(&tg3_pci_driver);
	pci_register_driver(&tg3_pci_driver);
	hosted_run_idle();
	ck_assert_ptr_nonnull(tt_dev());
	ck_assert(tt_open_and_link(tt_dev()));
	tg3_model_get_counters(m, &c);
	ck_assert_uint_eq(c.core_resets, step >= TG3_PROBE_MAC ? 3 : 2);
	tt_teardown();
}
END_TEST

/* ---- BCM5784: the older single-port family ---- */

static struct tg3_model *setup_5784(bool no_msi)
{
	struct tg3_model_config cfg = { .dev = 2, .chip = TG3_MODEL_BCM5784, .no_msi = no_msi };

	memcpy(cfg.mac, tt_mac0, 6);
	return tt_setup(&cfg);
}

START_TEST(test_5784_probe_and_traffic)
{
	struct tg3_model_counters c;
	struct net_device *dev;
	const unsigned int rounds = 12, burst = 128;

	setup_5784(false);
	dev = tt_dev();
	ck_assert_ptr_nonnull(dev);
	ck_assert(stub_printk_contains("eth0: BCM5784 (chip 0x05784000)"));
	ck_assert_mem_eq(dev->dev_addr, tt_mac0, 6);
	ck_assert(tt_open_and_link(dev));
	ck_assert(stub_printk_contains("eth0: up, MSI interrupts"));
	/* 1536 frames each way: the 512-entry return ring wraps three times. */
	echo_rounds(dev, rounds, burst);
	ck_assert_uint_eq(tt_rx_count, rounds * burst);
	tg3_model_get_counters(tt_model(), &c);
	ck_assert_uint_eq(c.rx_frames, rounds * burst);
	ck_assert_uint_eq(c.intx_assertions, 0);
	/* A recovery reset on this chip too. */
	tg3_schedule_reset(tp_of(dev), "asked by the test");
	hosted_run_for(100 * NSEC_PER_MSEC);
	ck_assert_int_eq(tp_of(dev)->state, TG3_ST_RUNNING);
	inject_n(10, 5000);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, rounds * burst + 10);
	tt_teardown(); /* the model saw no 5717-family habit on its registers */
}
END_TEST

/* MSI that never arrives, and a function without MSI: the same fallbacks as the 5719. */
START_TEST(test_5784_msi_lost_and_no_msi)
{
	struct tg3_model *m = setup_5784(false);
	struct net_device *dev = tt_dev();

	tg3_model_fault_msi_lost(m, true);
	ck_assert(tt_open_and_link(dev));
	ck_assert(stub_printk_contains("no interrupt arrived by MSI within 50 ms: falling back "
				       "to INTx"));
	ck_assert(stub_printk_contains("eth0: up, INTx interrupts"));
	ck_assert_uint_eq(tt_ethtool(dev, "msi_fallbacks"), 1);
	inject_n(40, 9);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 40);
	tt_teardown();

	setup_5784(true);
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	ck_assert(stub_printk_contains("eth0: up, INTx interrupts"));
	ck_assert_uint_eq(tt_ethtool(dev, "msi_fallbacks"), 0);
	inject_n(40, 9);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 40);
	tt_teardown();
}
END_TEST

/* A 5784 ID on a chip that says it is something else is refused, not guessed at. */
START_TEST(test_5784_id_with_wrong_asic)
{
	struct tg3_model_config cfg = { .dev = 2,
					.chip = TG3_MODEL_BCM5784,
					.chip_id = 0x05719001 };

	memcpy(cfg.mac, tt_mac0, 6);
	tt_setup(&cfg);
	ck_assert_ptr_null(tt_dev());
	ck_assert(stub_printk_contains("BCM5784 ID but ASIC revision 0x5719001 is not a 5784"));
	tt_teardown();
}
END_TEST

START_TEST(test_close_reopen_no_leaks)
{
	struct net_device *dev;
	unsigned int base;

	tt_setup_default();
	dev = tt_dev();
	base = hosted_dma_live_count(); /* the test's own transmit pool */
	ck_assert(tt_open_and_link(dev));
	inject_n(50, 1);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_int_eq(dev_close(dev), 0);
	ck_assert_uint_eq(hosted_dma_live_count(), base);
	ck_assert(tt_open_and_link(dev));
	inject_n(50, 51);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 100);

	/* Closed while the stack still holds buffers: their memory waits for them. */
	tt_hold = true;
	inject_n(10, 200);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_int_eq(dev_close(dev), 0);
	ck_assert(stub_printk_contains("10 receive buffers still held by the stack"));
	ck_assert_uint_gt(hosted_dma_live_count(), base);
	tt_release_held();
	hosted_run_idle();
	ck_assert_uint_eq(hosted_dma_live_count(), base);
	tt_teardown();
}
END_TEST

/*
 * Removed while the stack still holds received frames: the adapter their
 * buffers point into lives on (AddressSanitizer would see a use after free
 * otherwise) and goes with the last one back (net/core/netdev_adapter.h).
 */
START_TEST(test_remove_with_buffers_lent)
{
	unsigned int live;

	tt_setup_default();
	ck_assert(tt_open_and_link(tt_dev()));
	/* Frames given back at once first: each return must count back to the adapter too. */
	inject_n(20, 300);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_held(), 0);
	tt_hold = true;
	inject_n(10, 300);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_held(), 10);
	pci_unregister_driver(&tg3_pci_driver);
	hosted_run_idle();
	ck_assert(stub_printk_contains("10 receive buffers still held by the stack"));
	ck_assert(!stub_printk_contains("adapter freed"));
	live = hosted_dma_live_count();
	tt_hold = false;
	tt_release_held();
	hosted_run_idle();
	/* The receive pool was kept for the lent buffers and went with the last. */
	ck_assert_uint_eq(live - hosted_dma_live_count(), TG3_RX_CHUNKS);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "the stack gave back the last receive "
							   "buffer: adapter freed"),
			 1);
	tt_teardown(); /* checks that no DMA memory is left */
}
END_TEST

START_TEST(test_refused_ids)
{
	static const struct {
		u16 device;
		u32 chip;
		const char *why;
	} cases[] = {
		{ 0x1648, 0, "is a PCI/PCI-X Tigon3" },
		{ 0x16B4, 0, "is a 57765-family part" },
		{ 0x1687, 0, "5762-family part" },
		{ 0x1677, 0, "earlier Tigon3 generation" },
		{ 0x1657, 0x05784100, "is not a 5717-family chip" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct tg3_model_config cfg = { .dev = 2,
						.device_id = cases[i].device,
						.chip_id = cases[i].chip };

		memcpy(cfg.mac, tt_mac0, 6);
		tt_setup(&cfg);
		ck_assert_ptr_null(tt_dev());
		ck_assert_msg(stub_printk_contains(cases[i].why), "no refusal for %04x",
			      cases[i].device);
		tt_teardown();
	}
}
END_TEST

START_TEST(test_two_chips_cabled)
{
	struct tg3_model_config a = { .dev = 2 }, b = { .dev = 3 };
	struct tg3_model *ma, *mb;
	struct net_device *d0, *d1;
	u8 f[600];

	memcpy(a.mac, tt_mac0, 6);
	memcpy(b.mac, tt_peer, 6);
	b.mac[0] = 0x00;
	tt_setup_pair(&a, &b, &ma, &mb);
	d0 = netdev_get_by_name("eth0");
	d1 = netdev_get_by_name("eth1");
	ck_assert(d0 && d1);
	ck_assert(tt_open_and_link(d0));
	ck_assert(tt_open_and_link(d1));
	ck_assert_uint_eq(d1->speed_mbps, 1000);
	for (unsigned int i = 0; i < 20; i++) {
		fr_build(f, sizeof(f), d1->dev_addr, d0->dev_addr, FR_PROTO_TCP, i, true);
		tt_send(d0, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0);
		fr_build(f, sizeof(f), d0->dev_addr, d1->dev_addr, FR_PROTO_TCP, 100 + i, true);
		tt_send(d1, f, sizeof(f), 2, NETBUF_CSUM_NONE, 0);
	}
	hosted_run_for(2 * NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 40);
	ck_assert_uint_eq(d0->stats.rx_packets, 20);
	ck_assert_uint_eq(d1->stats.rx_packets, 20);
	tt_teardown();
}
END_TEST

START_TEST(test_shared_intx_line)
{
	struct tg3_model_config a = { .dev = 2, .no_msi = true, .irq_line = 20 };
	struct tg3_model_config b = { .dev = 3, .no_msi = true, .irq_line = 20 };
	struct tg3_model *ma, *mb;
	struct net_device *d0, *d1;
	u8 f[200];

	memcpy(a.mac, tt_mac0, 6);
	memcpy(b.mac, tt_mac0, 6);
	b.mac[5] = 0x02;
	tt_setup_pair(&a, &b, &ma, &mb);
	d0 = netdev_get_by_name("eth0");
	d1 = netdev_get_by_name("eth1");
	ck_assert(tt_open_and_link(d0));
	ck_assert(tt_open_and_link(d1));
	for (unsigned int i = 0; i < 10; i++) {
		fr_build(f, sizeof(f), d1->dev_addr, d0->dev_addr, FR_PROTO_UDP, i, true);
		tt_send(d0, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0);
		hosted_run_for(NSEC_PER_MSEC);
	}
	ck_assert_uint_eq(d1->stats.rx_packets, 10);
	/* One line, two handlers: each declined the other's interrupts. */
	ck_assert_uint_gt(tt_ethtool(d0, "interrupts_not_ours"), 0);
	ck_assert_uint_gt(tt_ethtool(d1, "interrupts_not_ours"), 0);
	tt_teardown();
}
END_TEST

/*
 * The mode bits Linux's tg3 sets on every 5755-or-later chip and napkin's did
 * not (the bring-up trace comparison, drivers/tg3/README.md): the MAC's
 * statistics enables (without them the model, like the chip, counts
 * nothing: test_filters_and_counters) and the transmit mbuf lockup fix.
 */
START_TEST(test_mac_statistics_and_lockup_fix_on)
{
	struct net_device *dev;
	struct tg3 *tp;

	tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	ck_assert(tt_open_and_link(dev));
	ck_assert_uint_eq(tg3_read(tp, T3_MAC_MODE) &
			      (T3_MACMODE_RX_STATS_ENABLE | T3_MACMODE_TX_STATS_ENABLE),
			  T3_MACMODE_RX_STATS_ENABLE | T3_MACMODE_TX_STATS_ENABLE);
	ck_assert(tg3_read(tp, T3_TX_MODE) & T3_TXMODE_MBUF_LOCKUP_FIX);
	ck_assert(tg3_read(tp, T3_TX_MODE) & T3_TXMODE_ENABLE);
	tt_teardown();
}
END_TEST

/*
 * The PCI VPD capability as Linux's PCI core reads it at probe: write the
 * address with the flag clear, wait for the chip to set the flag, read four
 * bytes. The model's VPD is an identifier string, a read-only section with
 * the part number and a checksum that sums the bytes up to it to zero, and
 * the end tag.
 */
START_TEST(test_vpd_read_completes)
{
	struct net_device *dev;
	struct tg3 *tp;
	u8 vpd[128], cap, sum = 0;
	unsigned int n = 0, ro, pn = 0, rv = 0;

	tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	cap = pci_find_capability(tp->pdev, 0x03 /* VPD */);
	ck_assert_uint_eq(cap, 0x50);
	for (u16 a = 0; a < sizeof(vpd); a += 4) {
		u32 d;

		pci_write_config_word(tp->pdev, cap + 2, a);
		/* Not yet: the flag says when the data register holds the bytes. */
		ck_assert_uint_eq(pci_read_config_word(tp->pdev, cap + 2), a);
		hosted_run_for(50 * NSEC_PER_USEC);
		ck_assert_uint_eq(pci_read_config_word(tp->pdev, cap + 2), a | 0x8000);
		d = pci_read_config_dword(tp->pdev, cap + 4);
		memcpy(vpd + a, &d, 4);
	}
	ck_assert_uint_eq(vpd[0], 0x82); /* identifier string */
	n = 3 + (vpd[1] | vpd[2] << 8);
	ck_assert(!memcmp(vpd + 3, "Broadcom", 8));
	ck_assert_uint_eq(vpd[n], 0x90); /* read-only section */
	ro = n + 3;
	for (unsigned int k = ro; k < ro + (vpd[n + 1] | vpd[n + 2] << 8); k += 3 + vpd[k + 2]) {
		if (vpd[k] == 'P' && vpd[k + 1] == 'N')
			pn = k;
		if (vpd[k] == 'R' && vpd[k + 1] == 'V')
			rv = k;
	}
	ck_assert(pn && !memcmp(vpd + pn + 3, "BCM95719", vpd[pn + 2]));
	ck_assert(rv);
	for (unsigned int k = 0; k <= rv + 3; k++)
		sum += vpd[k];
	ck_assert_uint_eq(sum, 0);
	ck_assert_uint_eq(vpd[rv + 4], 0x78);	       /* end tag */
	ck_assert_uint_eq(vpd[sizeof(vpd) - 1], 0xFF); /* erased flash beyond */
	tt_teardown();
}
END_TEST

/*
 * The model's PAUSE: with transmit flow control on (MAC_TX_MODE bit 4, which
 * Linux sets when both ends advertise PAUSE; napkin does no flow control)
 * a burst larger than the MAC's buffer is held at the partner (XOFF, then
 * XON) instead of dropped; without it the overflow is dropped and counted.
 */
static unsigned int burst_through(bool flow_control, u32 *xoff_sent)
{
	struct net_device *dev;
	struct tg3 *tp;
	struct tg3_model_counters c;
	struct tg3_model *m = tt_setup_default();

	dev = tt_dev();
	tp = tp_of(dev);
	ck_assert(tt_open_and_link(dev));
	if (flow_control)
		tg3_write(tp, T3_TX_MODE, tg3_read(tp, T3_TX_MODE) | BIT(4));
	inject_n(300, 500); /* at once: more than the MAC's 256-frame buffer */
	hosted_run_for(20 * NSEC_PER_MSEC);
	*xoff_sent = tg3_read(tp, 0x0810); /* MAC_TX_STATS_XOFF_SENT */
	tg3_model_get_counters(m, &c);
	ck_assert_uint_eq(c.rx_frames + c.rx_dropped + c.rx_no_buffer, 300);
	tt_teardown();
	return tt_rx_count;
}

START_TEST(test_pause_holds_a_burst)
{
	u32 xoff;

	ck_assert_uint_eq(burst_through(true, &xoff), 300);
	ck_assert_uint_ge(xoff, 1);
	ck_assert_uint_lt(burst_through(false, &xoff), 300);
	ck_assert_uint_eq(xoff, 0);
}
END_TEST

START_TEST(test_filters_and_counters)
{
	static const u8 group[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0xFB };
	static const u8 other[6] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55 };
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tg3_model_counters c;
	u8 f[128];

	ck_assert(tt_open_and_link(dev));
	tt_frame(f, sizeof(f), other, 1, FR_PROTO_UDP);
	hosted_wire_inject(tt_wire(), f, sizeof(f));
	tt_frame(f, sizeof(f), group, 2, FR_PROTO_UDP);
	hosted_wire_inject(tt_wire(), f, sizeof(f));
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 0);
	tg3_model_get_counters(m, &c);
	ck_assert_uint_eq(c.rx_filtered, 2);

	ck_assert_int_eq(netdev_mc_add(dev, group), 0);
	hosted_wire_inject(tt_wire(), f, sizeof(f));
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 1);
	netdev_set_promisc(dev, true);
	tt_frame(f, sizeof(f), other, 1, FR_PROTO_UDP);
	hosted_wire_inject(tt_wire(), f, sizeof(f));
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_rx_count, 2);

	inject_n(30, 5);
	for (unsigned int i = 0; i < 7; i++) {
		fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, i, true);
		tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0);
	}
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(tt_ethtool(dev, "hw_rx_ucast"), 31);
	ck_assert_uint_eq(tt_ethtool(dev, "hw_rx_mcast"), 1);
	ck_assert_uint_eq(tt_ethtool(dev, "hw_tx_ucast"), 7);
	ck_assert_uint_eq(tt_ethtool(dev, "hw_tx_octets"), 7 * (sizeof(f) + 4));
	ck_assert_uint_gt(tt_ethtool(dev, "interrupts"), 0);
	ck_assert_uint_eq(tt_ethtool(dev, "no_such_counter"), ~0ull);
	tt_teardown();
}
END_TEST

START_TEST(test_napi_irq_mode)
{
	struct net_device *dev;

	tt_setup_default();
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	for (unsigned int i = 0; i < 3; i++) {
		inject_n(100, 11 + 100 * i);
		hosted_run_for(2 * NSEC_PER_MSEC);
	}
	ck_assert_uint_eq(tt_rx_count, 300);
	check_rx_seq(0, 300, 11);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_NAPI), 0);
	tt_teardown();
}
END_TEST

/*
 * The model is strict: these drive it wrongly on purpose, behind the driver's
 * back, and check each mistake is reported (and is the only thing reported).
 */
START_TEST(test_model_catches_misuse)
{
	struct net_device *dev;
	struct tg3 *tp;
	dma_addr_t stale;
	void *p;

	tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	hosted_failures_quiet(true);

	/* Chip quiesced after probe: rings not described yet. */
	tg3_write(tp, T3_SBDI_MODE, T3_BLK_ENABLE);
	ck_assert_uint_eq(hosted_failures_take("send ring 0's control block is unusable"), 1);
	tg3_write(tp, T3_SBDI_MODE, 0);
	tg3_write(tp, 0x5E00, 1); /* between the FTQs and MSI: unused on every chip */
	ck_assert_uint_eq(hosted_failures_take("which the model does not know"), 1);
	tg3_write(tp, T3_MBOX_SEND0_PROD, 5);
	ck_assert_uint_eq(hosted_failures_take("before the ring's control block was set"), 1);
	/* ... and both times the send ring was used without host send BDs on. */
	ck_assert_uint_eq(hosted_failures_take("HOST_SEND_BDS"), 2);
	tg3_write(tp, T3_MISC_CFG, T3_MISCCFG_CORE_RESET);
	ck_assert_uint_eq(hosted_failures_take("without writing 0x4b657654"), 1);
	(void)tg3_read(tp, T3_MAC_MODE);
	ck_assert_uint_eq(hosted_failures_take("does not answer register cycles yet"), 1);
	mdelay(1);
	tg3_write(tp, T3_MAC_MODE, 0);
	ck_assert_uint_eq(hosted_failures_take("while the bootcode is still initialising"), 1);
	mdelay(50);
	ck_assert_uint_eq(hosted_failures(), 0);

	/* Up and running: MDIO behind autopoll's back, coalescing changed under it. */
	ck_assert(tt_open_and_link(dev));
	tg3_write(tp, T3_MI_COMM, T3_MICOMM_CMD_READ | T3_MICOMM_BUSY | 1u << 21);
	ck_assert_uint_eq(hosted_failures_take("while autopoll is on"), 1);
	tg3_write(tp, T3_HCC_RX_TICKS, 5);
	ck_assert_uint_eq(hosted_failures_take("changed while host coalescing runs"), 1);
	tg3_write(tp, T3_MBOX_STD_PROD, (tp->std_prod + 400) % TG3_STD_RING);
	ck_assert_uint_eq(hosted_failures_take("overruns the chip's consumer"), 1);
	/* Reserved bits: refused, and the register keeps its value. */
	{
		u32 mode = tg3_read(tp, T3_MODE_CTRL), mac = tg3_read(tp, T3_MAC_MODE);

		tg3_write(tp, T3_MODE_CTRL, mode | BIT(3));
		ck_assert_uint_eq(hosted_failures_take("sets reserved bits 0x00000008"), 1);
		ck_assert_uint_eq(tg3_read(tp, T3_MODE_CTRL), mode);
		tg3_write(tp, T3_MAC_MODE, mac | BIT(31));
		ck_assert_uint_eq(hosted_failures_take("sets reserved bits 0x80000000"), 1);
		ck_assert_uint_eq(tg3_read(tp, T3_MAC_MODE), mac);
	}
	/* A send BD changed after the producer index told the chip about it. */
	{
		u8 f[100];
		u16 slot = tp->tx_prod;

		fr_build(f, sizeof(f), tt_peer, tt_mac0, FR_PROTO_UDP, 5, true);
		ck_assert_int_eq(tt_send(dev, f, sizeof(f), 1, NETBUF_CSUM_NONE, 0), NETDEV_TX_OK);
		tp->tx_ring[slot].vlan = 1; /* the chip ignores it here: only the race is wrong */
		hosted_run_for(NSEC_PER_MSEC);
		ck_assert_uint_eq(
		    hosted_failures_take("changed after its producer index was posted"), 1);
		ck_assert_uint_eq(hosted_failures(), 0);
	}

	/* A receive buffer address nobody allocated, then one already freed. */
	{
		struct t3_rx_bd *bd =
		    &tp->std_ring[(tp->std_prod + TG3_STD_RING - TG3_RX_POSTED) % TG3_STD_RING];

		bd->addr_hi = 0x7;
		bd->addr_lo = 0x12340000;
	}
	inject_n(1, 1);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(hosted_failures_take("stray address"), 1);
	/* ... and the BD was changed after the chip was told it was ready. */
	ck_assert_uint_eq(hosted_failures_take("changed after its producer index was posted"), 1);
	ck_assert_uint_eq(tt_rx_count, 0);

	p = dma_alloc(4096, 0, 0, &stale);
	dma_free(p, 4096);
	tg3_write(tp, T3_HCC_MODE, 0);
	tg3_write(tp, T3_HCC_STATUS_ADDR_HI, (u32)(stale >> 32));
	tg3_write(tp, T3_HCC_STATUS_ADDR_LO, (u32)stale);
	tg3_write(tp, T3_HCC_MODE, T3_BLK_ENABLE | T3_HCCMODE_STATBLK_32B | T3_HCCMODE_COAL_NOW);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(hosted_failures_take("stale address"), 1);
	/* Put it back so teardown sees a sane chip. */
	tg3_write(tp, T3_HCC_MODE, 0);
	tg3_write(tp, T3_HCC_STATUS_ADDR_HI, (u32)(tp->status_dma >> 32));
	tg3_write(tp, T3_HCC_STATUS_ADDR_LO, (u32)tp->status_dma);
	tg3_write(tp, T3_HCC_MODE, T3_BLK_ENABLE | T3_HCCMODE_STATBLK_32B);
	ck_assert_uint_eq(hosted_failures(), 0);
	tt_teardown();
}
END_TEST

/*
 * What Linux's tg3 meets at probe, modelled for it (napkin's driver needs
 * none of it): the config shadow and memory window data register in BAR0,
 * the NVRAM interface behind its software arbitration, the APE's locks in
 * BAR2, and tagged status. Raw register cycles, numbers from Linux tg3.h.
 */
START_TEST(test_model_probe_interfaces)
{
	struct net_device *dev;
	struct tg3 *tp;
	u8 *ape;

	tt_setup_default();
	dev = tt_dev();
	tp = tp_of(dev);
	hosted_failures_quiet(true);

	/* NIC memory through the window's data register: the bootcode's signature. */
	tg3_write(tp, 0x7C, 0xB54);
	ck_assert_uint_eq(tg3_read(tp, 0x84), 0x4B657654);
	tg3_write(tp, 0x7C, 0);

	/* NVRAM: a command without the grant collides with the bootcode. */
	tg3_write(tp, 0x7024, 1);
	tg3_write(tp, 0x7000, 0x198);
	ck_assert_uint_eq(hosted_failures_take("without the driver's arbitration grant"), 1);
	tg3_write(tp, 0x7020, 0x2); /* request 1 */
	ck_assert_uint_eq(tg3_read(tp, 0x7020) & 0x200, 0x200);
	tg3_write(tp, 0x700C, 0x100);
	tg3_write(tp, 0x7000, 0x198);
	ck_assert_uint_eq(tg3_read(tp, 0x7000) & 0x8, 0x8);  /* done */
	ck_assert_uint_eq(tg3_read(tp, 0x7010), 0xFFFFFFFF); /* an erased part */
	tg3_write(tp, 0x7020, 0x20);
	ck_assert_uint_eq(tg3_read(tp, 0x7020) & 0x200, 0);
	tg3_write(tp, 0x7024, 0);

	/* APE lock 1 (GRC): granted to the requester, released by writing its bit. */
	ape = pci_iomap(tp->pdev, 2);
	ck_assert_ptr_nonnull(ape);
	writel(0x1000, ape + 0x8404);
	ck_assert_uint_eq(readl(ape + 0x8424), 0x1000);
	writel(0x1000, ape + 0x8424);
	ck_assert_uint_eq(readl(ape + 0x8424), 0);
	ck_assert_uint_eq(readl(ape + 0x4000), 0); /* no APE firmware signature */
	writel(1, ape + 0x100);
	ck_assert_uint_eq(hosted_failures_take("APE register 0x0100"), 1);

	/*
	 * Tagged status, by hand on the probed (not opened) chip, whose
	 * interrupt is INTx: each status block carries a new tag, and only
	 * acknowledging the newest tag ends the interrupt.
	 */
	{
		u32 mhc = pci_read_config_dword(tp->pdev, 0x68);
		struct hosted_pci_fn *fn = tg3_model_pci(tt_model());
		dma_addr_t sb_dma;
		struct t3_status_block *sb = dma_alloc(4096, 0, 0, &sb_dma);

		ck_assert_ptr_nonnull(sb);
		/* Tagged on, the INTx mask the quiesced driver left off. */
		pci_write_config_dword(tp->pdev, 0x68, (mhc | BIT(9)) & ~BIT(1));
		tg3_write(tp, 0x204, 1);
		tg3_write(tp, 0x3C10, 1);
		tg3_write(tp, 0x3C38, (u32)(sb_dma >> 32));
		tg3_write(tp, 0x3C3C, (u32)sb_dma);
		tg3_write(tp, 0x3C00, 0x2 | 2u << 7 | 0x8); /* on, 32-byte block, now */
		hosted_run_for(NSEC_PER_MSEC);
		ck_assert_uint_eq(sb->tag, 1);
		ck_assert(!hosted_pci_intx_asserted(fn)); /* masked */
		tg3_write(tp, 0x204, 1u << 24);
		ck_assert(!hosted_pci_intx_asserted(fn));
		tg3_write(tp, 0x3C00, 0x2 | 2u << 7 | 0x8);
		hosted_run_for(NSEC_PER_MSEC);
		ck_assert_uint_eq(sb->tag, 2);
		ck_assert(hosted_pci_intx_asserted(fn));
		tg3_write(tp, 0x204, 1u << 24); /* an older tag: still pending */
		ck_assert(hosted_pci_intx_asserted(fn));
		tg3_write(tp, 0x204, 2u << 24);
		ck_assert(!hosted_pci_intx_asserted(fn));
		tg3_write(tp, 0x204, 1);
		tg3_write(tp, 0x3C00, 0);
		pci_write_config_dword(tp->pdev, 0x68, mhc);
		dma_free(sb, 4096);
	}
	ck_assert_uint_eq(hosted_failures(), 0);
	tt_teardown();
}
END_TEST

static Suite *tg3_suite(void)
{
	Suite *s = suite_create("tg3 hosted");
	TCase *tc = tcase_create("bring-up");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_probe);
	tcase_add_test(tc, test_open_link_msi);
	suite_add_tcase(s, tc);
	tc = tcase_create("traffic");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_tx_all_sizes);
	tcase_add_test(tc, test_tx_udp_csum_partial);
	tcase_add_test(tc, test_udp_csum_option_refused);
	tcase_add_test(tc, test_rx_all_sizes);
	tcase_add_test(tc, test_ring_wrap);
	tcase_add_test(tc, test_budget_and_repoll);
	tcase_add_test(tc, test_full_poll_keeps_irq_masked);
	tcase_add_test(tc, test_poll_budget_zero_only_reclaims_tx);
	tcase_add_test(tc, test_no_irq_while_scheduled);
	tcase_add_test(tc, test_filters_and_counters);
	tcase_add_test(tc, test_napi_irq_mode);
	tcase_add_test(tc, test_two_chips_cabled);
	suite_add_tcase(s, tc);
	tc = tcase_create("interrupts");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_msi_lost_falls_back_to_intx);
	tcase_add_test(tc, test_intx_only_function);
	tcase_add_test(tc, test_shared_intx_line);
	suite_add_tcase(s, tc);
	tc = tcase_create("faults");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_link_partners_and_flap);
	tcase_add_test(tc, test_mac_statistics_and_lockup_fix_on);
	tcase_add_test(tc, test_vpd_read_completes);
	tcase_add_test(tc, test_pause_holds_a_burst);
	tcase_add_test(tc, test_fault_irq_lost_msi);
	tcase_add_test(tc, test_fault_irq_lost_intx);
	tcase_add_test(tc, test_fault_link_flap);
	tcase_add_test(tc, test_fault_rx_errors);
	tcase_add_test(tc, test_fault_no_rx_buffer);
	tcase_add_test(tc, test_stack_holds_every_buffer);
	tcase_add_test(tc, test_remove_with_buffers_lent);
	tcase_add_test(tc, test_tx_stuck_watchdog_reset);
	tcase_add_test(tc, test_send_ring_never_full);
	tcase_add_test(tc, test_dma_error_attention_reset);
	tcase_add_test(tc, test_bootcode_hang_at_probe);
	tcase_add_test(tc, test_bootcode_hang_during_recovery);
	tcase_add_test(tc, test_open_failure_leaves_nothing);
	suite_add_tcase(s, tc);
	tc = tcase_create("life cycle");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_close_reopen_no_leaks);
	tcase_add_test(tc, test_states_through_life);
	tcase_add_test(tc, test_reset_leaves_loop_running);
	tcase_add_test(tc, test_reset_bootcode_never_done_ends_dead);
	tcase_add_test(tc, test_close_during_reset);
	tcase_add_loop_test(tc, test_probe_failure_at_each_step, TG3_PROBE_ENABLE, TG3_PROBE_STEPS);
	tcase_add_test(tc, test_refused_ids);
	tcase_add_test(tc, test_model_catches_misuse);
	tcase_add_test(tc, test_model_probe_interfaces);
	suite_add_tcase(s, tc);
	tc = tcase_create("bcm5784");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_5784_probe_and_traffic);
	tcase_add_test(tc, test_5784_msi_lost_and_no_msi);
	tcase_add_test(tc, test_5784_id_with_wrong_asic);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(tg3_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

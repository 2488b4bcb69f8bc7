// SPDX-License-Identifier: BSD-2-Clause
/*
 * The skge interrupt handshake: the real handler and poll (drivers/skge/
 * skge_irq.c) with the real NAPI core, against a fake register file that
 * behaves like the chip's interrupt block: reading B0_SP_ISRC masks the
 * chip's interrupt, writing B0_IMSK lets it interrupt again, B0_ISRC reads
 * without side effects. The data path (rings) is stubbed: each port's
 * receive "ring" is a count of frames.
 *
 * Every test checks one mechanism and fails if it is removed: the unmask on
 * the "not mine" path, not claiming sources of a port whose poll runs, a
 * port's bits leaving the mask when its instance is scheduled and coming
 * back only when its own poll completes (with interrupts off), MAC events
 * taken out of the packet path, and the lost-interrupt check.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/skge/skge.h"
#include "kernel/x86/irqflags.h"
#include "tests/unit/fakes/napi_fakes.h"

/* ---- Fake interrupt block ---- */
static u8 regs[SKGE_BAR_SIZE] __aligned(8);
static u32 chip_isrc;	 /* sources pending in the chip */
static u32 chip_imsk;	 /* as last written */
static bool chip_masked; /* a read of SP_ISRC masked everything */
static int imsk_writes;
static bool imsk_write_irqs_off = true; /* every IMSK write with interrupts off */
static int sp_isrc_reads;

static bool in_regs(const volatile void *addr, u32 *off)
{
	uintptr_t a = (uintptr_t)addr, base = (uintptr_t)regs;

	if (a < base || a >= base + sizeof(regs))
		return false;
	*off = (u32)(a - base);
	return true;
}

bool hosted_mmio_read(const volatile void *addr, unsigned int size, u64 *val)
{
	u32 off;

	if (!in_regs(addr, &off))
		return false;
	switch (off) {
	case SKGE_B0_SP_ISRC:
		sp_isrc_reads++;
		chip_masked = true;
		*val = chip_isrc;
		return true;
	case SKGE_B0_ISRC: *val = chip_isrc; return true;
	case SKGE_B0_IMSK: *val = chip_imsk; return true;
	default: *val = 0; return true;
	}
}

bool hosted_mmio_write(volatile void *addr, unsigned int size, u64 val)
{
	u32 off;

	if (!in_regs(addr, &off))
		return false;
	if (off == SKGE_B0_IMSK) {
		chip_imsk = (u32)val;
		chip_masked = false;
		imsk_writes++;
		if (!irqs_disabled())
			imsk_write_irqs_off = false;
	}
	return true;
}

/* What the chip would do with its INTx line now. */
static bool intx_asserted(void)
{
	return !chip_masked && (chip_isrc & chip_imsk);
}

/* ---- Stubbed data path and MAC ---- */
static struct skge_hw hw;
static int rx_frames[SKGE_MAX_PORTS]; /* frames each port's ring holds */
static int polls[SKGE_MAX_PORTS];
static int mac_events[SKGE_MAX_PORTS];

void skge_tx_reclaim(struct skge_port *p) {}

int skge_rx(struct skge_port *p, int budget)
{
	int n = MIN(rx_frames[p->port], budget);

	polls[p->port]++;
	rx_frames[p->port] -= n;
	/* The ring emptied: the chip's end-of-frame source goes quiet. */
	if (!rx_frames[p->port])
		chip_isrc &= ~p->irq_bits;
	return n;
}

void skge_rx_refill(struct skge_port *p) {}

void skge_link_update(struct skge_port *p) {}

static void fake_event(struct skge_port *p)
{
	mac_events[p->port]++;
	chip_isrc &= ~p->mac_bit; /* read at the MAC: cleared */
}

static const struct skge_mac_ops fake_mac = { .name = "fake", .event = fake_event };

static struct pci_dev pdev = { .name = "00:05.0" };

#define P0_BITS (SKGE_IS_R1_EOF | SKGE_IS_XS1_EOF)
#define P1_BITS (SKGE_IS_R2_EOF | SKGE_IS_XS2_EOF)
#define ALL_ON	(P0_BITS | P1_BITS | SKGE_IS_MAC1 | SKGE_IS_MAC2 | SKGE_IS_HW_ERR)

static void setup(void)
{
	fake_reset_all();
	napi_init();
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_NAPI), 0);
	memset(&hw, 0, sizeof(hw));
	memset(rx_frames, 0, sizeof(rx_frames));
	memset(polls, 0, sizeof(polls));
	memset(mac_events, 0, sizeof(mac_events));
	chip_isrc = 0;
	chip_imsk = 0;
	chip_masked = false;
	imsk_writes = 0;
	sp_isrc_reads = 0;
	imsk_write_irqs_off = true;
	hw.pdev = &pdev;
	hw.regs = regs;
	hw.ports = 2;
	hw.mac = &fake_mac;
	skge_irq_init(&hw);
	for (unsigned int i = 0; i < 2; i++) {
		struct skge_port *p = &hw.port[i];

		p->hw = &hw;
		p->port = i;
		p->rx_q = SKGE_Q_RX(i);
		p->tx_q = SKGE_Q_TX_SYNC(i);
		p->irq_bits = i ? P1_BITS : P0_BITS;
		p->mac_bit = i ? SKGE_IS_MAC2 : SKGE_IS_MAC1;
		p->opened = true;
		ck_assert_int_eq(netif_napi_add(NULL, &p->napi, skge_poll, 64), 0);
		napi_enable(&p->napi);
		skge_irq_port_on(p);
	}
	ck_assert_uint_eq(chip_imsk, ALL_ON);
	imsk_writes = 0;
}

static void teardown(void)
{
	for (unsigned int i = 0; i < 2; i++) {
		napi_disable(&hw.port[i].napi);
		netif_napi_del(&hw.port[i].napi);
	}
	ktimer_cancel(&hw.event_timer);
	ck_assert_int_eq(fake_irq_save_depth(), 0);
	ck_assert_int_eq(net_set_budget(NET_BUDGET_DEFAULT), 0);
}

/* The line is level triggered: the handler runs while the chip asserts it. */
static irqreturn_t interrupt(void)
{
	irqreturn_t ret;

	fake_hardirq_enter();
	ret = skge_interrupt(&hw);
	fake_hardirq_exit();
	return ret;
}

/* A frame arrives on `port`: its end-of-frame source sets. */
static void frame_arrives(unsigned int port, int frames)
{
	rx_frames[port] += frames;
	chip_isrc |= port ? SKGE_IS_R2_EOF : SKGE_IS_R1_EOF;
}

START_TEST(test_not_mine_reenables_chip)
{
	/* Another device raised the line: nothing pending here. */
	ck_assert_int_eq(interrupt(), IRQ_NONE);
	ck_assert_int_eq(sp_isrc_reads, 1);
	ck_assert_msg(!chip_masked, "the SP_ISRC read masked the chip and nothing unmasked it");
	ck_assert_uint_eq(chip_imsk, ALL_ON);
	ck_assert_uint_eq(hw.ctr.irq_not_ours, 1);
	ck_assert(!napi_is_scheduled(&hw.port[0].napi));
	ck_assert(!napi_is_scheduled(&hw.port[1].napi));
	/* And our own next frame still gets through. */
	frame_arrives(0, 1);
	ck_assert(intx_asserted());
}
END_TEST

START_TEST(test_all_ones_is_not_mine)
{
	chip_isrc = 0xFFFFFFFFu; /* the chip dropped off the bus */
	ck_assert_int_eq(interrupt(), IRQ_NONE);
	ck_assert(!chip_masked);
	ck_assert(!napi_is_scheduled(&hw.port[0].napi));
	ck_assert(!napi_is_scheduled(&hw.port[1].napi));
	ck_assert_uint_eq(hw.intr_mask, ALL_ON);
}
END_TEST

START_TEST(test_port_schedules_only_its_instance)
{
	frame_arrives(1, 3);
	ck_assert(intx_asserted());
	ck_assert_int_eq(interrupt(), IRQ_HANDLED);
	ck_assert(napi_is_scheduled(&hw.port[1].napi));
	ck_assert(!napi_is_scheduled(&hw.port[0].napi));
	/* Port 1's sources left the mask, port 0's and the MACs' stayed. */
	ck_assert_uint_eq(chip_imsk, ALL_ON & ~P1_BITS);
	ck_assert(!chip_masked);
	ck_assert_msg(!intx_asserted(), "the chip would interrupt again for a scheduled port");
	/* Port 0 keeps interrupting normally meanwhile. */
	frame_arrives(0, 1);
	ck_assert(intx_asserted());
	ck_assert_int_eq(interrupt(), IRQ_HANDLED);
	ck_assert(napi_is_scheduled(&hw.port[0].napi));
	ck_assert_uint_eq(chip_imsk, ALL_ON & ~(P0_BITS | P1_BITS));
	ck_assert_uint_eq(hw.port[0].ctr.napi_schedules, 1);
	ck_assert_uint_eq(hw.port[1].ctr.napi_schedules, 1);
}
END_TEST

START_TEST(test_scheduled_port_sources_not_claimed)
{
	frame_arrives(0, 100);
	ck_assert_int_eq(interrupt(), IRQ_HANDLED);
	ck_assert(napi_is_scheduled(&hw.port[0].napi));
	/* More frames for port 0 (masked) while a bystander raises the line. */
	frame_arrives(0, 5);
	ck_assert_int_eq(interrupt(), IRQ_NONE);
	ck_assert(!chip_masked);
	ck_assert_uint_eq(hw.ctr.interrupts, 1);
	ck_assert_uint_eq(hw.ctr.irq_not_ours, 1);
}
END_TEST

START_TEST(test_complete_restores_own_bits_with_irqs_off)
{
	frame_arrives(0, 10);
	frame_arrives(1, 10);
	ck_assert_int_eq(interrupt(), IRQ_HANDLED);
	ck_assert_uint_eq(chip_imsk, ALL_ON & ~(P0_BITS | P1_BITS));
	/* Port 1's ring never empties within a poll: it stays scheduled. */
	rx_frames[1] = 100000;
	fake_softirq_run_net_rx(1);
	ck_assert_int_eq(polls[0], 1);
	ck_assert(!napi_is_scheduled(&hw.port[0].napi));
	ck_assert(napi_is_scheduled(&hw.port[1].napi));
	ck_assert_uint_eq(hw.intr_mask, ALL_ON & ~P1_BITS);
	ck_assert_uint_eq(chip_imsk, ALL_ON & ~P1_BITS);
	ck_assert_msg(imsk_write_irqs_off, "the shared mask was written with interrupts on");
	/* Port 0 can interrupt again, port 1 cannot until its poll completes. */
	frame_arrives(0, 1);
	ck_assert(intx_asserted());
	chip_isrc &= ~SKGE_IS_R1_EOF;
	ck_assert(!intx_asserted());
	rx_frames[1] = 0;
	fake_softirq_run_net_rx(4);
	ck_assert(!napi_is_scheduled(&hw.port[1].napi));
	ck_assert_uint_eq(chip_imsk, ALL_ON);
}
END_TEST

START_TEST(test_full_budget_keeps_port_masked)
{
	frame_arrives(0, 64); /* exactly the weight: the poll must not complete */
	ck_assert_int_eq(interrupt(), IRQ_HANDLED);
	ck_assert_int_eq(net_set_budget(64), 0); /* one poll per round */
	imsk_writes = 0;
	fake_softirq_run_net_rx(1);
	ck_assert_int_eq(polls[0], 1);
	ck_assert(napi_is_scheduled(&hw.port[0].napi));
	ck_assert_int_eq(imsk_writes, 0);
	ck_assert_uint_eq(chip_imsk, ALL_ON & ~P0_BITS);
	fake_softirq_run_net_rx(4);
	ck_assert(!napi_is_scheduled(&hw.port[0].napi));
	ck_assert_uint_eq(chip_imsk, ALL_ON);
}
END_TEST

START_TEST(test_closed_port_not_unmasked_by_late_poll)
{
	frame_arrives(0, 3);
	ck_assert_int_eq(interrupt(), IRQ_HANDLED);
	hw.port[0].opened = false; /* stop() ran while the poll was queued */
	fake_softirq_run_net_rx(4);
	ck_assert_uint_eq(chip_imsk & P0_BITS, 0);
}
END_TEST

START_TEST(test_mac_event_outside_packet_path)
{
	chip_isrc = SKGE_IS_MAC2;
	ck_assert_int_eq(interrupt(), IRQ_HANDLED);
	ck_assert(!napi_is_scheduled(&hw.port[0].napi));
	ck_assert(!napi_is_scheduled(&hw.port[1].napi));
	ck_assert_int_eq(mac_events[1], 0); /* not in the handler */
	ck_assert_uint_eq(chip_imsk, ALL_ON & ~SKGE_IS_MAC2);
	ck_assert(!intx_asserted());
	ktimers_run(fake_clock_now());
	ck_assert_int_eq(mac_events[1], 1);
	ck_assert_int_eq(mac_events[0], 0);
	ck_assert_uint_eq(chip_imsk, ALL_ON);
	ck_assert_uint_eq(hw.port[1].ctr.mac_events, 1);
}
END_TEST

START_TEST(test_lost_interrupt_found_by_timer)
{
	/* A frame completed but the line never rose (lost interrupt). */
	frame_arrives(1, 2);
	ck_assert_uint_eq(skge_irq_check_lost(&hw), 0); /* first sight: could be moderation */
	ck_assert(!napi_is_scheduled(&hw.port[1].napi));
	ck_assert_uint_eq(skge_irq_check_lost(&hw), 1); /* still pending a tick later: lost */
	ck_assert(napi_is_scheduled(&hw.port[1].napi));
	ck_assert_uint_eq(chip_imsk, ALL_ON & ~P1_BITS);
	ck_assert_int_eq(sp_isrc_reads, 0);
	fake_softirq_run_net_rx(4);
	ck_assert_int_eq(polls[1], 1);
	ck_assert_uint_eq(chip_imsk, ALL_ON);
}
END_TEST

/* Busy, not lost: the port's interrupts kept coming between the two ticks. */
START_TEST(test_moderated_source_under_traffic_not_lost)
{
	frame_arrives(0, 1);
	ck_assert_uint_eq(skge_irq_check_lost(&hw), 0); /* pending, held back by moderation */
	ck_assert_int_eq(interrupt(), IRQ_HANDLED);
	fake_softirq_run_net_rx(4);
	frame_arrives(0, 1); /* the next one, pending at the next tick */
	ck_assert_uint_eq(skge_irq_check_lost(&hw), 0);
	ck_assert(!napi_is_scheduled(&hw.port[0].napi));
}
END_TEST

START_TEST(test_outside_schedule_masks_first)
{
	skge_schedule_port(&hw.port[0]); /* refill or watchdog */
	ck_assert(napi_is_scheduled(&hw.port[0].napi));
	ck_assert_uint_eq(chip_imsk, ALL_ON & ~P0_BITS);
	frame_arrives(0, 1);
	ck_assert(!intx_asserted());
	fake_softirq_run_net_rx(4);
	ck_assert_uint_eq(chip_imsk, ALL_ON);
}
END_TEST

static Suite *skge_irq_suite(void)
{
	Suite *s = suite_create("skge_irq");
	TCase *tc = tcase_create("handshake");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_not_mine_reenables_chip);
	tcase_add_test(tc, test_all_ones_is_not_mine);
	tcase_add_test(tc, test_port_schedules_only_its_instance);
	tcase_add_test(tc, test_scheduled_port_sources_not_claimed);
	tcase_add_test(tc, test_complete_restores_own_bits_with_irqs_off);
	tcase_add_test(tc, test_full_budget_keeps_port_masked);
	tcase_add_test(tc, test_closed_port_not_unmasked_by_late_poll);
	tcase_add_test(tc, test_mac_event_outside_packet_path);
	tcase_add_test(tc, test_lost_interrupt_found_by_timer);
	tcase_add_test(tc, test_moderated_source_under_traffic_not_lost);
	tcase_add_test(tc, test_outside_schedule_masks_first);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(skge_irq_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

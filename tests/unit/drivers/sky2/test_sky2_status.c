// SPDX-License-Identifier: BSD-2-Clause
/*
 * The sky2 status-ring drain (drivers/sky2/sky2_status.c) against a status
 * ring in host memory that the test fills the way the chip does (HW_OWNER
 * set, css bit 0 naming the port). The per-port receive and transmit code is
 * replaced by recorders, so each test sees exactly what the drain routed
 * where: entries by port bit, one budget over both ports, TXINDEXLE split
 * between the ports and applied once, receive PUT writes batched, the owner
 * bit cleared and the ring wrapping.
 */
#include <check.h>
#include <string.h>

#include "drivers/sky2/sky2.h"
#include "tests/unit/fakes/stub_printk.h"

#define RING 64

static struct sky2_le ring[RING];
static struct sky2_hw hw;
static struct pci_dev pdev = { .name = "00:03.0" };

struct rx_call {
	unsigned int port;
	u32 status;
	u16 len;
};
static struct rx_call rx_calls[4 * RING];
static unsigned int nr_rx;
static u16 tx_idx[2];
static unsigned int tx_calls[2], refills[2], put_flushes[2];
static unsigned int rx_runs, longest_run;

/* ---- the per-port code the drain calls, played by the test ---- */

void sky2_rx_complete(struct sky2_port *p, const struct sky2_rx_done *done, unsigned int n)
{
	ck_assert_uint_gt(n, 0);
	ck_assert_uint_le(n, SKY2_RX_RUN);
	rx_runs++;
	longest_run = MAX(longest_run, n);
	for (unsigned int i = 0; i < n; i++) {
		ck_assert_uint_lt(nr_rx, ARRAY_SIZE(rx_calls));
		rx_calls[nr_rx++] = (struct rx_call){ p->index, done[i].status, done[i].len };
	}
}

void sky2_tx_complete(struct sky2_port *p, u16 done_idx)
{
	tx_idx[p->index] = done_idx;
	tx_calls[p->index]++;
}

void sky2_rx_refill(struct sky2_port *p)
{
	refills[p->index]++;
}

void sky2_rx_put_flush(struct sky2_port *p)
{
	put_flushes[p->index]++;
}

/* ---- the chip's side ---- */

static unsigned int chip_put;

static void chip_write(u32 status, u16 len, u8 css, u8 op)
{
	struct sky2_le *le = &ring[chip_put];

	ck_assert_msg(!(le->opcode & LE_HW_OWNER), "the test overwrote an entry still owned");
	le->addr = status;
	le->len = len;
	le->ctrl = css;
	le->opcode = (u8)(op | LE_HW_OWNER);
	chip_put = (chip_put + 1) % RING;
}

/* A received frame on `port`; the frame number travels in the status word's length. */
static void chip_rx(unsigned int port, u16 n)
{
	chip_write(((u32)n << RXS_LEN_SHIFT) | RXS_RX_OK, n, (u8)(port & LE_CSS_PORT),
		   LE_OP_RXSTAT);
}

static void setup(unsigned int ports)
{
	memset(ring, 0, sizeof(ring));
	memset(&hw, 0, sizeof(hw));
	memset(rx_calls, 0, sizeof(rx_calls));
	nr_rx = 0;
	rx_runs = longest_run = 0;
	chip_put = 0;
	memset(tx_idx, 0, sizeof(tx_idx));
	memset(tx_calls, 0, sizeof(tx_calls));
	memset(refills, 0, sizeof(refills));
	memset(put_flushes, 0, sizeof(put_flushes));
	hw.pdev = &pdev;
	hw.st_le = ring;
	hw.st_size = RING;
	hw.nports = ports;
	for (unsigned int i = 0; i < ports; i++) {
		hw.port[i].hw = &hw;
		hw.port[i].index = i;
		hw.port[i].opened = true;
	}
	stub_printk_reset();
}

static void setup_dual(void)
{
	setup(2);
}

START_TEST(routes_each_entry_by_its_port_bit)
{
	static const unsigned int ports[] = { 0, 1, 1, 0, 1, 0, 0, 1 };

	for (unsigned int i = 0; i < ARRAY_SIZE(ports); i++)
		chip_rx(ports[i], (u16)(100 + i));
	ck_assert_int_eq(sky2_status_drain(&hw, 64), (int)ARRAY_SIZE(ports));
	ck_assert_uint_eq(nr_rx, ARRAY_SIZE(ports));
	for (unsigned int i = 0; i < ARRAY_SIZE(ports); i++) {
		ck_assert_uint_eq(rx_calls[i].port, ports[i]);
		ck_assert_uint_eq(rx_calls[i].len, 100 + i);
		ck_assert_uint_eq(rx_calls[i].status >> RXS_LEN_SHIFT, 100 + i);
	}
}
END_TEST

/* Receive entries go over in runs of one port: long runs are cut, a port change ends one. */
START_TEST(receive_entries_go_over_in_runs_of_one_port)
{
	for (unsigned int i = 0; i < 40; i++)
		chip_rx(0, (u16)i);
	chip_rx(1, 500);
	chip_rx(0, 40);
	ck_assert_int_eq(sky2_status_drain(&hw, 64), 42);
	ck_assert_uint_eq(nr_rx, 42);
	for (unsigned int i = 0; i < 40; i++)
		ck_assert_uint_eq(rx_calls[i].len, i);
	ck_assert_uint_eq(rx_calls[40].port, 1);
	ck_assert_uint_eq(rx_calls[41].len, 40);
	/* 40 = 32 + 8, then port 1's one, then port 0's one. */
	ck_assert_uint_eq(rx_runs, 4);
	ck_assert_uint_eq(longest_run, SKY2_RX_RUN);
}
END_TEST

START_TEST(one_budget_counts_both_ports)
{
	/* 63 frames from both ports, interleaved: a budget of 32 covers 32 frames in all. */
	for (unsigned int i = 0; i < 50; i++) {
		chip_rx(0, (u16)i);
		if (i < 13)
			chip_rx(1, (u16)i);
	}
	ck_assert_int_eq(sky2_status_drain(&hw, 32), 32);
	ck_assert_uint_eq(nr_rx, 32);
	/* The entries left are still owned and come next, in ring order. */
	ck_assert_int_eq(sky2_status_drain(&hw, 64), 63 - 32);
	ck_assert_uint_eq(nr_rx, 63);
	ck_assert_uint_eq(hw.ctr.polls_budget_exhausted, 1);
}
END_TEST

START_TEST(budget_spent_on_one_port_leaves_the_other_for_the_next_poll)
{
	unsigned int p1 = 0;

	for (unsigned int i = 0; i < 20; i++)
		chip_rx(0, (u16)i);
	for (unsigned int i = 0; i < 5; i++)
		chip_rx(1, (u16)(200 + i));
	ck_assert_int_eq(sky2_status_drain(&hw, 20), 20);
	for (unsigned int i = 0; i < nr_rx; i++)
		p1 += rx_calls[i].port == 1;
	ck_assert_uint_eq(p1, 0);
	ck_assert_int_eq(sky2_status_drain(&hw, 20), 5);
	ck_assert_uint_eq(rx_calls[20].port, 1);
	ck_assert_uint_eq(rx_calls[20].len, 200);
}
END_TEST

START_TEST(stops_at_the_first_entry_the_chip_has_not_written)
{
	chip_rx(0, 1);
	chip_rx(1, 2);
	/* Slot 3 holds a stale entry without the owner bit, then an owned one. */
	ring[3].opcode = LE_OP_RXSTAT | LE_HW_OWNER;
	ring[3].ctrl = 0;
	ck_assert_int_eq(sky2_status_drain(&hw, 64), 2);
	ck_assert_uint_eq(hw.st_idx, 2);
	/* Handed back: the owner bits are clear. */
	ck_assert_uint_eq(ring[0].opcode & LE_HW_OWNER, 0);
	ck_assert_uint_eq(ring[1].opcode & LE_HW_OWNER, 0);
	ck_assert(sky2_status_pending(&hw) == false);
}
END_TEST

START_TEST(wraps_around_the_ring)
{
	for (unsigned int round = 0; round < 3; round++) {
		for (unsigned int i = 0; i < RING / 2 + 3; i++)
			chip_rx(i & 1, (u16)i);
		ck_assert_int_eq(sky2_status_drain(&hw, 256), RING / 2 + 3);
	}
	ck_assert_uint_eq(nr_rx, 3 * (RING / 2 + 3));
	ck_assert_uint_eq(hw.st_idx, (3 * (RING / 2 + 3)) % RING);
}
END_TEST

START_TEST(txindex_splits_between_the_ports)
{
	struct sky2_le le = { .addr = 0xAB000123u, .len = 0x000Cu };

	ck_assert_uint_eq(sky2_txindex_port(&le, 0), 0x123);
	ck_assert_uint_eq(sky2_txindex_port(&le, 1), 0xCAB);

	/* Two reports in one drain: the latest counts, once per port. */
	chip_write(0x05000010u, 0x0000, 0, LE_OP_TXINDEX);
	chip_rx(1, 7);
	chip_write(0x7F0000FEu, 0x0001, 0, LE_OP_TXINDEX);
	ck_assert_int_eq(sky2_status_drain(&hw, 64), 1);
	ck_assert_uint_eq(tx_calls[0], 1);
	ck_assert_uint_eq(tx_calls[1], 1);
	ck_assert_uint_eq(tx_idx[0], 0x0FE);
	ck_assert_uint_eq(tx_idx[1], 0x17F);
}
END_TEST

START_TEST(transmit_reports_do_not_use_budget)
{
	for (unsigned int i = 0; i < 10; i++)
		chip_write(i, 0, 0, LE_OP_TXINDEX);
	chip_rx(0, 1);
	ck_assert_int_eq(sky2_status_drain(&hw, 1), 1);
	ck_assert_uint_eq(tx_idx[0], 9);
	ck_assert_uint_eq(nr_rx, 1);
}
END_TEST

START_TEST(receive_put_is_written_once_per_port_per_drain)
{
	for (unsigned int i = 0; i < 30; i++)
		chip_rx(0, (u16)i);
	ck_assert_int_eq(sky2_status_drain(&hw, 64), 30);
	ck_assert_uint_eq(put_flushes[0], 1);
	ck_assert_uint_eq(refills[0], 1);
	ck_assert_uint_eq(put_flushes[1], 0);
	ck_assert_uint_eq(refills[1], 0);
}
END_TEST

START_TEST(entry_for_an_absent_port_is_dropped_and_counted)
{
	setup(1);
	chip_rx(1, 5);
	chip_rx(0, 6);
	ck_assert_int_eq(sky2_status_drain(&hw, 64), 1);
	ck_assert_uint_eq(nr_rx, 1);
	ck_assert_uint_eq(rx_calls[0].port, 0);
	ck_assert_uint_eq(hw.ctr.status_bad_port, 1);
	ck_assert(stub_printk_contains("not present"));
}
END_TEST

START_TEST(unknown_opcode_is_counted_and_skipped)
{
	chip_write(0, 0, 0, 0x7F);
	chip_rx(1, 9);
	ck_assert_int_eq(sky2_status_drain(&hw, 64), 1);
	ck_assert_uint_eq(hw.ctr.status_unknown_op, 1);
	ck_assert_uint_eq(rx_calls[0].port, 1);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sky2_status");
	TCase *tc = tcase_create("drain");

	tcase_add_checked_fixture(tc, setup_dual, NULL);
	tcase_add_test(tc, routes_each_entry_by_its_port_bit);
	tcase_add_test(tc, receive_entries_go_over_in_runs_of_one_port);
	tcase_add_test(tc, one_budget_counts_both_ports);
	tcase_add_test(tc, budget_spent_on_one_port_leaves_the_other_for_the_next_poll);
	tcase_add_test(tc, stops_at_the_first_entry_the_chip_has_not_written);
	tcase_add_test(tc, wraps_around_the_ring);
	tcase_add_test(tc, txindex_splits_between_the_ports);
	tcase_add_test(tc, transmit_reports_do_not_use_budget);
	tcase_add_test(tc, receive_put_is_written_once_per_port_per_drain);
	tcase_add_test(tc, entry_for_an_absent_port_is_dropped_and_counted);
	tcase_add_test(tc, unknown_opcode_is_counted_and_skipped);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

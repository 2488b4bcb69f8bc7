// SPDX-License-Identifier: BSD-2-Clause
/*
 * The interrupt ladder (kernel/pci/pci_irq_ladder.c) over fake config space: which
 * rung a plan and a command line get, what the log says about each rung passed
 * over, stepping down after a failed self-test, and the poll and watchdog
 * timers. Time and timers are the test's: ktimer_arm() only records.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include "kernel/core/cmdline.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci_internal.h"
#include "kernel/pci/pci_irq_ladder.h"
#include "tests/unit/fakes/pci_fake.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/pci_test_log.h"
#include "tests/unit/fakes/pci_test_reset.h"

#define MSIX_BAR_PHYS 0xfebf0000u
#define MSIX_BAR_SIZE 0x4000u

static u64 now_ns;
static u8 *bar_mem;

u64 ktime_get_ns(void)
{
	return now_ns;
}

void ktimer_arm(struct ktimer *t, u64 deadline_ns)
{
	t->deadline_ns = deadline_ns;
	t->armed = true;
}

void ktimer_cancel(struct ktimer *t)
{
	t->armed = false;
}

/* Run one armed timer as the idle loop would at its deadline. */
static void fire(struct ktimer *t)
{
	ck_assert(t->armed);
	now_ns = t->deadline_ns;
	t->armed = false;
	t->fn(t);
}

static unsigned int polls, watch_calls, watch_rescues;
static enum irq_ladder_mode watched_mode;

static void test_poll(void *drv)
{
	ck_assert_ptr_eq(drv, &polls);
	polls++;
}

static unsigned int test_watch(void *drv, enum irq_ladder_mode mode)
{
	watch_calls++;
	watched_mode = mode;
	return watch_rescues;
}

static struct irq_ladder_plan plan;

static void setup(void)
{
	pci_test_reset();
	cmdline_init("");
	bar_mem = calloc(1, MSIX_BAR_SIZE);
	stub_ioremap_add(MSIX_BAR_PHYS, bar_mem, MSIX_BAR_SIZE);
	now_ns = 1000;
	polls = watch_calls = watch_rescues = 0;
	plan = (struct irq_ladder_plan){
		.option = "nic.irq",
		.allowed = IRQ_LADDER_ALLOW_ALL,
		.msix_min = 3,
		.msix_max = 3,
		.poll_period_ns = NSEC_PER_MSEC,
		.watchdog_period_ns = NSEC_PER_SEC,
		.poll = test_poll,
		.watch = test_watch,
	};
}

static void teardown(void)
{
	free(bar_mem);
}

static void add_msi(struct fake_fn *f)
{
	u8 off = fake_add_cap(f, PCI_CAP_ID_MSI, 12);

	fake_set16(f, off + PCI_MSI_FLAGS, 0);
	fake_writable(f, off + PCI_MSI_FLAGS, 1, 0x71);
	fake_writable(f, off + PCI_MSI_ADDRESS_LO, 8, 0xFF);
}

static void add_msix(struct fake_fn *f, unsigned int entries)
{
	u8 off = fake_add_cap(f, PCI_CAP_ID_MSIX, 12);

	fake_set16(f, off + PCI_MSIX_FLAGS, (u16)(entries - 1));
	fake_writable(f, off + PCI_MSIX_FLAGS + 1, 1, 0xC0);
	fake_set32(f, off + PCI_MSIX_TABLE, 3);
	fake_set32(f, off + PCI_MSIX_PBA, 0x2000 | 3);
}

/* A NIC at 00:05.0 with INTx pin A on `line` and the capabilities asked for. */
static struct pci_dev *nic(unsigned int msix_entries, bool msi, u8 line)
{
	struct fake_fn *f = fake_add(0, 5, 0, 0x8086, 0x10d3, 0x020000, 0);

	fake_bar_mem32(f, 0, 0xfeb00000, 0x20000, false);
	fake_bar_mem32(f, 3, MSIX_BAR_PHYS, MSIX_BAR_SIZE, false);
	fake_intx(f, 1, line);
	if (msi)
		add_msi(f);
	if (msix_entries)
		add_msix(f, msix_entries);
	pci_scan_root(0, 0, 255);
	return pci_find_bdf(0, 0, PCI_DEVFN(5, 0));
}

START_TEST(best_rung_first)
{
	struct pci_dev *p = nic(4, true, 10);
	struct irq_ladder l;

	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_MSIX);
	ck_assert_uint_eq(l.nr_vectors, 3);
	ck_assert_int_eq(irq_ladder_vector(&l, 2), pci_irq_vector(p, 2));
	ck_assert_int_lt(irq_ladder_vector(&l, 3), 0);
	irq_ladder_release(&l);
	ck_assert_int_eq(l.mode, IRQ_LADDER_NONE);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_NONE);
}
END_TEST

START_TEST(too_few_msix_vectors_says_why)
{
	struct pci_dev *p = nic(2, true, 10);
	struct irq_ladder l;

	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_MSI);
	ck_assert_uint_eq(l.nr_vectors, 1);
	ck_assert(log_contains("eth9: MSI-X offers 2 vectors, 3 needed: not used"));
	irq_ladder_release(&l);
}
END_TEST

START_TEST(no_msi_capability_gives_intx)
{
	struct pci_dev *p = nic(0, false, 11);
	struct irq_ladder l;

	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_INTX);
	ck_assert(log_contains("eth9: MSI-X offers 0 vectors, 3 needed: not used"));
	ck_assert(log_contains("eth9: no MSI capability: not used"));
	ck_assert(stub_hw.gsi[11].routed);
	irq_ladder_release(&l);
}
END_TEST

START_TEST(unroutable_intx_polls)
{
	struct pci_dev *p = nic(0, false, 0xFF);
	struct irq_ladder l;

	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_POLL);
	ck_assert_uint_eq(l.nr_vectors, 0);
	ck_assert_int_lt(irq_ladder_vector(&l, 0), 0);
	ck_assert(log_contains("has no interrupt line from firmware"));
	ck_assert_uint_eq(log_count_warn("eth9: no usable interrupt: polling every 1000 us"), 1);

	irq_ladder_start(&l);
	fire(&l.poll_timer);
	fire(&l.poll_timer);
	ck_assert_uint_eq(polls, 2);
	ck_assert_uint_eq(l.poll_ticks, 2);
	ck_assert(l.poll_timer.armed);
	irq_ladder_stop(&l);
	ck_assert(!l.poll_timer.armed && !l.watchdog.armed);
	irq_ladder_release(&l);
}
END_TEST

START_TEST(nothing_allowed_works_is_an_error)
{
	struct pci_dev *p = nic(0, false, 0xFF);
	struct irq_ladder l;

	plan.allowed = IRQ_LADDER_ALLOW(IRQ_LADDER_MSI) | IRQ_LADDER_ALLOW(IRQ_LADDER_INTX);
	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), -ENODEV);
	ck_assert_int_eq(l.mode, IRQ_LADDER_NONE);
	ck_assert_uint_eq(log_count_warn("eth9: no interrupt and no polling fallback"), 1);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_NONE);
}
END_TEST

START_TEST(command_line_caps_the_ladder)
{
	static const struct {
		const char *cmdline;
		enum irq_ladder_mode want;
	} cases[] = {
		{ "nic.irq=auto", IRQ_LADDER_MSIX }, { "nic.irq=msix", IRQ_LADDER_MSIX },
		{ "nic.irq=msi", IRQ_LADDER_MSI },   { "nic.irq=intx", IRQ_LADDER_INTX },
		{ "nic.irq=poll", IRQ_LADDER_POLL },
	};
	struct pci_dev *p = nic(4, true, 10);

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++) {
		struct irq_ladder l;

		log_clear();
		cmdline_init(cases[i].cmdline);
		irq_ladder_init(&l, "eth9", p, &plan, &polls);
		ck_assert_int_eq(irq_ladder_setup(&l), 0);
		ck_assert_msg(l.mode == cases[i].want, "%s gave %s", cases[i].cmdline,
			      irq_ladder_mode_name(l.mode));
		ck_assert_uint_eq(log_count("interrupts capped at"), i == 0 ? 0 : 1);
		irq_ladder_release(&l);
	}
	ck_assert(log_contains("eth9: interrupts capped at poll by nic.irq"));
}
END_TEST

START_TEST(command_line_rung_the_driver_lacks)
{
	struct pci_dev *p = nic(4, true, 10);
	struct irq_ladder l;

	plan.allowed &= ~IRQ_LADDER_ALLOW(IRQ_LADDER_MSI);
	cmdline_init("nic.irq=msi");
	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_INTX);
	ck_assert_uint_eq(log_count_warn("nic.irq=msi: this driver cannot use MSI"), 1);
	irq_ladder_release(&l);
}
END_TEST

START_TEST(command_line_below_every_rung_takes_the_lowest)
{
	struct pci_dev *p = nic(0, true, 10);
	struct irq_ladder l;

	plan.allowed = IRQ_LADDER_ALLOW(IRQ_LADDER_MSI) | IRQ_LADDER_ALLOW(IRQ_LADDER_INTX);
	cmdline_init("nic.irq=poll");
	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_INTX);
	ck_assert_uint_eq(log_count_warn("nic.irq=poll: this driver cannot use polling"), 1);
	ck_assert_uint_eq(log_count_warn("nic.irq=poll: nothing lower to take; using INTx"), 1);
	irq_ladder_release(&l);
}
END_TEST

START_TEST(command_line_bad_value_named)
{
	struct pci_dev *p = nic(4, true, 10);
	struct irq_ladder l;

	cmdline_init("nic.irq=sometimes");
	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_MSIX);
	ck_assert(log_contains("invalid value \"sometimes\" for nic.irq"));
	irq_ladder_release(&l);
}
END_TEST

START_TEST(fall_back_after_failed_selftest)
{
	struct pci_dev *p = nic(0, true, 10);
	struct irq_ladder l;

	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_MSI);
	ck_assert_int_eq(irq_ladder_fall_back(&l, "no interrupt arrived by MSI within 50 ms"), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_INTX);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_INTX);
	ck_assert(log_contains("eth9: no interrupt arrived by MSI within 50 ms: falling back to "
			       "INTx"));
	ck_assert_int_eq(irq_ladder_fall_back(&l, "no interrupt arrived by INTx"), 0);
	ck_assert_int_eq(l.mode, IRQ_LADDER_POLL);
	ck_assert(log_contains("falling back to polling"));
	ck_assert_uint_eq(l.fallbacks, 2);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_NONE);
	/* Nothing below polling. */
	ck_assert_int_eq(irq_ladder_fall_back(&l, "again"), -EINVAL);
	irq_ladder_release(&l);
}
END_TEST

START_TEST(fall_back_skips_rungs_not_in_plan)
{
	struct pci_dev *p = nic(0, true, 10);
	struct irq_ladder l;

	plan.allowed = IRQ_LADDER_ALLOW(IRQ_LADDER_MSI);
	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	ck_assert_int_eq(irq_ladder_fall_back(&l, "dead"), -ENODEV);
	ck_assert(log_contains("eth9: dead: falling back to nothing"));
	ck_assert_int_eq(l.mode, IRQ_LADDER_NONE);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_NONE);
}
END_TEST

START_TEST(watchdog_counts_rescues_and_logs_once)
{
	struct pci_dev *p = nic(4, true, 10);
	struct irq_ladder l;

	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	irq_ladder_start(&l);
	ck_assert(!l.poll_timer.armed); /* interrupts work: no polling */
	ck_assert_uint_eq(l.watchdog.deadline_ns, 1000 + NSEC_PER_SEC);
	fire(&l.watchdog);
	ck_assert_uint_eq(watch_calls, 1);
	ck_assert_int_eq(watched_mode, IRQ_LADDER_MSIX);
	ck_assert_uint_eq(l.missed_irqs, 0);
	ck_assert_uint_eq(log_count("watchdog"), 0);
	watch_rescues = 2;
	fire(&l.watchdog);
	fire(&l.watchdog);
	ck_assert_uint_eq(l.missed_irqs, 4);
	ck_assert_uint_eq(log_count_warn("eth9: work waited a whole watchdog period"), 1);
	irq_ladder_stop(&l);
	ck_assert(!l.watchdog.armed);
	/* A tick that was already due when it stopped does nothing. */
	l.watchdog.fn(&l.watchdog);
	ck_assert_uint_eq(watch_calls, 3);
	ck_assert(!l.watchdog.armed);
	irq_ladder_release(&l);
}
END_TEST

START_TEST(no_watchdog_without_period)
{
	struct pci_dev *p = nic(4, true, 10);
	struct irq_ladder l;

	plan.watchdog_period_ns = 0;
	irq_ladder_init(&l, "eth9", p, &plan, &polls);
	ck_assert_int_eq(irq_ladder_setup(&l), 0);
	irq_ladder_start(&l);
	ck_assert(!l.watchdog.armed);
	irq_ladder_stop(&l);
	irq_ladder_release(&l);
}
END_TEST

static Suite *ladder_suite(void)
{
	Suite *s = suite_create("pci_irq_ladder");
	TCase *tc = tcase_create("ladder");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, best_rung_first);
	tcase_add_test(tc, too_few_msix_vectors_says_why);
	tcase_add_test(tc, no_msi_capability_gives_intx);
	tcase_add_test(tc, unroutable_intx_polls);
	tcase_add_test(tc, nothing_allowed_works_is_an_error);
	tcase_add_test(tc, command_line_caps_the_ladder);
	tcase_add_test(tc, command_line_rung_the_driver_lacks);
	tcase_add_test(tc, command_line_below_every_rung_takes_the_lowest);
	tcase_add_test(tc, command_line_bad_value_named);
	tcase_add_test(tc, fall_back_after_failed_selftest);
	tcase_add_test(tc, fall_back_skips_rungs_not_in_plan);
	tcase_add_test(tc, watchdog_counts_rescues_and_logs_once);
	tcase_add_test(tc, no_watchdog_without_period);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ladder_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

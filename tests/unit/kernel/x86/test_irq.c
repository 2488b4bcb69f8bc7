// SPDX-License-Identifier: BSD-2-Clause
/* Vector allocation, handler lists, dispatch counters and the `irq` listing. */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/x86/irq.h"
#include "kernel/x86/vectors.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/pci_test_log.h"

struct fake_dev {
	bool raised;
	unsigned int calls;
	unsigned int claimed;
};

static irqreturn_t dev_handler(void *ctx)
{
	struct fake_dev *d = ctx;

	d->calls++;
	if (!d->raised)
		return IRQ_NONE;
	d->raised = false;
	d->claimed++;
	return IRQ_HANDLED;
}

struct chip_log {
	unsigned int masks, unmasks;
	u32 last_index;
};

static struct chip_log chip_log;

static void log_mask(void *data, u32 index)
{
	chip_log.masks++;
	chip_log.last_index = index;
}

static void log_unmask(void *data, u32 index)
{
	chip_log.unmasks++;
	chip_log.last_index = index;
}

static const struct irq_chip shared_chip = {
	.name = "test-level",
	.shareable = true,
	.mask = log_mask,
	.unmask = log_unmask,
};

static const struct irq_chip edge_chip = {
	.name = "test-edge",
	.mask = log_mask,
	.unmask = log_unmask,
};

static void setup(void)
{
	irq_reset_for_test();
	stub_hw_reset();
	log_clear();
	memset(&chip_log, 0, sizeof(chip_log));
}

START_TEST(reserve_and_allocate)
{
	int v;

	ck_assert_int_eq(irq_reserve_vector(0x20, "lapic-timer"), 0);
	ck_assert_int_eq(irq_reserve_vector(0x20, "again"), -EBUSY);
	ck_assert(log_contains("already owned by lapic-timer"));
	ck_assert_int_eq(irq_reserve_vector(14, "pagefault?"), -EINVAL);
	v = irq_alloc_vector("dev");
	ck_assert_int_eq(v, 0x21); /* lowest free, skipping the reserved one */
	ck_assert(irq_vector_owned((u8)v));
	irq_free_vector((u8)v);
	ck_assert(!irq_vector_owned((u8)v));
	ck_assert_int_eq(irq_alloc_vector("dev2"), 0x21);
}
END_TEST

START_TEST(aligned_blocks_for_msi)
{
	int a, b;

	ck_assert_int_eq(irq_reserve_vector(0x22, "x"), 0);
	a = irq_alloc_vectors(4, "msi4");
	/* 0x20..0x23 holds the reserved 0x22: the next aligned block is 0x24. */
	ck_assert_int_eq(a, 0x24);
	b = irq_alloc_vectors(8, "msi8");
	ck_assert_int_eq(b, 0x28);
	ck_assert_int_eq(b % 8, 0);
	ck_assert_int_eq(irq_alloc_vectors(3, "odd"), -EINVAL);
	ck_assert_int_eq(irq_alloc_vectors(0, "zero"), -EINVAL);
	ck_assert(log_contains("power of two"));
}
END_TEST

START_TEST(exhaustion)
{
	unsigned int got = 0;

	ck_assert_int_eq(irq_reserve_vector(IRQ_VECTOR_SPURIOUS, "spurious"), 0);
	while (irq_alloc_vector("hog") >= 0)
		got++;
	ck_assert_uint_eq(got, IRQ_VECTOR_LAST - IRQ_VECTOR_FIRST + 1);
	ck_assert_int_eq(irq_alloc_vector("late"), -ENOSPC);
	ck_assert(log_contains("no room for 1 vector(s) for late"));
}
END_TEST

START_TEST(request_needs_owned_vector)
{
	struct fake_dev d = { 0 };

	ck_assert_int_eq(request_irq(0x40, dev_handler, &d, "nobody"), -EINVAL);
	ck_assert(log_contains("not reserved or allocated"));
	ck_assert_int_eq(request_irq(IRQ_VECTOR_SPURIOUS, dev_handler, &d, "sp"), -EINVAL);
}
END_TEST

START_TEST(unshareable_vector_refuses_second_handler)
{
	struct fake_dev a = { 0 }, b = { 0 };
	int v = irq_alloc_vector("msi");

	irq_set_chip((u8)v, &edge_chip, NULL, 5);
	ck_assert_int_eq(request_irq((u8)v, dev_handler, &a, "a"), 0);
	ck_assert_uint_eq(chip_log.unmasks, 1);
	ck_assert_uint_eq(chip_log.last_index, 5);
	ck_assert_int_eq(request_irq((u8)v, dev_handler, &b, "b"), -EBUSY);
	ck_assert(log_contains("already used by a"));
}
END_TEST

START_TEST(shared_line_calls_each_handler)
{
	struct fake_dev a = { 0 }, b = { 0 };
	int v = irq_alloc_vector("INTx gsi 11");

	irq_set_chip((u8)v, &shared_chip, NULL, 11);
	ck_assert_int_eq(request_irq((u8)v, dev_handler, &a, "a"), 0);
	ck_assert_int_eq(request_irq((u8)v, dev_handler, &b, "b"), 0);
	ck_assert_uint_eq(chip_log.unmasks, 1); /* only the first attach unmasks */

	b.raised = true;
	irq_dispatch((u8)v);
	ck_assert_uint_eq(a.calls, 1);
	ck_assert_uint_eq(a.claimed, 0);
	ck_assert_uint_eq(b.claimed, 1);

	a.raised = true;
	b.raised = true;
	irq_dispatch((u8)v);
	ck_assert_uint_eq(a.claimed, 1);
	ck_assert_uint_eq(b.claimed, 2);
	ck_assert_uint_eq(stub_hw.eoi_count, 2);

	irq_dispatch((u8)v); /* nobody raised it */
	{
		struct irq_stat st;

		ck_assert_int_eq(irq_stat_next(v - 1, &st), v);
		ck_assert_uint_eq(st.delivered, 3);
		ck_assert_uint_eq(st.unhandled, 1);
		ck_assert_uint_eq(st.spurious, 0);
		ck_assert_uint_eq(st.nr_handlers, 2);
		ck_assert_str_eq(st.mode, "test-level");
	}
	/* Detaching one keeps the line unmasked; the last one masks it. */
	ck_assert_int_eq(free_irq((u8)v, &a), 0);
	ck_assert_uint_eq(chip_log.masks, 0);
	ck_assert_int_eq(free_irq((u8)v, &b), 0);
	ck_assert_uint_eq(chip_log.masks, 1);
	ck_assert_int_eq(free_irq((u8)v, &b), -ENOENT);
}
END_TEST

START_TEST(spurious_and_unowned_vectors)
{
	struct irq_stat st;

	irq_dispatch(IRQ_VECTOR_SPURIOUS);
	irq_dispatch(IRQ_VECTOR_SPURIOUS);
	/* The LAPIC spurious vector must not be acknowledged. */
	ck_assert_uint_eq(stub_hw.eoi_count, 0);
	irq_dispatch(0x77);
	ck_assert_uint_eq(stub_hw.eoi_count, 1);
	ck_assert(log_contains("vector 119 that nobody owns"));

	ck_assert_int_eq(irq_stat_next(-1, &st), 0x77);
	ck_assert_uint_eq(st.spurious, 1);
	ck_assert_uint_eq(st.delivered, 0);
	ck_assert_str_eq(st.owner, "(none)");
	ck_assert_int_eq(irq_stat_next(0x77, &st), IRQ_VECTOR_SPURIOUS);
	ck_assert_uint_eq(st.spurious, 2);
	ck_assert_int_eq(irq_stat_next(IRQ_VECTOR_SPURIOUS, &st), -1);
}
END_TEST

START_TEST(unclaimed_storm_is_masked)
{
	struct fake_dev a = { 0 };
	int v = irq_alloc_vector("INTx gsi 10");

	irq_set_chip((u8)v, &shared_chip, NULL, 10);
	ck_assert_int_eq(request_irq((u8)v, dev_handler, &a, "quiet"), 0);
	for (unsigned int i = 0; i < IRQ_UNHANDLED_LIMIT - 1; i++)
		irq_dispatch((u8)v);
	ck_assert(!irq_vector_disabled((u8)v));
	/* One claimed interrupt resets the run. */
	a.raised = true;
	irq_dispatch((u8)v);
	for (unsigned int i = 0; i < IRQ_UNHANDLED_LIMIT - 1; i++)
		irq_dispatch((u8)v);
	ck_assert(!irq_vector_disabled((u8)v));
	ck_assert_uint_eq(chip_log.masks, 0);
	irq_dispatch((u8)v);
	ck_assert(irq_vector_disabled((u8)v));
	ck_assert_uint_eq(chip_log.masks, 1);
	ck_assert(log_contains("nobody claimed: masked at test-level"));
}
END_TEST

START_TEST(listing_format)
{
	struct fake_dev a = { 0 }, b = { 0 };
	struct irq_stat st;
	char line[200];
	int v;

	ck_assert_int_eq(irq_reserve_vector(0x20, "lapic-timer"), 0);
	v = irq_alloc_vector("INTx gsi 11");
	irq_set_chip((u8)v, &shared_chip, NULL, 11);
	request_irq((u8)v, dev_handler, &a, "e1000 00:03.0");
	request_irq((u8)v, dev_handler, &b, "e1000 00:04.0");
	a.raised = true;
	irq_dispatch((u8)v);

	/* A bare reservation is not listed; the allocated vector is. */
	ck_assert_int_eq(irq_stat_next(-1, &st), v);
	irq_format_line(&st, line, sizeof(line));
	ck_assert_msg(strstr(line, " 33:") && strstr(line, "test-level") &&
			  strstr(line, "[e1000 00:03.0, e1000 00:04.0]"),
		      "line: %s", line);
	ck_assert_msg(strstr(line, "         1  spurious 0  unhandled 0"), "line: %s", line);
	/* Truncation keeps the buffer terminated. */
	ck_assert_uint_eq(irq_format_line(&st, line, 10), 9);
	ck_assert_uint_eq(strlen(line), 9);
}
END_TEST

START_TEST(freeing_vector_detaches_handlers)
{
	struct fake_dev a = { 0 };
	int v = irq_alloc_vector("dev");

	irq_set_chip((u8)v, &edge_chip, NULL, 0);
	request_irq((u8)v, dev_handler, &a, "a");
	irq_dispatch((u8)v);
	irq_free_vector((u8)v);
	ck_assert(log_contains("freed with handlers still attached"));
	ck_assert_uint_eq(chip_log.masks, 1);
	ck_assert_int_eq(irq_alloc_vector("dev"), v); /* the same vector comes back */
	irq_free_vector((u8)v);
	/* The handler slot is free again and the vector can be reused cleanly,
	 * with counters that start from zero for the new owner. */
	v = irq_alloc_vector("dev");
	{
		struct irq_stat st;

		ck_assert_int_eq(irq_stat_next(v - 1, &st), v);
		ck_assert_uint_eq(st.delivered, 0);
		ck_assert_uint_eq(st.nr_handlers, 0);
	}
	ck_assert_int_eq(request_irq((u8)v, dev_handler, &a, "a"), 0);
	a.raised = true;
	irq_dispatch((u8)v);
	ck_assert_uint_eq(a.claimed, 1);
}
END_TEST

START_TEST(kernel_vectors_reserved)
{
	struct irq_stat st;
	int v, last = -1;

	irq_init();
	ck_assert(irq_vector_owned(VECTOR_LAPIC_TIMER));
	ck_assert(irq_vector_owned(VECTOR_SPURIOUS));
	for (unsigned int i = 0; i < 16; i++)
		ck_assert(irq_vector_owned((u8)(VECTOR_PIC_BASE + i)));
	/* Allocation never hands them out. */
	while ((v = irq_alloc_vector("hog")) >= 0) {
		ck_assert(v < VECTOR_PIC_BASE || v > VECTOR_LAPIC_TIMER);
		ck_assert_int_ne(v, VECTOR_SPURIOUS);
	}
	/* Bare reservations are the kernel's own business: not listed. */
	while ((v = irq_stat_next(last, &st)) >= 0) {
		ck_assert(v < VECTOR_PIC_BASE || v > VECTOR_LAPIC_TIMER);
		last = v;
	}
}
END_TEST

START_TEST(handler_pool_exhaustion)
{
	struct fake_dev devs[IRQ_MAX_ACTIONS + 1];
	int v = irq_alloc_vector("shared");

	memset(devs, 0, sizeof(devs));
	irq_set_chip((u8)v, &shared_chip, NULL, 0);
	for (unsigned int i = 0; i < IRQ_MAX_ACTIONS; i++)
		ck_assert_int_eq(request_irq((u8)v, dev_handler, &devs[i], "d"), 0);
	ck_assert_int_eq(request_irq((u8)v, dev_handler, &devs[IRQ_MAX_ACTIONS], "d"), -ENOSPC);
	ck_assert(log_contains("no free handler slot"));
}
END_TEST

static Suite *irq_suite(void)
{
	Suite *s = suite_create("irq");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, reserve_and_allocate);
	tcase_add_test(tc, aligned_blocks_for_msi);
	tcase_add_test(tc, exhaustion);
	tcase_add_test(tc, request_needs_owned_vector);
	tcase_add_test(tc, unshareable_vector_refuses_second_handler);
	tcase_add_test(tc, shared_line_calls_each_handler);
	tcase_add_test(tc, spurious_and_unowned_vectors);
	tcase_add_test(tc, unclaimed_storm_is_masked);
	tcase_add_test(tc, listing_format);
	tcase_add_test(tc, freeing_vector_detaches_handlers);
	tcase_add_test(tc, handler_pool_exhaustion);
	tcase_add_test(tc, kernel_vectors_reserved);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(irq_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

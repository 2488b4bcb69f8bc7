// SPDX-License-Identifier: BSD-2-Clause
/*
 * napkin's OS services for ACPICA where they hold logic: semaphores on one
 * CPU (counts, limits, bounded waits, no waiting with interrupts off), the
 * deferred-work queue (order, overflow counted and named once), and console
 * output gathered into whole lines at a level taken from ACPICA's prefixes.
 * Built against ACPICA's headers with napkin's environment header.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <acpi/acpi.h>

#include "kernel/acpi/static_tables.h"
#include "kernel/mm/heap.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "tests/unit/fakes/stub_printk.h"

/* ---- what the OSL calls in the kernel ---- */

static u64 now_ns;
static unsigned int timers_armed;

void *kmalloc(size_t size)
{
	return malloc(size ? size : 1);
}

void kfree(void *p)
{
	free(p);
}

u64 ktime_get_ns(void)
{
	return now_ns;
}

void udelay(u32 usecs)
{
	now_ns += (u64)usecs * NSEC_PER_USEC;
}

void ktimer_arm(struct ktimer *t, u64 deadline_ns)
{
	timers_armed++;
	t->armed = true;
}

u64 acpi_rsdp_address(void)
{
	return 0xf59e0;
}

/* ---- semaphores ---- */

static void setup(void)
{
	stub_printk_reset();
	now_ns = 0;
	timers_armed = 0;
	acpi_os_wait_events_complete(); /* an earlier test's leftovers */
}

START_TEST(semaphore_counts_and_limits)
{
	acpi_semaphore s;

	ck_assert_int_eq(acpi_os_create_semaphore(2, 3, &s), AE_BAD_PARAMETER);
	ck_assert_int_eq(acpi_os_create_semaphore(2, 1, &s), AE_OK);
	ck_assert_int_eq(acpi_os_wait_semaphore(s, 1, 0), AE_OK);
	ck_assert_int_eq(acpi_os_wait_semaphore(s, 1, 0), AE_TIME);
	ck_assert_int_eq(acpi_os_signal_semaphore(s, 2), AE_OK);
	ck_assert_int_eq(acpi_os_signal_semaphore(s, 1), AE_LIMIT);
	ck_assert_int_eq(acpi_os_wait_semaphore(s, 2, 0), AE_OK);
	ck_assert_int_eq(acpi_os_wait_semaphore(s, 0, 0), AE_BAD_PARAMETER);
	ck_assert_int_eq(acpi_os_delete_semaphore(s), AE_OK);
}
END_TEST

START_TEST(semaphore_waits_are_bounded)
{
	acpi_semaphore s;

	ck_assert_int_eq(acpi_os_create_semaphore(1, 0, &s), AE_OK);
	/* A timed wait spins until its timeout, then gives up. */
	ck_assert_int_eq(acpi_os_wait_semaphore(s, 1, 5), AE_TIME);
	ck_assert_uint_ge(now_ns, 5 * NSEC_PER_MSEC);
	ck_assert_uint_lt(now_ns, 6 * NSEC_PER_MSEC);
	/* "Forever" on one CPU would hang: bounded and named. */
	now_ns = 0;
	ck_assert_int_eq(acpi_os_wait_semaphore(s, 1, ACPI_WAIT_FOREVER), AE_TIME);
	ck_assert_uint_ge(now_ns, 2000 * NSEC_PER_MSEC);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "endless semaphore wait given up"), 1);
	/* With interrupts off nothing could ever signal it: refused at once. */
	now_ns = 0;
	{
		unsigned long flags = local_irq_save();

		ck_assert_int_eq(acpi_os_wait_semaphore(s, 1, 100), AE_TIME);
		local_irq_restore(flags);
	}
	ck_assert_uint_eq(now_ns, 0);
	ck_assert(stub_printk_contains("semaphore wait with interrupts off"));
	acpi_os_delete_semaphore(s);
}
END_TEST

START_TEST(locks_mask_interrupts)
{
	acpi_spinlock l;
	acpi_cpu_flags f;

	ck_assert_int_eq(acpi_os_create_lock(&l), AE_OK);
	ck_assert(!irqs_disabled());
	f = acpi_os_acquire_lock(l);
	ck_assert(irqs_disabled());
	acpi_os_release_lock(l, f);
	ck_assert(!irqs_disabled());
	acpi_os_delete_lock(l);
}
END_TEST

/* ---- deferred work ---- */

static char ran[64];
static size_t nran;

static void note(void *ctx)
{
	ran[nran++] = (char)(uintptr_t)ctx;
}

START_TEST(deferred_work_runs_later_in_order)
{
	nran = 0;
	ck_assert_int_eq(acpi_os_execute(OSL_GPE_HANDLER, note, (void *)'a'), AE_OK);
	ck_assert_int_eq(acpi_os_execute(OSL_NOTIFY_HANDLER, note, (void *)'b'), AE_OK);
	ck_assert_uint_eq(nran, 0); /* nothing runs where it was queued */
	ck_assert_uint_ge(timers_armed, 1);
	acpi_os_wait_events_complete();
	ck_assert_uint_eq(nran, 2);
	ck_assert(!memcmp(ran, "ab", 2));
	ck_assert_int_eq(acpi_os_execute(OSL_GPE_HANDLER, NULL, NULL), AE_BAD_PARAMETER);
}
END_TEST

START_TEST(deferred_overflow_is_counted_and_named_once)
{
	int ok = 0, refused = 0;

	nran = 0;
	for (int i = 0; i < 20; i++) {
		if (acpi_os_execute(OSL_GPE_HANDLER, note, (void *)'x') == AE_OK)
			ok++;
		else
			refused++;
	}
	ck_assert_int_eq(ok, 16);
	ck_assert_int_eq(refused, 4);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "deferred work queue full"), 1);
	acpi_os_wait_events_complete();
	ck_assert_uint_eq(nran, 16);
}
END_TEST

/* ---- output ---- */

START_TEST(output_gathered_into_lines)
{
	acpi_os_printf("ACPI: %s", "1 ACPI AML tables");
	ck_assert_uint_eq(stub_printk_total(), 0); /* no newline yet */
	acpi_os_printf(" successfully acquired and loaded\n");
	ck_assert_int_eq(
	    stub_printk_count(LOGLEVEL_INFO,
			      "ACPI: 1 ACPI AML tables successfully acquired and loaded"),
	    1);
	acpi_os_printf("ACPI Error: AE_NOT_FOUND, while evaluating %s\n", "\\_SB_.FOO");
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_ERR, "ACPI Error: AE_NOT_FOUND"), 1);
	acpi_os_printf("ACPI Warning: odd\nsecond line\n");
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "ACPI Warning: odd"), 1);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_INFO, "second line"), 1);
}
END_TEST

START_TEST(long_output_is_split_not_lost)
{
	char big[400];

	memset(big, 'z', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	acpi_os_printf("%s\n", big);
	/* Long lines come out a line buffer's worth at a time; a message longer
	 * than one piece is cut, said so, and does not swallow the next one. */
	ck_assert_int_ge(stub_printk_count(LOGLEVEL_INFO, "zzzz"), 2);
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_WARNING, "ACPICA message of 400 bytes was cut"),
			 1);
	acpi_os_printf("next\n");
	ck_assert_int_eq(stub_printk_count(LOGLEVEL_INFO, "next"), 1);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "znext"), 0);
}
END_TEST

START_TEST(rsdp_from_the_static_parser)
{
	ck_assert_uint_eq(acpi_os_get_root_pointer(), 0xf59e0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("osl");
	TCase *tc = tcase_create("osl");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, semaphore_counts_and_limits);
	tcase_add_test(tc, semaphore_waits_are_bounded);
	tcase_add_test(tc, locks_mask_interrupts);
	tcase_add_test(tc, deferred_work_runs_later_in_order);
	tcase_add_test(tc, deferred_overflow_is_counted_and_named_once);
	tcase_add_test(tc, output_gathered_into_lines);
	tcase_add_test(tc, long_output_is_split_not_lost);
	tcase_add_test(tc, rsdp_from_the_static_parser);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

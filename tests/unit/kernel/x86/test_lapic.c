// SPDX-License-Identifier: BSD-2-Clause
/*
 * The local APIC in both modes over a fake CPU (fake_lapic_cpu.c): which
 * mode each firmware hand-over and command line leads to, that the switch
 * takes only the steps the architecture allows, that every register goes
 * where that mode has it (MSRs or the page, never the other), the timer in
 * both of its modes, the IPI command, and MSI targets a CPU whose APIC ID
 * needs more than 8 bits cannot be given.
 */
#include <check.h>
#include <errno.h>
#include "kernel/x86/apic.h"
#include "kernel/x86/lapic_hw.h"
#include "kernel/x86/lapic_mode.h"
#include "kernel/core/cmdline.h"
#include "tests/unit/fakes/fake_lapic_cpu.h"
#include "tests/unit/fakes/stub_printk.h"

#define BASE_XAPIC  (FAKE_APIC_PHYS | APIC_BASE_BSP | APIC_BASE_ENABLE)
#define BASE_X2APIC (BASE_XAPIC | APIC_BASE_X2APIC)
#define BASE_OFF    (FAKE_APIC_PHYS | APIC_BASE_BSP)

#define X2(reg)	  (fake_cpu.x2apic_regs[(reg) >> 4])
#define PAGE(reg) (fake_cpu.page[(reg) / 4])

static void boot(bool has_x2apic, u32 id, u64 base, const char *cmdline)
{
	fake_lapic_cpu_reset(has_x2apic, id, base);
	stub_printk_reset();
	lapic_reset_for_test();
	cmdline_init(cmdline);
}

static void no_faults(void)
{
	ck_assert_msg(fake_cpu.gp == 0, "%u #GP, last: %s", fake_cpu.gp, fake_cpu.gp_why);
}

/* Nothing reached the xAPIC page beyond the ID and version firmware left there. */
static void page_untouched(void)
{
	for (unsigned int i = 0; i < 1024; i++)
		if (i != 0x020 / 4 && i != 0x030 / 4)
			ck_assert_msg(fake_cpu.page[i] == 0, "page offset %#x written", i * 4);
}

static void no_x2apic_msrs_written(void)
{
	for (unsigned int i = 0; i < fake_cpu.nwrites; i++)
		ck_assert_msg(fake_cpu.writes[i].msr < MSR_X2APIC_BASE ||
				  fake_cpu.writes[i].msr >= MSR_X2APIC_BASE + 0x40,
			      "MSR %#x written in xAPIC mode", fake_cpu.writes[i].msr);
}

/* ---- the choice, over every combination ---- */

START_TEST(choice_table)
{
	static const enum lapic_request reqs[] = { LAPIC_REQ_NONE, LAPIC_REQ_XAPIC,
						   LAPIC_REQ_X2APIC };

	for (unsigned int bits = 0; bits < 16; bits++)
		for (unsigned int r = 0; r < 3; r++) {
			struct lapic_cpu_state s = {
				.has_x2apic = bits & 1,
				.fw_enabled = bits & 2,
				.fw_x2apic = bits & 4,
				.xapic_locked_off = bits & 8,
			};
			struct lapic_choice c = lapic_choose_mode(&s, reqs[r]);
			bool must_x2 = s.xapic_locked_off || (s.fw_enabled && s.fw_x2apic);
			bool can_x2 = must_x2 || s.has_x2apic;

			if (must_x2)
				ck_assert_int_eq(c.mode, LAPIC_MODE_X2APIC);
			if (!can_x2)
				ck_assert_int_eq(c.mode, LAPIC_MODE_XAPIC);
			if (reqs[r] == LAPIC_REQ_NONE)
				ck_assert_int_eq(c.mode,
						 can_x2 ? LAPIC_MODE_X2APIC : LAPIC_MODE_XAPIC);
			/* Refused exactly when the result is not what was asked. */
			if (reqs[r] == LAPIC_REQ_NONE)
				ck_assert_ptr_null(c.refused);
			else
				ck_assert_int_eq(c.refused != NULL,
						 c.mode != (reqs[r] == LAPIC_REQ_XAPIC
								? LAPIC_MODE_XAPIC
								: LAPIC_MODE_X2APIC));
			if (reqs[r] != LAPIC_REQ_NONE && !c.refused)
				ck_assert_int_eq(c.reason, LAPIC_BY_CMDLINE);
			ck_assert_str_ne(lapic_mode_reason_name(c.reason), "?");
		}
}
END_TEST

/* ---- hand-overs ---- */

START_TEST(xapic_handover_goes_x2apic_when_cpu_has_it)
{
	struct lapic_desc d;

	boot(true, 3, BASE_XAPIC, "");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_X2APIC);
	ck_assert_uint_eq(fake_lapic_writes_to(MSR_APIC_BASE), 1);
	ck_assert_uint_eq(lapic_id(), 3);
	ck_assert_uint_eq(X2(0x0F0), 0x1FF);	/* SVR: enabled, spurious vector 0xFF */
	ck_assert_uint_eq(X2(0x350), 1u << 16); /* LINT0 masked */
	ck_assert_uint_eq(X2(0x360), 4u << 8);	/* LINT1 NMI */
	ck_assert_uint_eq(X2(0x370), 1u << 16); /* error LVT masked */
	ck_assert_uint_eq(fake_lapic_writes_to(MSR_X2APIC_BASE + 0x28), 1); /* ESR cleared */
	ck_assert_uint_eq(fake_cpu.ioremaps, 0);
	page_untouched();
	ck_assert(stub_printk_contains(
	    "lapic: x2APIC mode (the CPU has it; firmware left it xAPIC), id 3"));

	fake_cpu.eois = 0;
	lapic_eoi();
	lapic_eoi();
	ck_assert_uint_eq(fake_cpu.eois, 2);
	no_faults();

	lapic_describe(&d);
	ck_assert(d.x2apic_mode);
	ck_assert_uint_eq(d.id, 3);
	ck_assert_uint_eq(d.version, 0x14);
	ck_assert_uint_eq(d.max_lvt, 5);
	ck_assert_uint_eq(d.phys, FAKE_APIC_PHYS);
	ck_assert_str_eq(d.mode_reason, "the CPU has it");
	ck_assert_str_eq(d.firmware_mode, "xAPIC");
	ck_assert(!d.cmdline_refused);
}
END_TEST

START_TEST(xapic_when_cpu_lacks_x2apic)
{
	struct lapic_desc d;

	boot(false, 2, BASE_XAPIC, "");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_XAPIC);
	ck_assert_uint_eq(fake_lapic_writes_to(MSR_APIC_BASE), 0);
	no_x2apic_msrs_written();
	ck_assert_uint_eq(lapic_id(), 2);
	ck_assert_uint_eq(PAGE(0x0F0), 0x1FF);
	ck_assert_uint_eq(PAGE(0x350), 1u << 16);
	ck_assert_uint_eq(PAGE(0x360), 4u << 8);
	ck_assert(stub_printk_contains(
	    "lapic: xAPIC mode (the CPU has no x2APIC; firmware left it xAPIC), id 2"));

	PAGE(0x0B0) = 0xdead;
	lapic_eoi();
	ck_assert_uint_eq(PAGE(0x0B0), 0);
	lapic_describe(&d);
	ck_assert(!d.x2apic_mode);
	ck_assert_uint_eq(d.version, 0x14);
	ck_assert_str_eq(d.mode_reason, "the CPU has no x2APIC");
}
END_TEST

START_TEST(x2apic_handover_is_kept)
{
	struct lapic_desc d;

	boot(true, 0, BASE_X2APIC, "");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_lapic_writes_to(MSR_APIC_BASE), 0);
	ck_assert_uint_eq(fake_cpu.ioremaps, 0);
	page_untouched();
	ck_assert_uint_eq(X2(0x0F0), 0x1FF);
	ck_assert(stub_printk_contains(
	    "lapic: x2APIC mode (firmware handed over in it; firmware left it x2APIC)"));
	lapic_describe(&d);
	ck_assert(d.x2apic_mode);
	ck_assert_str_eq(d.mode_reason, "firmware handed over in it");
	ck_assert_str_eq(d.firmware_mode, "x2APIC");
}
END_TEST

/* CPUID may hide x2APIC (a hypervisor's mask) after firmware turned it on: still kept. */
START_TEST(x2apic_handover_kept_even_if_cpuid_hides_it)
{
	boot(false, 0, BASE_X2APIC, "");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_lapic_writes_to(MSR_APIC_BASE), 0);
	ck_assert_uint_eq(X2(0x0F0), 0x1FF);
	page_untouched();
}
END_TEST

START_TEST(x2apic_handover_refuses_apic_xapic)
{
	struct lapic_desc d;

	boot(true, 0, BASE_X2APIC, "apic=xapic");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_X2APIC);
	ck_assert_int_eq(stub_printk_level_of("apic=xapic refused"), 4);
	ck_assert(stub_printk_contains("lapic: apic=xapic refused: firmware handed over in "
				       "x2APIC mode, and leaving it means disabling the APIC"));
	page_untouched();
	lapic_describe(&d);
	ck_assert(d.x2apic_mode);
	ck_assert(d.cmdline_refused);
}
END_TEST

START_TEST(locked_x2apic_refuses_apic_xapic)
{
	struct lapic_desc d;

	boot(true, 0, BASE_X2APIC, "apic=xapic");
	fake_cpu.has_arch_caps = fake_cpu.has_xapic_disable = fake_cpu.xapic_locked_off = true;
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_X2APIC);
	ck_assert(stub_printk_contains("lapic: apic=xapic refused: the CPU has locked xAPIC "
				       "mode off (IA32_XAPIC_DISABLE_STATUS)"));
	lapic_describe(&d);
	ck_assert_str_eq(d.mode_reason, "the CPU has xAPIC locked off");
}
END_TEST

/* The lock MSRs are read only where CPUID and ARCH_CAPABILITIES say they exist. */
START_TEST(lock_msrs_read_only_where_they_exist)
{
	boot(true, 0, BASE_XAPIC, "");
	fake_cpu.has_arch_caps = true; /* but no XAPIC_DISABLE_STATUS */
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_X2APIC);

	boot(true, 0, BASE_XAPIC, "");
	fake_cpu.has_arch_caps = fake_cpu.has_xapic_disable = true; /* present, not locked */
	lapic_init();
	no_faults();
	ck_assert(stub_printk_contains("(the CPU has it;"));
}
END_TEST

START_TEST(cmdline_xapic_on_an_x2apic_cpu)
{
	struct lapic_desc d;

	boot(true, 1, BASE_XAPIC, "apic=xapic");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_XAPIC);
	no_x2apic_msrs_written();
	ck_assert_uint_eq(PAGE(0x0F0), 0x1FF);
	ck_assert(stub_printk_contains("lapic: xAPIC mode (apic= on the command line;"));
	ck_assert(!stub_printk_contains("refused"));
	lapic_describe(&d);
	ck_assert(!d.cmdline_refused);
}
END_TEST

START_TEST(cmdline_x2apic)
{
	boot(true, 1, BASE_XAPIC, "apic=x2apic");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_X2APIC);
	ck_assert(stub_printk_contains("lapic: x2APIC mode (apic= on the command line;"));

	boot(false, 1, BASE_XAPIC, "apic=x2apic");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_XAPIC);
	ck_assert(stub_printk_contains("lapic: apic=x2apic refused: the CPU has no x2APIC "
				       "(CPUID.1:ECX bit 21 is clear)"));
	ck_assert(stub_printk_contains("lapic: xAPIC mode (the CPU has no x2APIC;"));
}
END_TEST

START_TEST(cmdline_bad_value_named)
{
	boot(true, 1, BASE_XAPIC, "apic=x3apic");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_X2APIC);
	ck_assert(stub_printk_contains("invalid value \"x3apic\" for apic: expected one of: auto, "
				       "xapic, x2apic; keeping default auto"));

	boot(true, 1, BASE_XAPIC, "apic=auto");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_X2APIC);
	ck_assert(stub_printk_contains("lapic: x2APIC mode (the CPU has it;"));
}
END_TEST

/* Firmware left the APIC off: enabled in xAPIC mode first, then x2APIC, never in one step. */
START_TEST(disabled_handover_takes_two_steps)
{
	boot(true, 0, BASE_OFF, "");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_lapic_writes_to(MSR_APIC_BASE), 2);
	ck_assert_uint_eq(fake_cpu.writes[0].val, BASE_XAPIC);
	ck_assert_uint_eq(fake_cpu.writes[1].val, BASE_X2APIC);
	ck_assert(stub_printk_contains("firmware left it disabled"));

	boot(false, 0, BASE_OFF, "");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(fake_lapic_writes_to(MSR_APIC_BASE), 1);
	ck_assert_uint_eq(fake_cpu.apic_base, BASE_XAPIC);
	ck_assert_uint_eq(PAGE(0x0F0), 0x1FF);
}
END_TEST

/* ---- timer ---- */

START_TEST(timer_tsc_deadline_in_x2apic_mode)
{
	boot(true, 0, BASE_XAPIC, "");
	fake_cpu.has_tsc_deadline = true;
	lapic_init();
	lapic_timer_init(0xF0);
	no_faults();
	ck_assert_uint_eq(X2(0x320), (2u << 17) | 0xF0);
	lapic_timer_arm(5000000);
	ck_assert_uint_eq(fake_cpu.tsc_deadline, 15000000);
	page_untouched();
}
END_TEST

START_TEST(timer_one_shot_in_both_modes)
{
	struct lapic_desc d;

	for (int x2 = 0; x2 < 2; x2++) {
		boot(x2, 0, BASE_XAPIC, "");
		fake_cpu.timer_khz = 2500;
		lapic_init();
		lapic_timer_init(0xF0);
		no_faults();
		ck_assert(stub_printk_contains("one-shot mode, 2500 kHz after divide-by-16"));
		/* 4 ms from now (10 ms have passed in calibration). */
		lapic_timer_arm(14000000);
		if (x2) {
			ck_assert_uint_eq(X2(0x3E0), 3);
			ck_assert_uint_eq(X2(0x320), 0xF0);
			ck_assert_uint_eq(X2(0x380), 10000);
			page_untouched();
		} else {
			ck_assert_uint_eq(PAGE(0x3E0), 3);
			ck_assert_uint_eq(PAGE(0x320), 0xF0);
			ck_assert_uint_eq(PAGE(0x380), 10000);
			no_x2apic_msrs_written();
		}
		lapic_describe(&d);
		ck_assert(!d.tsc_deadline);
	}
}
END_TEST

/* ---- IPI ---- */

START_TEST(self_ipi_through_the_icr)
{
	boot(true, 0x1234, BASE_X2APIC, "");
	lapic_init();
	lapic_self_ipi(0x41);
	no_faults();
	ck_assert_uint_eq(fake_cpu.icr, (0x1234ull << 32) | (1u << 14) | 0x41);

	boot(false, 5, BASE_XAPIC, "");
	lapic_init();
	lapic_self_ipi(0x42);
	no_faults();
	ck_assert_uint_eq(PAGE(0x310), 5u << 24);
	ck_assert_uint_eq(PAGE(0x300), (1u << 14) | 0x42);
}
END_TEST

/* ---- MSI and IOAPIC destinations ---- */

START_TEST(msi_address_names_the_cpu_in_both_modes)
{
	u64 addr = 0;

	boot(true, 7, BASE_XAPIC, "");
	lapic_init();
	ck_assert_int_eq(lapic_msi_address("eth0", &addr), 0);
	ck_assert_uint_eq(addr, 0xFEE07000);

	boot(false, 255, BASE_XAPIC, "");
	lapic_init();
	ck_assert_int_eq(lapic_msi_address("eth0", &addr), 0);
	ck_assert_uint_eq(addr, 0xFEEFF000);
	ck_assert_uint_eq(lapic_msi_data(0x33), 0x33);

	boot(true, 255, BASE_X2APIC, "");
	lapic_init();
	ck_assert(lapic_reachable("ioapic"));
	ck_assert(!stub_printk_contains("refused"));
}
END_TEST

START_TEST(apic_id_above_255_is_refused_by_name)
{
	u64 addr = 0x1111;
	struct lapic_desc d;

	boot(true, 300, BASE_X2APIC, "");
	lapic_init();
	no_faults();
	ck_assert_uint_eq(lapic_id(), 300);
	ck_assert(stub_printk_contains("lapic: APIC ID 300 is above 255"));
	ck_assert_int_eq(lapic_msi_address("00:03.0", &addr), -ERANGE);
	ck_assert_uint_eq(addr, 0x1111);
	ck_assert(stub_printk_contains("00:03.0: interrupt refused: the boot CPU's APIC ID 300 "
				       "needs more than 8 destination bits"));
	ck_assert_int_eq(stub_printk_level_of("00:03.0: interrupt refused"), 3);
	ck_assert(!lapic_reachable("ioapic"));
	ck_assert(stub_printk_contains("ioapic: interrupt refused: the boot CPU's APIC ID 300"));
	lapic_describe(&d);
	ck_assert_uint_eq(d.unreachable_refusals, 2);
	ck_assert_uint_eq(d.id, 300);
}
END_TEST

static Suite *lapic_suite(void)
{
	Suite *s = suite_create("lapic");
	TCase *choice = tcase_create("choice");
	TCase *handover = tcase_create("handover");
	TCase *timer = tcase_create("timer");
	TCase *dest = tcase_create("destinations");

	tcase_add_test(choice, choice_table);
	suite_add_tcase(s, choice);
	tcase_add_test(handover, xapic_handover_goes_x2apic_when_cpu_has_it);
	tcase_add_test(handover, xapic_when_cpu_lacks_x2apic);
	tcase_add_test(handover, x2apic_handover_is_kept);
	tcase_add_test(handover, x2apic_handover_kept_even_if_cpuid_hides_it);
	tcase_add_test(handover, x2apic_handover_refuses_apic_xapic);
	tcase_add_test(handover, locked_x2apic_refuses_apic_xapic);
	tcase_add_test(handover, lock_msrs_read_only_where_they_exist);
	tcase_add_test(handover, cmdline_xapic_on_an_x2apic_cpu);
	tcase_add_test(handover, cmdline_x2apic);
	tcase_add_test(handover, cmdline_bad_value_named);
	tcase_add_test(handover, disabled_handover_takes_two_steps);
	suite_add_tcase(s, handover);
	tcase_add_test(timer, timer_tsc_deadline_in_x2apic_mode);
	tcase_add_test(timer, timer_one_shot_in_both_modes);
	tcase_add_test(timer, self_ipi_through_the_icr);
	suite_add_tcase(s, timer);
	tcase_add_test(dest, msi_address_names_the_cpu_in_both_modes);
	tcase_add_test(dest, apic_id_above_255_is_refused_by_name);
	suite_add_tcase(s, dest);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(lapic_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fake CPU for the local APIC code (kernel/x86/lapic_hw.h): CPUID leaves,
 * IA32_APIC_BASE with the architecture's rules for switching modes, the
 * x2APIC registers as MSRs, the xAPIC page as memory, and the MSRs that say
 * whether xAPIC is locked off. Anything real hardware would answer with #GP
 * (a missing MSR, an illegal mode step, an x2APIC MSR in xAPIC mode, a
 * nonzero EOI) is counted in `gp` and logged in `gp_why`, so a test asserts
 * there were none. Also ioremap, mdelay and the clock lapic.c calls.
 */
#ifndef NAPKIN_TESTS_FAKE_LAPIC_CPU_H
#define NAPKIN_TESTS_FAKE_LAPIC_CPU_H

#include "kernel/core/compiler.h"

#define FAKE_APIC_PHYS	  0xFEE00000ull
#define FAKE_APIC_VERSION 0x50014u /* 6 LVT entries, version 0x14 */
#define FAKE_MSR_LOG	  256

struct fake_lapic_cpu {
	/* What the test sets before lapic_init(). */
	bool has_x2apic, has_tsc_deadline;
	bool has_arch_caps;	/* CPUID.7:EDX[29] and MSR 0x10A exist */
	bool has_xapic_disable; /* MSR 0xBD exists */
	bool xapic_locked_off;	/* and says so: EXTD cannot be cleared */
	u32 apic_id;		/* x2APIC ID; the xAPIC page shows its low 8 bits */
	u64 apic_base;		/* IA32_APIC_BASE as firmware left it */
	u32 timer_khz;		/* LAPIC timer after divide-by-16 */

	/* What the code did. */
	unsigned int gp;
	char gp_why[256];
	u32 x2apic_regs[0x40]; /* MSR 0x800 + i */
	u64 icr;	       /* x2APIC ICR as written (64 bits) */
	unsigned int eois;     /* x2APIC EOI writes */
	u64 tsc_deadline;
	struct {
		u32 msr;
		u64 val;
	} writes[FAKE_MSR_LOG]; /* every WRMSR in order */
	unsigned int nwrites;
	u32 page[1024]; /* the xAPIC page */
	unsigned int ioremaps;
};

extern struct fake_lapic_cpu fake_cpu;

/* A CPU with x2APIC (or not), APIC ID `id`, firmware's APIC_BASE `base`. */
void fake_lapic_cpu_reset(bool has_x2apic, u32 id, u64 base);
/* The last value written to `msr`, or ~0 if none. */
u64 fake_lapic_last_write(u32 msr);
unsigned int fake_lapic_writes_to(u32 msr);

#endif

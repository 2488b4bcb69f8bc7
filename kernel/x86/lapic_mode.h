/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which mode the local APIC runs in, decided once at boot from what the CPU
 * can do, what firmware left behind and what the command line asks
 * (`apic=xapic|x2apic`). Pure logic, so every hand-over case is a unit test.
 */
#ifndef NAPKIN_KERNEL_LAPIC_MODE_H
#define NAPKIN_KERNEL_LAPIC_MODE_H

#include "kernel/core/compiler.h"

enum lapic_mode { LAPIC_MODE_XAPIC, LAPIC_MODE_X2APIC };

/* Why the mode is what it is; lapic_mode_reason_name() words it for the log. */
enum lapic_mode_reason {
	LAPIC_BY_CPU,	    /* x2APIC because the CPU has it */
	LAPIC_BY_NO_X2APIC, /* xAPIC because the CPU lacks x2APIC */
	LAPIC_BY_FIRMWARE,  /* x2APIC because firmware handed over in it */
	LAPIC_BY_LOCK,	    /* x2APIC because the CPU has locked xAPIC off */
	LAPIC_BY_CMDLINE,   /* the mode `apic=` asked for */
};

enum lapic_request { LAPIC_REQ_NONE, LAPIC_REQ_XAPIC, LAPIC_REQ_X2APIC };

struct lapic_cpu_state {
	bool has_x2apic;       /* CPUID.1:ECX[21] */
	bool fw_enabled;       /* IA32_APIC_BASE.EN as firmware left it */
	bool fw_x2apic;	       /* IA32_APIC_BASE.EXTD as firmware left it */
	bool xapic_locked_off; /* IA32_XAPIC_DISABLE_STATUS.LEGACY_XAPIC_DISABLED */
};

struct lapic_choice {
	enum lapic_mode mode;
	enum lapic_mode_reason reason;
	/* Set when `apic=` asked for what this machine cannot do: the reason, for the log. */
	const char *refused;
};

struct lapic_choice lapic_choose_mode(const struct lapic_cpu_state *s, enum lapic_request req);
const char *lapic_mode_reason_name(enum lapic_mode_reason r);

#endif

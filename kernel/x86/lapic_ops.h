/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The local APIC's registers in either of its two modes. The logic above
 * (lapic.c) names registers by their offset in the xAPIC page and calls
 * through one of two small op tables: xAPIC reaches the register in the
 * memory-mapped page, x2APIC at MSR 0x800 + offset / 16. Only the ID and the
 * interrupt command register differ in shape, so those have ops of their own.
 */
#ifndef NAPKIN_KERNEL_LAPIC_OPS_H
#define NAPKIN_KERNEL_LAPIC_OPS_H

#include "kernel/core/compiler.h"

enum lapic_reg {
	LAPIC_ID = 0x020,
	LAPIC_VERSION = 0x030,
	LAPIC_TPR = 0x080,
	LAPIC_EOI = 0x0B0,
	LAPIC_SVR = 0x0F0,
	LAPIC_ESR = 0x280,
	LAPIC_ICR_LOW = 0x300,
	LAPIC_ICR_HIGH = 0x310, /* xAPIC only: x2APIC's ICR is one 64-bit MSR */
	LAPIC_LVT_TIMER = 0x320,
	LAPIC_LVT_LINT0 = 0x350,
	LAPIC_LVT_LINT1 = 0x360,
	LAPIC_LVT_ERROR = 0x370,
	LAPIC_TIMER_INITIAL = 0x380,
	LAPIC_TIMER_CURRENT = 0x390,
	LAPIC_TIMER_DIVIDE = 0x3E0,
};

#define ICR_DELIVERY_PENDING BIT(12) /* xAPIC only: x2APIC sends at once */

struct lapic_ops {
	const char *name; /* "xAPIC" or "x2APIC", as the boot log says it */
	u32 (*read)(u32 reg);
	void (*write)(u32 reg, u32 v);
	/* The whole APIC ID: 8 bits in xAPIC mode, 32 in x2APIC mode. */
	u32 (*read_id)(void);
	/* Send an IPI: `cmd` is the ICR's low word, `dest` an APIC ID. */
	void (*send_ipi)(u32 dest, u32 cmd);
};

extern const struct lapic_ops lapic_xapic_ops;
extern const struct lapic_ops lapic_x2apic_ops;

/* The mapped xAPIC page the xAPIC ops use; x2APIC needs none. */
void lapic_xapic_map(volatile u32 *page);

#endif

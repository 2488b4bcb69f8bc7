/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-ins for what the PCI and IRQ code calls outside itself: the LAPIC
 * (EOI, MSI address/data), the IOAPIC (routes and masks are recorded), ioremap
 * (test-registered buffers play device memory) and delays. Interrupt flags
 * come from the shared stub_irqflags.c, the log from stub_printk.c.
 */
#ifndef NAPKIN_TESTS_PCI_STUB_HW_H
#define NAPKIN_TESTS_PCI_STUB_HW_H

#include <stddef.h>
#include "kernel/core/compiler.h"

#define STUB_MSI_ADDRESS 0xFEE00000ull
/* lapic_msi_data(v) in the stub: fixed delivery, edge, vector v. */
#define STUB_MSI_DATA(v) ((u32)(v))

struct stub_ioapic_pin {
	bool routed;
	u8 vector;
	bool level, active_low;
	bool masked;
	unsigned int mask_calls, unmask_calls;
};

struct stub_hw {
	unsigned int eoi_count;
	struct stub_ioapic_pin gsi[64];
	/* MADT source overrides the test installs: isa irq -> gsi/flags. */
	struct {
		bool present;
		u32 gsi;
		bool level, active_low;
	} isa_override[16];
	int route_error; /* ioapic_route_gsi() returns this when nonzero */
	/* The boot CPU's APIC ID is beyond 8 bits: lapic_msi_address() refuses. */
	bool cpu_unreachable;
	u64 mdelay_total_ms;
	unsigned int ioremap_calls;
};

extern struct stub_hw stub_hw;

void stub_hw_reset(void);
/* Make ioremap(phys, size) within [phys, phys + len) return mem + offset. */
void stub_ioremap_add(u64 phys, void *mem, u64 len);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/* Local APIC (the boot CPU's) and IOAPICs, as described by ACPI's MADT. */
#ifndef NAPKIN_KERNEL_APIC_H
#define NAPKIN_KERNEL_APIC_H

#include "kernel/core/compiler.h"

void lapic_init(void);
u32 lapic_id(void);
void lapic_eoi(void);
/*
 * Whether an 8-bit destination (MSI, IOAPIC) reaches the boot CPU. Without
 * interrupt remapping an APIC ID above 255 cannot be named: false, logged
 * for `who` (a device or "ioapic") and counted, never mistargeted.
 */
bool lapic_reachable(const char *who);
/*
 * The MSI address that delivers to the boot CPU (physical destination), or
 * -ERANGE when lapic_reachable(who) says no; with lapic_msi_data(vector):
 * fixed mode, edge.
 */
int lapic_msi_address(const char *who, u64 *addr);
u32 lapic_msi_data(u8 vector);
/* A fixed interrupt on `vector` to this CPU through the ICR. */
void lapic_self_ipi(u8 vector);

/* LAPIC timer: one-shot at an absolute TSC-based deadline (ns since boot). */
void lapic_timer_init(u8 vector);
void lapic_timer_arm(u64 deadline_ns);

/* Fed from the MADT before ioapic_init(). */
void ioapic_add(u8 id, u64 phys, u32 gsi_base);
void ioapic_add_isa_override(u8 isa_irq, u32 gsi, u16 mps_flags);
void ioapic_init(void);
/* Route a global system interrupt to `vector` on the boot CPU, masked. */
int ioapic_route_gsi(u32 gsi, u8 vector, bool level_triggered, bool active_low);
void ioapic_mask_gsi(u32 gsi, bool masked);
/* ISA IRQ -> GSI and polarity/trigger through the MADT's source overrides. */
u32 ioapic_isa_to_gsi(u8 isa_irq, bool *level_triggered, bool *active_low);

/* What the boot report (kernel/core/hwinfo.c) shows about the interrupt controllers. */
struct lapic_desc {
	u32 id;
	u64 phys;
	u8 version;
	u8 max_lvt; /* highest LVT entry */
	bool x2apic_mode;
	const char *mode_reason;	   /* why that mode: lapic_mode_reason_name() */
	const char *firmware_mode;	   /* "xAPIC", "x2APIC" or "disabled" as handed over */
	bool cmdline_refused;		   /* apic= asked for a mode this machine cannot do */
	unsigned int unreachable_refusals; /* MSI/IOAPIC routes refused: APIC ID > 255 */
	bool tsc_deadline; /* the timer runs on TSC deadlines, not the divided bus clock */
};
void lapic_describe(struct lapic_desc *out);
#ifdef NAPKIN_HOSTED
void lapic_reset_for_test(void);
#endif

struct ioapic_desc {
	u8 id;
	u8 version;
	u64 phys;
	u32 gsi_base, nr_pins;
};
/* Fills up to max entries; returns how many IOAPICs are in use. */
size_t ioapic_describe(struct ioapic_desc *out, size_t max);

#endif

// SPDX-License-Identifier: BSD-2-Clause
/* The local APIC's register access in xAPIC (MMIO) and x2APIC (MSR) mode; see lapic_ops.h. */
#include "kernel/x86/lapic_ops.h"
#include "kernel/x86/lapic_hw.h"
#include "kernel/x86/x86.h"

/* An xAPIC IPI leaves within a few bus cycles; this is for a wedged APIC. */
#define ICR_IDLE_SPINS 100000

static volatile u32 *xapic_page;

void lapic_xapic_map(volatile u32 *page)
{
	xapic_page = page;
}

static u32 xapic_read(u32 reg)
{
	return xapic_page[reg / 4];
}

static void xapic_write(u32 reg, u32 v)
{
	xapic_page[reg / 4] = v;
}

static u32 xapic_read_id(void)
{
	return xapic_read(LAPIC_ID) >> 24;
}

static void xapic_send_ipi(u32 dest, u32 cmd)
{
	/* The low word sends, so the destination goes first. */
	xapic_write(LAPIC_ICR_HIGH, (dest & 0xFF) << 24);
	xapic_write(LAPIC_ICR_LOW, cmd);
	for (int i = 0; i < ICR_IDLE_SPINS && (xapic_read(LAPIC_ICR_LOW) & ICR_DELIVERY_PENDING);
	     i++)
		cpu_relax();
}

const struct lapic_ops lapic_xapic_ops = {
	.name = "xAPIC",
	.read = xapic_read,
	.write = xapic_write,
	.read_id = xapic_read_id,
	.send_ipi = xapic_send_ipi,
};

static u32 x2apic_msr(u32 reg)
{
	return MSR_X2APIC_BASE + reg / 16;
}

static u32 x2apic_read(u32 reg)
{
	return (u32)lapic_rdmsr(x2apic_msr(reg));
}

static void x2apic_write(u32 reg, u32 v)
{
	lapic_wrmsr(x2apic_msr(reg), v);
}

static u32 x2apic_read_id(void)
{
	return x2apic_read(LAPIC_ID);
}

static void x2apic_send_ipi(u32 dest, u32 cmd)
{
	lapic_wrmsr(x2apic_msr(LAPIC_ICR_LOW), (u64)dest << 32 | cmd);
}

const struct lapic_ops lapic_x2apic_ops = {
	.name = "x2APIC",
	.read = x2apic_read,
	.write = x2apic_write,
	.read_id = x2apic_read_id,
	.send_ipi = x2apic_send_ipi,
};

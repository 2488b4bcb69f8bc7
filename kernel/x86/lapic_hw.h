/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the local APIC code reads outside memory: MSRs and CPUID. On bare
 * metal these are the instructions themselves (x86.h); host unit tests link
 * a fake CPU instead (tests/unit/fakes/fake_lapic_cpu.c), so the mode choice, the
 * switch between modes and every register access can be checked in both
 * xAPIC and x2APIC mode without the hardware.
 */
#ifndef NAPKIN_KERNEL_LAPIC_HW_H
#define NAPKIN_KERNEL_LAPIC_HW_H

#include "kernel/core/compiler.h"

#define MSR_APIC_BASE		 0x1B
#define APIC_BASE_BSP		 BIT(8)
#define APIC_BASE_X2APIC	 BIT(10) /* EXTD: the registers answer as MSRs only */
#define APIC_BASE_ENABLE	 BIT(11)
#define APIC_BASE_ADDR_MASK	 0xFFFFFF000ull
#define MSR_TSC_DEADLINE	 0x6E0
#define MSR_ARCH_CAPABILITIES	 0x10A
#define ARCH_CAP_XAPIC_DISABLE	 BIT64(21) /* MSR_XAPIC_DISABLE_STATUS exists */
#define MSR_XAPIC_DISABLE_STATUS 0xBD
#define XAPIC_DISABLE_LEGACY_OFF BIT64(0) /* xAPIC is gone: x2APIC is locked on */
#define MSR_X2APIC_BASE		 0x800	  /* + xAPIC register offset / 16 */
#define CPUID1_ECX_X2APIC	 BIT(21)
#define CPUID1_ECX_TSC_DEADLINE	 BIT(24)
#define CPUID7_EDX_ARCH_CAPS	 BIT(29) /* MSR_ARCH_CAPABILITIES exists */

#ifdef NAPKIN_HOSTED
u64 lapic_rdmsr(u32 msr);
void lapic_wrmsr(u32 msr, u64 v);
void lapic_cpuid(u32 leaf, u32 subleaf, u32 *a, u32 *b, u32 *c, u32 *d);
#else
#include "kernel/x86/x86.h"
static inline u64 lapic_rdmsr(u32 msr)
{
	return rdmsr(msr);
}
static inline void lapic_wrmsr(u32 msr, u64 v)
{
	wrmsr(msr, v);
}
static inline void lapic_cpuid(u32 leaf, u32 subleaf, u32 *a, u32 *b, u32 *c, u32 *d)
{
	cpuid(leaf, subleaf, a, b, c, d);
}
#endif

#endif

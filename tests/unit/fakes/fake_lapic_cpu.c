// SPDX-License-Identifier: BSD-2-Clause
/* See fake_lapic_cpu.h. */
#include <stdio.h>
#include <string.h>
#include "kernel/x86/lapic_hw.h"
#include "kernel/mm/mm.h"
#include "kernel/core/time.h"
#include "tests/unit/fakes/fake_lapic_cpu.h"

struct fake_lapic_cpu fake_cpu;
static u64 now_ns;

enum { MODE_DISABLED, MODE_XAPIC, MODE_X2APIC };

static int mode_of(u64 base)
{
	if (!(base & APIC_BASE_ENABLE))
		return MODE_DISABLED;
	return base & APIC_BASE_X2APIC ? MODE_X2APIC : MODE_XAPIC;
}

static void gp(const char *why, u32 msr)
{
	fake_cpu.gp++;
	snprintf(fake_cpu.gp_why, sizeof(fake_cpu.gp_why), "%s (MSR %#x)", why, msr);
}

void fake_lapic_cpu_reset(bool has_x2apic, u32 id, u64 base)
{
	memset(&fake_cpu, 0, sizeof(fake_cpu));
	fake_cpu.has_x2apic = has_x2apic;
	fake_cpu.apic_id = id;
	fake_cpu.apic_base = base;
	fake_cpu.timer_khz = 1000;
	fake_cpu.page[0x020 / 4] = (id & 0xFF) << 24;
	fake_cpu.page[0x030 / 4] = FAKE_APIC_VERSION;
	now_ns = 0;
}

u64 fake_lapic_last_write(u32 msr)
{
	for (unsigned int i = fake_cpu.nwrites; i-- > 0;)
		if (fake_cpu.writes[i].msr == msr)
			return fake_cpu.writes[i].val;
	return ~0ull;
}

unsigned int fake_lapic_writes_to(u32 msr)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < fake_cpu.nwrites; i++)
		n += fake_cpu.writes[i].msr == msr;
	return n;
}

void lapic_cpuid(u32 leaf, u32 subleaf, u32 *a, u32 *b, u32 *c, u32 *d)
{
	(void)subleaf;
	*a = *b = *c = *d = 0;
	switch (leaf) {
	case 0: *a = 0xD; break;
	case 1:
		*c = (fake_cpu.has_x2apic ? CPUID1_ECX_X2APIC : 0) |
		     (fake_cpu.has_tsc_deadline ? CPUID1_ECX_TSC_DEADLINE : 0);
		break;
	case 7: *d = fake_cpu.has_arch_caps ? CPUID7_EDX_ARCH_CAPS : 0; break;
	default: break;
	}
}

static bool in_x2apic(u32 msr)
{
	if (mode_of(fake_cpu.apic_base) == MODE_X2APIC)
		return true;
	gp("x2APIC register outside x2APIC mode", msr);
	return false;
}

u64 lapic_rdmsr(u32 msr)
{
	if (msr >= MSR_X2APIC_BASE && msr < MSR_X2APIC_BASE + 0x40) {
		u32 i = msr - MSR_X2APIC_BASE;

		if (!in_x2apic(msr))
			return 0;
		switch (i) {
		case 0x02: return fake_cpu.apic_id;
		case 0x03: return FAKE_APIC_VERSION;
		case 0x30: return fake_cpu.icr;
		case 0x31: gp("no ICR high half in x2APIC mode", msr); return 0;
		default: return fake_cpu.x2apic_regs[i];
		}
	}
	switch (msr) {
	case MSR_APIC_BASE: return fake_cpu.apic_base;
	case MSR_TSC_DEADLINE: return fake_cpu.tsc_deadline;
	case MSR_ARCH_CAPABILITIES:
		if (!fake_cpu.has_arch_caps)
			gp("read of a missing MSR", msr);
		return fake_cpu.has_xapic_disable ? ARCH_CAP_XAPIC_DISABLE : 0;
	case MSR_XAPIC_DISABLE_STATUS:
		if (!fake_cpu.has_xapic_disable)
			gp("read of a missing MSR", msr);
		return fake_cpu.xapic_locked_off ? XAPIC_DISABLE_LEGACY_OFF : 0;
	default: gp("read of an unknown MSR", msr); return 0;
	}
}

static void write_apic_base(u64 v)
{
	int from = mode_of(fake_cpu.apic_base), to = mode_of(v);

	if (!(v & APIC_BASE_ENABLE) && (v & APIC_BASE_X2APIC))
		return gp("EXTD without EN is an invalid state", MSR_APIC_BASE);
	if (from == MODE_X2APIC && to == MODE_XAPIC)
		return gp("x2APIC to xAPIC without disabling first", MSR_APIC_BASE);
	if (from == MODE_DISABLED && to == MODE_X2APIC)
		return gp("disabled to x2APIC without xAPIC first", MSR_APIC_BASE);
	if (fake_cpu.xapic_locked_off && to != MODE_X2APIC)
		return gp("leaving x2APIC while xAPIC is locked off", MSR_APIC_BASE);
	fake_cpu.apic_base = v;
}

static void write_x2apic(u32 msr, u64 v)
{
	u32 i = msr - MSR_X2APIC_BASE;

	if (!in_x2apic(msr))
		return;
	if (i == 0x30) {
		fake_cpu.icr = v;
		return;
	}
	if (v >> 32)
		return gp("reserved high bits set", msr);
	switch (i) {
	case 0x02:
	case 0x03:
	case 0x39: return gp("write to a read-only register", msr);
	case 0x31: return gp("no ICR high half in x2APIC mode", msr);
	case 0x0B:
		if (v)
			return gp("nonzero EOI", msr);
		fake_cpu.eois++;
		return;
	case 0x28:
		if (v)
			return gp("nonzero ESR write", msr);
		return;
	default: fake_cpu.x2apic_regs[i] = (u32)v;
	}
}

void lapic_wrmsr(u32 msr, u64 v)
{
	if (fake_cpu.nwrites < FAKE_MSR_LOG)
		fake_cpu.writes[fake_cpu.nwrites++] = (typeof(fake_cpu.writes[0])){ msr, v };
	if (msr >= MSR_X2APIC_BASE && msr < MSR_X2APIC_BASE + 0x40)
		return write_x2apic(msr, v);
	switch (msr) {
	case MSR_APIC_BASE: write_apic_base(v); return;
	case MSR_TSC_DEADLINE: fake_cpu.tsc_deadline = v; return;
	default: gp("write to an unknown or read-only MSR", msr);
	}
}

void *ioremap(u64 phys, u64 size)
{
	fake_cpu.ioremaps++;
	return phys == FAKE_APIC_PHYS && size <= sizeof(fake_cpu.page) ? fake_cpu.page : NULL;
}

/* The timer counts down from its initial count at timer_khz while time passes. */
void mdelay(u32 msecs)
{
	u64 ticks = (u64)msecs * fake_cpu.timer_khz;

	now_ns += (u64)msecs * 1000000;
	if (mode_of(fake_cpu.apic_base) == MODE_X2APIC)
		fake_cpu.x2apic_regs[0x39] = fake_cpu.x2apic_regs[0x38] - (u32)ticks;
	else
		fake_cpu.page[0x390 / 4] = fake_cpu.page[0x380 / 4] - (u32)ticks;
}

u64 ktime_get_ns(void)
{
	return now_ns;
}

u64 tsc_from_ns(u64 ns)
{
	return ns * 3; /* a 3 GHz TSC */
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The boot CPU's local APIC: interrupt acknowledge, MSI targeting, and the
 * one-shot timer the idle loop sleeps on. The timer uses TSC-deadline mode
 * when the CPU has it (an absolute TSC value, no drift, no calibration);
 * otherwise one-shot mode with a count calibrated against the TSC.
 */
#include "kernel/x86/apic.h"
#include "kernel/mm/mm.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "kernel/x86/x86.h"

#define MSR_APIC_BASE	 0x1B
#define MSR_TSC_DEADLINE 0x6E0
#define APIC_BASE_ENABLE BIT(11)
#define APIC_BASE_MASK	 0xFFFFFF000ull

enum {
	LAPIC_ID = 0x020,
	LAPIC_VERSION = 0x030,
	LAPIC_TPR = 0x080,
	LAPIC_EOI = 0x0B0,
	LAPIC_SVR = 0x0F0,
	LAPIC_ESR = 0x280,
	LAPIC_LVT_TIMER = 0x320,
	LAPIC_LVT_LINT0 = 0x350,
	LAPIC_LVT_LINT1 = 0x360,
	LAPIC_LVT_ERROR = 0x370,
	LAPIC_TIMER_INITIAL = 0x380,
	LAPIC_TIMER_CURRENT = 0x390,
	LAPIC_TIMER_DIVIDE = 0x3E0,
};

#define SVR_ENABLE	       BIT(8)
#define LVT_MASKED	       BIT(16)
#define LVT_TIMER_TSC_DEADLINE (2u << 17)
#define LVT_NMI		       (4u << 8)
#define TIMER_DIVIDE_BY_16     0x3
#define MSI_ADDRESS_BASE       0xFEE00000u

static volatile u32 *lapic;
static u32 boot_apic_id;
static bool tsc_deadline;
static u64 lapic_ticks_per_ms; /* one-shot mode, divide by 16 */

static inline u32 lapic_read(u32 reg)
{
	return lapic[reg / 4];
}
static inline void lapic_write(u32 reg, u32 v)
{
	lapic[reg / 4] = v;
}

void lapic_init(void)
{
	u64 base = rdmsr(MSR_APIC_BASE);

	wrmsr(MSR_APIC_BASE, base | APIC_BASE_ENABLE);
	lapic = ioremap(base & APIC_BASE_MASK, 4096);
	boot_apic_id = lapic_read(LAPIC_ID) >> 24;
	lapic_write(LAPIC_TPR, 0);
	lapic_write(LAPIC_LVT_LINT0, LVT_MASKED);
	lapic_write(LAPIC_LVT_LINT1, LVT_NMI); /* LINT1 is NMI on every PC */
	lapic_write(LAPIC_LVT_ERROR, LVT_MASKED);
	lapic_write(LAPIC_ESR, 0);
	lapic_write(LAPIC_SVR, SVR_ENABLE | 0xFF);
	lapic_write(LAPIC_EOI, 0);
	pr_info("lapic: id %u at %#llx, version %#x\n", boot_apic_id,
		(unsigned long long)(base & APIC_BASE_MASK), lapic_read(LAPIC_VERSION) & 0xFF);
}

u32 lapic_id(void)
{
	return boot_apic_id;
}

void lapic_eoi(void)
{
	lapic_write(LAPIC_EOI, 0);
}

u64 lapic_msi_address(void)
{
	return MSI_ADDRESS_BASE | ((u64)(boot_apic_id & 0xFF) << 12);
}

u32 lapic_msi_data(u8 vector)
{
	return vector; /* fixed delivery, edge triggered */
}

void lapic_timer_init(u8 vector)
{
	u32 a, b, c, d;

	cpuid(1, 0, &a, &b, &c, &d);
	tsc_deadline = c & BIT(24);
	if (tsc_deadline) {
		lapic_write(LAPIC_LVT_TIMER, LVT_TIMER_TSC_DEADLINE | vector);
		pr_info("lapic: timer in TSC-deadline mode\n");
		return;
	}
	/* Count LAPIC ticks over 10 ms of TSC time. */
	lapic_write(LAPIC_TIMER_DIVIDE, TIMER_DIVIDE_BY_16);
	lapic_write(LAPIC_LVT_TIMER, LVT_MASKED | vector);
	lapic_write(LAPIC_TIMER_INITIAL, 0xFFFFFFFF);
	mdelay(10);
	lapic_ticks_per_ms = (0xFFFFFFFFu - lapic_read(LAPIC_TIMER_CURRENT)) / 10;
	lapic_write(LAPIC_TIMER_INITIAL, 0);
	lapic_write(LAPIC_LVT_TIMER, vector); /* one-shot, unmasked */
	if (!lapic_ticks_per_ms)
		lapic_ticks_per_ms = 1;
	pr_info("lapic: timer in one-shot mode, %llu kHz after divide-by-16\n",
		(unsigned long long)lapic_ticks_per_ms);
}

void lapic_timer_arm(u64 deadline_ns)
{
	u64 now, delta_ns, ticks;

	if (tsc_deadline) {
		wrmsr(MSR_TSC_DEADLINE, tsc_from_ns(deadline_ns));
		return;
	}
	now = ktime_get_ns();
	delta_ns = deadline_ns > now ? deadline_ns - now : 1000;
	ticks = delta_ns / 1000 * lapic_ticks_per_ms / 1000;
	if (ticks == 0)
		ticks = 1;
	if (ticks > 0xFFFFFFFFu)
		ticks = 0xFFFFFFFFu; /* the loop re-arms when it wakes early */
	lapic_write(LAPIC_TIMER_INITIAL, (u32)ticks);
}

void lapic_describe(struct lapic_desc *out)
{
	u64 base = rdmsr(MSR_APIC_BASE);
	u32 version = lapic ? lapic_read(LAPIC_VERSION) : 0;

	*out = (struct lapic_desc){
		.id = boot_apic_id,
		.phys = base & APIC_BASE_MASK,
		.version = (u8)version,
		.max_lvt = (u8)(version >> 16),
		.x2apic_mode = base & BIT(10),
		.tsc_deadline = tsc_deadline,
	};
}

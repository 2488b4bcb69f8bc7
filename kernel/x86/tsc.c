// SPDX-License-Identifier: BSD-2-Clause
/*
 * Time from the TSC. Its rate is measured once at boot against the PIT's
 * channel 2, which runs at a fixed 1.193182 MHz on every PC and can be read
 * without interrupts; the shortest of several runs wins because the only
 * error is delay added by the measuring itself (an SMI, an emulator pause).
 */
#include "kernel/mm/mm.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "kernel/x86/x86.h"

#define PIT_HZ	       1193182u
#define PIT_CH2_DATA   0x42
#define PIT_COMMAND    0x43
#define PIT_GATE_PORT  0x61
#define CALIBRATE_MS   20
#define CALIBRATE_RUNS 5

static u64 tsc_at_boot;
static u64 ns_mult; /* ns = (delta * ns_mult) >> 32 */
static u64 khz;

/* TSC ticks over `ms` milliseconds of PIT channel 2 countdown. */
static u64 measure_against_pit(u32 ms)
{
	u32 ticks = PIT_HZ * ms / 1000;
	u64 start, end;
	u8 gate;
	unsigned long spins = 0;

	gate = inb(PIT_GATE_PORT);
	outb(PIT_GATE_PORT, (gate & ~0x02) | 0x01); /* speaker off, gate on */
	outb(PIT_COMMAND, 0xB0);		    /* ch2, lobyte/hibyte, mode 0 */
	outb(PIT_CH2_DATA, ticks & 0xff);
	outb(PIT_CH2_DATA, ticks >> 8);
	/* Restart the count by toggling the gate. */
	outb(PIT_GATE_PORT, gate & ~0x03);
	outb(PIT_GATE_PORT, (gate & ~0x02) | 0x01);
	start = rdtsc();
	/* Output goes high when the count reaches zero; bounded in case there is no PIT. */
	while (!(inb(PIT_GATE_PORT) & 0x20)) {
		if (++spins == 50000000ul) {
			outb(PIT_GATE_PORT, gate);
			return 0; /* no PIT answering */
		}
		cpu_relax();
	}
	end = rdtsc();
	outb(PIT_GATE_PORT, gate);
	return end - start;
}

/* Plausible TSC rates: anything outside says the reference clock lied. */
static bool plausible_khz(u64 k)
{
	return k >= 50000 && k <= 20000000;
}

static void set_rate(u64 k, const char *source)
{
	u32 a, b, c, d;
	bool invariant = false;

	khz = k;
	ns_mult = (1000000ull << 32) / khz;
	cpuid(0x80000000, 0, &a, &b, &c, &d);
	if (a >= 0x80000007) {
		cpuid(0x80000007, 0, &a, &b, &c, &d);
		invariant = d & BIT(8);
	}
	pr_info("tsc: %llu.%03llu MHz (%s)%s\n", (unsigned long long)(khz / 1000),
		(unsigned long long)(khz % 1000), source, invariant ? ", invariant" : "");
}

#define HPET_CAPABILITIES 0x000
#define HPET_CONFIG	  0x010
#define HPET_COUNTER	  0x0F0
#define HPET_ENABLE	  BIT(0)

bool tsc_calibrate_hpet(u64 hpet_phys)
{
	volatile u64 *hpet;
	u64 period_fs, ticks, start_tsc, start, best = ~0ull;

	if (khz && ns_mult)
		return true;
	if (!hpet_phys)
		goto assume;
	hpet = ioremap(hpet_phys, 1024);
	period_fs = hpet[HPET_CAPABILITIES / 8] >> 32;
	if (period_fs == 0 || period_fs > 100000000ull) /* the spec caps it at 100 ns */
		goto assume;
	hpet[HPET_CONFIG / 8] |= HPET_ENABLE;
	ticks = (u64)CALIBRATE_MS * 1000000000000ull / period_fs;
	for (int i = 0; i < CALIBRATE_RUNS; i++) {
		unsigned long spins = 0;

		start = hpet[HPET_COUNTER / 8];
		start_tsc = rdtsc();
		while (hpet[HPET_COUNTER / 8] - start < ticks && ++spins < 50000000ul)
			cpu_relax();
		if (spins < 50000000ul)
			best = MIN(best, rdtsc() - start_tsc);
	}
	if (best != ~0ull && plausible_khz(best / CALIBRATE_MS)) {
		set_rate(best / CALIBRATE_MS, "calibrated against the HPET");
		return true;
	}
assume:
	pr_err("tsc: no PIT or HPET to calibrate against; assuming 1 GHz, times will be wrong\n");
	set_rate(1000000, "assumed, not measured");
	return false;
}

bool tsc_calibrate(void)
{
	u64 best = ~0ull;

	for (int i = 0; i < CALIBRATE_RUNS; i++) {
		u64 t = measure_against_pit(CALIBRATE_MS);

		if (t && t < best)
			best = t;
	}
	if (best == ~0ull || !plausible_khz(best / CALIBRATE_MS)) {
		pr_warn("tsc: the PIT gave no usable reference; will try the HPET\n");
		return false;
	}
	set_rate(best / CALIBRATE_MS, "calibrated against the PIT");
	return true;
}

void tsc_mark_boot(void)
{
	tsc_at_boot = rdtsc();
}

u64 tsc_khz(void)
{
	return khz;
}

u64 ktime_get_ns(void)
{
	u64 delta;

	if (!ns_mult)
		return 0;
	delta = rdtsc() - tsc_at_boot;
	return (u64)(((unsigned __int128)delta * ns_mult) >> 32);
}

u64 tsc_from_ns(u64 ns)
{
	/* Split so neither product overflows 64 bits for any uptime. */
	return tsc_at_boot + ns / 1000000ull * khz + ns % 1000000ull * khz / 1000000ull;
}

void udelay(u32 usecs)
{
	u64 start = rdtsc();
	u64 ticks = khz ? khz * usecs / 1000 : (u64)usecs * 3000;

	while (rdtsc() - start < ticks)
		cpu_relax();
}

void mdelay(u32 msecs)
{
	while (msecs--)
		udelay(1000);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Time from the TSC. Its rate is measured once at boot against the PIT's
 * channel 2, which runs at a fixed 1.193182 MHz on every PC and can be read
 * without interrupts; the shortest of several runs wins because the only
 * error is delay added by the measuring itself (an SMI, an emulator pause).
 */
#include "kernel/printk.h"
#include "kernel/time.h"
#include "kernel/x86.h"

#define PIT_HZ 1193182u
#define PIT_CH2_DATA 0x42
#define PIT_COMMAND 0x43
#define PIT_GATE_PORT 0x61
#define CALIBRATE_MS 20
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
	outb(PIT_COMMAND, 0xB0);                    /* ch2, lobyte/hibyte, mode 0 */
	outb(PIT_CH2_DATA, ticks & 0xff);
	outb(PIT_CH2_DATA, ticks >> 8);
	/* Restart the count by toggling the gate. */
	outb(PIT_GATE_PORT, gate & ~0x03);
	outb(PIT_GATE_PORT, (gate & ~0x02) | 0x01);
	start = rdtsc();
	/* Output goes high when the count reaches zero; bounded in case there is no PIT. */
	while (!(inb(PIT_GATE_PORT) & 0x20) && ++spins < 200000000ul)
		cpu_relax();
	end = rdtsc();
	outb(PIT_GATE_PORT, gate);
	return end - start;
}

void tsc_calibrate(void)
{
	u64 best = ~0ull;
	u32 a, b, c, d;
	bool invariant = false;

	for (int i = 0; i < CALIBRATE_RUNS; i++) {
		u64 t = measure_against_pit(CALIBRATE_MS);

		if (t && t < best)
			best = t;
	}
	khz = best / CALIBRATE_MS;
	if (khz == 0 || khz > 100000000ull) {
		pr_err("tsc: calibration failed (%llu ticks in %u ms); assuming 1 GHz\n",
		       (unsigned long long)best, CALIBRATE_MS);
		khz = 1000000;
	}
	ns_mult = (1000000ull << 32) / khz;
	cpuid(0x80000000, 0, &a, &b, &c, &d);
	if (a >= 0x80000007) {
		cpuid(0x80000007, 0, &a, &b, &c, &d);
		invariant = d & BIT(8);
	}
	pr_info("tsc: %llu.%03llu MHz (calibrated against the PIT)%s\n",
		(unsigned long long)(khz / 1000), (unsigned long long)(khz % 1000),
		invariant ? ", invariant" : "");
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

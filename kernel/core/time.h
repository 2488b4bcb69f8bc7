/* SPDX-License-Identifier: BSD-2-Clause */
/* Monotonic time since boot, from the calibrated TSC (kernel/x86/tsc.c). */
#ifndef NAPKIN_KERNEL_TIME_H
#define NAPKIN_KERNEL_TIME_H

#include "kernel/core/compiler.h"

#define NSEC_PER_USEC 1000ull
#define NSEC_PER_MSEC 1000000ull
#define NSEC_PER_SEC  1000000000ull

/* Nanoseconds since boot; 0 until the TSC is calibrated. */
u64 ktime_get_ns(void);
static inline u64 ktime_get_us(void)
{
	return ktime_get_ns() / NSEC_PER_USEC;
}

/* Busy-wait. Fine for device init; never on the packet path. */
void udelay(u32 usecs);
void mdelay(u32 msecs);

/* TSC frequency in kHz once calibrated, else 0. */
u64 tsc_khz(void);

/*
 * One-shot wakeup: the idle loop sleeps until the earliest armed deadline or
 * the next interrupt. timer_arm() replaces any earlier deadline of the same
 * timer.
 */
struct ktimer {
	u64 deadline_ns;
	void (*fn)(struct ktimer *t);
	bool armed;
	struct ktimer *next;
};
void ktimer_arm(struct ktimer *t, u64 deadline_ns);
void ktimer_cancel(struct ktimer *t);
/* Runs expired timers; returns the next deadline, or UINT64_MAX when none. */
u64 ktimers_run(u64 now_ns);

/* Boot-time setup and conversions used by the LAPIC timer. */
void tsc_mark_boot(void);
/* Against PIT channel 2; false if there is no usable PIT. */
bool tsc_calibrate(void);
/* The fallback once ACPI has named the HPET (0: none); assumes 1 GHz without one. */
bool tsc_calibrate_hpet(u64 hpet_phys);
u64 tsc_from_ns(u64 ns);
#endif

/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef NAPKIN_KERNEL_LOOP_H
#define NAPKIN_KERNEL_LOOP_H

#include "kernel/core/compiler.h"

/*
 * Work the loop runs every round after softirqs and timers, e.g. lwIP's
 * timeouts or the console shell. Returns the next deadline in ns it wants a
 * wakeup for, or UINT64_MAX.
 */
struct loop_hook {
	const char *name;
	u64 (*run)(u64 now_ns);
	struct loop_hook *next;
};

void loop_add_hook(struct loop_hook *hook);
void main_loop(void) __noreturn;

/* Counters for the shell: rounds, sleeps, wakeups. */
struct loop_stats {
	u64 rounds;
	u64 sleeps;
	u64 slept_ns;
};
const struct loop_stats *loop_get_stats(void);

/* Called from the LAPIC timer interrupt. */
void loop_timer_interrupt(void);

#endif

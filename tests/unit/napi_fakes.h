/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-ins for the kernel services net/ uses (printk, clock, softirqs,
 * interrupt masking), with hooks for tests to drive and inspect them.
 */
#ifndef NAPKIN_TESTS_NAPI_FAKES_H
#define NAPKIN_TESTS_NAPI_FAKES_H

#include "kernel/compiler.h"
#include "kernel/softirq.h"

/* Clock: starts at 0, moves only when told. */
void fake_clock_set(u64 ns);
void fake_clock_advance(u64 ns);
u64 fake_clock_now(void);

/* Softirqs: raise_softirq() records; tests run the raised handler explicitly. */
unsigned int fake_softirq_raised(enum softirq_nr nr); /* raises since the last reset */
bool fake_softirq_is_pending(enum softirq_nr nr);
/* Runs the handler of nr if pending (clearing it first); returns whether it ran. */
bool fake_softirq_run(enum softirq_nr nr);
/* Runs NET_RX until nothing is pending or max rounds ran; returns rounds run. */
unsigned int fake_softirq_run_net_rx(unsigned int max_rounds);
void fake_softirq_reset(void);

/* Interrupt masking bookkeeping. */
bool fake_irqs_enabled(void);
/* Enter/leave a simulated hard interrupt handler (interrupts masked inside). */
void fake_hardirq_enter(void);
void fake_hardirq_exit(void);
/*
 * fn runs whenever interrupts become enabled again (local_irq_restore or
 * local_irq_enable), where the test may deliver interrupts it holds pending.
 * Not re-entered; NULL (the default) turns it off.
 */
void fake_set_irq_window(void (*fn)(void));
/* Saves not yet restored; must be 0 whenever control is back in the test. */
int fake_irq_save_depth(void);

/* Log capture: the last messages printk'd, without their level prefix. */
void fake_log_clear(void);
unsigned int fake_log_count(const char *needle); /* messages containing needle */
bool fake_log_contains(const char *needle);
int fake_log_level_of(const char *needle); /* level of the last match, -1 if none */
void fake_log_dump(void);		   /* to stderr, for failing tests */

void fake_reset_all(void);

#endif

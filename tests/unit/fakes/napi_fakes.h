/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-ins for the kernel services net/ uses (clock, softirqs), with
 * hooks for tests to drive and inspect them; interrupt masking and printk
 * are the shared stubs, whose headers this one brings in.
 */
#ifndef NAPKIN_TESTS_NAPI_FAKES_H
#define NAPKIN_TESTS_NAPI_FAKES_H

#include "kernel/core/compiler.h"
#include "kernel/core/softirq.h"
#include "tests/unit/fakes/stub_irqflags.h"
#include "tests/unit/fakes/stub_printk.h"

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

/*
 * Interrupt masking and the log come from the one fake of each: link
 * stub_irqflags.c and stub_printk.c too (NAPI_FAKES_SRCS in test_napi.mk).
 */

/* Clock, softirqs, interrupt flag and log back to their start. */
void fake_reset_all(void);

#endif

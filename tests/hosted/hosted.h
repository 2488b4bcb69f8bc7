/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hosted harness: napkin's drivers and net/ running as a Linux process
 * against register-level device models. This header is the core: failures,
 * the simulated clock, devices that advance with it, and the loop that plays
 * kmain's main_loop (softirqs, timers, interrupts).
 *
 * Time only moves when the harness moves it: udelay()/mdelay() in driver code
 * and hosted_run_for() in tests advance the clock and let every device catch
 * up, event by event, so a 2-second autonegotiation costs no real time.
 * A test whose peers live outside the process (Linux tools over a TAP) turns
 * on real-time mode instead: see hosted_realtime().
 *
 * Anything a model or the harness finds wrong (a stray DMA address, an init
 * step out of order, an interrupt storm) is reported with hosted_fail(): it is
 * printed at once and counted, and tests assert the count stays zero.
 */
#ifndef NAPKIN_TESTS_HOSTED_H
#define NAPKIN_TESTS_HOSTED_H

#include "kernel/core/compiler.h"

/* Reset every part of the harness; call first in each test. */
void hosted_init(void);
/* Release what the harness holds (DMA bookkeeping, wires, devices). */
void hosted_fini(void);

/* ---- Failures ---- */
void hosted_fail(const char *fmt, ...) __printf(1, 2);
unsigned int hosted_failures(void);
/* The i-th failure message (oldest first), or NULL. */
const char *hosted_failure(unsigned int i);
/*
 * Forget failures containing `needle` and return how many there were: for
 * tests that provoke a violation on purpose and check it was caught.
 */
unsigned int hosted_failures_take(const char *needle);
/* Stop (or resume) printing failures as they happen: for tests that provoke them. */
void hosted_failures_quiet(bool quiet);
/* Print every recorded failure to stderr. */
void hosted_failures_dump(void);

/* ---- Clock ---- */
u64 hosted_now(void);
/* Move the clock forward by ns, running device events on the way. */
void hosted_advance(u64 ns);
/* True while hosted_advance() runs device events (a step inside must not move time). */
bool hosted_advancing(void);
/*
 * Real-time mode, for tests that talk to real Linux tools: lwIP's timers and
 * TCP's retransmissions must keep the peer's time. While on, every loop round
 * first brings the clock up to the real one (CLOCK_MONOTONIC, counted from
 * where the clock stood when the mode was turned on), hosted_run_for() and
 * hosted_run_until() take their durations in real time and wait for TAP
 * input (never longer than the next device or timer event, at most 1 ms)
 * when a round found nothing to do. udelay()/mdelay() still jump ahead, so
 * the clock reads the later of real time and where driver delays took it.
 * hosted_init() turns it off.
 */
void hosted_realtime(bool on);
bool hosted_is_realtime(void);

/* ---- Devices: anything that acts on its own as time passes ---- */
struct hosted_device {
	const char *name;
	/*
	 * Do what is due at `now` (process rings, finish a reset, complete
	 * autonegotiation) and return the next time something will be due, or
	 * UINT64_MAX. Called often; must be cheap when idle.
	 */
	u64 (*tick)(struct hosted_device *dev, u64 now);
	struct hosted_device *next;
};
void hosted_device_add(struct hosted_device *dev);
void hosted_device_remove(struct hosted_device *dev);
/* Tick every device at the current time; returns the earliest next event. */
u64 hosted_devices_tick(void);

/* ---- The loop ---- */
/*
 * One round of the main loop: poll external wires (TAP), tick devices,
 * deliver pending interrupts, run raised softirqs, run expired timers, then
 * the hooks registered with loop_add_hook() (kernel/core/loop.h; lwIP's timeouts),
 * as kmain's main_loop does. Returns true if a softirq ran.
 */
bool hosted_run_once(void);
/* Run rounds while work is pending, without moving the clock (bounded). */
void hosted_run_idle(void);
/* Run the loop for `ns` of simulated time, jumping from event to event. */
void hosted_run_for(u64 ns);
/* Run until cond(ctx) holds or `timeout_ns` of simulated time passed. */
bool hosted_run_until(bool (*cond)(void *ctx), void *ctx, u64 timeout_ns);
/*
 * hosted_run_until()'s longest step between checks of its condition: 1 ms,
 * so that state a model changes without an event of its own (a deadline it
 * only compares on a register read) is noticed. A condition on what only
 * events change (driver state) may let the clock jump from event to event
 * with UINT64_MAX. hosted_init() sets 1 ms again.
 */
void hosted_set_until_step(u64 ns);

#endif

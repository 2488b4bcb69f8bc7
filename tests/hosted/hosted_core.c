// SPDX-License-Identifier: BSD-2-Clause
/*
 * Harness core: failure log, simulated clock, devices and the main loop.
 * Also provides what kernel/core/time.h promises (ktime_get_ns, udelay, mdelay),
 * driven by the simulated clock instead of the TSC, and kernel/core/loop.h's
 * loop_add_hook().
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel/core/loop.h"
#include "kernel/core/softirq.h"
#include "kernel/core/time.h"
#include "net/core/netdev_stack.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_race.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/hosted_wire.h"

#define MAX_FAILURES 64
#define FAILURE_LEN  512
/* Rounds hosted_run_idle() runs at most before it declares a livelock. */
#define IDLE_ROUNDS_MAX 100000
/* Real-time mode: longest wait for TAP input, so conditions are still polled often. */
#define REALTIME_WAIT_MAX_NS NSEC_PER_MSEC

static char failures[MAX_FAILURES][FAILURE_LEN];
static unsigned int nr_failures, nr_failures_lost;
static u64 clock_ns;
static struct hosted_device *devices;
static bool advancing;
static bool quiet;
static struct loop_hook *hooks;
static bool realtime;
static u64 realtime_origin; /* real ns at which the clock would have read 0 */
/*
 * The loop sleeps as bare metal's does (kernel/core/loop.c): after a round it
 * halts until an interrupt or the earliest timer or hook deadline. A model's
 * own events (a descriptor fetched, a countdown ticking) wake nothing, so
 * they run no round: a round per model event would run the timers and hooks
 * far more often than napkin does, hiding a missing wake-up and inflating
 * what bench/hosted_cost counts. Test code calling in is a wake-up.
 */
static u64 loop_deadline;
static u64 loop_irqs_seen; /* interrupts dispatched when the last round ended */
static u64 until_step = NSEC_PER_MSEC;

void hosted_fail(const char *fmt, ...)
{
	char msg[FAILURE_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!quiet)
		fprintf(stderr, "hosted: FAIL at %llu ns: %s\n", (unsigned long long)clock_ns, msg);
	if (nr_failures == MAX_FAILURES) {
		nr_failures_lost++;
		return;
	}
	memcpy(failures[nr_failures++], msg, sizeof(msg));
}

unsigned int hosted_failures(void)
{
	return nr_failures + nr_failures_lost;
}

const char *hosted_failure(unsigned int i)
{
	return i < nr_failures ? failures[i] : NULL;
}

unsigned int hosted_failures_take(const char *needle)
{
	unsigned int kept = 0, taken = 0;

	for (unsigned int i = 0; i < nr_failures; i++) {
		if (strstr(failures[i], needle)) {
			taken++;
			continue;
		}
		if (kept != i)
			memcpy(failures[kept], failures[i], FAILURE_LEN);
		kept++;
	}
	nr_failures = kept;
	return taken;
}

void hosted_failures_quiet(bool q)
{
	quiet = q;
}

void hosted_failures_dump(void)
{
	for (unsigned int i = 0; i < nr_failures; i++)
		fprintf(stderr, "  failure %u: %s\n", i, failures[i]);
	if (nr_failures_lost)
		fprintf(stderr, "  (%u more not kept)\n", nr_failures_lost);
}

/* ---- Clock ---- */

u64 hosted_now(void)
{
	return clock_ns;
}

u64 ktime_get_ns(void)
{
	return clock_ns;
}

u64 tsc_khz(void)
{
	return 1000000; /* a pretend 1 GHz: only used for reporting */
}

void hosted_advance(u64 ns)
{
	u64 target = clock_ns + ns;

	/* A device tick that delays (it should not) must not recurse into ticks. */
	if (advancing) {
		clock_ns = target;
		return;
	}
	advancing = true;
	for (;;) {
		u64 next = hosted_devices_tick();

		hosted_irq_deliver();
		if (next > target || next <= clock_ns)
			break;
		clock_ns = next;
	}
	clock_ns = target;
	hosted_devices_tick();
	advancing = false;
	hosted_irq_deliver();
}

bool hosted_advancing(void)
{
	return advancing;
}

static u64 real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

void hosted_realtime(bool on)
{
	realtime = on;
	realtime_origin = real_ns() - clock_ns;
}

bool hosted_is_realtime(void)
{
	return realtime;
}

/* Real-time mode: device events due up to now run on the way. Never moves back. */
static void realtime_catch_up(void)
{
	u64 target = real_ns() - realtime_origin;

	if (target > clock_ns)
		hosted_advance(target - clock_ns);
}

void udelay(u32 usecs)
{
	hosted_advance((u64)usecs * NSEC_PER_USEC);
}

void mdelay(u32 msecs)
{
	hosted_advance((u64)msecs * NSEC_PER_MSEC);
}

/* ---- Devices ---- */

void hosted_device_add(struct hosted_device *dev)
{
	struct hosted_device **pp = &devices;

	while (*pp)
		pp = &(*pp)->next;
	dev->next = NULL;
	*pp = dev;
}

void hosted_device_remove(struct hosted_device *dev)
{
	for (struct hosted_device **pp = &devices; *pp; pp = &(*pp)->next) {
		if (*pp == dev) {
			*pp = dev->next;
			dev->next = NULL;
			return;
		}
	}
}

u64 hosted_devices_tick(void)
{
	u64 next = UINT64_MAX;

	hosted_model_enter();
	for (struct hosted_device *d = devices; d; d = d->next) {
		u64 n = d->tick(d, clock_ns);

		next = MIN(next, n);
	}
	hosted_model_exit();
	return next;
}

/* ---- Loop ---- */

void loop_add_hook(struct loop_hook *hook)
{
	struct loop_hook **pp = &hooks;

	while (*pp)
		pp = &(*pp)->next;
	hook->next = NULL;
	*pp = hook;
}

/* Every hook, as main_loop runs them after timers; returns the earliest deadline. */
static u64 run_hooks(void)
{
	u64 next = UINT64_MAX;

	for (struct loop_hook *h = hooks; h; h = h->next) {
		u64 n = h->run(clock_ns);

		next = MIN(next, n);
	}
	hosted_irq_deliver();
	return next;
}

static bool loop_round(bool woken)
{
	bool ran, delivered;
	u64 next, hooks_next;

	if (realtime)
		realtime_catch_up();
	/* Frames delivered count as work: a paused port's wire may hold more. */
	delivered = hosted_wire_poll();
	hosted_devices_tick();
	hosted_irq_deliver();
	woken = woken || delivered || softirq_pending() || clock_ns >= loop_deadline ||
		hosted_irq_dispatched() != loop_irqs_seen;
	if (!woken)
		return false;
	ran = do_softirq() || delivered;
	next = ktimers_run(clock_ns);
	hosted_irq_deliver();
	hooks_next = run_hooks(); /* not inside MIN(), which would run the hooks twice */
	loop_deadline = MIN(next, hooks_next);
	loop_irqs_seen = hosted_irq_dispatched();
	return ran;
}

bool hosted_run_once(void)
{
	return loop_round(true);
}

/* Rounds until nothing is pending; `woken`: the first is a full one. */
static void run_idle(bool woken)
{
	unsigned int rounds = 0;

	while (loop_round(woken) || softirq_pending()) {
		woken = false;
		if (++rounds == IDLE_ROUNDS_MAX) {
			hosted_fail("loop: softirqs still pending after %u rounds without time "
				    "passing (livelock)",
				    IDLE_ROUNDS_MAX);
			return;
		}
	}
}

/* The caller's code may have armed timers or queued work: a full round first. */
void hosted_run_idle(void)
{
	run_idle(true);
}

/* The next model event or the loop's own deadline, whichever comes first. */
static u64 next_event(void)
{
	return MIN(hosted_devices_tick(), loop_deadline);
}

/*
 * Real-time mode: rounds until the real clock reaches `end` (clock units) or
 * cond holds; a round with nothing to do waits for TAP input or the next event.
 */
static bool realtime_run(bool (*cond)(void *ctx), void *ctx, u64 end)
{
	for (;;) {
		bool busy = hosted_run_once();
		u64 next;

		if (cond && cond(ctx))
			return true;
		if (clock_ns >= end)
			return false;
		if (busy || softirq_pending())
			continue;
		next = next_event();
		if (next > clock_ns)
			hosted_wire_wait(MIN(MIN(next, end) - clock_ns, REALTIME_WAIT_MAX_NS));
	}
}

void hosted_run_for(u64 ns)
{
	u64 end = clock_ns + ns;

	if (realtime) {
		realtime_run(NULL, NULL, end);
		return;
	}

	for (bool first = true;; first = false) {
		u64 next;

		run_idle(first);
		next = next_event();
		if (next <= clock_ns)
			next = clock_ns + 1;
		if (next > end)
			break;
		hosted_advance(next - clock_ns);
	}
	if (end > clock_ns)
		hosted_advance(end - clock_ns);
	run_idle(false);
}

bool hosted_run_until(bool (*cond)(void *ctx), void *ctx, u64 timeout_ns)
{
	u64 end = clock_ns + timeout_ns;

	if (realtime)
		return cond(ctx) || realtime_run(cond, ctx, end);

	for (bool first = true;; first = false) {
		u64 next;

		run_idle(first);
		if (cond(ctx))
			return true;
		if (clock_ns >= end)
			return false;
		next = next_event();
		if (next <= clock_ns)
			next = clock_ns + 1;
		next = MIN(next, clock_ns + MIN(until_step, end - clock_ns));
		hosted_advance(next - clock_ns);
	}
}

void hosted_set_until_step(u64 ns)
{
	until_step = ns;
}

/* ---- Set up and tear down ---- */

void hosted_init(void)
{
	hosted_race_stop();
	memset(failures, 0, sizeof(failures));
	nr_failures = 0;
	nr_failures_lost = 0;
	clock_ns = 0;
	loop_deadline = 0;
	loop_irqs_seen = hosted_irq_dispatched();
	devices = NULL;
	advancing = false;
	quiet = false;
	hooks = NULL;
	realtime = false;
	until_step = NSEC_PER_MSEC;
	hosted_irq_reset();
	hosted_pci_reset();
	hosted_dma_reset();
	hosted_wire_reset();
	net_core_init();
	hosted_pci_install();
}

void hosted_fini(void)
{
	hosted_race_stop();
	hosted_wire_reset();
	hosted_dma_reset();
	hosted_pci_reset();
	devices = NULL;
}

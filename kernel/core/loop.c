// SPDX-License-Identifier: BSD-2-Clause
/*
 * The one loop napkin runs after boot: softirqs (NET_RX polls the NAPI
 * instances), expired timers, loop hooks; then, if nothing is pending, sleep
 * until the next interrupt or deadline. The check and the sleep happen with
 * interrupts off and `sti; hlt` back to back: sti takes effect only after the
 * next instruction, so an interrupt arriving after the check still wakes hlt.
 */
#include "kernel/x86/apic.h"
#include "kernel/x86/irqflags.h"
#include "kernel/core/loop.h"
#include "kernel/core/softirq.h"
#include "kernel/core/time.h"

static struct loop_hook *hooks;
static struct loop_stats stats;

void loop_add_hook(struct loop_hook *hook)
{
	hook->next = hooks;
	hooks = hook;
}

const struct loop_stats *loop_get_stats(void)
{
	return &stats;
}

void loop_timer_interrupt(void)
{
	/* Waking the CPU was the point; the loop itself runs expired timers. */
	raise_softirq(TIMER_SOFTIRQ);
}

static void timer_softirq(void) {}

void main_loop(void)
{
	open_softirq(TIMER_SOFTIRQ, timer_softirq);
	local_irq_enable();
	for (;;) {
		u64 now, next;

		stats.rounds++;
		do_softirq();
		now = ktime_get_ns();
		next = ktimers_run(now);
		for (struct loop_hook *h = hooks; h; h = h->next) {
			u64 want = h->run(now);

			next = MIN(next, want);
		}

		local_irq_disable();
		if (softirq_pending()) {
			local_irq_enable();
			continue;
		}
		if (next != UINT64_MAX)
			lapic_timer_arm(next);
		stats.sleeps++;
		now = ktime_get_ns();
		__asm__ __volatile__("sti; hlt" ::: "memory");
		stats.slept_ns += ktime_get_ns() - now;
	}
}

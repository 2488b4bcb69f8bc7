// SPDX-License-Identifier: BSD-2-Clause
/*
 * One-shot kernel timers in a list sorted by deadline. napkin has a handful of
 * them (lwIP's timeouts, link watchdogs, stats), so a sorted list beats a
 * wheel. Handlers run from the main loop, never from interrupt context.
 */
#include "kernel/x86/irqflags.h"
#include "kernel/core/time.h"

static struct ktimer *timer_list;

static void unlink_timer(struct ktimer *t)
{
	for (struct ktimer **pp = &timer_list; *pp; pp = &(*pp)->next) {
		if (*pp == t) {
			*pp = t->next;
			break;
		}
	}
	t->armed = false;
	t->next = NULL;
}

void ktimer_arm(struct ktimer *t, u64 deadline_ns)
{
	unsigned long flags = local_irq_save();
	struct ktimer **pp;

	if (t->armed)
		unlink_timer(t);
	t->deadline_ns = deadline_ns;
	for (pp = &timer_list; *pp && (*pp)->deadline_ns <= deadline_ns; pp = &(*pp)->next)
		;
	t->next = *pp;
	*pp = t;
	t->armed = true;
	local_irq_restore(flags);
}

void ktimer_cancel(struct ktimer *t)
{
	unsigned long flags = local_irq_save();

	if (t->armed)
		unlink_timer(t);
	local_irq_restore(flags);
}

u64 ktimers_run(u64 now_ns)
{
	u64 next;

	for (;;) {
		unsigned long flags = local_irq_save();
		struct ktimer *t = timer_list;

		if (!t || t->deadline_ns > now_ns) {
			next = t ? t->deadline_ns : UINT64_MAX;
			local_irq_restore(flags);
			return next;
		}
		unlink_timer(t);
		local_irq_restore(flags);
		t->fn(t);
	}
}

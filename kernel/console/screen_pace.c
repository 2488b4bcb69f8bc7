// SPDX-License-Identifier: BSD-2-Clause
/* Pacing of screen redraws (see screen_pace.h). */
#include "kernel/x86/irqflags.h"
#include "kernel/core/loop.h"
#include "kernel/console/screen_pace.h"

void screen_pace_now(struct screen_pace *p)
{
	p->draw();
	p->last_ns = ktime_get_ns();
	if (p->timer.armed)
		ktimer_cancel(&p->timer);
}

static void pace_timer_fn(struct ktimer *t)
{
	struct screen_pace *p = container_of(t, struct screen_pace, timer);
	unsigned long flags = local_irq_save();

	screen_pace_now(p);
	local_irq_restore(flags);
}

void screen_pace_init(struct screen_pace *p, void (*draw)(void))
{
	p->draw = draw;
	p->timer.fn = pace_timer_fn;
	p->last_ns = 0;
	p->deferred = 0;
}

void screen_pace_request(struct screen_pace *p, bool urgent)
{
	u64 due = p->last_ns + SCREEN_PACE_NS;

	/* Before the loop runs no timer would fire: draw at once. */
	if (urgent || !loop_get_stats()->rounds || ktime_get_ns() >= due) {
		screen_pace_now(p);
		return;
	}
	p->deferred++;
	if (!p->timer.armed)
		ktimer_arm(&p->timer, due);
}

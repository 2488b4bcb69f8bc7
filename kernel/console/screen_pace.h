/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Pacing of a screen's redraws, shared by the framebuffer console and the
 * VGA text mirror. Redrawing after a scroll rewrites most of the screen with
 * interrupts off (megabytes on a large panel; thousands of trapped writes to
 * VGA memory under emulation), so once the main loop runs a screen is redrawn
 * at most every SCREEN_PACE_NS: output within that time of the last redraw
 * waits for a timer (a typed key's echo too: 20 ms is not noticed). Urgent
 * output (warnings and worse), everything before the loop runs (a hang during
 * boot must leave its last line visible) and panics draw at once.
 */
#ifndef NAPKIN_KERNEL_SCREEN_PACE_H
#define NAPKIN_KERNEL_SCREEN_PACE_H

#include "kernel/core/compiler.h"
#include "kernel/core/time.h"

#define SCREEN_PACE_NS (20ull * 1000 * 1000) /* 50 redraws a second at most */

struct screen_pace {
	struct ktimer timer;
	u64 last_ns;
	u64 deferred;	    /* requests that waited for the timer */
	void (*draw)(void); /* draws what changed; called with interrupts off */
};

void screen_pace_init(struct screen_pace *p, void (*draw)(void));
/* After changing what the screen shows; interrupts off. */
void screen_pace_request(struct screen_pace *p, bool urgent);
/* Draw now, whatever the pace (panic hooks, a screen just mapped); interrupts off. */
void screen_pace_now(struct screen_pace *p);

#endif

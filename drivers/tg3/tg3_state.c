// SPDX-License-Identifier: BSD-2-Clause
/*
 * The adapter's life cycle. All the moves it may make are in one table, so a
 * reader sees the whole life at a glance and a move nobody planned for (a
 * reset asked for while closing, an open of a dead chip) is reported and
 * counted instead of quietly corrupting the bring-up or teardown it crossed.
 *
 *   PROBING -> CLOSED -> OPENING -> RUNNING <-> RESETTING
 *   OPENING -> CLOSED                      (open failed, everything given back)
 *   RUNNING, RESETTING -> CLOSING -> CLOSED
 *   PROBING, OPENING, RESETTING, CLOSING -> DEAD   (bootcode never answered)
 *   PROBING -> REMOVED (probe failed); CLOSED, DEAD -> REMOVED (remove)
 */
#define pr_fmt(fmt) "tg3: " fmt

#include "drivers/tg3/tg3.h"
#include "kernel/console/printk.h"

#define TO(st) (1u << (st))

static const u32 tg3_allowed[TG3_ST_COUNT] = {
	[TG3_ST_PROBING] = TO(TG3_ST_CLOSED) | TO(TG3_ST_DEAD) | TO(TG3_ST_REMOVED),
	[TG3_ST_CLOSED] = TO(TG3_ST_OPENING) | TO(TG3_ST_REMOVED),
	/* A failed open gives everything back and is closed again. */
	[TG3_ST_OPENING] = TO(TG3_ST_RUNNING) | TO(TG3_ST_CLOSED) | TO(TG3_ST_DEAD),
	[TG3_ST_RUNNING] = TO(TG3_ST_RESETTING) | TO(TG3_ST_CLOSING),
	/* Closed mid-reset: stop() finishes the handshake before letting go. */
	[TG3_ST_RESETTING] = TO(TG3_ST_RUNNING) | TO(TG3_ST_CLOSING) | TO(TG3_ST_DEAD),
	[TG3_ST_CLOSING] = TO(TG3_ST_CLOSED) | TO(TG3_ST_DEAD),
	/* Only a new probe (after a power cycle) can bring a dead chip back. */
	[TG3_ST_DEAD] = TO(TG3_ST_REMOVED),
	[TG3_ST_REMOVED] = 0,
};

static const char *const tg3_state_names[TG3_ST_COUNT] = {
	[TG3_ST_PROBING] = "probing",	  [TG3_ST_CLOSED] = "closed",
	[TG3_ST_OPENING] = "opening",	  [TG3_ST_RUNNING] = "running",
	[TG3_ST_RESETTING] = "resetting", [TG3_ST_CLOSING] = "closing",
	[TG3_ST_DEAD] = "dead",		  [TG3_ST_REMOVED] = "removed",
};

const char *tg3_state_name(enum tg3_state st)
{
	return (unsigned int)st < TG3_ST_COUNT ? tg3_state_names[st] : "invalid";
}

/*
 * A refused move is not made: the caller's code path was not written for
 * the state it would leave behind, and the warning names both ends.
 */
void tg3_set_state(struct tg3 *tp, enum tg3_state next)
{
	enum tg3_state cur = tp->state;

	if ((unsigned int)next >= TG3_ST_COUNT || (unsigned int)cur >= TG3_ST_COUNT ||
	    !(tg3_allowed[cur] & TO(next))) {
		tp->ctr.illegal_transitions++;
		pr_warn("%s: illegal state change %s -> %s refused\n", tg3_name(tp),
			tg3_state_name(cur), tg3_state_name(next));
		return;
	}
	pr_debug("%s: state %s -> %s\n", tg3_name(tp), tg3_state_name(cur), tg3_state_name(next));
	tp->state = next;
}

bool tg3_is_up(const struct tg3 *tp)
{
	return tp->state == TG3_ST_OPENING || tp->state == TG3_ST_RUNNING ||
	       tp->state == TG3_ST_RESETTING || tp->state == TG3_ST_CLOSING;
}

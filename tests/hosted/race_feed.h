/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The far end of a racing test (tests/hosted/hosted_race.h), as a device:
 * frame i goes on the wire at its own simulated time from a device tick, so
 * under the racing device it can land in the middle of the driver's poll
 * (a step runs device ticks), not only between loop rounds. Frames come in
 * pairs `space_ns` apart, the second of each pair a seed-dependent 0..40 us
 * after the first. Before each pair the feeder checks that every earlier
 * frame is up: one that is not waited for an interrupt that never came
 * (an update lost between the driver's last look and its unmask).
 */
#ifndef NAPKIN_TESTS_HOSTED_RACE_FEED_H
#define NAPKIN_TESTS_HOSTED_RACE_FEED_H

#include "kernel/core/compiler.h"

struct race_feed_ops {
	void (*put)(unsigned int i); /* put frame i on the wire */
	unsigned int (*up)(void);    /* frames the pretend stack has received */
};

/* Register the feeder; the first frame goes 100 us from now. */
void race_feed_start(const struct race_feed_ops *ops, unsigned int pairs, u64 space_ns, u64 seed);
/* Run the loop until every frame is up (false if not in pairs * space + 4 ms). */
bool race_feed_run(void);
void race_feed_stop(void);
/* The first frame not up when the next pair came, or -1. */
int race_feed_late(void);
/*
 * With the feeder and the racing device started: run until every frame is up,
 * stop both, and fail the test if a frame was late (a lost update) or the
 * device hardly raced at all.
 */
void race_feed_finish(u64 seed);
/* Print the racing device's counters for this seed. */
void race_print_stats(u64 seed);

#endif

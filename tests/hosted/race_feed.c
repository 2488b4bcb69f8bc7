// SPDX-License-Identifier: BSD-2-Clause
/* The far end of a racing test: frames on the wire at their own times (race_feed.h). */
#include <check.h>
#include <stdio.h>

#include "kernel/core/time.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_race.h"
#include "tests/hosted/race_feed.h"

static struct feeder {
	struct hosted_device dev;
	const struct race_feed_ops *ops;
	u64 t0, space, seed;
	unsigned int pairs, next;
	int late;
} feed;

static u64 arrival(unsigned int i)
{
	u64 gap = (feed.seed * (i / 2 + 1) * 2654435761u) % (40 * NSEC_PER_USEC);

	return feed.t0 + (u64)(i / 2) * feed.space + (i & 1 ? gap : 0);
}

static u64 feeder_tick(struct hosted_device *d, u64 now)
{
	while (feed.next < 2 * feed.pairs && arrival(feed.next) <= now) {
		unsigned int i = feed.next++;

		if (!(i & 1) && feed.late < 0 && feed.ops->up() < i)
			feed.late = (int)feed.ops->up();
		feed.ops->put(i);
	}
	return feed.next < 2 * feed.pairs ? arrival(feed.next) : UINT64_MAX;
}

void race_feed_start(const struct race_feed_ops *ops, unsigned int pairs, u64 space_ns, u64 seed)
{
	feed = (struct feeder){ .dev = { .name = "far end", .tick = feeder_tick },
				.ops = ops,
				.t0 = hosted_now() + 100 * NSEC_PER_USEC,
				.space = space_ns,
				.seed = seed,
				.pairs = pairs,
				.late = -1 };
	hosted_device_add(&feed.dev);
}

static bool all_up(void *ctx)
{
	return feed.ops->up() >= 2 * feed.pairs;
}

bool race_feed_run(void)
{
	return hosted_run_until(all_up, NULL, feed.pairs * feed.space + 4 * NSEC_PER_MSEC);
}

void race_feed_stop(void)
{
	hosted_device_remove(&feed.dev);
}

int race_feed_late(void)
{
	return feed.late;
}

void race_print_stats(u64 seed)
{
	struct hosted_race_stats st;

	hosted_race_stats(&st);
	printf("race: seed %llu: %llu traps, %llu MMIO accesses, %llu steps, %llu us run in "
	       "steps\n",
	       (unsigned long long)seed, (unsigned long long)st.traps, (unsigned long long)st.mmio,
	       (unsigned long long)st.steps, (unsigned long long)(st.ran_ns / 1000));
	fflush(stdout);
}

void race_feed_finish(u64 seed)
{
	struct hosted_race_stats st;

	ck_assert(race_feed_run());
	hosted_run_for(NSEC_PER_MSEC);
	race_print_stats(seed);
	hosted_race_stats(&st);
	hosted_race_stop();
	race_feed_stop();
	ck_assert_msg(race_feed_late() < 0,
		      "seed %llu: frame %d was not up %llu us after it arrived, when the next "
		      "pair came: an update that landed before the unmask was lost",
		      (unsigned long long)seed, race_feed_late(),
		      (unsigned long long)(feed.space / NSEC_PER_USEC));
	/* The device really raced the driver: many trapped accesses, many steps. */
	ck_assert_uint_gt(st.traps, 1000);
	ck_assert_uint_gt(st.steps, 1000);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The NAPI core under seeded random interleavings. Up to 12 fake devices, each
 * with a receive ring (a frame count), an interrupt that masks itself and a
 * driver that follows docs/NAPI.md, are driven through random traffic,
 * interrupts (also delivered the moment napi.c re-enables interrupts, and
 * inside polls), kicks from other contexts, polls that finish early or use
 * their whole budget, stop/open, removal and re-adding, mode switches, budget
 * changes and netpoll. A model of what the driver may expect from the API
 * (docs/NAPI.md) predicts every return value and counter. Checked at every
 * step, and at every poll:
 *   - no poll of an instance while another poll of it runs, none of a
 *     disabled, deleted or netpoll-held instance, none by the core of an
 *     instance it did not schedule;
 *   - a masked interrupt means the instance is scheduled, scheduled means
 *     queued, queued means NET_RX is pending: work never strands; drains
 *     with no new events must end with every ring empty and, outside
 *     busypoll, every interrupt unmasked;
 *   - a schedule during a poll makes its completion refuse (re-poll);
 *   - each poll's budget is min(weight, what the round has left), no poll
 *     starts after net.budget_usecs, per-instance and softnet counters
 *     (squeezes included) equal what the fake polls reported, clamped;
 *   - round-robin: a queued instance waits fewer rounds than there are
 *     instances.
 *
 * NAPI_RANDOM_SEED=s runs seed s alone (with NAPI_RANDOM_ITER=n: s..s+n-1);
 * NAPI_RANDOM_ITER=n alone runs seeds 1..n. A failure prints the seed, the
 * step and the last lines of the step log; NAPI_RANDOM_LOG=1 echoes the log
 * as it is written.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "kernel/x86/irqflags.h"
#include "kernel/core/softirq.h"
#include "kernel/core/time.h"
#include "net/core/napi.h"
#include "net/core/netdev.h"
#include "tests/unit/fakes/napi_fakes.h"

#define MAX_DEVS     12
#define DEFAULT_ITER 3000
#define RING_SIZE    256
#define LOG_LINES    400
#define LOG_LINE_LEN 160
/* Below this many seeds a run may legitimately miss a rare path. */
#define COVERAGE_MIN_ITER 500

struct rdev {
	struct net_device dev;
	struct napi_struct napi;
	int id;
	/* the device */
	int rx_pending;	  /* frames waiting in its ring */
	bool irq_masked;  /* its interrupt source is masked */
	bool irq_latched; /* raised and not yet taken by the CPU */
	u64 ns_per_frame; /* fake clock cost of each frame polled */
	/* the driver */
	bool registered;   /* netif_napi_add()ed and not deleted */
	bool up;	   /* napi_enable()d (open) */
	bool over_reports; /* buggy: claims more than its budget on full polls */
	int weight;	   /* what napi->weight must be */
	/* the model of the API */
	bool sched;		   /* the poll machinery owns it (a schedule returned true) */
	bool missed;		   /* a schedule hit it during this poll: completion must refuse */
	int in_poll;		   /* polls of it on the stack, of any kind */
	bool core_poll;		   /* the softirq or irq mode is polling it */
	bool netpoll_call;	   /* netpoll is calling its poll */
	bool np_held;		   /* netpoll owns it across steps */
	u64 skips_min, skips_max;  /* bounds on npsvc_skips */
	bool disabled_in_poll;	   /* its current poll called napi_disable() on it */
	bool sched_before_disable; /* what sched was then */
	bool polled_in_round;
	bool queued_at_round_start;
	int rounds_waiting; /* rounds it sat queued without a poll */
	struct napi_stats expect;
};

/* One run of one seed. */
static struct {
	u64 seed;
	u64 rng;
	int step;
	int ndevs;
	struct rdev devs[MAX_DEVS];
	enum napi_mode mode;
	int budget;
	int budget_usecs;
	bool draining;	     /* no new events; drivers poll honestly */
	bool window_blocked; /* irq window delivers nothing */
	int hardirq;	     /* simulated handlers on the stack */
	int poll_depth;	     /* polls on the stack, any device, any kind */
	int self_disables;   /* napi_disable() from a device's own poll this step */
	/* the NET_RX round in progress */
	bool in_round;
	int round_polls;
	int round_work;
	int last_poll_work;
	u64 round_start;
	/* expected softnet counters */
	u64 sn_polls, sn_rounds, sn_squeeze, sn_budget_ex, sn_time_ex;
} g;

/* Over all seeds: proof that the interesting paths were reached. */
static struct {
	u64 steps, polls, irq_polls, netpolls, netpoll_refused, missed, refused_missed;
	u64 completions, squeeze_budget, squeeze_time, starved_max, removals, mode_switches;
	u64 window_irqs, poll_irqs, stops_in_poll, over_budget, busypoll_rounds, self_disables;
	u64 self_enables, np_holds, np_skips;
} cov;

/*
 * Formatting every step costs most of the run time, so a run over many
 * seeds logs nothing; a failing seed is replayed alone, with the log on, in
 * a fresh process (see replay_with_log()).
 */
static char log_ring[LOG_LINES][LOG_LINE_LEN];
static unsigned int log_next;
static bool log_on, log_echo;

static void step_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void step_log(const char *fmt, ...)
{
	char *line;
	va_list ap;
	int n;

	if (!log_on)
		return;
	line = log_ring[log_next++ % LOG_LINES];
	n = snprintf(line, LOG_LINE_LEN, "%5d ", g.step);

	va_start(ap, fmt);
	vsnprintf(line + n, LOG_LINE_LEN - n, fmt, ap);
	va_end(ap);
	if (log_echo)
		fprintf(stderr, "%s\n", line);
}

/* The seed alone, from scratch, with the log on: it fails again the same way. */
static void replay_with_log(void)
{
	char seed[32];
	pid_t pid;
	int status;

	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)g.seed);
	fprintf(stderr, "replaying seed %s with the step log:\n", seed);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		setenv("NAPI_RANDOM_SEED", seed, 1);
		setenv("NAPI_RANDOM_ITER", "1", 1);
		setenv("CK_FORK", "no", 1);
		execl("/proc/self/exe", "test_napi_random", (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
}

static void fail_seed(int line, const char *cond, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
static void fail_seed(int line, const char *cond, const char *fmt, ...)
{
	unsigned int first = log_next > LOG_LINES ? log_next - LOG_LINES : 0;
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (log_on) {
		fprintf(stderr, "---- step log (last %u lines) ----\n", log_next - first);
		for (unsigned int i = first; i < log_next; i++)
			fprintf(stderr, "%s\n", log_ring[i % LOG_LINES]);
		fprintf(stderr, "---- captured printk ----\n");
		stub_printk_dump();
	} else {
		replay_with_log();
	}
	fprintf(stderr, "seed %llu failed at step %d (line %d): %s: %s\n",
		(unsigned long long)g.seed, g.step, line, cond, msg);
	fprintf(stderr, "replay: NAPI_RANDOM_SEED=%llu build/unit/test_napi_random\n",
		(unsigned long long)g.seed);
	ck_abort_msg("seed %llu step %d: %s: %s", (unsigned long long)g.seed, g.step, cond, msg);
	abort(); /* not reached */
}

#define INV(cond, ...)                                           \
	do {                                                     \
		if (!(cond))                                     \
			fail_seed(__LINE__, #cond, __VA_ARGS__); \
	} while (0)

/* ---- randomness: xorshift64*, seeded through splitmix64 ---- */

static void rng_seed(u64 seed)
{
	u64 z = seed + 0x9e3779b97f4a7c15ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	g.rng = (z ^ (z >> 31)) | 1;
}

static u64 rnd64(void)
{
	g.rng ^= g.rng >> 12;
	g.rng ^= g.rng << 25;
	g.rng ^= g.rng >> 27;
	return g.rng * 0x2545f4914f6cdd1dull;
}

/* Uniform in 0..n-1. */
static int rnd(int n)
{
	return (int)(rnd64() % (u64)n);
}

/* True with probability pct/100. */
static bool chance(int pct)
{
	return rnd(100) < pct;
}

static struct rdev *rnd_dev(void)
{
	return &g.devs[rnd(g.ndevs)];
}

/* ---- what the core exposes ---- */

static bool state_has(const struct rdev *d, unsigned long bit)
{
	return READ_ONCE(d->napi.state) & bit;
}

static bool queued(const struct rdev *d)
{
	return !list_empty(&d->napi.poll_list);
}

/* ---- the device and its interrupt ---- */

/* Frames landed in the ring; an unmasked source raises its interrupt. */
static void rx_arrive(struct rdev *d, int frames)
{
	/* A full ring drops the rest, as hardware does. */
	d->rx_pending = MIN(d->rx_pending + frames, RING_SIZE);
	if (!d->irq_masked && d->rx_pending > 0)
		d->irq_latched = true;
	step_log("dev%d: %d frames arrive (%d pending)%s", d->id, frames, d->rx_pending,
		 d->irq_latched ? ", irq raised" : "");
}

/* The driver lets the device interrupt again; a full ring raises at once. */
static void unmask(struct rdev *d)
{
	d->irq_masked = false;
	if (d->rx_pending > 0)
		d->irq_latched = true;
}

/*
 * The model's answer to any schedule of d: claimed when it is enabled and
 * idle; otherwise a schedule during its poll must force a re-poll.
 */
static bool predict_schedule(struct rdev *d)
{
	if (!d->up)
		return false;
	if (!d->sched) {
		d->sched = true;
		return true;
	}
	if (d->core_poll) {
		d->missed = true;
		d->expect.missed++;
		cov.missed++;
	}
	return false;
}

/* The interrupt handler: mask the source, schedule (irq mode polls here). */
static void take_irq(struct rdev *d)
{
	bool expect, got;

	d->irq_latched = false;
	fake_hardirq_enter();
	g.hardirq++;
	d->irq_masked = true;
	expect = predict_schedule(d);
	step_log("dev%d: irq (mode %s), expect schedule %d", d->id, napi_mode_name(g.mode), expect);
	got = napi_schedule_from_irq(&d->napi);
	INV(got == expect, "dev%d: napi_schedule_from_irq returned %d", d->id, got);
	if (got)
		d->expect.irq_schedules++;
	g.hardirq--;
	fake_hardirq_exit();
}

/* The CPU takes some of the interrupts that are raised and not masked. */
static void deliver_irqs(int pct)
{
	int start = rnd(g.ndevs);

	for (int i = 0; i < g.ndevs; i++) {
		struct rdev *d = &g.devs[(start + i) % g.ndevs];

		if (d->irq_latched && !d->irq_masked && chance(pct))
			take_irq(d);
	}
}

static void irq_window(void)
{
	if (g.window_blocked || g.hardirq)
		return;
	/*
	 * In a round but outside any poll, the next thing is a poll (whose
	 * start delivers too) or the round's end (the main loop delivers
	 * then); holding off keeps the round's end observable.
	 */
	if (g.in_round && !g.poll_depth)
		return;
	cov.window_irqs++;
	deliver_irqs(30);
}

/* ---- the driver ---- */

static void kick(struct rdev *d)
{
	bool expect = predict_schedule(d), got;

	step_log("dev%d: napi_schedule (kick), expect %d state %#lx", d->id, expect, d->napi.state);
	got = napi_schedule(&d->napi);
	INV(got == expect, "dev%d: napi_schedule returned %d", d->id, got);
}

/* ops->stop: mask, then napi_disable(), which must leave it off and idle. */
static void stop_dev(struct rdev *d)
{
	bool was_up = d->up;

	step_log("dev%d: stop (%s)", d->id, was_up ? "up" : "already down");
	d->irq_masked = true;
	d->up = false;
	d->sched = false;
	d->missed = false;
	d->rounds_waiting = 0;
	napi_disable(&d->napi);
	INV(!queued(d), "dev%d: still queued after napi_disable", d->id);
	INV(!state_has(d, NAPIF_STATE_POLLING), "dev%d: napi_disable returned during a poll",
	    d->id);
	INV(state_has(d, NAPIF_STATE_DISABLE) && (!was_up || state_has(d, NAPIF_STATE_SCHED)),
	    "dev%d: not held off after napi_disable (state %#lx)", d->id, d->napi.state);
}

/* ops->open: napi_enable(), then unmask; busypoll schedules it at once. */
static void open_dev(struct rdev *d)
{
	step_log("dev%d: open", d->id);
	d->up = true;
	d->sched = g.mode == NAPI_MODE_BUSYPOLL;
	napi_enable(&d->napi);
	unmask(d);
}

static int rpoll(struct napi_struct *napi, int budget);

/* probe: a new instance starts disabled, with fresh counters. */
static void add_dev(struct rdev *d)
{
	static const int weights[] = { 1, 2, 3, 4, 8, 16, 64, NAPI_MAX_WEIGHT };
	int weight = chance(60) ? 1 + rnd(12) : weights[rnd(ARRAY_SIZE(weights))];

	INV(netif_napi_add(&d->dev, &d->napi, rpoll, weight) == 0, "dev%d: add failed", d->id);
	d->registered = true;
	d->up = false;
	d->sched = false;
	d->missed = false;
	d->weight = weight;
	d->over_reports = chance(8);
	d->rounds_waiting = 0;
	memset(&d->expect, 0, sizeof(d->expect));
	d->skips_min = d->skips_max = 0;
	INV(d->napi.weight == weight, "dev%d: weight %d, asked %d", d->id, d->napi.weight, weight);
	step_log("dev%d: added, weight %d%s", d->id, weight,
		 d->over_reports ? ", over-reports" : "");
}

/* remove: close, then forget the instance (what unregister_netdev does). */
static void remove_dev(struct rdev *d)
{
	stop_dev(d);
	step_log("dev%d: removed", d->id);
	netif_napi_del(&d->napi);
	d->registered = false;
	cov.removals++;
}

static void netpoll_on(struct rdev *d)
{
	unsigned long flags;
	bool expect, got;
	int ret;

	if (!d->up)
		return; /* netpoll only uses devices that are up */
	flags = local_irq_save();
	/* It must refuse while the softirq or irq mode polls the instance. */
	expect = !d->core_poll && !d->np_held;
	got = napi_netpoll_trylock(&d->napi);
	step_log("dev%d: netpoll trylock %d (expected %d)", d->id, got, expect);
	INV(got == expect, "dev%d: napi_netpoll_trylock returned %d", d->id, got);
	if (got) {
		cov.netpolls++;
		d->netpoll_call = true;
		ret = d->napi.poll(&d->napi, 0);
		d->netpoll_call = false;
		INV(ret == 0, "dev%d: netpoll poll returned %d", d->id, ret);
		napi_netpoll_unlock(&d->napi);
		INV(!state_has(d, NAPIF_STATE_NPSVC), "dev%d: NPSVC left after unlock", d->id);
	} else {
		cov.netpoll_refused++;
	}
	local_irq_restore(flags);
}

/*
 * netpoll keeps an instance across steps: napkin's own netpoll never does
 * (it runs with interrupts off), but the API allows it: meanwhile the
 * softirq skips the instance, keeps it scheduled and does not poll it.
 */
static void netpoll_hold(struct rdev *d)
{
	unsigned long flags = local_irq_save();
	bool got = napi_netpoll_trylock(&d->napi);

	step_log("dev%d: netpoll takes it and keeps it: %d", d->id, got);
	INV(got, "dev%d: napi_netpoll_trylock refused an idle instance", d->id);
	d->np_held = true;
	cov.np_holds++;
	local_irq_restore(flags);
}

static void netpoll_release(struct rdev *d)
{
	unsigned long flags = local_irq_save();
	int ret;

	step_log("dev%d: netpoll polls and gives it back", d->id);
	d->netpoll_call = true;
	ret = d->napi.poll(&d->napi, 0);
	d->netpoll_call = false;
	INV(ret == 0, "dev%d: netpoll poll returned %d", d->id, ret);
	d->np_held = false;
	napi_netpoll_unlock(&d->napi);
	local_irq_restore(flags);
}

/*
 * A driver bug the core tolerates (docs/NAPI.md): napi_disable() from the
 * instance's own poll warns and holds it off once the poll returns. The
 * driver then stays stopped with its interrupt masked.
 */
static void disable_self(struct rdev *d)
{
	step_log("dev%d: napi_disable from its own poll%s", d->id, d->up ? "" : " (again)");
	if (d->up) {
		g.self_disables++; /* a second one is a silent no-op */
		d->disabled_in_poll = true;
		d->sched_before_disable = d->sched;
	}
	d->irq_masked = true;
	d->up = false;
	d->sched = false;
	d->missed = false;
	cov.self_disables++;
	napi_disable(&d->napi);
	INV(state_has(d, NAPIF_STATE_DISABLE), "dev%d: not disabled", d->id);
}

/*
 * Re-enabled before that poll returned: as if nothing happened, except that
 * a schedule during the disabled spell was refused.
 */
static void enable_self(struct rdev *d)
{
	step_log("dev%d: napi_enable from its own poll", d->id);
	d->disabled_in_poll = false;
	d->up = true;
	d->sched = d->sched_before_disable;
	cov.self_enables++;
	napi_enable(&d->napi);
	if (!d->sched)
		unmask(d);
}

static int burst(const struct rdev *d)
{
	switch (rnd(4)) {
	case 0: return rnd(3);
	case 1: return 1 + rnd(d->weight + 1);
	case 2: return d->weight + rnd(3 * d->weight + 1);
	default: return rnd(200);
	}
}

/*
 * Things that happen while a poll runs: frames land, interrupts come (only
 * while interrupts are on), other contexts schedule (self too: the missed
 * case), netpoll logs a line, and from the softirq another device is
 * stopped or opened.
 */
static void poll_events(struct rdev *self, bool irqs_on, bool in_softirq_poll)
{
	int n;

	if (g.draining) {
		if (irqs_on)
			deliver_irqs(50);
		return;
	}
	for (n = rnd(3); n > 0; n--) {
		struct rdev *d = chance(40) ? self : rnd_dev();

		switch (rnd(10)) {
		case 0:
		case 1:
		case 2: rx_arrive(d, burst(d)); break;
		case 3:
		case 4:
			if (irqs_on) {
				cov.poll_irqs++;
				deliver_irqs(60);
			}
			break;
		case 5:
			if (d->registered)
				kick(d);
			break;
		case 6: netpoll_on(d); break;
		case 7:
			if (d == self) {
				if (self->disabled_in_poll && chance(50))
					enable_self(self);
				else if (chance(4))
					disable_self(self);
			} else if (in_softirq_poll && d->registered && !d->np_held && chance(30)) {
				cov.stops_in_poll++;
				if (d->up)
					stop_dev(d);
				else
					open_dev(d);
			}
			break;
		default: fake_clock_advance(rnd(20) * NSEC_PER_USEC); break;
		}
	}
}

static int rpoll(struct napi_struct *napi, int budget)
{
	struct rdev *d = container_of(napi, struct rdev, napi);
	bool netpoll = d->netpoll_call;
	bool in_irq = !netpoll && g.hardirq > 0;
	bool softirq = !netpoll && !in_irq;
	int n, report, counted;

	INV(d->in_poll == 0, "dev%d: polled again while its poll runs", d->id);
	INV(d->registered && d->up, "dev%d: polled while %s", d->id,
	    d->registered ? "disabled" : "deleted");
	if (netpoll) {
		INV(budget == 0, "dev%d: netpoll budget %d", d->id, budget);
		INV(state_has(d, NAPIF_STATE_NPSVC), "dev%d: netpoll poll without NPSVC", d->id);
	} else {
		INV(d->sched, "dev%d: polled but not scheduled", d->id);
		INV(!d->np_held, "dev%d: polled while netpoll owns it", d->id);
		INV(state_has(d, NAPIF_STATE_POLLING) && !state_has(d, NAPIF_STATE_NPSVC),
		    "dev%d: polled with state %#lx", d->id, d->napi.state);
		if (in_irq) {
			INV(g.mode == NAPI_MODE_IRQ, "dev%d: polled in a handler in mode %s", d->id,
			    napi_mode_name(g.mode));
			INV(!fake_irqs_enabled(), "dev%d: irq-mode poll with interrupts on", d->id);
			INV(budget == d->weight, "dev%d: irq-mode budget %d, weight %d", d->id,
			    budget, d->weight);
			cov.irq_polls++;
		} else {
			int left = g.budget - g.round_work;
			u64 elapsed = fake_clock_now() - g.round_start;

			INV(g.in_round, "dev%d: polled outside a NET_RX round", d->id);
			INV(fake_irqs_enabled(), "dev%d: softirq poll with interrupts masked",
			    d->id);
			INV(left > 0, "dev%d: polled after the round's budget ran out", d->id);
			INV(budget == MIN(d->weight, left), "dev%d: budget %d, weight %d, left %d",
			    d->id, budget, d->weight, left);
			INV(!g.round_polls || elapsed < (u64)g.budget_usecs * NSEC_PER_USEC,
			    "dev%d: polled %llu ns into a round limited to %d us", d->id,
			    (unsigned long long)elapsed, g.budget_usecs);
			d->polled_in_round = true;
			d->rounds_waiting = 0;
		}
		d->core_poll = true;
		d->missed = false;
	}
	d->disabled_in_poll = false;
	d->in_poll++;
	g.poll_depth++;
	step_log("dev%d: %s poll, budget %d, %d pending state %#lx", d->id,
		 netpoll  ? "netpoll"
		 : in_irq ? "irq-mode"
			  : "softirq",
		 budget, d->rx_pending, d->napi.state);

	if (!netpoll)
		poll_events(d, softirq, softirq);
	n = MIN(d->rx_pending, budget);
	/* A poll that finds the ring written back only in part and stops early. */
	if (!g.draining && chance(10))
		n = rnd(n + 1);
	d->rx_pending -= n;
	fake_clock_advance((u64)n * d->ns_per_frame + rnd(3) * NSEC_PER_USEC);
	report = n;
	if (d->over_reports && budget > 0 && n == budget)
		report = budget + 1 + rnd(4);
	if (!netpoll)
		poll_events(d, softirq, softirq);

	if (budget > 0 && n < budget) {
		/*
		 * docs/NAPI.md: may unmask unless a schedule came during the
		 * poll, busypoll is on or napi_disable() holds it.
		 */
		bool expect = d->up && !d->missed && g.mode != NAPI_MODE_BUSYPOLL, got;

		step_log("dev%d: complete_done(%d), expect %d", d->id, n, expect);
		/* Interrupts may come the moment it returns: the model must know already. */
		if (expect) {
			d->sched = false;
			d->expect.completions++;
		}
		if (d->missed)
			cov.refused_missed++;
		got = napi_complete_done(napi, n);
		INV(got == expect, "dev%d: napi_complete_done returned %d", d->id, got);
		if (got) {
			cov.completions++;
			unmask(d);
		}
	}
	if (!netpoll)
		poll_events(d, softirq, softirq);

	d->disabled_in_poll = false;
	d->in_poll--;
	g.poll_depth--;
	if (!netpoll) {
		d->core_poll = false;
		counted = MIN(report, budget);
		d->expect.polls++;
		d->expect.packets += counted;
		d->expect.full_polls += counted == budget;
		d->expect.over_budget += report > budget;
		cov.over_budget += report > budget;
		cov.polls++;
		g.sn_polls++;
		if (softirq) {
			g.round_work += counted;
			g.round_polls++;
			g.last_poll_work = counted;
		}
	}
	return report;
}

/* ---- the softirq ---- */

/* Queued instances the softirq may poll (netpoll does not hold them). */
static bool pollable_queued(void)
{
	for (int i = 0; i < g.ndevs; i++)
		if (queued(&g.devs[i]) && !g.devs[i].np_held)
			return true;
	return false;
}

static bool held_queued(void)
{
	for (int i = 0; i < g.ndevs; i++)
		if (queued(&g.devs[i]) && g.devs[i].np_held)
			return true;
	return false;
}

static void run_round(void)
{
	u64 limit = (u64)g.budget_usecs * NSEC_PER_USEC;
	bool budget_out, time_out, squeeze;

	if (!fake_softirq_is_pending(NET_RX_SOFTIRQ))
		return;
	for (int i = 0; i < g.ndevs; i++) {
		g.devs[i].queued_at_round_start = queued(&g.devs[i]);
		g.devs[i].polled_in_round = false;
	}
	step_log("NET_RX round (budget %d, %d us, mode %s)", g.budget, g.budget_usecs,
		 napi_mode_name(g.mode));
	g.in_round = true;
	g.round_polls = 0;
	g.round_work = 0;
	g.last_poll_work = 0;
	g.round_start = fake_clock_now();
	INV(fake_softirq_run(NET_RX_SOFTIRQ), "NET_RX pending but did not run");
	g.in_round = false;
	g.sn_rounds++;
	cov.busypoll_rounds += g.mode == NAPI_MODE_BUSYPOLL;

	/* A round that ran out of packets or time with work left is a squeeze. */
	budget_out = g.round_polls && g.round_work >= g.budget;
	time_out = g.round_polls && fake_clock_now() - g.round_start >= limit;
	/*
	 * Instances netpoll holds count as work left only if the round
	 * stopped before reaching them, which the model cannot see: then
	 * either answer is right.
	 */
	if ((budget_out || time_out) && !pollable_queued() && held_queued())
		squeeze = softnet.time_squeeze != g.sn_squeeze;
	else
		squeeze = (budget_out || time_out) && pollable_queued();
	if (squeeze) {
		g.sn_squeeze++;
		if (budget_out) {
			g.sn_budget_ex++;
			cov.squeeze_budget++;
		} else {
			g.sn_time_ex++;
			cov.squeeze_time++;
		}
	}
	/* With budget and time left it may only give up after a pass that moved nothing. */
	INV(budget_out || time_out || !pollable_queued() || !g.last_poll_work,
	    "round ended with work queued, budget and time left, after a poll that moved %d",
	    g.last_poll_work);
	step_log("round done: %d polls, %d frames, %llu ns", g.round_polls, g.round_work,
		 (unsigned long long)(fake_clock_now() - g.round_start));

	for (int i = 0; i < g.ndevs; i++) {
		struct rdev *d = &g.devs[i];

		if (d->np_held) {
			/* Skipped, once at most; surely if the round went all the way. */
			d->skips_max += d->queued_at_round_start || queued(d);
			d->skips_min += d->queued_at_round_start && !budget_out && !time_out;
			cov.np_skips += d->queued_at_round_start && !budget_out && !time_out;
		}
		/* Counted from the first round it waits through from the start. */
		if (!queued(d) || d->polled_in_round || d->np_held || !d->queued_at_round_start)
			d->rounds_waiting = 0;
		else
			d->rounds_waiting++;
		if ((u64)d->rounds_waiting > cov.starved_max)
			cov.starved_max = d->rounds_waiting;
	}
}

/* ---- invariants ---- */

static bool is_dev_node(const struct list_head *node)
{
	for (int i = 0; i < g.ndevs; i++)
		if (node == &g.devs[i].napi.poll_list)
			return true;
	return false;
}

/* The poll list is one ring: the core's head plus exactly the queued instances. */
static void check_poll_list(int nqueued)
{
	const struct list_head *start = NULL, *node;
	int devs = 0, heads = 0;

	for (int i = 0; i < g.ndevs && !start; i++)
		if (queued(&g.devs[i]))
			start = &g.devs[i].napi.poll_list;
	if (!start)
		return;
	node = start;
	do {
		INV(node->next->prev == node, "poll list links broken");
		if (is_dev_node(node))
			devs++;
		else
			heads++;
		INV(devs + heads <= MAX_DEVS + 1, "poll list does not close");
		node = node->next;
	} while (node != start);
	INV(heads == 1 && devs == nqueued,
	    "poll list holds %d instances and %d foreign nodes, %d queued", devs, heads, nqueued);
}

static int count_registered(struct napi_struct *napi, void *ctx)
{
	int *n = ctx;
	bool mine = false;

	for (int i = 0; i < g.ndevs; i++)
		if (napi == &g.devs[i].napi && g.devs[i].registered)
			mine = true;
	INV(mine, "napi_for_each visits an instance that is not registered");
	(*n)++;
	return 0;
}

#define CHECK_STAT(d, field)                                                                     \
	INV((d)->napi.stats.field == (d)->expect.field, "dev%d: " #field " %llu, expected %llu", \
	    (d)->id, (unsigned long long)(d)->napi.stats.field,                                  \
	    (unsigned long long)(d)->expect.field)

static const char *const unexpected_logs[] = {
	"completed while not scheduled",
	"deleted while scheduled",
	"deleted from inside",
	"not disabled",
	"from inside a poll",
	"poll returned",
};

static void check_all(void)
{
	int nqueued = 0, nregistered = 0, seen = 0;

	INV(fake_irq_save_depth() == 0, "interrupt masking unbalanced (%d)", fake_irq_save_depth());
	INV(fake_irqs_enabled(), "interrupts left masked");
	INV(!g.poll_depth && !g.hardirq, "poll or handler left on the stack");
	for (int i = 0; i < g.ndevs; i++) {
		struct rdev *d = &g.devs[i];

		INV(!state_has(d, NAPIF_STATE_POLLING), "dev%d: POLLING outside a poll", d->id);
		INV(state_has(d, NAPIF_STATE_NPSVC) == d->np_held,
		    "dev%d: NPSVC %d, netpoll holds %d", d->id, state_has(d, NAPIF_STATE_NPSVC),
		    d->np_held);
		nqueued += queued(d);
		if (!d->registered) {
			INV(!queued(d), "dev%d: queued after removal", d->id);
			continue;
		}
		nregistered++;
		if (!d->up) {
			INV(!queued(d), "dev%d: queued while disabled", d->id);
			/* SCHED too, unless it disabled itself after completing. */
			INV(state_has(d, NAPIF_STATE_DISABLE), "dev%d: disabled but state %#lx",
			    d->id, d->napi.state);
		} else {
			INV(!state_has(d, NAPIF_STATE_DISABLE), "dev%d: enabled but DISABLE",
			    d->id);
			INV(state_has(d, NAPIF_STATE_SCHED) == d->sched,
			    "dev%d: SCHED %d, the driver was told %d", d->id,
			    state_has(d, NAPIF_STATE_SCHED), d->sched);
			/* Nothing polls between steps: scheduled means waiting on the list. */
			INV(queued(d) == d->sched, "dev%d: scheduled %d but queued %d", d->id,
			    d->sched, queued(d));
			/* The driver unmasks only when told; masked work must be scheduled. */
			INV(!d->irq_masked || d->sched,
			    "dev%d: interrupt masked, %d frames, nothing will poll it", d->id,
			    d->rx_pending);
			INV(g.mode != NAPI_MODE_BUSYPOLL || d->sched,
			    "dev%d: up in busypoll mode but not scheduled", d->id);
		}
		/* Round-robin: each round polls at least the first in line. */
		INV(d->rounds_waiting < g.ndevs, "dev%d: starved for %d rounds", d->id,
		    d->rounds_waiting);
		CHECK_STAT(d, polls);
		CHECK_STAT(d, packets);
		CHECK_STAT(d, full_polls);
		CHECK_STAT(d, completions);
		CHECK_STAT(d, irq_schedules);
		CHECK_STAT(d, over_budget);
		CHECK_STAT(d, missed);
		INV(d->napi.stats.npsvc_skips >= d->skips_min &&
			d->napi.stats.npsvc_skips <= d->skips_max,
		    "dev%d: npsvc_skips %llu, expected %llu..%llu", d->id,
		    (unsigned long long)d->napi.stats.npsvc_skips, (unsigned long long)d->skips_min,
		    (unsigned long long)d->skips_max);
	}
	check_poll_list(nqueued);
	INV(napi_any_scheduled() == (nqueued > 0), "napi_any_scheduled %d, %d queued",
	    napi_any_scheduled(), nqueued);
	INV(!nqueued || fake_softirq_is_pending(NET_RX_SOFTIRQ),
	    "%d instances queued and no NET_RX softirq pending", nqueued);
	napi_for_each(count_registered, &seen);
	INV(seen == nregistered, "napi_for_each saw %d, %d registered", seen, nregistered);

	INV(softnet.polls == g.sn_polls, "softnet polls %llu, expected %llu",
	    (unsigned long long)softnet.polls, (unsigned long long)g.sn_polls);
	INV(softnet.rounds == g.sn_rounds, "softnet rounds %llu, expected %llu",
	    (unsigned long long)softnet.rounds, (unsigned long long)g.sn_rounds);
	INV(softnet.time_squeeze == g.sn_squeeze, "time_squeeze %llu, expected %llu",
	    (unsigned long long)softnet.time_squeeze, (unsigned long long)g.sn_squeeze);
	INV(softnet.budget_exhausted == g.sn_budget_ex, "budget_exhausted %llu, expected %llu",
	    (unsigned long long)softnet.budget_exhausted, (unsigned long long)g.sn_budget_ex);
	INV(softnet.time_exhausted == g.sn_time_ex, "time_exhausted %llu, expected %llu",
	    (unsigned long long)softnet.time_exhausted, (unsigned long long)g.sn_time_ex);
	INV(stub_printk_count(STUB_ANY_LEVEL, "inside its own poll") == (int)g.self_disables,
	    "%d warnings of a disable from the own poll, %d such disables",
	    stub_printk_count(STUB_ANY_LEVEL, "inside its own poll"), g.self_disables);
	for (unsigned int i = 0; i < ARRAY_SIZE(unexpected_logs); i++)
		INV(!stub_printk_contains(unexpected_logs[i]), "the core warned: ...%s...",
		    unexpected_logs[i]);
}

/* ---- the main loop ---- */

static void switch_mode(enum napi_mode mode)
{
	step_log("mode %s -> %s", napi_mode_name(g.mode), napi_mode_name(mode));
	if (mode == NAPI_MODE_BUSYPOLL)
		for (int i = 0; i < g.ndevs; i++)
			if (g.devs[i].up)
				g.devs[i].sched = true;
	/*
	 * Switching to busypoll claims the idle instances one by one; an
	 * interrupt between two claims would need the model to know which
	 * came first, so none is taken during the switch.
	 */
	g.window_blocked = true;
	INV(napi_set_mode(mode) == 0, "napi_set_mode(%d) failed", mode);
	g.window_blocked = false;
	g.mode = mode;
	cov.mode_switches++;
}

static void set_budget(void)
{
	static const int budgets[] = { 1, 2, 5, 16, 64, NET_BUDGET_DEFAULT, 1000 };

	g.budget = chance(50) ? budgets[rnd(ARRAY_SIZE(budgets))] : 1 + rnd(100);
	INV(net_set_budget(g.budget) == 0, "net.budget %d refused", g.budget);
	step_log("net.budget %d", g.budget);
}

static void set_budget_usecs(void)
{
	static const int usecs[] = { 1, 5, 20, 100, NET_BUDGET_USECS_DEFAULT };

	g.budget_usecs = chance(50) ? usecs[rnd(ARRAY_SIZE(usecs))] : 1 + rnd(300);
	INV(net_set_budget_usecs(g.budget_usecs) == 0, "net.budget_usecs %d refused",
	    g.budget_usecs);
	step_log("net.budget_usecs %d", g.budget_usecs);
}

static void set_frame_cost(struct rdev *d)
{
	static const u64 costs[] = { 0, 100, 1000, 10000, 50000 };

	d->ns_per_frame = costs[rnd(ARRAY_SIZE(costs))];
	step_log("dev%d: %llu ns per frame", d->id, (unsigned long long)d->ns_per_frame);
}

static void main_step(void)
{
	struct rdev *d = rnd_dev();
	int r = rnd(100);

	deliver_irqs(50);
	if (r < 28) {
		rx_arrive(d, burst(d));
	} else if (r < 34) {
		if (d->registered)
			kick(d);
	} else if (r < 39) {
		netpoll_on(d);
	} else if (r < 40) {
		if (d->np_held)
			netpoll_release(d);
		else if (d->up)
			netpoll_hold(d);
	} else if (r < 45) {
		if (!d->registered)
			return;
		if (d->np_held)
			netpoll_release(d);
		if (d->up)
			stop_dev(d);
		else
			open_dev(d);
	} else if (r < 47) {
		if (d->np_held)
			netpoll_release(d);
		if (d->registered)
			remove_dev(d);
		else
			add_dev(d);
	} else if (r < 49) {
		switch_mode(rnd(NAPI_MODE_COUNT));
	} else if (r < 51) {
		set_budget();
	} else if (r < 53) {
		set_budget_usecs();
	} else if (r < 55) {
		set_frame_cost(d);
	} else if (r < 58) {
		fake_clock_advance(rnd(1000) * NSEC_PER_USEC);
	} else {
		run_round();
	}
}

static int pending_frames_up(void)
{
	int total = 0;

	for (int i = 0; i < g.ndevs; i++)
		if (g.devs[i].up)
			total += g.devs[i].rx_pending;
	return total;
}

/*
 * No new events: every frame of an open device must be polled, and then (in
 * napi and irq mode) everything must go quiet with interrupts unmasked.
 */
static void drain(void)
{
	/* Worst case: a budget of 1 and one frame per pass over every instance. */
	int bound = (pending_frames_up() + 4) * (g.ndevs + 1) + 50, i;

	g.draining = true;
	step_log("drain (mode %s, %d frames pending)", napi_mode_name(g.mode), pending_frames_up());
	for (i = 0; i < g.ndevs; i++)
		if (g.devs[i].np_held)
			netpoll_release(&g.devs[i]);
	if (g.mode == NAPI_MODE_BUSYPOLL) {
		for (i = 0; i < bound && pending_frames_up(); i++) {
			deliver_irqs(100);
			run_round();
			check_all();
		}
		INV(!pending_frames_up(), "busypoll left %d frames after %d rounds",
		    pending_frames_up(), bound);
		INV(!napi_any_scheduled() || fake_softirq_is_pending(NET_RX_SOFTIRQ),
		    "busypoll stopped polling");
		switch_mode(NAPI_MODE_NAPI);
	}
	for (i = 0; i < bound; i++) {
		deliver_irqs(100);
		if (!fake_softirq_is_pending(NET_RX_SOFTIRQ))
			break;
		run_round();
		check_all();
	}
	INV(!fake_softirq_is_pending(NET_RX_SOFTIRQ), "still polling after %d rounds", bound);
	for (i = 0; i < g.ndevs; i++) {
		struct rdev *d = &g.devs[i];

		if (!d->up)
			continue;
		INV(!d->rx_pending, "dev%d: %d frames stranded", d->id, d->rx_pending);
		INV(!d->irq_masked && !d->irq_latched && !d->sched,
		    "dev%d: not idle after drain (masked %d, raised %d, scheduled %d)", d->id,
		    d->irq_masked, d->irq_latched, d->sched);
	}
	check_all();
	g.draining = false;
}

static void run_seed(u64 seed)
{
	int steps;

	memset(&g, 0, sizeof(g));
	g.seed = seed;
	log_next = 0;
	rng_seed(seed);
	fake_reset_all();
	napi_init();
	g.mode = NAPI_MODE_NAPI;
	INV(napi_set_mode(NAPI_MODE_NAPI) == 0, "napi_set_mode");
	softnet_reset_stats();
	set_budget();
	set_budget_usecs();
	fake_set_irq_window(irq_window);

	g.ndevs = 1 + rnd(MAX_DEVS);
	for (int i = 0; i < g.ndevs; i++) {
		struct rdev *d = &g.devs[i];

		d->id = i;
		snprintf(d->dev.name, sizeof(d->dev.name), "rdev%d", i);
		INIT_LIST_HEAD(&d->dev.napi_list);
		d->irq_masked = true; /* until open */
		set_frame_cost(d);
		add_dev(d);
		if (chance(85))
			open_dev(d);
	}
	if (chance(40))
		switch_mode(rnd(NAPI_MODE_COUNT));
	check_all();

	steps = 50 + rnd(400);
	for (g.step = 1; g.step <= steps; g.step++) {
		stub_printk_reset();
		g.self_disables = 0;
		main_step();
		check_all();
		/* Now and then everything must be able to go quiet. */
		if (chance(1))
			drain();
	}
	drain();
	cov.steps += steps;

	for (int i = 0; i < g.ndevs; i++)
		if (g.devs[i].registered)
			remove_dev(&g.devs[i]);
	check_all();
	INV(!napi_any_scheduled(), "instances left queued after removal");
	fake_set_irq_window(NULL);
}

static u64 env_u64(const char *name, u64 fallback)
{
	const char *s = getenv(name);

	return s && *s ? strtoull(s, NULL, 0) : fallback;
}

START_TEST(test_random_interleavings)
{
	bool replay = getenv("NAPI_RANDOM_SEED") != NULL;
	u64 first = env_u64("NAPI_RANDOM_SEED", 1);
	u64 iter = env_u64("NAPI_RANDOM_ITER", replay ? 1 : DEFAULT_ITER);

	log_echo = getenv("NAPI_RANDOM_LOG") != NULL;
	log_on = replay || log_echo;
	memset(&cov, 0, sizeof(cov));
	for (u64 s = first; s < first + iter; s++)
		run_seed(s);
	fprintf(
	    stderr,
	    "napi_random: seeds %llu..%llu, %llu steps, %llu polls (%llu in handlers, %llu by "
	    "netpoll, %llu refused), %llu completions, %llu missed (%llu refused completions), "
	    "squeezes %llu budget %llu time, longest wait %llu rounds, %llu removals, %llu mode "
	    "switches, %llu busypoll rounds, %llu disables from the own poll, %llu netpoll holds "
	    "(%llu sure skips)\n",
	    (unsigned long long)first, (unsigned long long)(first + iter - 1),
	    (unsigned long long)cov.steps, (unsigned long long)cov.polls,
	    (unsigned long long)cov.irq_polls, (unsigned long long)cov.netpolls,
	    (unsigned long long)cov.netpoll_refused, (unsigned long long)cov.completions,
	    (unsigned long long)cov.missed, (unsigned long long)cov.refused_missed,
	    (unsigned long long)cov.squeeze_budget, (unsigned long long)cov.squeeze_time,
	    (unsigned long long)cov.starved_max, (unsigned long long)cov.removals,
	    (unsigned long long)cov.mode_switches, (unsigned long long)cov.busypoll_rounds,
	    (unsigned long long)cov.self_disables, (unsigned long long)cov.np_holds,
	    (unsigned long long)cov.np_skips);

	/* A run this long that never reached one of these paths tested nothing there. */
	if (iter >= COVERAGE_MIN_ITER) {
		ck_assert_uint_gt(cov.irq_polls, 0);
		ck_assert_uint_gt(cov.netpolls, 0);
		ck_assert_uint_gt(cov.netpoll_refused, 0);
		ck_assert_uint_gt(cov.refused_missed, 0);
		ck_assert_uint_gt(cov.squeeze_budget, 0);
		ck_assert_uint_gt(cov.squeeze_time, 0);
		ck_assert_uint_gt(cov.starved_max, 1);
		ck_assert_uint_gt(cov.removals, 0);
		ck_assert_uint_gt(cov.window_irqs, 0);
		ck_assert_uint_gt(cov.poll_irqs, 0);
		ck_assert_uint_gt(cov.stops_in_poll, 0);
		ck_assert_uint_gt(cov.over_budget, 0);
		ck_assert_uint_gt(cov.busypoll_rounds, 0);
		ck_assert_uint_gt(cov.self_disables, 0);
		ck_assert_uint_gt(cov.self_enables, 0);
		ck_assert_uint_gt(cov.np_holds, 0);
		ck_assert_uint_gt(cov.np_skips, 0);
	}
}
END_TEST

static Suite *napi_random_suite(void)
{
	Suite *s = suite_create("napi_random");
	TCase *tc = tcase_create("random");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_random_interleavings);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(napi_random_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

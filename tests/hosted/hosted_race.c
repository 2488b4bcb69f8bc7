// SPDX-License-Identifier: BSD-2-Clause
/*
 * The racing device (hosted_race.h): coherent DMA memory kept PROT_NONE,
 * each CPU access to it single-stepped with the trap flag, and a step of
 * simulated time after each, so device events land between any two of the
 * driver's accesses.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_race.h"

#define RACE_REGIONS_MAX 256
#define X86_EFLAGS_TF	 0x100ull

struct race_region {
	void *p;
	size_t len;
	bool opened; /* opened by the fault handler, to close at the trap */
};

static struct race_region regions[RACE_REGIONS_MAX];
static unsigned int nr_regions;
static bool racing;
/* Models and steps running: everything stays open while it is above zero. */
static unsigned int open_depth;
static bool trap_pending;
static u64 rng, max_quantum;
static struct hosted_race_stats stats;
static struct sigaction old_segv, old_trap;

static u64 next_random(void)
{
	/* xorshift64: cheap, and the same sequence for the same seed. */
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void set_prot(struct race_region *r, int prot)
{
	if (mprotect(r->p, r->len, prot))
		hosted_fail("race: mprotect(%p, %zu) failed", r->p, r->len);
}

/* Close what the fault handler opened. */
static void close_opened(void)
{
	for (unsigned int i = 0; i < nr_regions; i++)
		if (regions[i].opened) {
			set_prot(&regions[i], PROT_NONE);
			regions[i].opened = false;
		}
}

static struct race_region *region_at(const void *addr)
{
	const char *a = addr;

	for (unsigned int i = 0; i < nr_regions; i++) {
		const char *p = regions[i].p;

		if (a >= p && a < p + regions[i].len)
			return &regions[i];
	}
	return NULL;
}

void hosted_race_track(void *p, size_t len)
{
	if (nr_regions == RACE_REGIONS_MAX) {
		hosted_fail("race: more than %u coherent DMA allocations", RACE_REGIONS_MAX);
		return;
	}
	regions[nr_regions] = (struct race_region){ .p = p, .len = len };
	if (racing)
		set_prot(&regions[nr_regions], PROT_NONE);
	nr_regions++;
}

void hosted_race_untrack(void *p)
{
	for (unsigned int i = 0; i < nr_regions; i++) {
		if (regions[i].p != p)
			continue;
		set_prot(&regions[i], PROT_READ | PROT_WRITE);
		regions[i] = regions[--nr_regions];
		return;
	}
}

/*
 * While a model or a step runs, allocations open at their first touch and
 * stay open (no trap flag: a trap inside the SIGTRAP handler would be
 * blocked) until the outermost returns.
 */
void hosted_race_model_enter(void)
{
	if (racing)
		open_depth++;
}

void hosted_race_model_exit(void)
{
	if (racing && !--open_depth)
		close_opened();
}

/* Let the device act: a pseudo-random slice of simulated time runs. */
static void step(void)
{
	u64 q = max_quantum ? next_random() % (max_quantum + 1) : 0;

	if (!q || hosted_advancing())
		return;
	open_depth++;
	stats.steps++;
	stats.ran_ns += q;
	hosted_advance(q);
	if (!--open_depth)
		close_opened();
}

void hosted_race_mmio(void)
{
	if (!racing || open_depth)
		return;
	stats.mmio++;
	step();
}

/* Another fault, not ours: what was there before handles it. */
static void chain(const struct sigaction *old, int sig, siginfo_t *si, void *ctx)
{
	if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction) {
		old->sa_sigaction(sig, si, ctx);
		return;
	}
	if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
		old->sa_handler(sig);
		return;
	}
	/* Default action: restore it; the instruction faults again and ends the process. */
	signal(sig, SIG_DFL);
}

#if defined(__x86_64__)
static void on_segv(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	struct race_region *r = racing ? region_at(si->si_addr) : NULL;

	if (!r) {
		chain(&old_segv, sig, si, ctx);
		return;
	}
	set_prot(r, PROT_READ | PROT_WRITE);
	r->opened = true;
	if (open_depth)
		return; /* a model or a step: open until it ends */
	trap_pending = true;
	uc->uc_mcontext.gregs[REG_EFL] |= X86_EFLAGS_TF;
}

static void on_trap(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;

	if (!trap_pending) {
		chain(&old_trap, sig, si, ctx);
		return;
	}
	uc->uc_mcontext.gregs[REG_EFL] &= ~X86_EFLAGS_TF;
	trap_pending = false;
	stats.traps++;
	close_opened();
	step();
}
#endif

void hosted_race_start(u64 seed, u64 max_quantum_ns)
{
#if defined(__x86_64__)
	struct sigaction sa;

	if (racing)
		hosted_race_stop();
	printf("race: seed %llu, steps of up to %llu ns\n", (unsigned long long)seed,
	       (unsigned long long)max_quantum_ns);
	fflush(stdout);
	rng = seed ? seed : 0x9E3779B97F4A7C15ull;
	max_quantum = max_quantum_ns;
	memset(&stats, 0, sizeof(stats));
	memset(&sa, 0, sizeof(sa));
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sa.sa_sigaction = on_segv;
	sigaction(SIGSEGV, &sa, &old_segv);
	sa.sa_sigaction = on_trap;
	sigaction(SIGTRAP, &sa, &old_trap);
	trap_pending = false;
	open_depth = 0;
	racing = true;
	for (unsigned int i = 0; i < nr_regions; i++) {
		set_prot(&regions[i], PROT_NONE);
		regions[i].opened = false;
	}
#else
	hosted_fail("race: the racing device needs the x86-64 trap flag (seed %llu)",
		    (unsigned long long)seed);
#endif
}

void hosted_race_stop(void)
{
	if (!racing)
		return;
	racing = false;
	for (unsigned int i = 0; i < nr_regions; i++) {
		set_prot(&regions[i], PROT_READ | PROT_WRITE);
		regions[i].opened = false;
	}
	open_depth = 0;
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGTRAP, &old_trap, NULL);
}

bool hosted_race_on(void)
{
	return racing;
}

void hosted_race_stats(struct hosted_race_stats *out)
{
	*out = stats;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Entropy for the generator (kernel/random/random.c).
 *
 * RDSEED hands out conditioned output of the CPU's noise source; RDRAND the
 * output of a DRBG the CPU reseeds from it. Either is used only if CPUID
 * lists it and it passes a health check here: every draw succeeds within a
 * few retries, no value repeats, none is all zeros or all ones (some CPUs
 * have returned all ones with the carry flag set after a resume).
 *
 * TSC jitter is the spread in how long the same work takes, or how late an
 * interrupt lands, measured in TSC ticks. It varies with cache state,
 * memory and bus contention and, under a hypervisor, with the host. How
 * much of it an observer cannot guess is unknowable from inside, so napkin
 * mixes it in but never counts it as enough alone: without a working
 * RDSEED/RDRAND the log says so.
 *
 * After boot every hardware interrupt (timer and devices) adds its TSC to a
 * small pool; a timer folds the pool, and fresh RDRAND output where there
 * is some, into the generator's key every minute.
 */
#define pr_fmt(fmt) "random: " fmt

#include "kernel/console/printk.h"
#include "kernel/console/shell.h"
#include "kernel/core/initcall.h"
#include "kernel/core/time.h"
#include "kernel/random/entropy.h"
#include "kernel/random/random.h"
#include "kernel/x86/apic.h"
#include "kernel/x86/irqflags.h"
#include "kernel/x86/x86.h"

#define HW_WORDS	    4  /* 256 bits from each hardware source per seeding */
#define HW_RETRIES	    32 /* RDSEED may run dry for a while; RDRAND rarely does */
#define HEALTH_DRAWS	    8
#define BOOT_JITTER_SAMPLES 64
#define TIMER_JITTER_IRQS   32
#define POOL_WORDS	    32
#define RESEED_FIRST_NS	    (1 * NSEC_PER_SEC)
#define RESEED_EVERY_NS	    (60 * NSEC_PER_SEC)
/* Below this many interrupts since the last reseed the pool waits for more. */
#define RESEED_MIN_EVENTS 64

enum hw_state { HW_ABSENT, HW_FAILED, HW_OK };

static const char *const hw_state_name[] = { "absent", "failed its health check", "ok" };

static struct {
	enum hw_state rdseed, rdrand;
	unsigned int boot_jitter_distinct;
	unsigned int timer_jitter_irqs, timer_jitter_distinct;
	/* The interrupt pool: written with interrupts off (in handlers). */
	u64 pool[POOL_WORDS];
	unsigned int pool_pos;
	u64 pool_events, events_total;
	u64 irq_reseeds, last_reseed_ns;
} ent;

static struct ktimer reseed_timer;

static bool rdseed64(u64 *out)
{
	for (int i = 0; i < HW_RETRIES; i++) {
		unsigned char ok;

		__asm__ __volatile__("rdseed %0; setc %1" : "=r"(*out), "=qm"(ok));
		if (ok)
			return true;
		__asm__ __volatile__("pause");
	}
	return false;
}

static bool rdrand64(u64 *out)
{
	for (int i = 0; i < HW_RETRIES; i++) {
		unsigned char ok;

		__asm__ __volatile__("rdrand %0; setc %1" : "=r"(*out), "=qm"(ok));
		if (ok)
			return true;
	}
	return false;
}

/* Draws that fail, repeat or are stuck at 0 or ~0 disqualify a source. */
static enum hw_state hw_check(bool (*draw)(u64 *))
{
	u64 seen[HEALTH_DRAWS];

	for (int i = 0; i < HEALTH_DRAWS; i++) {
		if (!draw(&seen[i]) || seen[i] == 0 || seen[i] == ~0ull)
			return HW_FAILED;
		for (int j = 0; j < i; j++)
			if (seen[j] == seen[i])
				return HW_FAILED;
	}
	return HW_OK;
}

static void probe_hw(void)
{
	u32 a, b, c, d;

	cpuid(0, 0, &a, &b, &c, &d);
	if (a >= 7) {
		cpuid(7, 0, &a, &b, &c, &d);
		ent.rdseed = (b & BIT(18)) ? hw_check(rdseed64) : HW_ABSENT;
	}
	cpuid(1, 0, &a, &b, &c, &d);
	ent.rdrand = (c & BIT(30)) ? hw_check(rdrand64) : HW_ABSENT;
}

/* Fills words from a checked source; false if it stopped answering. */
static bool hw_fill(enum hw_state st, bool (*draw)(u64 *), u64 *words, int n)
{
	if (st != HW_OK)
		return false;
	for (int i = 0; i < n; i++)
		if (!draw(&words[i]))
			return false;
	return true;
}

static unsigned int count_distinct(const u64 *v, unsigned int n)
{
	unsigned int distinct = 0;

	for (unsigned int i = 0; i < n; i++) {
		unsigned int j = 0;

		while (j < i && v[j] != v[i])
			j++;
		distinct += j == i;
	}
	return distinct;
}

/*
 * How long a small memory-touching loop takes, again and again. The work is
 * fixed; what varies is the machine around it.
 */
static void boot_jitter(u64 *samples, unsigned int n)
{
	static volatile u64 scratch[64];

	for (unsigned int i = 0; i < n; i++) {
		u64 t0 = rdtsc();

		for (unsigned int k = 0; k < 64; k++)
			scratch[(k * 7 + i) & 63] += t0 >> (k & 15);
		samples[i] = rdtsc() - t0;
	}
}

void entropy_boot_seed(void)
{
	struct {
		u64 rdseed[HW_WORDS];
		u64 rdrand[HW_WORDS];
		u64 tsc;
		u64 jitter[BOOT_JITTER_SAMPLES];
	} m = { 0 };

	probe_hw();
	if (!hw_fill(ent.rdseed, rdseed64, m.rdseed, HW_WORDS))
		ent.rdseed = ent.rdseed == HW_OK ? HW_FAILED : ent.rdseed;
	if (!hw_fill(ent.rdrand, rdrand64, m.rdrand, HW_WORDS))
		ent.rdrand = ent.rdrand == HW_OK ? HW_FAILED : ent.rdrand;
	m.tsc = rdtsc();
	boot_jitter(m.jitter, BOOT_JITTER_SAMPLES);
	ent.boot_jitter_distinct = count_distinct(m.jitter, BOOT_JITTER_SAMPLES);
	random_reseed(&m, sizeof(m));
	__builtin_memset(&m, 0, sizeof(m));
	__asm__ __volatile__("" : : "r"(&m) : "memory");
}

bool entropy_have_hw(void)
{
	return ent.rdseed == HW_OK || ent.rdrand == HW_OK;
}

void entropy_report(void)
{
	pr_info("boot seed: RDSEED %s, RDRAND %s, TSC jitter %u samples (%u distinct)\n",
		hw_state_name[ent.rdseed], hw_state_name[ent.rdrand], BOOT_JITTER_SAMPLES,
		ent.boot_jitter_distinct);
	if (!entropy_have_hw())
		pr_warn("no working RDSEED or RDRAND: seeded from TSC jitter alone, which napkin "
			"does not count as enough; sequence numbers, IP IDs and DHCP ids are only "
			"as unpredictable as this machine's timing\n");
}

void entropy_irq_event(u8 vector)
{
	unsigned int i = ent.pool_pos++ & (POOL_WORDS - 1);
	u64 w = ent.pool[i];

	/* Rotate what is there so equal samples do not cancel, then fold the sample in. */
	ent.pool[i] = (w << 19 | w >> 45) ^ rdtsc() ^ ((u64)vector << 56);
	ent.pool_events++;
	ent.events_total++;
}

static void reseed_from_pool(void)
{
	struct {
		u64 pool[POOL_WORDS];
		u64 rdrand[HW_WORDS];
		u64 tsc;
	} m = { 0 };
	unsigned long flags = local_irq_save();

	__builtin_memcpy(m.pool, ent.pool, sizeof(m.pool));
	__builtin_memset(ent.pool, 0, sizeof(ent.pool));
	ent.pool_events = 0;
	local_irq_restore(flags);
	if (!hw_fill(ent.rdrand, rdrand64, m.rdrand, HW_WORDS) && ent.rdrand == HW_OK) {
		ent.rdrand = HW_FAILED;
		pr_warn("RDRAND stopped answering; reseeding from interrupt timing alone\n");
	}
	m.tsc = rdtsc();
	random_reseed(&m, sizeof(m));
	__builtin_memset(&m, 0, sizeof(m));
	__asm__ __volatile__("" : : "r"(&m) : "memory");
	ent.irq_reseeds++;
	ent.last_reseed_ns = ktime_get_ns();
}

static void reseed_timer_fn(struct ktimer *t)
{
	if (ent.pool_events >= RESEED_MIN_EVENTS) {
		bool first = !ent.irq_reseeds;

		reseed_from_pool();
		if (first)
			pr_info("reseeded from %llu interrupt timings; again every %llu s\n",
				(unsigned long long)ent.events_total,
				(unsigned long long)(RESEED_EVERY_NS / NSEC_PER_SEC));
	}
	ktimer_arm(t, ktime_get_ns() + RESEED_EVERY_NS);
}

/*
 * Take a few timer interrupts with nothing else running and note how late
 * each one woke us, in TSC ticks. Interrupts are on only while waiting,
 * and the wait is bounded, so a timer that never fires costs five milliseconds
 * per try rather than the boot.
 */
void entropy_timer_seed(void)
{
	u64 late[TIMER_JITTER_IRQS] = { 0 };
	u64 ticks_per_us = tsc_khz() / 1000 ? tsc_khz() / 1000 : 1;
	unsigned int got = 0;

	for (unsigned int i = 0; i < TIMER_JITTER_IRQS; i++) {
		u64 events = ent.events_total;
		u64 deadline_tsc, limit;

		local_irq_disable();
		lapic_timer_arm(ktime_get_ns() + 20 * NSEC_PER_USEC);
		deadline_tsc = rdtsc() + 20 * ticks_per_us;
		limit = deadline_tsc + 5000 * ticks_per_us;
		local_irq_enable();
		while (ent.events_total == events && rdtsc() < limit)
			__asm__ __volatile__("pause");
		local_irq_disable();
		if (ent.events_total != events)
			late[got++] = rdtsc() - deadline_tsc;
	}
	ent.timer_jitter_irqs = got;
	ent.timer_jitter_distinct = count_distinct(late, got);
	random_reseed(late, sizeof(late));
	pr_info("timer jitter: %u of %u interrupts taken, %u distinct delays\n", got,
		TIMER_JITTER_IRQS, ent.timer_jitter_distinct);
	reseed_timer.fn = reseed_timer_fn;
	ktimer_arm(&reseed_timer, ktime_get_ns() + RESEED_FIRST_NS);
}

static int cmd_random(int argc, char **argv)
{
	struct random_stats st;

	random_get_stats(&st);
	shell_printf("sources: RDSEED %s, RDRAND %s, TSC jitter (boot %u/%u distinct, timer "
		     "%u/%u)\n",
		     hw_state_name[ent.rdseed], hw_state_name[ent.rdrand], ent.boot_jitter_distinct,
		     BOOT_JITTER_SAMPLES, ent.timer_jitter_distinct, ent.timer_jitter_irqs);
	shell_printf("counted as enough: %s\n",
		     entropy_have_hw() ? "yes (hardware generator)" : "no (timing alone)");
	shell_printf("interrupt samples: %llu (%llu waiting), reseeds from them: %llu\n",
		     (unsigned long long)ent.events_total, (unsigned long long)ent.pool_events,
		     (unsigned long long)ent.irq_reseeds);
	shell_printf("generator: %llu reseeds, %llu bytes out, %llu key erasures\n",
		     (unsigned long long)st.reseeds, (unsigned long long)st.bytes_out,
		     (unsigned long long)st.rekeys);
	return 0;
}

static struct shell_cmd random_cmd = {
	.name = "random",
	.usage = "random",
	.help = "where the random generator's seed came from, reseeds, output",
	.run = cmd_random,
};

static void random_shell_init(void)
{
	shell_register(&random_cmd);
}
initcall(random_shell_init);

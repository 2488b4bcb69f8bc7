// SPDX-License-Identifier: BSD-2-Clause
/*
 * The NAPI core against fake NICs: each has a receive "ring" (a packet count),
 * an interrupt it masks and unmasks, and a poll() that behaves like a driver's
 * (or like a buggy one, on request).
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/console/printk.h"
#include "kernel/core/softirq.h"
#include "kernel/core/time.h"
#include "net/core/napi.h"
#include "net/core/netdev.h"
#include "tests/unit/fakes/napi_fakes.h"

#define MAX_NICS    4
#define MAX_RECORDS 512

struct fake_nic {
	struct net_device dev;
	struct napi_struct napi;
	int id;
	int rx_pending; /* frames waiting in the ring */
	bool irq_masked;
	int irqs_taken; /* interrupts the handler ran for */
	int unmasks;
	int completes_refused; /* napi_complete_done() said keep masked */
	int polls;
	int handled;
	/* Misbehaviour and side effects on request. */
	int extra_return;  /* report this many more than handled */
	u64 ns_per_packet; /* fake clock cost of each frame */
	bool never_complete;
	void (*during_poll)(struct fake_nic *nic, int budget);
	void (*after_unmask)(struct fake_nic *nic); /* still inside poll() */
	int poll_depth;				    /* polls of it on the stack */
};

static struct fake_nic nics[MAX_NICS];

/* Every poll in order: which NIC, with what budget. */
static struct {
	int nic;
	int budget;
	int ret;
} polls[MAX_RECORDS];
static int npolls;

static int fake_poll(struct napi_struct *napi, int budget)
{
	struct fake_nic *nic = container_of(napi, struct fake_nic, napi);
	int n = MIN(nic->rx_pending, budget);

	ck_assert_msg(fake_irqs_enabled() || napi_in_irq_poll(),
		      "poll ran with interrupts masked outside irq mode");
	ck_assert_msg(nic->poll_depth == 0, "eth%d: poll re-entered", nic->id);
	nic->poll_depth++;
	nic->rx_pending -= n;
	nic->handled += n;
	nic->polls++;
	fake_clock_advance((u64)n * nic->ns_per_packet);
	if (nic->during_poll)
		nic->during_poll(nic, budget);
	if (n < budget && !nic->never_complete) {
		if (napi_complete_done(napi, n)) {
			nic->irq_masked = false;
			nic->unmasks++;
			if (nic->after_unmask)
				nic->after_unmask(nic);
		} else {
			nic->completes_refused++;
		}
	}
	if (npolls < MAX_RECORDS) {
		polls[npolls].nic = nic->id;
		polls[npolls].budget = budget;
		polls[npolls].ret = n + nic->extra_return;
		npolls++;
	}
	nic->poll_depth--;
	return n + nic->extra_return;
}

/* The NIC raises its interrupt; the handler masks the source and schedules. */
static bool fake_irq(struct fake_nic *nic)
{
	bool scheduled;

	if (nic->irq_masked)
		return false;
	fake_hardirq_enter();
	nic->irqs_taken++;
	nic->irq_masked = true;
	scheduled = napi_schedule_from_irq(&nic->napi);
	fake_hardirq_exit();
	return scheduled;
}

static void nic_receive(struct fake_nic *nic, int frames)
{
	nic->rx_pending += frames;
	fake_irq(nic);
}

static struct fake_nic *nic_setup(int id, int weight)
{
	struct fake_nic *nic = &nics[id];

	memset(nic, 0, sizeof(*nic));
	nic->id = id;
	snprintf(nic->dev.name, sizeof(nic->dev.name), "eth%d", id);
	INIT_LIST_HEAD(&nic->dev.napi_list);
	ck_assert_int_eq(netif_napi_add(&nic->dev, &nic->napi, fake_poll, weight), 0);
	napi_enable(&nic->napi);
	return nic;
}

/* Run NET_RX rounds until it stops re-raising itself (bounded). */
static unsigned int run_net_rx(unsigned int max_rounds)
{
	return fake_softirq_run_net_rx(max_rounds);
}

static void setup(void)
{
	fake_reset_all();
	napi_init();
	softnet_reset_stats();
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_NAPI), 0);
	ck_assert_int_eq(net_set_budget(NET_BUDGET_DEFAULT), 0);
	ck_assert_int_eq(net_set_budget_usecs(NET_BUDGET_USECS_DEFAULT), 0);
	ck_assert_int_eq(napi_set_defer_hard_irqs(0), 0);
	ck_assert_int_eq(napi_set_flush_timeout(0), 0);
	memset(nics, 0, sizeof(nics));
	npolls = 0;
}

static void teardown(void)
{
	for (int i = 0; i < MAX_NICS; i++) {
		if (nics[i].napi.poll) {
			napi_disable(&nics[i].napi);
			netif_napi_del(&nics[i].napi);
		}
	}
	ck_assert_int_eq(fake_irq_save_depth(), 0);
	ck_assert(fake_irqs_enabled());
	ck_assert(!napi_any_scheduled());
}

static void assert_irq_state_clean(void)
{
	ck_assert_int_eq(fake_irq_save_depth(), 0);
	ck_assert(fake_irqs_enabled());
}

START_TEST(test_add_weight_defaults_and_clamp)
{
	struct napi_struct a, b, c;
	struct net_device dev = { .name = "eth7" };

	INIT_LIST_HEAD(&dev.napi_list);
	ck_assert_int_eq(netif_napi_add(&dev, &a, fake_poll, 0), 0);
	ck_assert_int_eq(a.weight, NAPI_DEFAULT_WEIGHT);
	ck_assert_int_eq(netif_napi_add(&dev, &b, fake_poll, -5), 0);
	ck_assert_int_eq(b.weight, NAPI_DEFAULT_WEIGHT);
	ck_assert(!stub_printk_contains("too large"));
	ck_assert_int_eq(netif_napi_add(&dev, &c, fake_poll, 1000), 0);
	ck_assert_int_eq(c.weight, NAPI_MAX_WEIGHT);
	ck_assert(stub_printk_contains("eth7: weight 1000 too large, using 256"));
	ck_assert_int_eq(stub_printk_level_of("too large"), LOGLEVEL_WARNING);

	/* Added instances start disabled and belong to the device. */
	ck_assert(!napi_schedule(&a));
	ck_assert_ptr_eq(dev.napi_list.next, &a.dev_list);
	ck_assert_str_eq(napi_name(&a), "eth7");
	a.name = "eth7-rx0";
	ck_assert_str_eq(napi_name(&a), "eth7-rx0");

	ck_assert_int_eq(netif_napi_add(&dev, &a, NULL, 64), -EINVAL);
	ck_assert(stub_printk_contains("missing poll function for eth7"));
	ck_assert_int_eq(netif_napi_add(&dev, NULL, fake_poll, 64), -EINVAL);

	netif_napi_del(&a);
	netif_napi_del(&b);
	netif_napi_del(&c);
	ck_assert_ptr_eq(dev.napi_list.next, &dev.napi_list);
	assert_irq_state_clean();
}
END_TEST

START_TEST(test_weight_limits_each_poll)
{
	struct fake_nic *nic = nic_setup(0, 16);

	nic_receive(nic, 40);
	ck_assert(napi_is_scheduled(&nic->napi));
	ck_assert(nic->irq_masked);
	ck_assert_uint_eq(fake_softirq_raised(NET_RX_SOFTIRQ), 1);
	ck_assert_int_eq(nic->polls, 0); /* nothing runs in the interrupt */

	ck_assert_uint_eq(run_net_rx(10), 1);
	ck_assert_int_eq(npolls, 3);
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(polls[i].budget, 16);
	ck_assert_int_eq(nic->handled, 40);
	ck_assert(!nic->irq_masked);
	ck_assert(!napi_is_scheduled(&nic->napi));
	ck_assert_uint_eq(nic->napi.stats.polls, 3);
	ck_assert_uint_eq(nic->napi.stats.packets, 40);
	ck_assert_uint_eq(nic->napi.stats.full_polls, 2);
	ck_assert_uint_eq(nic->napi.stats.completions, 1);
	ck_assert_uint_eq(nic->napi.stats.irq_schedules, 1);
	ck_assert(!fake_softirq_is_pending(NET_RX_SOFTIRQ));
	assert_irq_state_clean();
}
END_TEST

START_TEST(test_budget_limits_round)
{
	struct fake_nic *nic = nic_setup(0, 64);
	struct softnet_stats st;

	ck_assert_int_eq(net_set_budget(100), 0);
	nic_receive(nic, 1000);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));

	ck_assert_int_eq(npolls, 2);
	ck_assert_int_eq(polls[0].budget, 64);
	ck_assert_int_eq(polls[1].budget, 36); /* min(weight, budget left) */
	ck_assert_int_eq(nic->handled, 100);
	ck_assert(napi_is_scheduled(&nic->napi));
	ck_assert(nic->irq_masked);
	ck_assert(fake_softirq_is_pending(NET_RX_SOFTIRQ)); /* comes back after timers */
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.time_squeeze, 1);
	ck_assert_uint_eq(st.budget_exhausted, 1);
	ck_assert_uint_eq(st.time_exhausted, 0);
	ck_assert_uint_eq(st.rounds, 1);
	ck_assert_uint_eq(st.polls, 2);

	/* The rest drains over later rounds, 100 at a time. */
	ck_assert_uint_eq(run_net_rx(100), 10);
	ck_assert_int_eq(nic->handled, 1000);
	ck_assert(!nic->irq_masked);
	softnet_get_stats(&st);
	/* The last round ends exactly at 1000 with the ring empty but not yet seen empty. */
	ck_assert_uint_ge(st.budget_exhausted, 9);
	ck_assert_uint_eq(st.time_exhausted, 0);
	assert_irq_state_clean();
}
END_TEST

START_TEST(test_round_robin_fairness)
{
	struct fake_nic *a = nic_setup(0, 8), *b = nic_setup(1, 8), *c = nic_setup(2, 8);

	ck_assert_int_eq(net_set_budget(48), 0);
	nic_receive(a, 100);
	nic_receive(b, 100);
	nic_receive(c, 100);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));

	ck_assert_int_eq(npolls, 6);
	for (int i = 0; i < 6; i++) {
		ck_assert_int_eq(polls[i].nic, i % 3);
		ck_assert_int_eq(polls[i].budget, 8);
	}
	ck_assert_int_eq(a->handled, 16);
	ck_assert_int_eq(b->handled, 16);
	ck_assert_int_eq(c->handled, 16);

	/* Next round picks up in the same order: nobody is favoured. */
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	ck_assert_int_eq(polls[6].nic, 0);
	ck_assert_int_eq(polls[7].nic, 1);
	ck_assert_int_eq(a->handled, 32);
	ck_assert_int_eq(b->handled, 32);
	ck_assert_int_eq(c->handled, 32);
}
END_TEST

START_TEST(test_weights_share_budget_proportionally)
{
	struct fake_nic *a = nic_setup(0, 32), *b = nic_setup(1, 8);

	ck_assert_int_eq(net_set_budget(120), 0);
	nic_receive(a, 1000);
	nic_receive(b, 1000);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	/* Passes of 32 + 8: three full passes make 120. */
	ck_assert_int_eq(a->handled, 96);
	ck_assert_int_eq(b->handled, 24);
}
END_TEST

static struct fake_nic *late_nic;

static void schedule_late_nic(struct fake_nic *nic, int budget)
{
	if (late_nic && late_nic->irqs_taken == 0)
		nic_receive(late_nic, 100);
}

START_TEST(test_requeue_at_tail)
{
	struct fake_nic *a = nic_setup(0, 4), *b = nic_setup(1, 4), *c = nic_setup(2, 4);
	struct fake_nic *d = nic_setup(3, 4);

	ck_assert_int_eq(net_set_budget(24), 0);
	nic_receive(a, 100);
	nic_receive(b, 100);
	nic_receive(c, 2); /* completes at its first poll */
	late_nic = d;
	a->during_poll = schedule_late_nic; /* d's interrupt comes while a is polled */
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));

	/* Pass 1: a b c. d arrived during a's poll, so it precedes a's second turn. */
	int expect[] = { 0, 1, 2, 3, 0, 1, 3 };

	ck_assert_int_eq(npolls, 7);
	for (int i = 0; i < 7; i++)
		ck_assert_msg(polls[i].nic == expect[i], "poll %d went to nic %d, expected %d", i,
			      polls[i].nic, expect[i]);
	ck_assert(!napi_is_scheduled(&c->napi));
	ck_assert(!c->irq_masked);
	late_nic = NULL;
}
END_TEST

START_TEST(test_complete_reenables_interrupt)
{
	struct fake_nic *nic = nic_setup(0, 64);

	nic_receive(nic, 5);
	ck_assert(nic->irq_masked);
	/* A second interrupt source scheduling again changes nothing. */
	ck_assert(!napi_schedule(&nic->napi));
	ck_assert_uint_eq(fake_softirq_raised(NET_RX_SOFTIRQ), 1);
	run_net_rx(10);
	ck_assert_int_eq(nic->polls, 1);
	ck_assert(!nic->irq_masked);
	ck_assert_int_eq(nic->unmasks, 1);
	ck_assert(!napi_any_scheduled());

	/* Unmasked again: the next interrupt schedules it again. */
	nic_receive(nic, 3);
	ck_assert(napi_is_scheduled(&nic->napi));
	run_net_rx(10);
	ck_assert_int_eq(nic->handled, 8);
	ck_assert_uint_eq(nic->napi.stats.irq_schedules, 2);
	ck_assert_uint_eq(nic->napi.stats.completions, 2);
	ck_assert_uint_eq(nic->napi.stats.missed, 0);

	/* An empty poll (spurious interrupt) completes too. */
	nic_receive(nic, 0);
	run_net_rx(10);
	ck_assert(!nic->irq_masked);
	ck_assert_uint_eq(nic->napi.stats.completions, 3);
	ck_assert_uint_eq(nic->napi.stats.full_polls, 0);
}
END_TEST

/* Let the fake clock reach the next timer and run what expired (bounded). */
static void run_timers_for(u64 ns)
{
	fake_clock_advance(ns);
	ktimers_run(fake_clock_now());
}

START_TEST(test_defer_hard_irqs_repolls_from_timer)
{
	struct fake_nic *nic = nic_setup(0, 64);

	ck_assert_int_eq(napi_set_defer_hard_irqs(2), 0);
	ck_assert_int_eq(napi_set_flush_timeout(50000), 0);
	nic_receive(nic, 5);
	run_net_rx(10);
	/* Work done: the interrupt stays masked and nothing is scheduled until the timer. */
	ck_assert_int_eq(nic->polls, 1);
	ck_assert(nic->irq_masked);
	ck_assert_int_eq(nic->completes_refused, 1);
	ck_assert(!napi_any_scheduled());
	run_timers_for(49000);
	ck_assert(!napi_any_scheduled());
	/* Frames that come in meanwhile raise no interrupt; the timer's poll takes them. */
	nic_receive(nic, 3);
	ck_assert_int_eq(nic->irqs_taken, 1);
	run_timers_for(1000);
	ck_assert(napi_is_scheduled(&nic->napi));
	run_net_rx(10);
	ck_assert_int_eq(nic->handled, 8);
	ck_assert(nic->irq_masked); /* work again: the count starts over */
	/* Two empty polls, then the interrupt comes back. */
	run_timers_for(50000);
	run_net_rx(10);
	ck_assert(nic->irq_masked);
	run_timers_for(50000);
	run_net_rx(10);
	ck_assert(!nic->irq_masked);
	ck_assert_int_eq(nic->polls, 4);
	ck_assert_int_eq(nic->unmasks, 1);
	ck_assert_uint_eq(nic->napi.stats.defers, 3);
	run_timers_for(1000000);
	ck_assert(!napi_any_scheduled());
}
END_TEST

START_TEST(test_defer_needs_both_settings_and_napi_mode)
{
	struct fake_nic *nic = nic_setup(0, 64);

	ck_assert_int_eq(napi_set_defer_hard_irqs(2), 0);
	nic_receive(nic, 5); /* no timeout: no deferral */
	run_net_rx(10);
	ck_assert(!nic->irq_masked);
	ck_assert_int_eq(napi_set_flush_timeout(50000), 0);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	nic_receive(nic, 5); /* irq mode polls in the handler: no deferral either */
	run_net_rx(10);
	ck_assert(!nic->irq_masked);
	ck_assert_uint_eq(nic->napi.stats.defers, 0);
	ck_assert_int_eq(napi_set_defer_hard_irqs(-1), -EINVAL);
	ck_assert_int_eq(napi_set_defer_hard_irqs(NAPI_DEFER_HARD_IRQS_MAX + 1), -EINVAL);
	ck_assert_int_eq(napi_set_flush_timeout(NAPI_FLUSH_TIMEOUT_MAX + 1L), -EINVAL);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_NAPI), 0);
}
END_TEST

START_TEST(test_disable_cancels_a_deferred_repoll)
{
	struct fake_nic *nic = nic_setup(0, 64);

	ck_assert_int_eq(napi_set_defer_hard_irqs(5), 0);
	ck_assert_int_eq(napi_set_flush_timeout(50000), 0);
	nic_receive(nic, 5);
	run_net_rx(10);
	ck_assert(nic->irq_masked);
	napi_disable(&nic->napi);
	run_timers_for(1000000);
	ck_assert_int_eq(nic->polls, 1);
	napi_enable(&nic->napi);
	run_timers_for(1000000);
	ck_assert(!napi_any_scheduled());
	ck_assert_int_eq(nic->polls, 1);
}
END_TEST

START_TEST(test_complete_unscheduled_warns)
{
	struct fake_nic *nic = nic_setup(0, 64);

	ck_assert(napi_complete(&nic->napi));
	ck_assert(stub_printk_contains("eth0: completed while not scheduled"));
	assert_irq_state_clean();
}
END_TEST

START_TEST(test_disable_while_scheduled)
{
	struct fake_nic *nic = nic_setup(0, 64), *other = nic_setup(1, 64);

	nic_receive(nic, 10);
	nic_receive(other, 10);
	napi_disable(&nic->napi);
	ck_assert(napi_is_scheduled(&nic->napi)); /* held, not polled */
	run_net_rx(10);
	ck_assert_int_eq(nic->polls, 0);
	ck_assert_int_eq(other->polls, 1);
	ck_assert(!napi_schedule(&nic->napi));
	ck_assert(!napi_any_scheduled());
	/* A completion while napi_disable() holds it must not let the driver unmask. */
	ck_assert_msg(!napi_complete_done(&nic->napi, 0),
		      "napi_complete_done on a disabled instance allowed the unmask");
	ck_assert(napi_is_scheduled(&nic->napi));
	napi_disable(&nic->napi); /* twice is harmless */

	napi_enable(&nic->napi);
	ck_assert(!napi_is_scheduled(&nic->napi));
	nic->irq_masked = false; /* the driver's open unmasks */
	nic_receive(nic, 0);
	ck_assert(napi_is_scheduled(&nic->napi));
	run_net_rx(10);
	ck_assert_int_eq(nic->handled, 10);

	napi_enable(&nic->napi); /* not disabled: warns, changes nothing */
	ck_assert(stub_printk_contains("napi_enable() on an instance that is not disabled"));
	assert_irq_state_clean();
}
END_TEST

static void disable_self(struct fake_nic *nic, int budget)
{
	napi_disable(&nic->napi);
}

START_TEST(test_disable_from_own_poll_warns)
{
	struct fake_nic *nic = nic_setup(0, 8);

	nic->during_poll = disable_self;
	nic->never_complete = true;
	nic_receive(nic, 100);
	run_net_rx(10);
	ck_assert_int_eq(nic->polls, 1);
	ck_assert(stub_printk_contains("eth0: napi_disable() called from inside its own poll"));
	/* Full-weight poll, yet held off rather than requeued. */
	ck_assert(!napi_any_scheduled());
	ck_assert(napi_is_scheduled(&nic->napi));
	ck_assert(!napi_schedule(&nic->napi));

	nic->during_poll = NULL;
	nic->never_complete = false;
	napi_enable(&nic->napi);
	ck_assert(napi_schedule(&nic->napi));
	run_net_rx(10);
	ck_assert_int_eq(nic->handled, 100);
}
END_TEST

static void kick_then_disable_self(struct fake_nic *nic)
{
	/* Completed and unmasked; another source schedules it again, then the bug. */
	ck_assert(napi_schedule(&nic->napi));
	napi_disable(&nic->napi);
}

/*
 * A disable from the instance's own poll after it completed and was
 * scheduled again: the queued schedule must not get it polled while
 * disabled. Found by test_napi_random, seed 60.
 */
START_TEST(test_disable_from_own_poll_after_reschedule)
{
	struct fake_nic *nic = nic_setup(0, 64), *other = nic_setup(1, 64);

	nic->after_unmask = kick_then_disable_self;
	nic_receive(nic, 3);
	nic_receive(other, 3);
	run_net_rx(10);
	ck_assert(stub_printk_contains("eth0: napi_disable() called from inside its own poll"));
	ck_assert_int_eq(nic->polls, 1);
	ck_assert_int_eq(other->polls, 1);
	ck_assert(!napi_any_scheduled());
	ck_assert(!napi_schedule(&nic->napi));

	nic->after_unmask = NULL;
	napi_enable(&nic->napi);
	nic_receive(nic, 2);
	run_net_rx(10);
	ck_assert_int_eq(nic->polls, 2);
	ck_assert_int_eq(nic->handled, 5);
}
END_TEST

static void second_source_fires(struct fake_nic *nic, int budget)
{
	/* The ring was read; a frame lands and another vector schedules. */
	if (nic->polls == 1) {
		nic->rx_pending += 3;
		fake_hardirq_enter();
		ck_assert(!napi_schedule_from_irq(&nic->napi));
		fake_hardirq_exit();
	}
}

START_TEST(test_schedule_during_poll_not_lost)
{
	struct fake_nic *nic = nic_setup(0, 64);

	nic->during_poll = second_source_fires;
	nic_receive(nic, 5);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	/* The completion was refused and the instance polled again in the same round. */
	ck_assert_int_eq(nic->completes_refused, 1);
	ck_assert_int_eq(nic->polls, 2);
	ck_assert_int_eq(nic->handled, 8);
	ck_assert(!nic->irq_masked);
	ck_assert(!napi_is_scheduled(&nic->napi));
	ck_assert_uint_eq(nic->napi.stats.missed, 1);
	ck_assert_uint_eq(nic->napi.stats.completions, 1);
}
END_TEST

START_TEST(test_schedule_while_queued_sets_no_missed)
{
	struct fake_nic *nic = nic_setup(0, 64);

	nic_receive(nic, 5);
	ck_assert(!napi_schedule(&nic->napi));
	run_net_rx(10);
	ck_assert_int_eq(nic->polls, 1);
	ck_assert_uint_eq(nic->napi.stats.missed, 0);
	ck_assert_int_eq(nic->completes_refused, 0);
}
END_TEST

START_TEST(test_time_squeeze)
{
	struct fake_nic *a = nic_setup(0, 64), *b = nic_setup(1, 64);
	struct softnet_stats st;

	a->ns_per_packet = 50 * NSEC_PER_USEC; /* 64 frames: 3.2 ms > 2 ms */
	b->ns_per_packet = 50 * NSEC_PER_USEC;
	nic_receive(a, 200);
	nic_receive(b, 200);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	ck_assert_int_eq(npolls, 1);
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.time_squeeze, 1);
	ck_assert_uint_eq(st.time_exhausted, 1);
	ck_assert_uint_eq(st.budget_exhausted, 0);
	ck_assert(fake_softirq_is_pending(NET_RX_SOFTIRQ));
	/* b was not starved: it is first next round. */
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	ck_assert_int_eq(polls[1].nic, 1);

	/* A longer limit lets a round do more. */
	ck_assert_int_eq(net_set_budget_usecs(10000), 0);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	ck_assert_int_eq(npolls, 2 + 4); /* 4 polls of 3.2 ms cross 10 ms */
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.time_exhausted, 3);

	/* Cheap frames never hit the time limit. */
	a->ns_per_packet = b->ns_per_packet = 0;
	run_net_rx(20);
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.time_exhausted, 3);
	ck_assert_int_eq(a->handled + b->handled, 400);
}
END_TEST

START_TEST(test_over_budget_warns_once_and_clamps)
{
	struct fake_nic *nic = nic_setup(0, 8), *good = nic_setup(1, 8);
	struct softnet_stats st;

	nic->extra_return = 5; /* reports more than it handled, even past its budget */
	ck_assert_int_eq(net_set_budget(40), 0);
	nic_receive(nic, 100);
	nic_receive(good, 100);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));

	/* Clamped to 8 each, so the 40 budget gives 5 polls: n g n g n. */
	ck_assert_int_eq(npolls, 5);
	ck_assert_int_eq(nic->polls, 3);
	ck_assert_uint_eq(nic->napi.stats.packets, 24);
	ck_assert_uint_eq(nic->napi.stats.over_budget, 3);
	ck_assert_uint_eq(good->napi.stats.over_budget, 0);
	ck_assert_uint_eq(
	    stub_printk_count(STUB_ANY_LEVEL, "poll handled 13 packets with a budget of 8"), 1);
	ck_assert(stub_printk_contains("eth0: poll handled"));
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.budget_exhausted, 1);

	run_net_rx(5);
	ck_assert_uint_eq(stub_printk_count(STUB_ANY_LEVEL, "driver bug, clamped"), 1);
	ck_assert_uint_gt(nic->napi.stats.over_budget, 3);
}
END_TEST

static bool trylock_result;

static void try_netpoll_self(struct fake_nic *nic, int budget)
{
	trylock_result = napi_netpoll_trylock(&nic->napi);
}

START_TEST(test_netpoll_owned_is_skipped)
{
	struct fake_nic *a = nic_setup(0, 64), *b = nic_setup(1, 64);

	ck_assert(napi_netpoll_trylock(&a->napi));
	ck_assert(!napi_netpoll_trylock(&a->napi));
	nic_receive(a, 5);
	nic_receive(b, 5);
	fake_softirq_reset();
	ck_assert(!fake_softirq_run(NET_RX_SOFTIRQ)); /* nothing recorded after reset */
	raise_softirq(NET_RX_SOFTIRQ);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	ck_assert_int_eq(a->polls, 0);
	ck_assert_int_eq(b->polls, 1);
	ck_assert(napi_is_scheduled(&a->napi));
	ck_assert(napi_any_scheduled());
	ck_assert_uint_eq(a->napi.stats.npsvc_skips, 1);

	/* netpoll polls it itself; its completion does not end the softirq's turn. */
	a->rx_pending = 0;
	ck_assert(!napi_complete_done(&a->napi, 0));
	ck_assert(napi_is_scheduled(&a->napi));

	a->rx_pending = 5;
	napi_netpoll_unlock(&a->napi);
	ck_assert(fake_softirq_is_pending(NET_RX_SOFTIRQ));
	run_net_rx(10);
	ck_assert_int_eq(a->handled, 5);
	ck_assert(!a->irq_masked);

	/* netpoll cannot take an instance the softirq is polling. */
	b->during_poll = try_netpoll_self;
	trylock_result = true;
	nic_receive(b, 1);
	run_net_rx(10);
	ck_assert(!trylock_result);
}
END_TEST

START_TEST(test_irq_mode_polls_in_handler)
{
	struct fake_nic *nic = nic_setup(0, 64);

	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	ck_assert(stub_printk_contains("napi: mode irq"));
	nic_receive(nic, 10);
	/* Polled inside the handler, completed, unmasked before the handler returned. */
	ck_assert_int_eq(nic->polls, 1);
	ck_assert_int_eq(nic->handled, 10);
	ck_assert(!nic->irq_masked);
	ck_assert(!napi_is_scheduled(&nic->napi));
	ck_assert(!napi_any_scheduled());
	ck_assert(!napi_in_irq_poll());
	ck_assert_uint_eq(nic->napi.stats.irq_schedules, 1);
	ck_assert_uint_eq(nic->napi.stats.completions, 1);

	/* Each interrupt handles its frames: the baseline's interrupt rate. */
	for (int i = 0; i < 5; i++)
		nic_receive(nic, 1);
	ck_assert_int_eq(nic->irqs_taken, 6);
	ck_assert_int_eq(nic->polls, 6);

	/* A burst is drained by several polls in the same handler. */
	nic_receive(nic, 200);
	ck_assert_int_eq(nic->polls, 6 + 4);
	ck_assert_int_eq(nic->rx_pending, 0);
	ck_assert(!nic->irq_masked);
	ck_assert_uint_eq(nic->napi.stats.irq_deferred, 0);
	assert_irq_state_clean();
}
END_TEST

static void frames_right_after_unmask(struct fake_nic *nic)
{
	/* The driver unmasked and has not returned yet: the device interrupts at once. */
	if (nic->irqs_taken == 0) {
		nic->rx_pending += 2;
		ck_assert(fake_irq(nic));
		ck_assert_int_eq(nic->polls, 1);
	}
}

/*
 * irq mode, an instance the softirq polls (a timer kicked it): the interrupt
 * that comes right after the driver unmasks inside its poll must not poll it
 * again from the handler, inside that poll. Found by test_napi_random, seed 5.
 */
START_TEST(test_irq_mode_interrupt_inside_softirq_poll)
{
	struct fake_nic *nic = nic_setup(0, 64);

	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	nic->rx_pending = 5;
	nic->irq_masked = true;
	nic->after_unmask = frames_right_after_unmask;
	ck_assert(napi_schedule(&nic->napi)); /* a timer, not the interrupt: softirq polls */
	ck_assert_int_eq(nic->polls, 0);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	ck_assert_int_eq(nic->irqs_taken, 1);
	ck_assert_uint_eq(nic->napi.stats.irq_schedules, 1);
	/* The interrupt queued it; the same round polled it after the first poll returned. */
	ck_assert_int_eq(nic->polls, 2);
	ck_assert_int_eq(nic->handled, 7);
	ck_assert(!nic->irq_masked);
	ck_assert(!napi_is_scheduled(&nic->napi));
	ck_assert(!napi_any_scheduled());
	ck_assert_uint_eq(nic->napi.stats.irq_deferred, 0);
}
END_TEST

static void kick_during_first_poll(struct fake_nic *nic, int budget)
{
	if (nic->polls == 1)
		ck_assert(!napi_schedule(&nic->napi));
}

/*
 * irq mode: a schedule during one poll of the handler's loop forces the next
 * poll, and only that one; the poll after it may complete. Found by
 * test_napi_random, seed 5.
 */
START_TEST(test_irq_mode_missed_is_per_poll)
{
	struct fake_nic *nic = nic_setup(0, 4);

	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	nic->during_poll = kick_during_first_poll;
	nic_receive(nic, 6); /* 4, then 2 */
	ck_assert_int_eq(nic->polls, 2);
	ck_assert_int_eq(nic->completes_refused, 0);
	ck_assert_uint_eq(nic->napi.stats.missed, 1);
	ck_assert_uint_eq(nic->napi.stats.completions, 1);
	ck_assert(!nic->irq_masked);
	ck_assert(!napi_any_scheduled());
}
END_TEST

START_TEST(test_irq_mode_endless_ring_goes_to_softirq)
{
	struct fake_nic *nic = nic_setup(0, 64);

	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	nic_receive(nic, 100000);
	ck_assert_int_eq(nic->polls, NAPI_IRQ_MODE_MAX_POLLS);
	ck_assert_uint_eq(nic->napi.stats.irq_deferred, 1);
	ck_assert(napi_any_scheduled());
	ck_assert(nic->irq_masked);
	ck_assert(fake_softirq_is_pending(NET_RX_SOFTIRQ));
	run_net_rx(1000);
	ck_assert_int_eq(nic->rx_pending, 0);
	ck_assert(!nic->irq_masked);
}
END_TEST

START_TEST(test_busypoll_keeps_polling)
{
	struct fake_nic *nic = nic_setup(0, 64);
	struct softnet_stats st;

	ck_assert_int_eq(napi_set_mode(NAPI_MODE_BUSYPOLL), 0);
	/* Enabled instances are polled without waiting for an interrupt. */
	ck_assert(napi_is_scheduled(&nic->napi));
	ck_assert(napi_any_scheduled());
	nic_receive(nic, 5); /* the first interrupt masks the source for good */
	ck_assert(nic->irq_masked);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	ck_assert_int_eq(nic->handled, 5);
	ck_assert(nic->irq_masked);
	ck_assert_int_eq(nic->completes_refused, 2); /* the idle second pass ends the round */
	ck_assert(napi_is_scheduled(&nic->napi));
	ck_assert(napi_any_scheduled());
	ck_assert(fake_softirq_is_pending(NET_RX_SOFTIRQ));

	/* Frames arriving with the interrupt masked are found by the next round. */
	nic->rx_pending += 7;
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	ck_assert_int_eq(nic->handled, 12);
	ck_assert(fake_softirq_is_pending(NET_RX_SOFTIRQ));
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.time_squeeze, 0);
	ck_assert_uint_eq(nic->napi.stats.completions, 0);

	/* Back to napi mode: the next idle poll completes and unmasks. */
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_NAPI), 0);
	run_net_rx(10);
	ck_assert(!nic->irq_masked);
	ck_assert(!napi_any_scheduled());
	ck_assert_uint_eq(nic->napi.stats.completions, 1);
}
END_TEST

START_TEST(test_busypoll_enable_schedules)
{
	struct fake_nic *nic;

	ck_assert_int_eq(napi_set_mode(NAPI_MODE_BUSYPOLL), 0);
	nic = nic_setup(0, 64);
	ck_assert(napi_is_scheduled(&nic->napi));
	nic->rx_pending = 3;
	run_net_rx(1);
	ck_assert_int_eq(nic->handled, 3);
	ck_assert(!nic->irq_masked); /* never interrupted, never masked: polling anyway */
}
END_TEST

START_TEST(test_mode_switch_to_irq_keeps_scheduled)
{
	struct fake_nic *nic = nic_setup(0, 16);

	nic_receive(nic, 40);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_IRQ), 0);
	/* Already queued: the softirq still finishes it. */
	run_net_rx(10);
	ck_assert_int_eq(nic->handled, 40);
	ck_assert(!nic->irq_masked);
	nic_receive(nic, 1);
	ck_assert_int_eq(nic->handled, 41); /* now in the handler */
}
END_TEST

static int count_napi(struct napi_struct *napi, void *ctx)
{
	int *n = ctx;

	(*n)++;
	return *n == 2 ? 42 : 0;
}

START_TEST(test_for_each_and_del)
{
	int n = 0;

	nic_setup(0, 64);
	nic_setup(1, 64);
	nic_setup(2, 64);
	ck_assert_int_eq(napi_for_each(count_napi, &n), 42);
	ck_assert_int_eq(n, 2);

	/* Deleting a scheduled instance dequeues it with a warning. */
	nic_receive(&nics[1], 5);
	netif_napi_del(&nics[1].napi);
	ck_assert(stub_printk_contains("eth1: deleted while scheduled"));
	ck_assert(!napi_any_scheduled());
	nics[1].napi.poll = NULL;
	n = -100;
	napi_for_each(count_napi, &n);
	ck_assert_int_eq(n, -98);
}
END_TEST

START_TEST(test_tunables_validate)
{
	enum napi_mode mode;

	ck_assert_int_eq(net_get_budget(), 300);
	ck_assert_int_eq(net_get_budget_usecs(), 2000);
	ck_assert_int_eq(net_set_budget(0), -EINVAL);
	ck_assert(stub_printk_contains("net.budget 0 out of range"));
	ck_assert_int_eq(net_set_budget(-3), -EINVAL);
	ck_assert_int_eq(net_set_budget(NET_BUDGET_MAX + 1), -EINVAL);
	ck_assert_int_eq(net_get_budget(), 300);
	ck_assert_int_eq(net_set_budget(1), 0);
	ck_assert_int_eq(net_get_budget(), 1);
	ck_assert_int_eq(net_set_budget_usecs(0), -EINVAL);
	ck_assert_int_eq(net_set_budget_usecs(NET_BUDGET_USECS_MAX + 1), -EINVAL);
	ck_assert_int_eq(net_set_budget_usecs(500), 0);
	ck_assert_int_eq(net_get_budget_usecs(), 500);

	ck_assert_int_eq(napi_mode_parse("busypoll", &mode), 0);
	ck_assert_int_eq(mode, NAPI_MODE_BUSYPOLL);
	ck_assert_int_eq(napi_mode_parse("irq", &mode), 0);
	ck_assert_int_eq(mode, NAPI_MODE_IRQ);
	ck_assert_int_eq(napi_mode_parse("NAPI", &mode), -EINVAL);
	ck_assert_int_eq(napi_mode_parse(NULL, &mode), -EINVAL);
	ck_assert_int_eq(napi_set_mode(NAPI_MODE_COUNT), -EINVAL);
	ck_assert_int_eq(napi_get_mode(), NAPI_MODE_NAPI);
	ck_assert_str_eq(napi_mode_name(NAPI_MODE_BUSYPOLL), "busypoll");
}
END_TEST

START_TEST(test_budget_of_one)
{
	struct fake_nic *a = nic_setup(0, 64), *b = nic_setup(1, 64);

	ck_assert_int_eq(net_set_budget(1), 0);
	nic_receive(a, 3);
	nic_receive(b, 3);
	for (int i = 0; i < 6; i++)
		ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	for (int i = 0; i < 6; i++)
		ck_assert_int_eq(polls[i].budget, 1);
	ck_assert_int_eq(a->handled, 3);
	ck_assert_int_eq(b->handled, 3);
	run_net_rx(3);
	ck_assert(!a->irq_masked && !b->irq_masked);
}
END_TEST

START_TEST(test_softnet_counters)
{
	struct fake_nic *a = nic_setup(0, 64);
	struct softnet_stats st;

	nic_receive(a, 10);
	run_net_rx(10);
	softnet_count_dropped(2);
	softnet_count_processed(7);
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.rounds, 1);
	ck_assert_uint_eq(st.polls, 1);
	ck_assert_uint_eq(st.dropped, 2);
	ck_assert_uint_eq(st.processed, 7);
	softnet_reset_stats();
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.rounds + st.polls + st.dropped + st.processed, 0);
}
END_TEST

START_TEST(test_empty_round_is_harmless)
{
	struct softnet_stats st;

	net_rx_action();
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.rounds, 1);
	ck_assert_uint_eq(st.polls, 0);
	ck_assert(!fake_softirq_is_pending(NET_RX_SOFTIRQ));
	assert_irq_state_clean();
}
END_TEST

static void nested_round(struct fake_nic *nic, int budget)
{
	net_rx_action();
}

START_TEST(test_nested_round_is_refused)
{
	struct fake_nic *a = nic_setup(0, 64), *b = nic_setup(1, 64);
	struct softnet_stats st;

	a->during_poll = nested_round;
	nic_receive(a, 5);
	nic_receive(b, 5);
	ck_assert(fake_softirq_run(NET_RX_SOFTIRQ));
	ck_assert(stub_printk_contains("NET_RX softirq run from inside a poll"));
	ck_assert_int_eq(a->handled, 5);
	ck_assert_int_eq(b->handled, 5);
	ck_assert_int_eq(b->polls, 1);
	softnet_get_stats(&st);
	ck_assert_uint_eq(st.rounds, 1);
	/* The refused round asked to come back; that later round is harmless. */
	a->during_poll = NULL;
	run_net_rx(5);
	ck_assert(!napi_any_scheduled());
}
END_TEST

static Suite *napi_suite(void)
{
	Suite *s = suite_create("napi");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_add_weight_defaults_and_clamp);
	tcase_add_test(tc, test_weight_limits_each_poll);
	tcase_add_test(tc, test_budget_limits_round);
	tcase_add_test(tc, test_round_robin_fairness);
	tcase_add_test(tc, test_weights_share_budget_proportionally);
	tcase_add_test(tc, test_requeue_at_tail);
	tcase_add_test(tc, test_complete_reenables_interrupt);
	tcase_add_test(tc, test_defer_hard_irqs_repolls_from_timer);
	tcase_add_test(tc, test_defer_needs_both_settings_and_napi_mode);
	tcase_add_test(tc, test_disable_cancels_a_deferred_repoll);
	tcase_add_test(tc, test_complete_unscheduled_warns);
	tcase_add_test(tc, test_disable_while_scheduled);
	tcase_add_test(tc, test_disable_from_own_poll_warns);
	tcase_add_test(tc, test_disable_from_own_poll_after_reschedule);
	tcase_add_test(tc, test_schedule_during_poll_not_lost);
	tcase_add_test(tc, test_schedule_while_queued_sets_no_missed);
	tcase_add_test(tc, test_time_squeeze);
	tcase_add_test(tc, test_over_budget_warns_once_and_clamps);
	tcase_add_test(tc, test_netpoll_owned_is_skipped);
	tcase_add_test(tc, test_irq_mode_polls_in_handler);
	tcase_add_test(tc, test_irq_mode_interrupt_inside_softirq_poll);
	tcase_add_test(tc, test_irq_mode_missed_is_per_poll);
	tcase_add_test(tc, test_irq_mode_endless_ring_goes_to_softirq);
	tcase_add_test(tc, test_busypoll_keeps_polling);
	tcase_add_test(tc, test_busypoll_enable_schedules);
	tcase_add_test(tc, test_mode_switch_to_irq_keeps_scheduled);
	tcase_add_test(tc, test_for_each_and_del);
	tcase_add_test(tc, test_tunables_validate);
	tcase_add_test(tc, test_budget_of_one);
	tcase_add_test(tc, test_softnet_counters);
	tcase_add_test(tc, test_empty_round_is_harmless);
	tcase_add_test(tc, test_nested_round_is_refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(napi_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The NAPI core: scheduling state of each poller and the NET_RX softirq that
 * runs them. One CPU: masking interrupts is the only lock. Interrupt handlers
 * may schedule instances at any time, so every read-modify-write of a state
 * word or of the poll list happens with interrupts masked; poll() itself runs
 * with interrupts enabled (except in irq mode, where it runs inside the
 * handler).
 */
#define pr_fmt(fmt) "napi: " fmt

#include <errno.h>
#include <string.h>
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "kernel/core/softirq.h"
#include "kernel/core/time.h"
#include "net/core/backlog.h"
#include "net/core/gro.h"
#include "net/core/napi.h"
#include "net/core/netdev.h"

static LIST_HEAD(napi_poll_list); /* scheduled instances, polled head first */
static LIST_HEAD(napi_all);	  /* every registered instance, for the shell */

static int net_budget = NET_BUDGET_DEFAULT;
static int net_budget_usecs = NET_BUDGET_USECS_DEFAULT;
enum napi_mode napi_mode_now = NAPI_MODE_NAPI;
static int napi_defer_hard_irqs; /* net.napi_defer_hard_irqs */
static long napi_flush_timeout;	 /* net.gro_flush_timeout, ns */

struct softnet_stats softnet;
bool napi_irq_poll_active;
static bool net_rx_running;

static const char *const napi_mode_names[NAPI_MODE_COUNT] = {
	[NAPI_MODE_NAPI] = "napi",
	[NAPI_MODE_IRQ] = "irq",
	[NAPI_MODE_BUSYPOLL] = "busypoll",
};

const char *napi_name(const struct napi_struct *napi)
{
	if (napi->name)
		return napi->name;
	if (napi->dev && napi->dev->name[0])
		return napi->dev->name;
	return "napi";
}

/* A deferred instance's timeout: poll it again (its interrupt is still masked). */
static void napi_defer_expired(struct ktimer *t)
{
	napi_schedule(container_of(t, struct napi_struct, defer_timer));
}

int netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		   int (*poll)(struct napi_struct *, int), int weight)
{
	unsigned long flags;

	if (!napi || !poll) {
		pr_err("netif_napi_add: missing %s for %s\n",
		       napi ? "poll function" : "napi_struct",
		       dev && dev->name[0] ? dev->name : "device");
		return -EINVAL;
	}
	if (weight <= 0) {
		weight = NAPI_DEFAULT_WEIGHT;
	} else if (weight > NAPI_MAX_WEIGHT) {
		pr_warn("%s: weight %d too large, using %d\n",
			dev && dev->name[0] ? dev->name : "device", weight, NAPI_MAX_WEIGHT);
		weight = NAPI_MAX_WEIGHT;
	}

	memset(napi, 0, sizeof(*napi));
	INIT_LIST_HEAD(&napi->poll_list);
	INIT_LIST_HEAD(&napi->dev_list);
	napi->weight = weight;
	napi->poll = poll;
	napi->dev = dev;
	napi->defer_timer.fn = napi_defer_expired;
	/* Held off like after napi_disable() until the driver enables it. */
	napi->state = NAPIF_STATE_SCHED | NAPIF_STATE_DISABLE;

	flags = local_irq_save();
	list_add_tail(&napi->all_list, &napi_all);
	if (dev) {
		/* A zeroed device gets its list here: drivers add pollers before registering. */
		if (!dev->napi_list.next)
			INIT_LIST_HEAD(&dev->napi_list);
		list_add_tail(&napi->dev_list, &dev->napi_list);
	}
	local_irq_restore(flags);
	return 0;
}

void netif_napi_del(struct napi_struct *napi)
{
	unsigned long flags = local_irq_save();

	if (napi->state & NAPIF_STATE_POLLING)
		pr_warn("%s: deleted from inside its own poll\n", napi_name(napi));
	if (!list_empty(&napi->poll_list)) {
		pr_warn("%s: deleted while scheduled; disable it first\n", napi_name(napi));
		list_del_init(&napi->poll_list);
	}
	list_del_init(&napi->dev_list);
	list_del_init(&napi->all_list);
	ktimer_cancel(&napi->defer_timer);
	napi->state = NAPIF_STATE_SCHED | NAPIF_STATE_DISABLE;
	local_irq_restore(flags);
}

bool napi_schedule_prep(struct napi_struct *napi)
{
	unsigned long flags = local_irq_save();
	unsigned long state = napi->state;
	bool claimed = false;

	if (state & NAPIF_STATE_DISABLE) {
		/* held off: nothing to do */
	} else if (state & NAPIF_STATE_SCHED) {
		/*
		 * Only a poll already running can miss this event; one still
		 * waiting on the list will see it anyway.
		 */
		if (state & NAPIF_STATE_POLLING) {
			napi->state = state | NAPIF_STATE_MISSED;
			napi->stats.missed++;
		}
	} else {
		napi->state = state | NAPIF_STATE_SCHED;
		claimed = true;
	}
	local_irq_restore(flags);
	return claimed;
}

/* Interrupts masked. Queues a scheduled instance that is on no list yet. */
static void napi_enqueue_locked(struct napi_struct *napi)
{
	if (list_empty(&napi->poll_list))
		list_add_tail(&napi->poll_list, &napi_poll_list);
	raise_softirq(NET_RX_SOFTIRQ);
}

void __napi_schedule(struct napi_struct *napi)
{
	unsigned long flags = local_irq_save();

	napi_enqueue_locked(napi);
	local_irq_restore(flags);
}

bool napi_schedule(struct napi_struct *napi)
{
	if (!napi_schedule_prep(napi))
		return false;
	__napi_schedule(napi);
	return true;
}

/* Call poll() with a budget; clamp and count what it reports. */
static int napi_run_poll(struct napi_struct *napi, int budget)
{
	int work = napi->poll(napi, budget);

	/* Segments merged during the poll go up now: nothing waits for a later one. */
	gro_flush();
	napi->stats.polls++;
	softnet.polls++;
	if (unlikely(work > budget)) {
		if (!napi->warned_over_budget) {
			napi->warned_over_budget = true;
			pr_warn(
			    "%s: poll handled %d packets with a budget of %d: driver bug, clamped\n",
			    napi_name(napi), work, budget);
		}
		napi->stats.over_budget++;
		softnet.over_budget++;
		work = budget;
	} else if (unlikely(work < 0)) {
		WARN_ONCE(true, "napi: %s: poll returned %d, counted as 0\n", napi_name(napi),
			  work);
		work = 0;
	}
	if (work == budget)
		napi->stats.full_polls++;
	napi->stats.packets += work;
	return work;
}

/*
 * irq mode: poll from the interrupt handler until the driver completes, as a
 * pre-NAPI driver would have drained its ring in the handler. Frames handed up
 * meanwhile wait in the backlog (net/core/backlog.c) for the softirq, because the
 * stack must never run inside an interrupt. A ring that stays full after
 * NAPI_IRQ_MODE_MAX_POLLS polls is left to the softirq so the handler ends.
 */
static void napi_poll_in_irq(struct napi_struct *napi)
{
	unsigned long flags = local_irq_save();
	bool was_active = napi_irq_poll_active;
	int i;

	napi->state |= NAPIF_STATE_POLLING | NAPIF_STATE_IN_IRQ;
	napi_irq_poll_active = true;
	for (i = 0; i < NAPI_IRQ_MODE_MAX_POLLS; i++) {
		/* Each poll looks at the ring afresh: only a schedule during it is missed. */
		napi->state &= ~NAPIF_STATE_MISSED;
		napi_run_poll(napi, napi->weight);
		if (!(napi->state & NAPIF_STATE_SCHED) || (napi->state & NAPIF_STATE_DISABLE))
			break;
	}
	napi_irq_poll_active = was_active;
	napi->state &= ~(NAPIF_STATE_POLLING | NAPIF_STATE_IN_IRQ);
	if ((napi->state & (NAPIF_STATE_SCHED | NAPIF_STATE_DISABLE)) == NAPIF_STATE_SCHED &&
	    list_empty(&napi->poll_list)) {
		napi->stats.irq_deferred++;
		napi_enqueue_locked(napi);
	}
	local_irq_restore(flags);
}

bool napi_schedule_from_irq(struct napi_struct *napi)
{
	if (!napi_schedule_prep(napi)) {
		unsigned long state = READ_ONCE(napi->state);

		if ((state & (NAPIF_STATE_SCHED | NAPIF_STATE_DISABLE)) == NAPIF_STATE_SCHED)
			softnet.irq_while_scheduled++;
		return false;
	}
	napi->stats.irq_schedules++;
	/*
	 * An interrupt can cut into a poll of this very instance run by the
	 * softirq or netpoll (the driver unmasks before its poll returns).
	 * Polling it here would re-enter the driver: queue it instead, and
	 * the softirq polls it once that poll is over.
	 */
	if (READ_ONCE(napi_mode_now) == NAPI_MODE_IRQ &&
	    !(READ_ONCE(napi->state) & (NAPIF_STATE_POLLING | NAPIF_STATE_NPSVC)))
		napi_poll_in_irq(napi);
	else
		__napi_schedule(napi);
	return true;
}

/*
 * Interrupt deferral: true when the instance stays masked and its timer will
 * poll it again. A poll that did work earns net.napi_defer_hard_irqs empty
 * polls before the interrupt comes back.
 */
static bool napi_defer(struct napi_struct *napi, int work_done)
{
	long timeout = READ_ONCE(napi_flush_timeout);

	/* irq mode polls inside the handler and busypoll never unmasks: nothing to defer. */
	if (READ_ONCE(napi_mode_now) != NAPI_MODE_NAPI)
		return false;
	if (work_done > 0)
		napi->defer_left = READ_ONCE(napi_defer_hard_irqs);
	if (napi->defer_left <= 0 || timeout <= 0)
		return false;
	napi->defer_left--;
	napi->stats.defers++;
	ktimer_arm(&napi->defer_timer, ktime_get_ns() + (u64)timeout);
	return true;
}

bool napi_complete_done(struct napi_struct *napi, int work_done)
{
	unsigned long flags = local_irq_save();
	unsigned long state = napi->state;
	bool may_unmask = false;

	if (state & NAPIF_STATE_NPSVC) {
		/* netpoll's pass does not end the softirq's. */
	} else if (unlikely(!(state & NAPIF_STATE_SCHED))) {
		/* Nothing will poll it, so the interrupt is the only way back. */
		WARN_ONCE(true, "napi: %s: completed while not scheduled\n", napi_name(napi));
		may_unmask = true;
	} else if (state & NAPIF_STATE_DISABLE) {
		/* napi_disable() holds it: the interrupt must stay masked. */
	} else if (READ_ONCE(napi_mode_now) == NAPI_MODE_BUSYPOLL) {
		napi->state = state & ~NAPIF_STATE_MISSED;
		if (!(state & NAPIF_STATE_POLLING))
			napi_enqueue_locked(napi);
	} else if (state & NAPIF_STATE_MISSED) {
		/* An event came in after the driver last looked: poll again. */
		napi->state = state & ~NAPIF_STATE_MISSED;
		if (!(state & NAPIF_STATE_POLLING))
			napi_enqueue_locked(napi);
	} else {
		napi->state = state & ~NAPIF_STATE_SCHED;
		list_del_init(&napi->poll_list);
		napi->stats.completions++;
		may_unmask = !napi_defer(napi, work_done);
	}
	local_irq_restore(flags);
	return may_unmask;
}

void napi_disable(struct napi_struct *napi)
{
	unsigned long flags = local_irq_save();

	if (napi->state & NAPIF_STATE_DISABLE) {
		local_irq_restore(flags);
		return;
	}
	napi->state |= NAPIF_STATE_DISABLE;
	/* A deferred re-poll would find it disabled; enabling starts afresh. */
	ktimer_cancel(&napi->defer_timer);
	napi->defer_left = 0;
	/*
	 * Queued or not, it must not be polled again: even from its own poll,
	 * a schedule that came after the poll completed has queued it anew.
	 */
	list_del_init(&napi->poll_list);
	if (napi->state & NAPIF_STATE_POLLING) {
		/* Cannot wait for ourselves; the softirq holds it off after the poll. */
		pr_warn("%s: napi_disable() called from inside its own poll\n", napi_name(napi));
	} else {
		napi->state |= NAPIF_STATE_SCHED;
	}
	napi->state &= ~NAPIF_STATE_MISSED;
	local_irq_restore(flags);
}

void napi_enable(struct napi_struct *napi)
{
	unsigned long flags = local_irq_save();

	if (!(napi->state & NAPIF_STATE_DISABLE)) {
		local_irq_restore(flags);
		pr_warn("%s: napi_enable() on an instance that is not disabled\n", napi_name(napi));
		return;
	}
	if (napi->state & NAPIF_STATE_POLLING) {
		/* Disabled from its own poll and re-enabled before it returned. */
		napi->state &= ~NAPIF_STATE_DISABLE;
	} else {
		napi->state &= ~(NAPIF_STATE_DISABLE | NAPIF_STATE_SCHED | NAPIF_STATE_MISSED);
		/* Busypoll has no interrupt to start it: start polling now. */
		if (READ_ONCE(napi_mode_now) == NAPI_MODE_BUSYPOLL) {
			napi->state |= NAPIF_STATE_SCHED;
			napi_enqueue_locked(napi);
		}
	}
	local_irq_restore(flags);
}

bool napi_netpoll_trylock(struct napi_struct *napi)
{
	unsigned long flags = local_irq_save();
	bool owned = false;

	if (!(napi->state & (NAPIF_STATE_NPSVC | NAPIF_STATE_POLLING))) {
		napi->state |= NAPIF_STATE_NPSVC;
		owned = true;
	}
	local_irq_restore(flags);
	return owned;
}

void napi_netpoll_unlock(struct napi_struct *napi)
{
	unsigned long flags = local_irq_save();

	napi->state &= ~NAPIF_STATE_NPSVC;
	/* The softirq may have skipped it meanwhile: make sure it comes back. */
	if (!list_empty(&napi->poll_list))
		raise_softirq(NET_RX_SOFTIRQ);
	local_irq_restore(flags);
}

/* Put the entries of list in front of head's, keeping their order; list ends empty. */
static void list_splice_front(struct list_head *list, struct list_head *head)
{
	struct list_head *first = list->next, *last = list->prev;

	if (list_empty(list))
		return;
	last->next = head->next;
	head->next->prev = last;
	head->next = first;
	first->prev = head;
	INIT_LIST_HEAD(list);
}

/*
 * One round. The list is walked in passes: a sentinel marks where the
 * current pass ends, so an instance that used its whole quota and went back to
 * the tail, or one an interrupt scheduled meanwhile, waits for the next pass.
 * Passes repeat while they make progress and budget and time remain; a pass
 * that moved no packet (busypoll with idle rings) ends the round so timers and
 * other softirqs get the CPU.
 */
void net_rx_action(void)
{
	int budget = READ_ONCE(net_budget);
	u64 limit_ns = (u64)READ_ONCE(net_budget_usecs) * NSEC_PER_USEC;
	u64 start = ktime_get_ns();
	struct list_head pass_end, skipped;
	unsigned long flags;
	int pass_work = 0;

	/*
	 * A round run from inside a poll would take the outer round's sentinel
	 * for an instance. Nothing should do that; if something does, let the
	 * outer round carry on and come back later.
	 */
	if (unlikely(net_rx_running)) {
		WARN_ONCE(true, "napi: NET_RX softirq run from inside a poll, deferred\n");
		raise_softirq(NET_RX_SOFTIRQ);
		return;
	}
	net_rx_running = true;
	INIT_LIST_HEAD(&skipped);
	softnet.rounds++;

	flags = local_irq_save();
	list_add_tail(&pass_end, &napi_poll_list);
	for (;;) {
		struct list_head *first = napi_poll_list.next;
		struct napi_struct *napi;
		int work;

		if (first == &pass_end) {
			list_del_init(&pass_end);
			if (!pass_work || list_empty(&napi_poll_list))
				break;
			pass_work = 0;
			list_add_tail(&pass_end, &napi_poll_list);
			continue;
		}

		napi = list_entry(first, struct napi_struct, poll_list);
		list_del_init(first);
		if (napi->state & NAPIF_STATE_NPSVC) {
			napi->stats.npsvc_skips++;
			list_add_tail(first, &skipped);
			continue;
		}
		napi->state = (napi->state | NAPIF_STATE_POLLING) & ~NAPIF_STATE_MISSED;
		local_irq_restore(flags);

		work = napi_run_poll(napi, MIN(napi->weight, budget));
		budget -= work;
		pass_work += work;

		flags = local_irq_save();
		napi->state &= ~NAPIF_STATE_POLLING;
		/* Still ours and not held off: it has more to do, back of the line. */
		if ((napi->state & (NAPIF_STATE_SCHED | NAPIF_STATE_DISABLE)) ==
			NAPIF_STATE_SCHED &&
		    list_empty(&napi->poll_list))
			list_add_tail(&napi->poll_list, &napi_poll_list);

		if (budget <= 0 || ktime_get_ns() - start >= limit_ns) {
			list_del_init(&pass_end);
			if (!list_empty(&napi_poll_list)) {
				softnet.time_squeeze++;
				if (budget <= 0)
					softnet.budget_exhausted++;
				else
					softnet.time_exhausted++;
			}
			break;
		}
	}
	/* Skipped instances keep their turn for the next round. */
	list_splice_front(&skipped, &napi_poll_list);
	if (!list_empty(&napi_poll_list))
		raise_softirq(NET_RX_SOFTIRQ);
	local_irq_restore(flags);
	net_rx_running = false;
}

bool napi_any_scheduled(void)
{
	return !list_empty(&napi_poll_list);
}

int napi_for_each(int (*fn)(struct napi_struct *napi, void *ctx), void *ctx)
{
	struct napi_struct *napi, *tmp;
	int ret;

	list_for_each_entry_safe (napi, tmp, &napi_all, all_list) {
		ret = fn(napi, ctx);
		if (ret)
			return ret;
	}
	return 0;
}

void napi_init(void)
{
	open_softirq(NET_RX_SOFTIRQ, net_rx_action);
}

const char *napi_mode_name(enum napi_mode mode)
{
	if ((unsigned int)mode >= NAPI_MODE_COUNT)
		return "invalid";
	return napi_mode_names[mode];
}

int napi_mode_parse(const char *s, enum napi_mode *mode)
{
	unsigned int i;

	for (i = 0; s && i < NAPI_MODE_COUNT; i++) {
		if (!strcmp(s, napi_mode_names[i])) {
			*mode = i;
			return 0;
		}
	}
	return -EINVAL;
}

/* Busypoll never waits for an interrupt, so idle instances are started here. */
static int napi_start_busypoll(struct napi_struct *napi, void *ctx)
{
	if (napi_schedule_prep(napi))
		__napi_schedule(napi);
	return 0;
}

static void (*mode_hook)(enum napi_mode mode);

void napi_set_mode_hook(void (*fn)(enum napi_mode mode))
{
	mode_hook = fn;
}

int napi_set_mode(enum napi_mode mode)
{
	if ((unsigned int)mode >= NAPI_MODE_COUNT) {
		pr_err("invalid mode %d\n", (int)mode);
		return -EINVAL;
	}
	if (mode == READ_ONCE(napi_mode_now))
		return 0;
	WRITE_ONCE(napi_mode_now, mode);
	pr_info("mode %s\n", napi_mode_names[mode]);
	if (mode == NAPI_MODE_BUSYPOLL)
		napi_for_each(napi_start_busypoll, NULL);
	if (mode_hook)
		mode_hook(mode);
	return 0;
}

void softnet_get_stats(struct softnet_stats *out)
{
	unsigned long flags = local_irq_save();

	*out = softnet;
	local_irq_restore(flags);
}

void softnet_reset_stats(void)
{
	unsigned long flags = local_irq_save();

	memset(&softnet, 0, sizeof(softnet));
	local_irq_restore(flags);
}

int net_set_budget(long packets)
{
	if (packets < 1 || packets > NET_BUDGET_MAX) {
		pr_err("net.budget %ld out of range 1..%d\n", packets, NET_BUDGET_MAX);
		return -EINVAL;
	}
	WRITE_ONCE(net_budget, (int)packets);
	return 0;
}

int net_get_budget(void)
{
	return READ_ONCE(net_budget);
}

int net_set_budget_usecs(long usecs)
{
	if (usecs < 1 || usecs > NET_BUDGET_USECS_MAX) {
		pr_err("net.budget_usecs %ld out of range 1..%d\n", usecs, NET_BUDGET_USECS_MAX);
		return -EINVAL;
	}
	WRITE_ONCE(net_budget_usecs, (int)usecs);
	return 0;
}

int net_get_budget_usecs(void)
{
	return READ_ONCE(net_budget_usecs);
}

int napi_set_defer_hard_irqs(long polls)
{
	if (polls < 0 || polls > NAPI_DEFER_HARD_IRQS_MAX) {
		pr_err("net.napi_defer_hard_irqs %ld out of range 0..%d\n", polls,
		       NAPI_DEFER_HARD_IRQS_MAX);
		return -EINVAL;
	}
	WRITE_ONCE(napi_defer_hard_irqs, (int)polls);
	return 0;
}

int napi_get_defer_hard_irqs(void)
{
	return READ_ONCE(napi_defer_hard_irqs);
}

int napi_set_flush_timeout(long ns)
{
	if (ns < 0 || ns > NAPI_FLUSH_TIMEOUT_MAX) {
		pr_err("net.gro_flush_timeout %ld out of range 0..%d ns\n", ns,
		       NAPI_FLUSH_TIMEOUT_MAX);
		return -EINVAL;
	}
	WRITE_ONCE(napi_flush_timeout, ns);
	return 0;
}

long napi_get_flush_timeout(void)
{
	return READ_ONCE(napi_flush_timeout);
}

/*
 * ---- receive: a driver's frames enter the stack here, in its poll (or, for
 * a driver without NAPI, from netif_receive_from()). Counted, then held for
 * the softirq when the poll runs inside the interrupt, merged by GRO, or
 * delivered (netdev_deliver()). ----
 */

/* netif_receive_from(); bytes, when set, counts what rx_bytes counts (a NAPI instance's). */
static int netif_receive_counted(struct net_device *dev, struct netbuf *nb,
				 enum netif_rx_context ctx, u64 *bytes)
{
	if (unlikely(!dev || !nb)) {
		WARN_ONCE(true, "netif_receive_from: called without a %s\n",
			  dev ? "netbuf" : "device");
		if (nb)
			netbuf_free(nb);
		return NET_RX_DROP;
	}
	if (!nb->tot_len)
		nb->tot_len = nb->len;
	if (unlikely(nb->len < ETH_HLEN || nb->tot_len < nb->len)) {
		WARN_ONCE(true, "%s: dropping malformed frame (%u bytes, first segment %u)\n",
			  dev->name, nb->tot_len, nb->len);
		dev->stats.rx_errors++;
		dev->stats.rx_length_errors++;
		netbuf_free(nb);
		return NET_RX_DROP;
	}
	nb->dev = dev;
	dev->stats.rx_packets++;
	dev->stats.rx_bytes += nb->tot_len;
	if (bytes)
		*bytes += nb->tot_len;
	if (nb->data[0] & 1)
		dev->stats.multicast++;
	if (unlikely(ctx == NETIF_RX_IRQ))
		return backlog_enqueue(nb);
	if (gro_applies(dev))
		return gro_receive(nb);
	return netdev_deliver(nb);
}

int netif_receive_from(struct net_device *dev, struct netbuf *nb, enum netif_rx_context ctx)
{
	return netif_receive_counted(dev, nb, ctx, NULL);
}

int napi_receive_dev(struct napi_struct *napi, struct net_device *dev, struct netbuf *nb)
{
	bool in_irq = READ_ONCE(napi->state) & NAPIF_STATE_IN_IRQ;

	return netif_receive_counted(dev, nb, in_irq ? NETIF_RX_IRQ : NETIF_RX_SOFTIRQ,
				     &napi->stats.rx_bytes);
}

int napi_receive(struct napi_struct *napi, struct netbuf *nb)
{
	return napi_receive_dev(napi, napi->dev, nb);
}

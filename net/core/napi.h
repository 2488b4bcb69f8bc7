/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * NAPI: interrupts only schedule a poller; the NET_RX softirq runs the pollers
 * round-robin under a packet and time budget. docs/NAPI.md is the driver
 * writer's guide; this header is the reference.
 *
 * Everything here runs on the one CPU. Interrupt handlers and the softirq loop
 * exclude each other by masking interrupts around state and list changes.
 */
#ifndef NAPKIN_NET_NAPI_H
#define NAPKIN_NET_NAPI_H

#include "kernel/core/compiler.h"
#include "kernel/core/time.h"
#include "kernel/core/list.h"

struct net_device;

enum napi_state_bit {
	/* Owned by the poll machinery: queued, being polled, or held off by napi_disable(). */
	NAPI_STATE_SCHED,
	/* napi_disable() is pending or in force: nobody may schedule it. */
	NAPI_STATE_DISABLE,
	/* netpoll owns it right now; the softirq leaves it alone until released. */
	NAPI_STATE_NPSVC,
	/* A schedule arrived while it was being polled: poll it again before completing. */
	NAPI_STATE_MISSED,
	/* Its poll() is running right now. */
	NAPI_STATE_POLLING,
	/* ... and inside an interrupt handler (napi.mode=irq): frames go via the backlog. */
	NAPI_STATE_IN_IRQ,
};

#define NAPIF_STATE_SCHED   BIT(NAPI_STATE_SCHED)
#define NAPIF_STATE_DISABLE BIT(NAPI_STATE_DISABLE)
#define NAPIF_STATE_NPSVC   BIT(NAPI_STATE_NPSVC)
#define NAPIF_STATE_MISSED  BIT(NAPI_STATE_MISSED)
#define NAPIF_STATE_POLLING BIT(NAPI_STATE_POLLING)
#define NAPIF_STATE_IN_IRQ  BIT(NAPI_STATE_IN_IRQ)

#define NAPI_DEFAULT_WEIGHT 64
#define NAPI_MAX_WEIGHT	    256

/* Per instance, only ever incremented; read them with napi_for_each(). */
struct napi_stats {
	u64 polls;	   /* poll() calls */
	u64 packets;	   /* work poll() reported, after clamping */
	u64 full_polls;	   /* polls that used the whole budget they were given */
	u64 completions;   /* napi_complete_done() calls that ended a scheduled period */
	u64 irq_schedules; /* interrupts that scheduled it (napi_schedule_from_irq) */
	u64 over_budget;   /* polls that returned more than their budget (clamped) */
	u64 missed;	   /* schedules that arrived while it was being polled */
	u64 npsvc_skips;   /* softirq rounds that skipped it because netpoll owned it */
	u64 irq_deferred;  /* irq mode: left to the softirq after too many polls in the handler */
	u64 defers; /* completions that kept the interrupt masked and re-polled from a timer */
	/* Bytes of the frames its poll() handed up with napi_receive(): as the device's rx_bytes. */
	u64 rx_bytes;
};

struct napi_struct {
	struct list_head poll_list; /* link in the softirq's poll list while queued */
	unsigned long state;	    /* NAPIF_STATE_* */
	int weight;		    /* most packets one poll may handle */
	int (*poll)(struct napi_struct *napi, int budget);
	struct net_device *dev;	   /* owner, NULL for core-internal instances */
	const char *name;	   /* for logs and the shell; set after netif_napi_add() */
	struct list_head dev_list; /* link in dev->napi_list */
	struct list_head all_list; /* link in the list of every instance */
	bool warned_over_budget;
	/* Interrupt deferral (net.napi_defer_hard_irqs): empty polls left before unmasking. */
	int defer_left;
	struct ktimer defer_timer;
	struct napi_stats stats;
};

/*
 * Register a poller. The instance starts disabled: call napi_enable() once the
 * rings are ready. weight <= 0 selects NAPI_DEFAULT_WEIGHT; larger than
 * NAPI_MAX_WEIGHT is clamped with a warning. dev may be NULL.
 * Returns 0, or -EINVAL for a missing napi or poll.
 */
int netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		   int (*poll)(struct napi_struct *, int), int weight);
/* Forget a poller; it should be disabled first (a scheduled one is dequeued with a warning). */
void netif_napi_del(struct napi_struct *napi);

/* Claim the instance for polling. False if already scheduled or disabled. */
bool napi_schedule_prep(struct napi_struct *napi);
/* Queue an instance claimed by napi_schedule_prep() and raise NET_RX_SOFTIRQ. */
void __napi_schedule(struct napi_struct *napi);
/* prep + queue; a no-op returning false when already scheduled or disabled. */
bool napi_schedule(struct napi_struct *napi);
/*
 * napi_schedule() for an interrupt handler, called after it masked its
 * source: counts the interrupt against the instance, then schedules it. In
 * napi.mode=irq it polls the instance right here instead (see docs/NAPI.md).
 * Returns whether this call scheduled it.
 */
bool napi_schedule_from_irq(struct napi_struct *napi);
/*
 * Called by poll() when it handled fewer packets than its budget. Returns true
 * when the driver may unmask its interrupt; false when it must leave it masked
 * because the instance stays scheduled (busypoll mode, a schedule arrived
 * during the poll, netpoll owns it) or napi_disable() holds it.
 */
bool napi_complete_done(struct napi_struct *napi, int work_done);
static inline bool napi_complete(struct napi_struct *napi)
{
	return napi_complete_done(napi, 0);
}

/*
 * Stop polling: dequeues the instance if scheduled and keeps it off until
 * napi_enable(). Calling it from the instance's own poll() is a driver bug:
 * it warns, and the instance is held off once that poll returns.
 */
void napi_disable(struct napi_struct *napi);
void napi_enable(struct napi_struct *napi);

/* netpoll: own an instance while polling it outside the softirq. */
bool napi_netpoll_trylock(struct napi_struct *napi);
void napi_netpoll_unlock(struct napi_struct *napi);

static inline bool napi_is_scheduled(const struct napi_struct *napi)
{
	return READ_ONCE(napi->state) & NAPIF_STATE_SCHED;
}

/* The name used in logs: napi->name, else the device's, else "napi". */
const char *napi_name(const struct napi_struct *napi);

/* Calls fn for every registered instance until it returns nonzero; returns that value. */
int napi_for_each(int (*fn)(struct napi_struct *napi, void *ctx), void *ctx);

/* True while any instance waits on the poll list: the main loop must not sleep. */
bool napi_any_scheduled(void);

/* True while a poll runs from an interrupt handler (napi.mode=irq). */
extern bool napi_irq_poll_active;
static inline bool napi_in_irq_poll(void)
{
	return READ_ONCE(napi_irq_poll_active);
}

/* The NET_RX_SOFTIRQ handler; registered by napi_init(). */
void net_rx_action(void);
void napi_init(void);

/*
 * How interrupts and polling interact; switchable at run time (see
 * docs/NAPI.md for what happens to instances already scheduled).
 */
enum napi_mode {
	NAPI_MODE_NAPI,	    /* interrupt schedules, softirq polls, complete unmasks */
	NAPI_MODE_IRQ,	    /* the interrupt handler polls at once: pre-NAPI baseline */
	NAPI_MODE_BUSYPOLL, /* instances never complete: interrupts stay masked */
	NAPI_MODE_COUNT
};

/* Polls one interrupt may run in irq mode before the rest is left to the softirq. */
#define NAPI_IRQ_MODE_MAX_POLLS 16

int napi_set_mode(enum napi_mode mode);

/* The mode in force; napi_set_mode() changes it. Inline: every frame's release asks. */
extern enum napi_mode napi_mode_now;
static inline enum napi_mode napi_get_mode(void)
{
	return READ_ONCE(napi_mode_now);
}
/*
 * One listener for mode changes, called in process context after the change
 * (the backlog allocates napi.mode=irq's copy pool only while that mode is on).
 */
void napi_set_mode_hook(void (*fn)(enum napi_mode mode));
const char *napi_mode_name(enum napi_mode mode);
/* "napi", "irq" or "busypoll"; returns 0 or -EINVAL. */
int napi_mode_parse(const char *s, enum napi_mode *mode);

/* Totals over all instances, like Linux's /proc/net/softnet_stat. */
struct softnet_stats {
	u64 processed;	  /* frames handed to the network stack */
	u64 dropped;	  /* frames dropped before the stack (ring empty, no stack, backlog full) */
	u64 time_squeeze; /* rounds that stopped with work left, on packets or time */
	u64 budget_exhausted; /* ... of those, rounds that ran out of net.budget */
	u64 time_exhausted;   /* ... of those, rounds that ran out of net.budget_usecs */
	u64 polls;	      /* poll() calls, from the softirq and from irq mode */
	u64 rounds;	      /* net_rx_action() runs */
	u64 tx_gso_frames;    /* TCP super-segments handed to devices to cut (TSO) */
	u64 tx_gso_segs;      /* ... the segments they stood for */
	u64 tx_gso_bytes;     /* ... their bytes */
	u64 over_budget;      /* polls that reported more than their budget (clamped) */
	/*
	 * Interrupts that found their instance already scheduled: its driver
	 * unmasked before completing, or never masked. The hosted tests of the
	 * drivers that mask in the handler assert it stays 0.
	 */
	u64 irq_while_scheduled;
};

extern struct softnet_stats softnet;

static inline void softnet_count_dropped(unsigned int n)
{
	softnet.dropped += n;
}

static inline void softnet_count_processed(unsigned int n)
{
	softnet.processed += n;
}

void softnet_get_stats(struct softnet_stats *out);
void softnet_reset_stats(void);

/* Tunables. Setters return 0 or -EINVAL for values outside the documented range. */
#define NET_BUDGET_DEFAULT	 300
#define NET_BUDGET_MAX		 100000
#define NET_BUDGET_USECS_DEFAULT 2000
#define NET_BUDGET_USECS_MAX	 1000000

int net_set_budget(long packets); /* net.budget: 1..NET_BUDGET_MAX */
int net_get_budget(void);
int net_set_budget_usecs(long usecs); /* net.budget_usecs: 1..NET_BUDGET_USECS_MAX */
int net_get_budget_usecs(void);

/*
 * Interrupt deferral, as Linux's napi_defer_hard_irqs and gro_flush_timeout:
 * with both nonzero, an instance whose poll did work does not unmask its
 * interrupt on completion; a timer polls it again after the timeout, up to
 * that many empty polls in a row. Under steady load the device is polled
 * from the timer with its interrupt off; when traffic stops the interrupt
 * comes back. NAPI mode only. 0 turns it off (the default).
 */
#define NAPI_DEFER_HARD_IRQS_MAX 1000
#define NAPI_FLUSH_TIMEOUT_MAX	 10000000 /* ns: 10 ms */
int napi_set_defer_hard_irqs(long polls);
int napi_get_defer_hard_irqs(void);
int napi_set_flush_timeout(long ns);
long napi_get_flush_timeout(void);

#endif

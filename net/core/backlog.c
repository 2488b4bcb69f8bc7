// SPDX-License-Identifier: BSD-2-Clause
/*
 * The backlog: work handed from interrupt context to the NET_RX softirq. In
 * napi.mode=irq the drivers' polls run inside their interrupt handlers, yet
 * the stack is not reentrant and must only run from the main loop; frames wait
 * here, which is also what a pre-NAPI kernel did. A full backlog drops, so
 * overload shows up as softnet drops like it did there.
 *
 * Queued frames would hold the driver's receive buffers until the softirq
 * delivers them, a budget at a time; a deep backlog then empties the
 * driver's ring and it drops (one TCP window could). So the backlog keeps a
 * copy, from a pool set aside up front (an interrupt cannot allocate), and
 * the driver's buffers go back with the softirq's first step. With the pool
 * empty, or a frame larger than its buffers, the frame waits in its own
 * buffers as before; both cases are counted.
 *
 * The pool (about 1.6 MiB) only exists while napi.mode=irq: it is allocated
 * when that mode is turned on (the mode change runs in process context) and
 * given back by the softirq once the mode is off and every copy has come home.
 */
#define pr_fmt(fmt) "backlog: " fmt

#include <errno.h>
#include <string.h>
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "net/core/backlog.h"
#include "net/core/netdev_stack.h"

/* The hosted builds have the C library's allocator, the kernel its heap. */
#ifdef NAPKIN_HOSTED
#include <stdlib.h>
#define pool_calloc calloc
#define pool_free   free
#else
#include "kernel/mm/heap.h"
#define pool_calloc kcalloc
#define pool_free   kfree
#endif

static struct napi_struct backlog_napi;
static bool backlog_ready;
static struct netbuf *backlog_head, *backlog_tail;
static unsigned int backlog_len;
static int max_backlog = NET_MAX_BACKLOG_DEFAULT;

#define BACKLOG_COPIES	 1024
#define BACKLOG_COPY_LEN 1536 /* an Ethernet frame with room for a VLAN tag */

struct backlog_copy {
	struct netbuf nb;
	u8 data[BACKLOG_COPY_LEN];
};

static struct backlog_copy *copies; /* BACKLOG_COPIES of them while the pool exists */
static struct netbuf *copies_free;
static unsigned int copies_out; /* copies the stack still holds */
static bool copies_wanted;	/* napi.mode=irq is on */
static struct backlog_copy_stats copy_stats;

static void backlog_copy_release(struct netbuf *nb)
{
	unsigned long flags = local_irq_save();

	nb->qnext = copies_free;
	copies_free = nb;
	copies_out--;
	local_irq_restore(flags);
	/* The last one home after the mode went off: the softirq frees the pool. */
	if (!READ_ONCE(copies_out) && !READ_ONCE(copies_wanted))
		netdev_backlog_kick();
}

/* Process context: the mode was turned on. */
static void copies_reserve(void)
{
	struct backlog_copy *pool;
	unsigned long flags;

	if (READ_ONCE(copies))
		return;
	pool = pool_calloc(BACKLOG_COPIES, sizeof(*pool));
	if (!pool) {
		pr_warn("no memory for the %u-frame copy pool of napi.mode=irq: frames wait in the "
			"drivers' buffers (counted as pool_empty)\n",
			BACKLOG_COPIES);
		return;
	}
	flags = local_irq_save();
	for (unsigned int i = 0; i < BACKLOG_COPIES; i++) {
		pool[i].nb.qnext = copies_free;
		copies_free = &pool[i].nb;
	}
	copies = pool;
	local_irq_restore(flags);
	pr_info("copy pool for napi.mode=irq: %u frames, %zu KiB\n", BACKLOG_COPIES,
		BACKLOG_COPIES * sizeof(*pool) / 1024);
}

/* Softirq: the mode is off and nothing is out, so the pool can go. */
static void copies_release_if_idle(void)
{
	struct backlog_copy *pool = NULL;
	unsigned long flags = local_irq_save();

	if (copies && !copies_wanted && !copies_out) {
		pool = copies;
		copies = NULL;
		copies_free = NULL;
	}
	local_irq_restore(flags);
	pool_free(pool);
}

static void backlog_mode_changed(enum napi_mode mode)
{
	WRITE_ONCE(copies_wanted, mode == NAPI_MODE_IRQ);
	if (mode == NAPI_MODE_IRQ)
		copies_reserve();
	else
		netdev_backlog_kick(); /* its poll gives the pool back */
}

bool backlog_copy_pool_allocated(void)
{
	return READ_ONCE(copies) != NULL;
}

/* Called with interrupts off. The copy of nb, or nb itself when none can be made. */
static struct netbuf *backlog_copy(struct netbuf *nb)
{
	u32 len = nb->tot_len ? nb->tot_len : nb->len;
	struct netbuf *c;

	if (len > BACKLOG_COPY_LEN || !copies_free) {
		if (len > BACKLOG_COPY_LEN)
			copy_stats.too_big++;
		else
			copy_stats.pool_empty++;
		return nb;
	}
	c = copies_free;
	copies_free = c->qnext;
	copies_out++;
	netbuf_init(c, container_of(c, struct backlog_copy, nb)->data, len, 0, backlog_copy_release,
		    NULL);
	netbuf_copy_out(nb, 0, c->data, len);
	c->flags = NETBUF_F_RELEASE_ANYWHERE;
	c->dev = nb->dev;
	c->csum = nb->csum;
	c->csum_start = nb->csum_start;
	c->csum_offset = nb->csum_offset;
	/* Deferred by netbuf_free() in here: back to the driver with the next softirq. */
	netbuf_free(nb);
	copy_stats.copied++;
	return c;
}

void backlog_get_copy_stats(struct backlog_copy_stats *out)
{
	unsigned long flags = local_irq_save();

	*out = copy_stats;
	local_irq_restore(flags);
}

static struct netbuf *backlog_dequeue(void)
{
	unsigned long flags = local_irq_save();
	struct netbuf *nb = backlog_head;

	if (nb) {
		backlog_head = nb->qnext;
		if (!backlog_head)
			backlog_tail = NULL;
		backlog_len--;
		nb->qnext = NULL;
	}
	local_irq_restore(flags);
	return nb;
}

static int backlog_poll(struct napi_struct *napi, int budget)
{
	struct netbuf *nb;
	int work = 0;

	/* Releases and link reports are cheap and not packets: they do not use budget. */
	netbuf_run_deferred();
	netdev_run_link_events();

	while (work < budget && (nb = backlog_dequeue())) {
		netdev_deliver(nb);
		work++;
	}
	if (unlikely(READ_ONCE(copies) && !READ_ONCE(copies_wanted)))
		copies_release_if_idle();
	if (work < budget)
		napi_complete_done(napi, work);
	return work;
}

int backlog_enqueue(struct netbuf *nb)
{
	unsigned long flags = local_irq_save();

	if (backlog_len >= (unsigned int)READ_ONCE(max_backlog)) {
		local_irq_restore(flags);
		WARN_ONCE(true, "backlog: full (%u frames), dropping; see net.max_backlog\n",
			  backlog_len);
		netdev_rx_dropped(nb->dev, 1);
		netbuf_free(nb);
		return NET_RX_DROP;
	}
	nb = backlog_copy(nb);
	nb->qnext = NULL;
	if (backlog_tail)
		backlog_tail->qnext = nb;
	else
		backlog_head = nb;
	backlog_tail = nb;
	backlog_len++;
	local_irq_restore(flags);
	netdev_backlog_kick();
	return NET_RX_SUCCESS;
}

void backlog_purge_dev(struct net_device *dev)
{
	struct netbuf *keep_head = NULL, *keep_tail = NULL, *purged = NULL, *nb, *next;
	unsigned long flags = local_irq_save();
	unsigned int count = 0;

	for (nb = backlog_head; nb; nb = next) {
		next = nb->qnext;
		nb->qnext = NULL;
		if (nb->dev == dev) {
			nb->qnext = purged;
			purged = nb;
			backlog_len--;
			count++;
			continue;
		}
		if (keep_tail)
			keep_tail->qnext = nb;
		else
			keep_head = nb;
		keep_tail = nb;
	}
	backlog_head = keep_head;
	backlog_tail = keep_tail;
	local_irq_restore(flags);

	for (nb = purged; nb; nb = next) {
		next = nb->qnext;
		nb->qnext = NULL;
		netbuf_free(nb);
	}
	if (count)
		netdev_rx_dropped(dev, count);
}

unsigned int netdev_backlog_len(void)
{
	return READ_ONCE(backlog_len);
}

void netdev_backlog_kick(void)
{
	if (likely(backlog_ready))
		napi_schedule(&backlog_napi);
}

int netdev_set_max_backlog(long frames)
{
	if (frames < 1 || frames > NET_MAX_BACKLOG_MAX) {
		pr_err("net.max_backlog %ld out of range 1..%d\n", frames, NET_MAX_BACKLOG_MAX);
		return -EINVAL;
	}
	WRITE_ONCE(max_backlog, (int)frames);
	return 0;
}

int netdev_get_max_backlog(void)
{
	return READ_ONCE(max_backlog);
}

void backlog_init(void)
{
	if (backlog_ready)
		return;
	netif_napi_add(NULL, &backlog_napi, backlog_poll, NAPI_DEFAULT_WEIGHT);
	backlog_napi.name = "backlog";
	napi_enable(&backlog_napi);
	backlog_ready = true;
	napi_set_mode_hook(backlog_mode_changed);
	backlog_mode_changed(napi_get_mode());
}

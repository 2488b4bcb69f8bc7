// SPDX-License-Identifier: BSD-2-Clause
/*
 * Freeing frames. A release must not run inside an interrupt: it returns
 * memory to a driver ring or to the stack, both of which the interrupted code
 * may be in the middle of changing. Such releases wait on a list that the
 * NET_RX softirq empties.
 */
#include <string.h>
#include "kernel/x86/irqflags.h"
#include "net/core/napi.h"
#include "net/core/netbuf.h"
#include "net/core/netdev_stack.h"

static struct netbuf *deferred_head;

/* In irq mode polls run in interrupt handlers: a release must not be cut into by one. */
static void netbuf_release(struct netbuf *nb)
{
	unsigned long flags;

	if (!nb->release)
		return;
	if (unlikely(napi_get_mode() == NAPI_MODE_IRQ)) {
		flags = local_irq_save();
		nb->release(nb);
		local_irq_restore(flags);
	} else {
		nb->release(nb);
	}
}

static void netbuf_free_one(struct netbuf *nb)
{
	unsigned long flags;

	if (unlikely(irqs_disabled() || napi_in_irq_poll()) &&
	    !(nb->flags & NETBUF_F_RELEASE_ANYWHERE)) {
		flags = local_irq_save();
		nb->qnext = deferred_head;
		deferred_head = nb;
		local_irq_restore(flags);
		netdev_backlog_kick();
		return;
	}
	netbuf_release(nb);
}

static __attribute__((noinline)) void netbuf_free_each(struct netbuf *nb)
{
	struct netbuf *next;

	/* Frames merged by GRO each go back to their own owner. */
	for (; nb; nb = next) {
		next = nb->gro_next;
		nb->gro_next = NULL;
		nb->gro_skip = 0;
		netbuf_free_one(nb);
	}
}

void netbuf_free(struct netbuf *nb)
{
	/*
	 * Nearly every free: one frame, from a poll or the main loop in NAPI
	 * mode, where its release may run at once and unmasked. The same
	 * decisions as netbuf_free_each() makes, without its loop and calls.
	 */
	if (likely(nb && !nb->gro_next && napi_get_mode() != NAPI_MODE_IRQ && !irqs_disabled() &&
		   !napi_in_irq_poll())) {
		nb->gro_skip = 0;
		if (nb->release)
			nb->release(nb);
		return;
	}
	netbuf_free_each(nb);
}

bool netbuf_deferred_pending(void)
{
	return READ_ONCE(deferred_head) != NULL;
}

unsigned int netbuf_run_deferred(void)
{
	unsigned long flags = local_irq_save();
	struct netbuf *nb = deferred_head, *next;
	unsigned int count = 0;

	deferred_head = NULL;
	local_irq_restore(flags);
	for (; nb; nb = next) {
		next = nb->qnext;
		nb->qnext = NULL;
		netbuf_release(nb);
		count++;
	}
	return count;
}

u32 netbuf_copy_out(const struct netbuf *nb, u32 offset, void *dst, u32 len)
{
	u8 *out = dst;
	u32 copied = 0;

	/* Nearly always (a bounced or copied-out frame): bytes inside one unmerged first segment. */
	if (likely(!nb->gro_next && !nb->gro_skip && offset <= nb->len &&
		   len <= nb->len - offset)) {
		memcpy(dst, nb->data + offset, len);
		return len;
	}

	for (const struct netbuf *frame = nb; frame && copied < len; frame = frame->gro_next) {
		for (nb = frame; nb && copied < len; nb = nb->next) {
			u32 skip = nb == frame ? MIN(frame->gro_skip, nb->len) : 0;
			u32 have = nb->len - skip, chunk;

			if (offset >= have) {
				offset -= have;
				continue;
			}
			chunk = MIN(have - offset, len - copied);
			memcpy(out + copied, nb->data + skip + offset, chunk);
			copied += chunk;
			offset = 0;
		}
	}
	return copied;
}

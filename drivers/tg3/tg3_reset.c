// SPDX-License-Identifier: BSD-2-Clause
/*
 * Recovery. A stuck transmitter (the watchdog), an error attention or a ring
 * index the chip should never report all end the same way: the interrupt is
 * masked at once, and a zero-delay timer, which runs from the main loop and so
 * never inside the poll or an interrupt, stops NAPI, resets the core, drops
 * what was queued for sending, takes every posted receive buffer back and
 * starts the chip again with fresh rings. Buffers the stack holds stay lent
 * and come back to the pool as usual.
 */
#define pr_fmt(fmt) "tg3: " fmt

#include <string.h>

#include "drivers/tg3/tg3.h"
#include "kernel/printk.h"

void tg3_schedule_reset(struct tg3 *tp, const char *why)
{
	if (tp->reset_pending || !tp->opened)
		return;
	tp->reset_pending = true;
	tp->reset_reason = why;
	tg3_write(tp, T3_MBOX_IRQ0, 1);
	netif_stop_queue(&tp->netdev);
	ktimer_arm(&tp->reset_timer, ktime_get_ns());
}

static void reset_task(struct ktimer *t)
{
	struct tg3 *tp = container_of(t, struct tg3, reset_timer);
	int err;

	if (!tp->opened) {
		tp->reset_pending = false;
		return;
	}
	pr_warn("%s: resetting the chip: %s\n", tg3_name(tp), tp->reset_reason);
	tp->ctr.chip_resets++;
	napi_disable(&tp->napi);
	tg3_stats_update(tp); /* the reset clears the counters */
	err = tg3_hw_stop(tp);
	tg3_tx_drop_all(tp);
	tg3_rx_unpost_all(tp);
	memset(tp->status, 0, T3_STATUS_BLOCK_SIZE);
	if (!err)
		err = tg3_hw_start(tp);
	if (err) {
		pr_err("%s: chip did not come back after the reset (%d): interface stays down\n",
		       tg3_name(tp), err);
		tp->link_up = false;
		netif_carrier_off(&tp->netdev);
		tp->reset_pending = false;
		return;
	}
	tg3_phy_resume(tp);
	tp->reset_pending = false;
	napi_enable(&tp->napi);
	tg3_irq_unmask(tp);
	tg3_link_update(tp);
	tp->tx_progress_ns = ktime_get_ns();
	netif_wake_queue(&tp->netdev);
}

void tg3_watchdog(struct tg3 *tp)
{
	u64 now = ktime_get_ns();

	if (!tg3_tx_pending(tp) || tp->reset_pending)
		return;
	if (now - tp->tx_progress_ns < TG3_TX_TIMEOUT_NS)
		return;
	tp->ctr.tx_timeouts++;
	pr_warn("%s: transmit timed out: %u descriptors pending, no completion for %llu ms\n",
		tg3_name(tp), tg3_tx_pending(tp),
		(unsigned long long)((now - tp->tx_progress_ns) / NSEC_PER_MSEC));
	tg3_schedule_reset(tp, "transmit timeout");
}

void tg3_reset_init(struct tg3 *tp)
{
	tp->reset_timer.fn = reset_task;
}

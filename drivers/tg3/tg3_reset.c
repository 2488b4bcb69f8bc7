// SPDX-License-Identifier: BSD-2-Clause
/*
 * Recovery. A stuck transmitter (the watchdog), an error attention or a ring
 * index the chip should never report all end the same way: the interrupt is
 * masked at once and the adapter goes RUNNING -> RESETTING. The reset timer,
 * which runs from the main loop and so never inside the poll or an
 * interrupt, then takes the chip through its reset one step per expiry:
 *
 *   STOP      NAPI off, counters saved, core reset asserted; what was queued
 *             for sending is dropped and posted receive buffers taken back
 *             (the reset stopped every DMA engine)
 *   QUIET     1 ms later: config space restored, arbiter on
 *   BOOTCODE  every 1 ms: is the firmware mailbox answered? Then the chip is
 *             started again with fresh rings and the adapter is RUNNING.
 *             Past the deadline the adapter is DEAD, with a log line.
 *
 * Between steps the main loop serves every other device and timer: the 30 ms
 * or so the bootcode takes is never spent spinning. Buffers the stack holds
 * stay lent and come back to the pool as usual.
 */
#define pr_fmt(fmt) "tg3: " fmt

#include <string.h>

#include "drivers/tg3/tg3.h"
#include "kernel/console/printk.h"

void tg3_schedule_reset(struct tg3 *tp, const char *why)
{
	if (tp->state != TG3_ST_RUNNING)
		return;
	tg3_set_state(tp, TG3_ST_RESETTING);
	tp->reset_reason = why;
	tp->reset_step = TG3_RST_STOP;
	tg3_write(tp, T3_MBOX_IRQ0, 1);
	netif_stop_queue(&tp->netdev);
	ktimer_arm(&tp->reset_timer, ktime_get_ns());
}

static void reset_stop(struct tg3 *tp)
{
	pr_warn("%s: resetting the chip: %s\n", tg3_name(tp), tp->reset_reason);
	tp->ctr.chip_resets++;
	napi_disable(&tp->napi);
	tg3_stats_update(tp); /* the reset clears the counters */
	tg3_hw_quiesce(tp);
	tg3_reset_assert(tp);
	tg3_tx_drop_all(tp);
	tg3_rx_unpost_all(tp);
	memset(tp->status, 0, T3_STATUS_BLOCK_SIZE);
	tp->reset_step = TG3_RST_QUIET;
	ktimer_arm(&tp->reset_timer, ktime_get_ns() + TG3_RESET_QUIET_NS);
}

static void reset_failed(struct tg3 *tp, const char *what)
{
	pr_err("%s: chip did not come back after the reset (%s): interface stays down\n",
	       tg3_name(tp), what);
	tg3_set_state(tp, TG3_ST_DEAD);
	tp->link_up = false;
	netif_carrier_off(&tp->netdev);
}

static void reset_restart(struct tg3 *tp)
{
	tg3_reset_complete(tp);
	if (tg3_hw_start(tp)) {
		reset_failed(tp, "a block did not start");
		return;
	}
	tg3_phy_resume(tp);
	tg3_set_state(tp, TG3_ST_RUNNING);
	napi_enable(&tp->napi);
	tg3_irq_unmask(tp);
	tg3_link_update(tp);
	tp->tx_progress_ns = ktime_get_ns();
	netif_wake_queue(&tp->netdev);
}

static void reset_poll_bootcode(struct tg3 *tp)
{
	if (tg3_reset_bootcode_ready(tp)) {
		reset_restart(tp);
		return;
	}
	if (ktime_get_ns() >= tp->reset_deadline_ns) {
		tg3_reset_give_up(tp);
		pr_err("%s: chip stopped, but its bootcode did not come back: leaving it alone\n",
		       tg3_name(tp));
		reset_failed(tp, "no bootcode");
		return;
	}
	ktimer_arm(&tp->reset_timer, ktime_get_ns() + TG3_BOOTCODE_POLL_NS);
}

static void reset_task(struct ktimer *t)
{
	struct tg3 *tp = container_of(t, struct tg3, reset_timer);

	if (tp->state != TG3_ST_RESETTING)
		return;
	switch (tp->reset_step) {
	case TG3_RST_STOP: reset_stop(tp); break;
	case TG3_RST_QUIET:
		tg3_reset_restore(tp);
		tp->reset_step = TG3_RST_BOOTCODE;
		reset_poll_bootcode(tp);
		break;
	case TG3_RST_BOOTCODE: reset_poll_bootcode(tp); break;
	}
}

/*
 * stop() during a recovery reset: the timer is cancelled, so finish here,
 * waiting, what it started. Returns 1 if the reset had not begun (the chip
 * still runs: an ordinary stop follows), 0 once the bootcode answered (the
 * chip is quiet: nothing left to stop), or -ETIMEDOUT (the chip is dead).
 */
int tg3_reset_finish_sync(struct tg3 *tp)
{
	ktimer_cancel(&tp->reset_timer);
	if (tp->reset_step == TG3_RST_STOP)
		return 1;
	if (tp->reset_step == TG3_RST_QUIET) {
		mdelay(TG3_RESET_QUIET_NS / NSEC_PER_MSEC);
		tg3_reset_restore(tp);
		tp->reset_step = TG3_RST_BOOTCODE;
	}
	return tg3_reset_wait(tp);
}

void tg3_watchdog(struct tg3 *tp)
{
	u64 now = ktime_get_ns();

	if (!tg3_tx_pending(tp) || tp->state != TG3_ST_RUNNING)
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

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The NAPI poll: causes the handler saw (link, overrun), transmit
 * completions, receive up to the budget, refill, and the unmask that only
 * napi_complete_done() may allow. A budget of 0 is netpoll asking for
 * transmit completions alone: nothing received, refilled or completed.
 */
#include "drivers/e1000/e1000.h"

int e1000_poll(struct napi_struct *napi, int budget)
{
	struct e1000_adapter *a = container_of(napi, struct e1000_adapter, napi);
	u32 pending;
	int work;

	/* netpoll, possibly with interrupts off: completions only (docs/NAPI.md). */
	if (!budget) {
		e1000_tx_clean(a);
		return 0;
	}
	pending = e1000_irq_take_pending(a);
	if (pending & E1000_ICR_LSC) {
		a->sw.irq_link++;
		e1000_link_update(a);
	}
	if (pending & E1000_ICR_RXO) {
		a->sw.irq_rx_overrun++;
		e1000_count_missed(a);
	}
	e1000_tx_clean(a);
	work = e1000_rx_clean(a, budget);
	e1000_rx_refill(a);
	if (work < budget && napi_complete_done(napi, work) && a->up &&
	    a->irq.mode != IRQ_LADDER_POLL)
		e1000_irq_unmask_queues(a);
	return work;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEST MACHINERY: e1000's answers to `nicfault` (net/core/nic_fault.h). Each
 * fault is played where the real one would show, and recovered by the
 * driver's normal paths:
 *
 *   rx-error    the next N frames come back flagged with a CRC error:
 *               dropped, counted in rx_desc_frame_errors and rx_crc_errors
 *   rx-overrun  for N ms the pool gives no buffer, so traffic drains the
 *               ring; refills count rx_refill_starved and the watchdog
 *               refills the ring once buffers are back
 *   tx-stuck    the transmitter is switched off with frames queued: the
 *               watchdog's timeout resets transmit, counted in tx_timeouts
 *   lost-irq    the next N interrupts mask the queues but schedule no poll:
 *               the watchdog polls, counted in missed_irqs
 */
#include <errno.h>
#include "drivers/e1000/e1000.h"

static int e1000_fault_inject(struct net_device *dev, enum nic_fault kind, unsigned int amount)
{
	struct e1000_adapter *a = netdev_priv(dev);

	switch (kind) {
	case NIC_FAULT_RX_ERROR: WRITE_ONCE(a->fault.rx_errors, amount); return 0;
	case NIC_FAULT_RX_OVERRUN:
		WRITE_ONCE(a->fault.rx_starve_until_ns,
			   ktime_get_ns() + (u64)amount * NSEC_PER_MSEC);
		return 0;
	case NIC_FAULT_TX_STUCK:
		e1000_wr(a, E1000_TCTL, e1000_rd(a, E1000_TCTL) & ~E1000_TCTL_EN);
		return 0;
	case NIC_FAULT_LOST_IRQ: WRITE_ONCE(a->fault.lost_irqs, amount); return 0;
	default: return -EINVAL;
	}
}

void e1000_fault_register(struct e1000_adapter *a)
{
	nic_fault_register(&a->netdev, e1000_fault_inject);
}

void e1000_fault_unregister(struct e1000_adapter *a)
{
	nic_fault_unregister(&a->netdev);
}

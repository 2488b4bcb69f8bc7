// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEST MACHINERY: virtio-net's answers to `nicfault` (net/core/nic_fault.h).
 * Each fault is played where the real one would show, and recovered by the
 * driver's normal paths:
 *
 *   rx-error    the next N frames look malformed (as a bad length from the
 *               device): dropped, counted in rx_queue_N_errors
 *   rx-overrun  for N ms every frame finds the ring as good as empty (as if
 *               the stack held the buffers): recycled at once so the device
 *               never runs dry, counted in rx_queue_N_ring_exhausted
 *   tx-stuck    the next N transmit notifications are declined, so the
 *               device never looks at queued frames: the watchdog kicks it,
 *               counted in tx_queue_N_late_kicks
 *   lost-irq    the next N interrupts are ignored: the watchdog polls,
 *               counted in queue_N_missed_irqs
 */
#include <errno.h>
#include "drivers/virtio/virtio_net.h"
#include "net/core/nic_fault.h"

static int vnet_fault_inject(struct net_device *dev, enum nic_fault kind, unsigned int amount)
{
	struct vnet_dev *vd = container_of(dev, struct vnet_dev, ndev);
	u64 until = ktime_get_ns() + (u64)amount * NSEC_PER_MSEC;

	for (unsigned int i = 0; i < vd->nr_pairs; i++) {
		struct vnet_pair *qp = &vd->qp[i];

		switch (kind) {
		case NIC_FAULT_RX_ERROR: WRITE_ONCE(qp->fault.rx_errors, amount); break;
		case NIC_FAULT_RX_OVERRUN: WRITE_ONCE(qp->fault.rx_starve_until_ns, until); break;
		case NIC_FAULT_TX_STUCK: qp->tx.lose_kicks = (u16)MIN(amount, 0xffffu); break;
		case NIC_FAULT_LOST_IRQ: vnet_inject_lost_irqs(qp, amount); break;
		default: return -EINVAL;
		}
	}
	return 0;
}

void vnet_fault_register(struct vnet_dev *vd)
{
	nic_fault_register(&vd->ndev, vnet_fault_inject);
}

void vnet_fault_unregister(struct vnet_dev *vd)
{
	nic_fault_unregister(&vd->ndev);
}

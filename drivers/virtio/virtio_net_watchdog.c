// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-net's backstop against lost notifications and lost interrupts.
 *
 * Both directions of the virtqueue handshake (the driver deciding whether to
 * notify, the device deciding whether to interrupt) close their race with a
 * full barrier on each side. Under single-vCPU TCG the guest's barriers are
 * not emitted while the device runs in QEMU's I/O thread, and both sides can
 * then conclude that the other will act: a transmit ring stalls with frames
 * queued, a receive ring with the device believing it has no buffers, or a
 * completion waits for an interrupt that never comes. Nothing after that
 * would restart the queue, so every period the watchdog looks for a queue
 * that has not moved and gives it the notification or the poll it missed.
 * Each rescue is counted (late_kicks, missed_irqs); on hardware that honours
 * barriers they stay at zero.
 */
#include "drivers/virtio/virtio_net.h"

static unsigned int vnet_watch_pair(struct vnet_pair *qp, enum irq_ladder_mode mode)
{
	unsigned int rx = vq_watch(&qp->rx), tx = vq_watch(&qp->tx);

	if (rx & VQ_WATCH_KICK)
		virtio_pci_notify(qp->rx_notify, qp->rx.index);
	if (tx & VQ_WATCH_KICK)
		virtio_pci_notify(qp->tx_notify, qp->tx.index);
	/*
	 * Completions nobody polls for a whole period: with interrupts enabled
	 * the one announcing them went missing. Polling mode has its own timer
	 * and a scheduled instance will get to them.
	 */
	if (!((rx | tx) & VQ_WATCH_USED) || mode == IRQ_LADDER_POLL || napi_is_scheduled(&qp->napi))
		return 0;
	qp->stats.missed_irqs++;
	vq_disable_cb(&qp->rx);
	vq_disable_cb(&qp->tx);
	napi_schedule(&qp->napi);
	return 1;
}

/* Every VNET_WATCHDOG_PERIOD_NS while open, run by the interrupt ladder. */
unsigned int vnet_watch(void *drv, enum irq_ladder_mode mode)
{
	struct vnet_dev *vd = drv;
	unsigned int i, missed = 0;

	if (!vd->opened)
		return 0;
	for (i = 0; i < vd->nr_pairs; i++)
		missed += vnet_watch_pair(&vd->qp[i], mode);
	return missed;
}

void vnet_inject_lost_kicks(struct vnet_pair *qp, unsigned int n)
{
	qp->rx.lose_kicks = (u16)(n > 0xffff ? 0xffff : n);
	qp->tx.lose_kicks = qp->rx.lose_kicks;
}

void vnet_inject_lost_irqs(struct vnet_pair *qp, unsigned int n)
{
	WRITE_ONCE(qp->lose_irqs, n);
}

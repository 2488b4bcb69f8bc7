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

static void vnet_watch_pair(struct vnet_pair *qp)
{
	struct vnet_dev *vd = qp->vd;
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
	if (((rx | tx) & VQ_WATCH_USED) && vd->irq_mode != VNET_IRQ_POLL &&
	    !napi_is_scheduled(&qp->napi)) {
		qp->stats.missed_irqs++;
		vq_disable_cb(&qp->rx);
		vq_disable_cb(&qp->tx);
		napi_schedule(&qp->napi);
	}
}

static void vnet_watchdog(struct ktimer *t)
{
	struct vnet_dev *vd = container_of(t, struct vnet_dev, watchdog);
	unsigned int i;

	if (!vd->opened)
		return;
	for (i = 0; i < vd->nr_pairs; i++)
		vnet_watch_pair(&vd->qp[i]);
	ktimer_arm(t, ktime_get_ns() + VNET_WATCHDOG_PERIOD_NS);
}

void vnet_watchdog_start(struct vnet_dev *vd)
{
	vd->watchdog.fn = vnet_watchdog;
	ktimer_arm(&vd->watchdog, ktime_get_ns() + VNET_WATCHDOG_PERIOD_NS);
}

void vnet_watchdog_stop(struct vnet_dev *vd)
{
	ktimer_cancel(&vd->watchdog);
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

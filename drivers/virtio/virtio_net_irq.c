// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-net interrupts and NAPI. With MSI-X each queue pair has its own
 * vector (entry i+1) and NAPI instance, and configuration changes have entry
 * 0. Without MSI-X one INTx handler reads the ISR byte and schedules every
 * pair. Without any interrupt a timer schedules the pairs every millisecond.
 * The interrupt ladder (kernel/pci/pci_irq_ladder.h) picks the mode, reads
 * virtio_net.irq= and runs the poll timer and the watchdog.
 */
#include <errno.h>
#include <stdio.h>
#include "drivers/virtio/virtio_net.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/console/printk.h"

static void vnet_quiet_pair(struct vnet_pair *qp)
{
	vq_disable_cb(&qp->rx);
	vq_disable_cb(&qp->tx);
}

int vnet_poll(struct napi_struct *napi, int budget)
{
	struct vnet_pair *qp = container_of(napi, struct vnet_pair, napi);
	struct vnet_dev *vd = qp->vd;
	int done;

	/* netpoll: transmit completions only; the link check waits for a real poll. */
	if (!budget) {
		vnet_tx_clean(qp);
		return 0;
	}
	qp->stats.polls++;
	if (qp->index == 0 && READ_ONCE(vd->link_check)) {
		WRITE_ONCE(vd->link_check, false);
		vnet_update_link(vd);
	}
	qp->in_poll = true;
	vnet_tx_clean(qp);
	done = vnet_rx_poll(qp, budget);
	qp->in_poll = false;

	if (done < budget && napi_complete_done(napi, done) && vd->irq.mode != IRQ_LADDER_POLL) {
		/* Both must be re-armed, so no short-circuit between them. */
		bool rx_idle = vq_enable_cb(&qp->rx);
		bool tx_idle = vq_enable_cb(&qp->tx);

		/* Work that landed before the re-arm raised no interrupt: poll again. */
		if (!rx_idle || !tx_idle) {
			vnet_quiet_pair(qp);
			napi_schedule(napi);
		}
	}
	return done;
}

static irqreturn_t vnet_pair_irq(void *ctx)
{
	struct vnet_pair *qp = ctx;

	if (unlikely(qp->lose_irqs)) {
		qp->lose_irqs--; /* fault injection: as if it never arrived */
		return IRQ_HANDLED;
	}
	qp->stats.interrupts++;
	vnet_quiet_pair(qp);
	napi_schedule_from_irq(&qp->napi);
	return IRQ_HANDLED;
}

static irqreturn_t vnet_config_irq(void *ctx)
{
	struct vnet_dev *vd = ctx;

	vd->config_interrupts++;
	WRITE_ONCE(vd->link_check, true);
	napi_schedule(&vd->qp[0].napi);
	return IRQ_HANDLED;
}

static irqreturn_t vnet_intx_irq(void *ctx)
{
	struct vnet_dev *vd = ctx;
	u8 isr = virtio_pci_read_isr(&vd->vp);
	unsigned int i;

	if (!isr)
		return IRQ_NONE; /* a device sharing the line */
	vd->intx_interrupts++;
	if (isr & VIRTIO_ISR_CONFIG)
		WRITE_ONCE(vd->link_check, true);
	for (i = 0; i < vd->nr_pairs; i++) {
		struct vnet_pair *qp = &vd->qp[i];

		if (i == 0 || (isr & VIRTIO_ISR_QUEUE)) {
			if (unlikely(qp->lose_irqs)) {
				qp->lose_irqs--;
				continue;
			}
			qp->stats.interrupts++;
			vnet_quiet_pair(qp);
			napi_schedule_from_irq(&qp->napi);
		}
	}
	return IRQ_HANDLED;
}

static void vnet_poll_tick(void *drv)
{
	struct vnet_dev *vd = drv;
	unsigned int i;

	if (!vd->opened)
		return;
	/* The link is worth a look every 100 ms, not every tick. */
	if (vd->irq.poll_ticks % 100 == 0)
		WRITE_ONCE(vd->link_check, true);
	for (i = 0; i < vd->nr_pairs; i++)
		napi_schedule(&vd->qp[i].napi);
}

int vnet_irq_setup(struct vnet_dev *vd)
{
	int err;

	vd->config_irq = -1;
	/* Entry 0 for configuration changes, one per pair: at least one pair. */
	vd->irq_plan = (struct irq_ladder_plan){
		.option = "virtio_net.irq",
		.allowed = IRQ_LADDER_ALLOW(IRQ_LADDER_MSIX) | IRQ_LADDER_ALLOW(IRQ_LADDER_INTX) |
			   IRQ_LADDER_ALLOW(IRQ_LADDER_POLL),
		.msix_min = 2,
		.msix_max = vd->nr_pairs + 1,
		.poll_period_ns = VNET_POLL_PERIOD_NS,
		.watchdog_period_ns = VNET_WATCHDOG_PERIOD_NS,
		.poll = vnet_poll_tick,
		.watch = vnet_watch,
	};
	irq_ladder_init(&vd->irq, vd->name, vd->pdev, &vd->irq_plan, vd);
	err = irq_ladder_setup(&vd->irq);
	if (err)
		return err;
	if (vd->irq.mode == IRQ_LADDER_MSIX && vd->irq.nr_vectors - 1 < vd->nr_pairs) {
		pr_info("%s: %u MSI-X vectors: %u queue pairs instead of %u\n", vd->name,
			vd->irq.nr_vectors, vd->irq.nr_vectors - 1, vd->nr_pairs);
		vd->nr_pairs = vd->irq.nr_vectors - 1;
	}
	return 0;
}

void vnet_irq_teardown(struct vnet_dev *vd)
{
	irq_ladder_release(&vd->irq);
}

/* Vector of MSI-X entry / INTx; negative when there is none. */
static int vnet_vector(struct vnet_dev *vd, unsigned int nr)
{
	return irq_ladder_vector(&vd->irq, nr);
}

static int vnet_request(struct vnet_dev *vd, unsigned int nr, irq_handler_t fn, void *ctx,
			const char *name)
{
	int vec = vnet_vector(vd, nr), err;

	if (vec < 0) {
		pr_err("%s: no vector for interrupt %u\n", vd->name, nr);
		return vec;
	}
	err = request_irq((u8)vec, fn, ctx, name);
	if (err) {
		pr_err("%s: request_irq(%d, %s) failed (%d)\n", vd->name, vec, name, err);
		return err;
	}
	return vec;
}

void vnet_irq_start(struct vnet_dev *vd)
{
	unsigned int i;

	switch (vd->irq.mode) {
	case IRQ_LADDER_MSIX:
		vd->config_irq = vnet_request(vd, 0, vnet_config_irq, vd, vd->ndev.name);
		for (i = 0; i < vd->nr_pairs; i++) {
			struct vnet_pair *qp = &vd->qp[i];

			qp->irq = vnet_request(vd, i + 1, vnet_pair_irq, qp, qp->name);
			if (qp->irq >= 0)
				pr_info("%s: queue pair %u on vector %d (MSI-X entry %u)\n",
					vd->ndev.name, i, qp->irq, i + 1);
		}
		break;
	case IRQ_LADDER_INTX:
		vd->qp[0].irq = vnet_request(vd, 0, vnet_intx_irq, vd, vd->ndev.name);
		if (vd->qp[0].irq >= 0)
			pr_info("%s: all queues on INTx vector %d\n", vd->ndev.name, vd->qp[0].irq);
		break;
	default: break;
	}
	irq_ladder_start(&vd->irq);
	/* Pick up anything that completed before the handlers were there. */
	for (i = 0; i < vd->nr_pairs; i++) {
		if (vd->irq.mode == IRQ_LADDER_POLL)
			vnet_quiet_pair(&vd->qp[i]);
		napi_schedule(&vd->qp[i].napi);
	}
}

void vnet_irq_stop(struct vnet_dev *vd)
{
	unsigned int i;

	irq_ladder_stop(&vd->irq);
	switch (vd->irq.mode) {
	case IRQ_LADDER_MSIX:
		if (vd->config_irq >= 0)
			free_irq((u8)vd->config_irq, vd);
		for (i = 0; i < vd->nr_pairs; i++) {
			if (vd->qp[i].irq >= 0)
				free_irq((u8)vd->qp[i].irq, &vd->qp[i]);
			vd->qp[i].irq = -1;
		}
		vd->config_irq = -1;
		break;
	case IRQ_LADDER_INTX:
		if (vd->qp[0].irq >= 0)
			free_irq((u8)vd->qp[0].irq, vd);
		vd->qp[0].irq = -1;
		break;
	default: break;
	}
}

/*
 * The watchdog: virtio-net's backstop against lost notifications and lost
 * interrupts.
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

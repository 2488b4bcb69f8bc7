// SPDX-License-Identifier: BSD-2-Clause
/*
 * Interrupts. 8254x: one legacy INTx line, level-triggered and possibly
 * shared. 82574: three MSI-X vectors (receive, transmit, other) when it can
 * get them, else one MSI, else INTx. The interrupt ladder
 * (kernel/pci/pci_irq_ladder.h) walks those rungs and, without any routable
 * interrupt, polls from a 1 ms timer; `e1000.irq=msi|intx|poll` on the
 * command line caps the choice (QEMU's e1000e offers no switch for it). The
 * ladder's watchdog polls when a received frame waited a whole period with
 * the queue causes unmasked and no interrupt came.
 *
 * In every mode the handler masks the queue causes and schedules the NAPI
 * instance; poll() unmasks them only when napi_complete_done() allows.
 * ITR stays 0: NAPI's masking is the interrupt mitigation.
 */
#include <errno.h>
#include <stdio.h>
#include "drivers/e1000/e1000.h"
#include "kernel/x86/irq.h"
#include "kernel/x86/irqflags.h"
#include "kernel/pci/msi.h"

/* Causes worth an interrupt with one vector: receive, transmit, link, overrun. */
#define E1000_IMS_SINGLE \
	(E1000_ICR_RXT0 | E1000_ICR_RXDMT0 | E1000_ICR_RXO | E1000_ICR_TXDW | E1000_ICR_LSC)
#define E1000_IMS_MSIX_QUEUES (E1000_ICR_RXQ0 | E1000_ICR_TXQ0)
/* With MSI-X, link changes and overruns arrive through the OTHER cause. */
#define E1000_IMS_MSIX_OTHER (E1000_ICR_OTHER | E1000_ICR_LSC | E1000_ICR_RXO)

const char *e1000_irq_kind_name(const struct e1000_adapter *a)
{
	return irq_ladder_mode_name(a->irq.mode);
}

static void ack_icr(struct e1000_adapter *a, u32 icr)
{
	/* The 82574 keeps ICR bits until they are written back (reading clears only masked ones). */
	if (e1000_has(a, E1000_CHIP_ICR_W1C) && icr)
		e1000_wr(a, E1000_ICR, icr);
}

u32 e1000_irq_take_pending(struct e1000_adapter *a)
{
	unsigned long flags = local_irq_save();
	u32 icr = a->pending_icr;

	a->pending_icr = 0;
	local_irq_restore(flags);
	return icr;
}

/* INTx or MSI: one vector for everything; INTx may be shared with other devices. */
static irqreturn_t e1000_intr(void *ctx)
{
	struct e1000_adapter *a = ctx;
	u32 icr;

	/* Masked: this device cannot be asserting the line, and reading ICR would eat causes. */
	if (a->irq_masked) {
		a->sw.irq_not_ours++;
		return IRQ_NONE;
	}
	icr = e1000_rd(a, E1000_ICR);
	if (!(icr & a->ims) || icr == 0xFFFFFFFFu) {
		a->sw.irq_not_ours++;
		return IRQ_NONE;
	}
	e1000_wr(a, E1000_IMC, E1000_ICR_ALL);
	a->irq_masked = true;
	ack_icr(a, icr);
	a->pending_icr |= icr;
	a->sw.irq_handled++;
	/* Test machinery: masked but never polled, as if the interrupt went missing. */
	if (nic_fault_take(&a->fault.lost_irqs))
		return IRQ_HANDLED;
	napi_schedule_from_irq(&a->napi);
	return IRQ_HANDLED;
}

static irqreturn_t msix_queue(struct e1000_adapter *a)
{
	/* EIAC already masked the cause that fired; mask its partner too, they share one poll. */
	e1000_wr(a, E1000_IMC, a->ims_queues);
	a->irq_masked = true;
	if (nic_fault_take(&a->fault.lost_irqs))
		return IRQ_HANDLED; /* test machinery, as in e1000_intr() */
	napi_schedule_from_irq(&a->napi);
	return IRQ_HANDLED;
}

static irqreturn_t e1000_msix_rx(void *ctx)
{
	struct e1000_adapter *a = ctx;

	a->sw.irq_msix_rx++;
	return msix_queue(a);
}

static irqreturn_t e1000_msix_tx(void *ctx)
{
	struct e1000_adapter *a = ctx;

	a->sw.irq_msix_tx++;
	return msix_queue(a);
}

static irqreturn_t e1000_msix_other(void *ctx)
{
	struct e1000_adapter *a = ctx;
	u32 icr = e1000_rd(a, E1000_ICR);

	a->sw.irq_msix_other++;
	/*
	 * Acknowledge what this vector handles; writing OTHER also clears the
	 * causes it summarises. Queue causes stay: one raised while NAPI has
	 * them masked must still interrupt when poll() unmasks it.
	 */
	e1000_wr(a, E1000_ICR, (icr & ~E1000_ICR_QUEUE_CAUSES) | E1000_ICR_OTHER);
	if (icr & E1000_ICR_LSC) {
		a->sw.irq_link++;
		e1000_link_update(a);
	}
	if (icr & E1000_ICR_RXO) {
		a->sw.irq_rx_overrun++;
		e1000_count_missed(a);
	}
	/* EIAC masked OTHER when the message went out: re-arm it unless the device is closing. */
	if (a->up)
		e1000_wr(a, E1000_IMS, E1000_IMS_MSIX_OTHER);
	return IRQ_HANDLED;
}

static void e1000_poll_tick(void *drv)
{
	struct e1000_adapter *a = drv;
	u32 icr;

	if (!a->up)
		return;
	icr = e1000_rd(a, E1000_ICR);
	ack_icr(a, icr);
	if (icr) {
		unsigned long flags = local_irq_save();

		a->pending_icr |= icr;
		local_irq_restore(flags);
	}
	napi_schedule(&a->napi);
}

/* A received frame that waited a whole period with the queue causes unmasked. */
static unsigned int e1000_watch_irq(void *drv, enum irq_ladder_mode mode)
{
	struct e1000_adapter *a = drv;

	if (mode == IRQ_LADDER_POLL || !a->up || READ_ONCE(a->irq_masked) || !a->rx_ring ||
	    napi_is_scheduled(&a->napi) ||
	    !(READ_ONCE(a->rx_ring[a->rx_ntc].status) & E1000_RXD_STAT_DD))
		return 0;
	napi_schedule(&a->napi);
	return 1;
}

#define E1000_IRQ_PLAN_COMMON                                            \
	.option = "e1000.irq", .poll_period_ns = E1000_POLL_INTERVAL_NS, \
	.watchdog_period_ns = E1000_WATCHDOG_NS, .poll = e1000_poll_tick, .watch = e1000_watch_irq

static const struct irq_ladder_plan plan_82574 = {
	E1000_IRQ_PLAN_COMMON,
	.allowed = IRQ_LADDER_ALLOW_ALL,
	.msix_min = E1000_MSIX_VECTORS,
	.msix_max = E1000_MSIX_VECTORS,
};

/* The 8254x has neither MSI nor MSI-X. */
static const struct irq_ladder_plan plan_8254x = {
	E1000_IRQ_PLAN_COMMON,
	.allowed = IRQ_LADDER_ALLOW(IRQ_LADDER_INTX) | IRQ_LADDER_ALLOW(IRQ_LADDER_POLL),
};

int e1000_irq_setup(struct e1000_adapter *a)
{
	int err;

	irq_ladder_init(&a->irq, a->label, a->pdev,
			e1000_has(a, E1000_CHIP_MSIX) ? &plan_82574 : &plan_8254x, a);
	err = irq_ladder_setup(&a->irq);
	if (err)
		return err;
	switch (a->irq.mode) {
	case IRQ_LADDER_MSIX:
		a->ims_queues = E1000_IMS_MSIX_QUEUES;
		a->ims = E1000_IMS_MSIX_QUEUES | E1000_IMS_MSIX_OTHER;
		break;
	case IRQ_LADDER_MSI:
	case IRQ_LADDER_INTX: a->ims = a->ims_queues = E1000_IMS_SINGLE; break;
	default: a->ims = a->ims_queues = 0; break;
	}
	a->irq_masked = true;
	return 0;
}

/* Route the 82574's causes: receive queue 0, transmit queue 0 and the rest to their vectors. */
static void msix_route(struct e1000_adapter *a)
{
	u32 ivar = (E1000_IVAR_VALID | E1000_MSIX_RX) << E1000_IVAR_RXQ0_SHIFT |
		   (E1000_IVAR_VALID | E1000_MSIX_TX) << E1000_IVAR_TXQ0_SHIFT |
		   (E1000_IVAR_VALID | E1000_MSIX_OTHER) << E1000_IVAR_OTHER_SHIFT |
		   E1000_IVAR_TX_INT_EVERY_WB;
	u32 ctrl_ext = e1000_rd(a, E1000_CTRL_EXT);

	e1000_wr(a, E1000_IVAR, ivar);
	/* Auto-clear (and auto-mask) each cause when its message is sent: no ICR read needed. */
	e1000_wr(a, E1000_EIAC, E1000_ICR_RXQ0 | E1000_ICR_TXQ0 | E1000_ICR_OTHER);
	/* Masking stays explicit (IMC in the handlers), not through IAM. */
	ctrl_ext &= ~(E1000_CTRL_EXT_IAME | E1000_CTRL_EXT_EIAME);
	ctrl_ext |= E1000_CTRL_EXT_PBA_CLR;
	e1000_wr(a, E1000_CTRL_EXT, ctrl_ext);
	e1000_wr(a, E1000_IAM, 0);
	for (unsigned int i = 0; i < E1000_MSIX_VECTORS; i++)
		e1000_wr(a, E1000_EITR(i), 0);
	e1000_flush(a);
}

static void single_vector_route(struct e1000_adapter *a)
{
	if (!e1000_has(a, E1000_CHIP_MSIX))
		return;
	e1000_wr(a, E1000_EIAC, 0);
	e1000_wr(a, E1000_IAM, 0);
	e1000_wr(a, E1000_CTRL_EXT,
		 e1000_rd(a, E1000_CTRL_EXT) & ~(E1000_CTRL_EXT_IAME | E1000_CTRL_EXT_EIAME));
	e1000_flush(a);
}

int e1000_irq_request(struct e1000_adapter *a)
{
	static const char *const suffix[E1000_MSIX_VECTORS] = { "rx", "tx", "other" };
	static const irq_handler_t msix_handlers[E1000_MSIX_VECTORS] = { e1000_msix_rx,
									 e1000_msix_tx,
									 e1000_msix_other };
	char name[IRQ_NAME_LEN];
	int err = 0;
	unsigned int i;

	if (a->irq.mode == IRQ_LADDER_POLL) {
		a->irq_requested = true;
		return 0;
	}
	if (a->irq.mode != IRQ_LADDER_MSIX) {
		single_vector_route(a);
		err = request_irq((u8)irq_ladder_vector(&a->irq, 0), e1000_intr, a, a->netdev.name);
		if (err)
			goto fail;
		a->irq_requested = true;
		return 0;
	}
	msix_route(a);
	for (i = 0; i < E1000_MSIX_VECTORS; i++) {
		snprintf(name, sizeof(name), "%s-%s", a->netdev.name, suffix[i]);
		err = request_irq((u8)irq_ladder_vector(&a->irq, i), msix_handlers[i], a, name);
		if (err) {
			while (i--)
				free_irq((u8)irq_ladder_vector(&a->irq, i), a);
			goto fail;
		}
	}
	a->irq_requested = true;
	return 0;
fail:
	pr_err("%s: cannot attach the %s interrupt handler (%d)\n", e1000_name(a),
	       e1000_irq_kind_name(a), err);
	return err;
}

void e1000_irq_release(struct e1000_adapter *a)
{
	if (!a->irq_requested)
		return;
	a->irq_requested = false;
	for (unsigned int i = 0; i < a->irq.nr_vectors; i++)
		free_irq((u8)irq_ladder_vector(&a->irq, i), a);
}

void e1000_irq_enable(struct e1000_adapter *a)
{
	unsigned long flags = local_irq_save();
	/*
	 * An instance already scheduled (busypoll schedules it at napi_enable())
	 * owns the queue causes: unmasking them would only buy one interrupt that
	 * schedules nothing. Its poll() unmasks them when it completes.
	 */
	bool queues = !napi_is_scheduled(&a->napi);
	u32 ims = queues ? a->ims : a->ims & ~a->ims_queues;

	a->pending_icr = 0;
	a->irq_masked = !queues;
	if (ims)
		e1000_wr(a, E1000_IMS, ims);
	e1000_flush(a);
	local_irq_restore(flags);
	irq_ladder_start(&a->irq);
}

void e1000_irq_disable(struct e1000_adapter *a)
{
	unsigned long flags = local_irq_save();

	e1000_wr(a, E1000_IMC, E1000_ICR_ALL);
	a->irq_masked = true;
	e1000_flush(a);
	local_irq_restore(flags);
	irq_ladder_stop(&a->irq);
}

void e1000_irq_unmask_queues(struct e1000_adapter *a)
{
	/*
	 * Flag and register change together with interrupts off: a shared
	 * line firing in between must not find the flag clear and the mask
	 * still set, or the reverse.
	 */
	unsigned long flags = local_irq_save();

	a->irq_masked = false;
	e1000_wr(a, E1000_IMS, a->ims_queues);
	local_irq_restore(flags);
}

size_t e1000_irq_describe(const struct e1000_adapter *a, char *buf, size_t len)
{
	const struct pci_dev *pdev = a->pdev;

	switch (a->irq.mode) {
	case IRQ_LADDER_MSIX:
		return (size_t)snprintf(
		    buf, len, "MSI-X (rx vector %d, tx vector %d, other vector %d)",
		    pci_irq_vector(pdev, E1000_MSIX_RX), pci_irq_vector(pdev, E1000_MSIX_TX),
		    pci_irq_vector(pdev, E1000_MSIX_OTHER));
	case IRQ_LADDER_MSI:
		return (size_t)snprintf(buf, len, "MSI (vector %d)", pci_irq_vector(pdev, 0));
	case IRQ_LADDER_INTX:
		return (size_t)snprintf(buf, len, "INTx (pin %c, line %u, vector %d)",
					'A' + pdev->irq_pin - 1, pdev->irq_line,
					pci_irq_vector(pdev, 0));
	default: break;
	}
	return (size_t)snprintf(buf, len, "polled every %llu ms (no usable interrupt)",
				(unsigned long long)(E1000_POLL_INTERVAL_NS / NSEC_PER_MSEC));
}

/*
 * The NAPI poll: causes the handler saw (link, overrun), transmit
 * completions, receive up to the budget, refill, and the unmask that only
 * napi_complete_done() may allow. A budget of 0 is netpoll asking for
 * transmit completions alone: nothing received, refilled or completed.
 */
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

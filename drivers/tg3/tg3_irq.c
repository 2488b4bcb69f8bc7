// SPDX-License-Identifier: BSD-2-Clause
/*
 * Interrupts and the NAPI poll.
 *
 * The handler writes 1 to interrupt mailbox 0, which both acknowledges (the
 * chip drops INTx) and masks (no further interrupt until the mailbox is
 * written 0), then schedules NAPI. The poll reclaims transmit completions,
 * receives up to its budget, refills, and only when it completes writes 0 to
 * unmask. So no interrupt arrives while the instance is scheduled.
 *
 * The interrupt ladder (kernel/pci/pci_irq_ladder.h) picks MSI, else INTx, else
 * a 1 ms poll timer; `tg3.irq=msi|intx|poll` caps it. The rung it picks is
 * tested at open: the chip is told to update its status block at once and we
 * wait for the interrupt. Boards that lose MSI step down to INTx (tested the
 * same way), and then to polling. The ladder's watchdog schedules the poll
 * when the status block holds work no interrupt announced.
 */
#define pr_fmt(fmt) "tg3: " fmt

#include <errno.h>
#include <stdio.h>

#include "drivers/tg3/tg3.h"
#include "kernel/x86/barrier.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/console/printk.h"

#define TG3_POLL_PERIOD_NS NSEC_PER_MSEC

static bool has_work(struct tg3 *tp);

static irqreturn_t tg3_interrupt(void *ctx)
{
	struct tg3 *tp = ctx;

	if (tp->irq.mode == IRQ_LADDER_INTX) {
		/* A shared line: ours only if we updated the status block or drive INTx. */
		if (!(READ_ONCE(tp->status->status) & T3_SB_UPDATED) &&
		    (pci_read_config_dword(tp->pdev, T3_PCI_STATE) & T3_PCISTATE_INTX_NOT_ACTIVE)) {
			tp->ctr.interrupts_not_ours++;
			return IRQ_NONE;
		}
	}
	tg3_write(tp, T3_MBOX_IRQ0, 1);
	tp->ctr.interrupts++;
	napi_schedule_from_irq(&tp->napi);
	return IRQ_HANDLED;
}

static void poll_tick(void *drv)
{
	struct tg3 *tp = drv;

	/* In a recovery reset NAPI is disabled and this schedules nothing. */
	if (tp->state == TG3_ST_RUNNING || tp->state == TG3_ST_RESETTING)
		napi_schedule(&tp->napi);
}

/* Status block work that a whole watchdog period brought no interrupt for. */
static unsigned int watch(void *drv, enum irq_ladder_mode mode)
{
	struct tg3 *tp = drv;

	if (mode == IRQ_LADDER_POLL || tp->state != TG3_ST_RUNNING ||
	    napi_is_scheduled(&tp->napi) || !has_work(tp))
		return 0;
	napi_schedule(&tp->napi);
	return 1;
}

static const struct irq_ladder_plan tg3_irq_plan = {
	.option = "tg3.irq",
	.allowed = IRQ_LADDER_ALLOW(IRQ_LADDER_MSI) | IRQ_LADDER_ALLOW(IRQ_LADDER_INTX) |
		   IRQ_LADDER_ALLOW(IRQ_LADDER_POLL),
	.poll_period_ns = TG3_POLL_PERIOD_NS,
	.watchdog_period_ns = TG3_SERVICE_PERIOD_NS,
	.poll = poll_tick,
	.watch = watch,
};

static int request_vector(struct tg3 *tp)
{
	int vec = irq_ladder_vector(&tp->irq, 0);
	int err;

	if (vec < 0)
		return vec;
	err = request_irq((u8)vec, tg3_interrupt, tp, tg3_name(tp));
	if (err)
		return err;
	tp->irq_vector = vec;
	tp->irq_requested = true;
	return 0;
}

static void free_vector(struct tg3 *tp)
{
	if (tp->irq_requested)
		free_irq((u8)tp->irq_vector, tp);
	tp->irq_requested = false;
}

/* A rung whose handler cannot be attached is as dead as one that never interrupts. */
static int request_or_fall_back(struct tg3 *tp)
{
	int err;

	while (tp->irq.mode != IRQ_LADDER_POLL) {
		err = request_vector(tp);
		if (!err)
			return 0;
		err = irq_ladder_fall_back(&tp->irq, "the interrupt handler could not be attached");
		if (err)
			return err;
	}
	return 0;
}

/* Before the chip is started: the best rung the ladder grants. */
int tg3_irq_setup(struct tg3 *tp)
{
	int err;

	irq_ladder_init(&tp->irq, tg3_name(tp), tp->pdev, &tg3_irq_plan, tp);
	err = irq_ladder_setup(&tp->irq);
	return err ? err : request_or_fall_back(tp);
}

static bool irq_arrived(void *ctx)
{
	struct tg3 *tp = ctx;

	return READ_ONCE(tp->ctr.interrupts) != tp->irq_test_before;
}

/* Force a status block update with interrupts open, and see whether one comes. */
static bool irq_test(struct tg3 *tp)
{
	bool seen;

	tp->irq_test_before = READ_ONCE(tp->ctr.interrupts);
	tg3_irq_unmask(tp);
	tg3_set_bits(tp, T3_HCC_MODE, T3_HCCMODE_COAL_NOW);
	seen = irq_wait_open(irq_arrived, tp, TG3_IRQ_TEST_MS * 1000);
	tg3_irq_mask(tp);
	return seen;
}

/* After the chip is started, NAPI still disabled: prove the interrupt path. */
int tg3_irq_selftest(struct tg3 *tp)
{
	char why[64];
	int err;

	while (tp->irq.mode == IRQ_LADDER_MSI || tp->irq.mode == IRQ_LADDER_INTX) {
		if (irq_test(tp))
			return 0;
		snprintf(why, sizeof(why), "no interrupt arrived by %s within %u ms",
			 irq_ladder_mode_name(tp->irq.mode), (unsigned int)TG3_IRQ_TEST_MS);
		if (tp->irq.mode == IRQ_LADDER_MSI) {
			tp->ctr.msi_fallbacks++;
			tg3_write(tp, T3_MSI_MODE, 0);
		}
		free_vector(tp);
		err = irq_ladder_fall_back(&tp->irq, why);
		if (!err)
			err = request_or_fall_back(tp);
		if (err)
			return -EIO;
	}
	return 0;
}

void tg3_irq_start(struct tg3 *tp)
{
	irq_ladder_start(&tp->irq);
}

void tg3_irq_teardown(struct tg3 *tp)
{
	irq_ladder_stop(&tp->irq);
	free_vector(tp);
	irq_ladder_release(&tp->irq);
}

void tg3_irq_init(struct tg3 *tp)
{
	tp->irq.mode = IRQ_LADDER_NONE;
}

const char *tg3_irq_mode_name(const struct tg3 *tp)
{
	return irq_ladder_mode_name(tp->irq.mode);
}

/* Anything the status block reports that this poll has not consumed yet. */
static bool has_work(struct tg3 *tp)
{
	const struct t3_status_block *sb = tp->status;

	return (READ_ONCE(sb->status) & (T3_SB_LINK_CHANGED | T3_SB_ERROR)) ||
	       READ_ONCE(sb->idx[0].rx_prod) != tp->ret_cons ||
	       READ_ONCE(sb->idx[0].tx_cons) != tp->tx_cons;
}

static void error_attention(struct tg3 *tp)
{
	tp->ctr.error_attentions++;
	pr_err("%s: chip reports an error: flow attention 0x%08x, read DMA 0x%08x, write DMA "
	       "0x%08x\n",
	       tg3_name(tp), tg3_read(tp, T3_FLOW_ATTN), tg3_read(tp, T3_RDMA_STATUS),
	       tg3_read(tp, T3_WDMA_STATUS));
	tg3_schedule_reset(tp, "error attention");
}

int tg3_poll(struct napi_struct *napi, int budget)
{
	struct tg3 *tp = container_of(napi, struct tg3, napi);
	struct t3_status_block *sb = tp->status;
	u32 status;
	int done = 0;

	/*
	 * netpoll, possibly with interrupts off: send completions only. The
	 * status flags stay for the next real poll (docs/NAPI.md).
	 */
	if (!budget) {
		if (tp->state == TG3_ST_RUNNING)
			tg3_tx_reclaim(tp);
		return 0;
	}
	tp->in_poll = true;
	status = READ_ONCE(sb->status);
	/* Consume the flags first: the chip's next update sets them again. */
	WRITE_ONCE(sb->status, status & ~(T3_SB_UPDATED | T3_SB_LINK_CHANGED));
	mb(); /* the clear is a store, the index reads below loads: TSO may swap those */
	if (status & T3_SB_ERROR) {
		WRITE_ONCE(sb->status, READ_ONCE(sb->status) & ~T3_SB_ERROR);
		error_attention(tp);
	}
	if (tp->state == TG3_ST_RUNNING) {
		if (status & T3_SB_LINK_CHANGED)
			tg3_link_update(tp);
		tg3_tx_reclaim(tp);
	}
	if (tp->state == TG3_ST_RUNNING) {
		done = tg3_rx(tp, budget);
		tg3_rx_refill(tp);
	}
	/*
	 * What the stack sent while the poll ran (answers to the frames handed
	 * up, a queue woken by the reclaim): one mailbox write for all of it.
	 */
	tg3_tx_doorbell(tp);
	tp->in_poll = false;
	if (done >= budget || !napi_complete_done(napi, done))
		return done;
	if (tp->state != TG3_ST_RUNNING || tp->irq.mode == IRQ_LADDER_POLL)
		return done; /* the reset (or the poll timer) carries on from here */
	tg3_write(tp, T3_MBOX_IRQ0, 0);
	mb(); /* the unmask (a store) before the status block loads that follow */
	/* An update that landed after we looked: poll again rather than wait for it. */
	if (has_work(tp)) {
		tp->ctr.poll_second_looks++;
		tg3_write(tp, T3_MBOX_IRQ0, 1);
		napi_schedule(napi);
	}
	return done;
}

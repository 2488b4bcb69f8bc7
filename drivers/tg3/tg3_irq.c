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
 * MSI is tried first and tested at open: the chip is told to update its
 * status block at once and we wait for the interrupt. Boards that lose MSI
 * fall back to INTx (tested the same way), and a device whose INTx cannot be
 * routed either is polled from a 1 ms timer.
 */
#define pr_fmt(fmt) "tg3: " fmt

#include <errno.h>

#include "drivers/tg3/tg3.h"
#include "kernel/barrier.h"
#include "kernel/irq.h"
#include "kernel/msi.h"
#include "kernel/printk.h"

#define TG3_POLL_PERIOD_NS NSEC_PER_MSEC

static irqreturn_t tg3_interrupt(void *ctx)
{
	struct tg3 *tp = ctx;

	if (tp->irq_mode == TG3_IRQ_INTX) {
		/* A shared line: ours only if we updated the status block or drive INTx. */
		if (!(READ_ONCE(tp->status->status) & T3_SB_UPDATED) &&
		    (pci_read_config_dword(tp->pdev, T3_PCI_STATE) & T3_PCISTATE_INTX_NOT_ACTIVE)) {
			tp->ctr.interrupts_not_ours++;
			return IRQ_NONE;
		}
	}
	tg3_write(tp, T3_MBOX_IRQ0, 1);
	tp->ctr.interrupts++;
	napi_schedule_irq(&tp->napi);
	return IRQ_HANDLED;
}

static void poll_timer_fn(struct ktimer *t)
{
	struct tg3 *tp = container_of(t, struct tg3, poll_timer);

	/* In a recovery reset NAPI is disabled and this schedules nothing. */
	if (tp->state != TG3_ST_RUNNING && tp->state != TG3_ST_RESETTING)
		return;
	napi_schedule(&tp->napi);
	ktimer_arm(t, ktime_get_ns() + TG3_POLL_PERIOD_NS);
}

static int request_vector(struct tg3 *tp)
{
	int vec = pci_irq_vector(tp->pdev, 0);
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

static void release_vector(struct tg3 *tp)
{
	if (tp->irq_requested)
		free_irq((u8)tp->irq_vector, tp);
	tp->irq_requested = false;
	pci_free_irq_vectors(tp->pdev);
	tp->irq_mode = TG3_IRQ_NONE;
}

static int setup_intx(struct tg3 *tp)
{
	int n = pci_alloc_irq_vectors(tp->pdev, 1, 1, PCI_IRQ_INTX);

	if (n < 0)
		return n;
	if (n == 0 || pci_irq_polling(tp->pdev)) {
		tp->irq_mode = TG3_IRQ_POLL;
		return 0;
	}
	tp->irq_mode = TG3_IRQ_INTX;
	return request_vector(tp);
}

/* Before the chip is started: pick MSI if the function has it, else INTx. */
int tg3_irq_setup(struct tg3 *tp)
{
	int n = pci_alloc_irq_vectors(tp->pdev, 1, 1, PCI_IRQ_MSI);

	if (n == 1) {
		tp->irq_mode = TG3_IRQ_MSI;
		if (!request_vector(tp))
			return 0;
		release_vector(tp);
	}
	return setup_intx(tp);
}

/* Force a status block update with interrupts open, and see whether one comes. */
static bool irq_test(struct tg3 *tp)
{
	u64 before = READ_ONCE(tp->ctr.interrupts);
	bool seen = false;

	tg3_irq_unmask(tp);
	tg3_set_bits(tp, T3_HCC_MODE, T3_HCCMODE_COAL_NOW);
	for (unsigned int i = 0; i < TG3_IRQ_TEST_MS * 10 && !seen; i++) {
		udelay(100);
		seen = READ_ONCE(tp->ctr.interrupts) != before;
	}
	tg3_irq_mask(tp);
	return seen;
}

/* After the chip is started, NAPI still disabled: prove the interrupt path. */
int tg3_irq_selftest(struct tg3 *tp)
{
	if (tp->irq_mode == TG3_IRQ_MSI) {
		if (irq_test(tp))
			return 0;
		pr_warn("%s: no interrupt arrived by MSI within %u ms: falling back to INTx\n",
			tg3_name(tp), TG3_IRQ_TEST_MS);
		tp->ctr.msi_fallbacks++;
		release_vector(tp);
		tg3_write(tp, T3_MSI_MODE, 0);
		if (setup_intx(tp))
			return -EIO;
	}
	if (tp->irq_mode == TG3_IRQ_INTX) {
		if (irq_test(tp))
			return 0;
		pr_warn("%s: no interrupt arrived by INTx within %u ms either: polling\n",
			tg3_name(tp), TG3_IRQ_TEST_MS);
		release_vector(tp);
		tp->irq_mode = TG3_IRQ_POLL;
	}
	pr_warn("%s: no working interrupt: polled every %llu us\n", tg3_name(tp),
		(unsigned long long)(TG3_POLL_PERIOD_NS / NSEC_PER_USEC));
	return 0;
}

void tg3_irq_start(struct tg3 *tp)
{
	if (tp->irq_mode == TG3_IRQ_POLL)
		ktimer_arm(&tp->poll_timer, ktime_get_ns() + TG3_POLL_PERIOD_NS);
}

void tg3_irq_teardown(struct tg3 *tp)
{
	ktimer_cancel(&tp->poll_timer);
	release_vector(tp);
}

void tg3_irq_init(struct tg3 *tp)
{
	tp->poll_timer.fn = poll_timer_fn;
}

static const char *irq_mode_name(enum tg3_irq_mode mode)
{
	switch (mode) {
	case TG3_IRQ_MSI: return "MSI";
	case TG3_IRQ_INTX: return "INTx";
	case TG3_IRQ_POLL: return "polling";
	default: return "none";
	}
}

const char *tg3_irq_mode_name(const struct tg3 *tp)
{
	return irq_mode_name(tp->irq_mode);
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
	tp->in_poll = false;
	if (done >= budget || !napi_complete_done(napi, done))
		return done;
	if (tp->state != TG3_ST_RUNNING || tp->irq_mode == TG3_IRQ_POLL)
		return done; /* the reset (or the poll timer) carries on from here */
	tg3_write(tp, T3_MBOX_IRQ0, 0);
	mb(); /* the unmask (a store) before the status block loads that follow */
	/* An update that landed after we looked: poll again rather than wait for it. */
	if (has_work(tp)) {
		tg3_write(tp, T3_MBOX_IRQ0, 1);
		napi_schedule(napi);
	}
	return done;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * One shared INTx line, one NAPI instance per port.
 *
 * Reading B0_SP_ISRC returns the pending sources and masks the chip's
 * interrupt as a side effect; writing B0_IMSK lets it interrupt again. So
 * every path through the handler ends with a write of B0_IMSK, the "not mine"
 * path included, or the chip would stay silent for good after another
 * device's interrupt.
 *
 * A port's end-of-frame sources belong to its NAPI instance: the handler
 * takes them out of the software mask and schedules that instance; its poll
 * puts them back once napi_complete_done() agrees, so the chip never
 * interrupts for a port whose poll is scheduled while the other port keeps
 * interrupting normally. MAC events (FIFO overrun/underrun) are taken out of
 * the mask too and handled from a zero-delay timer, outside the packet path.
 * The mask is shared by both ports and the handler: it changes only with
 * interrupts off.
 */
#define pr_fmt(fmt) "skge: " fmt

#include "drivers/skge/skge.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"

/* Sources the handler takes out of the mask, pending or not. */
static void dispatch(struct skge_hw *hw, u32 status)
{
	bool events = false;

	for (unsigned int i = 0; i < hw->ports; i++) {
		struct skge_port *p = &hw->port[i];

		if (status & p->irq_bits) {
			hw->intr_mask &= ~p->irq_bits;
			p->ctr.napi_schedules++;
			napi_schedule_from_irq(&p->napi);
		}
		if (status & p->mac_bit) {
			hw->intr_mask &= ~p->mac_bit;
			hw->events_pending |= p->mac_bit;
			events = true;
		}
	}
	if (status & SKGE_IS_HW_ERR) {
		hw->intr_mask &= ~SKGE_IS_HW_ERR;
		hw->events_pending |= SKGE_IS_HW_ERR;
		events = true;
	}
	if (events) {
		hw->ctr.deferred_events++;
		ktimer_arm(&hw->event_timer, ktime_get_ns());
	}
}

irqreturn_t skge_interrupt(void *ctx)
{
	struct skge_hw *hw = ctx;
	u32 status = skge_read32(hw, SKGE_B0_SP_ISRC);

	/* Nothing of ours, or the chip is gone (all ones): another device's turn. */
	if (status == 0 || status == 0xFFFFFFFFu || !(status & hw->intr_mask)) {
		hw->ctr.irq_not_ours++;
		skge_write32(hw, SKGE_B0_IMSK, hw->intr_mask);
		return IRQ_NONE;
	}
	hw->ctr.interrupts++;
	dispatch(hw, status & hw->intr_mask);
	skge_write32(hw, SKGE_B0_IMSK, hw->intr_mask);
	return IRQ_HANDLED;
}

static void mask_update(struct skge_hw *hw, u32 set, u32 clear)
{
	unsigned long flags = local_irq_save();

	hw->intr_mask = (hw->intr_mask | set) & ~clear;
	skge_write32(hw, SKGE_B0_IMSK, hw->intr_mask);
	local_irq_restore(flags);
}

void skge_irq_port_on(struct skge_port *p)
{
	skge_write32(p->hw, SKGE_B0_HWE_IMSK, p->hw->hwe_mask);
	mask_update(p->hw, p->irq_bits | p->mac_bit | SKGE_IS_HW_ERR, 0);
}

void skge_irq_port_off(struct skge_port *p)
{
	unsigned long flags = local_irq_save();

	p->hw->events_pending &= ~p->mac_bit;
	local_irq_restore(flags);
	/* Hardware errors stay reported while the other port is open. */
	mask_update(p->hw, 0,
		    p->irq_bits | p->mac_bit | (p->hw->ports_open > 1 ? 0 : SKGE_IS_HW_ERR));
}

/*
 * Poll a port from outside its interrupt (refill, watchdog): its sources
 * leave the mask first, as the handler would take them, so the chip does not
 * interrupt for a port whose poll is already scheduled.
 */
void skge_schedule_port(struct skge_port *p)
{
	struct skge_hw *hw = p->hw;
	unsigned long flags = local_irq_save();

	hw->intr_mask &= ~p->irq_bits;
	skge_write32(hw, SKGE_B0_IMSK, hw->intr_mask);
	napi_schedule(&p->napi);
	local_irq_restore(flags);
}

int skge_poll(struct napi_struct *napi, int budget)
{
	struct skge_port *p = container_of(napi, struct skge_port, napi);
	struct skge_hw *hw = p->hw;
	int done;

	/*
	 * Budget 0 (netpoll): reclaim sent frames and nothing else, leaving the
	 * end-of-frame interrupts, the receive ring and its refill to the real poll.
	 */
	if (!budget) {
		skge_tx_reclaim(p);
		return 0;
	}
	p->in_poll = true;
	/* Acknowledge first: a frame that completes from here on raises EOF again. */
	skge_write32(hw, p->rx_q + SKGE_Q_CSR, SKGE_Q_CSR_CLR_IRQ_EOF);
	skge_write32(hw, p->tx_q + SKGE_Q_CSR, SKGE_Q_CSR_CLR_IRQ_EOF);
	skge_tx_reclaim(p);
	done = skge_rx(p, budget);
	skge_rx_refill(p);
	p->in_poll = false;
	if (done >= budget || !napi_complete_done(napi, done))
		return done;
	if (p->opened)
		mask_update(hw, p->irq_bits, 0);
	return done;
}

/*
 * Hardware errors: parity failures in the RAM buffer, a MAC's transmit FIFO
 * or a receive queue. Each is counted, logged (rate-limited) and cleared at
 * the block that raised it; the frame it hit is dropped or retried by the
 * chip. A source whose clear does not hold for SKGE_HWE_REPEATS handlings in
 * a row is a failing part: it is masked, counted and said once, rather than
 * interrupting forever.
 */
#define SKGE_HWE_REPEATS 8

static void hw_error_clear(struct skge_hw *hw, u32 src)
{
	bool yukon_rev0 = hw->chip_id == SKGE_CHIP_ID_YUKON && hw->chip_rev == 0;

	if (src & (SKGE_HWE_RAM_RD | SKGE_HWE_RAM_WR))
		skge_write16(hw, SKGE_B3_RI_CTRL,
			     (u16)((src & SKGE_HWE_RAM_RD ? SKGE_RI_CLR_RD_PERR : 0) |
				   (src & SKGE_HWE_RAM_WR ? SKGE_RI_CLR_WR_PERR : 0)));
	for (unsigned int i = 0; i < SKGE_MAX_PORTS; i++) {
		if (src & (i ? SKGE_HWE_M2_PAR : SKGE_HWE_M1_PAR)) {
			if (hw->chip == SKGE_GENESIS)
				skge_write16(hw, SKGE_XMF_TX(i) + SKGE_XMF_MAC_CTRL,
					     SKGE_MFF_CLR_PERR);
			else
				skge_write8(hw, SKGE_GMF_TX(i) + SKGE_GMF_CTRL_T,
					    yukon_rev0 ? SKGE_GMF_CLI_TX_FC : SKGE_GMF_CLI_TX_PE);
		}
		if (src & (i ? SKGE_HWE_R2_PAR : SKGE_HWE_R1_PAR))
			skge_write32(hw, SKGE_Q_RX(i) + SKGE_Q_CSR, SKGE_Q_CSR_CLR_IRQ_PAR);
	}
}

static void hw_errors(struct skge_hw *hw)
{
	u32 src = skge_read32(hw, SKGE_B0_HWE_ISRC) & hw->hwe_mask;
	u32 left;

	if (src & (SKGE_HWE_RAM_RD | SKGE_HWE_RAM_WR))
		hw->ctr.hw_err_ram_parity++;
	if (src & (SKGE_HWE_M1_PAR | SKGE_HWE_M2_PAR))
		hw->ctr.hw_err_mac_parity++;
	if (src & (SKGE_HWE_R1_PAR | SKGE_HWE_R2_PAR))
		hw->ctr.hw_err_rx_parity++;
	if (src && skge_log_event(hw->ctr.hw_err_ram_parity + hw->ctr.hw_err_mac_parity +
				  hw->ctr.hw_err_rx_parity))
		pr_err("%s: hardware error 0x%02x (RAM buffer, MAC FIFO or receive queue "
		       "parity): cleared\n",
		       hw->pdev->name, src);
	hw_error_clear(hw, src);
	left = skge_read32(hw, SKGE_B0_HWE_ISRC) & src;
	hw->hwe_repeats = left ? hw->hwe_repeats + 1 : 0;
	if (hw->hwe_repeats < SKGE_HWE_REPEATS)
		return;
	hw->hwe_mask &= ~left;
	hw->hwe_repeats = 0;
	hw->ctr.hw_err_masked++;
	skge_write32(hw, SKGE_B0_HWE_IMSK, hw->hwe_mask);
	pr_err("%s: hardware error 0x%02x comes back after every clear: no longer reported "
	       "(hw_err_masked)\n",
	       hw->pdev->name, left);
}

/* MAC interrupts and hardware errors, from a timer: read and clear at the source, log, re-enable. */
static void event_work(struct ktimer *t)
{
	struct skge_hw *hw = container_of(t, struct skge_hw, event_timer);
	unsigned long irqf = local_irq_save();
	bool hw_err = hw->events_pending & SKGE_IS_HW_ERR;

	hw->events_pending &= ~SKGE_IS_HW_ERR;
	local_irq_restore(irqf);
	if (hw_err) {
		hw_errors(hw);
		mask_update(hw, SKGE_IS_HW_ERR, 0);
	}

	for (unsigned int i = 0; i < hw->ports; i++) {
		struct skge_port *p = &hw->port[i];
		unsigned long flags = local_irq_save();
		bool pending = hw->events_pending & p->mac_bit;

		hw->events_pending &= ~p->mac_bit;
		local_irq_restore(flags);
		if (!pending || !p->opened)
			continue;
		p->ctr.mac_events++;
		hw->mac->event(p);
		skge_link_update(p);
		mask_update(hw, p->mac_bit, 0);
	}
}

/*
 * A source that is pending and enabled on two service ticks in a row, with
 * no interrupt for its port in between, never reached the handler (the
 * moderation timer delays interrupts by far less than a tick): handle it as
 * the interrupt would have. ISRC, unlike SP_ISRC, reads without masking.
 * Returns 1 when it did (the ladder's watchdog counts it as irq_lost), else 0.
 */
unsigned int skge_irq_check_lost(struct skge_hw *hw)
{
	unsigned long flags = local_irq_save();
	u32 pending = skge_read32(hw, SKGE_B0_ISRC) & hw->intr_mask;
	u32 stuck = pending & hw->lost_seen;

	for (unsigned int i = 0; i < hw->ports; i++) {
		struct skge_port *p = &hw->port[i];

		/* Its interrupts came meanwhile: busy, not lost. */
		if (p->ctr.napi_schedules != p->schedules_seen)
			stuck &= ~p->irq_bits;
		p->schedules_seen = p->ctr.napi_schedules;
	}
	if (hw->ctr.deferred_events != hw->events_seen)
		stuck &= ~(SKGE_IS_MAC1 | SKGE_IS_MAC2);
	hw->events_seen = hw->ctr.deferred_events;
	hw->lost_seen = pending & ~stuck;
	if (!stuck || pending == 0xFFFFFFFFu) {
		local_irq_restore(flags);
		return 0;
	}
	dispatch(hw, stuck);
	skge_write32(hw, SKGE_B0_IMSK, hw->intr_mask);
	local_irq_restore(flags);
	pr_debug("%s: interrupt sources 0x%08x pending without an interrupt: handled from the "
		 "timer\n",
		 hw->pdev->name, stuck);
	return 1;
}

void skge_irq_init(struct skge_hw *hw)
{
	hw->event_timer.fn = event_work;
}

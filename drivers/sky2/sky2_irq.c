// SPDX-License-Identifier: BSD-2-Clause
/*
 * One interrupt and one NAPI instance per controller, whatever the port count.
 *
 * Handler: reading B0_Y2_SP_ISRC2 returns the sources and masks the
 * interrupt. Nothing (0) or all ones (the device is gone) is not ours: write
 * ICR=2 so a shared line is not left masked, and say so. Otherwise note the
 * sources for the poll and schedule the one NAPI; it stays masked until that
 * poll completes and writes ICR=2, so no interrupt arrives while the instance
 * is scheduled.
 *
 * The interrupt ladder (kernel/pci/pci_irq_ladder.h) offers MSI, else shared
 * INTx; `sky2.irq=intx` caps it. MSI is proven at probe with the chip's
 * software interrupt; if none arrives the ladder steps down to INTx, which is
 * tested the same way, and says why. The ladder's 1 s watchdog reads B0_ISRC
 * (which does not mask) and schedules the poll itself when an unmasked source
 * is pending that no interrupt told us about; the same tick folds the MIB
 * counters before they wrap.
 */
#define pr_fmt(fmt) "sky2: " fmt

#include <errno.h>
#include <stdio.h>

#include "drivers/sky2/sky2.h"
#include "kernel/x86/irq.h"
#include "kernel/x86/irqflags.h"
#include "kernel/pci/msi.h"
#include "kernel/console/printk.h"

static void unmask(struct sky2_hw *hw)
{
	sky2_write32(hw, B0_Y2_SP_ICR, ICR_UNMASK);
}

static irqreturn_t sky2_interrupt(void *ctx)
{
	struct sky2_hw *hw = ctx;
	u32 src = sky2_read32(hw, B0_Y2_SP_ISRC2);

	if (src == 0 || src == 0xFFFFFFFFu) {
		hw->ctr.interrupts_not_ours++;
		unmask(hw);
		return IRQ_NONE;
	}
	hw->ctr.interrupts++;
	if (src & ISRC_IRQ_SW) {
		sky2_write16(hw, B0_CTST, CTST_SW_IRQ_CLR);
		hw->ctr.sw_interrupts++;
		WRITE_ONCE(hw->sw_irq_seen, hw->sw_irq_seen + 1);
		src &= ~ISRC_IRQ_SW;
	}
	hw->pending_src |= src;
	if (!src || hw->irq_testing || !hw->open_ports) {
		unmask(hw);
		return IRQ_HANDLED;
	}
	napi_schedule_from_irq(&hw->napi);
	return IRQ_HANDLED;
}

static int request_vector(struct sky2_hw *hw)
{
	int vec = irq_ladder_vector(&hw->irq, 0);
	int err;

	if (vec < 0)
		return vec;
	err = request_irq((u8)vec, sky2_interrupt, hw, hw->irq_name);
	if (err)
		return err;
	hw->irq_vector = vec;
	hw->irq_requested = true;
	return 0;
}

static void free_vector(struct sky2_hw *hw)
{
	if (hw->irq_requested)
		free_irq((u8)hw->irq_vector, hw);
	hw->irq_requested = false;
}

static bool sw_irq_arrived(void *ctx)
{
	struct sky2_hw *hw = ctx;

	return READ_ONCE(hw->sw_irq_seen) != hw->sw_irq_before;
}

/* Raise the chip's software interrupt with only it unmasked, and see whether it arrives. */
static bool irq_selftest(struct sky2_hw *hw)
{
	bool seen;

	hw->sw_irq_before = READ_ONCE(hw->sw_irq_seen);
	hw->irq_testing = true;
	sky2_write32(hw, B0_IMSK, ISRC_IRQ_SW);
	sky2_write16(hw, B0_CTST, CTST_SW_IRQ_SET);
	seen = irq_wait_open(sw_irq_arrived, hw, SKY2_IRQ_TEST_MS * 1000);
	sky2_write32(hw, B0_IMSK, hw->imask);
	if (!seen)
		sky2_write16(hw, B0_CTST, CTST_SW_IRQ_CLR);
	hw->irq_testing = false;
	return seen;
}

static unsigned int watch(void *drv, enum irq_ladder_mode mode);

static const struct irq_ladder_plan sky2_irq_plan = {
	.option = "sky2.irq",
	.allowed = IRQ_LADDER_ALLOW(IRQ_LADDER_MSI) | IRQ_LADDER_ALLOW(IRQ_LADDER_INTX),
	.watchdog_period_ns = SKY2_WATCHDOG_NS,
	.watch = watch,
};

/* A rung whose handler cannot be attached is as dead as one that never interrupts. */
static int request_or_fall_back(struct sky2_hw *hw)
{
	int err;

	for (;;) {
		err = request_vector(hw);
		if (!err)
			return 0;
		err = irq_ladder_fall_back(&hw->irq, "the interrupt handler could not be attached");
		if (err)
			return err;
	}
}

int sky2_irq_setup(struct sky2_hw *hw)
{
	char why[80];
	int err;

	irq_ladder_init(&hw->irq, hw->pdev->name, hw->pdev, &sky2_irq_plan, hw);
	err = irq_ladder_setup(&hw->irq);
	if (!err)
		err = request_or_fall_back(hw);
	if (err)
		return err;
	if (hw->irq.mode == IRQ_LADDER_MSI) {
		if (irq_selftest(hw))
			return 0;
		hw->ctr.msi_fallbacks++;
		free_vector(hw);
		snprintf(why, sizeof(why),
			 "the software interrupt did not arrive by MSI within %u ms",
			 (unsigned int)SKY2_IRQ_TEST_MS);
		err = irq_ladder_fall_back(&hw->irq, why);
		if (!err)
			err = request_or_fall_back(hw);
		if (err)
			return err;
	}
	/* INTx is the last rung: a dead line leaves the watchdog to notice events. */
	if (!irq_selftest(hw))
		pr_warn("%s: the software interrupt did not arrive by INTx within %u ms either: "
			"only the 1 s watchdog will notice events\n",
			hw->pdev->name, SKY2_IRQ_TEST_MS);
	return 0;
}

/*
 * The vector was requested (and proven) before the ports had names; take it
 * again under the name that lists them, so `irq` shows what it serves. Every
 * source is masked here, so nothing can arrive in between.
 */
void sky2_irq_rename(struct sky2_hw *hw)
{
	if (!hw->irq_requested)
		return;
	free_irq((u8)hw->irq_vector, hw);
	if (request_irq((u8)hw->irq_vector, sky2_interrupt, hw, hw->irq_name)) {
		pr_err("%s: interrupt vector %d could not be taken back\n", hw->pdev->name,
		       hw->irq_vector);
		hw->irq_requested = false;
	}
}

void sky2_irq_teardown(struct sky2_hw *hw)
{
	irq_ladder_stop(&hw->irq);
	free_vector(hw);
	irq_ladder_release(&hw->irq);
}

const char *sky2_irq_mode_name(const struct sky2_hw *hw)
{
	return irq_ladder_mode_name(hw->irq.mode);
}

/* Sources for the open ports, the status unit and hardware errors; nothing when none is open. */
void sky2_irq_update_masks(struct sky2_hw *hw)
{
	u32 im = 0, hwe = 0;

	for (unsigned int i = 0; i < hw->nports; i++) {
		if (!hw->port[i].opened)
			continue;
		im |= ISRC_PORT(i, ISRC_PORT_BITS);
		hwe |= HWE_PORT(i, HWE_PORT_BITS);
	}
	if (im) {
		im |= ISRC_STAT_BMU | ISRC_HW_ERR;
		hwe |= HWE_GLOBAL_BITS;
	}
	hw->hwe_mask = hwe & ~hw->hwe_disabled;
	hw->imask = im;
	sky2_write32(hw, B0_HWE_IMSK, hw->hwe_mask);
	sky2_write32(hw, B0_IMSK, hw->imask);
	(void)sky2_read32(hw, B0_IMSK);
}

static void clear_port_hw_errors(struct sky2_hw *hw, unsigned int i, u32 bits)
{
	struct sky2_port *p = &hw->port[i];

	if (bits & HWE_PAR_RD)
		sky2_write16(hw, i * B3_RI_STRIDE + B3_RI_CTRL, RI_CLR_RD_PERR);
	if (bits & HWE_PAR_WR)
		sky2_write16(hw, i * B3_RI_STRIDE + B3_RI_CTRL, RI_CLR_WR_PERR);
	if (bits & HWE_PAR_MAC)
		sky2_write32(hw, PORT_REG(i, TXF_CTRL_T), MF_CLI_TX_PE);
	if (bits & HWE_PAR_RX)
		sky2_write32(hw, Q_BASE + p->rxq + Q_CSR, CSR_CLR_IRQ_PAR);
	if (bits & HWE_TCP_TXA)
		sky2_write32(hw, Q_BASE + p->txq + Q_CSR, CSR_CLR_IRQ_PAR);
	if (bits)
		p->ctr.hw_parity_errors++;
}

static void hw_error(struct sky2_hw *hw)
{
	u32 hwe = sky2_read32(hw, B0_HWE_ISRC);
	u32 left;

	hw->ctr.hw_errors++;
	pr_err("%s: hardware error interrupt, sources 0x%08x\n", hw->pdev->name, hwe);
	if (hwe & (HWE_PCI_NEXP | HWE_MASTER_ERR)) {
		u16 st = pci_read_config_word(hw->pdev, PCI_STATUS);

		pr_err("%s: PCI error, status 0x%04x\n", hw->pdev->name, st);
		sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_ON);
		pci_write_config_word(hw->pdev, PCI_STATUS, (u16)(st | 0xF900u));
		sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_OFF);
	}
	if (hwe & HWE_PCI_EXP) {
		u32 unc = sky2_cfg_read32(hw, PCI_Y2_PEX_UNC_ERR);

		pr_err("%s: PCIe error, uncorrectable status 0x%08x\n", hw->pdev->name, unc);
		sky2_cfg_write32(hw, PCI_Y2_PEX_UNC_ERR, 0xFFFFFFFFu);
	}
	if (hwe & HWE_STATUS)
		sky2_write32(hw, ST_CTRL, ST_CLR_IRQ);
	for (unsigned int i = 0; i < hw->nports; i++)
		clear_port_hw_errors(hw, i, (hwe >> (i * HWE_PORT_SHIFT)) & HWE_PORT_BITS);

	/* Whatever did not clear would storm: stop listening to it, loudly. */
	left = sky2_read32(hw, B0_HWE_ISRC) & hw->hwe_mask;
	if (left) {
		pr_err("%s: hardware error sources 0x%08x do not clear: masked from now on\n",
		       hw->pdev->name, left);
		hw->hwe_disabled |= left;
		hw->hwe_mask &= ~left;
		sky2_write32(hw, B0_HWE_IMSK, hw->hwe_mask);
	}
}

static void desc_check(struct sky2_port *p, u16 queue, u64 *counter, const char *what)
{
	struct sky2_hw *hw = p->hw;
	u32 pf = PF_BASE + queue;

	(*counter)++;
	pr_err("%s: %s descriptor check: GET %u PUT %u LAST %u\n", sky2_port_name(p), what,
	       sky2_read16(hw, pf + PF_GET_IDX), sky2_read16(hw, pf + PF_PUT_IDX),
	       sky2_read16(hw, pf + PF_LAST_IDX));
	sky2_write32(hw, Q_BASE + queue + Q_CSR, CSR_CLR_IRQ_CHK);
}

static void mac_intr(struct sky2_port *p)
{
	struct sky2_hw *hw = p->hw;
	u8 src = sky2_read8(hw, PORT_REG(p->index, GMAC_IRQ_SRC));

	if (src & GMIRQ_RX_OVERRUN) {
		p->ctr.mac_rx_overrun++;
		sky2_write32(hw, PORT_REG(p->index, RXF_CTRL_T), MF_CLI_RX_FO);
	}
	if (src & GMIRQ_TX_UNDERRUN) {
		p->ctr.mac_tx_underrun++;
		sky2_write32(hw, PORT_REG(p->index, TXF_CTRL_T), MF_CLI_TX_FU);
	}
}

static void port_events(struct sky2_port *p, u32 bits)
{
	if (bits & ISRC_PHY)
		sky2_phy_intr(p);
	if (bits & ISRC_MAC)
		mac_intr(p);
	if (bits & ISRC_CHK_RX)
		desc_check(p, p->rxq, &p->ctr.desc_check_rx, "receive");
	if (bits & ISRC_CHK_TXA)
		desc_check(p, p->txq, &p->ctr.desc_check_tx, "transmit");
}

static void set_in_poll(struct sky2_hw *hw, bool on)
{
	for (unsigned int i = 0; i < hw->nports; i++)
		hw->port[i].in_poll = on;
}

int sky2_poll(struct napi_struct *napi, int budget)
{
	struct sky2_hw *hw = container_of(napi, struct sky2_hw, napi);
	unsigned long flags;
	u32 src;
	int work;

	/*
	 * Budget 0 (netpoll) may only reclaim transmits. sky2 learns of them from
	 * the status ring, which carries received frames in the same order, so it
	 * cannot take one without the other: it takes nothing, and leaves the
	 * handler's cause bits and the ring to the real poll.
	 */
	if (!budget)
		return 0;
	flags = local_irq_save();
	src = hw->pending_src;
	hw->pending_src = 0;
	local_irq_restore(flags);

	set_in_poll(hw, true);
	if (src & ISRC_HW_ERR)
		hw_error(hw);
	for (unsigned int i = 0; i < hw->nports; i++) {
		u32 bits = (src >> (i * ISRC_PORT_SHIFT)) & ISRC_PORT_BITS;

		if (bits && hw->port[i].opened)
			port_events(&hw->port[i], bits);
	}
	work = sky2_status_drain(hw, budget);
	set_in_poll(hw, false);
	if (work >= budget)
		return work;
	/* Drained: let the status unit raise its interrupt again for what comes next. */
	sky2_write32(hw, ST_CTRL, ST_CLR_IRQ);
	if (!napi_complete_done(napi, work))
		return work;
	if (sky2_status_pending(hw) || READ_ONCE(hw->pending_src)) {
		/* Arrived while we finished: poll again, the interrupt still masked. */
		napi_schedule(napi);
		return work;
	}
	unmask(hw);
	return work;
}

/*
 * The ladder's 1 s watchdog: a lost interrupt (a lost PHY interrupt included:
 * its source stays pending in B0_ISRC; the ladder counts and logs the rescue),
 * and the MIB counters folded before they wrap.
 */
static unsigned int watch(void *drv, enum irq_ladder_mode mode)
{
	struct sky2_hw *hw = drv;
	unsigned long flags;
	unsigned int caught = 0;
	u32 pending;

	if (!hw->open_ports)
		return 0;
	flags = local_irq_save();
	pending = sky2_read32(hw, B0_ISRC) & hw->imask;
	if (pending && !napi_is_scheduled(&hw->napi)) {
		/* Take the sources the way the handler would, masking the interrupt. */
		u32 src = sky2_read32(hw, B0_Y2_SP_ISRC2);

		caught = 1;
		if (src != 0xFFFFFFFFu)
			hw->pending_src |= src & ~ISRC_IRQ_SW;
		if (!napi_schedule(&hw->napi))
			unmask(hw);
	}
	local_irq_restore(flags);
	for (unsigned int i = 0; i < hw->nports; i++)
		if (hw->port[i].opened)
			sky2_mib_update(&hw->port[i]);
	return caught;
}

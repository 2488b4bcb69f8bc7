// SPDX-License-Identifier: BSD-2-Clause
/*
 * The controller: what chip it is, its reset, the on-board packet RAM split
 * between ports and directions, and bringing one port's data path (BMUs, RAM
 * buffers, MAC FIFOs, transmit arbiter) up and down in the order the chip
 * needs: every block out of reset before it is configured, bounds before it
 * is switched on, the MAC configured before its FIFOs feed it.
 *
 * The BMUs only drive 32 address bits here: every ring and buffer comes from
 * DMA_32BIT memory, and a ring must not cross a 4 GiB boundary (the chip keeps
 * one high word per queue), which is checked, not assumed.
 */
#define pr_fmt(fmt) "skge: " fmt

#include <errno.h>
#include <string.h>

#include "drivers/skge/skge.h"
#include "kernel/console/printk.h"

#define SKGE_STOP_POLLS 1000 /* 1 us apart */

static const char *yukon_name(const struct skge_hw *hw)
{
	if (hw->lite_a0)
		return "Yukon-Lite A0";
	switch (hw->chip_id) {
	case SKGE_CHIP_ID_YUKON: return "Yukon";
	case SKGE_CHIP_ID_YUKON_LITE: return "Yukon-Lite";
	default: return "Yukon-LP";
	}
}

/*
 * A Yukon-Lite A0 reports the plain Yukon's chip ID; it tells itself apart by
 * a flash address register whose top byte is writable (on the others it
 * reads back 0). The register is put back as it was.
 */
static bool is_yukon_lite_a0(struct skge_hw *hw)
{
	u32 far = skge_read32(hw, SKGE_B2_FAR);
	bool a0;

	skge_write8(hw, SKGE_B2_FAR + 3, 0xFF);
	a0 = skge_read8(hw, SKGE_B2_FAR + 3) != 0;
	skge_write32(hw, SKGE_B2_FAR, far);
	return a0;
}

/* Genesis RAM size from the EPROM0 code; false for a code we do not know. */
static bool genesis_ram(struct skge_hw *hw, u8 code)
{
	switch (code) {
	case SKGE_RAM_512K_64: hw->ram_size = 0x80000; break;
	case SKGE_RAM_1024K_128: hw->ram_size = 0x100000; break;
	case SKGE_RAM_1024K_64:
		/* 1 MiB of which the upper half is used: Linux's skge_reset and FreeBSD agree. */
		hw->ram_size = 0x80000;
		hw->ram_offset = 0x80000;
		return true;
	case SKGE_RAM_2048K_128: hw->ram_size = 0x200000; break;
	default: return false;
	}
	hw->ram_offset = 0;
	return true;
}

int skge_chip_identify(struct skge_hw *hw)
{
	const char *bdf = hw->pdev->name;
	u8 cfg, ram;

	hw->chip_id = skge_read8(hw, SKGE_B2_CHIP_ID);
	cfg = skge_read8(hw, SKGE_B2_MAC_CFG);
	hw->chip_rev = cfg >> SKGE_MAC_CFG_REV_SHIFT;
	switch (hw->chip_id) {
	case SKGE_CHIP_ID_GENESIS:
		hw->chip = SKGE_GENESIS;
		hw->mac = &skge_xmac_ops;
		hw->chip_name = "Genesis";
		hw->irqm_ticks = SKGE_IRQM_TICKS_GENESIS;
		break;
	case SKGE_CHIP_ID_YUKON:
	case SKGE_CHIP_ID_YUKON_LITE:
	case SKGE_CHIP_ID_YUKON_LP:
		hw->chip = SKGE_YUKON;
		hw->mac = &skge_gmac_ops;
		hw->lite_a0 = hw->chip_id == SKGE_CHIP_ID_YUKON && is_yukon_lite_a0(hw);
		hw->coma_pin = hw->chip_id == SKGE_CHIP_ID_YUKON_LITE &&
			       hw->chip_rev >= SKGE_YUKON_LITE_REV_A3;
		hw->chip_name = yukon_name(hw);
		hw->irqm_ticks = SKGE_IRQM_TICKS_YUKON;
		break;
	default:
		if (hw->chip_id >= SKGE_CHIP_ID_YUKON2_FIRST && hw->chip_id < 0xC0)
			pr_warn("%s: chip ID 0x%02x is a Yukon-2, which sky2 drives: not driven\n",
				bdf, hw->chip_id);
		else
			pr_warn("%s: chip ID 0x%02x (rev %u) is neither a Genesis (0x0a) nor a "
				"Yukon (0xb0-0xb2): not driven\n",
				bdf, hw->chip_id, hw->chip_rev);
		return -ENODEV;
	}
	hw->ports = (cfg & SKGE_MAC_CFG_SINGLE_MAC) ? 1 : 2;
	hw->pmd_type = skge_read8(hw, SKGE_B2_PMD_TYP);
	hw->copper = hw->pmd_type == 'T' || hw->pmd_type == '1';
	ram = skge_read8(hw, SKGE_B2_E_0);
	if (hw->chip == SKGE_GENESIS) {
		if (!genesis_ram(hw, ram)) {
			pr_warn("%s: Genesis with unknown RAM size code %u in EPROM0: not driven\n",
				bdf, ram);
			return -ENODEV;
		}
	} else {
		hw->ram_size = ram ? ram * SKGE_RAM_YUKON_UNIT : SKGE_RAM_YUKON_DEFAULT;
		hw->ram_offset = 0;
	}
	return 0;
}

/*
 * Whole-chip reset: software and master reset pulses, then the blocks every
 * port shares: packet arbiter (Genesis), RAM interface, interrupt moderation.
 * Interrupts stay masked; ports add their sources when they open.
 */
void skge_chip_reset(struct skge_hw *hw)
{
	skge_write32(hw, SKGE_B0_IMSK, 0);
	hw->intr_mask = 0;
	hw->hwe_mask = SKGE_HWE_PARITY;
	hw->hwe_repeats = 0;
	skge_write16(hw, SKGE_B0_CTST, SKGE_CTST_SW_RST_SET);
	skge_write16(hw, SKGE_B0_CTST, SKGE_CTST_MST_RST_SET);
	mdelay(1);
	skge_write16(hw, SKGE_B0_CTST, SKGE_CTST_SW_RST_CLR);
	udelay(2);
	skge_write16(hw, SKGE_B0_CTST, SKGE_CTST_MST_RST_CLR);
	/* The GMAC links have their own reset, usable once the chip's is released. */
	if (hw->chip == SKGE_YUKON) {
		for (unsigned int i = 0; i < hw->ports; i++) {
			skge_write16(hw, SKGE_GMAC_LINK_CTRL(i), SKGE_GMAC_LINK_RST_SET);
			skge_write16(hw, SKGE_GMAC_LINK_CTRL(i), SKGE_GMAC_LINK_RST_CLR);
		}
	}

	if (hw->chip == SKGE_GENESIS) {
		skge_write16(hw, SKGE_B3_PA_CTRL, SKGE_PA_CTRL_RST_CLR);
		for (unsigned int q = 0; q < 4; q++)
			skge_write16(hw, SKGE_B3_PA_TOINI_RX1 + 4 * q, SKGE_PA_TIMEOUT);
	}
	skge_write16(hw, SKGE_B3_RI_CTRL, SKGE_RI_CTRL_RST_CLR);
	/* Each queue's RAM access gives up after 53 us, as both reference drivers set it. */
	for (unsigned int q = 0; q < SKGE_B3_RI_TIMEOUT_N; q++)
		skge_write8(hw, SKGE_B3_RI_TIMEOUTS + q, SKGE_RI_TIMEOUT_53US);

	skge_write32(hw, SKGE_B2_IRQM_INI, SKGE_IRQM_USECS * hw->irqm_ticks);
	skge_write32(hw, SKGE_B2_IRQM_MSK,
		     SKGE_IS_R1_EOF | SKGE_IS_R2_EOF | SKGE_IS_XS1_EOF | SKGE_IS_XS2_EOF);
	skge_write8(hw, SKGE_B2_IRQM_CTL, SKGE_IRQM_CTL_START);
	skge_write8(hw, SKGE_B0_LED, SKGE_LED_STAT_ON);
}

/*
 * Registers, interrupt bits and RAM share of a port. The RAM is split evenly
 * between the ports, and each share evenly between receive and transmit, in
 * the 8-byte units the RAM buffer registers count.
 */
void skge_port_setup(struct skge_hw *hw, unsigned int port)
{
	struct skge_port *p = &hw->port[port];
	u32 share = hw->ram_size / hw->ports;
	u32 start = (hw->ram_offset + share * port) / 8;
	u32 half = share / 2 / 8;

	p->hw = hw;
	p->port = port;
	p->rx_q = SKGE_Q_RX(port);
	p->tx_q = SKGE_Q_TX_SYNC(port);
	p->rx_rb = SKGE_RB_RX(port);
	p->tx_rb = SKGE_RB_TX_SYNC(port);
	p->irq_bits = port ? SKGE_IS_R2_EOF | SKGE_IS_XS2_EOF : SKGE_IS_R1_EOF | SKGE_IS_XS1_EOF;
	p->mac_bit = port ? SKGE_IS_MAC2 : SKGE_IS_MAC1;
	p->ram_rx_start = start;
	p->ram_rx_end = start + half - 1;
	p->ram_tx_start = start + half;
	p->ram_tx_end = start + 2 * half - 1;
}

static void ram_buffer_start(struct skge_port *p, u32 rb, u32 first, u32 last, bool tx)
{
	struct skge_hw *hw = p->hw;

	skge_write8(hw, rb + SKGE_RB_CTRL, SKGE_RB_CTRL_RST_CLR);
	if (tx)
		skge_write8(hw, rb + SKGE_RB_CTRL, SKGE_RB_CTRL_STFWD_ON);
	skge_write32(hw, rb + SKGE_RB_START, first);
	skge_write32(hw, rb + SKGE_RB_WP, first);
	skge_write32(hw, rb + SKGE_RB_RP, first);
	skge_write32(hw, rb + SKGE_RB_END, last);
	skge_write8(hw, rb + SKGE_RB_CTRL, SKGE_RB_CTRL_ON);
}

static void queue_start(struct skge_port *p, u32 q, dma_addr_t ring)
{
	struct skge_hw *hw = p->hw;

	skge_write32(hw, q + SKGE_Q_CSR, SKGE_Q_CSR_ONLINE);
	skge_write32(hw, q + SKGE_Q_DA_L, (u32)ring);
	skge_write32(hw, q + SKGE_Q_DA_H, (u32)(ring >> 32));
}

/* After the MAC is initialised, rings filled: the data path, then interrupts. */
void skge_port_hw_start(struct skge_port *p)
{
	struct skge_hw *hw = p->hw;
	unsigned int i = p->port;

	if (hw->chip == SKGE_GENESIS) {
		skge_write8(hw, SKGE_XMF_RX(i) + SKGE_XMF_CTRL, SKGE_XMF_CTRL_RST_CLR);
		skge_write32(hw, SKGE_XMF_RX(i) + SKGE_XMF_END, SKGE_XMF_END_VALUE);
		skge_write8(hw, SKGE_XMF_RX(i) + SKGE_XMF_CTRL, SKGE_XMF_CTRL_ON);
		skge_write8(hw, SKGE_XMF_TX(i) + SKGE_XMF_CTRL, SKGE_XMF_CTRL_RST_CLR);
		skge_write32(hw, SKGE_XMF_TX(i) + SKGE_XMF_END, SKGE_XMF_END_VALUE);
		skge_write8(hw, SKGE_XMF_TX(i) + SKGE_XMF_CTRL, SKGE_XMF_CTRL_ON);
	}
	/* Both families: the transmit arbiter feeds the MAC from the sync queue. */
	skge_write8(hw, SKGE_TXA_CTRL(i), SKGE_TXA_CTRL_ON | SKGE_TXA_CTRL_FSYNC);
	ram_buffer_start(p, p->rx_rb, p->ram_rx_start, p->ram_rx_end, false);
	ram_buffer_start(p, p->tx_rb, p->ram_tx_start, p->ram_tx_end, true);
	queue_start(p, p->rx_q, p->rx_ring_dma);
	queue_start(p, p->tx_q, p->tx_ring_dma);

	(void)skge_read32(hw, SKGE_B0_ISRC);
	skge_irq_port_on(p);
	skge_write32(hw, p->rx_q + SKGE_Q_CSR, SKGE_Q_CSR_START);
	hw->mac->enable(p);
}

static void queue_stop(struct skge_port *p, u32 q, const char *what)
{
	struct skge_hw *hw = p->hw;
	unsigned int n;

	skge_write32(hw, q + SKGE_Q_CSR, SKGE_Q_CSR_STOP);
	for (n = 0; n < SKGE_STOP_POLLS; n++) {
		u32 csr = skge_read32(hw, q + SKGE_Q_CSR);

		/* UNVERIFIED which one a real BMU shows: FreeBSD waits for STOP to clear. */
		if (!(csr & SKGE_Q_CSR_STOP) || (csr & SKGE_Q_CSR_SV_IDLE))
			break;
		udelay(1);
	}
	if (n == SKGE_STOP_POLLS)
		pr_warn("%s: %s BMU did not stop within %u us (CSR 0x%08x)\n", skge_name(p), what,
			SKGE_STOP_POLLS, skge_read32(hw, q + SKGE_Q_CSR));
}

/* Interrupts off, DMA stopped, every block of the port back in reset. */
void skge_port_hw_stop(struct skge_port *p)
{
	struct skge_hw *hw = p->hw;
	unsigned int i = p->port;

	skge_irq_port_off(p);
	queue_stop(p, p->tx_q, "transmit");
	queue_stop(p, p->rx_q, "receive");
	hw->mac->stop(p);
	if (hw->chip == SKGE_GENESIS) {
		skge_write8(hw, SKGE_XMF_RX(i) + SKGE_XMF_CTRL, SKGE_XMF_CTRL_RST_SET);
		skge_write8(hw, SKGE_XMF_TX(i) + SKGE_XMF_CTRL, SKGE_XMF_CTRL_RST_SET);
	}
	skge_write8(hw, SKGE_TXA_CTRL(i), SKGE_TXA_CTRL_OFF);
	skge_write32(hw, p->rx_q + SKGE_Q_CSR, SKGE_Q_CSR_OFFLINE);
	skge_write8(hw, p->rx_rb + SKGE_RB_CTRL, SKGE_RB_CTRL_RST_SET | SKGE_RB_CTRL_OFF);
	skge_write32(hw, p->tx_q + SKGE_Q_CSR, SKGE_Q_CSR_OFFLINE);
	skge_write8(hw, p->tx_rb + SKGE_RB_CTRL, SKGE_RB_CTRL_RST_SET | SKGE_RB_CTRL_OFF);
}

static struct skge_desc *ring_alloc(struct skge_port *p, unsigned int n, dma_addr_t *bus,
				    const char *what)
{
	size_t len = n * sizeof(struct skge_desc);
	struct skge_desc *ring = dma_alloc(len, 0, DMA_32BIT, bus);

	if (!ring) {
		pr_err("%s: no DMA memory below 4 GiB for the %s ring\n", skge_name(p), what);
		return NULL;
	}
	if (!skge_dma_below_4g(*bus, len) || (*bus & (SKGE_DESC_ALIGN - 1))) {
		pr_err("%s: %s ring at 0x%llx+%zu is not 8-byte aligned below 4 GiB, which "
		       "the BMU needs: refused\n",
		       skge_name(p), what, (unsigned long long)*bus, len);
		dma_free(ring, len);
		return NULL;
	}
	return ring;
}

int skge_rings_alloc(struct skge_port *p)
{
	p->rx_ring = ring_alloc(p, SKGE_RX_RING, &p->rx_ring_dma, "receive");
	p->tx_ring = ring_alloc(p, SKGE_TX_RING, &p->tx_ring_dma, "transmit");
	p->tx_bounce = dma_alloc(SKGE_TX_BOUNCE * SKGE_TX_BOUNCE_SIZE, 0, DMA_32BIT | DMA_STREAMING,
				 &p->tx_bounce_dma);
	if (p->tx_bounce &&
	    !skge_dma_below_4g(p->tx_bounce_dma, SKGE_TX_BOUNCE * SKGE_TX_BOUNCE_SIZE)) {
		pr_err("%s: transmit bounce buffers not below 4 GiB\n", skge_name(p));
		dma_free(p->tx_bounce, SKGE_TX_BOUNCE * SKGE_TX_BOUNCE_SIZE);
		p->tx_bounce = NULL;
	}
	if (!p->rx_ring || !p->tx_ring || !p->tx_bounce || skge_rx_pool_alloc(p)) {
		skge_rings_free(p);
		return -ENOMEM;
	}
	return 0;
}

void skge_rings_free(struct skge_port *p)
{
	if (p->rx_ring)
		dma_free(p->rx_ring, SKGE_RX_RING * sizeof(struct skge_desc));
	if (p->tx_ring)
		dma_free(p->tx_ring, SKGE_TX_RING * sizeof(struct skge_desc));
	if (p->tx_bounce)
		dma_free(p->tx_bounce, SKGE_TX_BOUNCE * SKGE_TX_BOUNCE_SIZE);
	p->rx_ring = NULL;
	p->tx_ring = NULL;
	p->tx_bounce = NULL;
	skge_rx_pool_release(p);
}

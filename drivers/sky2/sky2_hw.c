// SPDX-License-Identifier: BSD-2-Clause
/*
 * Register access and bring-up, in the order the hardware needs it
 * (FreeBSD msk's mskc_reset/msk_init_locked, restated from the facts):
 *
 * controller, once at probe:
 *   1. software reset released, ASF off, software reset pulsed
 *   2. PCI/PCIe error bits cleared, master reset released
 *   3. power: VCC, core clock, clock gating, PHYs out of power-down
 *   4. per port: GPHY and GMAC resets pulsed
 *   5. timers off; RAM interface timeouts on XL, EC, FE
 *   6. every interrupt source masked
 *   7. status unit: reset, ring address, LAST_IDX, thresholds, on
 * port, at open:
 *   GMAC, Rx/Tx MAC FIFOs, RAM buffer, BMUs, prefetch units, rings, masks.
 */
#define pr_fmt(fmt) "sky2: " fmt

#include <errno.h>
#include <string.h>

#include "drivers/sky2/sky2.h"
#include "kernel/mm/io.h"
#include "kernel/console/printk.h"

u8 sky2_read8(struct sky2_hw *hw, u32 reg)
{
	return readb(hw->regs + reg);
}

u16 sky2_read16(struct sky2_hw *hw, u32 reg)
{
	return readw(hw->regs + reg);
}

u32 sky2_read32(struct sky2_hw *hw, u32 reg)
{
	return readl(hw->regs + reg);
}

void sky2_write8(struct sky2_hw *hw, u32 reg, u8 val)
{
	writeb(val, hw->regs + reg);
}

void sky2_write16(struct sky2_hw *hw, u32 reg, u16 val)
{
	writew(val, hw->regs + reg);
}

void sky2_write32(struct sky2_hw *hw, u32 reg, u32 val)
{
	writel(val, hw->regs + reg);
}

/* The GMAC's host interface is 16 bits wide. */
u16 sky2_gm_read(struct sky2_hw *hw, unsigned int port, u32 reg)
{
	return sky2_read16(hw, GM_BASE(port) + reg);
}

void sky2_gm_write(struct sky2_hw *hw, unsigned int port, u32 reg, u16 val)
{
	sky2_write16(hw, GM_BASE(port) + reg, val);
}

/* PCI config through the chip's mirror, which only takes writes between write-on and -off. */
void sky2_cfg_write32(struct sky2_hw *hw, u16 off, u32 val)
{
	sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_ON);
	sky2_write32(hw, B2_CFG_MIRROR + off, val);
	sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_OFF);
}

u32 sky2_cfg_read32(struct sky2_hw *hw, u16 off)
{
	return sky2_read32(hw, B2_CFG_MIRROR + off);
}

static u32 usecs_to_clk(const struct sky2_hw *hw, u32 us)
{
	return hw->clk_mhz * us;
}

/* Extreme and Supreme keep ASF in a microcontroller (HCU): hold it in reset. */
static void asf_disable(struct sky2_hw *hw)
{
	if (hw->chip_id < Y2_CHIP_XL || hw->chip_id > Y2_CHIP_SUPREME)
		return;
	if (hw->quirks & SKY2_Q_HCU) {
		u16 ccsr;

		sky2_write32(hw, B28_CPU_WDOG, 0);
		ccsr = sky2_read16(hw, B28_ASF_STAT_CMD);
		ccsr &= (u16) ~(HCU_CCSR_AHB_RST | HCU_CCSR_CPU_RST | HCU_CCSR_UC_STATE |
				HCU_CCSR_CLK_DIV);
		sky2_write16(hw, B28_ASF_STAT_CMD, ccsr);
		sky2_write32(hw, B28_CPU_WDOG, 0);
	} else {
		sky2_write8(hw, B28_ASF_STAT_CMD, ASF_STAT_RESET);
	}
	sky2_write16(hw, B0_CTST, CTST_ASF_DIS);
	/* With ASF gone, power management needs a software reset. */
	sky2_write16(hw, B0_CTST, CTST_RST_SET);
	sky2_write16(hw, B0_CTST, CTST_RST_CLR);
}

static void clear_pci_errors(struct sky2_hw *hw)
{
	u16 status = pci_read_config_word(hw->pdev, PCI_STATUS);

	/* Parity, system error, master/target aborts: write-1-to-clear bits 15..11 and 8. */
	sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_ON);
	pci_write_config_word(hw->pdev, PCI_STATUS, (u16)(status | 0xF900u));
	sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_OFF);
}

static void clear_pcie_errors(struct sky2_hw *hw)
{
	u32 unc;

	if (!hw->pdev->pcie_cap)
		return;
	sky2_cfg_write32(hw, PCI_Y2_PEX_UNC_ERR, 0xFFFFFFFFu);
	unc = sky2_cfg_read32(hw, PCI_Y2_PEX_UNC_ERR);
	if (unc & PEX_UNC_RX_OVERFLOW) {
		/* Receiver overflow is reported on some boards and means nothing (FreeBSD msk). */
		pr_info("%s: PCIe receiver-overflow errors reported; ignoring PCIe error "
			"interrupts\n",
			hw->pdev->name);
		hw->hwe_mask &= ~HWE_PCI_EXP;
	}
}

static void phy_power_up(struct sky2_hw *hw)
{
	u32 our1;

	sky2_write8(hw, B0_POWER_CTRL,
		    POWER_VAUX_ENA | POWER_VCC_ENA | POWER_VAUX_OFF | POWER_VCC_ON);
	sky2_write32(hw, B2_Y2_CLK_CTRL, CLK_CTRL_DIV_DIS);
	/* Clocks on, gating allowed; the XL after A1 has these bits inverted. */
	sky2_write8(hw, B2_Y2_CLK_GATE, (hw->quirks & SKY2_Q_XL_INV_CLK) ? CLK_GATE_ALL_DIS : 0);

	/*
	 * Firmware (or a Wake-on-LAN set-up by another OS) may have left clocks
	 * gated; Linux and FreeBSD turn them all on before touching the chip.
	 */
	sky2_cfg_write32(hw, PCI_Y2_OUR_REG_3, OUR3_ALL_CLOCKS_ON);
	our1 = sky2_cfg_read32(hw, PCI_Y2_OUR_REG_1);
	our1 &= ~(OUR1_PHY1_POWD | OUR1_PHY2_POWD);
	if (hw->quirks & SKY2_Q_XL_INV_CLK) {
		our1 |= OUR1_PHY1_COMA;
		if (hw->nports > 1)
			our1 |= OUR1_PHY2_COMA;
	}
	if (hw->quirks & SKY2_Q_PCIE_PM) {
		u32 v = sky2_cfg_read32(hw, PCI_Y2_OUR_REG_4) & OUR4_KEEP_ASPM;

		sky2_cfg_write32(hw, PCI_Y2_OUR_REG_4, v);
		v = sky2_cfg_read32(hw, PCI_Y2_OUR_REG_5) & OUR5_KEEP_VMAIN_TIMER;
		sky2_cfg_write32(hw, PCI_Y2_OUR_REG_5, v);
		sky2_cfg_write32(hw, PCI_Y2_CFG_REG_1, 0);
		sky2_write16(hw, B0_CTST, CTST_HW_WOL_ON);
	}
	if (hw->quirks & SKY2_Q_STATUS_RACE) {
		sky2_write32(hw, B2_GP_IO, sky2_read32(hw, B2_GP_IO) | GP_IO_STAT_RACE_DIS);
		(void)sky2_read32(hw, B2_GP_IO);
	}
	sky2_cfg_write32(hw, PCI_Y2_OUR_REG_1, our1);
	for (unsigned int i = 0; i < hw->nports; i++) {
		sky2_write16(hw, PORT_REG(i, GMAC_LINK_CTRL), GMLC_RST_SET);
		sky2_write16(hw, PORT_REG(i, GMAC_LINK_CTRL), GMLC_RST_CLR);
	}
}

static void gmac_reset(struct sky2_hw *hw, unsigned int port)
{
	sky2_write32(hw, PORT_REG(port, GMAC_CTRL), GMC_RST_SET);
	sky2_write32(hw, PORT_REG(port, GMAC_CTRL), GMC_RST_CLR);
	sky2_write32(hw, PORT_REG(port, GMAC_CTRL), GMC_LOOPB_OFF);
	if (hw->quirks & SKY2_Q_HCU)
		sky2_write32(hw, PORT_REG(port, GMAC_CTRL),
			     GMC_BYP_MACSECRX | GMC_BYP_MACSECTX | GMC_BYP_RETR);
}

static void ram_interface_timeouts(struct sky2_hw *hw)
{
	if (!(hw->quirks & SKY2_Q_RAM_TIMEOUTS))
		return;
	for (unsigned int i = 0; i < hw->nports; i++) {
		u32 base = i * B3_RI_STRIDE;

		sky2_write16(hw, base + B3_RI_CTRL, RI_RST_SET);
		sky2_write16(hw, base + B3_RI_CTRL, RI_RST_CLR);
		for (unsigned int t = 0; t < B3_RI_TIMEOUTS; t++)
			sky2_write8(hw, base + B3_RI_WTO_R1 + t, RI_TIMEOUT_VALUE);
	}
}

/* Dual-port PCI-X boards deliver status out of order with split transactions. */
static void pcix_limit_splits(struct sky2_hw *hw)
{
	u8 cap = pci_find_capability(hw->pdev, 0x07 /* PCI-X */);
	u16 cmd;

	if (!cap || hw->nports < 2)
		return;
	cmd = pci_read_config_word(hw->pdev, (u16)(cap + 2));
	sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_ON);
	pci_write_config_word(hw->pdev, (u16)(cap + 2), (u16)(cmd & ~PCIX_CMD_MAX_SPLITS));
	sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_OFF);
}

void sky2_status_unit_start(struct sky2_hw *hw)
{
	sky2_status_reset(hw);
	sky2_write32(hw, ST_CTRL, ST_RST_SET);
	sky2_write32(hw, ST_CTRL, ST_RST_CLR);
	sky2_write32(hw, ST_ADDR_LO, (u32)hw->st_dma);
	sky2_write32(hw, ST_ADDR_HI, (u32)(hw->st_dma >> 32));
	sky2_write16(hw, ST_LAST_IDX, (u16)(hw->st_size - 1));
	if (hw->quirks & SKY2_Q_EC_A1_STATUS) {
		sky2_write16(hw, ST_TX_IDX_TH, ST_TX_IDX_ALL);
		sky2_write8(hw, ST_FIFO_WM, 0x21);
		sky2_write8(hw, ST_FIFO_ISR_WM, 0x07);
	} else {
		sky2_write16(hw, ST_TX_IDX_TH, 10);
		sky2_write8(hw, ST_FIFO_WM, 0x10);
		sky2_write8(hw, ST_FIFO_ISR_WM, (hw->quirks & SKY2_Q_XL_A0_ISR_WM) ? 0x04 : 0x10);
		sky2_write32(hw, ST_ISR_TIMER, usecs_to_clk(hw, 20));
	}
	sky2_write32(hw, ST_TX_TIMER, usecs_to_clk(hw, 1000));
	sky2_write32(hw, ST_LEV_TIMER, usecs_to_clk(hw, 100));
	sky2_write32(hw, ST_CTRL, ST_OP_ON);
	sky2_write8(hw, ST_TX_CTRL, TIM_START);
	sky2_write8(hw, ST_LEV_CTRL, TIM_START);
	sky2_write8(hw, ST_ISR_CTRL, TIM_START);
}

int sky2_hw_init(struct sky2_hw *hw)
{
	sky2_write8(hw, B0_CTST, CTST_RST_CLR);
	asf_disable(hw);
	clear_pci_errors(hw);
	sky2_write16(hw, B0_CTST, CTST_MRST_CLR);
	clear_pcie_errors(hw);
	phy_power_up(hw);
	sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_ON);
	for (unsigned int i = 0; i < hw->nports; i++) {
		sky2_write8(hw, PORT_REG(i, GPHY_CTRL), GPC_RST_SET);
		sky2_write8(hw, PORT_REG(i, GPHY_CTRL), GPC_RST_CLR);
		gmac_reset(hw, i);
	}
	if (hw->chip_id == Y2_CHIP_SUPREME && hw->chip_rev > Y2_REV_SUPREME_B0)
		sky2_write32(hw, B2_CFG_MIRROR + PCI_Y2_OUR_REG_3, OUR3_MACSEC_CLK_DIS);
	if (hw->chip_id == Y2_CHIP_OPTIMA && hw->chip_rev == 0)
		sky2_write32(hw, B2_Y2_PEX_PHY_DATA,
			     (0x0080u << 16) | 0x0080u); /* PCIe PHY stays up */
	sky2_write8(hw, B2_TST_CTRL1, TST_CFG_WRITE_OFF);

	sky2_write16(hw, B0_CTST, CTST_LED_ON);
	sky2_write32(hw, B2_I2C_IRQ, I2C_CLR_IRQ);
	sky2_write8(hw, B2_TI_CTRL, TIM_STOP);
	sky2_write8(hw, B2_TI_CTRL, TIM_CLR_IRQ);
	sky2_write8(hw, B28_DPT_CTRL, DPT_STOP);
	sky2_write8(hw, B28_TS_CTRL, TS_STOP);
	sky2_write8(hw, B28_TS_CTRL, TS_CLR_IRQ);
	ram_interface_timeouts(hw);

	sky2_write32(hw, B0_HWE_IMSK, 0);
	(void)sky2_read32(hw, B0_HWE_IMSK);
	sky2_write32(hw, B0_IMSK, 0);
	(void)sky2_read32(hw, B0_IMSK);
	hw->imask = 0;

	pcix_limit_splits(hw);
	sky2_status_unit_start(hw);
	return 0;
}

/* Leave the chip quiet: no interrupts, status unit off, MACs in reset. */
void sky2_hw_shutdown(struct sky2_hw *hw)
{
	sky2_write32(hw, B0_IMSK, 0);
	sky2_write32(hw, B0_HWE_IMSK, 0);
	hw->imask = 0;
	sky2_write32(hw, ST_CTRL, ST_RST_SET);
	for (unsigned int i = 0; i < hw->nports; i++) {
		sky2_write32(hw, PORT_REG(i, GMAC_CTRL), GMC_RST_SET);
		sky2_write8(hw, PORT_REG(i, GPHY_CTRL), GPC_RST_SET);
	}
	sky2_write16(hw, B0_CTST, CTST_RST_SET);
}

static void prefetch_start(struct sky2_hw *hw, u16 queue, dma_addr_t ring, unsigned int les)
{
	u32 base = PF_BASE + queue;

	sky2_write32(hw, base + PF_CTRL, PF_RST_SET);
	sky2_write32(hw, base + PF_CTRL, PF_RST_CLR);
	sky2_write32(hw, base + PF_ADDR_HI, (u32)(ring >> 32));
	sky2_write32(hw, base + PF_ADDR_LO, (u32)ring);
	sky2_write16(hw, base + PF_LAST_IDX, (u16)(les - 1));
	sky2_write32(hw, base + PF_CTRL, PF_OP_ON);
	(void)sky2_read32(hw, base + PF_CTRL);
}

void sky2_prefetch_put(struct sky2_hw *hw, u16 queue, u16 put)
{
	sky2_write16(hw, PF_BASE + queue + PF_PUT_IDX, put);
}

static void mac_fifos(struct sky2_port *p)
{
	struct sky2_hw *hw = p->hw;
	unsigned int i = p->index;
	u32 ctrl = MF_OPER_ON | MF_RX_FLUSH_ON;
	u16 thr = RXF_FLUSH_THR_DEF;

	sky2_write32(hw, PORT_REG(i, RXF_CTRL_T), MF_RST_SET);
	sky2_write32(hw, PORT_REG(i, RXF_CTRL_T), MF_RST_CLR);
	if (hw->quirks & SKY2_Q_RX_OVER_FLUSH)
		ctrl |= MF_RX_OVER_ON;
	sky2_write32(hw, PORT_REG(i, RXF_CTRL_T), ctrl);
	/* XL: a flush mask other than 0 hangs the receiver (hardware bug). */
	sky2_write32(hw, PORT_REG(i, RXF_FLUSH_MASK),
		     (hw->quirks & SKY2_Q_XL_FLUSH_MASK) ? 0 : RXS_ANY_ERR);
	if ((hw->quirks & SKY2_Q_FE_PLUS_BOGUS_STATUS))
		thr = RXF_FLUSH_THR_FEP;
	sky2_write16(hw, PORT_REG(i, RXF_FLUSH_THR), thr);

	sky2_write32(hw, PORT_REG(i, TXF_CTRL_T), MF_RST_SET);
	sky2_write32(hw, PORT_REG(i, TXF_CTRL_T), MF_RST_CLR);
	sky2_write32(hw, PORT_REG(i, TXF_CTRL_T), MF_OPER_ON);
	if (!(hw->quirks & SKY2_Q_RAMBUF)) {
		sky2_write16(hw, PORT_REG(i, RXF_LP_THR), RXF_PAUSE_LOW);
		sky2_write16(hw, PORT_REG(i, RXF_UP_THR), RXF_PAUSE_HIGH);
	}
}

static void gmac_setup(struct sky2_port *p)
{
	struct sky2_hw *hw = p->hw;
	unsigned int i = p->index;

	gmac_reset(hw, i);
	sky2_gm_write(hw, i, GM_GP_CTRL, 0);
	(void)sky2_read8(hw, PORT_REG(i, GMAC_IRQ_SRC));
	sky2_mib_clear(p);
	sky2_gm_write(hw, i, GM_TX_CTRL, TXCTRL_COL_THR_DEF);
	sky2_gm_write(hw, i, GM_TX_FLOW_CTRL, 0xFFFF);
	sky2_gm_write(hw, i, GM_TX_PARAM, TXPARAM_DEF);
	sky2_gm_write(hw, i, GM_SERIAL_MODE, SMODE_DATA_BLIND | SMODE_VLAN_ENA | SMODE_IPG_DEF);
	for (unsigned int w = 0; w < 3; w++) {
		u16 v = (u16)(p->mac[2 * w] | (p->mac[2 * w + 1] << 8));

		sky2_gm_write(hw, i, GM_SRC_ADDR_1 + 4 * w, v);
		sky2_gm_write(hw, i, GM_SRC_ADDR_2 + 4 * w, v);
	}
	/* No counter-overflow interrupts: the 1 s timer reads the counters well before. */
	sky2_gm_write(hw, i, GM_TX_IRQ_MSK, 0);
	sky2_gm_write(hw, i, GM_RX_IRQ_MSK, 0);
	sky2_gm_write(hw, i, GM_TR_IRQ_MSK, 0);
	sky2_set_rx_filter(p);
	sky2_write8(hw, PORT_REG(i, GMAC_IRQ_MSK), GMIRQ_RX_OVERRUN | GMIRQ_TX_UNDERRUN);
}

/*
 * The multicast hash: the Ethernet CRC-32 run most-significant-bit first over
 * the address as it goes on the wire, low 6 bits selecting one of 64 filter
 * bits (FreeBSD msk and Linux sky2 agree; not in the published facts:
 * UNVERIFIED against a chip).
 */
static unsigned int mc_hash(const u8 *addr)
{
	u32 crc = 0xFFFFFFFFu;

	for (unsigned int i = 0; i < ETH_ALEN; i++) {
		u8 b = addr[i];

		for (unsigned int bit = 0; bit < 8; bit++, b >>= 1) {
			u32 carry = (crc >> 31) ^ (b & 1u);

			crc <<= 1;
			if (carry)
				crc ^= 0x04C11DB7u;
		}
	}
	return crc & 63u;
}

/* Unicast to our address, broadcast, and multicast by hash (all, when asked). */
void sky2_set_rx_filter(struct sky2_port *p)
{
	struct net_device *dev = &p->netdev;
	u16 ctrl = RXCTRL_CRC_DIS | RXCTRL_UCF_ENA | RXCTRL_MCF_ENA;
	u16 hash[4] = { 0, 0, 0, 0 };

	if (dev->flags & IFF_PROMISC) {
		ctrl &= (u16) ~(RXCTRL_UCF_ENA | RXCTRL_MCF_ENA);
		hash[0] = hash[1] = hash[2] = hash[3] = 0xFFFF;
	} else if ((dev->flags & IFF_ALLMULTI) || dev->mc_overflow) {
		hash[0] = hash[1] = hash[2] = hash[3] = 0xFFFF;
	} else {
		for (int i = 0; i < dev->mc_count; i++) {
			unsigned int h = mc_hash(dev->mc_list[i]);

			hash[h >> 4] |= (u16)(1u << (h & 15));
		}
	}
	for (unsigned int w = 0; w < 4; w++)
		sky2_gm_write(p->hw, p->index, GM_MC_HASH + 4 * w, hash[w]);
	sky2_gm_write(p->hw, p->index, GM_RX_CTRL, ctrl);
}

/*
 * Each MAC has a RAM buffer of its own, addressed from 0 (B2_E_0 gives its
 * size): 2/3 receive, the rest transmit. Linux lays both ports of a
 * dual-port XL out this way; a split of one RAM between the ports would
 * leave each half its buffering.
 */
static void ram_buffer(struct sky2_port *p)
{
	struct sky2_hw *hw = p->hw;
	u32 share = hw->ram_kib * 1024u;
	u32 start = 0;
	u32 rx_size = (share * 2u / 3u) & ~1023u;
	u32 rx_end = start + rx_size - 1, tx_start = start + rx_size, tx_end = start + share - 1;
	u32 rb;

	if (!(hw->quirks & SKY2_Q_RAMBUF) || !share)
		return;
	rb = RB_BASE + p->rxq;
	sky2_write8(hw, rb + RB_CTRL, RB_RST_CLR);
	sky2_write32(hw, rb + RB_START, start / 8);
	sky2_write32(hw, rb + RB_END, rx_end / 8);
	sky2_write32(hw, rb + RB_WP, start / 8);
	sky2_write32(hw, rb + RB_RP, start / 8);
	sky2_write32(hw, rb + RB_RX_UTPP, (rx_size - RB_PAUSE_UPPER) / 8);
	sky2_write32(hw, rb + RB_RX_LTPP, (rx_size - RB_PAUSE_LOWER) / 8);
	sky2_write8(hw, rb + RB_CTRL, RB_ENA_OP_MD);

	rb = RB_BASE + p->txq;
	sky2_write8(hw, rb + RB_CTRL, RB_RST_CLR);
	sky2_write32(hw, rb + RB_START, tx_start / 8);
	sky2_write32(hw, rb + RB_END, tx_end / 8);
	sky2_write32(hw, rb + RB_WP, tx_start / 8);
	sky2_write32(hw, rb + RB_RP, tx_start / 8);
	sky2_write8(hw, rb + RB_CTRL, RB_ENA_STFWD);
	sky2_write8(hw, rb + RB_CTRL, RB_ENA_OP_MD);
}

static void bmu_start(struct sky2_hw *hw, u16 queue)
{
	u32 csr = Q_BASE + queue + Q_CSR;

	sky2_write32(hw, csr, CSR_BRING_OUT_OF_RESET);
	sky2_write32(hw, csr, CSR_OPERATIONAL);
	sky2_write32(hw, csr, CSR_FIFO_OP_ON);
	sky2_write16(hw, Q_BASE + queue + Q_WM, Q_WATERMARK);
}

int sky2_port_hw_start(struct sky2_port *p)
{
	struct sky2_hw *hw = p->hw;
	unsigned int i = p->index;

	gmac_setup(p);
	mac_fifos(p);
	/* Only the asynchronous transmit queue is used. */
	sky2_write8(hw, PORT_REG(i, TXA_CTRL), TXA_DIS_FSYNC | TXA_DIS_ALLOC | TXA_STOP_RC);
	sky2_write8(hw, PORT_REG(i, TXA_CTRL), TXA_ENA_ARB);
	ram_buffer(p);
	if (hw->quirks & SKY2_Q_RAMBUF)
		sky2_write8(hw, RB_BASE + p->txsq + RB_CTRL, RB_RST_SET);

	bmu_start(hw, p->txq);
	if (hw->quirks & SKY2_Q_EX_B0_TX_CSUM)
		sky2_write32(hw, Q_BASE + p->txq + Q_F, F_TX_CHK_AUTO_OFF);
	if (hw->quirks & SKY2_Q_ECU_A0_TXFF)
		sky2_write16(hw, Q_BASE + p->txq + Q_AL, ECU_TXFF_LEVEL);
	bmu_start(hw, p->rxq);
	if (hw->quirks & SKY2_Q_ECU_RX_RAM)
		sky2_write32(hw, Q_BASE + p->rxq + Q_F, F_M_RX_RAM_DIS);

	sky2_tx_ring_reset(p);
	prefetch_start(hw, p->txq, p->tx_le_dma, SKY2_TX_RING);
	sky2_write32(hw, Q_BASE + p->rxq + Q_CSR,
		     CSR_DIS_RSS | (sky2_rx_csum_wanted(p) ? CSR_RX_CSUM_ON : CSR_RX_CSUM_OFF));
	sky2_rx_ring_reset(p);
	prefetch_start(hw, p->rxq, p->rx_le_dma, SKY2_RX_RING);
	sky2_rx_refill(p);
	sky2_rx_put_flush(p);
	return 0;
}

void sky2_port_hw_stop(struct sky2_port *p)
{
	struct sky2_hw *hw = p->hw;
	unsigned int i = p->index;

	/* MAC first, so nothing new enters the FIFOs while the queues stop. */
	sky2_gm_write(hw, i, GM_GP_CTRL,
		      (u16)(sky2_gm_read(hw, i, GM_GP_CTRL) & ~(GPCTRL_RX_ENA | GPCTRL_TX_ENA)));
	sky2_write32(hw, Q_BASE + p->txq + Q_CSR, CSR_STOP);
	sky2_write32(hw, Q_BASE + p->rxq + Q_CSR, CSR_STOP);
	sky2_write32(hw, PF_BASE + p->txq + PF_CTRL, PF_RST_SET);
	sky2_write32(hw, PF_BASE + p->rxq + PF_CTRL, PF_RST_SET);
	sky2_write32(hw, Q_BASE + p->txq + Q_CSR, CSR_RST_SET | CSR_FIFO_RST);
	sky2_write32(hw, Q_BASE + p->rxq + Q_CSR, CSR_RST_SET | CSR_FIFO_RST);
	if (hw->quirks & SKY2_Q_RAMBUF) {
		sky2_write8(hw, RB_BASE + p->txq + RB_CTRL, RB_RST_SET);
		sky2_write8(hw, RB_BASE + p->rxq + RB_CTRL, RB_RST_SET);
	}
	sky2_write32(hw, PORT_REG(i, RXF_CTRL_T), MF_RST_SET);
	sky2_write32(hw, PORT_REG(i, TXF_CTRL_T), MF_RST_SET);
	sky2_write8(hw, PORT_REG(i, GMAC_IRQ_MSK), 0);
}

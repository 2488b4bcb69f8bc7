/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Yukon-2 register description for the sky2 model only (data, no code).
 * Written from the published facts (nic-facts-yukon-bcm.md sections 1 and 3,
 * checked against FreeBSD's BSD-licensed msk register header). The driver in
 * drivers/sky2/ has its own description; the two must never be shared, or a
 * wrong offset would agree with itself.
 */
#ifndef NAPKIN_TESTS_HOSTED_SKY2_MODEL_REGS_H
#define NAPKIN_TESTS_HOSTED_SKY2_MODEL_REGS_H

#define YM_BAR_SIZE 0x4000u

/* ---- Block 0: control and interrupts ---- */
#define YM_B0_CTST	 0x0004u /* 16-bit control/status (24 with power bits) */
#define YM_B0_POWER_CTRL 0x0007u /* 8-bit */
#define YM_B0_ISRC	 0x0008u
#define YM_B0_IMSK	 0x000Cu
#define YM_B0_HWE_ISRC	 0x0010u
#define YM_B0_HWE_IMSK	 0x0014u
#define YM_B0_SP_ISRC2	 0x001Cu /* read: masked sources, and masks the interrupt */
#define YM_B0_SP_ISRC3	 0x0020u
#define YM_B0_SP_EISR	 0x0024u
#define YM_B0_SP_LISR	 0x0028u
#define YM_B0_SP_ICR	 0x002Cu

/* B0_CTST: set/clear pairs (low bit of each pair listed first) */
#define YM_CTST_RST_SET	    BIT(0)
#define YM_CTST_RST_CLR	    BIT(1)
#define YM_CTST_MRST_SET    BIT(2)
#define YM_CTST_MRST_CLR    BIT(3)
#define YM_CTST_STOP_MAST   BIT(4)
#define YM_CTST_STOP_DONE   BIT(5)
#define YM_CTST_SW_IRQ_CLR  BIT(6)
#define YM_CTST_SW_IRQ_SET  BIT(7)
#define YM_CTST_LED_OFF	    BIT(8)
#define YM_CTST_LED_ON	    BIT(9)
#define YM_CTST_CLKRUN_DIS  BIT(10)
#define YM_CTST_CLKRUN_ENA  BIT(11)
#define YM_CTST_ASF_DIS	    BIT(12)
#define YM_CTST_ASF_ENA	    BIT(13)
#define YM_CTST_WOL_OFF	    BIT(14)
#define YM_CTST_WOL_ON	    BIT(15)
#define YM_CTST_VAUX_AVAIL  BIT(16)
#define YM_CTST_VMAIN_AVAIL BIT(17)
/* Even bits of each pair in bits 15..0, excluding STOP_MAST/STOP_DONE. */
#define YM_CTST_PAIRS_LOW 0x5545u

/* Interrupt sources (ISRC, IMSK, SP_ISRC2, EISR, LISR) */
#define YM_IS_HW_ERR	 BIT(31)
#define YM_IS_STAT_BMU	 BIT(30)
#define YM_IS_IRQ_SW	 BIT(25)
#define YM_IS_TIMINT	 BIT(24)
#define YM_IS_PORT_SHIFT 8 /* port 2 bits are port 1 bits << 8 */
#define YM_IS_PHY	 BIT(4)
#define YM_IS_MAC	 BIT(3)
#define YM_IS_CHK_RX	 BIT(2)
#define YM_IS_CHK_TXS	 BIT(1)
#define YM_IS_CHK_TXA	 BIT(0)
#define YM_IS_ALL	 0xEF001F1Fu
/* Optima only: PSM acknowledge, PTP time stamp, PHY quick link (bits 7..5) */
#define YM_IS_OPTIMA_EXTRA 0x000000E0u

/* Hardware-error sources (HWE_ISRC, HWE_IMSK) */
#define YM_HWE_MST_ERR	BIT(27)
#define YM_HWE_IRQ_STAT BIT(26)
#define YM_HWE_PCI_EXP	BIT(25)
#define YM_HWE_PCI_NEXP BIT(24)
#define YM_HWE_ALL	0x2F003F3Fu

/* ICR */
#define YM_ICR_UNMASK 2u

/* ---- Block 2: identity, timers, test control ---- */
#define YM_B2_MAC_1	   0x0100u /* station address port 1, 6 bytes */
#define YM_B2_MAC_2	   0x0108u
#define YM_B2_MAC_3	   0x0110u
#define YM_B2_CONN_TYP	   0x0118u /* 8-bit */
#define YM_B2_PMD_TYP	   0x0119u /* 8-bit: 'T' copper */
#define YM_B2_MAC_CFG	   0x011Au /* 8-bit: rev [7:4], single MAC bit 0 */
#define YM_B2_CHIP_ID	   0x011Bu /* 8-bit */
#define YM_B2_E_0	   0x011Cu /* 8-bit: RAM size in 4 KiB units */
#define YM_B2_CLK_GATE	   0x011Du /* 8-bit */
#define YM_B2_HW_RES	   0x011Eu /* 8-bit */
#define YM_B2_E_3	   0x011Fu
#define YM_B2_CLK_CTRL	   0x0120u
#define YM_B2_TI_INI	   0x0130u
#define YM_B2_TI_VAL	   0x0134u
#define YM_B2_TI_CTRL	   0x0138u /* 8-bit */
#define YM_B2_TI_TEST	   0x0139u
#define YM_B2_IRQM_INI	   0x0140u
#define YM_B2_IRQM_VAL	   0x0144u
#define YM_B2_IRQM_CTRL	   0x0148u
#define YM_B2_IRQM_TEST	   0x0149u
#define YM_B2_IRQM_MSK	   0x014Cu
#define YM_B2_IRQM_HWE_MSK 0x0150u
#define YM_B2_TST_CTRL1	   0x0158u /* 8-bit */
#define YM_B2_TST_CTRL2	   0x0159u
#define YM_B2_GP_IO	   0x015Cu
#define YM_B2_I2C_IRQ	   0x0168u /* write 1: clear TWSI interrupt */
#define YM_B2_PEX_PHY	   0x0170u /* PCIe PHY data (32) / address (16 at 0x172) */

/* Tx arbiter per MAC, + port * 0x80 */
#define YM_TXA_CTRL	0x0210u
#define YM_TXA_ENA_ARB	BIT(1)
#define YM_TXA_DIS_ARB	BIT(0)
#define YM_TXA_START_RC BIT(3)

/* Descriptor poll timer, receive time stamp timer */
#define YM_B28_DPT_INI	   0x0E00u
#define YM_B28_DPT_CTRL	   0x0E08u /* stop 0, start 1 */
#define YM_GMAC_TI_ST_CTRL 0x0E18u /* clear IRQ 0, stop 1, start 2 */

#define YM_MAC_CFG_SINGLE     BIT(0)
#define YM_CLK_GATE_LNK2_INAC BIT(7)
#define YM_HW_RES_LINK1	      BIT(0)
#define YM_HW_RES_LINK2	      BIT(1)

/* Timer control (TI_CTRL, IRQM_CTRL, status-unit timers) */
#define YM_TIM_START   BIT(2)
#define YM_TIM_STOP    BIT(1)
#define YM_TIM_CLR_IRQ BIT(0)

/* TST_CTRL1 */
#define YM_TST_CFG_WRITE_ON  BIT(1)
#define YM_TST_CFG_WRITE_OFF BIT(0)

/* ---- Block 3: RAM interface (timeouts, one byte per queue, per RAM buffer) ---- */
#define YM_B3_RI_FIRST	   0x0190u /* WTO_R1 .. RTO_XS2, 12 bytes */
#define YM_B3_RI_LAST	   0x019Bu
#define YM_B3_RI_CTRL	   0x01A0u /* 16-bit */
#define YM_B3_RI_TEST	   0x01A2u
#define YM_RI_SELECT_SHIFT 6 /* second RAM buffer at +0x40 */
#define YM_RI_RST_SET	   BIT(0)
#define YM_RI_RST_CLR	   BIT(1)

/* ---- Queues: BMU at 0x400 + q, prefetch unit at 0x450 + q ---- */
#define YM_Q_R1		 0x0000u
#define YM_Q_R2		 0x0080u
#define YM_Q_XA1	 0x0280u
#define YM_Q_XA2	 0x0380u
#define YM_Q_BASE	 0x0400u
#define YM_Q_CSR	 0x34u
#define YM_Q_F		 0x38u
#define YM_Q_WM		 0x40u /* 16-bit */
#define YM_Q_AL		 0x42u /* 8-bit */
#define YM_PREF_BASE	 0x0450u
#define YM_PREF_CTRL	 0x00u
#define YM_PREF_LAST_IDX 0x04u
#define YM_PREF_ADDR_LO	 0x08u
#define YM_PREF_ADDR_HI	 0x0Cu
#define YM_PREF_GET_IDX	 0x10u
#define YM_PREF_PUT_IDX	 0x14u
#define YM_PREF_FIFO_WM	 0x28u
#define YM_PREF_IDX_MASK 0x0FFFu

/* BMU CSR */
#define YM_BMU_IDLE	   BIT(31)
#define YM_BMU_RX_CSUM_ON  BIT(13)
#define YM_BMU_RX_CSUM_OFF BIT(12)
#define YM_BMU_CLR_IRQ_PAR BIT(11)
#define YM_BMU_CLR_IRQ_CHK BIT(10)
#define YM_BMU_STOP	   BIT(9)
#define YM_BMU_START	   BIT(8)
#define YM_BMU_FIFO_OP_ON  BIT(7)
#define YM_BMU_FIFO_OP_OFF BIT(6)
#define YM_BMU_FIFO_ENA	   BIT(5)
#define YM_BMU_FIFO_RST	   BIT(4)
#define YM_BMU_OP_ON	   BIT(3)
#define YM_BMU_OP_OFF	   BIT(2)
#define YM_BMU_RST_CLR	   BIT(1)
#define YM_BMU_RST_SET	   BIT(0)

/* Prefetch CTRL, status-unit CTRL, RAM buffer CTRL, FIFO CTRL share the low nibble */
#define YM_UNIT_RST_SET BIT(0)
#define YM_UNIT_RST_CLR BIT(1)
#define YM_UNIT_OP_OFF	BIT(2)
#define YM_UNIT_OP_ON	BIT(3)
#define YM_STAT_CLR_IRQ BIT(4)

/* ---- RAM buffers (XL): 0x800 + q ---- */
#define YM_RB_BASE    0x0800u
#define YM_RB_START   0x00u
#define YM_RB_END     0x04u
#define YM_RB_WP      0x08u
#define YM_RB_RP      0x0Cu
#define YM_RB_RX_UTPP 0x10u
#define YM_RB_RX_LTPP 0x14u
#define YM_RB_RX_UTHP 0x18u
#define YM_RB_RX_LTHP 0x1Cu
#define YM_RB_PC      0x20u
#define YM_RB_LEV     0x24u
#define YM_RB_CTRL    0x28u /* 8-bit: STFWD on/off 5/4, OP_MD on/off 3/2, reset 1/0 */

/* ---- MAC FIFOs and per-port control, + port * 0x80 ---- */
#define YM_LNK_LED_REG 0x0C3Cu
/* In the transmit-arbiter block (0x200, +0x80 per port), by offset within it. */
#define YM_RSS_KEY	  0x20u /* 32-bit key dwords */
#define YM_RSS_KEY_DWORDS 10
#define YM_RSS_CFG	  0x48u /* hash types; new-LE chips */
/* Optima's power-state-machine registers in extended config space. */
#define YM_PCI_PSM_CFG2	  0x160u
#define YM_PCI_PSM_CFG4	  0x168u /* 8-bit link LED control (on, blink, link sync) */
#define YM_RX_GMF_EA	  0x0C40u
#define YM_RX_GMF_AF_THR  0x0C44u
#define YM_RX_GMF_CTRL_T  0x0C48u
#define YM_RX_GMF_FL_MSK  0x0C4Cu
#define YM_RX_GMF_FL_THR  0x0C50u
#define YM_RX_GMF_TR_THR  0x0C54u
#define YM_RX_GMF_UP_THR  0x0C58u /* 16-bit */
#define YM_RX_GMF_LP_THR  0x0C5Au /* 16-bit */
#define YM_RX_GMF_VLAN	  0x0C5Cu
#define YM_TX_GMF_EA	  0x0D40u
#define YM_TX_GMF_AE_THR  0x0D44u
#define YM_TX_GMF_CTRL_T  0x0D48u
#define YM_TX_GMF_VLAN	  0x0D5Cu
#define YM_GMAC_CTRL	  0x0F00u
#define YM_GPHY_CTRL	  0x0F04u
#define YM_GMAC_IRQ_SRC	  0x0F08u /* 8-bit, clears when read */
#define YM_GMAC_IRQ_MSK	  0x0F0Cu /* 8-bit */
#define YM_GMAC_LINK_CTRL 0x0F10u /* 16-bit: link reset 1/0 */
#define YM_PORT_STRIDE	  0x80u

/* GMAC FIFO control: pairs from bit 0 up (Rx FIFO) */
#define YM_GMF_RX_FLUSH_ON  BIT(7)
#define YM_GMF_RX_FLUSH_OFF BIT(6)
#define YM_RX_GMF_PAIRS_LOW 0x05450045u /* 0/1 2/3 6/7 16/17 18/19 22/23 24/25 26/27 */
#define YM_TX_GMF_PAIRS_LOW 0x41400005u /* 0/1,2/3,22/23,24/25,30/31 */

/* GMAC_CTRL (pairs 0/1 reset .. 14/15) */
#define YM_GMC_RST_SET	 BIT(0)
#define YM_GMC_RST_CLR	 BIT(1)
#define YM_GMC_PAIRS_LOW 0x5555u
/* GPHY_CTRL */
#define YM_GPC_RST_SET BIT(0)
#define YM_GPC_RST_CLR BIT(1)
/* GMAC_IRQ_SRC / MSK: transmit counter overflow is the higher bit (#32) */
#define YM_GM_IS_TX_CO_OV BIT(5)
#define YM_GM_IS_RX_CO_OV BIT(4)
#define YM_GM_IS_TX_FF_UR BIT(3)
#define YM_GM_IS_RX_FF_OR BIT(1)

/* ---- Status unit ---- */
#define YM_STAT_CTRL	    0x0E80u
#define YM_STAT_LAST_IDX    0x0E84u
#define YM_STAT_ADDR_LO	    0x0E88u
#define YM_STAT_ADDR_HI	    0x0E8Cu
#define YM_STAT_TXA1_RIDX   0x0E90u
#define YM_STAT_TXA2_RIDX   0x0E94u
#define YM_STAT_TX_IDX_TH   0x0E98u
#define YM_STAT_PUT_IDX	    0x0E9Cu
#define YM_STAT_FIFO_WM	    0x0EACu /* 8-bit */
#define YM_STAT_FIFO_ISR_WM 0x0EADu /* 8-bit */
#define YM_STAT_LEV_TIMER   0x0EB0u /* INI +0, CNT +4, CTRL +8 */
#define YM_STAT_TX_TIMER    0x0EC0u
#define YM_STAT_ISR_TIMER   0x0ED0u
#define YM_TIMER_INI	    0x0u
#define YM_TIMER_CNT	    0x4u
#define YM_TIMER_CTRL	    0x8u
#define YM_TIMER_TEST	    0x9u

/* ASF (accepted so a driver can keep it out of the way) */
#define YM_B28_ASF_STAT_CMD 0x0E68u
#define YM_B28_ASF_HOST_COM 0x0E6Cu

/* ---- PCI configuration mirror ---- */
#define YM_CFG_MIRROR	  0x1C00u
#define YM_CFG_MIRROR_END 0x2000u
/* Chip registers in configuration space */
#define YM_PCI_OUR_REG_1    0x40u
#define YM_PCI_OUR_REG_2    0x44u
#define YM_PCI_OUR_STATUS   0x7Cu
#define YM_PCI_OUR_REG_3    0x80u
#define YM_PCI_OUR_REG_4    0x84u
#define YM_PCI_OUR_REG_5    0x88u
#define YM_PCI_CFG_REG_1    0x94u
#define YM_PCI_AER	    0x100u /* extended capability: AER, 0x100..0x13F */
#define YM_PCI_AER_UNC_STAT 0x104u
#define YM_PCI_AER_COR_STAT 0x110u

/* ---- GMAC, 16-bit registers, at 0x2800 / 0x3800 ---- */
#define YM_GMAC_BASE(p)	   (0x2800u + (p)*0x1000u)
#define YM_GMAC_SIZE	   0x400u
#define YM_GM_GP_STAT	   0x000u
#define YM_GM_GP_CTRL	   0x004u
#define YM_GM_TX_CTRL	   0x008u
#define YM_GM_RX_CTRL	   0x00Cu
#define YM_GM_TX_FLOW_CTRL 0x010u
#define YM_GM_TX_PARAM	   0x014u
#define YM_GM_SERIAL_MODE  0x018u
#define YM_GM_SRC_ADDR_1   0x01Cu /* 3 x 16-bit, low word first */
#define YM_GM_SRC_ADDR_2   0x028u
#define YM_GM_MC_HASH	   0x034u /* 4 x 16-bit, 0x34..0x40 */
#define YM_GM_TX_IRQ_SRC   0x044u
#define YM_GM_RX_IRQ_SRC   0x048u
#define YM_GM_TR_IRQ_SRC   0x04Cu
#define YM_GM_TX_IRQ_MSK   0x050u
#define YM_GM_RX_IRQ_MSK   0x054u
#define YM_GM_TR_IRQ_MSK   0x058u
#define YM_GM_SMI_CTRL	   0x080u
#define YM_GM_SMI_DATA	   0x084u
#define YM_GM_PHY_ADDR	   0x088u
#define YM_GM_MIB_BASE	   0x100u
#define YM_GM_MIB_COUNT	   44 /* 32-bit counters, low word at +0, high at +4, 8 apart */

#define YM_GPSR_SPEED_100  BIT(15)
#define YM_GPSR_DUPLEX	   BIT(14)
#define YM_GPSR_LINK_UP	   BIT(12)
#define YM_GPSR_GIG	   BIT(4)
#define YM_GPCR_TX_ENA	   BIT(12)
#define YM_GPCR_RX_ENA	   BIT(11)
#define YM_GPCR_GIGS	   BIT(7)
#define YM_GPCR_DUP_FULL   BIT(5)
#define YM_GPCR_SPEED_100  BIT(3)
#define YM_GPCR_AU_DUP_DIS BIT(2)
#define YM_GPCR_AU_SPD_DIS BIT(0)
#define YM_GPCR_FC_TX_DIS  BIT(13) /* do not send PAUSE frames */
#define YM_GPCR_FC_RX_DIS  BIT(4)  /* do not obey received PAUSE frames */
#define YM_GPCR_AU_FCT_DIS BIT(1)  /* flow control from FC_*_DIS, not the PHY */
#define YM_RXCR_UCF_ENA	   BIT(15)
#define YM_RXCR_MCF_ENA	   BIT(14)
#define YM_RXCR_CRC_DIS	   BIT(13) /* strip the FCS */
#define YM_SMI_PHY_SHIFT   11
#define YM_SMI_REG_SHIFT   6
#define YM_SMI_OP_READ	   BIT(5)
#define YM_SMI_READ_VALID  BIT(4)
#define YM_SMI_BUSY	   BIT(3)
#define YM_PAR_MIB_CLR	   BIT(5)

/* MIB counter indices (offset = BASE + 8 * index) */
#define YM_MIB_RX_UC	  0
#define YM_MIB_RX_BC	  1
#define YM_MIB_RX_PAUSE	  2
#define YM_MIB_RX_MC	  3
#define YM_MIB_RX_FCS	  4
#define YM_MIB_RX_OCT_LO  6
#define YM_MIB_RX_OCT_HI  7
#define YM_MIB_RX_LONG	  19
#define YM_MIB_RX_FIFO_OV 22 /* frames lost: the receive FIFO / RAM buffer was full */
#define YM_MIB_TX_UC	  24
#define YM_MIB_TX_BC	  25
#define YM_MIB_TX_PAUSE	  26
#define YM_MIB_TX_MC	  27
#define YM_MIB_TX_OCT_LO  28
#define YM_MIB_TX_OCT_HI  29

/* GMAC receive status word */
#define YM_GMR_LEN_SHIFT 16
#define YM_GMR_VLAN	 BIT(13)
#define YM_GMR_JABBER	 BIT(12)
#define YM_GMR_UNDERSIZE BIT(11)
#define YM_GMR_MC	 BIT(10)
#define YM_GMR_BC	 BIT(9)
#define YM_GMR_RX_OK	 BIT(8)
#define YM_GMR_LONG_ERR	 BIT(4)
#define YM_GMR_CRC_ERR	 BIT(1)
#define YM_GMR_FIFO_OV	 BIT(0)
#define YM_GMR_ANY_ERR	 0x18FBu

/* ---- Marvell PHY (clause 22 plus vendor registers) ---- */
#define YM_PHY_CTRL	  0x00
#define YM_PHY_STAT	  0x01
#define YM_PHY_ID0	  0x02
#define YM_PHY_ID1	  0x03
#define YM_PHY_ADV	  0x04
#define YM_PHY_LPA	  0x05
#define YM_PHY_AN_EXP	  0x06
#define YM_PHY_NEPG	  0x07
#define YM_PHY_NEPG_LP	  0x08
#define YM_PHY_1000T_CTRL 0x09
#define YM_PHY_1000T_STAT 0x0A
#define YM_PHY_EXT_STAT	  0x0F
#define YM_PHY_SPEC_CTRL  0x10
#define YM_PHY_SPEC_STAT  0x11
#define YM_PHY_INT_MASK	  0x12
#define YM_PHY_INT_STAT	  0x13
#define YM_PHY_EXT_CTRL	  0x14
#define YM_PHY_RXE_CNT	  0x15
#define YM_PHY_PAGE	  0x16
#define YM_PHY_LED_CTRL	  0x18
#define YM_PHY_LED_OVER	  0x19
#define YM_PHY_EXT_CTRL_2 0x1A
#define YM_PHY_FE_SPEC_2  0x1C

#define YM_BMCR_RESET	  BIT(15)
#define YM_BMCR_LOOP	  BIT(14)
#define YM_BMCR_SPEED_LSB BIT(13)
#define YM_BMCR_ANE	  BIT(12)
#define YM_BMCR_PDOWN	  BIT(11)
#define YM_BMCR_RESTART	  BIT(9)
#define YM_BMCR_FULL	  BIT(8)
#define YM_BMCR_SPEED_MSB BIT(6)
#define YM_BMSR_EXT_ST	  BIT(8)
#define YM_BMSR_AN_DONE	  BIT(5)
#define YM_BMSR_AN_CAP	  BIT(3)
#define YM_BMSR_LINK	  BIT(2)
#define YM_BMSR_EXT_REG	  BIT(0)
#define YM_BMSR_ABILITIES 0x7800u /* 100FD 100HD 10FD 10HD */
#define YM_ADV_100FD	  BIT(8)
#define YM_ADV_100HD	  BIT(7)
#define YM_ADV_10FD	  BIT(6)
#define YM_ADV_10HD	  BIT(5)
#define YM_ADV_ACK	  BIT(14)
#define YM_ADV_T4	  BIT(9)  /* 100BASE-T4: no Yukon-2 PHY has it */
#define YM_ADV_PAUSE	  BIT(10) /* IEEE 802.3 Annex 28B symmetric PAUSE */
#define YM_ADV_ASYM	  BIT(11) /* and asymmetric direction */
#define YM_1000C_FD	  BIT(9)
#define YM_1000C_HD	  BIT(8)
#define YM_1000S_LP_FD	  BIT(11)
#define YM_1000S_LP_HD	  BIT(10)
#define YM_PSS_SPEED_1000 BIT(15)
#define YM_PSS_SPEED_100  BIT(14)
#define YM_PSS_FULL	  BIT(13)
#define YM_PSS_RESOLVED	  BIT(11)
#define YM_PSS_LINK	  BIT(10)
#define YM_PIS_AN_ERR	  BIT(15)
#define YM_PIS_SPEED_CHG  BIT(14)
#define YM_PIS_DUPLEX_CHG BIT(13)
#define YM_PIS_PAGE_RX	  BIT(12)
#define YM_PIS_AN_DONE	  BIT(11)
#define YM_PIS_LINK_CHG	  BIT(10)
#define YM_PHY_OUI_ID0	  0x0141u

/* ---- List elements (8 bytes: addr/status, len, ctrl/css, opcode) ---- */
#define YM_LE_SIZE	    8
#define YM_LE_HW_OWNER	    0x80u
#define YM_OP_TCP_FIRST	    0x10u /* 0x10..0x1F: Tx checksum, 0x12 Rx checksum start */
#define YM_OP_TCP_LAST	    0x1Fu
#define YM_OP_TCPSTART	    0x12u
#define YM_OP_ADDR64	    0x21u
#define YM_OP_VLAN	    0x22u
#define YM_OP_VLAN_BIT	    0x02u /* on ADDR64, LRGLEN, MSS: the LE also carries a tag */
#define YM_OP_ADDR64VLAN    0x23u
#define YM_OP_LRGLEN	    0x24u
#define YM_OP_MSS	    0x28u
#define YM_OP_BUFFER	    0x40u
#define YM_OP_PACKET	    0x41u
#define YM_OP_LARGESEND	    0x43u
#define YM_OP_RXSTAT	    0x60u
#define YM_OP_RXVLAN	    0x62u
#define YM_OP_RXCHKS	    0x64u
#define YM_OP_TXINDEXLE	    0x68u
#define YM_LE_CTRL_EOP	    0x80u
#define YM_LE_CTRL_INS_VLAN 0x20u
#define YM_CSS_PORT	    0x01u

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The skge model's own register description of the SysKonnect/Marvell
 * Genesis and Yukon(-I) controllers, written from the published facts
 * (../shared/reference/nic-facts-yukon-bcm.md sections 2, 3 and 5, checked
 * against FreeBSD's sys/dev/sk register headers and Linux skge's). Data only.
 * Offsets are prefixed by block, bits by register. Nothing here comes from
 * napkin's drivers/skge/.
 */
#ifndef NAPKIN_TESTS_HOSTED_SKGE_MODEL_REGS_H
#define NAPKIN_TESTS_HOSTED_SKGE_MODEL_REGS_H

#define SKR_BAR_SIZE 0x4000u

/* ---- Block 0: control, interrupts ---- */
#define SKR_B0_RAP	  0x0000 /* I/O window block select (8 bit) */
#define SKR_B0_CTST	  0x0004 /* control/status (16 bit) */
#define SKR_B0_LED	  0x0006 /* 8 bit */
#define SKR_B0_POWER_CTRL 0x0007 /* 8 bit, Yukon */
#define SKR_B0_ISRC	  0x0008
#define SKR_B0_IMSK	  0x000C
#define SKR_B0_HWE_ISRC	  0x0010
#define SKR_B0_HWE_IMSK	  0x0014
#define SKR_B0_SP_ISRC	  0x0018
#define SKR_B0_R1_CSR	  0x0060 /* BMU CSR shortcuts: R1 R2 XS1 XA1 XS2 XA2 */
#define SKR_B0_XA2_CSR	  0x0074

#define SKR_CTST_RST_SET   0x0001
#define SKR_CTST_RST_CLR   0x0002
#define SKR_CTST_MRST_SET  0x0004
#define SKR_CTST_MRST_CLR  0x0008
#define SKR_CTST_STOP_MAST 0x0010
#define SKR_CTST_SW_IRQ_CL 0x0040
#define SKR_CTST_SW_IRQ_ST 0x0080

/* Interrupt sources (ISRC/IMSK/SP_ISRC, moderation mask). */
#define SKR_IS_HW_ERR	 BIT(31)
#define SKR_IS_PA_TO_RX1 BIT(29)
#define SKR_IS_PA_TO_RX2 BIT(28)
#define SKR_IS_PA_TO_TX1 BIT(27)
#define SKR_IS_PA_TO_TX2 BIT(26)
#define SKR_IS_SW	 BIT(24)
#define SKR_IS_EXT_REG	 BIT(23) /* PHY (Yukon), external (Genesis) */
#define SKR_IS_MAC1	 BIT(21)
#define SKR_IS_MAC2	 BIT(19)
#define SKR_IS_R1_F	 BIT(16)
#define SKR_IS_R2_F	 BIT(13)
#define SKR_IS_XS1_F	 BIT(10)
#define SKR_IS_XA1_F	 BIT(7)
#define SKR_IS_XS2_F	 BIT(4)
#define SKR_IS_XA2_F	 BIT(1)
#define SKR_IS_DEFINED	 0xBFFFFFFFu

/* Hardware error sources (HWE_ISRC/HWE_IMSK). */
#define SKR_HWE_DEFINED	   0x3FFFu
#define SKR_HWE_R2_PAR	   BIT(0) /* receive queue 2 parity */
#define SKR_HWE_R1_PAR	   BIT(1)
#define SKR_HWE_M2_PAR	   BIT(2) /* MAC 2 (transmit FIFO) parity */
#define SKR_HWE_M1_PAR	   BIT(3)
#define SKR_HWE_RAM_WR	   BIT(4) /* RAM buffer write parity */
#define SKR_HWE_RAM_RD	   BIT(5) /* RAM buffer read parity */
#define SKR_HWE_MODELLED   0x3Fu  /* the parity sources a fault can raise */
#define SKR_RI_CLR_WR_PERR BIT(8) /* B3_RI_CTRL */
#define SKR_RI_CLR_RD_PERR BIT(9)
#define SKR_MFF_CLR_PERR   BIT(15) /* TX_MFF_CTRL1 (Genesis) */
#define SKR_GMF_CLI_TX_PE  BIT(4)  /* TX_GMF_CTRL_T (Yukon) */
#define SKR_GMF_CLI_TX_FC  BIT(5)  /* ... which clears parity on a Yukon rev 0 (its HW bug 8) */

/* ---- Block 2: EEPROM-loaded identity, timers ---- */
#define SKR_B2_MAC_1	    0x0100 /* port 1 station address (6 bytes) */
#define SKR_B2_MAC_2	    0x0108 /* port 2 */
#define SKR_B2_CONN_TYP	    0x0118
#define SKR_B2_PMD_TYP	    0x0119
#define SKR_B2_MAC_CFG	    0x011A /* revision [7:4], single MAC bit 0 */
#define SKR_B2_CHIP_ID	    0x011B
#define SKR_B2_E_0	    0x011C /* RAM size code */
#define SKR_B2_E_1	    0x011D /* PHY type (Genesis) */
#define SKR_B2_FAR	    0x0120 /* flash address */
#define SKR_B2_FDP	    0x0124 /* flash data */
#define SKR_B2_LD_CTRL	    0x0128 /* loader control, test */
#define SKR_B2_TI_INI	    0x0130
#define SKR_B2_TI_VAL	    0x0134
#define SKR_B2_TI_CTRL	    0x0138
#define SKR_B2_TI_TEST	    0x0139
#define SKR_B2_IRQM_INI	    0x0140
#define SKR_B2_IRQM_VAL	    0x0144
#define SKR_B2_IRQM_CTRL    0x0148
#define SKR_B2_IRQM_TEST    0x0149
#define SKR_B2_IRQM_MSK	    0x014C
#define SKR_B2_IRQM_HWE_MSK 0x0150
#define SKR_B2_TST_CTRL1    0x0158
#define SKR_B2_TST_CTRL2    0x0159
#define SKR_B2_GP_IO	    0x015C
#define SKR_B2_BSC_INI	    0x0170
#define SKR_B2_BSC_CTRL	    0x0178

#define SKR_MAC_CFG_SINGLE 0x01

#define SKR_CHIP_GENESIS    0x0A
#define SKR_CHIP_YUKON	    0xB0
#define SKR_CHIP_YUKON_LITE 0xB1
#define SKR_YUKON_LITE_A3   7	 /* revision in B2_MAC_CFG[7:4] */
#define SKR_CHIP_OTHER	    0xB3 /* Yukon-2 XL: not an skge chip */

/* Timer control (TI_CTRL, IRQM_CTRL). */
#define SKR_TIM_START 0x04
#define SKR_TIM_STOP  0x02

/* Core clock ticks per microsecond. */
#define SKR_TICKS_PER_US_GENESIS 53
#define SKR_TICKS_PER_US_YUKON	 78

/* GP_IO: the Genesis BCM5400 of port 1/2 leaves reset on pin 0/2 driven high. */
#define SKR_GP_IO_0  BIT(0)
#define SKR_GP_IO_2  BIT(2)
#define SKR_GP_DIR_0 BIT(16)
#define SKR_GP_DIR_2 BIT(18)
#define SKR_GP_IO_9  BIT(9) /* Yukon-Lite A3+: PHY power-down (COMA) exit */
#define SKR_GP_DIR_9 BIT(25)

#define SKR_TST_CFG_WRITE_ON  0x02
#define SKR_TST_CFG_WRITE_OFF 0x01

/* ---- Block 3: RAM interface, MAC and packet arbiters ---- */
#define SKR_B3_RI_WTO_R1  0x0190 /* 12 timeout bytes 0x190..0x19B */
#define SKR_B3_RI_TO_VAL  0x019C
#define SKR_B3_RI_CTRL	  0x01A0 /* 16 bit */
#define SKR_B3_MA_TOINI	  0x01B0 /* 4 bytes RX1 RX2 TX1 TX2 */
#define SKR_B3_MA_TOVAL	  0x01B4
#define SKR_B3_MA_TO_CTRL 0x01B8
#define SKR_B3_MA_RCINI	  0x01C0
#define SKR_B3_MA_RCVAL	  0x01C4
#define SKR_B3_MA_RC_CTRL 0x01C8
#define SKR_B3_PA_TOINI	  0x01D0 /* 4 x 16 bit at 4-byte steps */
#define SKR_B3_PA_TOVAL	  0x01E0
#define SKR_B3_PA_CTRL	  0x01F0

#define SKR_RI_RST_SET 0x0001
#define SKR_RI_RST_CLR 0x0002
#define SKR_MA_RST_SET 0x0001
#define SKR_MA_RST_CLR 0x0002
#define SKR_PA_RST_SET 0x0001
#define SKR_PA_RST_CLR 0x0002

/* ---- Blocks 4/5: transmit arbiters (port n at + n * 0x80) ---- */
#define SKR_TXA_ITI_INI 0x0200
#define SKR_TXA_ITI_VAL 0x0204
#define SKR_TXA_LIM_INI 0x0208
#define SKR_TXA_LIM_VAL 0x020C
#define SKR_TXA_CTRL	0x0210 /* 8 bit */
#define SKR_TXA_TEST	0x0211
#define SKR_TXA_STAT	0x0212
#define SKR_TXA_ENA_ARB 0x02
#define SKR_TXA_DIS_ARB 0x01

/* Block 7: copy of PCI configuration space. */
#define SKR_B7_CFG_SPC 0x0380

/* ---- Queues (BMU) ---- */
#define SKR_Q_R1  0x0400
#define SKR_Q_R2  0x0480
#define SKR_Q_XS1 0x0600
#define SKR_Q_XA1 0x0680
#define SKR_Q_XS2 0x0700
#define SKR_Q_XA2 0x0780

#define SKR_Q_DA_L 0x20
#define SKR_Q_DA_H 0x24
#define SKR_Q_CSR  0x34
#define SKR_Q_F	   0x38 /* flags / watermark */
#define SKR_Q_END  0x48

#define SKR_CSR_SV_IDLE	   BIT(24)
#define SKR_CSR_DESC_CLR   BIT(21)
#define SKR_CSR_DESC_SET   BIT(20)
#define SKR_CSR_FIFO_CLR   BIT(19)
#define SKR_CSR_FIFO_SET   BIT(18)
#define SKR_CSR_HPI_RUN	   BIT(17)
#define SKR_CSR_HPI_RST	   BIT(16)
#define SKR_CSR_SV_RUN	   BIT(15)
#define SKR_CSR_SV_RST	   BIT(14)
#define SKR_CSR_DREAD_RUN  BIT(13)
#define SKR_CSR_DREAD_RST  BIT(12)
#define SKR_CSR_DWRITE_RUN BIT(11)
#define SKR_CSR_DWRITE_RST BIT(10)
#define SKR_CSR_TRANS_RUN  BIT(9)
#define SKR_CSR_TRANS_RST  BIT(8)
#define SKR_CSR_ENA_POL	   BIT(7)
#define SKR_CSR_DIS_POL	   BIT(6)
#define SKR_CSR_STOP	   BIT(5)
#define SKR_CSR_START	   BIT(4)
#define SKR_CSR_IRQ_CL_F   BIT(1)
#define SKR_CSR_IRQ_CL_P   BIT(3) /* receive queues: clear the parity error */
/* The seven state machines' reset halves: (run bit, reset bit) pairs. */
#define SKR_CSR_ALL_RESET                                                         \
	(SKR_CSR_DESC_SET | SKR_CSR_FIFO_SET | SKR_CSR_HPI_RST | SKR_CSR_SV_RST | \
	 SKR_CSR_DREAD_RST | SKR_CSR_DWRITE_RST | SKR_CSR_TRANS_RST)
#define SKR_CSR_ALL_RUN                                                           \
	(SKR_CSR_DESC_CLR | SKR_CSR_FIFO_CLR | SKR_CSR_HPI_RUN | SKR_CSR_SV_RUN | \
	 SKR_CSR_DREAD_RUN | SKR_CSR_DWRITE_RUN | SKR_CSR_TRANS_RUN)

/* Descriptors: 32 bytes, little-endian. */
#define SKR_DESC_SIZE	 32
#define SKR_DESC_CTL	 0x00
#define SKR_DESC_NEXT	 0x04
#define SKR_DESC_ADDR_LO 0x08
#define SKR_DESC_ADDR_HI 0x0C
#define SKR_DESC_STATUS	 0x10 /* Rx: MAC receive status; Tx: MAC transmit status */
#define SKR_DESC_TSTAMP	 0x14
#define SKR_DESC_CSUM	 0x18
#define SKR_DESC_CSUM_ST 0x1C
/* Transmit: initial sum at 0x14; at 0x18 the write offset (low half) and start (high half). */
#define SKR_DESC_TX_CSUM_INIT 0x14
#define SKR_DESC_TX_CSUM_POS  0x18

#define SKR_CTL_OWN	  BIT(31)
#define SKR_CTL_STF	  BIT(30)
#define SKR_CTL_EOF	  BIT(29)
#define SKR_CTL_IRQ_EOB	  BIT(28)
#define SKR_CTL_IRQ_EOF	  BIT(27)
#define SKR_CTL_STAT_VAL  BIT(25) /* Rx */
#define SKR_CTL_OPC_SHIFT 16
#define SKR_CTL_OPC_MASK  0x00FF0000u
#define SKR_CTL_LEN_MASK  0x0000FFFFu
#define SKR_OPC_DEFAULT	  0x55
#define SKR_OPC_TCP	  0x56
#define SKR_OPC_UDP	  0x57 /* Yukon only */

/* ---- RAM buffers: queue + 0x400 (R1 0x800 ... XA2 0xB80) ---- */
#define SKR_RB_BASE_FROM_Q 0x0400
#define SKR_RB_START	   0x00
#define SKR_RB_END	   0x04
#define SKR_RB_WP	   0x08
#define SKR_RB_RP	   0x0C
#define SKR_RB_RX_UTPP	   0x10
#define SKR_RB_PC	   0x20
#define SKR_RB_CTRL	   0x28 /* 8 bit */

#define SKR_RB_RST_SET	 0x01
#define SKR_RB_RST_CLR	 0x02
#define SKR_RB_DIS_OP	 0x04
#define SKR_RB_ENA_OP	 0x08
#define SKR_RB_DIS_STFWD 0x10
#define SKR_RB_ENA_STFWD 0x20

/* ---- MAC FIFOs (port n at + n * 0x80) ---- */
/* Genesis (XMAC) */
#define SKR_RX_MFF_EA	   0x0C00
#define SKR_RX_MFF_RP	   0x0C0C
#define SKR_RX_MFF_CTRL1   0x0C18 /* 16 bit */
#define SKR_RX_MFF_STAT_TO 0x0C1A
#define SKR_RX_MFF_CTRL2   0x0C1C /* 8 bit */
#define SKR_RX_LED_INI	   0x0C20
#define SKR_LNK_SYNC_INI   0x0C30
#define SKR_LNK_LED_REG	   0x0C3C
#define SKR_TX_MFF_EA	   0x0D00
#define SKR_TX_MFF_CTRL1   0x0D18 /* 16 bit */
#define SKR_TX_MFF_WAF	   0x0D1A
#define SKR_TX_MFF_CTRL2   0x0D1C /* 8 bit */
#define SKR_TX_LED_INI	   0x0D20

/* Yukon (GMAC) */
#define SKR_RX_GMF_EA	  0x0C40
#define SKR_RX_GMF_CTRL_T 0x0C48
#define SKR_RX_GMF_FL_MSK 0x0C4C
#define SKR_TX_GMF_EA	  0x0D40
#define SKR_TX_GMF_CTRL_T 0x0D48

#define SKR_MFF_CLR_MAC_RST 0x0002 /* TX_MFF_CTRL1: XMAC reset */
#define SKR_MFF_SET_MAC_RST 0x0001
#define SKR_MFF_RST_CLR	    0x02 /* MFF_CTRL2 */
#define SKR_MFF_RST_SET	    0x01
#define SKR_MFF_ENA_OP	    0x08
#define SKR_MFF_DIS_OP	    0x04

#define SKR_GMF_OPER_ON	 0x08 /* GMF_CTRL_T */
#define SKR_GMF_OPER_OFF 0x04
#define SKR_GMF_RST_CLR	 0x02
#define SKR_GMF_RST_SET	 0x01

/* ---- Descriptor poll timer, timestamp timer ---- */
#define SKR_B28_DPT_INI	    0x0E00
#define SKR_B28_DPT_CTRL    0x0E08
#define SKR_B28_DPT_TST	    0x0E0A
#define SKR_GMAC_TI_ST_VAL  0x0E14
#define SKR_GMAC_TI_ST_CTRL 0x0E18

/* ---- GMAC/GPHY control (Yukon, port n at + n * 0x80) ---- */
#define SKR_GMAC_CTRL	   0x0F00
#define SKR_GPHY_CTRL	   0x0F04
#define SKR_GMAC_IRQ_SRC   0x0F08 /* 8 bit */
#define SKR_GMAC_IRQ_MSK   0x0F0C /* 8 bit */
#define SKR_GMAC_LINK_CTRL 0x0F10 /* 16 bit */
#define SKR_WOL_CTRL_STAT  0x0F20

#define SKR_GMC_RST_SET	 0x01
#define SKR_GMC_RST_CLR	 0x02
#define SKR_GPC_RST_SET	 0x01
#define SKR_GPC_RST_CLR	 0x02
#define SKR_GMLC_RST_SET 0x01
#define SKR_GMLC_RST_CLR 0x02

/* ---- MAC windows ---- */
#define SKR_XMAC1_BASE 0x2000
#define SKR_GMAC1_BASE 0x2800
#define SKR_XMAC2_BASE 0x3000
#define SKR_GMAC2_BASE 0x3800
#define SKR_MAC_WINDOW 0x0800

/* ---- XMAC II (Genesis): 16-bit registers; XMAC register r is at base + 2 * r ---- */
#define SKR_XM_MMU_CMD	    0x0000
#define SKR_XM_POFF	    0x0008 /* 32 bit (two halves) */
#define SKR_XM_BURST	    0x000C
#define SKR_XM_1L_VLAN	    0x0010
#define SKR_XM_2L_VLAN	    0x0014
#define SKR_XM_TX_CMD	    0x0020
#define SKR_XM_TX_RT_LIM    0x0024
#define SKR_XM_TX_STIME	    0x0028
#define SKR_XM_RX_CMD	    0x0030
#define SKR_XM_PHY_ADDR	    0x0034
#define SKR_XM_PHY_DATA	    0x0038
#define SKR_XM_TX_IPG	    0x002C /* SysKonnect's xmac_ii.h and Linux skge.h; not 0x3C */
#define SKR_XM_GP_PORT	    0x0040 /* 32 bit */
#define SKR_XM_IMSK	    0x0044
#define SKR_XM_ISRC	    0x0048
#define SKR_XM_HW_CFG	    0x004C
#define SKR_XM_STRAY_1B	    0x001B /* no register; see skge_model_xmac.c */
#define SKR_XM_TX_LO_WM	    0x0060
#define SKR_XM_EXM	    0x0080 /* 16 exact-match entries, 8 apart */
#define SKR_XM_SA	    0x0108 /* station address, 3 x 16 bit */
#define SKR_XM_HSM	    0x0110 /* 64-bit multicast hash, 4 x 16 bit */
#define SKR_XM_DEV_ID	    0x0120 /* 32 bit */
#define SKR_XM_MODE	    0x0124 /* 32 bit */
#define SKR_XM_LSA	    0x0128
#define SKR_XM_TS_LOAD	    0x0134
#define SKR_XM_STAT_CMD	    0x0200
#define SKR_XM_RX_CNT_EV    0x0204
#define SKR_XM_TX_EV_MSK    0x0210
#define SKR_XM_TXF_OK	    0x0280 /* 32-bit counters .. 0x02E4 */
#define SKR_XM_TXO_OK_LO    0x0288
#define SKR_XM_TX_STATS_END 0x02E8
#define SKR_XM_RXF_OK	    0x0300 /* .. 0x037C */
#define SKR_XM_RXO_OK_LO    0x0308
#define SKR_XM_RXE_FIFO_OV  0x0334 /* receive FIFO overflows */
#define SKR_XM_IS_RXF_OV    BIT(3) /* XM_ISRC: receive FIFO overflow */
#define SKR_GM_IS_RX_FF_OR  BIT(1) /* GMAC_IRQ_SRC: receive FIFO overrun */
#define SKR_XM_RXF_FCS_ERR  0x0354
#define SKR_XM_RX_STATS_END 0x0380

#define SKR_XM_DEVICE_ID 0x00E0AE20u /* XaQti OUI, rev C1 in [7:5] */

#define SKR_XM_MMU_TX_ENA   0x0001
#define SKR_XM_MMU_RX_ENA   0x0002
#define SKR_XM_MMU_PHY_BUSY 0x0800
#define SKR_XM_MMU_PHY_RDY  0x1000

#define SKR_XM_RX_STRIP_FCS 0x0010

#define SKR_XM_MD_PROMISC  0x00000008u
#define SKR_XM_MD_NO_BROAD 0x00000010u
#define SKR_XM_MD_NO_MULTI 0x00000020u
#define SKR_XM_MD_NO_UNI   0x00000040u
#define SKR_XM_MD_ENA_HASH 0x00008000u

#define SKR_XM_STAT_CLR_TX 0x0001
#define SKR_XM_STAT_CLR_RX 0x0002

#define SKR_XM_PHY_ADDR_SHIFT 8
#define SKR_XM_PHY_REG_MASK   0x1F
#define SKR_BCOM_PHY_ADDR     1

/* XMAC receive status (descriptor status word). */
#define SKR_XMR_LEN_SHIFT 18
#define SKR_XMR_BC	  BIT(15)
#define SKR_XMR_MC	  BIT(14)
#define SKR_XMR_UC	  BIT(13)
#define SKR_XMR_LNG_ERR	  BIT(3)
#define SKR_XMR_FCS_ERR	  BIT(2)
#define SKR_XMR_ERR	  BIT(1)

/* ---- GMAC (Yukon): 16-bit registers at 4-byte steps ---- */
#define SKR_GM_GP_STAT	   0x0000
#define SKR_GM_GP_CTRL	   0x0004
#define SKR_GM_RX_CTRL	   0x000C
#define SKR_GM_SRC_ADDR_1L 0x001C /* 1L 1M 1H 2L 2M 2H */
#define SKR_GM_SRC_ADDR_2L 0x0028
#define SKR_GM_MC_ADDR_H1  0x0034 /* H1..H4 */
#define SKR_GM_TX_IRQ_SRC  0x0044
#define SKR_GM_RX_IRQ_SRC  0x0048
#define SKR_GM_TR_IRQ_SRC  0x004C
#define SKR_GM_SMI_CTRL	   0x0080
#define SKR_GM_SMI_DATA	   0x0084
#define SKR_GM_PHY_ADDR	   0x0088
#define SKR_GM_MIB_BASE	   0x0100 /* 44 counters, 8 bytes apart: low half, high at +4 */
#define SKR_GM_MIB_COUNT   44

#define SKR_GM_MIB_RXF_UC  0x0100
#define SKR_GM_MIB_RXF_BC  0x0108
#define SKR_GM_MIB_RXF_MC  0x0118
#define SKR_GM_MIB_RXF_FCS 0x0120
#define SKR_GM_MIB_RXO_OK  0x0130
#define SKR_GM_MIB_RXE_OV  0x01B0 /* receive FIFO overflows */
#define SKR_GM_MIB_TXF_UC  0x01C0
#define SKR_GM_MIB_TXF_BC  0x01C8
#define SKR_GM_MIB_TXF_MC  0x01D8
#define SKR_GM_MIB_TXO_OK  0x01E0

#define SKR_GM_GPSR_SPEED_100 BIT(15)
#define SKR_GM_GPSR_DUPLEX    BIT(14)
#define SKR_GM_GPSR_LINK_UP   BIT(12)
#define SKR_GM_GPSR_GIG	      BIT(4)

#define SKR_GM_GPCR_PROM_ENA BIT(14)
#define SKR_GM_GPCR_TX_ENA   BIT(12)
#define SKR_GM_GPCR_RX_ENA   BIT(11)

#define SKR_GM_RXCR_UCF_ENA BIT(15)
#define SKR_GM_RXCR_MCF_ENA BIT(14)
#define SKR_GM_RXCR_CRC_DIS BIT(13)

#define SKR_GM_SMI_PHY_SHIFT 11
#define SKR_GM_SMI_REG_SHIFT 6
#define SKR_GM_SMI_OP_RD     BIT(5)
#define SKR_GM_SMI_RD_VAL    BIT(4)
#define SKR_GM_SMI_BUSY	     BIT(3)
#define SKR_GM_PAR_MIB_CLR   BIT(5)
#define SKR_MARV_PHY_ADDR    0

/* GMAC receive status (descriptor status word). */
#define SKR_GMR_LEN_SHIFT 16
#define SKR_GMR_MC	  BIT(10)
#define SKR_GMR_BC	  BIT(9)
#define SKR_GMR_RX_OK	  BIT(8)
#define SKR_GMR_LONG_ERR  BIT(4)
#define SKR_GMR_CRC_ERR	  BIT(1)

/* ---- PHY registers (MII, reached through the MAC) ---- */
#define SKR_MII_BMCR	 0x00
#define SKR_MII_BMSR	 0x01
#define SKR_MII_ID0	 0x02
#define SKR_MII_ID1	 0x03
#define SKR_MII_ANAR	 0x04
#define SKR_MII_LPA	 0x05
#define SKR_MII_ANER	 0x06
#define SKR_MII_NPAGE	 0x07
#define SKR_MII_NPAGE_LP 0x08
#define SKR_MII_GTCR	 0x09
#define SKR_MII_GTSR	 0x0A
#define SKR_MII_ESTAT	 0x0F

#define SKR_BMCR_RESET	   BIT(15)
#define SKR_BMCR_LOOP	   BIT(14)
#define SKR_BMCR_SPD_LSB   BIT(13)
#define SKR_BMCR_ANE	   BIT(12)
#define SKR_BMCR_PDOWN	   BIT(11)
#define SKR_BMCR_ISOLATE   BIT(10)
#define SKR_BMCR_ANRESTART BIT(9)
#define SKR_BMCR_FULL	   BIT(8)
#define SKR_BMCR_SPD_MSB   BIT(6)

#define SKR_BMSR_ESTAT	 BIT(8)
#define SKR_BMSR_AN_DONE BIT(5)
#define SKR_BMSR_AN_ABLE BIT(3)
#define SKR_BMSR_LINK	 BIT(2)
#define SKR_BMSR_EXTCAP	 BIT(0)
#define SKR_BMSR_ABILITY 0x7900 /* 10/100 half/full */

#define SKR_AN_10HD	   BIT(5)
#define SKR_AN_10FD	   BIT(6)
#define SKR_AN_100HD	   BIT(7)
#define SKR_AN_100FD	   BIT(8)
#define SKR_AN_ACK	   BIT(14)
#define SKR_GTCR_1000HD	   BIT(8)
#define SKR_GTCR_1000FD	   BIT(9)
#define SKR_GTSR_LP_1000HD BIT(10)
#define SKR_GTSR_LP_1000FD BIT(11)
#define SKR_ESTAT_1000T	   0x3000

/* Broadcom BCM5400 (Genesis copper boards) */
#define SKR_BCOM_ID0 0x0020
/* ID1's low nibble is the BCM5400's revision; each has its own errata. */
#define SKR_BCOM_ID1_A1	       0x6041
#define SKR_BCOM_ID1_B2	       0x6043
#define SKR_BCOM_ID1_C0	       0x6044
#define SKR_BCOM_ID1_C5	       0x6047
#define SKR_BCOM_P_EXT_CTRL    0x10
#define SKR_BCOM_P_EXT_STAT    0x11
#define SKR_BCOM_RX_ERR_CNT    0x12
#define SKR_BCOM_FALSE_CARR    0x13
#define SKR_BCOM_RX_NOT_OK     0x14
#define SKR_BCOM_DSP_DATA      0x15 /* the DSP coefficient AUX_CTRL_SMDSP lets through */
#define SKR_BCOM_DSP_ADDR      0x17
#define SKR_BCOM_AUX_CTRL      0x18
#define SKR_BCOM_AUX_STAT      0x19
#define SKR_BCOM_INT_STAT      0x1A
#define SKR_BCOM_INT_MASK      0x1B
#define SKR_BCOM_AC_DIS_PM     BIT(5)  /* AUX_CTRL: power management off */
#define SKR_BCOM_AC_TX_TST     BIT(10) /* AUX_CTRL: the "always 1" test bit */
#define SKR_BCOM_AC_SMDSP      BIT(11) /* AUX_CTRL: SM_DSP clock on, DSP registers writable */
#define SKR_BCOM_GTCR_REPEATER BIT(10) /* 1000BASE-T control: repeater/DTE (C5 erratum 1) */
#define SKR_BCOM_AS_AN_DONE    BIT(15)
#define SKR_BCOM_AS_RES_SHIFT  8 /* [10:8]: 7 1000FD, 6 1000HD, 5 100FD, 3 100HD, 2 10FD, 1 10HD */
#define SKR_BCOM_AS_LINK       BIT(2)
#define SKR_BCOM_IS_LINK       BIT(1)
#define SKR_BCOM_IS_AN_PAGE    BIT(10)
#define SKR_BCOM_PEC_INT_DIS   BIT(12) /* P_EXT_CTRL: interrupt output off */

/* Marvell 88E1011 (Yukon) */
#define SKR_MARV_ID0	      0x0141
#define SKR_MARV_ID1	      0x0C23
#define SKR_MARV_PHY_CTRL     0x10
#define SKR_MARV_PHY_STAT     0x11
#define SKR_MARV_INT_MASK     0x12
#define SKR_MARV_INT_STAT     0x13
#define SKR_MARV_EXT_CTRL     0x14
#define SKR_MARV_RXE_CNT      0x15
#define SKR_MARV_EXT_ADR      0x16
#define SKR_MARV_LED_CTRL     0x18
#define SKR_MARV_LED_OVER     0x19
#define SKR_MARV_EXT_CTRL2    0x1A
#define SKR_MARV_EXT_PSTAT    0x1B
#define SKR_MARV_PS_SPD_SHIFT 14 /* 2: 1000, 1: 100, 0: 10 */
#define SKR_MARV_PS_FULL      BIT(13)
#define SKR_MARV_PS_RESOLVED  BIT(11)
#define SKR_MARV_PS_LINK      BIT(10)
#define SKR_MARV_IS_LSP_CHG   BIT(14)
#define SKR_MARV_IS_DUP_CHG   BIT(13)
#define SKR_MARV_IS_AN_DONE   BIT(11)
#define SKR_MARV_IS_LINK_CHG  BIT(10)

#endif

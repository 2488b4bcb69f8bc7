/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Marvell Yukon-2 register map, as far as this driver uses it. Data only.
 *
 * Written from the published facts (../shared/reference/nic-facts-yukon-bcm.md
 * section 1) and checked against FreeBSD's if_mskreg.h for values the facts
 * do not list. Offsets are named by block (B0_ control, B2_ chip resources,
 * Q_ queue BMU, PF_ prefetch unit, RB_ RAM buffer, RXF_/TXF_ MAC FIFOs, ST_
 * status unit, GMAC_/GPHY_ per-port control, GM_ the GMAC itself); bits are
 * named by register. Set/clear pairs are pulse registers: write the one bit
 * that acts, never a read-modify-write.
 */
#ifndef NAPKIN_DRIVERS_SKY2_REG_H
#define NAPKIN_DRIVERS_SKY2_REG_H

#include "kernel/core/compiler.h"

/* ---- PCI IDs ---- */
#define Y2_VENDOR_SYSKONNECT 0x1148
#define Y2_VENDOR_DLINK	     0x1186
#define Y2_VENDOR_MARVELL    0x11AB

#define Y2_BAR_SIZE 0x4000

/* ---- Chip IDs (B2_CHIP_ID) ---- */
#define Y2_CHIP_XL	 0xB3
#define Y2_CHIP_EC_ULTRA 0xB4
#define Y2_CHIP_EXTREME	 0xB5
#define Y2_CHIP_EC	 0xB6
#define Y2_CHIP_FE	 0xB7
#define Y2_CHIP_FE_PLUS	 0xB8
#define Y2_CHIP_SUPREME	 0xB9
#define Y2_CHIP_ULTRA2	 0xBA
#define Y2_CHIP_OPTIMA	 0xBC
#define Y2_CHIP_OPT_EEE	 0xBD /* Linux only; UNVERIFIED beyond its name */
#define Y2_CHIP_OPTIMA2	 0xBE /* Linux only; UNVERIFIED beyond its name */

/* Revisions (B2_MAC_CFG[7:4]) the quirks key on. */
#define Y2_REV_XL_A0	   0
#define Y2_REV_XL_A1	   1
#define Y2_REV_EC_A1	   0
#define Y2_REV_EC_ULTRA_A0 1
#define Y2_REV_FE_PLUS_A0  0
#define Y2_REV_SUPREME_B0  1
#define Y2_REV_EXTREME_B0  2

/* ---- PCI config space registers (also mirrored at B2_CFG_MIRROR) ---- */
#define PCI_Y2_OUR_REG_1      0x40
#define PCI_Y2_OUR_REG_3      0x80
#define PCI_Y2_OUR_REG_4      0x84
#define PCI_Y2_OUR_REG_5      0x88
#define PCI_Y2_CFG_REG_1      0x94
#define PCI_Y2_PEX_UNC_ERR    0x104 /* AER uncorrectable status (write 1s to clear) */
#define OUR1_PHY2_COMA	      BIT(29)
#define OUR1_PHY1_COMA	      BIT(28)
#define OUR1_PHY2_POWD	      BIT(27)
#define OUR1_PHY1_POWD	      BIT(26)
#define OUR4_KEEP_ASPM	      0xF000u /* bits 15..12 survive the reset of REG_4 */
#define OUR5_KEEP_VMAIN_TIMER (BIT(28) | BIT(27))
#define OUR3_MACSEC_CLK_DIS   BIT(17)
#define OUR3_ALL_CLOCKS_ON    0u /* REG_3 holds clock-disable bits only */
#define PEX_UNC_RX_OVERFLOW   BIT(17)
#define PCIX_CMD_MAX_SPLITS   (7u << 4)

/* ---- Block 0: control and interrupts ---- */
#define B0_CTST		0x0004 /* 16 bit */
#define CTST_HW_WOL_ON	BIT(15)
#define CTST_ASF_DIS	BIT(12)
#define CTST_LED_ON	BIT(9)
#define CTST_SW_IRQ_SET BIT(7)
#define CTST_SW_IRQ_CLR BIT(6)
#define CTST_MRST_CLR	BIT(3)
#define CTST_MRST_SET	BIT(2)
#define CTST_RST_CLR	BIT(1)
#define CTST_RST_SET	BIT(0)

#define B0_POWER_CTRL  0x0007 /* 8 bit */
#define POWER_VAUX_ENA BIT(7)
#define POWER_VCC_ENA  BIT(5)
#define POWER_VAUX_OFF BIT(2)
#define POWER_VCC_ON   BIT(1)

#define B0_ISRC	       0x0008 /* sources, reading does not mask */
#define B0_IMSK	       0x000C
#define B0_HWE_ISRC    0x0010
#define B0_HWE_IMSK    0x0014
#define B0_Y2_SP_ISRC2 0x001C /* sources; reading masks the interrupt */
#define B0_Y2_SP_EISR  0x0024
#define B0_Y2_SP_LISR  0x0028
#define B0_Y2_SP_ICR   0x002C
#define ICR_UNMASK     2u

/* B0_ISRC / B0_IMSK / B0_Y2_SP_ISRC2 */
#define ISRC_HW_ERR	      BIT(31)
#define ISRC_STAT_BMU	      BIT(30)
#define ISRC_IRQ_SW	      BIT(25)
#define ISRC_TIMER	      BIT(24)
#define ISRC_PORT_SHIFT	      8 /* port 2's bits are port 1's shifted by this */
#define ISRC_PHY	      BIT(4)
#define ISRC_MAC	      BIT(3)
#define ISRC_CHK_RX	      BIT(2)
#define ISRC_CHK_TXS	      BIT(1)
#define ISRC_CHK_TXA	      BIT(0)
#define ISRC_PORT_BITS	      (ISRC_PHY | ISRC_MAC | ISRC_CHK_RX | ISRC_CHK_TXA)
#define ISRC_PORT(port, bits) ((u32)(bits) << ((port)*ISRC_PORT_SHIFT))
#define ISRC_ALL	      0xEF001F1Fu

/* B0_HWE_ISRC / B0_HWE_IMSK */
#define HWE_MASTER_ERR	     BIT(27)
#define HWE_STATUS	     BIT(26)
#define HWE_PCI_EXP	     BIT(25)
#define HWE_PCI_NEXP	     BIT(24)
#define HWE_PORT_SHIFT	     8
#define HWE_PAR_RD	     BIT(5)
#define HWE_PAR_WR	     BIT(4)
#define HWE_PAR_MAC	     BIT(3)
#define HWE_PAR_RX	     BIT(2)
#define HWE_TCP_TXS	     BIT(1)
#define HWE_TCP_TXA	     BIT(0)
#define HWE_PORT_BITS	     0x3Fu
#define HWE_PORT(port, bits) ((u32)(bits) << ((port)*HWE_PORT_SHIFT))
#define HWE_GLOBAL_BITS	     (HWE_MASTER_ERR | HWE_STATUS | HWE_PCI_EXP | HWE_PCI_NEXP)

/* ---- Block 2: chip resources ---- */
#define B2_MAC_1	    0x0100 /* station address of port 1, 6 bytes */
#define B2_MAC_2	    0x0108 /* port 2 */
#define B2_MAC_CFG	    0x011A /* 8 bit: revision in [7:4] */
#define MAC_CFG_REV_SHIFT   4
#define B2_CHIP_ID	    0x011B /* 8 bit */
#define B2_E_0		    0x011C /* 8 bit: RAM buffer size in 4 KiB units */
#define B2_Y2_CLK_GATE	    0x011D /* 8 bit */
#define CLK_GATE_LNK2_INAC  BIT(7)
#define CLK_GATE_ALL_DIS    0x77u  /* PCI, core and gating clock off bits of both links */
#define B2_Y2_HW_RES	    0x011E /* 8 bit */
#define HW_RES_LINKS	    0x03u  /* both "link available" bits */
#define B2_Y2_CLK_CTRL	    0x0120
#define CLK_CTRL_DIV_DIS    BIT(0)
#define B2_TI_CTRL	    0x0138 /* 8 bit */
#define B2_IRQM_CTRL	    0x0148 /* 8 bit */
#define TIM_START	    BIT(2)
#define TIM_STOP	    BIT(1)
#define TIM_CLR_IRQ	    BIT(0)
#define B2_TST_CTRL1	    0x0158 /* 8 bit */
#define TST_CFG_WRITE_ON    BIT(1)
#define TST_CFG_WRITE_OFF   BIT(0)
#define B2_GP_IO	    0x015C
#define GP_IO_STAT_RACE_DIS BIT(13)
#define B2_I2C_IRQ	    0x0168
#define I2C_CLR_IRQ	    BIT(0)
#define B2_Y2_PEX_PHY_DATA  0x0170
#define B2_CFG_MIRROR	    0x1C00 /* PCI config space, writable between TST_CFG_WRITE_ON/OFF */

/* ---- Block 3: RAM interface (per port: + port * 0x40) ---- */
#define B3_RI_STRIDE	 0x40
#define B3_RI_WTO_R1	 0x0190 /* 12 byte-wide timeouts follow, to 0x019B */
#define B3_RI_TIMEOUTS	 12
#define B3_RI_CTRL	 0x01A0 /* 16 bit */
#define RI_CLR_RD_PERR	 BIT(9)
#define RI_CLR_WR_PERR	 BIT(8)
#define RI_RST_CLR	 BIT(1)
#define RI_RST_SET	 BIT(0)
#define RI_TIMEOUT_VALUE 36

/* ---- Transmit arbiter (per port: + port << 7) ---- */
#define TXA_CTRL      0x0210 /* 8 bit */
#define TXA_DIS_FSYNC BIT(6)
#define TXA_DIS_ALLOC BIT(4)
#define TXA_STOP_RC   BIT(2)
#define TXA_ENA_ARB   BIT(1)

/* ---- Queues: BMU at 0x400 + queue, prefetch at 0x450 + queue, RAM buffer at 0x800 + queue ---- */
#define Q_R1  0x0000
#define Q_R2  0x0080
#define Q_XS1 0x0200
#define Q_XA1 0x0280
#define Q_XS2 0x0300
#define Q_XA2 0x0380

#define Q_BASE		       0x0400
#define Q_CSR		       0x34
#define Q_F		       0x38
#define Q_WM		       0x40 /* 16 bit */
#define Q_AL		       0x42
#define CSR_IDLE	       BIT(31)
#define CSR_DIS_RSS	       BIT(14)
#define CSR_RX_CSUM_ON	       BIT(13)
#define CSR_RX_CSUM_OFF	       BIT(12)
#define CSR_CLR_IRQ_PAR	       BIT(11) /* Tx: clear the TCP length IRQ */
#define CSR_CLR_IRQ_CHK	       BIT(10)
#define CSR_STOP	       BIT(9)
#define CSR_START	       BIT(8)
#define CSR_FIFO_OP_ON	       BIT(7)
#define CSR_FIFO_ENA	       BIT(5)
#define CSR_FIFO_RST	       BIT(4)
#define CSR_OP_ON	       BIT(3)
#define CSR_OP_OFF	       BIT(2)
#define CSR_RST_CLR	       BIT(1)
#define CSR_RST_SET	       BIT(0)
#define CSR_BRING_OUT_OF_RESET (CSR_FIFO_RST | CSR_OP_OFF | CSR_RST_CLR)
#define CSR_OPERATIONAL	       (CSR_CLR_IRQ_PAR | CSR_CLR_IRQ_CHK | CSR_START | CSR_FIFO_ENA | CSR_OP_ON)
#define Q_WATERMARK	       0x600
#define F_M_RX_RAM_DIS	       BIT(24)
#define F_TX_CHK_AUTO_OFF      BIT(31) /* Extreme: the parsing transmit checksum off */
#define ECU_TXFF_LEVEL	       0x01A0

#define PF_BASE	    0x0450
#define PF_CTRL	    0x00
#define PF_LAST_IDX 0x04 /* 16 bit */
#define PF_ADDR_LO  0x08
#define PF_ADDR_HI  0x0C
#define PF_GET_IDX  0x10 /* 16 bit */
#define PF_PUT_IDX  0x14 /* 16 bit */
#define PF_OP_ON    BIT(3)
#define PF_OP_OFF   BIT(2)
#define PF_RST_CLR  BIT(1)
#define PF_RST_SET  BIT(0)
#define PF_IDX_MASK 0x0FFF

#define RB_BASE	       0x0800
#define RB_START       0x00
#define RB_END	       0x04
#define RB_WP	       0x08
#define RB_RP	       0x0C
#define RB_RX_UTPP     0x10
#define RB_RX_LTPP     0x14
#define RB_CTRL	       0x28 /* 8 bit */
#define RB_ENA_STFWD   BIT(5)
#define RB_ENA_OP_MD   BIT(3)
#define RB_RST_CLR     BIT(1)
#define RB_RST_SET     BIT(0)
#define RB_PAUSE_UPPER (8 * 1024)  /* bytes below the top where pause is sent */
#define RB_PAUSE_LOWER (16 * 1024) /* and where it is released */

/* ---- MAC FIFOs (per port: + port << 7) ---- */
#define RXF_CTRL_T     0x0C48
#define RXF_FLUSH_MASK 0x0C4C
#define RXF_FLUSH_THR  0x0C50 /* 16 bit */
#define RXF_UP_THR     0x0C58 /* 16 bit, parts without RAM buffer */
#define RXF_LP_THR     0x0C5A
#define TXF_END_ADDR   0x0D40
#define TXF_CTRL_T     0x0D48
#define MF_RX_OVER_ON  BIT(19) /* Rx: flush on overrun */
#define MF_RX_FLUSH_ON BIT(7)
#define MF_CLI_RX_FO   BIT(5)
#define MF_CLI_TX_FU   BIT(6)
#define MF_CLI_TX_PE   BIT(4)
#define MF_OPER_ON     BIT(3)
#define MF_RST_CLR     BIT(1)
#define MF_RST_SET     BIT(0)
#define RXF_FLUSH_THR_DEF \
	0x0B /* 64 bytes plus one FIFO word: pause frames hang the chip otherwise */
#define RXF_FLUSH_THR_FEP 0x178 /* FE+ A0 */
#define RXF_PAUSE_LOW	  0x0060
#define RXF_PAUSE_HIGH	  0x0080

/* ---- Status unit ---- */
#define ST_CTRL	       0x0E80
#define ST_CLR_IRQ     BIT(4)
#define ST_OP_ON       BIT(3)
#define ST_OP_OFF      BIT(2)
#define ST_RST_CLR     BIT(1)
#define ST_RST_SET     BIT(0)
#define ST_LAST_IDX    0x0E84 /* 16 bit */
#define ST_ADDR_LO     0x0E88
#define ST_ADDR_HI     0x0E8C
#define ST_TX_IDX_TH   0x0E98 /* 16 bit */
#define ST_PUT_IDX     0x0E9C /* 16 bit */
#define ST_FIFO_WM     0x0EAC /* 8 bit */
#define ST_FIFO_ISR_WM 0x0EAD /* 8 bit */
#define ST_LEV_TIMER   0x0EB0
#define ST_LEV_CTRL    0x0EB8 /* 8 bit */
#define ST_TX_TIMER    0x0EC0
#define ST_TX_CTRL     0x0EC8 /* 8 bit */
#define ST_ISR_TIMER   0x0ED0
#define ST_ISR_CTRL    0x0ED8 /* 8 bit */
#define ST_TX_IDX_ALL  0x0FFF

/* ---- Misc timers in block 28 ---- */
#define B28_DPT_CTRL	  0x0E08 /* 8 bit */
#define DPT_STOP	  BIT(0)
#define B28_TS_CTRL	  0x0E18 /* 8 bit */
#define TS_STOP		  BIT(1)
#define TS_CLR_IRQ	  BIT(0)
#define B28_CPU_WDOG	  0x0E48
#define B28_ASF_STAT_CMD  0x0E68 /* 8 bit; the HCU CCSR on Extreme and Supreme */
#define ASF_STAT_RESET	  BIT(3)
#define HCU_CCSR_AHB_RST  BIT(9)
#define HCU_CCSR_CPU_RST  BIT(8)
#define HCU_CCSR_CLK_DIV  (BIT(4) | BIT(3))
#define HCU_CCSR_UC_STATE 0x3u

/* ---- Per-port control (+ port << 7) ---- */
#define GMAC_CTRL	    0x0F00
#define GMC_BYP_MACSECRX    BIT(13)
#define GMC_BYP_MACSECTX    BIT(11)
#define GMC_BYP_RETR	    BIT(9)
#define GMC_LOOPB_OFF	    BIT(4)
#define GMC_PAUSE_ON	    BIT(3)
#define GMC_PAUSE_OFF	    BIT(2)
#define GMC_RST_CLR	    BIT(1)
#define GMC_RST_SET	    BIT(0)
#define GPHY_CTRL	    0x0F04 /* written 8 bit */
#define GPC_RST_CLR	    BIT(1)
#define GPC_RST_SET	    BIT(0)
#define GMAC_IRQ_SRC	    0x0F08 /* 8 bit */
#define GMAC_IRQ_MSK	    0x0F0C /* 8 bit */
#define GMIRQ_TX_UNDERRUN   BIT(3)
#define GMIRQ_RX_OVERRUN    BIT(1)
#define GMAC_LINK_CTRL	    0x0F10 /* 16 bit */
#define GMLC_RST_CLR	    BIT(1)
#define GMLC_RST_SET	    BIT(0)
#define PORT_REG(port, reg) ((u32)(reg) + ((u32)(port) << 7))

/* ---- GMAC (16-bit registers at 0x2800 / 0x3800) ---- */
#define GM_BASE(port)	(0x2800u + (u32)(port)*0x1000u)
#define GM_GP_STAT	0x00
#define GM_GP_CTRL	0x04
#define GM_TX_CTRL	0x08
#define GM_RX_CTRL	0x0C
#define GM_TX_FLOW_CTRL 0x10
#define GM_TX_PARAM	0x14
#define GM_SERIAL_MODE	0x18
#define GM_SRC_ADDR_1	0x1C /* three 16-bit words, low first */
#define GM_SRC_ADDR_2	0x28
#define GM_MC_HASH	0x34 /* four 16-bit words */
#define GM_TX_IRQ_MSK	0x50
#define GM_RX_IRQ_MSK	0x54
#define GM_TR_IRQ_MSK	0x58
#define GM_SMI_CTRL	0x80
#define GM_SMI_DATA	0x84
#define GM_PHY_ADDR	0x88
#define GM_MIB		0x100 /* counters: 16-bit low at +0, high at +4, 8 apart */

#define GPSTAT_LINK_UP	   BIT(12)
#define GPCTRL_TX_ENA	   BIT(12)
#define GPCTRL_RX_ENA	   BIT(11)
#define GPCTRL_GIGS	   BIT(7)
#define GPCTRL_DUP_FULL	   BIT(5)
#define GPCTRL_FC_RX_DIS   BIT(4)
#define GPCTRL_SPEED_100   BIT(3)
#define GPCTRL_AU_DUP_DIS  BIT(2)
#define GPCTRL_AU_FCT_DIS  BIT(1)
#define GPCTRL_AU_SPD_DIS  BIT(0)
#define GPCTRL_FC_TX_DIS   BIT(13)
#define GPCTRL_AU_ALL_DIS  (GPCTRL_AU_DUP_DIS | GPCTRL_AU_FCT_DIS | GPCTRL_AU_SPD_DIS)
#define RXCTRL_UCF_ENA	   BIT(15)
#define RXCTRL_MCF_ENA	   BIT(14)
#define RXCTRL_CRC_DIS	   BIT(13)
#define TXCTRL_COL_THR_DEF (4u << 10)
#define TXPARAM_DEF	   ((3u << 14) | (0x0Bu << 9) | (0x1Cu << 4) | 4u)
#define SMODE_DATA_BLIND   (4u << 11)
#define SMODE_VLAN_ENA	   BIT(9)
#define SMODE_IPG_DEF	   0x1Eu
#define SMI_PHY_SHIFT	   11
#define SMI_REG_SHIFT	   6
#define SMI_OP_READ	   BIT(5)
#define SMI_READ_VALID	   BIT(4)
#define SMI_BUSY	   BIT(3)
#define PHYADDR_MIB_CLEAR  BIT(5)
#define Y2_PHY_ADDR	   0

/* MIB counter offsets from GM_MIB. */
#define MIB_RX_UCAST	0
#define MIB_RX_BCAST	8
#define MIB_RX_PAUSE	16
#define MIB_RX_MCAST	24
#define MIB_RX_FCS_ERR	32
#define MIB_RX_OCTETS	48 /* low 32 bits; high 32 at +8 */
#define MIB_RX_RUNTS	80
#define MIB_RX_FRAGS	88
#define MIB_RX_TOO_LONG 152
#define MIB_RX_JABBER	160
#define MIB_RX_FIFO_OV	176
#define MIB_TX_UCAST	192
#define MIB_TX_BCAST	200
#define MIB_TX_PAUSE	208
#define MIB_TX_MCAST	216
#define MIB_TX_OCTETS	224
#define MIB_TX_COLL	304
#define MIB_TX_LATE_COL 312
#define MIB_TX_EXC_COL	320
#define MIB_TX_UNDERRUN 344

/* Receive status word (GMAC), as carried in RXSTAT list elements. */
#define RXS_LEN_SHIFT 16
#define RXS_LEN_MASK  0xFFFF0000u
#define RXS_VLAN      BIT(13)
#define RXS_JABBER    BIT(12)
#define RXS_UNDERSIZE BIT(11)
#define RXS_RX_OK     BIT(8)
#define RXS_GOOD_FC   BIT(7)
#define RXS_BAD_FC    BIT(6)
#define RXS_MII_ERR   BIT(5)
#define RXS_TOO_LONG  BIT(4)
#define RXS_FRAGMENT  BIT(3)
#define RXS_CRC_ERR   BIT(1)
#define RXS_FIFO_OV   BIT(0)
#define RXS_ANY_ERR                                                                           \
	(RXS_FIFO_OV | RXS_CRC_ERR | RXS_FRAGMENT | RXS_TOO_LONG | RXS_MII_ERR | RXS_BAD_FC | \
	 RXS_GOOD_FC | RXS_UNDERSIZE | RXS_JABBER)

/* ---- Marvell PHY registers (over SMI) ---- */
#define PHY_CTRL	 0x00
#define PHY_STAT	 0x01
#define PHY_ID0		 0x02
#define PHY_ID1		 0x03
#define PHY_AN_ADV	 0x04
#define PHY_AN_LPA	 0x05 /* link partner's base page */
#define PHY_1000T_CTRL	 0x09
#define PHY_SPEC_CTRL	 0x10
#define PHY_SPEC_STAT	 0x11
#define PHY_INT_MASK	 0x12
#define PHY_INT_STAT	 0x13
#define PHY_PAGE	 0x16 /* gigabit PHYs: register page select */
#define PHY_AFE_DATA	 0x18 /* page 255: analog front end, data then address */
#define PHY_AFE_ADDR	 0x17
#define PHY_FE_SPEC_2	 0x1C /* 10/100 PHY: bit 0 selects the class A line driver */
#define PHY_FE_PAGE_ADDR 0x1D /* 10/100 PHY: indirect register address / data */
#define PHY_FE_PAGE_DATA 0x1E
#define PHY_PAGE_AFE	 255
#define FESPEC2_CLASS_A	 BIT(0)
#define PHYCTRL_RESET	 BIT(15)
#define PHYCTRL_ANE	 BIT(12)
#define PHYCTRL_RESTART	 BIT(9)
#define PHYADV_PAUSE	 BIT(10) /* IEEE 802.3 Annex 28B: symmetric PAUSE */
#define PHYADV_ASYM	 BIT(11) /* and asymmetric direction */
#define PHYADV_100FD	 BIT(8)
#define PHYADV_100HD	 BIT(7)
#define PHYADV_10FD	 BIT(6)
#define PHYADV_10HD	 BIT(5)
#define PHYADV_CSMA	 0x0001u
#define PHY1000_FD	 BIT(9)
#define PHY1000_HD	 BIT(8)
#define PHYSS_SPEED_1000 BIT(15)
#define PHYSS_SPEED_100	 BIT(14)
#define PHYSS_FULL_DUP	 BIT(13)
#define PHYSS_RESOLVED	 BIT(11)
#define PHYSS_LINK_UP	 BIT(10)
#define PHYINT_AN_ERROR	 BIT(15)
#define PHYINT_SPEED_CHG BIT(14)
#define PHYINT_DUP_CHG	 BIT(13)
#define PHYINT_AN_DONE	 BIT(11)
#define PHYINT_LINK_CHG	 BIT(10)
#define PHYINT_DEFAULT	 (PHYINT_AN_ERROR | PHYINT_AN_DONE | PHYINT_LINK_CHG)

/* ---- List elements (8 bytes, little-endian) ---- */
#define LE_HW_OWNER 0x80
/*
 * Checksum LEs (old format): bit 0 sets the write offset (addr[15:0]), bit 1
 * the start offset (addr[31:16]), bit 2 the initial value (len), bit 3 locks
 * them for ctrl frames. On a receive queue TCPSTART gives both engines'
 * start offsets instead (addr[15:0] and addr[31:16]).
 */
#define LE_OP_TCPSTART	 0x12
#define LE_OP_TCPLISW	 0x1F
#define LE_OP_ADDR64	 0x21
#define LE_OP_BUFFER	 0x40
#define LE_OP_PACKET	 0x41
#define LE_OP_RXSTAT	 0x60
#define LE_OP_RXTSTAMP	 0x61
#define LE_OP_RXVLAN	 0x62
#define LE_OP_RXCHKS	 0x64
#define LE_OP_RXCHKSVLAN 0x66
#define LE_OP_RSS_HASH	 0x65
#define LE_OP_TXINDEX	 0x68
#define LE_CTRL_EOP	 0x80
/* Transmit PACKET/BUFFER ctrl: checksum requests. */
#define LE_CTRL_UDPTCP	 0x01 /* UDP: a computed 0 goes out as 0xFFFF */
#define LE_CTRL_CALSUM	 0x02 /* compute it (new format: the chip finds the offsets) */
#define LE_CTRL_WR_SUM	 0x04
#define LE_CTRL_INIT_SUM 0x08
#define LE_CTRL_LOCK_SUM 0x10
#define LE_CTRL_CSUM_OLD (LE_CTRL_CALSUM | LE_CTRL_WR_SUM | LE_CTRL_INIT_SUM | LE_CTRL_LOCK_SUM)
/* RXSTAT css byte (new format): the chip's receive checksum verdict. */
#define LE_CSS_IPV4    0x02
#define LE_CSS_IPV4_OK 0x04
#define LE_CSS_IPV6    0x08
#define LE_CSS_FRAG    0x10
#define LE_CSS_TCP     0x20
#define LE_CSS_UDP     0x40
#define LE_CSS_L4_OK   0x80
#define LE_CSS_PORT    0x01

/* TXINDEXLE: where each port's done index sits. */
#define TXIDX_P1_MASK	  0x0FFFu /* status[11:0] */
#define TXIDX_P2_LO_SHIFT 24	  /* status[31:24] are bits 7..0 */
#define TXIDX_P2_HI_MASK  0x000Fu /* len[3:0] are bits 11..8 */
#define TXIDX_P2_HI_SHIFT 8

#endif

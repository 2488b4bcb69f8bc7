/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SysKonnect Genesis and Marvell Yukon (Yukon-I) register interface as the
 * driver uses it. Offsets and bit meanings are public facts from FreeBSD's
 * sk(4) headers (if_skreg.h, xmaciireg.h, yukonreg.h) cross-checked against
 * Linux's skge.h; the names are napkin's. Data only: offsets are prefixed by
 * their block, bits by their register. Guesses say UNVERIFIED.
 *
 * One memory BAR (BAR0) holds the whole 16 KiB register file. Blocks that
 * exist once per port sit 0x80 apart (port 1 = port 0 + 0x80), except the
 * transmit queues and transmit RAM buffers, whose sync and async blocks
 * interleave, so port 1 is port 0 + 0x100. The MACs have their own windows.
 */
#ifndef NAPKIN_DRIVERS_SKGE_REG_H
#define NAPKIN_DRIVERS_SKGE_REG_H

#include "kernel/core/compiler.h"

/* ---- PCI identities ---- */
#define SKGE_VENDOR_SYSKONNECT 0x1148
#define SKGE_VENDOR_MARVELL    0x11AB
#define SKGE_VENDOR_3COM       0x10B7
#define SKGE_VENDOR_DLINK      0x1186
#define SKGE_VENDOR_CNET       0x1371
#define SKGE_VENDOR_LINKSYS    0x1737
/* Linksys EG1032: only revision 2 (this subsystem ID) is a Yukon. */
#define SKGE_LINKSYS_EG1032	    0x1032
#define SKGE_LINKSYS_EG1032_REV2_SS 0x0015

#define SKGE_MAX_PORTS 2
#define SKGE_BAR_SIZE  0x4000

/* ---- Block 0: control, interrupts ---- */
#define SKGE_B0_RAP	 0x0000
#define SKGE_B0_CTST	 0x0004 /* 16 bit, set/clear pairs */
#define SKGE_B0_LED	 0x0006 /* 8 bit */
#define SKGE_B0_ISRC	 0x0008 /* interrupt source, reading has no side effect */
#define SKGE_B0_IMSK	 0x000C /* interrupt mask: 1 = enabled */
#define SKGE_B0_HWE_ISRC 0x0010
#define SKGE_B0_HWE_IMSK 0x0014

/* B0_HWE_ISRC/IMSK: the parity sources napkin takes, each cleared at its own block. */
#define SKGE_HWE_R2_PAR	       BIT(0) /* receive queue of port B */
#define SKGE_HWE_R1_PAR	       BIT(1)
#define SKGE_HWE_M2_PAR	       BIT(2) /* transmit MAC FIFO of port B */
#define SKGE_HWE_M1_PAR	       BIT(3)
#define SKGE_HWE_RAM_WR	       BIT(4) /* RAM buffer write */
#define SKGE_HWE_RAM_RD	       BIT(5) /* RAM buffer read */
#define SKGE_HWE_PARITY	       0x3Fu
#define SKGE_RI_CLR_WR_PERR    BIT(8) /* B3_RI_CTRL */
#define SKGE_RI_CLR_RD_PERR    BIT(9)
#define SKGE_MFF_CLR_PERR      BIT(15) /* XMAC transmit FIFO's MAC control */
#define SKGE_Q_CSR_CLR_IRQ_PAR BIT(3)  /* receive queues */
#define SKGE_B0_SP_ISRC	       0x0018  /* special source: reading it masks all interrupts */

#define SKGE_CTST_SW_RST_SET  BIT(0)
#define SKGE_CTST_SW_RST_CLR  BIT(1)
#define SKGE_CTST_MST_RST_SET BIT(2)
#define SKGE_CTST_MST_RST_CLR BIT(3)

#define SKGE_LED_STAT_OFF BIT(0)
#define SKGE_LED_STAT_ON  BIT(1)

/* B0_ISRC / B0_IMSK / B0_SP_ISRC */
#define SKGE_IS_XA2_EOF BIT(1)
#define SKGE_IS_XS2_EOF BIT(4)
#define SKGE_IS_XA1_EOF BIT(7)
#define SKGE_IS_XS1_EOF BIT(10)
#define SKGE_IS_R2_EOF	BIT(13)
#define SKGE_IS_R1_EOF	BIT(16)
#define SKGE_IS_MAC2	BIT(19)
#define SKGE_IS_MAC1	BIT(21)
#define SKGE_IS_EXT_REG BIT(23) /* external PHY (BCM5400 / Yukon GPHY) */
#define SKGE_IS_HW_ERR	BIT(31)

/* ---- Block 2: addresses, configuration, timers ---- */
#define SKGE_B2_MAC_1	 0x0100 /* port n station address at + 8 * n */
#define SKGE_B2_PMD_TYP	 0x0119 /* media: 'T' or '1' copper, 'S'/'L'/'C' fibre */
#define SKGE_B2_MAC_CFG	 0x011A
#define SKGE_B2_CHIP_ID	 0x011B
#define SKGE_B2_E_0	 0x011C /* EPROM0: RAM buffer size code */
#define SKGE_B2_E_1	 0x011D /* EPROM1: PHY type (Genesis) */
#define SKGE_B2_IRQM_INI 0x0140 /* moderation interval, in clock ticks */
#define SKGE_B2_IRQM_VAL 0x0144
#define SKGE_B2_IRQM_CTL 0x0148 /* 8 bit */
#define SKGE_B2_IRQM_MSK 0x014C /* sources the moderation timer delays */
#define SKGE_B2_GP_IO	 0x015C
/* Flash address: its top byte is writable only on a Yukon-Lite A0, which has chip ID 0xB0. */
#define SKGE_B2_FAR 0x0120

#define SKGE_MAC_CFG_SINGLE_MAC BIT(0)
#define SKGE_MAC_CFG_REV_SHIFT	4

#define SKGE_CHIP_ID_GENESIS	0x0A
#define SKGE_CHIP_ID_YUKON	0xB0
#define SKGE_CHIP_ID_YUKON_LITE 0xB1
#define SKGE_CHIP_ID_YUKON_LP	0xB2
/* Yukon-2 parts answer the same register: driven by sky2, not here. */
#define SKGE_CHIP_ID_YUKON2_FIRST 0xB3

#define SKGE_IRQM_CTL_STOP  BIT(1)
#define SKGE_IRQM_CTL_START BIT(2)
/* Moderation clock: ticks per microsecond. */
#define SKGE_IRQM_TICKS_GENESIS 53
#define SKGE_IRQM_TICKS_YUKON	78

/* EPROM0 RAM size codes on Genesis. */
#define SKGE_RAM_512K_64   0x1
#define SKGE_RAM_1024K_128 0x2
#define SKGE_RAM_1024K_64  0x3 /* usable part starts at 512 KiB */
#define SKGE_RAM_2048K_128 0x4
/* Yukon: EPROM0 counts 4 KiB units; 0 means the 128 KiB default. */
#define SKGE_RAM_YUKON_UNIT    4096u
#define SKGE_RAM_YUKON_DEFAULT 0x20000u

/* EPROM1 PHY types (Genesis). */
#define SKGE_PHY_TYPE_XMAC 0 /* XMAC's own fibre PCS */
#define SKGE_PHY_TYPE_BCOM 1 /* Broadcom BCM5400 copper, over GMII */
#define SKGE_PHY_ADDR_XMAC 0
#define SKGE_PHY_ADDR_BCOM 1

/*
 * BCM5400 registers beyond clause 22, and its revisions (PHY ID1; the low
 * nibble is the revision). The DSP coefficients behind DSP_ADDR/DSP_DATA
 * take writes only while AUX_CTRL's SM_DSP clock is on.
 */
#define SKGE_BCOM_DSP_DATA  0x15
#define SKGE_BCOM_DSP_ADDR  0x17
#define SKGE_BCOM_AUX_CTRL  0x18
#define SKGE_BCOM_AC_DIS_PM BIT(5)  /* power management off */
#define SKGE_BCOM_AC_TX_TST BIT(10) /* reserved test bit, always written 1 */
#define SKGE_BCOM_AC_SMDSP  BIT(11) /* SM_DSP clock on */
#define SKGE_BCOM_ID1_A1    0x6041
#define SKGE_BCOM_ID1_C0    0x6044
#define SKGE_PHY_ADDR_MARV  0

/* B2_GP_IO: BCM5400 reset lines, high = running. */
#define SKGE_GPIO_DAT0 BIT(0)
#define SKGE_GPIO_DAT2 BIT(2)
#define SKGE_GPIO_DIR0 BIT(16)
#define SKGE_GPIO_DIR2 BIT(18)
/* Yukon-Lite A3 and later: pin 9 brings the PHY out of its power-down ("COMA") state. */
#define SKGE_GPIO_DAT9	       BIT(9)
#define SKGE_GPIO_DIR9	       BIT(25)
#define SKGE_YUKON_LITE_REV_A3 7

/* ---- Block 3: RAM interface, MAC and packet arbiters (Genesis) ---- */
#define SKGE_B3_RI_CTRL 0x01A0 /* 16 bit */
/* Twelve byte-wide RAM interface timeouts (write and read, R1 XA1 XS1 R2 XA2 XS2). */
#define SKGE_B3_RI_TIMEOUTS  0x0190
#define SKGE_B3_RI_TIMEOUT_N 12
#define SKGE_RI_TIMEOUT_53US 36	    /* in the interface's clock units: 53 us */
#define SKGE_B3_MA_TOINI_RX1 0x01B0 /* 8 bit each: RX1 RX2 TX1 TX2 */
#define SKGE_B3_MA_TO_CTRL   0x01B8 /* 16 bit */
#define SKGE_B3_MA_RCINI_RX1 0x01C0 /* 8 bit each: RX1 RX2 TX1 TX2 */
#define SKGE_B3_MA_RC_CTRL   0x01C8 /* 8 bit */
#define SKGE_B3_PA_TOINI_RX1 0x01D0 /* 16 bit each, 4 apart: RX1 RX2 TX1 TX2 */
#define SKGE_B3_PA_CTRL	     0x01F0 /* 16 bit */

#define SKGE_RI_CTRL_RST_SET BIT(0)
#define SKGE_RI_CTRL_RST_CLR BIT(1)

#define SKGE_MA_CTRL_RST_CLR  BIT(1)
#define SKGE_MA_CTRL_FOE_OFF  BIT(2)
#define SKGE_MA_TOINI_XMAC_B2 54
#define SKGE_MA_TOINI_XMAC_C1 63
#define SKGE_MA_RCINI_XMAC_B2 54
#define SKGE_MA_RCINI_XMAC_C1 0
/* Recovery counters of all four queues on (XMAC B2) or off (C1). */
#define SKGE_MA_RC_CTRL_ALL_ON	0xAA
#define SKGE_MA_RC_CTRL_ALL_OFF 0x55

#define SKGE_PA_CTRL_RST_CLR BIT(1)
#define SKGE_PA_TIMEOUT	     0x2000

/* ---- Block 4/5: transmit arbiter per MAC ---- */
#define SKGE_TXA_CTRL(port) (0x0210 + (port)*0x80) /* 8 bit */
#define SKGE_TXA_CTRL_OFF   BIT(0)
#define SKGE_TXA_CTRL_ON    BIT(1)
#define SKGE_TXA_CTRL_FSYNC BIT(7)

/* ---- Blocks 8-15: descriptor queues (BMUs) ---- */
#define SKGE_Q_RX(port)	     (0x0400 + (port)*0x80)
#define SKGE_Q_TX_SYNC(port) (0x0600 + (port)*0x100)
#define SKGE_Q_DA_L	     0x20 /* current descriptor address, low */
#define SKGE_Q_DA_H	     0x24
#define SKGE_Q_CSR	     0x34 /* 32 bit command/status */

#define SKGE_Q_CSR_CLR_IRQ_EOF BIT(1)
#define SKGE_Q_CSR_START       BIT(4)
#define SKGE_Q_CSR_STOP	       BIT(5) /* reads back set until the BMU has stopped */
#define SKGE_Q_CSR_POLL_OFF    BIT(6)
#define SKGE_Q_CSR_POLL_ON     BIT(7)
#define SKGE_Q_CSR_SV_IDLE     BIT(24) /* the BMU's supervisor has nothing to do */
/* Every state machine and FIFO of the BMU out of reset, or into it. */
#define SKGE_Q_CSR_ONLINE  0x002AAA00u
#define SKGE_Q_CSR_OFFLINE 0x00155500u

/* ---- Blocks 16-23: RAM buffers (values in 8-byte units) ---- */
#define SKGE_RB_RX(port)      (0x0800 + (port)*0x80)
#define SKGE_RB_TX_SYNC(port) (0x0A00 + (port)*0x100)
#define SKGE_RB_START	      0x00
#define SKGE_RB_END	      0x04
#define SKGE_RB_WP	      0x08
#define SKGE_RB_RP	      0x0C
#define SKGE_RB_CTRL	      0x28 /* 8 bit; test registers follow */

#define SKGE_RB_CTRL_RST_SET  BIT(0)
#define SKGE_RB_CTRL_RST_CLR  BIT(1)
#define SKGE_RB_CTRL_OFF      BIT(2)
#define SKGE_RB_CTRL_ON	      BIT(3)
#define SKGE_RB_CTRL_STFWD_ON BIT(5)

/* ---- Blocks 24-27: MAC FIFOs ---- */
/* Genesis (XMAC) */
#define SKGE_XMF_RX(port)  (0x0C00 + (port)*0x80)
#define SKGE_XMF_TX(port)  (0x0D00 + (port)*0x80)
#define SKGE_XMF_END	   0x00
#define SKGE_XMF_MAC_CTRL  0x18 /* 16 bit; on the Tx FIFO it holds the XMAC reset */
#define SKGE_XMF_CTRL	   0x1C /* 8 bit; test registers follow */
#define SKGE_XMF_END_VALUE 0x3F

#define SKGE_XMF_CTRL_RST_SET BIT(0)
#define SKGE_XMF_CTRL_RST_CLR BIT(1)
#define SKGE_XMF_CTRL_ON      BIT(3)

#define SKGE_XMF_MAC_RST_SET BIT(0)
#define SKGE_XMF_MAC_RST_CLR BIT(1)

/* Yukon (GMAC) */
#define SKGE_GMF_RX(port)     (0x0C40 + (port)*0x80)
#define SKGE_GMF_TX(port)     (0x0D40 + (port)*0x80)
#define SKGE_GMF_CTRL_T	      0x08 /* control/test */
#define SKGE_GMF_FLUSH_MSK    0x0C /* receive only: status bits that discard a frame */
#define SKGE_GMF_FLUSH_THR    0x10 /* receive only */
#define SKGE_GMF_FLUSH_THR_64 0x0B

#define SKGE_GMF_RST_SET     BIT(0)
#define SKGE_GMF_RST_CLR     BIT(1)
#define SKGE_GMF_OPER_ON     BIT(3)
#define SKGE_GMF_CLI_TX_FU   BIT(6) /* Tx FIFO: clear underrun interrupt */
#define SKGE_GMF_CLI_TX_FC   BIT(5) /* ... frame complete; parity on a Yukon rev 0 (its bug 8) */
#define SKGE_GMF_CLI_TX_PE   BIT(4) /* ... parity error */
#define SKGE_GMF_CLI_RX_FO   BIT(5) /* Rx FIFO: clear overrun interrupt */
#define SKGE_GMF_RX_FLUSH_ON BIT(7)

/* ---- Block 30: GMAC and GPHY control (Yukon), per port ---- */
#define SKGE_GMAC_CTRL(port)	  (0x0F00 + (port)*0x80)
#define SKGE_GPHY_CTRL(port)	  (0x0F04 + (port)*0x80)
#define SKGE_GMAC_IRQ_SRC(port)	  (0x0F08 + (port)*0x80) /* 8 bit */
#define SKGE_GMAC_IRQ_MSK(port)	  (0x0F0C + (port)*0x80) /* 8 bit */
#define SKGE_GMAC_LINK_CTRL(port) (0x0F10 + (port)*0x80) /* 16 bit */

#define SKGE_GMAC_CTRL_RST_SET	BIT(0)
#define SKGE_GMAC_CTRL_RST_CLR	BIT(1)
#define SKGE_GMAC_CTRL_PAUSE_ON BIT(3)
#define SKGE_GMAC_CTRL_LOOP_OFF BIT(4)

#define SKGE_GPHY_CTRL_RST_SET	  BIT(0)
#define SKGE_GPHY_CTRL_RST_CLR	  BIT(1)
#define SKGE_GPHY_CTRL_ENA_PAUSE  BIT(13)
#define SKGE_GPHY_CTRL_ANEG_ALL	  (BIT(14) | BIT(15) | BIT(16) | BIT(19))
#define SKGE_GPHY_CTRL_ENA_XC	  BIT(18)
#define SKGE_GPHY_CTRL_HWCFG_M0	  BIT(20)
#define SKGE_GPHY_CTRL_HWCFG_M1	  BIT(21)
#define SKGE_GPHY_CTRL_HWCFG_M2	  BIT(22)
#define SKGE_GPHY_CTRL_HWCFG_M3	  BIT(23)
#define SKGE_GPHY_CTRL_DIS_SLEEP  BIT(24)
#define SKGE_GPHY_CTRL_DIS_FC	  BIT(25)
#define SKGE_GPHY_CTRL_INT_POL_HI BIT(27)
#define SKGE_GPHY_CTRL_COPPER                                                          \
	(SKGE_GPHY_CTRL_HWCFG_M0 | SKGE_GPHY_CTRL_HWCFG_M1 | SKGE_GPHY_CTRL_HWCFG_M2 | \
	 SKGE_GPHY_CTRL_HWCFG_M3)
#define SKGE_GPHY_CTRL_FIBRE \
	(SKGE_GPHY_CTRL_HWCFG_M0 | SKGE_GPHY_CTRL_HWCFG_M1 | SKGE_GPHY_CTRL_HWCFG_M2)

#define SKGE_GMAC_IRQ_RX_OVER  BIT(1)
#define SKGE_GMAC_IRQ_TX_UNDER BIT(3)

#define SKGE_GMAC_LINK_RST_SET BIT(0)
#define SKGE_GMAC_LINK_RST_CLR BIT(1)

/* ---- XMAC II (Genesis): 16-bit registers, at base + 2 * register ---- */
#define SKGE_XMAC_BASE(port) (0x2000 + (port)*0x1000)
#define SKGE_XM_MMU_CMD	     0x0000
#define SKGE_XM_TX_CMD	     0x0020
#define SKGE_XM_RX_CMD	     0x0030
#define SKGE_XM_PHY_ADDR     0x0034
#define SKGE_XM_PHY_DATA     0x0038
#define SKGE_XM_GP_PORT	     0x0040
#define SKGE_XM_IMSK	     0x0044 /* 1 = masked */
#define SKGE_XM_ISRC	     0x0048 /* clears on read */
#define SKGE_XM_HW_CFG	     0x004C
#define SKGE_XM_TX_THR	     0x0064
#define SKGE_XM_PAR0	     0x0108 /* station address, three 16-bit words */
#define SKGE_XM_HASH0	     0x0110 /* 64-bit multicast hash, four words */
#define SKGE_XM_DEV_ID	     0x0120 /* 32 bit */
#define SKGE_XM_MODE	     0x0124 /* 32 bit */
#define SKGE_XM_STAT_CMD     0x0200

#define SKGE_XM_MMU_TX_ENA   BIT(0)
#define SKGE_XM_MMU_RX_ENA   BIT(1)
#define SKGE_XM_MMU_GMII_FD  BIT(4)
#define SKGE_XM_MMU_IGN_PF   BIT(10)
#define SKGE_XM_MMU_PHY_BUSY BIT(11)
#define SKGE_XM_MMU_PHY_RDY  BIT(12)

#define SKGE_XM_TX_AUTO_PAD  BIT(0)
#define SKGE_XM_RX_STRIP_FCS BIT(4)

#define SKGE_XM_GP_GP0_SET BIT(0) /* link sync of the fibre PCS */

#define SKGE_XM_IS_TX_UNDERRUN BIT(2)
#define SKGE_XM_IS_RX_OVERRUN  BIT(3)
#define SKGE_XM_IS_ALL	       0xFFFF

#define SKGE_XM_HW_CFG_GMII BIT(0)

#define SKGE_XM_DEV_REV_SHIFT 5 /* XM_DEV_ID bits 7:5 */
#define SKGE_XM_DEV_REV_MASK  0x7u
#define SKGE_XM_REV_B2	      0x0

#define SKGE_XM_TX_THR_512 512

#define SKGE_XM_MODE_FLUSH_RXF	 BIT(0)
#define SKGE_XM_MODE_FLUSH_TXF	 BIT(1)
#define SKGE_XM_MODE_PROMISC	 BIT(3)
#define SKGE_XM_MODE_NO_BCAST	 BIT(4)
#define SKGE_XM_MODE_USE_STATION BIT(14)
#define SKGE_XM_MODE_USE_HASH	 BIT(15)

#define SKGE_XM_STAT_SNAP_TX BIT(4)
#define SKGE_XM_STAT_SNAP_RX BIT(5)

/* XMAC statistics (32 bit, counting since the MAC's reset). */
#define SKGE_XM_TXF_OK	      0x0280
#define SKGE_XM_TXO_OK_LO     0x0288
#define SKGE_XM_TXF_BC	      0x028C
#define SKGE_XM_TXF_MC	      0x0290
#define SKGE_XM_TXF_UC	      0x0294
#define SKGE_XM_TXF_SNG_COL   0x02A8
#define SKGE_XM_TXF_MUL_COL   0x02AC
#define SKGE_XM_TXF_LAT_COL   0x02B4
#define SKGE_XM_TXE_UNDERRUN  0x02C0
#define SKGE_XM_RXF_OK	      0x0300
#define SKGE_XM_RXO_OK_LO     0x0308
#define SKGE_XM_RXF_BC	      0x030C
#define SKGE_XM_RXF_MC	      0x0310
#define SKGE_XM_RXF_UC	      0x0314
#define SKGE_XM_RXE_MISSED    0x032C
#define SKGE_XM_RXF_FRAME_ERR 0x0330
#define SKGE_XM_RXE_OVERRUN   0x0334
#define SKGE_XM_RXF_RUNT      0x034C
#define SKGE_XM_RXF_LONG      0x0350
#define SKGE_XM_RXF_FCS_ERR   0x0354

/* XMAC receive status word of a descriptor. */
#define SKGE_XM_RXS_ERR_FRAME BIT(1)
#define SKGE_XM_RXS_CRC_ERR   BIT(2)
#define SKGE_XM_RXS_LONG      BIT(3)
#define SKGE_XM_RXS_RUNT      BIT(4)
#define SKGE_XM_RXS_LEN_SHIFT 18

/* ---- GMAC (Yukon): 16-bit registers, 4 bytes apart ---- */
#define SKGE_GMAC_BASE(port) (0x2800 + (port)*0x1000)
#define SKGE_GM_GP_STAT	     0x0000
#define SKGE_GM_GP_CTRL	     0x0004
#define SKGE_GM_TX_CTRL	     0x0008
#define SKGE_GM_RX_CTRL	     0x000C
#define SKGE_GM_TX_PARAM     0x0014
#define SKGE_GM_SERIAL_MODE  0x0018
#define SKGE_GM_SRC_ADDR1    0x001C /* three words, 4 apart */
#define SKGE_GM_SRC_ADDR2    0x0028
#define SKGE_GM_MC_HASH1     0x0034 /* four words, 4 apart */
#define SKGE_GM_TX_IRQ_MSK   0x0050
#define SKGE_GM_RX_IRQ_MSK   0x0054
#define SKGE_GM_TR_IRQ_MSK   0x0058
#define SKGE_GM_SMI_CTRL     0x0080
#define SKGE_GM_SMI_DATA     0x0084
#define SKGE_GM_PHY_ADDR     0x0088

#define SKGE_GM_GPCR_RX_ENA BIT(11)
#define SKGE_GM_GPCR_TX_ENA BIT(12)

#define SKGE_GM_RXCR_CRC_STRIP BIT(13)
#define SKGE_GM_RXCR_MCF_ENA   BIT(14)
#define SKGE_GM_RXCR_UCF_ENA   BIT(15)

#define SKGE_GM_TXPA_DEFAULT (0x3u << 14 | 0xBu << 9 | 0x1Au << 4)
#define SKGE_GM_SMOD_DEFAULT (0x1Cu << 11 | BIT(9) | 0x1Eu) /* data blind, VLAN size, IPG */

#define SKGE_GM_SMI_BUSY      BIT(3)
#define SKGE_GM_SMI_RD_VALID  BIT(4)
#define SKGE_GM_SMI_OP_READ   BIT(5)
#define SKGE_GM_SMI_REG_SHIFT 6
#define SKGE_GM_SMI_PHY_SHIFT 11

#define SKGE_GM_PAR_MIB_CLR BIT(5)

/* GMAC MIB counters: 32 bit each as two 16-bit halves (low at +0, high at +4). */
#define SKGE_GM_RXF_UC_OK   0x0100
#define SKGE_GM_RXF_BC_OK   0x0108
#define SKGE_GM_RXF_MC_OK   0x0118
#define SKGE_GM_RXF_FCS_ERR 0x0120
#define SKGE_GM_RXO_OK_LO   0x0130
#define SKGE_GM_RXF_SHORT   0x0150
#define SKGE_GM_RXE_FRAG    0x0158
#define SKGE_GM_RXF_LONG    0x0198
#define SKGE_GM_RXF_JABBER  0x01A0
#define SKGE_GM_RXE_FIFO_OV 0x01B0
#define SKGE_GM_TXF_UC_OK   0x01C0
#define SKGE_GM_TXF_BC_OK   0x01C8
#define SKGE_GM_TXF_MC_OK   0x01D8
#define SKGE_GM_TXO_OK_LO   0x01E0
#define SKGE_GM_TXF_COL	    0x0230
#define SKGE_GM_TXF_LAT_COL 0x0238
#define SKGE_GM_TXF_ABO_COL 0x0240
#define SKGE_GM_TXE_FIFO_UR 0x0258

/* GMAC receive status word of a descriptor. */
#define SKGE_GM_RXS_FIFO_OV   BIT(0)
#define SKGE_GM_RXS_CRC_ERR   BIT(1)
#define SKGE_GM_RXS_FRAGMENT  BIT(3)
#define SKGE_GM_RXS_LONG_ERR  BIT(4)
#define SKGE_GM_RXS_MII_ERR   BIT(5)
#define SKGE_GM_RXS_BAD_FC    BIT(6)
#define SKGE_GM_RXS_GOOD_FC   BIT(7)
#define SKGE_GM_RXS_RX_OK     BIT(8)
#define SKGE_GM_RXS_RUNT      BIT(11)
#define SKGE_GM_RXS_JABBER    BIT(12)
#define SKGE_GM_RXS_LEN_SHIFT 16
#define SKGE_GM_RXS_LEN_MASK  0x7FFFu
#define SKGE_GM_RXS_ERRORS                                                                         \
	(SKGE_GM_RXS_FIFO_OV | SKGE_GM_RXS_CRC_ERR | SKGE_GM_RXS_FRAGMENT | SKGE_GM_RXS_LONG_ERR | \
	 SKGE_GM_RXS_MII_ERR | SKGE_GM_RXS_BAD_FC | SKGE_GM_RXS_RUNT | SKGE_GM_RXS_JABBER)

/* ---- Descriptors: 32 bytes, little endian, linked by `next` ---- */
struct skge_desc {
	u32 ctrl;
	u32 next;    /* bus address of the next descriptor, low 32 bits */
	u32 addr_lo; /* buffer */
	u32 addr_hi;
	u32 status; /* receive: the MAC's frame status; transmit: unused */
	u32 tstamp; /* receive: time stamp; transmit: checksum start value */
	u32 csum;   /* receive: checksums; transmit: checksum positions */
	u32 csum_start;
};
_Static_assert(sizeof(struct skge_desc) == 32, "the chip's descriptor layout");

#define SKGE_DESC_SIZE	       32
#define SKGE_DESC_ALIGN	       8
#define SKGE_DESC_LEN_MASK     0xFFFFu
#define SKGE_DESC_OPCODE_CHECK (0x55u << 16) /* the default, no checksum work */
/*
 * Checksum work: receive, the two sums from the starts in csum_start; transmit,
 * sum from the start (csum bits 31:16) and write at the write offset (15:0),
 * seeded with tstamp's low half. 0x57 makes a computed 0 go out as 0xFFFF
 * (UDP); Yukon only (Linux's BMU_TCP_CHECK, BMU_UDP_CHECK).
 */
#define SKGE_DESC_OPCODE_TCP	(0x56u << 16)
#define SKGE_DESC_OPCODE_UDP	(0x57u << 16)
#define SKGE_DESC_RX_STAT_VALID BIT(25)
#define SKGE_DESC_IRQ_EOF	BIT(27)
#define SKGE_DESC_EOF		BIT(29) /* last buffer of a frame */
#define SKGE_DESC_STF		BIT(30) /* first buffer of a frame */
#define SKGE_DESC_OWN		BIT(31) /* set: the BMU's */

/* ---- MII (IEEE 802.3 clause 22) registers both PHY families answer ---- */
#define SKGE_MII_BMCR	  0x00
#define SKGE_MII_BMSR	  0x01
#define SKGE_MII_PHYID1	  0x02 /* OUI bits 3-18 */
#define SKGE_MII_PHYID2	  0x03 /* OUI bits 19-24, model, revision */
#define SKGE_MII_ANAR	  0x04
#define SKGE_MII_ANLPAR	  0x05
#define SKGE_MII_CTRL1000 0x09
#define SKGE_MII_STAT1000 0x0A

#define SKGE_BMCR_ANRESTART    BIT(9)
#define SKGE_BMCR_ANENABLE     BIT(12)
#define SKGE_BMCR_RESET	       BIT(15)
#define SKGE_BMSR_LSTATUS      BIT(2)
#define SKGE_BMSR_ANEGDONE     BIT(5)
#define SKGE_ANAR_ALL	       0x01E1 /* 10/100 half and full, IEEE 802.3 selector */
#define SKGE_ANAR_NO_10_100    0x0001 /* the selector alone: a gigabit-only MAC (XMAC II) */
#define SKGE_ANLPAR_10FULL     BIT(6)
#define SKGE_ANLPAR_100HALF    BIT(7)
#define SKGE_ANLPAR_100FULL    BIT(8)
#define SKGE_CTRL1000_ALL      (BIT(8) | BIT(9)) /* advertise 1000 half and full */
#define SKGE_CTRL1000_REPEATER BIT(10)		 /* repeater/DTE: port type for master/slave */
#define SKGE_STAT1000_HALF     BIT(10)		 /* partner: 1000 half */
#define SKGE_STAT1000_FULL     BIT(11)		 /* partner: 1000 full */

#endif

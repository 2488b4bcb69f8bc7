/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The BCM5719 as the model sees it: register offsets, bits, NIC memory
 * addresses and the host-memory layouts of descriptors and the status block.
 *
 * Written for the model alone, never shared with drivers/tg3: a driver bug in
 * an offset must not turn into the same bug in the thing that checks it.
 * Every value was read from one of these public sources and checked there:
 *   [bge] FreeBSD sys/dev/bge/if_bgereg.h (freebsd-src, current revision)
 *   [fw]  meklort/bcm5719-fw include/bcm5719_DEVICE.h, bcm5719_GEN.h,
 *         libs/MII/include/bcm5719_MII.h (BSD-3-Clause; firmware addresses
 *         are 0xC0000000 + the BAR offset)
 *   [lx]  Linux drivers/net/ethernet/broadcom/tg3.h, for one polarity only
 * Values the sources do not give are the model's own and say so.
 *
 * Host-memory structures are laid out for a little-endian host whose driver
 * sets word swap of non-frame data in the mode register, as [bge] does.
 */
#ifndef NAPKIN_TESTS_HOSTED_TG3_MODEL_REGS_H
#define NAPKIN_TESTS_HOSTED_TG3_MODEL_REGS_H

#include "kernel/core/compiler.h"

#define BGEM_VENDOR_BROADCOM 0x14E4
#define BGEM_DEVICE_5719     0x1657 /* [bge] */
#define BGEM_CHIP_5719_A1    0x05719001u
#define BGEM_DEVICE_5784     0x1698	 /* [lx] BCM5784M */
#define BGEM_CHIP_5784_A0    0x05784000u /* [lx] ASIC 0x5784, chip rev 0x57840 (A0: UNVERIFIED) */

/* ---- Chip registers in PCI configuration space [bge][fw] ---- */
#define BGEM_CFG_MISC_HOST_CTL	0x68
#define BGEM_MHC_CLEAR_INTA	BIT(0)
#define BGEM_MHC_MASK_INTX	BIT(1)
#define BGEM_MHC_BYTE_SWAP	BIT(2) /* register byte order */
#define BGEM_MHC_WORD_SWAP	BIT(3)
#define BGEM_MHC_PCISTATE_RW	BIT(4)
#define BGEM_MHC_CLOCKCTL_RW	BIT(5)
#define BGEM_MHC_REG_WORD_SWAP	BIT(6)
#define BGEM_MHC_INDIRECT	BIT(7)
#define BGEM_MHC_TAGGED_STATUS	BIT(9)
#define BGEM_MHC_SW_BITS	0xFFFFu /* bits 31:16 are the chip's identity */
#define BGEM_MHC_PRODUCT_SHIFT	28	/* [fw] product field, bits 31:28 */
#define BGEM_MHC_PRODUCT_PRODID 0xFu	/* "look in the product ID register" */
#define BGEM_CFG_DMA_RW_CTL	0x6C
#define BGEM_CFG_PCISTATE	0x70
/* [bge] calls it the interrupt state; [lx] gives the sense: 1 = INTx idle. */
#define BGEM_PCISTATE_INTX_IDLE	  BIT(1)
#define BGEM_CFG_REG_BASE	  0x78
#define BGEM_CFG_MEMWIN_BASE	  0x7C
#define BGEM_CFG_REG_DATA	  0x80
#define BGEM_CFG_MEMWIN_DATA	  0x84
#define BGEM_CFG_GEN2_PRODID	  0xF4	/* chip ID of the 5717 family */
#define BGEM_CFG_PRODID		  0xBC	/* [bge][lx] chip ID of the 5755 generation (5784, 5761) */
#define BGEM_CFG_CHIP_DWORDS_LAST 0x84	/* 0x68..0x84 are the chip's own */
#define BGEM_CFG_SHADOW_END	  0x100 /* [lx] BAR0 0x00..0xFF mirrors config space */

/* ---- High-priority mailboxes: 64 bits each, the low word at +4 acts [bge] ---- */
#define BGEM_MBOX_FIRST		0x0200
#define BGEM_MBOX_END		0x0400
#define BGEM_MBOX_IRQ0_LO	0x0204
#define BGEM_MBOX_STD_PROD_LO	0x026C
#define BGEM_MBOX_RET0_CON_LO	0x0284
#define BGEM_MBOX_TX0_PROD_LO	0x0304 /* host send ring 0 */
#define BGEM_MBOX_HI(lo)	((lo)-4)
#define BGEM_MBOX_IRQ_COUNT	5 /* [lx] interrupt mailboxes 0x204 + 8n: vector 0 and 4 RSS */
#define BGEM_MBOX_JMB_PROD_LO	0x0274
#define BGEM_MBOX_RET_CON_LO(n) (0x0284 + 8 * (n))
#define BGEM_MBOX_TX_PROD_LO(n) (0x0304 + 8 * (n))

/* ---- Ethernet MAC [bge][fw] ---- */
#define BGEM_MAC_MODE		0x0400
#define BGEM_MACMODE_RESET	BIT(0)
#define BGEM_MACMODE_HALF	BIT(1)
#define BGEM_MACMODE_PORT	(3u << 2)
#define BGEM_MACMODE_PORT_MII	(1u << 2) /* 10 and 100 Mbit/s */
#define BGEM_MACMODE_PORT_GMII	(2u << 2) /* 1000 Mbit/s */
#define BGEM_MACMODE_LOOPBACK	BIT(4)
#define BGEM_MACMODE_RXST_ON	BIT(11)
#define BGEM_MACMODE_RXST_CLEAR BIT(12)
#define BGEM_MACMODE_RXST_FLUSH BIT(13)
#define BGEM_MACMODE_TXST_ON	BIT(14)
#define BGEM_MACMODE_TXST_CLEAR BIT(15)
#define BGEM_MACMODE_TXST_FLUSH BIT(16)
#define BGEM_MACMODE_TX_DMA	BIT(21)
#define BGEM_MACMODE_RX_DMA	BIT(22)
#define BGEM_MACMODE_FHDE	BIT(23)
/* Bits [fw] or [bge] give a meaning (0-4, 7-29); 5, 6, 30, 31 are reserved. */
#define BGEM_MACMODE_DEFINED 0x3FFFFF9Fu

#define BGEM_MAC_STATUS		 0x0404 /* change bits clear when written with 1 */
#define BGEM_MACSTAT_LINK_CHANGE BIT(12)
#define BGEM_MACSTAT_MI_DONE	 BIT(22)
#define BGEM_MACSTAT_MI_INT	 BIT(23)
#define BGEM_MAC_EVENT		 0x0408
#define BGEM_MACEVT_LINK_CHANGE	 BIT(12)
#define BGEM_MACEVT_DEFINED	 0x0FC01400u /* [fw] bits 10, 12, 22-27 */
#define BGEM_MAC_LED_CTL	 0x040C
/* Station address n: HI holds bytes 0..1 in its low half, LO bytes 2..5. */
#define BGEM_MAC_ADDR_HI(n)	 (0x0410 + 8 * (n))
#define BGEM_MAC_ADDR_LO(n)	 (0x0414 + 8 * (n))
#define BGEM_MAC_ADDR_COUNT	 4
#define BGEM_MAC_TX_BACKOFF	 0x0438
#define BGEM_MAC_RX_MTU		 0x043C /* longest frame accepted, FCS counted */
#define BGEM_MAC_MI_COMM	 0x044C
#define BGEM_MICOMM_DATA	 0xFFFFu
#define BGEM_MICOMM_REG_SHIFT	 16
#define BGEM_MICOMM_PHY_SHIFT	 21
#define BGEM_MICOMM_CMD		 (3u << 26)
#define BGEM_MICOMM_CMD_WRITE	 (1u << 26)
#define BGEM_MICOMM_CMD_READ	 (2u << 26)
#define BGEM_MICOMM_READ_FAIL	 BIT(28)
#define BGEM_MICOMM_START_BUSY	 BIT(29)
#define BGEM_MAC_MI_STATUS	 0x0450
#define BGEM_MISTAT_LINK	 BIT(0) /* read: link; write: link attention enable */
#define BGEM_MISTAT_LNK_ATTN_EN	 BIT(0)
#define BGEM_MAC_MI_MODE	 0x0454
#define BGEM_MIMODE_AUTOPOLL	 BIT(4)
#define BGEM_MIMODE_CONST_MDC	 BIT(15)
#define BGEM_MIMODE_CLKCNT_RESET (0xCu << 16) /* [bge] MIMODE_BASE */
#define BGEM_MAC_TX_MODE	 0x045C
#define BGEM_TXMODE_ENABLE	 BIT(1)
#define BGEM_TXMODE_FLOW_CTRL	 BIT(4) /* [lx] send PAUSE when receive buffers run short */
#define BGEM_MAC_TX_STATUS	 0x0460
#define BGEM_MAC_TX_LENGTHS	 0x0464
#define BGEM_MAC_RX_MODE	 0x0468
#define BGEM_RXMODE_ENABLE	 BIT(1)
#define BGEM_RXMODE_FLOW_CTRL	 BIT(2) /* [lx] obey received PAUSE frames */
#define BGEM_RXMODE_KEEP_MACCTL	 BIT(3) /* [lx] pass MAC control frames to the host */
#define BGEM_RXMODE_KEEP_PAUSE	 BIT(4) /* [lx] pass PAUSE frames to the host */
#define BGEM_RXMODE_PROMISC	 BIT(8)
#define BGEM_MAC_RX_STATUS	 0x046C
#define BGEM_MAC_HASH(n)	 (0x0470 + 4 * (n)) /* 128-bit multicast filter */
#define BGEM_MAC_RX_RULES	 0x0480		    /* 16 control/mask pairs */
#define BGEM_MAC_RX_RULES_LAST	 0x04FC
#define BGEM_MAC_RX_RULES_CFG	 0x0500

/* MAC statistics, 32 bits, cleared by a read [bge] */
#define BGEM_STAT_TX_FIRST     0x0800
#define BGEM_STAT_TX_SIZE      0x80
#define BGEM_STAT_TX_OCTETS    0x0800
#define BGEM_STAT_TX_XON_SENT  0x080C /* [lx] MAC_TX_STATS_XON_SENT */
#define BGEM_STAT_TX_XOFF_SENT 0x0810
#define BGEM_STAT_TX_UCAST     0x086C
#define BGEM_STAT_TX_MCAST     0x0870
#define BGEM_STAT_TX_BCAST     0x0874
#define BGEM_STAT_RX_FIRST     0x0880
#define BGEM_STAT_RX_SIZE      0x40
#define BGEM_STAT_RX_OCTETS    0x0880
#define BGEM_STAT_RX_UCAST     0x088C
#define BGEM_STAT_RX_MCAST     0x0890
#define BGEM_STAT_RX_BCAST     0x0894
#define BGEM_STAT_RX_FCS_ERR   0x0898
#define BGEM_STAT_RX_XON       0x08A0 /* [lx] MAC_RX_STATS_XON_PAUSE_RECVD */
#define BGEM_STAT_RX_XOFF      0x08A4
#define BGEM_STAT_RX_MAC_CTRL  0x08A8
#define BGEM_STAT_RX_TOO_LONG  0x08B0
#define BGEM_STAT_RX_UNDERSIZE 0x08B8

/* ---- Functional blocks; each mode register has status right behind it [bge] ---- */
#define BGEM_BLK_RESET	   BIT(0)
#define BGEM_BLK_ENABLE	   BIT(1)
#define BGEM_BLK_ATTN	   BIT(2)
#define BGEM_BLK_STATUS(m) ((m) + 4)

#define BGEM_SDI_MODE		0x0C00 /* send data initiator */
#define BGEM_SDC_MODE		0x1000 /* send data completion */
#define BGEM_SRS_MODE		0x1400 /* send BD ring selector */
#define BGEM_SBDI_MODE		0x1800 /* send BD initiator */
#define BGEM_SBDC_MODE		0x1C00 /* send BD completion */
#define BGEM_RXLP_MODE		0x2000 /* receive list placement */
#define BGEM_RXLP_CFG		0x2010
#define BGEM_RXLP_STATS_CTL	0x2014
#define BGEM_RXLP_STATS_ENABLE	0x2018
#define BGEM_RXLP_STAT_NO_BD	0x224C /* frames lost for want of a buffer */
#define BGEM_RXLP_STAT_DISCARDS 0x2250
#define BGEM_RXLP_STAT_ERRORS	0x2254
#define BGEM_RDBDI_MODE		0x2400 /* receive data and BD initiator */
#define BGEM_RDBDI_STD_RCB	0x2450 /* standard ring control block, 16 bytes */
#define BGEM_RDC_MODE		0x2800 /* receive data completion */
#define BGEM_RBDI_MODE		0x2C00 /* receive BD initiator */
#define BGEM_RBDI_STD_REPL_THR	0x2C18
#define BGEM_RBDI_STD_REPL_LWM	0x2D00
#define BGEM_RBDC_MODE		0x3000 /* receive BD completion */

/* Host coalescing: writes the status block and raises the interrupt. */
#define BGEM_HCC_MODE		0x3C00
#define BGEM_HCCMODE_COAL_NOW	BIT(3)
#define BGEM_HCCMODE_SB_SIZE	(3u << 7)
#define BGEM_HCCMODE_SB_32	(2u << 7)
#define BGEM_HCC_RX_TICKS	0x3C08 /* microseconds */
#define BGEM_HCC_TX_TICKS	0x3C0C
#define BGEM_HCC_RX_MAX_BDS	0x3C10
#define BGEM_HCC_TX_MAX_BDS	0x3C14
#define BGEM_HCC_RX_TICKS_INT	0x3C18
#define BGEM_HCC_TX_TICKS_INT	0x3C1C
#define BGEM_HCC_RX_MAX_BDS_INT 0x3C20
#define BGEM_HCC_TX_MAX_BDS_INT 0x3C24
#define BGEM_HCC_SB_ADDR_HI	0x3C38
#define BGEM_HCC_SB_ADDR_LO	0x3C3C
#define BGEM_HCC_FLOW_ATTN	0x3C48
#define BGEM_FLOWATTN_SBDI	BIT(31)

#define BGEM_MARB_MODE		  0x4000 /* memory arbiter */
#define BGEM_BMAN_MODE		  0x4400 /* buffer manager */
#define BGEM_BMAN_RDMA_LOWAT	  0x4410
#define BGEM_BMAN_MACRX_LOWAT	  0x4414
#define BGEM_BMAN_HIWAT		  0x4418
#define BGEM_RDMA_MODE		  0x4800 /* read DMA, host to chip */
#define BGEM_WDMA_MODE		  0x4C00 /* write DMA, chip to host */
#define BGEM_DMASTAT_MASTER_ABORT BIT(3)
#define BGEM_FTQ_RESET		  0x5C00
#define BGEM_MSI_MODE		  0x6000
#define BGEM_MSIMODE_ENABLE	  BIT(1)
#define BGEM_DMAC_MODE		  0x6400 /* DMA completion */

/* ---- Global control [bge][fw] ---- */
#define BGEM_GRC_MODE		    0x6800
#define BGEM_GRCMODE_BSWAP_NONFRAME BIT(1)
#define BGEM_GRCMODE_WSWAP_NONFRAME BIT(2)
#define BGEM_GRCMODE_BSWAP_DATA	    BIT(4)
#define BGEM_GRCMODE_WSWAP_DATA	    BIT(5)
#define BGEM_GRCMODE_HOST_STACKUP   BIT(16)
#define BGEM_GRCMODE_HOST_SEND_BDS  BIT(17)
#define BGEM_GRCMODE_TX_NO_PSEUDO   BIT(20)
#define BGEM_GRCMODE_RX_NO_PSEUDO   BIT(23)
#define BGEM_GRC_MISC_CFG	    0x6804
#define BGEM_MISCCFG_CORE_RESET	    BIT(0)
#define BGEM_GRC_LOCAL_CTL	    0x6808
#define BGEM_LCTL_INT_STATE	    BIT(0)
#define BGEM_LCTL_INT_CLEAR	    BIT(1)
#define BGEM_LCTL_INT_SET	    BIT(2)
#define BGEM_LCTL_INT_ON_ATTN	    BIT(3)

/* 32 KiB of NIC memory seen through the BAR, based at BGEM_CFG_MEMWIN_BASE. */
#define BGEM_MEMWIN	 0x8000
#define BGEM_MEMWIN_SIZE 0x8000

/* ---- NIC memory [bge][fw] ---- */
#define BGEM_SRAM_SEND_RCBS 0x0100 /* send ring control blocks, 16 bytes each */
#define BGEM_SRAM_RET_RCBS  0x0200 /* receive return ring control blocks */
#define BGEM_SRAM_FW_MBOX   0x0B50
#define BGEM_SRAM_DATA_SIG  0x0B54
/* [lx] What the bootcode copies from NVRAM's configuration for the driver. */
#define BGEM_SRAM_DATA_CFG	0x0B58
#define BGEM_DATACFG_PHY_COPPER 0x00000010u
#define BGEM_SRAM_DATA_PHY_ID	0x0B74 /* MII ID1 << 16 | ID2 */
#define BGEM_SRAM_DRV_STATE	0x0C04
#define BGEM_SRAM_MAC_HI	0x0C14 /* station address the bootcode found */
#define BGEM_SRAM_MAC_LO	0x0C18
#define BGEM_SRAM_MAC_VALID	0x484Bu /* [fw] upper half of MAC_HI when valid */
#define BGEM_NIC_STD_RING_5705	0x6000u /* [bge][lx] standard ring, 5705 to 5784 */
/* Ring control blocks in NIC memory: [lx] 5717 family 4 send, 17 return; 5784 one each. */
#define BGEM_SEND_RCB_COUNT	 4
#define BGEM_RET_RCB_COUNT	 17
#define BGEM_SEND_RCB_COUNT_5784 1
#define BGEM_RET_RCB_COUNT_5784	 1
#define BGEM_FW_MAGIC		 0x4B657654u	  /* driver to bootcode before a reset */
#define BGEM_FW_DONE		 (~BGEM_FW_MAGIC) /* bootcode's answer */
#define BGEM_DRV_STATE_START	 0x00000001u
#define BGEM_DRV_STATE_DONE	 0x80000000u /* [fw] added by the bootcode */

/*
 * Bits with a meaning, per register the driver writes: [fw] or [bge] names
 * each of them; anything else is reserved and a write setting it is a driver
 * bug. FTQ_RESET is left out on purpose: [bge] writes all ones to it.
 */
#define BGEM_MACSTAT_DEFINED   0x0FC0141Fu
#define BGEM_LED_DEFINED       0xFFF81FFFu /* [lx] 11, 12: LED modes PHY_1/PHY_2 */
#define BGEM_BACKOFF_DEFINED   0x000003FFu
#define BGEM_MTU_DEFINED       0x0000FFFFu /* [fw] */
#define BGEM_MICOMM_DEFINED    0x3FFFFFFFu
#define BGEM_MIMODE_DEFINED    0x001F83F3u
#define BGEM_TXMODE_DEFINED    0x00C007F3u
#define BGEM_TXLEN_DEFINED     0xFFFF3FFFu
#define BGEM_RXMODE_DEFINED    0x030007E7u
#define BGEM_GRCMODE_DEFINED   0xFFFFEEF7u /* 3, 8, 12 reserved */
#define BGEM_MISCCFG_DEFINED   0x243FE0FFu
#define BGEM_LCTL_DEFINED      0x01FFFFEFu
#define BGEM_HCCMODE_DEFINED   0x00001FFFu /* [lx] 9-12: CLRTICK_RX/TX, NOINT_ON_NOW/FORCE */
#define BGEM_MSIMODE_DEFINED   0x000000FFu
#define BGEM_BLKMODE_DEFINED   0x00000007u /* SRS, SBDI, SBDC, RDC, RBDI, RBDC */
#define BGEM_SDIMODE_DEFINED   0x0000000Fu
#define BGEM_SDCMODE_DEFINED   0x00000017u
#define BGEM_RXLPMODE_DEFINED  0x0000001Fu
#define BGEM_RDBDIMODE_DEFINED 0x0001001Fu /* [lx] bit 16: large (5717) ring size */
#define BGEM_DMACMODE_DEFINED  0x00000003u
#define BGEM_MARBMODE_DEFINED  0x03FFFFFFu
#define BGEM_BMANMODE_DEFINED  0x8000001Fu
#define BGEM_RDMAMODE_DEFINED  0x39033BFFu
#define BGEM_WDMAMODE_DEFINED  0xE00003FFu

/* ---- NVRAM interface [lx] tg3.h ---- */
#define BGEM_NVRAM_CMD	       0x7000
#define BGEM_NVCMD_DONE	       BIT(3)
#define BGEM_NVCMD_GO	       BIT(4)
#define BGEM_NVCMD_WR	       BIT(5)
#define BGEM_NVCMD_ERASE       BIT(6)
#define BGEM_NVRAM_STAT	       0x7004
#define BGEM_NVRAM_WRDATA      0x7008
#define BGEM_NVRAM_ADDR	       0x700C
#define BGEM_NVRAM_ADDR_MASK   0x00FFFFFFu
#define BGEM_NVRAM_RDDATA      0x7010
#define BGEM_NVRAM_CFG1	       0x7014
#define BGEM_NVCFG1_FLASH_IF   BIT(0)
#define BGEM_NVCFG1_ST_M25PE20 0x02000002u /* vendor strap of the 5717 family */
#define BGEM_NVRAM_CFG2	       0x7018
#define BGEM_NVRAM_CFG3	       0x701C
#define BGEM_NVRAM_SWARB       0x7020 /* software arbitration, 4 requesters */
#define BGEM_SWARB_SET(n)      BIT(n)
#define BGEM_SWARB_CLR(n)      BIT(4 + (n))
#define BGEM_SWARB_GNT(n)      BIT(8 + (n))
#define BGEM_SWARB_REQ(n)      BIT(12 + (n))
#define BGEM_SWARB_DRIVER      1 /* requester 1 is the host driver's */
#define BGEM_NVRAM_ACCESS      0x7024
#define BGEM_NVACC_ENABLE      BIT(0)
#define BGEM_NVRAM_SIZE	       (256 * 1024)

/* ---- Registers Linux tg3 programs that the model keeps without acting [lx] ---- */
#define BGEM_MAC_LOW_WMARK     0x0504
#define BGEM_SDI_STATS_CTL     0x0C08
#define BGEM_SDI_STATS_ENABLE  0x0C0C
#define BGEM_RDBDI_JMB_RCB     0x2440
#define BGEM_RBDI_JMB_REPL_THR 0x2C1C
#define BGEM_RBDI_JMB_REPL_LWM 0x2D04
#define BGEM_HCC_VEC_FIRST     0x3D80 /* coalescing of vectors 1..4, 0x18 each */
#define BGEM_HCC_VEC_LAST      0x3DDC
#define BGEM_PCIE_TL_PORT      0x7C00
#define BGEM_PCIE_TRANS_CFG    0x7C04
#define BGEM_PCIE_PHY_TSTCTL   0x7E2C
#define BGEM_CPMU_FIRST	       0x3600 /* the CPMU block, kept through a core reset */
#define BGEM_CPMU_SIZE	       0x100
#define BGEM_CPMU_CLCK_ORIDE   0x3624
#define BGEM_CPMU_EEE_MODE     0x36B0
#define BGEM_CPMU_EEE_LNKIDL   0x36BC
#define BGEM_CPMU_EEE_CTRL     0x36D0
#define BGEM_BMAN_DMA_LOWAT    0x4434
#define BGEM_BMAN_DMA_HIWAT    0x4438
#define BGEM_RDMA_RSRV_CTL     0x4900
#define BGEM_RDMA_LSO_CRPTEN   0x4910
#define BGEM_RDMA_LENGTH       0x4BE0 /* 5719 read DMA length per channel, read-only */
#define BGEM_GRC_FASTBOOT_PC   0x6894
#define BGEM_EAV_REF_CLK_LSB   0x6900
#define BGEM_EAV_REF_CLK_CTL   0x6908
#define BGEM_EAV_REF_CLK_CORR  0x6928

/* ---- Other registers Linux tg3 reads at probe [lx] ---- */
#define BGEM_SG_DIG_STATUS	  0x05B4 /* SerDes status; bit 1 "is SerDes" on the 5719 */
#define BGEM_CPMU_STATUS	  0x362C /* 5719: PCI function number in bits 31:30 */
#define BGEM_CPMU_STATUS_FN_SHIFT 30
#define BGEM_GRC_EEPROM_ADDR	  0x6838 /* serial EEPROM interface (unused on flash boards) */
#define BGEM_GRC_EEPROM_DATA	  0x683C

/* ---- APE, BAR2 of the 5717 family [lx] tg3.h ---- */
#define BGEM_APE_GPIO_MSG   0x0008
#define BGEM_APE_SHMEM	    0x4000 /* shared memory; signature at +0 */
#define BGEM_APE_SHMEM_SIZE 0x1000
#define BGEM_APE_HOST_SEG   0x4200 /* the part the host driver writes */
#define BGEM_APE_LOCK_REQ   0x8400 /* per-lock request, one bit per requester */
#define BGEM_APE_LOCK_GRANT 0x8420 /* reads the holder's bit; writing it releases */
#define BGEM_APE_LOCKS	    8

/* ---- Ring control block (registers or NIC memory) [bge] ---- */
#define BGEM_RCB_HOST_HI   0x0
#define BGEM_RCB_HOST_LO   0x4
#define BGEM_RCB_LEN_FLAGS 0x8
#define BGEM_RCB_NIC_ADDR  0xC
#define BGEM_RCB_SIZE	   16
#define BGEM_RCBF_DISABLED BIT(1)
/*
 * Flag bits with no meaning: bit 0 of the 5717 standard ring (bits 15:2 are
 * its buffer size), bits 15:2 elsewhere ([bge] "should be 0"; UNVERIFIED for
 * the send and return rings, where [bge] simply writes 0).
 */
#define BGEM_RCBF_RESERVED_STD 0x0001u
#define BGEM_RCBF_RESERVED     0xFFFCu
#define BGEM_RCB_ENTRIES(lf)   ((lf) >> 16)
/* The 5717 family's standard ring keeps the buffer size in bits 15:2. */
#define BGEM_RCB_STD_BUF_LEN(lf) (((lf)&0xFFFCu) >> 2)
/*
 * [lx] TG3_RX_STD_MAX_SIZE_5717 / TG3_RX_RET_MAX_SIZE_5717: the 5717
 * family's standard ring holds up to 2048 BDs and its return ring 4096
 * (Linux programs exactly those); older chips 512 each. A send ring holds
 * at most 512 (NIC_SRAM_TX_BUFFER_DESC).
 */
#define BGEM_RCB_MAX_STD      2048
#define BGEM_RCB_MAX_STD_5784 512
#define BGEM_RCB_MAX_RET      4096
#define BGEM_RCB_MAX_SEND     512
/*
 * [bge][lx] The 5784's standard ring takes no buffer size: bits 15:2 are
 * reserved and every buffer must hold a whole frame (1536 bytes: UNVERIFIED).
 */
#define BGEM_STD_BUF_LEN_5784 1536
#define BGEM_RCB_MAX_RET_5784 512 /* [lx] return ring of the 5705 generation */

/* ---- Host-memory layouts [bge] ---- */
struct bgem_send_bd {
	u32 addr_hi;
	u32 addr_lo;
	u16 flags;
	u16 len;
	u16 vlan;
	u16 mss;
};
#define BGEM_TXF_L4_CSUM BIT(0)
#define BGEM_TXF_IP_CSUM BIT(1)
#define BGEM_TXF_END	 BIT(2)
/*
 * [lx] tg3_start_xmit: the send BD's MSS field also carries the TCP/IP
 * header length, in bits 15:14 (and BD flags) on the 5717 family (HW_TSO_3),
 * as length/4 in bits 15:11 on the 5755 generation (HW_TSO_2).
 */
#define BGEM_TXMSS_MASK_TSO3 0x3FFFu
#define BGEM_TXMSS_MASK_TSO2 0x07FFu

/* One layout for the standard (producer) ring and the return ring. */
struct bgem_rx_bd {
	u32 addr_hi;
	u32 addr_lo;
	u16 len;
	u16 index;
	u16 flags;
	u16 type;
	u16 l4_csum;
	u16 ip_csum;
	u16 vlan;
	u16 error;
	u32 reserved;
	u32 opaque;
};
#define BGEM_RXF_END	 BIT(2)
#define BGEM_RXF_ERROR	 BIT(10)
#define BGEM_RXF_IP_CSUM BIT(12)
#define BGEM_RXF_L4_CSUM BIT(13)
#define BGEM_RXF_IS_TCP	 BIT(14)
#define BGEM_RXE_BAD_CRC BIT(0)
#define BGEM_RXE_TRUNC	 BIT(6)
#define BGEM_RXE_IP_CSUM BIT(12) /* 5717 family */

/* The 32-byte status block: four return/send index pairs. */
struct bgem_status_block {
	u32 status;
	u32 tag;
	u16 jumbo_con;
	u16 std_con;
	u16 mini_con;
	u16 reserved;
	struct {
		u16 ret_prod;
		u16 send_con;
	} ring[4];
};
#define BGEM_SBF_UPDATED     BIT(0)
#define BGEM_SBF_LINK_CHANGE BIT(1)
#define BGEM_SBF_ERROR	     BIT(2)

/* Frame sizes the MAC works with (the model's, from Ethernet itself). */
#define BGEM_FCS_LEN	 4
#define BGEM_DEFAULT_MTU 1518 /* model's reset value of RX_MTU, UNVERIFIED */

#endif

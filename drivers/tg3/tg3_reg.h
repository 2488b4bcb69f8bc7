/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Broadcom Tigon3 (BCM57xx) hardware interface as the driver uses it, for the
 * BCM5717 family (5717, 5718, 5719, 5720). Offsets and bit meanings are public
 * facts from FreeBSD's bge(4) register header and the openly written BCM5719
 * register description of the ortega project; the names are napkin's.
 *
 * Layout of the 64 KiB register BAR (BAR0):
 *   0x0000-0x00ff  copy of PCI configuration space (we use config cycles)
 *   0x0200-0x03ff  high-priority mailboxes (64-bit each; the low word at +4
 *                  is the one that takes effect)
 *   0x0400-0x7fff  functional blocks, one 1 KiB region each
 *   0x8000-0xffff  window onto NIC-internal memory ("SRAM"), positioned by
 *                  config register T3_PCI_MEM_WIN_BASE
 *
 * Descriptors and the status block live in host memory and are laid out for a
 * little-endian host with T3_MODE_WORD_SWAP_NONFRAME set and the byte-swap
 * bits clear, which is how the driver programs T3_MODE_CTRL.
 */
#ifndef NAPKIN_DRIVERS_TG3_REG_H
#define NAPKIN_DRIVERS_TG3_REG_H

#include "kernel/core/compiler.h"

#define T3_VENDOR_BROADCOM 0x14E4

/* ---- PCI configuration registers specific to the chip ---- */
#define T3_PCI_MISC_HOST_CTRL	0x68
#define T3_MHC_CLEAR_INTA	BIT(0)
#define T3_MHC_MASK_PCI_INT	BIT(1)
#define T3_MHC_ENDIAN_BYTE_SWAP BIT(2)
#define T3_MHC_ENDIAN_WORD_SWAP BIT(3)
#define T3_MHC_PCISTATE_RW	BIT(4)
#define T3_MHC_CLOCK_CTRL_RW	BIT(5)
#define T3_MHC_REG_WORD_SWAP	BIT(6)
#define T3_MHC_INDIRECT_ACCESS	BIT(7)
#define T3_MHC_TAGGED_STATUS	BIT(9)
#define T3_MHC_ASIC_REV_SHIFT	16
/* ASIC revision field value meaning "read the product ID register". */
#define T3_ASIC_REV_USE_PRODUCT_ID 0x0F

#define T3_PCI_DMA_RW_CTRL 0x6C
#define T3_PCI_STATE	   0x70
/* Set while the chip is NOT driving INTx (the bit reads active low). */
#define T3_PCISTATE_INTX_NOT_ACTIVE BIT(1)
#define T3_PCI_MEM_WIN_BASE	    0x7C
/* Chip ID (ASIC number << 12 | stepping), 5717 family and 5755 generation. */
#define T3_PCI_PRODUCT_ID_ASIC_REV	0xF4
#define T3_PCI_PRODUCT_ID_ASIC_REV_5755 0xBC
#define T3_CHIP_ASIC(chip_id)		((chip_id) >> 12)
#define T3_ASIC_5717			0x5717
#define T3_ASIC_5719			0x5719
#define T3_ASIC_5720			0x5720
#define T3_ASIC_5784			0x5784

/* ---- Mailboxes (low words) ---- */
#define T3_MBOX_IRQ0	   0x0204 /* nonzero: interrupt masked and acknowledged */
#define T3_MBOX_STD_PROD   0x026C /* standard receive producer ring, producer index */
#define T3_MBOX_RET0_CONS  0x0284 /* receive return ring 0, consumer index */
#define T3_MBOX_SEND0_PROD 0x0304 /* send ring 0 (host), producer index */

/* ---- Ethernet MAC ---- */
#define T3_MAC_MODE		   0x0400
#define T3_MACMODE_RESET	   BIT(0)
#define T3_MACMODE_HALF_DUPLEX	   BIT(1)
#define T3_MACMODE_PORT_MASK	   (3u << 2)
#define T3_MACMODE_PORT_NONE	   (0u << 2)
#define T3_MACMODE_PORT_MII	   (1u << 2) /* 10/100 */
#define T3_MACMODE_PORT_GMII	   (2u << 2) /* 1000 */
#define T3_MACMODE_LOOPBACK	   BIT(4)
#define T3_MACMODE_RX_STATS_ENABLE BIT(11)
#define T3_MACMODE_RX_STATS_CLEAR  BIT(12)
#define T3_MACMODE_TX_STATS_ENABLE BIT(14)
#define T3_MACMODE_TX_STATS_CLEAR  BIT(15)
#define T3_MACMODE_TXDMA_ENABLE	   BIT(21)
#define T3_MACMODE_RXDMA_ENABLE	   BIT(22)
#define T3_MACMODE_FHDE_ENABLE	   BIT(23)

#define T3_MAC_STATUS		0x0404 /* write 1 to clear the change bits */
#define T3_MACSTAT_LINK_CHANGED BIT(12)
#define T3_MACSTAT_MI_COMPLETE	BIT(22)
#define T3_MACSTAT_MI_INTERRUPT BIT(23)
#define T3_MAC_EVENT_ENABLE	0x0408
#define T3_MACEVT_LINK_CHANGED	BIT(12)
#define T3_MAC_LED_CTRL		0x040C
#define T3_MAC_ADDR0_HIGH	0x0410 /* bytes 0..1 of the station address */
#define T3_MAC_ADDR0_LOW	0x0414 /* bytes 2..5 */
#define T3_MAC_ADDR_HIGH(n)	(0x0410 + 8 * (n))
#define T3_MAC_ADDR_LOW(n)	(0x0414 + 8 * (n))
#define T3_MAC_ADDR_SLOTS	4
#define T3_TX_BACKOFF_SEED	0x0438
#define T3_TX_BACKOFF_SEED_MASK 0x3FF
#define T3_RX_MTU		0x043C /* largest frame accepted, FCS included */

#define T3_MI_COMM	      0x044C /* MDIO transaction to the PHY */
#define T3_MICOMM_DATA_MASK   0xFFFFu
#define T3_MICOMM_REG_SHIFT   16
#define T3_MICOMM_PHY_SHIFT   21
#define T3_MICOMM_CMD_WRITE   (1u << 26)
#define T3_MICOMM_CMD_READ    (2u << 26)
#define T3_MICOMM_CMD_MASK    (3u << 26)
#define T3_MICOMM_READ_FAILED BIT(28)
#define T3_MICOMM_BUSY	      BIT(29)
#define T3_MI_STATUS	      0x0450
#define T3_MISTAT_LINK	      BIT(0)
#define T3_MI_MODE	      0x0454
#define T3_MIMODE_AUTOPOLL    BIT(4)
#define T3_MIMODE_CONST_CLOCK BIT(15)
#define T3_MIMODE_CLOCK_BASE  (0xCu << 16)

#define T3_TX_MODE	 0x045C
#define T3_TXMODE_RESET	 BIT(0)
#define T3_TXMODE_ENABLE BIT(1)
/* A send-side buffer (mbuf) lockup fix every chip from the 5755 on wants set. */
#define T3_TXMODE_MBUF_LOCKUP_FIX BIT(8)
#define T3_TX_LENGTHS		  0x0464
/* Slot time 32, inter-packet gap 6, carrier-sense window 2: the usual values. */
#define T3_TX_LENGTHS_DEFAULT	  (0x20u | 0x6u << 8 | 0x2u << 12)
#define T3_RX_MODE		  0x0468
#define T3_RXMODE_RESET		  BIT(0)
#define T3_RXMODE_ENABLE	  BIT(1)
#define T3_RXMODE_PROMISC	  BIT(8)
#define T3_RXMODE_IPV6_PARSE	  BIT(24)
#define T3_MAC_HASH(n)		  (0x0470 + 4 * (n)) /* 128-bit multicast filter, 4 words */
#define T3_RX_RULES_CFG		  0x0500
#define T3_RX_RULES_DEFAULT_CLASS (1u << 3)

/* MAC statistics: 32-bit counters, cleared when read (5705 and later). */
#define T3_STAT_TX_OCTETS	0x0800
#define T3_STAT_TX_COLLISIONS	0x0808
#define T3_STAT_TX_UCAST	0x086C
#define T3_STAT_TX_MCAST	0x0870
#define T3_STAT_TX_BCAST	0x0874
#define T3_STAT_RX_OCTETS	0x0880
#define T3_STAT_RX_FRAGMENTS	0x0888
#define T3_STAT_RX_UCAST	0x088C
#define T3_STAT_RX_MCAST	0x0890
#define T3_STAT_RX_BCAST	0x0894
#define T3_STAT_RX_FCS_ERRORS	0x0898
#define T3_STAT_RX_ALIGN_ERRORS 0x089C
#define T3_STAT_RX_TOO_LONG	0x08B0
#define T3_STAT_RX_UNDERSIZE	0x08B8

/* ---- Functional blocks: each has a mode register with RESET/ENABLE/ATTN ---- */
#define T3_BLK_RESET  BIT(0)
#define T3_BLK_ENABLE BIT(1)
#define T3_BLK_ATTN   BIT(2)

#define T3_SDI_MODE		  0x0C00 /* send data initiator */
#define T3_SDC_MODE		  0x1000 /* send data completion */
#define T3_SRS_MODE		  0x1400 /* send BD ring selector */
#define T3_SBDI_MODE		  0x1800 /* send BD initiator */
#define T3_SBDC_MODE		  0x1C00 /* send BD completion */
#define T3_RXLP_MODE		  0x2000 /* receive list placement */
#define T3_RXLP_CONFIG		  0x2010
#define T3_RXLP_STATS_CTRL	  0x2014
#define T3_RXLP_STATS_ENABLE_MASK 0x2018
#define T3_RXLP_STAT_OUT_OF_BDS	  0x224C /* frames dropped: no receive buffer */
#define T3_RXLP_STAT_IN_DISCARDS  0x2250
#define T3_RXLP_STAT_IN_ERRORS	  0x2254
#define T3_RDBDI_MODE		  0x2400 /* receive data and BD initiator */
#define T3_STD_RCB		  0x2450 /* standard producer ring control block */
#define T3_RDC_MODE		  0x2800 /* receive data completion */
#define T3_RBDI_MODE		  0x2C00 /* receive BD initiator */
#define T3_RBDI_STD_REPLENISH	  0x2C18
#define T3_STD_REPLENISH_LWM	  0x2D00
#define T3_RBDC_MODE		  0x3000 /* receive BD completion */

/* Host coalescing: the engine that writes the status block and interrupts. */
#define T3_HCC_MODE	       0x3C00
#define T3_HCCMODE_COAL_NOW    BIT(3)
#define T3_HCCMODE_STATBLK_32B (2u << 7)
#define T3_HCC_RX_TICKS	       0x3C08
#define T3_HCC_TX_TICKS	       0x3C0C
#define T3_HCC_RX_MAX_BDS      0x3C10
#define T3_HCC_TX_MAX_BDS      0x3C14
#define T3_HCC_RX_MAX_BDS_INT  0x3C20
#define T3_HCC_TX_MAX_BDS_INT  0x3C24
#define T3_HCC_STATUS_ADDR_HI  0x3C38
#define T3_HCC_STATUS_ADDR_LO  0x3C3C
#define T3_FLOW_ATTN	       0x3C48 /* which block raised an error attention */

#define T3_MARB_MODE		    0x4000 /* memory arbiter */
#define T3_BMAN_MODE		    0x4400 /* buffer manager */
#define T3_BMAN_RDMA_LOW_WATER	    0x4410
#define T3_BMAN_MACRX_LOW_WATER	    0x4414
#define T3_BMAN_HIGH_WATER	    0x4418
#define T3_RDMA_MODE		    0x4800 /* read DMA: host to chip */
#define T3_RDMA_STATUS		    0x4804
#define T3_DMA_ALL_ATTNS	    0x3FCu /* PCI abort/parity/overflow attentions */
#define T3_DMA_MASTER_ABORT	    BIT(3)
#define T3_WDMA_MODE		    0x4C00 /* write DMA: chip to host */
#define T3_WDMA_STATUS		    0x4C04
#define T3_FTQ_RESET		    0x5C00 /* flow-through queues */
#define T3_MSI_MODE		    0x6000
#define T3_MSIMODE_ENABLE	    BIT(1)
#define T3_MSIMODE_ONE_SHOT_DISABLE BIT(5)
#define T3_DMAC_MODE		    0x6400 /* DMA completion */

#define T3_MODE_CTRL		       0x6800
#define T3_MODE_BYTE_SWAP_NONFRAME     BIT(1)
#define T3_MODE_WORD_SWAP_NONFRAME     BIT(2)
#define T3_MODE_BYTE_SWAP_DATA	       BIT(4)
#define T3_MODE_WORD_SWAP_DATA	       BIT(5)
#define T3_MODE_HOST_STACKUP	       BIT(16)
#define T3_MODE_HOST_SEND_BDS	       BIT(17)
#define T3_MODE_TX_NO_PSEUDO_CSUM      BIT(20)
#define T3_MODE_RX_NO_PSEUDO_CSUM      BIT(23)
#define T3_MODE_MAC_ATTN_INTR	       BIT(26)
#define T3_MISC_CFG		       0x6804
#define T3_MISCCFG_CORE_RESET	       BIT(0)
#define T3_MISCCFG_PRESCALER_1US       (65u << 1) /* 66 MHz clock / 66 = 1 us ticks */
#define T3_MISCCFG_PRESCALER_MASK      0xFEu
#define T3_MISCCFG_GPHY_POWER_OVERRIDE BIT(26)
#define T3_MISC_LOCAL_CTRL	       0x6808
#define T3_MLC_INT_STATE	       BIT(0)
#define T3_MLC_INT_CLEAR	       BIT(1)
#define T3_MLC_INT_SET		       BIT(2)
#define T3_MLC_INT_ON_ATTN	       BIT(3)
#define T3_MLC_AUTO_SEEPROM	       BIT(24)

/* Window onto NIC memory: base in T3_PCI_MEM_WIN_BASE, 32 KiB at this offset. */
#define T3_MEM_WIN	0x8000
#define T3_MEM_WIN_SIZE 0x8000

/* ---- NIC-internal memory ---- */
#define T3_SRAM_SEND_RCB     0x0100 /* send ring control blocks, 16 bytes each */
#define T3_SRAM_RET_RCB	     0x0200 /* receive return ring control blocks */
#define T3_SRAM_FW_MBOX	     0x0B50 /* bootcode handshake */
#define T3_SRAM_DATA_SIG     0x0B54
#define T3_SRAM_DRV_STATE    0x0C04
#define T3_SRAM_MAC_HIGH     0x0C14 /* station address as bootcode found it */
#define T3_SRAM_MAC_LOW	     0x0C18
#define T3_SRAM_MAC_SIG	     0x484Bu /* "HK" in the high half: the mailbox is valid */
#define T3_NIC_SEND_RING     0x4000  /* NIC address of send ring 0 (5717 family) */
#define T3_NIC_STD_RING	     0x40000 /* NIC address of the standard ring (5717 family) */
#define T3_NIC_STD_RING_5755 0x6000  /* ... and on the 5784 */
/* Ring control blocks in NIC memory: ring 0 and the ones multi-queue chips add. */
#define T3_SEND_RCBS	  4  /* 5717 family */
#define T3_RET_RCBS	  17 /* 5717 family: return ring 0 and 16 for RSS */
#define T3_SEND_RCBS_5784 1
#define T3_RET_RCBS_5784  1

/* Written by the driver before a reset; bootcode answers with its complement. */
#define T3_FW_MAGIC	    0x4B657654u
#define T3_FW_READY	    (~T3_FW_MAGIC)
#define T3_DRV_STATE_START  0x00000001u
#define T3_DRV_STATE_UNLOAD 0x00000002u

/* Ring control block, as written to registers or NIC memory (16 bytes). */
#define T3_RCB_HOST_HI			0x0
#define T3_RCB_HOST_LO			0x4
#define T3_RCB_MAXLEN_FLAGS		0x8
#define T3_RCB_NIC_ADDR			0xC
#define T3_RCB_FLAG_DISABLED		BIT(1)
#define T3_RCB_LEN(count_or_len, flags) ((u32)(count_or_len) << 16 | (flags))
/* 5717 family standard ring: 16-bit entry count, then the buffer size << 2. */
#define T3_STD_RCB_MAXLEN(entries, buf_len) ((u32)(entries) << 16 | (u32)(buf_len) << 2)
/* The 5784's: the entry count alone; buffers must hold a whole frame. */
#define T3_STD_RCB_MAXLEN_5755(entries) ((u32)(entries) << 16)

#define T3_SEND_RING_SIZE     512
#define T3_STD_RING_SIZE      512
#define T3_RET_RING_SIZE      1024
#define T3_RET_RING_SIZE_5755 512 /* the most a 5784 return ring can hold */

/* Send buffer descriptor. */
struct t3_send_bd {
	u32 addr_hi;
	u32 addr_lo;
	u16 flags;
	u16 len;
	u16 vlan;
	u16 mss;
};
#define T3_TXBD_TCP_UDP_CSUM BIT(0)
#define T3_TXBD_IP_CSUM	     BIT(1)
#define T3_TXBD_END	     BIT(2)
#define T3_TXBD_COAL_NOW     BIT(7)

/* Receive buffer descriptor: the standard ring and the return ring share it. */
struct t3_rx_bd {
	u32 addr_hi;
	u32 addr_lo;
	u16 len;
	u16 index; /* return ring: which standard ring slot held the buffer */
	u16 flags;
	u16 type;
	u16 tcp_udp_csum;
	u16 ip_csum;
	u16 vlan;
	u16 error;
	u32 reserved;
	u32 opaque; /* copied from the standard BD to the return BD */
};
#define T3_RXBD_END	     BIT(2)
#define T3_RXBD_ERROR	     BIT(10)
#define T3_RXBD_IP_CSUM	     BIT(12) /* ip_csum holds the header check */
#define T3_RXBD_TCP_UDP_CSUM BIT(13) /* tcp_udp_csum holds the sum, 0xffff if good */
#define T3_RXBD_IS_TCP	     BIT(14)
#define T3_RXERR_BAD_CRC     BIT(0)
#define T3_RXERR_COLLISION   BIT(1)
#define T3_RXERR_LINK_LOST   BIT(2)
#define T3_RXERR_PHY_DECODE  BIT(3)
#define T3_RXERR_MAC_ABORT   BIT(4)
#define T3_RXERR_RUNT	     BIT(5)
#define T3_RXERR_TRUNCATED   BIT(6)
#define T3_RXERR_GIANT	     BIT(7)
#define T3_RXERR_IP_CSUM_BAD BIT(12)

/* Status block, 32-byte form (T3_HCCMODE_STATBLK_32B). */
struct t3_status_block {
	u32 status;
	u32 tag;
	u16 rx_jumbo_cons;
	u16 rx_std_cons; /* the chip's consumer index in the standard ring */
	u16 rx_mini_cons;
	u16 reserved;
	struct {
		u16 rx_prod; /* return ring producer */
		u16 tx_cons; /* send ring consumer */
	} idx[4];
};
#define T3_SB_UPDATED	     BIT(0)
#define T3_SB_LINK_CHANGED   BIT(1)
#define T3_SB_ERROR	     BIT(2)
#define T3_STATUS_BLOCK_SIZE 32

/* Frame sizes: the chip counts the 4-byte FCS in lengths it reports. */
#define T3_FCS_LEN     4
#define T3_MAX_FRAME   1518 /* without VLAN tag, FCS included */
#define T3_RX_BUF_SIZE 1536 /* buffer length given to the chip */

/*
 * The IEEE 802.3 clause 22 PHY registers tg3 uses (standard for every
 * 10/100/1000BASE-T PHY, the Tigon3's integrated one included), read and
 * written through the MAC's MDIO interface (MAC_MI_COM).
 */
#define MII_CONTROL	     0x00
#define MII_CTRL_RESET	     BIT(15)
#define MII_CTRL_LOOPBACK    BIT(14)
#define MII_CTRL_SPEED100    BIT(13)
#define MII_CTRL_AN_ENABLE   BIT(12)
#define MII_CTRL_POWER_DOWN  BIT(11)
#define MII_CTRL_ISOLATE     BIT(10)
#define MII_CTRL_AN_RESTART  BIT(9)
#define MII_CTRL_FULL_DUPLEX BIT(8)
#define MII_CTRL_SPEED1000   BIT(6)

#define MII_STATUS	      0x01
#define MII_STAT_100FD	      BIT(14)
#define MII_STAT_100HD	      BIT(13)
#define MII_STAT_10FD	      BIT(12)
#define MII_STAT_10HD	      BIT(11)
#define MII_STAT_EXT_STATUS   BIT(8)
#define MII_STAT_AN_COMPLETE  BIT(5)
#define MII_STAT_REMOTE_FAULT BIT(4)
#define MII_STAT_AN_ABLE      BIT(3)
#define MII_STAT_LINK	      BIT(2) /* latched low: reads 0 once after any link loss */
#define MII_STAT_EXT_CAPS     BIT(0)

#define MII_PHY_ID1 0x02
#define MII_PHY_ID2 0x03

#define MII_ADVERTISE	   0x04 /* our abilities; the link partner's are in MII_LP_ABILITY */
#define MII_LP_ABILITY	   0x05
#define MII_ADV_CSMA	   0x0001u
#define MII_ADV_10HD	   BIT(5)
#define MII_ADV_10FD	   BIT(6)
#define MII_ADV_100HD	   BIT(7)
#define MII_ADV_100FD	   BIT(8)
#define MII_ADV_PAUSE	   BIT(10)
#define MII_ADV_ASYM_PAUSE BIT(11)
#define MII_ADV_ALL_10_100 (MII_ADV_10HD | MII_ADV_10FD | MII_ADV_100HD | MII_ADV_100FD)

#define MII_1000_CONTROL 0x09
#define MII_1000C_ADV_HD BIT(8)
#define MII_1000C_ADV_FD BIT(9)
#define MII_1000_STATUS	 0x0A
#define MII_1000S_LP_HD	 BIT(10)
#define MII_1000S_LP_FD	 BIT(11)

#define MII_EXT_STATUS	   0x0F
#define MII_ESTAT_1000T_FD BIT(13)
#define MII_ESTAT_1000T_HD BIT(12)

#endif

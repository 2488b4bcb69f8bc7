/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Registers, bits and descriptor layouts of the Intel 8254x (82540EM, 82545EM)
 * and 82574L gigabit controllers, as far as this driver uses them. Offsets and
 * bit positions are the ones Intel documents in the "PCI/PCI-X Family of
 * Gigabit Ethernet Controllers Software Developer's Manual" (8254x) and the
 * "82574 GbE Controller Family Datasheet". Names follow the datasheets'
 * register mnemonics so the manuals can be searched for them.
 *
 * Everything is little-endian, like the host; registers are 32 bits wide.
 */
#ifndef NAPKIN_DRIVERS_E1000_REG_H
#define NAPKIN_DRIVERS_E1000_REG_H

#include "kernel/core/compiler.h"

/* ---- General ---- */
#define E1000_CTRL     0x0000 /* device control */
#define E1000_STATUS   0x0008 /* device status */
#define E1000_EECD     0x0010 /* EEPROM/flash control */
#define E1000_EERD     0x0014 /* EEPROM read */
#define E1000_CTRL_EXT 0x0018 /* extended device control */
#define E1000_MDIC     0x0020 /* MDI (PHY) control */

/* ---- Interrupts ---- */
#define E1000_ICR     0x00C0 /* cause read; clear on read (8254x), see E1000_CHIP_ICR_W1C */
#define E1000_ITR     0x00C4 /* throttling interval, 256 ns units; 0 = off */
#define E1000_ICS     0x00C8 /* cause set */
#define E1000_IMS     0x00D0 /* mask set/read: writing 1 enables a cause */
#define E1000_IMC     0x00D8 /* mask clear: writing 1 disables a cause */
#define E1000_EIAC    0x00DC /* 82574: causes auto-cleared when their MSI-X message is sent */
#define E1000_IAM     0x00E0 /* 82574: interrupt acknowledge auto-mask */
#define E1000_IVAR    0x00E4 /* 82574: cause to MSI-X vector allocation */
#define E1000_EITR(n) (0x00E8 + 4 * (n)) /* 82574: per-vector throttling */

/* ---- Receive ---- */
#define E1000_RCTL    0x0100		 /* receive control */
#define E1000_RDBAL   0x2800		 /* ring base, low 32 bits (16-byte aligned) */
#define E1000_RDBAH   0x2804		 /* ring base, high 32 bits */
#define E1000_RDLEN   0x2808		 /* ring length in bytes, multiple of 128 */
#define E1000_RDH     0x2810		 /* head: next descriptor the hardware fills */
#define E1000_RDT     0x2818		 /* tail: one past the last descriptor software gave */
#define E1000_RDTR    0x2820		 /* receive interrupt delay, 1.024 us units */
#define E1000_RADV    0x282C		 /* receive interrupt absolute delay */
#define E1000_RXCSUM  0x5000		 /* receive checksum control */
#define E1000_RFCTL   0x5008		 /* 82574: receive filter control (descriptor format) */
#define E1000_MTA(n)  (0x5200 + 4 * (n)) /* multicast table array, 128 words */
#define E1000_RAL(n)  (0x5400 + 8 * (n)) /* receive address low */
#define E1000_RAH(n)  (0x5404 + 8 * (n)) /* receive address high */
#define E1000_VFTA(n) (0x5600 + 4 * (n)) /* VLAN filter table, 128 words */

#define E1000_MTA_WORDS 128
#define E1000_MTA_BITS	(E1000_MTA_WORDS * 32)

/* ---- Transmit ---- */
#define E1000_TCTL  0x0400 /* transmit control */
#define E1000_TIPG  0x0410 /* inter-packet gap */
#define E1000_TDBAL 0x3800
#define E1000_TDBAH 0x3804
#define E1000_TDLEN 0x3808
#define E1000_TDH   0x3810
#define E1000_TDT   0x3818
#define E1000_TIDV  0x3820 /* transmit interrupt delay */
#define E1000_TADV  0x382C /* transmit absolute interrupt delay */

/* Statistics: 0x4000..0x40FF, all clear on read. */
#define E1000_STATS_FIRST 0x4000
#define E1000_STATS_LAST  0x40FC

/* Smallest BAR0 that holds every register above. */
#define E1000_MMIO_MIN_SIZE 0x6000

/* CTRL */
#define E1000_CTRL_FD		      BIT(0)  /* full duplex (when forced) */
#define E1000_CTRL_GIO_MASTER_DISABLE BIT(2)  /* 82574: stop issuing PCIe master requests */
#define E1000_CTRL_LRST		      BIT(3)  /* 8254x: link reset */
#define E1000_CTRL_ASDE		      BIT(5)  /* auto speed detection */
#define E1000_CTRL_SLU		      BIT(6)  /* set link up */
#define E1000_CTRL_ILOS		      BIT(7)  /* invert loss-of-signal */
#define E1000_CTRL_FRCSPD	      BIT(11) /* force speed */
#define E1000_CTRL_FRCDPLX	      BIT(12) /* force duplex */
#define E1000_CTRL_RST		      BIT(26) /* device reset, self-clearing */
#define E1000_CTRL_VME		      BIT(30) /* VLAN mode */
#define E1000_CTRL_PHY_RST	      BIT(31) /* PHY reset */

/* STATUS */
#define E1000_STATUS_GIO_MASTER_EN BIT(19) /* 82574: master requests still pending */
#define E1000_STATUS_FD		   BIT(0)  /* full duplex */
#define E1000_STATUS_LU		   BIT(1)  /* link up */
#define E1000_STATUS_SPEED_SHIFT   6	   /* 2 bits: 00 10, 01 100, 1x 1000 Mb/s */
#define E1000_STATUS_SPEED_MASK	   (3u << E1000_STATUS_SPEED_SHIFT)

/* EECD */
#define E1000_EECD_AUTO_RD BIT(9) /* 82574: NVM auto-read after reset done */

/* EERD: the start/done/address layout differs between the families. */
#define E1000_EERD_START	    BIT(0)
#define E1000_EERD_DATA_SHIFT	    16
#define E1000_EERD_8254X_DONE	    BIT(4)
#define E1000_EERD_8254X_ADDR_SHIFT 8
#define E1000_EERD_82574_DONE	    BIT(1)
#define E1000_EERD_82574_ADDR_SHIFT 2
/* EEPROM words 0..2 hold the factory MAC address, low byte first. */
#define E1000_EEPROM_MAC_WORD 0

/* CTRL_EXT (82574) */
#define E1000_CTRL_EXT_EIAME	BIT(24) /* MSI-X message auto-masks via IAM */
#define E1000_CTRL_EXT_IAME	BIT(27) /* ICR read/write auto-masks via IAM */
#define E1000_CTRL_EXT_DRV_LOAD BIT(28) /* tells firmware a driver owns the device */
#define E1000_CTRL_EXT_PBA_CLR	BIT(31) /* IMS writes clear the MSI-X pending bits */

/* ICR / ICS / IMS / IMC cause bits */
#define E1000_ICR_TXDW	       BIT(0)  /* transmit descriptor written back */
#define E1000_ICR_TXQE	       BIT(1)  /* transmit queue empty */
#define E1000_ICR_LSC	       BIT(2)  /* link status change */
#define E1000_ICR_RXSEQ	       BIT(3)  /* receive sequence error */
#define E1000_ICR_RXDMT0       BIT(4)  /* receive descriptors below threshold */
#define E1000_ICR_RXO	       BIT(6)  /* receive overrun: no descriptor, frame lost */
#define E1000_ICR_RXT0	       BIT(7)  /* receive timer: frames written */
#define E1000_ICR_MDAC	       BIT(9)  /* MDI access complete */
#define E1000_ICR_RXQ0	       BIT(20) /* 82574: receive queue 0 (MSI-X cause) */
#define E1000_ICR_RXQ1	       BIT(21)
#define E1000_ICR_TXQ0	       BIT(22) /* 82574: transmit queue 0 (MSI-X cause) */
#define E1000_ICR_TXQ1	       BIT(23)
#define E1000_ICR_OTHER	       BIT(24) /* 82574: any non-queue cause (MSI-X) */
#define E1000_ICR_INT_ASSERTED BIT(31)
#define E1000_ICR_QUEUE_CAUSES                                                                \
	(E1000_ICR_RXQ0 | E1000_ICR_RXQ1 | E1000_ICR_TXQ0 | E1000_ICR_TXQ1 | E1000_ICR_RXT0 | \
	 E1000_ICR_TXDW) /* 82574: the device asserted an interrupt */
#define E1000_ICR_ALL 0xFFFFFFFFu

/* IVAR (82574): 4-bit fields: 3-bit vector number and a valid bit. */
#define E1000_IVAR_VALID	   0x8u
#define E1000_IVAR_RXQ0_SHIFT	   0
#define E1000_IVAR_RXQ1_SHIFT	   4
#define E1000_IVAR_TXQ0_SHIFT	   8
#define E1000_IVAR_TXQ1_SHIFT	   12
#define E1000_IVAR_OTHER_SHIFT	   16
#define E1000_IVAR_TX_INT_EVERY_WB BIT(31)

/* RCTL */
#define E1000_RCTL_EN	      BIT(1)	/* receiver enable */
#define E1000_RCTL_SBP	      BIT(2)	/* store bad packets */
#define E1000_RCTL_UPE	      BIT(3)	/* unicast promiscuous */
#define E1000_RCTL_MPE	      BIT(4)	/* multicast promiscuous */
#define E1000_RCTL_LPE	      BIT(5)	/* long packets */
#define E1000_RCTL_RDMTS_HALF (0u << 8) /* RXDMT0 when half the ring is left */
#define E1000_RCTL_MO_SHIFT   12	/* multicast offset: which address bits hash */
#define E1000_RCTL_MO_MASK    (3u << E1000_RCTL_MO_SHIFT)
#define E1000_RCTL_BAM	      BIT(15)	 /* accept broadcast */
#define E1000_RCTL_BSIZE_2048 (0u << 16) /* with BSEX clear */
#define E1000_RCTL_VFE	      BIT(18)	 /* VLAN filter enable */
#define E1000_RCTL_BSEX	      BIT(25)	 /* buffer size extension (x16) */
#define E1000_RCTL_SECRC      BIT(26)	 /* strip the Ethernet CRC */

/* TCTL */
#define E1000_TCTL_EN		    BIT(1)
#define E1000_TCTL_PSP		    BIT(3) /* pad short packets */
#define E1000_TCTL_CT_SHIFT	    4	   /* collision threshold */
#define E1000_TCTL_COLD_SHIFT	    12	   /* collision distance */
#define E1000_TCTL_CT_DEFAULT	    0x0F
#define E1000_TCTL_COLD_FULL_DUPLEX 0x40
#define E1000_TCTL_RTLC		    BIT(24) /* retransmit on late collision */

/* TIPG recommended for 8254x copper: IPGT 10, IPGR1 8, IPGR2 6. */
#define E1000_TIPG_8254X_COPPER (10u | (8u << 10) | (6u << 20))

/* RXCSUM */
#define E1000_RXCSUM_IPOFLD BIT(8)  /* IPv4 header checksum offload */
#define E1000_RXCSUM_TUOFLD BIT(9)  /* TCP/UDP checksum offload */
#define E1000_RXCSUM_PCSD   BIT(13) /* 82574: RSS hash instead of checksum in descriptors */

/* RFCTL (82574) */
#define E1000_RFCTL_EXSTEN BIT(15) /* extended receive descriptors */

/* RAH */
#define E1000_RAH_AV BIT(31) /* address valid */

/* ---- Descriptors (16 bytes each) ---- */

/* Legacy receive descriptor. */
struct e1000_rx_desc {
	u64 addr;   /* buffer bus address */
	u16 length; /* bytes written to this buffer */
	u16 csum;   /* packet checksum (unused: status bits are enough) */
	u8 status;
	u8 errors;
	u16 special; /* VLAN tag */
} __packed;

#define E1000_RXD_STAT_DD    BIT(0) /* descriptor done */
#define E1000_RXD_STAT_EOP   BIT(1) /* end of packet */
#define E1000_RXD_STAT_IXSM  BIT(2) /* ignore checksum indications */
#define E1000_RXD_STAT_VP    BIT(3) /* VLAN packet */
#define E1000_RXD_STAT_UDPCS BIT(4) /* 82574: UDP checksum calculated */
#define E1000_RXD_STAT_TCPCS BIT(5) /* TCP (8254x: TCP/UDP) checksum calculated */
#define E1000_RXD_STAT_IPCS  BIT(6) /* IPv4 header checksum calculated */

#define E1000_RXD_ERR_CE   BIT(0) /* CRC or alignment error */
#define E1000_RXD_ERR_SE   BIT(1) /* symbol error */
#define E1000_RXD_ERR_SEQ  BIT(2) /* sequence error */
#define E1000_RXD_ERR_CXE  BIT(4) /* carrier extension error */
#define E1000_RXD_ERR_TCPE BIT(5) /* TCP/UDP checksum error */
#define E1000_RXD_ERR_IPE  BIT(6) /* IPv4 header checksum error */
#define E1000_RXD_ERR_RXE  BIT(7) /* receive data error */
#define E1000_RXD_ERR_FRAME                                                            \
	(E1000_RXD_ERR_CE | E1000_RXD_ERR_SE | E1000_RXD_ERR_SEQ | E1000_RXD_ERR_CXE | \
	 E1000_RXD_ERR_RXE)

/* Legacy transmit descriptor. */
struct e1000_tx_desc {
	u64 addr;
	u16 length;
	u8 cso; /* checksum offset (legacy checksum, unused) */
	u8 cmd;
	u8 status;
	u8 css; /* checksum start (legacy checksum, unused) */
	u16 special;
} __packed;

#define E1000_TXD_CMD_EOP  BIT(0) /* end of packet */
#define E1000_TXD_CMD_IFCS BIT(1) /* insert FCS */
#define E1000_TXD_CMD_RS   BIT(3) /* report status: write DD back */
#define E1000_TXD_CMD_DEXT BIT(5) /* extended descriptor (context or data) */
#define E1000_TXD_STAT_DD  BIT(0)

/*
 * TCP/IP context descriptor: where the checksums start, where they go and
 * where they end, for the data descriptors that follow. Offsets are bytes
 * from the start of the frame; the *CSS and *CSO fields are 8 bits wide.
 */
struct e1000_tx_ctx_desc {
	u8 ipcss;    /* IP checksum start */
	u8 ipcso;    /* IP checksum offset (where it is stored) */
	u16 ipcse;   /* IP checksum end, inclusive; 0 = end of frame */
	u8 tucss;    /* TCP/UDP checksum start */
	u8 tucso;    /* TCP/UDP checksum offset */
	u16 tucse;   /* TCP/UDP checksum end, inclusive; 0 = end of frame */
	u32 cmd_len; /* PAYLEN 19:0, DTYP 23:20 = 0, TUCMD 31:24 */
	u8 status;
	u8 hdrlen; /* segmentation only */
	u16 mss;   /* segmentation only */
} __packed;

/* Extended data descriptor: the data a context descriptor applies to. */
struct e1000_tx_data_desc {
	u64 addr;
	u32 cmd_len; /* DTALEN 19:0, DTYP 23:20 = 1, DCMD 31:24 */
	u8 status;
	u8 popts; /* which checksums to insert (first descriptor of a frame) */
	u16 special;
} __packed;

#define E1000_TXD_DTYP_CTX  (0u << 20)
#define E1000_TXD_DTYP_DATA (1u << 20)
#define E1000_TXD_LEN_MASK  0xFFFFFu
/* DCMD/TUCMD bits, in cmd_len's top byte. */
#define E1000_TXD_DCMD_EOP   BIT(24)
#define E1000_TXD_TUCMD_TCP  BIT(24) /* context: TCP, not UDP (segmentation only) */
#define E1000_TXD_DCMD_IFCS  BIT(25)
#define E1000_TXD_TUCMD_IP   BIT(25) /* context: IPv4 (segmentation only) */
#define E1000_TXD_DCMD_TSE   BIT(26) /* data: part of a frame to segment */
#define E1000_TXD_TUCMD_TSE  BIT(26) /* context: a segmentation context */
#define E1000_TXD_DCMD_RS    BIT(27)
#define E1000_TXD_DCMD_DEXT  BIT(29)
#define E1000_TXD_POPTS_IXSM BIT(0) /* insert the IPv4 header checksum */
#define E1000_TXD_POPTS_TXSM BIT(1) /* insert the TCP/UDP checksum */

_Static_assert(sizeof(struct e1000_rx_desc) == 16, "rx descriptor is 16 bytes");
_Static_assert(sizeof(struct e1000_tx_desc) == 16, "tx descriptor is 16 bytes");
_Static_assert(sizeof(struct e1000_tx_ctx_desc) == 16, "context descriptor is 16 bytes");
_Static_assert(sizeof(struct e1000_tx_data_desc) == 16, "data descriptor is 16 bytes");

#endif

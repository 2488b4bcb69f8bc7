/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sky2: driver for Marvell Yukon-2 Gigabit/Fast Ethernet controllers. Private
 * to drivers/sky2. One PCI function is one controller (struct sky2_hw) with
 * one or two ports (struct sky2_port, each a net_device). The controller owns
 * what the ports share: the status ring, the one interrupt and the one NAPI
 * instance that serves both ports.
 *
 *   sky2_main.c    PCI IDs, chip families, probe/remove, port open/stop
 *   sky2_hw.c      register access, controller bring-up, per-port MAC/FIFO/
 *                  RAM buffer/BMU/prefetch setup and teardown
 *   sky2_phy.c     SMI, Marvell PHY, autonegotiation, link state
 *   sky2_rx.c      receive ring and buffers (zero-copy netbufs)
 *   sky2_tx.c      transmit ring and completion
 *   sky2_status.c  the status ring drain: routing by port, budget
 *   sky2_irq.c     interrupt handler, MSI self-test and INTx fallback, NAPI
 *                  poll, chip error sources, the lost-interrupt timer
 *   sky2_stats.c   GMAC MIB counters and the ethtool -S table
 */
#ifndef NAPKIN_DRIVERS_SKY2_H
#define NAPKIN_DRIVERS_SKY2_H

#include "drivers/sky2/sky2_reg.h"
#include "kernel/mm/dma.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_irq_ladder.h"
#include "kernel/core/time.h"
#include "net/core/napi.h"
#include "net/core/netdev_adapter.h"
#include "net/core/netdev.h"

#define SKY2_MAX_CONTROLLERS 4
#define SKY2_MAX_PORTS	     2

/* Ring sizes in list elements (powers of two). */
#define SKY2_TX_RING	 256
#define SKY2_RX_RING	 512
#define SKY2_STATUS_RING 2048 /* ports x (Rx + Tx) LEs, rounded up */
/*
 * Rings are page aligned (dma_alloc's default). FreeBSD aligns them to 32 KiB;
 * Linux's coherent allocations are page aligned and work, so the hardware's
 * true minimum (UNVERIFIED) is at most a page.
 */

/* Receive buffers per port: kept posted, and owned in total. */
#define SKY2_RX_POSTED	   192
#define SKY2_RX_POOL	   320
#define SKY2_RX_BUF_STRIDE 2048
#define SKY2_RX_BUF_SIZE   1536 /* 1518 + VLAN tag, rounded to 8 bytes */
#define SKY2_RX_CHUNK_BUFS 32	/* buffers per 64 KiB DMA chunk */
#define SKY2_RX_CHUNKS	   (SKY2_RX_POOL / SKY2_RX_CHUNK_BUFS)
#define SKY2_RX_REFILL_LOW 32

/* No 32-bit high half is this: the next buffer LE must be preceded by ADDR64. */
#define SKY2_HI_UNKNOWN (~0ull)

#define SKY2_TX_MAX_SEGS 16
/* Worst case per frame: an ADDR64 before every segment, and a checksum LE. */
#define SKY2_TX_MAX_LES (2 * SKY2_TX_MAX_SEGS + 1)

#define SKY2_WATCHDOG_NS NSEC_PER_SEC
#define SKY2_IRQ_TEST_MS 100 /* Linux waits HZ/10 for the software interrupt */

/* One list element: Rx/Tx (addr, len, ctrl, opcode) or status (status, len, css, opcode). */
struct sky2_le {
	u32 addr;
	u16 len;
	u8 ctrl;
	u8 opcode;
} __attribute__((packed));

/*
 * Quirks, set once at probe from chip ID and revision. Each names the
 * erratum or behaviour it answers.
 */
enum sky2_quirk {
	/*
	 * Deviation 4.107: status LEs can race their PUT index; GP_IO bit 13. Named for
	 * EC Ultra and Extreme, but Linux sets it on every chip with the PCIe power
	 * registers (EC Ultra and later), and so does napkin (drivers/sky2/README.md).
	 */
	SKY2_Q_STATUS_RACE = BIT(0),
	/* Has an on-chip RAM buffer (B2_E_0 != 0, the XL): program its per-queue ranges. */
	SKY2_Q_RAMBUF = BIT(1),
	/* XL: the Rx MAC FIFO flush mask must be 0 (hardware bug, FreeBSD msk). */
	SKY2_Q_XL_FLUSH_MASK = BIT(2),
	/* FE+ A0 writes bogus receive status: accept the DMA length when the two disagree. */
	SKY2_Q_FE_PLUS_BOGUS_STATUS = BIT(3),
	/* EC A1, deviations 4.3 and 4.18: Tx index threshold 0xFFF, watermarks 0x21/0x07. */
	SKY2_Q_EC_A1_STATUS = BIT(4),
	/* XL A0: status FIFO ISR watermark 4. */
	SKY2_Q_XL_A0_ISR_WM = BIT(5),
	/* XL, EC, FE: RAM interface timeouts must be set after reset. */
	SKY2_Q_RAM_TIMEOUTS = BIT(6),
	/* 10/100 only: no 1000BASE-T advertisement. */
	SKY2_Q_FAST_ETHER = BIT(7),
	/* FE+ and Extreme: Rx FIFO flushes on overrun. */
	SKY2_Q_RX_OVER_FLUSH = BIT(8),
	/* Extreme and Supreme: ASF lives in the HCU; MACsec and retransmit FIFO bypassed. */
	SKY2_Q_HCU = BIT(9),
	/* EC Ultra, Extreme, FE+ and later: PCIe ASPM and clock registers need clearing. */
	SKY2_Q_PCIE_PM = BIT(10),
	/* New list-element format (Extreme, FE+, Supreme, Optima); checksum LEs differ. */
	SKY2_Q_NEW_LE = BIT(11),
	/* XL rev > A1: clock-gating enable bits are inverted, PHYs leave COMA. */
	SKY2_Q_XL_INV_CLK = BIT(12),
	/* EC Ultra A0: the Tx BMU FIFO level must be set. */
	SKY2_Q_ECU_A0_TXFF = BIT(13),
	/* EC Ultra A1 and later: MAC Rx RAM read is controlled by hardware. */
	SKY2_Q_ECU_RX_RAM = BIT(14),
	/*
	 * FE+, Supreme, Extreme but B0: the transmit checksum unit parses the
	 * frame itself (CALSUM alone); the others take offsets from a TCPLISW LE
	 * (Linux's SKY2_HW_AUTO_TX_SUM, FreeBSD's MSK_FLAG_AUTOTX_CSUM).
	 */
	SKY2_Q_AUTO_TX_CSUM = BIT(15),
	/* Extreme B0: its parsing checksum unit is broken; switched off in Q_F (Linux, FreeBSD). */
	SKY2_Q_EX_B0_TX_CSUM = BIT(16),
	/*
	 * No receive checksum: the XL (Linux's sky2 and FreeBSD's msk both leave
	 * it off there), and FE+ A0, whose status LEs are unreliable (FreeBSD's
	 * MSK_FLAG_NORX_CSUM).
	 */
	SKY2_Q_NO_RX_CSUM = BIT(17),
};

enum sky2_rx_state { SKY2_RXB_FREE, SKY2_RXB_POSTED, SKY2_RXB_LENT };

struct sky2_port;
struct sky2_hw;

struct sky2_rx_buf {
	struct netbuf nb;
	struct sky2_port *port;
	u8 *data;
	dma_addr_t dma;
	struct sky2_rx_buf *next_free;
	u8 state;
};

/* Per-port counters of our own. */
struct sky2_port_counters {
	u64 rx_frames;
	u64 rx_error_frames; /* GMAC status error bits */
	u64 rx_truncated;    /* DMA length differs from the GMAC length */
	u64 rx_not_ok;	     /* status lacks RX_OK without an error bit */
	u64 rx_bad_length;   /* shorter than a header or longer than the buffer */
	u64 rx_no_buffer;    /* an RXSTAT with no posted buffer to match */
	u64 rx_fe_plus_accepted;
	u64 rx_refill_starved;
	u64 rx_csum_ok;	      /* the chip proved the TCP/UDP checksum right */
	u64 rx_csum_bad;      /* ... wrong: handed up unproven, the stack drops it */
	u64 rx_csum_unknown;  /* a frame the chip's sum cannot judge (not TCP/UDP, ...) */
	u64 rx_csum_mismatch; /* the two engines disagree (old format): not trusted */
	u64 tx_frames;
	u64 tx_csum_hw;
	u64 tx_csum_sw;	 /* finished in software: short TCP on old format chips, odd frames */
	u64 tx_csum_les; /* TCPLISW LEs (old format, offsets changed) */
	u64 tx_csum_bad_offset; /* checksum field outside the frame: dropped */
	u64 tx_ring_full;
	u64 tx_too_many_segs;
	u64 tx_bad_index;
	u64 tx_dropped_on_stop;
	u64 tx_addr64_les;
	u64 rx_addr64_les;
	u64 link_ups;
	u64 link_downs;
	u64 phy_errors;
	u64 desc_check_rx;
	u64 desc_check_tx;
	u64 mac_rx_overrun;
	u64 mac_tx_underrun;
	u64 hw_parity_errors;
};

/* The GMAC's MIB counters, accumulated (the driver reads them in clear mode). */
struct sky2_mib {
	u64 rx_ucast, rx_bcast, rx_mcast, rx_pause, rx_fcs_err, rx_octets;
	u64 rx_runts, rx_frags, rx_too_long, rx_jabber, rx_fifo_ov;
	u64 tx_ucast, tx_bcast, tx_mcast, tx_pause, tx_octets;
	u64 tx_coll, tx_late_coll, tx_exc_coll, tx_underrun;
};

struct sky2_port {
	struct net_device netdev;
	struct sky2_hw *hw;
	unsigned int index; /* 0 or 1 */
	u16 rxq, txq, txsq; /* queue offsets */
	u8 mac[ETH_ALEN];
	bool opened;
	bool stopping; /* queues stopped, status ring being drained: post nothing */
	bool in_poll;

	/* Transmit ring. */
	struct sky2_le *tx_le;
	dma_addr_t tx_le_dma;
	struct netbuf *tx_frame[SKY2_TX_RING]; /* on each frame's last LE */
	u16 tx_prod, tx_cons;
	u64 tx_hi;	 /* high address half the chip holds; SKY2_HI_UNKNOWN after a ring reset */
	u32 tx_csum_pos; /* start << 16 | write the queue holds (old format); 0 after a reset */

	/* Receive ring and buffers. */
	struct sky2_le *rx_le;
	dma_addr_t rx_le_dma;
	struct sky2_rx_buf *rx_slot[SKY2_RX_RING]; /* NULL on ADDR64 slots */
	u16 rx_put, rx_cons;
	u64 rx_hi;	     /* high half the chip holds; SKY2_HI_UNKNOWN after a ring reset */
	bool rx_put_pending; /* LEs written, PUT not yet told (batched per poll) */
	u8 *rx_chunk[SKY2_RX_CHUNKS];
	dma_addr_t rx_chunk_dma[SKY2_RX_CHUNKS];
	struct sky2_rx_buf rx_buf[SKY2_RX_POOL];
	struct sky2_rx_buf *rx_free;
	unsigned int rx_posted, rx_lent;
	bool rx_pool_orphaned;

	/* Link. */
	bool link_up;
	u32 speed;
	bool full_duplex;
	bool pause_tx, pause_rx; /* flow control as negotiated: we send / obey PAUSE */
	u16 advertised;		 /* what PHY_AN_ADV was set to */
	u16 phy_id0, phy_id1;

	struct sky2_port_counters ctr;
	struct sky2_mib mib;
};

/* Controller-wide counters. */
struct sky2_hw_counters {
	u64 interrupts;
	u64 interrupts_not_ours;
	u64 sw_interrupts;
	u64 msi_fallbacks;
	u64 hw_errors;
	u64 status_les;
	u64 status_bad_port;
	u64 status_unknown_op;
	u64 polls_budget_exhausted;
};

struct sky2_hw {
	struct pci_dev *pdev;
	u8 *regs;
	/* Freed once removed and both ports' lent buffers are back (net/core/netdev_adapter.h). */
	struct netdev_adapter own;
	u8 chip_id, chip_rev;
	const char *chip_name;
	u32 clk_mhz;
	u32 quirks;
	unsigned int ram_kib; /* RAM buffer, 0 when none */
	unsigned int nports;
	struct sky2_port port[SKY2_MAX_PORTS];
	unsigned int open_ports;

	/* Status ring (DMA memory for the controller's life). */
	struct sky2_le *st_le;
	dma_addr_t st_dma;
	unsigned int st_size; /* power of two */
	u16 st_idx;

	/* Interrupts: one vector for the controller; the ladder's watchdog catches lost ones. */
	struct irq_ladder irq;
	int irq_vector;
	bool irq_requested;
	bool irq_testing;
	u32 imask;	  /* B0_IMSK as last written */
	u32 hwe_mask;	  /* B0_HWE_IMSK as last written */
	u32 hwe_disabled; /* error sources that would not clear, masked for good */
	u32 pending_src;  /* sources the handler or watchdog saw, for the poll */
	u64 sw_irq_seen;
	u64 sw_irq_before; /* sw_irq_seen when the self-test raised it */

	struct napi_struct napi;
	char napi_name[32];
	char irq_name[24]; /* "sky2 eth0,eth1": kernel/x86/irq.c keeps 23 characters */

	struct sky2_hw_counters ctr;
};

extern struct pci_driver sky2_pci_driver;

/* sky2_hw.c */
u8 sky2_read8(struct sky2_hw *hw, u32 reg);
u16 sky2_read16(struct sky2_hw *hw, u32 reg);
u32 sky2_read32(struct sky2_hw *hw, u32 reg);
void sky2_write8(struct sky2_hw *hw, u32 reg, u8 val);
void sky2_write16(struct sky2_hw *hw, u32 reg, u16 val);
void sky2_write32(struct sky2_hw *hw, u32 reg, u32 val);
u16 sky2_gm_read(struct sky2_hw *hw, unsigned int port, u32 reg);
void sky2_gm_write(struct sky2_hw *hw, unsigned int port, u32 reg, u16 val);
void sky2_cfg_write32(struct sky2_hw *hw, u16 off, u32 val);
u32 sky2_cfg_read32(struct sky2_hw *hw, u16 off);
int sky2_hw_init(struct sky2_hw *hw);
void sky2_status_unit_start(struct sky2_hw *hw);
void sky2_hw_shutdown(struct sky2_hw *hw);
int sky2_port_hw_start(struct sky2_port *p);
void sky2_port_hw_stop(struct sky2_port *p);
void sky2_prefetch_put(struct sky2_hw *hw, u16 queue, u16 put);
void sky2_set_rx_filter(struct sky2_port *p);

/* sky2_phy.c */
int sky2_phy_read(struct sky2_port *p, u8 reg, u16 *val);
int sky2_phy_write(struct sky2_port *p, u8 reg, u16 val);
int sky2_phy_start(struct sky2_port *p);
void sky2_phy_stop(struct sky2_port *p);
void sky2_phy_intr(struct sky2_port *p);

/* sky2_rx.c */
int sky2_rx_alloc(struct sky2_port *p);
void sky2_rx_free(struct sky2_port *p);
void sky2_rx_ring_reset(struct sky2_port *p);
void sky2_rx_unpost_all(struct sky2_port *p);
void sky2_rx_refill(struct sky2_port *p);
/* One RXSTAT entry as the drain read it. */
struct sky2_rx_done {
	u32 status; /* GMAC receive status word */
	u16 len;    /* bytes the chip wrote (DMA length) */
	u8 css;	    /* new format: the checksum verdict bits */
	/* Old format: the RXCHKS before it (both engines' sums), SKY2_SUMS_VALID when there was one. */
	u64 sums;
};
#define SKY2_SUMS_VALID (1ull << 32)
/* Consecutive entries of one port, oldest first: at most SKY2_RX_RUN per call. */
#define SKY2_RX_RUN 32
void sky2_rx_complete(struct sky2_port *p, const struct sky2_rx_done *done, unsigned int n);
void sky2_rx_put_flush(struct sky2_port *p);

/* sky2_tx.c */
int sky2_tx_alloc(struct sky2_port *p);
void sky2_tx_free(struct sky2_port *p);
void sky2_tx_ring_reset(struct sky2_port *p);
netdev_tx_t sky2_start_xmit(struct netbuf *nb, struct net_device *dev);
void sky2_tx_complete(struct sky2_port *p, u16 done_idx);
void sky2_tx_drop_all(struct sky2_port *p);

/* sky2_status.c */
int sky2_status_alloc(struct sky2_hw *hw);
void sky2_status_free(struct sky2_hw *hw);
void sky2_status_reset(struct sky2_hw *hw);
bool sky2_status_pending(const struct sky2_hw *hw);
int sky2_status_drain(struct sky2_hw *hw, int budget);
u16 sky2_txindex_port(const struct sky2_le *le, unsigned int port);

/* sky2_irq.c */
int sky2_irq_setup(struct sky2_hw *hw);
void sky2_irq_teardown(struct sky2_hw *hw);
void sky2_irq_rename(struct sky2_hw *hw);
const char *sky2_irq_mode_name(const struct sky2_hw *hw);
void sky2_irq_update_masks(struct sky2_hw *hw);
int sky2_poll(struct napi_struct *napi, int budget);

/* sky2_stats.c */
void sky2_mib_update(struct sky2_port *p);
void sky2_mib_clear(struct sky2_port *p);
int sky2_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max);
void sky2_get_stats(struct net_device *dev, struct net_device_stats *stats);

static inline const char *sky2_port_name(const struct sky2_port *p)
{
	return p->netdev.name[0] ? p->netdev.name : p->hw->pdev->name;
}

/* Receive checksums asked of the chip at the next port start. */
static inline bool sky2_rx_csum_wanted(const struct sky2_port *p)
{
	return (p->netdev.features & NETIF_F_RXCSUM) && !(p->hw->quirks & SKY2_Q_NO_RX_CSUM);
}

static inline u16 sky2_ring_next(u16 idx, unsigned int size)
{
	return (u16)((idx + 1u) & (size - 1u));
}

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * skge: driver for SysKonnect Genesis (XMAC II) and Marvell Yukon (GMAC)
 * PCI NICs. One PCI function is a controller (struct skge_hw) with one or two
 * ports (struct skge_port), each its own net_device with its own NAPI
 * instance, all behind one shared INTx line. Private to drivers/skge:
 *
 *   skge_main.c   PCI IDs, probe/remove, open/stop, the service timer
 *   skge_hw.c     register access, chip identity and reset, RAM buffer split,
 *                 queue/RAM-buffer/FIFO bring-up and stop, ring memory
 *   skge_xmac.c   Genesis: XMAC II and its PHY (BCM5400 copper or fibre)
 *   skge_gmac.c   Yukon: GMAC and its Marvell PHY over SMI
 *   skge_rx.c     receive buffers and ring
 *   skge_tx.c     transmit ring, completion, lost transmit start
 *   skge_irq.c    interrupt handler, per-port NAPI poll, deferred MAC events,
 *                 lost interrupts
 *   skge_stats.c  MAC counters and the named (ethtool -S) counters
 */
#ifndef NAPKIN_DRIVERS_SKGE_H
#define NAPKIN_DRIVERS_SKGE_H

#include "drivers/skge/skge_reg.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/io.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/pci_irq_ladder.h"
#include "kernel/pci/pci.h"
#include "kernel/core/time.h"
#include "net/core/napi.h"
#include "net/core/netdev_adapter.h"
#include "net/core/netdev.h"

#define SKGE_MAX_ADAPTERS 2

#define SKGE_RX_RING	   128
#define SKGE_TX_RING	   256
#define SKGE_RX_POOL	   192 /* buffers per port: the ring, plus room for the stack */
#define SKGE_RX_BUF_STRIDE 2048
#define SKGE_RX_BUF_SIZE   1536 /* posted length: a VLAN-tagged 1518-byte frame fits */
#define SKGE_RX_CHUNK_BUFS 32	/* buffers per DMA allocation (64 KiB) */
#define SKGE_RX_CHUNKS	   (SKGE_RX_POOL / SKGE_RX_CHUNK_BUFS)
#define SKGE_RX_REFILL_LOW 32
#define SKGE_MIN_FRAME	   (ETH_HLEN)
#define SKGE_TX_MAX_SEGS   16
#define SKGE_TX_WAKE_FREE  (4 * SKGE_TX_MAX_SEGS)
#define SKGE_TX_TIMEOUT_NS (5 * NSEC_PER_SEC)
/* Frames with a buffer the BMU cannot reach (above 4 GiB) are copied here. */
#define SKGE_TX_BOUNCE	    64
#define SKGE_TX_BOUNCE_SIZE 2048

/* Service timer: link polling, lost transmit starts and interrupts. */
#define SKGE_SERVICE_PERIOD_NS (100 * NSEC_PER_MSEC)
#define SKGE_STATS_EVERY       10 /* service ticks between MAC counter folds */
/* Interrupt moderation: end-of-frame interrupts held back this long. */
#define SKGE_IRQM_USECS 50

#define SKGE_MAC_STATS_MAX 24

enum skge_chip { SKGE_GENESIS, SKGE_YUKON };

enum skge_rx_state { SKGE_RXB_FREE, SKGE_RXB_POSTED, SKGE_RXB_LENT };

struct skge_hw;
struct skge_port;

struct skge_rx_buf {
	struct netbuf nb;
	struct skge_port *port;
	u8 *data;
	dma_addr_t dma;
	struct skge_rx_buf *next_free;
	u8 state;
};

/* One MAC counter: its name and where the MAC keeps it. */
struct skge_mac_stat {
	const char *name;
	u16 reg;
};

/* What differs between the XMAC (Genesis) and the GMAC (Yukon). */
struct skge_mac_ops {
	const char *name;
	int (*init)(struct skge_port *p);	  /* out of reset, addresses, filter, PHY */
	void (*enable)(struct skge_port *p);	  /* receiver and transmitter on */
	void (*stop)(struct skge_port *p);	  /* off and back into reset */
	void (*set_rx_mode)(struct skge_port *p); /* promiscuous / multicast filter */
	/* Link as the PHY reports it now: true when up, with speed and duplex. */
	bool (*link_state)(struct skge_port *p, u32 *speed, bool *full_duplex);
	void (*link_changed)(struct skge_port *p); /* MAC follows the new duplex */
	void (*event)(struct skge_port *p);	   /* the MAC's interrupt, deferred */
	u32 (*read_stat)(struct skge_port *p, u16 reg);
	void (*snapshot_stats)(struct skge_port *p);
	const struct skge_mac_stat *stats;
	unsigned int nr_stats;
};

extern const struct skge_mac_ops skge_xmac_ops;
extern const struct skge_mac_ops skge_gmac_ops;

struct skge_port_counters {
	u64 napi_schedules; /* interrupts that scheduled this port's poll */
	u64 rx_error_frames;
	u64 rx_bad_length;
	u64 rx_refill_starved;
	u64 rx_bmu_starts; /* start commands after the ring had run dry */
	u64 tx_ring_full;
	u64 tx_bounced;	      /* copied below 4 GiB first */
	u64 rx_csum_ok;	      /* the chip's sums proved the TCP/UDP checksum right */
	u64 rx_csum_bad;      /* ... wrong: handed up unproven, the stack drops it */
	u64 rx_csum_unknown;  /* a frame the sums cannot judge (not TCP/UDP, ...) */
	u64 rx_csum_mismatch; /* the two engines disagree: not trusted */
	u64 tx_csum_hw;
	u64 tx_csum_sw;		/* a checksum the chip could not do, finished in software */
	u64 tx_csum_bad_offset; /* checksum field outside the frame: dropped */
	u64 tx_too_long;
	u64 tx_start_retries; /* lost transmit starts given again */
	u64 tx_timeouts;
	u64 tx_dropped_on_stop;
	u64 link_changes;
	u64 mac_events;
	u64 mac_tx_underruns;
	u64 mac_rx_overruns;
};

struct skge_port {
	struct net_device netdev;
	struct napi_struct napi;
	struct skge_hw *hw;
	unsigned int port;
	char napi_name[40];
	u8 mac[ETH_ALEN];
	u8 phy_type;
	u8 phy_addr;

	/* Register blocks and interrupt bits of this port. */
	u32 rx_q, tx_q, rx_rb, tx_rb;
	u32 irq_bits; /* end-of-frame sources its NAPI instance owns */
	u32 mac_bit;  /* the MAC's interrupt, handled outside the packet path */
	u32 ram_rx_start, ram_rx_end, ram_tx_start, ram_tx_end; /* 8-byte units */

	/* Rings (DMA memory below 4 GiB, allocated at open). */
	struct skge_desc *rx_ring;
	dma_addr_t rx_ring_dma;
	struct skge_desc *tx_ring;
	dma_addr_t tx_ring_dma;

	/* Receive: slot i of the ring holds rx_slot[i] while posted. */
	u8 *rx_chunk[SKGE_RX_CHUNKS];
	dma_addr_t rx_chunk_dma[SKGE_RX_CHUNKS];
	struct skge_rx_buf rx_buf[SKGE_RX_POOL];
	struct skge_rx_buf *rx_free;
	struct skge_rx_buf *rx_slot[SKGE_RX_RING];
	unsigned int rx_next; /* next slot the chip completes */
	unsigned int rx_fill; /* next slot to give a buffer */
	unsigned int rx_posted, rx_lent;
	bool rx_pool_orphaned;

	/* Transmit. */
	struct netbuf *tx_frame[SKGE_TX_RING]; /* on each frame's last descriptor */
	s16 tx_bounce_of[SKGE_TX_RING];	       /* bounce buffer a descriptor uses, or -1 */
	u8 *tx_bounce;			       /* SKGE_TX_BOUNCE buffers below 4 GiB */
	dma_addr_t tx_bounce_dma;
	u8 tx_bounce_free[SKGE_TX_BOUNCE];
	unsigned int tx_bounce_nfree;
	unsigned int tx_prod, tx_cons, tx_pending;
	unsigned int tx_cons_seen; /* where the service timer last found tx_cons */
	u64 tx_progress_ns;

	bool opened;
	bool in_poll;
	bool link_up;
	u32 speed;
	bool full_duplex;
	u64 schedules_seen; /* napi_schedules at the last lost-interrupt check */

	struct skge_port_counters ctr;
	u64 mac_stat[SKGE_MAC_STATS_MAX];
	u32 mac_stat_last[SKGE_MAC_STATS_MAX];
};

struct skge_hw_counters {
	u64 interrupts;
	u64 irq_not_ours;
	u64 deferred_events;
	/* Hardware errors (B0_HWE_ISRC), by where the parity failed. */
	u64 hw_err_ram_parity;
	u64 hw_err_mac_parity;
	u64 hw_err_rx_parity;
	u64 hw_err_masked; /* sources that would not clear, taken out of B0_HWE_IMSK */
};

struct skge_hw {
	struct pci_dev *pdev;
	u8 *regs;
	/* Freed once removed and both ports' lent buffers are back (net/core/netdev_adapter.h). */
	struct netdev_adapter own;
	enum skge_chip chip;
	const struct skge_mac_ops *mac;
	const char *chip_name;
	u8 chip_id, chip_rev;
	bool lite_a0;  /* Yukon-Lite A0 (chip ID 0xB0): receive FIFO flush left off */
	bool coma_pin; /* Yukon-Lite A3+: GPIO 9 around the PHY reset */
	u8 pmd_type;
	bool copper;
	unsigned int ports;
	u32 ram_size, ram_offset; /* bytes */
	u32 irqm_ticks;		  /* moderation clock ticks per microsecond */

	/* Interrupts. B0_IMSK mirrors intr_mask; change both with interrupts off. */
	u32 intr_mask;
	u32 hwe_mask;		  /* B0_HWE_IMSK */
	unsigned int hwe_repeats; /* handlings in a row whose clear did not hold */
	u32 events_pending;	  /* MAC bits taken out of the mask for the event timer */
	u32 lost_seen;		  /* sources pending at the last service tick */
	u64 events_seen;	  /* deferred_events at the last service tick */
	int irq_vector;
	bool irq_requested;
	unsigned int ports_open;
	struct ktimer event_timer;
	struct irq_ladder irq; /* INTx only; its watchdog is the service tick */
	unsigned int service_ticks;
	char irq_name[24];

	struct skge_hw_counters ctr;
	struct skge_port port[SKGE_MAX_PORTS];
};

/*
 * The BMUs drive 32 address bits (one high word per queue, kept at 0 here):
 * a ring or buffer must lie entirely below 4 GiB, which also means it does
 * not cross a 4 GiB boundary.
 */
/*
 * Checksum offload, Yukon only: Linux's skge offers none on Genesis, and the
 * XMAC's BMU knows no UDP opcode. dev->features is read at run time.
 */
static inline bool skge_rx_csum_on(const struct skge_port *p)
{
	return (p->netdev.features & NETIF_F_RXCSUM) && p->hw->chip != SKGE_GENESIS;
}

static inline bool skge_dma_below_4g(dma_addr_t bus, size_t len)
{
	dma_addr_t last = bus + len - 1;

	return len && last >= bus && (last >> 32) == 0;
}

/* skge_hw.c */
static inline u32 skge_read32(const struct skge_hw *hw, u32 reg)
{
	return readl(hw->regs + reg);
}
static inline u16 skge_read16(const struct skge_hw *hw, u32 reg)
{
	return readw(hw->regs + reg);
}
static inline u8 skge_read8(const struct skge_hw *hw, u32 reg)
{
	return readb(hw->regs + reg);
}
static inline void skge_write32(struct skge_hw *hw, u32 reg, u32 val)
{
	writel(val, hw->regs + reg);
}
static inline void skge_write16(struct skge_hw *hw, u32 reg, u16 val)
{
	writew(val, hw->regs + reg);
}
static inline void skge_write8(struct skge_hw *hw, u32 reg, u8 val)
{
	writeb(val, hw->regs + reg);
}

int skge_chip_identify(struct skge_hw *hw);
void skge_chip_reset(struct skge_hw *hw);
void skge_port_setup(struct skge_hw *hw, unsigned int port);
void skge_port_hw_start(struct skge_port *p);
void skge_port_hw_stop(struct skge_port *p);
int skge_rings_alloc(struct skge_port *p);
void skge_rings_free(struct skge_port *p);

/* skge_xmac.c: link from the clause 22 registers, through a PHY read function */
bool skge_mii_link(int (*rd)(struct skge_port *, u8, u16 *), struct skge_port *p, u32 *speed,
		   bool *fd);

/* skge_rx.c */
int skge_rx_pool_alloc(struct skge_port *p);
void skge_rx_pool_release(struct skge_port *p);
void skge_rx_ring_init(struct skge_port *p);
void skge_rx_unpost_all(struct skge_port *p);
void skge_rx_refill(struct skge_port *p);
int skge_rx(struct skge_port *p, int budget);

/* skge_tx.c */
void skge_tx_ring_init(struct skge_port *p);
netdev_tx_t skge_start_xmit(struct netbuf *nb, struct net_device *dev);
void skge_tx_reclaim(struct skge_port *p);
void skge_tx_drop_all(struct skge_port *p);
void skge_tx_watchdog(struct skge_port *p);

/* skge_irq.c */
void skge_irq_init(struct skge_hw *hw);
irqreturn_t skge_interrupt(void *ctx);
int skge_poll(struct napi_struct *napi, int budget);
void skge_irq_port_on(struct skge_port *p);
void skge_irq_port_off(struct skge_port *p);
unsigned int skge_irq_check_lost(struct skge_hw *hw);
void skge_schedule_port(struct skge_port *p);

/* skge_stats.c */
void skge_stats_update(struct skge_port *p);
int skge_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max);
void skge_stats_restart(struct skge_port *p);

/* skge_main.c */
extern struct pci_driver skge_pci_driver;
void skge_link_update(struct skge_port *p);

/*
 * MAC FIFO events come in bursts under overload (one per frame the receive
 * RAM buffer could not take): log the first three, then each time the count
 * doubles; ethtool -S has them all.
 */
static inline bool skge_log_event(u64 count)
{
	return count <= 3 || !(count & (count - 1));
}

static inline const char *skge_name(const struct skge_port *p)
{
	return p->netdev.name[0] ? p->netdev.name : p->hw->pdev->name;
}

#endif

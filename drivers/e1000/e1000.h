/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The e1000 driver's adapter state and the functions its files share. See
 * README.md for the design: one NAPI instance per device, legacy descriptors,
 * zero-copy receive from a buffer pool larger than the ring.
 */
#ifndef NAPKIN_DRIVERS_E1000_H
#define NAPKIN_DRIVERS_E1000_H

#include "drivers/e1000/e1000_reg.h"
#include "drivers/e1000/e1000_stats.h"
#include "drivers/e1000/e1000_offload.h"
#include "kernel/core/compiler.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/io.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_irq_ladder.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "net/core/netdev.h"
#include "net/core/netdev_adapter.h"
#include "net/core/nic_fault.h"

/* Ring sizes: multiples of 8 descriptors, so multiples of 128 bytes. */
#define E1000_RX_RING_SIZE 256
#define E1000_TX_RING_SIZE 256
/*
 * Receive buffers: the ring's, plus as many again that the stack may hold
 * (zero-copy: a frame's buffer stays with the stack until it frees it).
 */
#define E1000_RX_POOL_SIZE (2 * E1000_RX_RING_SIZE)
#define E1000_RX_BUF_SIZE  2048 /* RCTL.BSIZE 2048; a 1518-byte frame fits one */
/*
 * A frame with more segments than this is dropped (see README); TSO
 * super-segments are built within it (dev->gso_max_segs).
 */
#define E1000_TX_MAX_SEGS 32
/* Descriptors one frame may take: a context descriptor and its segments. */
#define E1000_TX_DESCS_MAX (E1000_TX_MAX_SEGS + 1)
#define E1000_MAX_ADAPTERS 4
#define E1000_NAPI_WEIGHT  NAPI_DEFAULT_WEIGHT

/*
 * The watchdog ticks often enough that a lost interrupt, a ring left without
 * buffers or a stuck transmitter costs well under a second of traffic; its
 * register-heavy work (statistics, link) runs every E1000_WATCHDOG_SLOW_TICKS.
 */
#define E1000_WATCHDOG_NS	  (100 * NSEC_PER_MSEC)
#define E1000_WATCHDOG_SLOW_TICKS 20
#define E1000_LINK_GRACE_NS	  (10 * NSEC_PER_SEC)
/* No completion for this long with frames queued and the link up: reset transmit. */
#define E1000_TX_TIMEOUT_NS    (300 * NSEC_PER_MSEC)
#define E1000_POLL_INTERVAL_NS (1 * NSEC_PER_MSEC)

/* What differs between the supported chips. */
enum e1000_chip_flags {
	E1000_CHIP_MSIX = BIT(0),	/* 82574: MSI-X with IVAR, EIAC; MSI too */
	E1000_CHIP_ICR_W1C = BIT(1),	/* 82574: ICR is cleared by writing ones, not by reading */
	E1000_CHIP_EERD_82574 = BIT(2), /* EERD's done bit and address field as on the 82574 */
	E1000_CHIP_DMA32 = BIT(3),	/* keep rings and buffers below 4 GiB */
	E1000_CHIP_TIPG = BIT(4),	/* TIPG needs programming (8254x copper) */
	E1000_CHIP_DRV_LOAD = BIT(5),	/* tell the manageability firmware a driver is loaded */
	E1000_CHIP_PCIE = BIT(6),	/* PCIe: master disable before reset */
	E1000_CHIP_REFUSED = BIT(31),	/* a relative this driver does not drive */
};

struct e1000_chip {
	const char *name;
	u32 flags;
	const char *refusal; /* why, for E1000_CHIP_REFUSED */
};

/* The 82574's MSI-X vectors, in the order they are allocated. */
enum { E1000_MSIX_RX, E1000_MSIX_TX, E1000_MSIX_OTHER, E1000_MSIX_VECTORS };

enum e1000_rx_buf_place { E1000_BUF_FREE, E1000_BUF_RING, E1000_BUF_STACK };

struct e1000_adapter;

/* One receive buffer of the pool; its netbuf is what the stack gets. */
struct e1000_rx_buf {
	struct netbuf nb;
	struct e1000_adapter *adapter;
	u8 *va;
	dma_addr_t bus;
	struct e1000_rx_buf *next_free;
	u8 place; /* enum e1000_rx_buf_place */
};

/* Per transmit descriptor: the frame whose first descriptor this is. */
struct e1000_tx_slot {
	struct netbuf *frame; /* freed once the descriptor at `last` is done */
	u16 last;
};

struct e1000_adapter {
	struct net_device netdev;
	struct napi_struct napi;
	struct pci_dev *pdev;
	const struct e1000_chip *chip;
	u8 *mmio;
	char label[32]; /* "e1000 00:03.0": names the device before it has ethN */
	/* Freed once removed and every lent receive buffer is back (net/core/netdev_adapter.h). */
	struct netdev_adapter own;
	bool up;

	/* Receive */
	struct e1000_rx_desc *rx_ring;
	dma_addr_t rx_ring_bus;
	u16 rx_count, rx_ntu, rx_ntc;
	bool rx_spanning;
	struct e1000_rx_buf *rx_slot[E1000_RX_RING_SIZE];
	struct e1000_rx_buf rx_bufs[E1000_RX_POOL_SIZE];
	struct e1000_rx_buf *rx_free;
	u32 rx_free_count;
	u32 rx_lent; /* buffers the stack holds now */
	u8 *rx_pool;
	dma_addr_t rx_pool_bus;

	/* Transmit */
	union {
		struct e1000_tx_desc *tx_legacy;
		struct e1000_tx_data_desc *tx_data;
		struct e1000_tx_ctx_desc *tx_ctx;
	};
	dma_addr_t tx_ring_bus;
	u16 tx_count, tx_ntu, tx_ntc;
	struct e1000_tx_slot tx_slot[E1000_TX_RING_SIZE];
	struct e1000_tx_csum_plan tx_ctx_loaded; /* what the hardware's context holds */
	bool tx_ctx_valid;
	u64 tx_progress_ns; /* last time a completion was reaped or the ring was idle */

	/* Interrupts */
	struct irq_ladder irq; /* MSI-X, MSI, INTx or polled; the lost-interrupt watchdog */
	u32 ims;	       /* causes enabled while unmasked */
	u32 ims_queues;	       /* the ones NAPI masks (all of them unless MSI-X) */
	bool irq_masked;       /* NAPI owns the queue causes right now */
	bool irq_requested;
	u32 pending_icr; /* causes seen by the handler, for poll() */
	struct ktimer watchdog;
	unsigned int watchdog_ticks;

	/* Link */
	u64 opened_ns;
	bool link_grace_over;

	struct nic_fault_state fault; /* test machinery: e1000_fault.c */

	/* Counters */
	u64 hw_stats[E1000_NR_HW_STATS];
	struct e1000_sw_stats sw;
	unsigned int rx_bad_logged; /* rate limits for bad-descriptor messages */
	unsigned int tx_bad_logged;
};

static inline u32 e1000_rd(const struct e1000_adapter *a, u32 reg)
{
	return readl(a->mmio + reg);
}

static inline void e1000_wr(const struct e1000_adapter *a, u32 reg, u32 val)
{
	writel(val, a->mmio + reg);
}

/* Posted writes reach the device before this returns. */
static inline void e1000_flush(const struct e1000_adapter *a)
{
	(void)e1000_rd(a, E1000_STATUS);
}

static inline bool e1000_has(const struct e1000_adapter *a, u32 flag)
{
	return a->chip->flags & flag;
}

/* The name logs use: ethN once registered, else the PCI label. */
static inline const char *e1000_name(const struct e1000_adapter *a)
{
	return a->netdev.registered ? a->netdev.name : a->label;
}

/* e1000_hw.c */
int e1000_hw_reset(struct e1000_adapter *a);
int e1000_hw_read_mac(struct e1000_adapter *a, u8 mac[ETH_ALEN], const char **source);
void e1000_hw_write_mac(struct e1000_adapter *a, const u8 mac[ETH_ALEN]);
int e1000_eeprom_read(struct e1000_adapter *a, u16 word, u16 *out);
void e1000_hw_clear_filters(struct e1000_adapter *a);
void e1000_hw_start_link(struct e1000_adapter *a);
/* Hand the device back: firmware may take it over again (clears DRV_LOAD). */
void e1000_hw_release(struct e1000_adapter *a);
/* STATUS decoded: link up, speed in Mb/s, full duplex. */
void e1000_status_decode(u32 status, bool *up, u32 *speed_mbps, bool *full_duplex);
int e1000_wait_reg(struct e1000_adapter *a, u32 reg, u32 mask, u32 want, u32 timeout_us);

/* e1000_rx.c */
int e1000_rx_alloc(struct e1000_adapter *a);
void e1000_rx_configure(struct e1000_adapter *a);
void e1000_rx_disable(struct e1000_adapter *a);
int e1000_rx_clean(struct e1000_adapter *a, int budget);
unsigned int e1000_rx_refill(struct e1000_adapter *a);
void e1000_set_rx_mode(struct net_device *dev);

/* e1000_tx.c */
int e1000_tx_alloc(struct e1000_adapter *a);
void e1000_tx_configure(struct e1000_adapter *a);
void e1000_tx_disable(struct e1000_adapter *a);
unsigned int e1000_tx_clean(struct e1000_adapter *a);
netdev_tx_t e1000_start_xmit(struct netbuf *nb, struct net_device *dev);
void e1000_tx_check_hang(struct e1000_adapter *a, u64 now);

/* e1000_irq.c: interrupts and the NAPI poll */
int e1000_poll(struct napi_struct *napi, int budget);
int e1000_irq_setup(struct e1000_adapter *a);
int e1000_irq_request(struct e1000_adapter *a);
void e1000_irq_release(struct e1000_adapter *a);
void e1000_irq_enable(struct e1000_adapter *a);
void e1000_irq_disable(struct e1000_adapter *a);
void e1000_irq_unmask_queues(struct e1000_adapter *a);
u32 e1000_irq_take_pending(struct e1000_adapter *a);
const char *e1000_irq_kind_name(const struct e1000_adapter *a);
size_t e1000_irq_describe(const struct e1000_adapter *a, char *buf, size_t len);

/* e1000_main.c */
void e1000_link_update(struct e1000_adapter *a);
/* Bound adapters: iterate from NULL; look one up by its ethN name. */
struct e1000_adapter *e1000_next(struct e1000_adapter *prev);
struct e1000_adapter *e1000_find(const char *name);
void e1000_count_missed(struct e1000_adapter *a);

/* e1000_fault.c (test machinery): `nicfault` for this adapter */
void e1000_fault_register(struct e1000_adapter *a);
void e1000_fault_unregister(struct e1000_adapter *a);

/* e1000_stats.c: counters for the netdev layer */
void e1000_get_stats(struct net_device *dev, struct net_device_stats *stats);
int e1000_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max);
void e1000_stats_update(struct e1000_adapter *a);

#endif

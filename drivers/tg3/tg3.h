/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tg3: driver for Broadcom Tigon3 PCIe NICs of the BCM5717 family. Private to
 * drivers/tg3; the files split by concern:
 *
 *   tg3_main.c   PCI IDs, probe/remove, open/stop, the 1 s service timer,
 *                the life cycle (states and allowed transitions)
 *   tg3_hw.c     register access, core reset and bootcode handshake, MAC
 *                address, bring-up of the functional blocks
 *   tg3_phy.c    MDIO, autonegotiation, link state into the netdev
 *   tg3_rx.c     standard and return rings, receive buffers
 *   tg3_tx.c     send ring, transmit, completion, checksum offload
 *   tg3_irq.c    interrupt handler, MSI self-test and INTx fallback, NAPI poll
 *   tg3_stats.c  hardware counters and the named (ethtool -S) counters
 *   tg3_reset.c  recovery: timer-driven chip reset, transmit watchdog
 */
#ifndef NAPKIN_DRIVERS_TG3_H
#define NAPKIN_DRIVERS_TG3_H

#include "drivers/tg3/tg3_reg.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/io.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_irq_ladder.h"
#include "kernel/core/time.h"
#include "net/core/netdev_adapter.h"
#include "net/core/napi.h"
#include "net/core/netdev.h"

#define TG3_MAX_ADAPTERS 4

#define TG3_TX_RING  T3_SEND_RING_SIZE
#define TG3_STD_RING T3_STD_RING_SIZE
#define TG3_RET_RING T3_RET_RING_SIZE

/* Receive buffers: kept posted in the standard ring, and owned in total. */
#define TG3_RX_POSTED	  256
#define TG3_RX_POOL	  384
#define TG3_RX_BUF_STRIDE 2048 /* bytes per buffer in DMA memory */
#define TG3_RX_CHUNK_BUFS 32   /* buffers per DMA allocation (64 KiB) */
#define TG3_RX_CHUNKS	  (TG3_RX_POOL / TG3_RX_CHUNK_BUFS)
/* Below this many posted buffers a returning buffer asks for a refill poll. */
#define TG3_RX_REFILL_LOW 32

/* Send BDs one frame may take; longer chains are dropped and counted. */
#define TG3_TX_MAX_SEGS 16
/* A queue stopped for lack of room is woken once this many BDs are free. */
#define TG3_TX_WAKE_FREE (4 * TG3_TX_MAX_SEGS)

#define TG3_TX_TIMEOUT_NS     (5 * NSEC_PER_SEC)
#define TG3_SERVICE_PERIOD_NS NSEC_PER_SEC
/* How long open() waits for the interrupt self-test. */
#define TG3_IRQ_TEST_MS 50

/* Host coalescing: interrupt after this many frames or microseconds. */
#define TG3_COAL_RX_USECS  20
#define TG3_COAL_RX_FRAMES 8
#define TG3_COAL_TX_USECS  100
#define TG3_COAL_TX_FRAMES 32

/*
 * The adapter's life, one state at a time. Every change goes through
 * tg3_set_state(), which checks it against the table in tg3_main.c, logs it
 * at debug level, and warns about and counts a change the table refuses.
 */
enum tg3_state {
	TG3_ST_PROBING,	  /* probe() at work: registers mapped, no netdev yet */
	TG3_ST_CLOSED,	  /* probed and registered; interface down, no rings */
	TG3_ST_OPENING,	  /* open() bringing the chip up */
	TG3_ST_RUNNING,	  /* up: traffic, interrupts, service timer */
	TG3_ST_RESETTING, /* recovery: the reset timer walks the chip through a reset */
	TG3_ST_CLOSING,	  /* stop() taking it down */
	TG3_ST_DEAD,	  /* the bootcode never came back: registers left alone */
	TG3_ST_REMOVED,	  /* probe failed or remove() ran */
	TG3_ST_COUNT,
};

/* Where the reset timer is in a recovery reset (TG3_ST_RESETTING only). */
enum tg3_reset_step {
	TG3_RST_STOP,	  /* next: stop NAPI and traffic, assert the core reset */
	TG3_RST_QUIET,	  /* reset asserted; the core ignores register cycles */
	TG3_RST_BOOTCODE, /* config restored; polling the firmware mailbox */
};

/* Core reset timing, shared by the synchronous and the timer-driven reset. */
#define TG3_RESET_QUIET_NS   NSEC_PER_MSEC
#define TG3_BOOTCODE_POLL_NS NSEC_PER_MSEC
#define TG3_BOOTCODE_WAIT_NS NSEC_PER_SEC

enum tg3_rx_state { TG3_RXB_FREE, TG3_RXB_POSTED, TG3_RXB_LENT };

struct tg3;

/* One receive buffer: its memory, and the netbuf it travels as. */
struct tg3_rx_buf {
	struct netbuf nb;
	struct tg3 *tp;
	u8 *data;
	dma_addr_t dma;
	struct tg3_rx_buf *next_free;
	u16 slot; /* standard ring slot while posted */
	u8 state;
};

/* Counters of our own, shown by name next to the chip's. */
struct tg3_counters {
	u64 interrupts;
	u64 interrupts_not_ours;
	u64 poll_second_looks; /* work found just after the unmask: polled again at once */
	u64 msi_fallbacks;
	u64 rx_csum_ok;
	u64 rx_csum_bad;
	u64 rx_error_frames;
	u64 rx_bad_length;
	u64 rx_refill_starved;
	u64 tx_csum_hw;
	u64 tx_csum_sw;
	u64 tx_csum_bad_frame; /* software sum refused: the segments end before tot_len */
	u64 tx_ring_full;
	u64 tx_too_many_segs;
	u64 tx_timeouts;
	u64 tx_dropped_on_reset;
	u64 error_attentions;
	u64 chip_resets;
	u64 link_changes;
	u64 illegal_transitions;
};

/* The chip's own counters, accumulated from its clear-on-read registers. */
struct tg3_hw_stats {
	u64 tx_octets, tx_collisions, tx_ucast, tx_mcast, tx_bcast;
	u64 rx_octets, rx_fragments, rx_ucast, rx_mcast, rx_bcast;
	u64 rx_fcs_errors, rx_align_errors, rx_too_long, rx_undersize;
	u64 rx_out_of_bds, rx_discards, rx_errors;
};

/* What differs between the chips driven: one of these per family. */
struct tg3_chip_info {
	u16 chip_id_reg;   /* config offset of the chip ID */
	u8 send_rcbs;	   /* send ring control blocks in NIC memory */
	u8 ret_rcbs;	   /* return ring control blocks in NIC memory */
	u16 ret_ring;	   /* return ring entries (<= TG3_RET_RING) */
	u32 std_nic_addr;  /* the standard ring's place in NIC memory */
	bool std_buf_size; /* the standard RCB carries the buffer size */
};

struct tg3 {
	struct net_device netdev;
	struct napi_struct napi;
	struct pci_dev *pdev;
	u8 *regs;
	/*
	 * Who frees the adapter (net/core/netdev_adapter.h). Not a life state: a
	 * removed adapter lives on while the stack still holds its receive
	 * buffers, and the last one back frees it.
	 */
	struct netdev_adapter own;
	const char *chip_name;
	const struct tg3_chip_info *info;
	u32 chip_id;
	u8 phy_addr;
	u8 mac[ETH_ALEN];
	/* tg3.udp_csum=hw: the chip sums UDP too, and may send a zero sum (tg3_tx.c). */
	bool udp_csum_hw;

	/* Rings and status block (DMA memory, allocated at open). */
	struct t3_send_bd *tx_ring;
	dma_addr_t tx_ring_dma;
	struct t3_rx_bd *std_ring;
	dma_addr_t std_ring_dma;
	struct t3_rx_bd *ret_ring;
	dma_addr_t ret_ring_dma;
	struct t3_status_block *status;
	dma_addr_t status_dma;

	/* Receive buffer pool; outlives a close while the stack holds buffers. */
	u8 *rx_chunk[TG3_RX_CHUNKS];
	dma_addr_t rx_chunk_dma[TG3_RX_CHUNKS];
	struct tg3_rx_buf rx_buf[TG3_RX_POOL];
	struct tg3_rx_buf *rx_free;
	struct tg3_rx_buf *std_slot[TG3_STD_RING];
	unsigned int rx_posted, rx_lent;
	/* Closed with buffers still lent: free on last return. Owns memory, not a state. */
	bool rx_pool_orphaned;
	u16 std_prod;
	u16 ret_cons;

	/* Send ring. */
	struct netbuf *tx_frame[TG3_TX_RING]; /* set on each frame's last BD */
	u16 tx_prod, tx_cons;
	u64 tx_progress_ns; /* last completion, or when the ring became busy */
	/*
	 * Frames posted from inside our own poll (the stack answering what it
	 * received) whose producer index the chip has not been told yet: the
	 * poll writes the send mailbox once before it returns.
	 */
	bool tx_doorbell_pending;

	/* Interrupts. */
	struct irq_ladder irq; /* MSI, INTx or polling, and the lost-interrupt watchdog */
	u64 irq_test_before;   /* ctr.interrupts when the self-test forced an update */
	int irq_vector;
	/* A handler is installed on irq_vector: a resource held, in any state. */
	bool irq_requested;
	u16 msi_flags_saved;

	/* Life cycle (tg3_main.c). */
	enum tg3_state state;
	/*
	 * Inside tg3_poll(): a buffer the stack returns from within the poll
	 * must not schedule another. Where the CPU is, not what the adapter is.
	 */
	bool in_poll;
	/* The carrier as last told to the netdev: the wire's state, not ours. */
	bool link_up;
	u32 mac_mode;
	struct ktimer service_timer;
	struct ktimer reset_timer;

	/* The reset in progress (timer-driven in recovery, waited for otherwise). */
	enum tg3_reset_step reset_step;
	const char *reset_reason;
	u64 reset_deadline_ns; /* give up on the bootcode after this */
	u16 reset_saved_cmd;   /* PCI command and MSI flags the reset clears */
	u16 reset_saved_msi;

	struct tg3_counters ctr;
	struct tg3_hw_stats hw;
};

extern struct pci_driver tg3_pci_driver;

/* Register access: one uncached load or store, so inline (the per-frame mailboxes use it). */
static inline u32 tg3_read(struct tg3 *tp, u32 reg)
{
	return readl(tp->regs + reg);
}

static inline void tg3_write(struct tg3 *tp, u32 reg, u32 val)
{
	writel(val, tp->regs + reg);
}

/* tg3_hw.c */
void tg3_set_bits(struct tg3 *tp, u32 reg, u32 bits);
u32 tg3_sram_read(struct tg3 *tp, u32 addr);
void tg3_sram_write(struct tg3 *tp, u32 addr, u32 val);
int tg3_chip_reset(struct tg3 *tp);
void tg3_reset_assert(struct tg3 *tp);
void tg3_reset_restore(struct tg3 *tp);
bool tg3_reset_bootcode_ready(struct tg3 *tp);
void tg3_reset_complete(struct tg3 *tp);
int tg3_reset_wait(struct tg3 *tp);
void tg3_reset_give_up(struct tg3 *tp);
void tg3_hw_quiesce(struct tg3 *tp);
int tg3_read_mac_address(struct tg3 *tp);
int tg3_hw_start(struct tg3 *tp);
int tg3_hw_stop(struct tg3 *tp);
void tg3_irq_mask(struct tg3 *tp);
void tg3_irq_unmask(struct tg3 *tp);
void tg3_program_rx_filter(struct tg3 *tp);

/* tg3_phy.c */
int tg3_phy_read(struct tg3 *tp, u8 reg, u16 *val);
int tg3_phy_write(struct tg3 *tp, u8 reg, u16 val);
int tg3_phy_start(struct tg3 *tp);
void tg3_phy_resume(struct tg3 *tp);
void tg3_link_update(struct tg3 *tp);

/* tg3_rx.c */
int tg3_rx_pool_alloc(struct tg3 *tp);
void tg3_rx_pool_release(struct tg3 *tp);
void tg3_std_ring_format(struct tg3 *tp);
void tg3_rx_unpost_all(struct tg3 *tp);
void tg3_rx_refill(struct tg3 *tp);
int tg3_rx(struct tg3 *tp, int budget);

/* tg3_tx.c */
netdev_tx_t tg3_start_xmit(struct netbuf *nb, struct net_device *dev);
void tg3_tx_reclaim(struct tg3 *tp);
void tg3_tx_drop_all(struct tg3 *tp);
void tg3_tx_doorbell(struct tg3 *tp);
unsigned int tg3_tx_pending(const struct tg3 *tp);

/* tg3_irq.c */
void tg3_irq_init(struct tg3 *tp);
int tg3_irq_setup(struct tg3 *tp);
int tg3_irq_selftest(struct tg3 *tp);
void tg3_irq_start(struct tg3 *tp);
void tg3_irq_teardown(struct tg3 *tp);
const char *tg3_irq_mode_name(const struct tg3 *tp);
int tg3_poll(struct napi_struct *napi, int budget);

/* tg3_stats.c */
void tg3_stats_update(struct tg3 *tp);
int tg3_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max);
void tg3_get_stats(struct net_device *dev, struct net_device_stats *stats);

/* tg3_reset.c */
void tg3_schedule_reset(struct tg3 *tp, const char *why);
void tg3_reset_init(struct tg3 *tp);
int tg3_reset_finish_sync(struct tg3 *tp);
void tg3_watchdog(struct tg3 *tp);

/* tg3_main.c: the life cycle */
void tg3_set_state(struct tg3 *tp, enum tg3_state next);
const char *tg3_state_name(enum tg3_state st);
/* Rings and the receive pool belong to the interface (open to stop). */
bool tg3_is_up(const struct tg3 *tp);

/* tg3_main.c */
/* Probe steps a hosted test can make fail (tg3_probe_fail_at), in order. */
enum tg3_probe_step {
	TG3_PROBE_NONE,
	TG3_PROBE_ENABLE,   /* pci_enable_device */
	TG3_PROBE_MAP,	    /* BAR 0 mapping */
	TG3_PROBE_CHIP_ID,  /* ASIC revision check */
	TG3_PROBE_RESET,    /* core reset and bootcode handshake */
	TG3_PROBE_MAC,	    /* station address */
	TG3_PROBE_REGISTER, /* register_netdev */
	TG3_PROBE_STEPS,
};
#ifdef NAPKIN_HOSTED
extern enum tg3_probe_step tg3_probe_fail_at;
#endif
int tg3_rings_alloc(struct tg3 *tp);
void tg3_rings_free(struct tg3 *tp);

static inline const char *tg3_name(const struct tg3 *tp)
{
	return tp->netdev.name[0] ? tp->netdev.name : tp->pdev->name;
}

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/* Between the skge model's files only. */
#ifndef NAPKIN_TESTS_HOSTED_SKGE_MODEL_INTERNAL_H
#define NAPKIN_TESTS_HOSTED_SKGE_MODEL_INTERNAL_H

#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/tamper.h"
#include "tests/hosted/models/skge_model.h"
#include "tests/hosted/models/skge_model_regs.h"

#define SKM_NR_QUEUES 6
/*
 * What one received frame takes of the receive RAM buffer: the frame (with
 * its FCS) rounded up to the buffer's 8-byte words, plus one word of status
 * (UNVERIFIED: the chip's exact per-frame overhead is not published).
 */
#define SKM_RB_WORD 8
#define SKM_RB_FRAME_COST(len) \
	((((len) + 4 + SKM_RB_WORD - 1) & ~(u32)(SKM_RB_WORD - 1)) + SKM_RB_WORD)
#define SKM_MAX_FRAME	  9018
#define SKM_MAX_TX_FRAGS  64
#define SKM_MAX_RING_WALK 4096 /* descriptors skge_model_rx_buffers() follows at most */

/* Simulated durations. */
#define SKM_AUTONEG_NS (2000 * 1000 * 1000ull)
#define SKM_SMI_NS     (10 * 1000ull) /* one MDIO transaction */
#define SKM_DMA_NS     (2 * 1000ull)  /* a BMU reacting to a start */

/* Per-byte register kinds. */
enum skm_kind {
	SKM_UNKNOWN,
	SKM_PLAIN,   /* storage */
	SKM_RO,	     /* storage the driver may only read */
	SKM_SPECIAL, /* handled by the block's code */
};

struct skm_frame {
	struct skm_frame *next; /* in the receive RAM buffer */
	u32 len;
	u8 data[SKM_MAX_FRAME];
};

/* A descriptor the chip owns, as it was when first seen owned (skge_model_own.c). */
#define SKM_WATCH_MAX 1024
struct skm_watch {
	u32 da;
	u8 raw[SKR_DESC_SIZE];
};

struct skm_queue {
	u16 base;
	unsigned int port;
	bool rx;
	const char *name;
	/* Owned descriptors in chip order; kept apart from what a reset clears. */
	struct skm_watch watch[SKM_WATCH_MAX];
	unsigned int watch_head, nwatch;
	u32 sm_running; /* which of the seven reset pairs are released */
	bool started;	/* a start is in force (cleared by stop/reset) */
	bool idle;	/* met a descriptor it does not own (or never fetched) */
	bool kick;	/* transmit: a start is waiting to be acted on */
	bool stop_seen; /* STOP written since the last start: the driver takes all back */
	u32 da_lo, da_hi;
	bool da_written; /* since the last reset */
	u32 desc_copy[8];
	bool eof_irq;
	unsigned int starts_to_lose;
};

struct skm_rambuf {
	u32 start, end, wp, rp, thr[4];
	bool in_reset; /* RB_RST_SET in force */
	bool on;
	u8 bounds_written; /* bit 0 start, 1 end, 2 wp, 3 rp */
	u8 ctrl_bits;	   /* store-and-forward, last written */
};

#define SKM_DSP_SLOTS 8

struct skm_phy {
	bool in_reset; /* held by GPIO (Genesis) or GPHY_CTRL (Yukon) */
	u16 bmcr, anar, gtcr, pctrl, ext_ctrl, aux_ctrl, int_mask, int_stat, page;
	u16 lpa, gtsr;
	bool link;
	bool link_dropped; /* latched-low link bit reads 0 once */
	bool an_complete;
	u64 an_done_at;	   /* 0: not negotiating */
	bool awaits_cable; /* ready to negotiate, no carrier yet */
	u32 speed;
	bool full;
	/* BCM5400: the DSP coefficients written since the last reset (SKM_DSP_SLOTS at most). */
	u16 dsp_addr;
	unsigned int nr_dsp;
	struct {
		u16 addr, val;
	} dsp[SKM_DSP_SLOTS];
	bool slave_fails; /* C5 erratum 1: negotiation never completes */
};

struct skm_port {
	struct skge_model *m;
	unsigned int idx;
	char name[48];
	struct hosted_port hp;
	struct skm_queue *rxq, *txs, *txa;

	/* MAC block state. */
	bool mac_reset; /* XMAC (TX_MFF_CTRL1) or GMAC (GMAC_CTRL) reset in force */
	bool link_ctrl_reset;
	bool rx_fifo_reset, tx_fifo_reset;
	bool rx_fifo_on, tx_fifo_on;
	bool tx_arbiter_on;		  /* TXA_CTRL */
	u16 mac_regs[SKR_MAC_WINDOW / 2]; /* the 16-bit MAC register file */
	u8 gmac_irq_src, gmac_irq_msk;
	u16 xm_isr; /* latched XMAC interrupt sources */

	/* PHY access through the MAC. */
	u64 mdio_busy_until;
	bool mdio_read_valid;
	bool smi_dead; /* fault: SMI commands are never taken, the controller stays busy */
	u16 mdio_data;
	struct skm_phy phy;

	/*
	 * Frames from the wire not yet written to host memory, held in the
	 * port's receive RAM buffer: at most its programmed size in bytes.
	 */
	struct skm_frame *rb_head, *rb_tail;
	u32 rb_used; /* bytes, SKM_RB_FRAME_COST per frame */

	/* Faults. */
	unsigned int rx_error_frames;
	u64 flap_until; /* link flap: the PHY sees no carrier before this; 0: none */
	bool (*napi_scheduled)(void *ctx);
	void *napi_ctx;

	struct skge_model_port_counters ctr;
};

struct skge_model {
	struct hosted_device dev;
	const struct hosted_tamper *tamper; /* fuzzing: a hostile chip (tests/hosted/tamper.h) */
	struct hosted_pci_fn *pci;
	char name[40];
	enum skge_model_chip chip;
	u8 chip_id, chip_rev;
	unsigned int nports;
	u32 ram_size; /* bytes */
	u32 ticks_per_us;
	u64 autoneg_ns;
	u16 bcom_id1;
	u32 hwe_stuck;	      /* fault: these hardware-error sources come back after a clear */
	bool lite_a0;	      /* top byte of B2_FAR writable, receive FIFO flush forbidden */
	bool coma;	      /* Yukon-Lite A3+: PHYs powered down until GPIO 9 is pulsed */
	bool coma_pin_high;   /* GPIO 9 driven high ... */
	bool coma_reset_seen; /* ... and a PHY put in reset meanwhile */

	u8 regs[SKR_BAR_SIZE];
	u8 kind[SKR_BAR_SIZE];

	/* Block 0. */
	bool sw_reset, master_reset;
	bool sw_irq;
	u32 imsk, hwe_isrc, hwe_imsk;
	bool read_masked; /* SP_ISRC was read; INTx held off until IMSK is written */
	bool intx;
	u32 asserted_for; /* sources the line was last raised for */
	unsigned int irqs_to_lose;
	bool lost_latched;
	bool cfg_write_on;

	/* Interrupt moderation. */
	u32 irqm_ini, irqm_msk;
	bool irqm_running;
	u64 irqm_next;
	u32 irqm_released; /* moderated sources let through at the last expiry */
	u32 irqm_seen;	   /* moderated sources pending as of the last interrupt update */

	/* Blocks 3/4/5 resets. */
	bool ri_reset, ma_reset, pa_reset;

	struct skm_queue q[SKM_NR_QUEUES];
	struct skm_rambuf rb[SKM_NR_QUEUES];
	struct skm_port port[2];

	struct skge_model_counters ctr;
	struct skm_frame scratch;
};

/* skge_model.c */
void skm_fail(struct skge_model *m, const char *fmt, ...) __printf(2, 3);
/* Act on a set/clear pair: +1 set, -1 clear, 0 neither; both fail the test. */
int skm_pair(struct skge_model *m, u32 val, u32 set, u32 clr, const char *what);
void skm_define(struct skge_model *m, u32 off, u32 len, enum skm_kind kind);
u32 skm_get(const struct skge_model *m, u32 off, unsigned int size);
void skm_put(struct skge_model *m, u32 off, unsigned int size, u32 val);
u32 skm_isrc(const struct skge_model *m);
void skm_update_irq(struct skge_model *m);
bool skm_is_genesis(const struct skge_model *m);
void skm_gpio_written(struct skge_model *m);
void skm_coma_phy_reset(struct skge_model *m, unsigned int port, bool reset);

/* skge_model_bmu.c */
void skm_bmu_init(struct skge_model *m);
/* skge_model_own.c: the owned descriptors of a queue, checked every BMU tick. */
void skm_own_scan(struct skge_model *m, struct skm_queue *q, bool running);
void skm_own_release(struct skge_model *m, struct skm_queue *q, u32 da);
void skm_own_clear(struct skge_model *m, struct skm_queue *q);
bool skm_owns_descriptors(const struct skm_queue *q);
void skm_bmu_reset(struct skge_model *m);
u32 skm_bmu_read(struct skge_model *m, u32 off, unsigned int size);
void skm_bmu_write(struct skge_model *m, u32 off, unsigned int size, u32 val);
u32 skm_rb_read(struct skge_model *m, u32 off, unsigned int size);
void skm_rb_write(struct skge_model *m, u32 off, unsigned int size, u32 val);
/* A hardware-error source cleared at its block (stuck ones come back). */
void skm_hwe_clear(struct skge_model *m, u32 sources);
void skm_csr_write(struct skge_model *m, struct skm_queue *q, u32 val);
u32 skm_csr_read(const struct skge_model *m, const struct skm_queue *q);
u64 skm_bmu_tick(struct skge_model *m, u64 now);
void skm_rx_enqueue(struct skm_port *p, const u8 *frame, u32 len);
void skm_rx_flush(struct skm_port *p);
u32 skm_queue_sources(const struct skge_model *m);

/* skge_model_mac.c: what both MACs share (filter, receive status). */
bool skm_mac_accepts(struct skm_port *p, const u8 *frame, u32 len);
bool skm_mac_rx_enabled(const struct skm_port *p);
bool skm_mac_tx_enabled(const struct skm_port *p);
bool skm_mac_keeps_fcs(const struct skm_port *p);
u32 skm_fcs(const u8 *frame, u32 len);
u32 skm_mac_rx_status(struct skm_port *p, const u8 *frame, u32 len, bool truncated, bool bad_fcs);
void skm_mac_count_tx(struct skm_port *p, const u8 *frame, u32 len);
void skm_mac_count_rx_overflow(struct skm_port *p);
u32 skm_mac_sources(const struct skge_model *m);

/* skge_model_xmac.c (Genesis) */
void skm_xmac_map(struct skge_model *m);
void skm_xmac_reset(struct skm_port *p);
u32 skm_xmac_read(struct skm_port *p, u32 off, unsigned int size);
void skm_xmac_write(struct skm_port *p, u32 off, unsigned int size, u32 val);
u32 skm_xfifo_read(struct skm_port *p, u32 off, unsigned int size);
void skm_xfifo_write(struct skm_port *p, u32 off, unsigned int size, u32 val);
void skm_xmac_gpio_changed(struct skge_model *m);

/* skge_model_gmac.c (Yukon) */
void skm_gmac_map(struct skge_model *m);
void skm_gmac_reset(struct skm_port *p, bool power_on);
u32 skm_gmac_read(struct skm_port *p, u32 off, unsigned int size);
void skm_gmac_write(struct skm_port *p, u32 off, unsigned int size, u32 val);
u32 skm_gctl_read(struct skm_port *p, u32 off, unsigned int size);
void skm_gctl_write(struct skm_port *p, u32 off, unsigned int size, u32 val);

/* skge_model_phy.c: both PHYs' common MII behaviour, autonegotiation. */
void skm_phy_reset(struct skm_port *p);
u16 skm_phy_read(struct skm_port *p, unsigned int reg);
void skm_phy_write(struct skm_port *p, unsigned int reg, u16 val);
void skm_phy_link_changed(struct skm_port *p);
bool skm_carrier(const struct skm_port *p);
u64 skm_phy_tick(struct skm_port *p, u64 now);
u32 skm_phy_advertise(struct skm_port *p);

#endif

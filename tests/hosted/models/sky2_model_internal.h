/* SPDX-License-Identifier: BSD-2-Clause */
/* Between the sky2 model's files only. */
#ifndef NAPKIN_TESTS_HOSTED_SKY2_MODEL_INTERNAL_H
#define NAPKIN_TESTS_HOSTED_SKY2_MODEL_INTERNAL_H

#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/tamper.h"
#include "tests/hosted/models/sky2_model.h"
#include "tests/hosted/models/sky2_model_regs.h"

#define YM_AUTONEG_NS	  (2000 * 1000 * 1000ull)
#define YM_SMI_BUSY_POLLS 3 /* SMI control reads that still see BUSY */
/*
 * Receive store per port: the RAM buffer's receive part on chips with one
 * (its size as the driver set RB_START/RB_END), else the MAC's receive FIFO.
 * YM_RX_SLOTS only bounds the frames tracked; bytes decide when it is full.
 */
#define YM_RX_SLOTS 512
/* UNVERIFIED: the MAC receive FIFO's size is not in the published facts; 4 KiB
 * leaves a whole frame above the 1 KiB pause threshold drivers program. */
#define YM_MAC_RX_FIFO_BYTES 4096
#define YM_MAX_FRAME	     9022
/* A large send's whole frame (a 64 KiB IP datagram and its Ethernet header), and room for a tag. */
#define YM_TX_BUF_BYTES (65536 + 64)
#define YM_RAM_KB_XL	48 /* B2_E_0 * 4 KiB on the XL model */

enum ym_queue_id { YM_QR1, YM_QR2, YM_QXA1, YM_QXA2, YM_NQUEUES };

struct ym_frame {
	u32 len;
	u8 data[YM_MAX_FRAME];
};

/* One simulated timer counting core-clock ticks. */
struct ym_timer {
	u32 ini;
	bool running;
};

struct ym_queue {
	const char *name;
	u32 base; /* YM_Q_R1 .. YM_Q_XA2 */
	unsigned int port;
	bool tx;
	/* BMU */
	bool bmu_reset, bmu_op, fifo_ena, fifo_op, started, rx_csum;
	u32 wm, al, flags;
	bool chk_irq; /* descriptor check interrupt latched */
	/* Prefetch unit */
	bool pref_reset, pref_on;
	u32 last_idx, get, put;
	u64 ring;
	u32 addr_hi; /* ADDR64 high half for the LEs that follow */
	u32 fifo_wm;
	bool halted; /* stopped by a bad LE until the prefetch unit is reset */
	/*
	 * What the prefetch unit read of each LE when PUT moved past it: the
	 * engines use this copy, as the chip uses its prefetch FIFO.
	 */
	u8 fetched[YM_PREF_IDX_MASK + 1][YM_LE_SIZE];
	/* Transmit: LEs of the frame being gathered */
	u32 tx_len;
	bool tx_bad;
	u8 tx_buf[YM_TX_BUF_BYTES];
	u8 tx_ctrl;    /* ctrl of the frame's PACKET LE */
	bool tx_large; /* the frame began with LARGESEND */
	u32 tso_len;   /* last LRGLEN (frame bytes) or MSS (payload bytes) */
	bool tso_is_mss;
	u16 vlan_tag; /* last tag a VLAN LE carried, host order */
	/* Checksum offload (sky2_model_csum.c) */
	u32 csum_start, csum_write, csum_init;
	u32 rx_start[2];
	bool rx_start_set;
	/* RAM buffer (XL) */
	bool rb_reset, rb_on;
	u32 rb[10]; /* START .. LEV, by offset / 4 */
	u8 rb_ctrl;
};

struct ym_phy {
	u16 bmcr, adv, gtcr, lpa, gtsr;
	u16 spec_ctrl, int_mask, int_stat, ext_ctrl, led_ctrl, led_over, ext_ctrl2, fe_spec2;
	u16 page, fe_led_par;
	u16 paged[8][32]; /* other pages: accepted and stored */
	bool link, an_done;
	bool mode_mismatch_reported; /* GMAC forced to another speed/duplex */
	u64 an_done_at;		     /* 0: not negotiating */
	u32 speed;
	bool full;
};

struct ym_port {
	struct hosted_port hp;
	struct sky2_model *m;
	unsigned int idx;
	char name[48];
	struct ym_queue *rxq, *txq;
	/* Per-port control block */
	bool gmac_reset, gphy_reset, link_reset;
	u32 gmac_ctrl, gphy_ctrl;
	u8 gmac_irq_src, gmac_irq_msk;
	/* MAC FIFOs */
	bool rxf_reset, txf_reset, rxf_on, txf_on;
	u32 rxf_ctrl, txf_ctrl;
	u32 rxf_regs[8], txf_regs[8];
	u8 link_led;
	bool vlan_strip, vlan_tag_on; /* Rx/Tx FIFO VLAN modes */
	/* GMAC 16-bit registers 0x00..0x5C by offset / 4 */
	u16 gm[0x60 / 4];
	u16 smi_ctrl, smi_data, phy_addr_reg;
	unsigned int smi_busy_polls;
	u64 smi_busy_until;
	bool smi_read_pending;
	u32 mib[YM_GM_MIB_COUNT];
	u32 mib_hi_latch;
	unsigned int mib_latched; /* counter index + 1 of the latch, 0: none */
	struct ym_phy phy;
	/* Frames from the wire waiting for the receive engine */
	struct ym_frame *rx_fifo[YM_RX_SLOTS];
	unsigned int rx_head, rx_count;
	u32 rx_level;	/* bytes of them in the receive store */
	bool rx_paused; /* PAUSE sent: above the upper threshold, not yet below the lower */
	bool pause_mismatch_reported;
	/* Faults */
	unsigned int fault_rx_err_frames, fault_trunc_frames;
	u32 fault_rx_err_bits;
};

struct sky2_model {
	struct hosted_device dev;
	const struct hosted_tamper *tamper; /* fuzzing: a hostile chip (tests/hosted/tamper.h) */
	struct hosted_pci_fn *pci;
	char name[32];
	enum sky2_model_chip chip;
	u8 chip_id, chip_rev;
	unsigned int nports, core_mhz;
	bool has_ram_buffer, new_le;
	u8 mac[2][6];
	u8 msi_cap;

	/* Block 0 */
	bool sw_reset, master_reset;
	u16 ctst_state; /* the "on" halves of the LED/CLKRUN/ASF/WOL pairs */
	u8 power_ctrl;
	u32 imsk, hwe_isrc, hwe_imsk;
	bool sw_irq, timer_irq;
	unsigned int sw_irq_reads; /* masking ISR reads in a row that showed it, uncleared */
	bool irq_masked;	   /* by a read of SP_ISRC2/EISR, until ICR=2 or LISR */
	bool irq_out;		   /* the interrupt as the chip drives it */
	bool edge_lost;		   /* the current assertion was eaten by a fault */
	/* Block 2 */
	u8 tst_ctrl1, clk_gate, tst_ctrl2;
	u32 clk_ctrl, gp_io;
	struct ym_timer timer, irqm;
	u64 timer_due;
	u32 irqm_msk, irqm_hwe_msk;
	u64 irqm_next; /* moderation: no interrupt from masked sources before */
	u8 ri_timeouts[2][12];
	u16 ri_ctrl[2];
	u32 asf_stat, asf_host;
	u32 txa[2][4];	/* Tx arbiter timers/limits */
	u8 txa_ctrl[2]; /* arbiter on (bit 1) */
	u32 dpt_ini, pex_phy;
	/* Chip registers in configuration space */
	u32 cfg_our[14]; /* 0x40 0x44 0x80 0x84 0x88 0x90..0xA8 0xBC, then 0x7C (read-only) */
	u32 aer[16];
	u32 psm_cfg[3]; /* Optima: PSM_CONFIG_REG2..4 */
	u32 rss_key[2][YM_RSS_KEY_DWORDS], rss_cfg[2];

	/* Status unit */
	bool su_reset, su_on;
	u64 su_ring;
	u32 su_last_idx, su_put, su_tx_th;
	u8 su_wm, su_isr_wm;
	struct ym_timer lev_timer, tx_timer, isr_timer;
	bool stat_irq;	       /* STAT_BMU pending */
	u32 unsignalled;       /* LEs written since the last raise or clear */
	u64 first_unsignalled; /* when the oldest of them was written */
	u64 last_clear;	       /* last STAT_CTRL clear-IRQ */
	u32 tx_done[2];	       /* transmit GET as last seen by the status unit */
	u32 tx_reported[2];    /* last reported */
	u64 tx_first_unreported[2];

	struct ym_queue q[YM_NQUEUES];
	struct ym_port port[2];

	/* Faults and checks */
	unsigned int fault_irq_lost;
	bool fault_msi_lost;
	bool (*napi_scheduled)(void *ctx);
	void *napi_ctx;

	struct sky2_model_counters ctr;
	struct ym_frame scratch;
};

/* sky2_model.c */
void ym_fail(struct sky2_model *m, const char *fmt, ...) __printf(2, 3);
u64 ym_ticks_to_ns(const struct sky2_model *m, u32 ticks);
bool ym_pairs_conflict(struct sky2_model *m, const char *reg, u32 val, u32 pairs_low);

/* sky2_model_ctrl.c */
u32 ym_sources(struct sky2_model *m);
void ym_update_irq(struct sky2_model *m);
void ym_chip_reset(struct sky2_model *m);
/* Bit n set: byte n of the dword is accessed. */
u32 ym_byte_enables(u32 off, unsigned int size);
bool ym_cfg_read(void *model, u16 off, unsigned int size, u32 *val);
bool ym_cfg_write(void *model, u16 off, unsigned int size, u32 val);
void ym_cfg_written(void *model, u16 off, unsigned int size, u32 val);
u32 ym_mirror_read(struct sky2_model *m, u32 cfg_off);
void ym_mirror_write(struct sky2_model *m, u32 cfg_off, u32 val, u32 be);
bool ym_b0_read(struct sky2_model *m, u32 dw, u32 *val);
bool ym_b0_write(struct sky2_model *m, u32 dw, u32 val, u32 be);
bool ym_b2_read(struct sky2_model *m, u32 dw, u32 be, u32 *val);
bool ym_b2_write(struct sky2_model *m, u32 dw, u32 val, u32 be);
/* val for reads, wval for writes */
bool ym_txa_access(struct sky2_model *m, u32 dw, u32 *val, u32 wval, u32 be, bool write);
bool ym_timers_access(struct sky2_model *m, u32 dw, u32 *val, u32 wval, u32 be, bool write);
bool ym_ri_access(struct sky2_model *m, u32 dw, u32 *val, u32 wval, u32 be, bool write);

/* sky2_model_queue.c */
void ym_queue_init(struct sky2_model *m);
void ym_queue_chip_reset(struct sky2_model *m);
/*
 * Register handlers take the dword offset, the value shifted into its byte
 * lanes and the byte enables (bit n: byte n written or read). They return
 * false for a register they do not know.
 */
bool ym_queue_read(struct sky2_model *m, u32 dw, u32 be, u32 *val);
bool ym_queue_write(struct sky2_model *m, u32 dw, u32 val, u32 be);
bool ym_rb_read(struct sky2_model *m, u32 dw, u32 be, u32 *val);
bool ym_rb_write(struct sky2_model *m, u32 dw, u32 val, u32 be);
u64 ym_queue_tick(struct sky2_model *m, u64 now);
unsigned int ym_rx_buffers(const struct sky2_model *m, const struct ym_queue *q);
void ym_rx_enqueue(struct ym_port *p, const u8 *frame, u32 len);
/* Flow control towards the wire: false while the port has sent PAUSE. */
bool ym_rx_can_receive(struct ym_port *p);
/* The receive store emptied (FIFO or GMAC reset): frames in it are gone. */
void ym_rx_flush(struct ym_port *p);
void ym_bad_le(struct sky2_model *m, struct ym_queue *q, const char *fmt, ...) __printf(3, 4);

/* sky2_model_csum.c */
void ym_csum_le(struct ym_queue *q, u8 op, u32 addr, u16 len);
void ym_csum_tx(struct sky2_model *m, struct ym_queue *q, u8 *frame, u32 len);
/* May put an RXCHKS LE or add to css; false if the status ring refused it. */
bool ym_csum_rx(struct sky2_model *m, struct ym_queue *q, const u8 *frame, u32 len, u8 *css);

/* sky2_model_status.c */
void ym_status_chip_reset(struct sky2_model *m);
bool ym_status_read(struct sky2_model *m, u32 dw, u32 be, u32 *val);
bool ym_status_write(struct sky2_model *m, u32 dw, u32 val, u32 be);
bool ym_status_put(struct sky2_model *m, u32 status, u16 len, u8 css, u8 opcode);
void ym_status_tx_done(struct sky2_model *m, unsigned int port, u32 get);
u64 ym_status_tick(struct sky2_model *m, u64 now);

/* sky2_model_phy.c */
void ym_port_chip_reset(struct ym_port *p);
void ym_phy_power_on(struct ym_port *p);
/* reg: the port-1 offset of the dword (0x0C40.., 0x0F00..) */
bool ym_port_ctrl_read(struct ym_port *p, u32 reg, u32 be, u32 *val);
bool ym_port_ctrl_write(struct ym_port *p, u32 reg, u32 val, u32 be);
/* GMAC: reg relative to the GMAC base, 16-bit accesses only */
bool ym_gmac_read(struct ym_port *p, u32 reg, u16 *val);
bool ym_gmac_write(struct ym_port *p, u32 reg, u16 val);
u64 ym_phy_tick(struct ym_port *p, u64 now);
void ym_phy_link_changed(struct ym_port *p);
u32 ym_phy_advertise(struct ym_port *p);
bool ym_phy_irq(const struct ym_port *p);
bool ym_mac_accepts(struct ym_port *p, const u8 *frame, u32 len);
void ym_mib_count(struct ym_port *p, bool tx, const u8 *frame, u32 len);
bool ym_mac_rx_on(struct ym_port *p);
bool ym_mac_tx_on(struct ym_port *p);
void ym_pause_resolved(const struct ym_port *p, bool *we_send, bool *we_obey);
bool ym_mac_sends_pause(struct ym_port *p);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/* Between the tg3 model's files only. */
#ifndef NAPKIN_TESTS_HOSTED_TG3_MODEL_INTERNAL_H
#define NAPKIN_TESTS_HOSTED_TG3_MODEL_INTERNAL_H

#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/tamper.h"
#include "tests/hosted/models/tg3_model.h"
#include "tests/hosted/models/tg3_model_regs.h"

/* Register BAR and the part of NIC memory the model keeps. */
#define TM_REGS_SIZE 0x8000u
#define TM_SRAM_SIZE 0x1000u

/* Timing, in simulated time. */
/*
 * No register cycles right after a core reset. The chip answers within
 * 120 us (Linux tg3_chip_reset reads config space then, and writes
 * registers after another 120 us); the model refuses only the first 20 us,
 * so that a guest's delay loops under QEMU's TCG, which run short when the
 * host is busy, are not taken for a driver that does not wait at all.
 */
#define TM_RESET_QUIET_NS (20 * 1000ull)
#define TM_BOOT_NS	  (30 * 1000 * 1000ull)	  /* bootcode run after a reset */
#define TM_AUTONEG_NS	  (2000 * 1000 * 1000ull) /* autonegotiation */
#define TM_MDIO_NS	  (5 * 1000ull)		  /* one MDIO transaction */
#define TM_PHY_KEPT	  32 /* DSP and clause 45 registers the PHY remembers */
/* One VPD read from NVRAM (UNVERIFIED: plausible for a SPI flash fetch of four bytes). */
#define TM_VPD_NS    (20 * 1000ull)
#define TM_VPD_IMAGE 128 /* bytes of VPD the model holds; the rest reads erased */

#define TM_RX_FIFO 256 /* frames the MAC buffers before it drops */
/*
 * Flow control (MAC_TX_MODE): the MAC asks its partner to pause (XOFF) when
 * this many frames wait and lets it go on (XON) when the backlog is down to
 * the second figure. UNVERIFIED: the chip derives them from its mbuf
 * watermarks (BMAN_MACRX_LOWAT/HIWAT), which the model does not keep.
 */
#define TM_RX_XOFF_AT		  192
#define TM_RX_XON_AT		  64
#define TM_MAX_FRAME		  9022
#define TM_MAX_SEND_BDS_PER_FRAME 64

struct tm_frame {
	u32 len;
	u8 data[TM_MAX_FRAME];
};

/* A send frame before TSO cuts it: IP's 64 KiB plus the Ethernet header. */
#define TM_MAX_TSO_FRAME (65536 + 14)
struct tm_tx_frame {
	u32 len;
	u8 data[TM_MAX_TSO_FRAME];
};

struct tm_ring {
	u64 host;
	u32 entries;
	u32 max_len; /* standard ring: buffer size from the RCB */
	bool valid;  /* programmed and not disabled */
};

struct tm_phy {
	u16 bmcr, anar, gtcr;
	u16 lpa, gtsr;	   /* partner abilities as negotiated */
	bool link;	   /* current */
	bool link_dropped; /* latched: BMSR reads 0 once */
	bool an_complete;
	u64 an_done_at; /* 0: not negotiating */
	u32 speed;
	bool full;
	/* Broadcom vendor registers (tg3_model_phy.c): kept, the status ones computed. */
	u16 ext_ctrl, dsp_addr, dsp_ctrl, imask, istat, test1;
	u16 aux_ctrl[8], aux_rdsel;
	u16 misc_shdw[32], misc_rdsel;
	u16 mmd_ctrl, mmd_addr;
	u16 dsp[TM_PHY_KEPT];
	u16 dsp_at[TM_PHY_KEPT];
	unsigned int ndsp;
	u16 mmd[TM_PHY_KEPT];
	u32 mmd_at[TM_PHY_KEPT];
	unsigned int nmmd;
};

/* What differs between the chips the model plays. */
struct tm_variant {
	const char *name;
	u16 device_id;
	u32 chip_id;
	u16 prodid_cfg; /* config offset of the chip ID register */
	unsigned int send_rcbs, ret_rcbs;
	u32 ret_max;	      /* return ring entries at most */
	u32 std_max;	      /* standard ring entries at most */
	u32 std_nic_addr;     /* where the standard ring's descriptors live in NIC memory */
	bool std_rcb_buf_len; /* the standard RCB carries the buffer size (5717 family) */
	bool ape;	      /* management processor BAR */
	u16 phy_id1, phy_id2; /* the integrated PHY's MII identifier */
	u16 tso_mss_mask;     /* the MSS bits of a send BD's MSS field */
};

struct tg3_model {
	struct hosted_device dev;
	const struct hosted_tamper *tamper; /* fuzzing: a hostile chip (tests/hosted/tamper.h) */
	const struct tm_variant *var;
	struct hosted_port port;
	struct hosted_pci_fn *pci;
	char name[40];
	u32 chip_id;
	u8 mac[6];
	u8 fn;
	u8 msi_cap;

	/* Chip registers in config space. */
	u32 mhc; /* misc host control, bits 15:0 */
	u32 dma_rw_ctrl;
	u32 mem_win_base;
	u32 reg_base;

	/* Register file and NIC memory. */
	u32 regs[TM_REGS_SIZE / 4];
	u32 sram[TM_SRAM_SIZE / 4];

	/* Reset and bootcode. */
	u64 quiet_until;
	u64 boot_done_at; /* 0: bootcode idle (finished) */
	bool boot_hang;
	bool magic_seen; /* driver wrote the mailbox magic since the last reset */

	/* Rings: control blocks as decoded, indices. */
	struct tm_ring send, std, ret;
	u32 send_prod, send_cons;
	u32 std_prod, std_cons;
	u32 ret_prod, ret_cons;
	u32 rx_buffers_posted_since_reset;
	/* Descriptors as they were when their producer index was written. */
	struct bgem_send_bd send_posted[BGEM_RCB_MAX_SEND];
	struct bgem_rx_bd std_posted[BGEM_RCB_MAX_STD];
	bool std_full_reported; /* a whole ring behind producer == consumer, said once */

	/* Interrupts. */
	u32 mbox_irq0;
	u32 mbox_irq[BGEM_MBOX_IRQ_COUNT]; /* 1..4: the RSS vectors' masks, kept */
	bool hc_pending;		   /* status updated, not yet acknowledged */
	u32 sb_tag;			   /* tagged status: the last tag written */
	bool sb_tag_valid;
	bool msi_sent_for_pending;
	bool intx_level;

	/* Host coalescing. */
	u32 rx_events, tx_events;
	u64 rx_first_ns, tx_first_ns;
	bool coal_now;
	bool sb_link_changed;
	bool sb_error;

	/* MAC and PHY. */
	struct tm_phy phy;
	u64 mdio_done_at; /* 0: idle */
	bool mi_link;	  /* what autopoll last saw */
	bool port_mismatch_reported;

	/* Received frames waiting for the receive engine. */
	struct tm_frame *rx_fifo[TM_RX_FIFO];
	unsigned int rx_head, rx_count;

	/* Faults. */
	unsigned int fault_rx_errors;
	u16 fault_rx_error_bits;
	unsigned int fault_no_buffer;
	bool fault_tx_stuck;
	bool fault_msi_lost;
	bool fault_dma_error;
	/* Flow control (tg3_model_engine.c). */
	bool xoff_sent;	     /* the partner was asked to pause: the wire holds frames */
	u64 tx_paused_until; /* a received PAUSE holds the send engine until then */
	unsigned int fault_irqs_to_lose;
	bool irq_lost_latched; /* an interrupt was dropped: none until the next acknowledge */
	u64 flap_until;	       /* link flap: the PHY sees no carrier before this; 0: none */
	bool tx_halted;	       /* after a DMA error or bad BD, until reset */
	bool rx_halted;

	/* NVRAM arbitration and the APE (tg3_model_aux.c). */
	u32 nv_swarb;
	u32 ape_grant[BGEM_APE_LOCKS];
	u32 ape_gpio_msg;
	u32 ape_shmem[BGEM_APE_SHMEM_SIZE / 4];

	/* PCI VPD capability (tg3_model_vpd.c). */
	u8 vpd_cap;
	u16 vpd_addr; /* address and completion flag, as the driver reads them */
	u32 vpd_data;
	u64 vpd_done_at; /* 0: no read under way */
	unsigned int vpd_len;
	u8 vpd_image[TM_VPD_IMAGE];

	struct tg3_model_counters ctr;
	struct tm_tx_frame scratch;
};

/* tg3_model.c */
void tm_violation(struct tg3_model *m, const char *fmt, ...) __printf(2, 3);
u32 tm_reg(const struct tg3_model *m, u32 off);
void tm_reg_set(struct tg3_model *m, u32 off, u32 val);
bool tm_block_on(const struct tg3_model *m, u32 mode_reg);
void tm_stat_add(struct tg3_model *m, u32 off, u32 n);

/* tg3_model_aux.c */
bool tm_nvram_read(struct tg3_model *m, u32 off, u32 *val);
bool tm_nvram_write(struct tg3_model *m, u32 off, u32 val);
void tm_nvram_reset(struct tg3_model *m);
u32 tm_ape_read(struct tg3_model *m, u32 off);
void tm_ape_write(struct tg3_model *m, u32 off, u32 val);

/* tg3_model_vpd.c */
void tm_vpd_init(struct tg3_model *m, u8 cap);
void tm_vpd_reset(struct tg3_model *m);
bool tm_vpd_cfg_read(struct tg3_model *m, u16 off, unsigned int size, u32 *val);
bool tm_vpd_cfg_write(struct tg3_model *m, u16 off, unsigned int size, u32 val);

/* tg3_model_phy.c */
void tm_phy_reset(struct tg3_model *m);
void tm_phy_link_changed(struct tg3_model *m);
bool tm_carrier(const struct tg3_model *m);
u64 tm_phy_tick(struct tg3_model *m, u64 now);
void tm_mi_comm_write(struct tg3_model *m, u32 val);
u32 tm_port_advertise(struct tg3_model *m);

/* tg3_model_engine.c */
void tm_update_irq(struct tg3_model *m);
void tm_irq_ack(struct tg3_model *m, u32 val);
void tm_attention(struct tg3_model *m);
u64 tm_engine_tick(struct tg3_model *m, u64 now);
void tm_rx_enqueue(struct tg3_model *m, const u8 *frame, u32 len);
void tm_rx_flush(struct tg3_model *m);
bool tm_rx_can_receive(const struct tg3_model *m);
bool tm_rx_pause_frame(struct tg3_model *m, const u8 *frame, u32 len);
void tm_mailbox_write(struct tg3_model *m, u32 off, u32 val);

#endif

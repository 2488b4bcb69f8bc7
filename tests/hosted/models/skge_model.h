/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A register-level model of a SysKonnect/Marvell "skge" controller: a
 * conventional PCI chip, Genesis (XMAC II MAC, external BCM5400 PHY reached
 * through the XMAC) or Yukon (GMAC, Marvell PHY over SMI), with one or two
 * ports behind one shared INTx line (no MSI). Written from the published
 * facts (../shared/reference/nic-facts-yukon-bcm.md and its sources), never
 * from napkin's driver: this model includes nothing from drivers/skge/.
 * See README.md in this folder for what it implements and how strict it is.
 */
#ifndef NAPKIN_TESTS_HOSTED_SKGE_MODEL_H
#define NAPKIN_TESTS_HOSTED_SKGE_MODEL_H

#include "kernel/core/compiler.h"

struct skge_model;
struct hosted_port;
struct hosted_pci_fn;

enum skge_model_chip {
	SKGE_MODEL_GENESIS, /* chip ID 0x0A: XMAC II + BCM5400 copper PHY */
	SKGE_MODEL_YUKON,   /* chip ID 0xB0: GMAC + Marvell PHY */
	/*
	 * chip ID 0xB1: the Yukon-Lite; from revision 7 (A3) its PHY starts
	 * powered down ("COMA") and leaves that only if GPIO 9 is driven high
	 * across the PHY's reset and low again after it.
	 */
	SKGE_MODEL_YUKON_LITE,
	SKGE_MODEL_UNKNOWN, /* a chip ID neither family has: a driver must refuse it */
};

struct skge_model_config {
	u8 bus, dev, fn;
	enum skge_model_chip chip;
	u8 chip_rev;
	/*
	 * SKGE_MODEL_YUKON only: a Yukon-Lite A0, which carries the Yukon's chip
	 * ID and shows itself by a writable top byte of B2_FAR; its receive
	 * FIFO must not be switched to flush mode.
	 */
	bool lite_a0;
	unsigned int ports; /* 1 or 2; 0: 1 */
	u16 vendor, device; /* PCI IDs; 0: SysKonnect 0x4300 (Genesis) / 0x4320 (Yukon) */
	u16 subvendor, subdevice;
	u8 mac[2][6]; /* station addresses the EEPROM load left in the chip */
	u8 irq_line;  /* INTx GSI; 0: 16. Another function may share it. */
	/*
	 * Genesis: the board's SRAM as B2_E_0 gives it (0: SKGE_GENESIS_RAM_512K).
	 * Linux's skge reads every code but 3 as that many 512-byte units (the
	 * vendor's sk98lin counted KiB), so only on a 1024K_64 board does it
	 * program a usable receive RAM buffer; napkin-skge defaults to that board.
	 */
	u8 genesis_ram;
	/*
	 * Genesis copper: the BCM5400's PHY ID1, which names its revision
	 * (SKR_BCOM_ID1_A1, _B2, _C0, _C5; 0: C0). A1 and C0 need their DSP
	 * fix-ups, C5 its repeater bit (skge_model_phy.c).
	 */
	u16 bcom_id1;
	/* Simulated autonegotiation time; 0: 2 s. Fuzzing, which links up per input, wants it short. */
	u64 autoneg_ns;
};

/* Genesis SRAM codes (B2_E_0). 1024K_64: four 64K x 36 parts, used from 512 KiB on. */
#define SKGE_GENESIS_RAM_512K	   0x01
#define SKGE_GENESIS_RAM_1024K_128 0x02
#define SKGE_GENESIS_RAM_1024K_64  0x03
#define SKGE_GENESIS_RAM_2048K_128 0x04

struct skge_model *skge_model_create(const struct skge_model_config *cfg);
/*
 * Fuzzing: each receive descriptor write-back passes through t's rx_desc, each
 * transmit completion (control word) through its status (NULL: none).
 */
struct hosted_tamper;
void skge_model_set_tamper(struct skge_model *m, const struct hosted_tamper *t);
void skge_model_destroy(struct skge_model *m);
/* port 0 or 1 (NULL when the chip has no such port). */
struct hosted_port *skge_model_port(struct skge_model *m, unsigned int port);
struct hosted_pci_fn *skge_model_pci(struct skge_model *m);

/* ---- Faults, injected on demand ---- */
/* The next `count` transmit starts (BMU start writes) on `port` are lost (Genesis erratum). */
void skge_model_fault_tx_start_lost(struct skge_model *m, unsigned int port, unsigned int count);
/* The receive BMU of `port` stops as if it met a descriptor it did not own (stall). */
void skge_model_fault_rx_stall(struct skge_model *m, unsigned int port);
/* The next `frames` frames received on `port` carry MAC receive-status error bits. */
void skge_model_fault_rx_errors(struct skge_model *m, unsigned int port, unsigned int frames);
/* The next `count` interrupts are lost (INTx not asserted for them). */
void skge_model_fault_irq_lost(struct skge_model *m, unsigned int count);
/*
 * Hardware errors: the parity sources of B0_HWE_ISRC (SKR_HWE_* bits 0-5:
 * receive queue, MAC FIFO and RAM buffer parity) latch until the driver
 * clears each at its own block. stuck: the sources come back after every
 * clear, as a failing part does, so only masking them stops the interrupt.
 */
void skge_model_fault_hw_error(struct skge_model *m, u32 sources, bool stuck);
u32 skge_model_hw_errors(const struct skge_model *m); /* B0_HWE_ISRC now */
/* The PHY of `port` loses the link for `ms` of model time, then renegotiates (a cable flap). */
void skge_model_fault_link_flap(struct skge_model *m, unsigned int port, unsigned int ms);
/* The GMAC's SMI on `port` dies (or comes back): commands stay busy, the PHY never answers. */
void skge_model_fault_smi_dead(struct skge_model *m, unsigned int port, bool dead);

/*
 * Strictness hook: the test says whether the driver's NAPI instance of
 * `port` is still scheduled. Asserting the interrupt for that port's
 * (unmasked) sources while it returns true fails the test. NULL: off.
 */
void skge_model_set_napi_probe(struct skge_model *m, unsigned int port,
			       bool (*napi_scheduled)(void *ctx), void *ctx);

/* ---- What happened, for assertions ---- */
struct skge_model_port_counters {
	u64 tx_frames;	/* put on the wire */
	u64 tx_dropped; /* taken from the ring but not sent (link down, MAC off) */
	u64 tx_starts_lost;
	u64 rx_frames;	     /* written to host buffers, descriptor handed back */
	u64 rx_overruns;     /* dropped: the receive RAM buffer was full (the MAC counts these) */
	u64 rx_no_buffer;    /* ... of them while the receive BMU had no owned descriptor */
	u64 rx_filtered;     /* dropped by the address filter */
	u64 rx_dropped;	     /* dropped: receiver off, too long */
	u64 rx_bmu_restarts; /* start commands given to a stopped receive BMU */
	u64 link_flaps;	     /* skge_model_fault_link_flap */
};
struct skge_model_counters {
	struct skge_model_port_counters port[2];
	u64 intx_assertions;
	u64 irqs_lost;
	u64 isr_masking_reads; /* reads of B0_SP_ISRC */
};
/* What the port's PHY advertises in its base page (MII register 4), as last written. */
u16 skge_model_phy_advertisement(const struct skge_model *m, unsigned int port);
void skge_model_get_counters(const struct skge_model *m, struct skge_model_counters *out);
/* Bytes of the receive RAM buffer of `port` frames occupy now, and its size. */
u32 skge_model_rx_ram_used(const struct skge_model *m, unsigned int port);
u32 skge_model_rx_ram_size(const struct skge_model *m, unsigned int port);
/* Receive descriptors the driver owns-to-chip and the chip has not used, per port. */
unsigned int skge_model_rx_buffers(const struct skge_model *m, unsigned int port);

#endif

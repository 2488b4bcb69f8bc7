/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A register-level model of a Marvell Yukon-2 controller (the chips Linux's
 * sky2 and FreeBSD's msk drive): one PCI function, one status ring and one
 * interrupt (MSI or INTx) for one or two ports. Written from the published
 * facts (../shared/reference/nic-facts-yukon-bcm.md and its sources), never
 * from napkin's driver: this model includes nothing from drivers/sky2/.
 * See README.md in this folder for what it implements and how strict it is.
 */
#ifndef NAPKIN_TESTS_HOSTED_SKY2_MODEL_H
#define NAPKIN_TESTS_HOSTED_SKY2_MODEL_H

#include "kernel/core/compiler.h"

struct sky2_model;
struct hosted_port;
struct hosted_pci_fn;

enum sky2_model_chip {
	SKY2_MODEL_XL,	     /* chip ID 0xB3: dual-MAC capable, RAM buffer, 156 MHz */
	SKY2_MODEL_EC_ULTRA, /* 0xB4 */
	SKY2_MODEL_EC,	     /* 0xB6 */
	SKY2_MODEL_FE_PLUS,  /* 0xB8: 10/100 only, new list-element format */
	SKY2_MODEL_OPTIMA,   /* 0xBC: new list-element format */
	SKY2_MODEL_UNKNOWN,  /* chip ID 0xBB: a driver must refuse it, untouched */
};

struct sky2_model_config {
	u8 bus, dev, fn;
	enum sky2_model_chip chip;
	u8 chip_rev;	    /* B2_MAC_CFG[7:4]; 0 by default */
	unsigned int ports; /* 1 or 2 (2 only where the chip has two MACs); 0: 1 */
	u16 vendor, device; /* PCI IDs; 0: a Marvell ID that fits the chip */
	u8 mac[2][6];	    /* station addresses the EEPROM load left in B2_MAC_1/2 */
	u8 irq_line;	    /* INTx GSI; 0: 16 */
	bool no_msi;	    /* leave out the MSI capability */
	u32 our_reg3;	    /* PCI_OUR_REG_3 clock-disable bits firmware left set; 0 by default */
};

struct sky2_model *sky2_model_create(const struct sky2_model_config *cfg);
/* Fuzzing: every status LE passes through t first, receive reports as rx_desc (NULL: none). */
struct hosted_tamper;
void sky2_model_set_tamper(struct sky2_model *m, const struct hosted_tamper *t);
void sky2_model_destroy(struct sky2_model *m);
/* port 0 or 1 (NULL when the chip has no such port). */
struct hosted_port *sky2_model_port(struct sky2_model *m, unsigned int port);
struct hosted_pci_fn *sky2_model_pci(struct sky2_model *m);

/* ---- Faults, injected on demand ---- */
/* The next `frames` frames received on `port` carry these GMAC receive-status error bits. */
void sky2_model_fault_rx_errors(struct sky2_model *m, unsigned int port, unsigned int frames,
				u32 status_bits);
/*
 * The next `frames` frames received on `port` are truncated: the DMA length
 * (status LE length) and the GMAC status length differ, as when a frame did
 * not fit its buffer. The driver must drop and count them.
 */
void sky2_model_fault_rx_truncated(struct sky2_model *m, unsigned int port, unsigned int frames);
/* Raise a descriptor-check interrupt (CHK_RX of `port`) as for a bad receive LE. */
void sky2_model_fault_desc_check(struct sky2_model *m, unsigned int port);
/* The next `count` interrupts the chip raises are lost (no MSI sent, INTx not asserted). */
void sky2_model_fault_irq_lost(struct sky2_model *m, unsigned int count);
/* MSI writes never arrive (the chip believes it sent them). */
void sky2_model_fault_msi_lost(struct sky2_model *m, bool lost);
/* Latch hardware-error sources (B0_HWE_ISRC bits, e.g. PCIe errors). */
void sky2_model_fault_hw_error(struct sky2_model *m, u32 hwe_bits);

/*
 * Strictness hook: the test says whether the driver's NAPI instance is still
 * scheduled (it knows the driver's netdev; the model does not). Raising an
 * interrupt while it returns true fails the test: the driver unmasked before
 * completing. NULL turns the check off.
 */
void sky2_model_set_napi_probe(struct sky2_model *m, bool (*napi_scheduled)(void *ctx), void *ctx);

/* ---- What happened, for assertions ---- */
struct sky2_model_port_counters {
	u64 tx_frames;	  /* put on the wire */
	u64 tx_dropped;	  /* taken from the ring but not sent (link down, MAC off) */
	u64 rx_frames;	  /* written to host buffers and reported in the status ring */
	u64 rx_no_buffer; /* dropped: no receive LE posted */
	u64 rx_filtered;  /* dropped by the address filter */
	u64 rx_dropped;	  /* dropped: receiver off, too long */
	u64 rx_overrun;	  /* lost: receive FIFO / RAM buffer full while buffers were posted */
};
struct sky2_model_counters {
	struct sky2_model_port_counters port[2];
	u64 status_les; /* status list elements written */
	u64 msi_sent;
	u64 msi_lost;
	u64 intx_assertions;
	u64 irqs_lost;	       /* dropped by sky2_model_fault_irq_lost */
	u64 isr_masking_reads; /* reads of B0_Y2_SP_ISRC2 (mask the interrupt) */
	u64 icr_unmasks;       /* writes of 2 to B0_Y2_SP_ICR */
	u64 sw_irqs;	       /* software interrupts raised through B0_CTST */
};
void sky2_model_get_counters(const struct sky2_model *m, struct sky2_model_counters *out);
/* Receive LEs the driver has posted and the chip has not used, per port. */
unsigned int sky2_model_rx_buffers(const struct sky2_model *m, unsigned int port);

#endif

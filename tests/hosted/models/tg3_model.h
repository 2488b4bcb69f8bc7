/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A register-level model of one PCI function of a Broadcom BCM5719 (the
 * 4-port member of the BCM5717 family; each port is its own function, so one
 * model is one port), or of the older single-port BCM5784. See README.md in this folder for what it implements and
 * how strict it is.
 */
#ifndef NAPKIN_TESTS_HOSTED_TG3_MODEL_H
#define NAPKIN_TESTS_HOSTED_TG3_MODEL_H

#include "kernel/core/compiler.h"

struct tg3_model;
struct hosted_port;
struct hosted_pci_fn;

enum tg3_model_chip {
	TG3_MODEL_BCM5719, /* 5717 family, PCIe gen 2 */
	TG3_MODEL_BCM5784, /* 5755 generation (BCM5784M), one ring of each kind */
};

struct tg3_model_config {
	u8 bus, dev, fn;
	enum tg3_model_chip chip;
	u16 device_id; /* 0: the chip's own (0x1657 BCM5719, 0x1698 BCM5784) */
	u32 chip_id;   /* 0: the chip's own (0x05719001 5719 A1, 0x05784000 5784 A0) */
	u8 mac[6];     /* what the bootcode "reads from NVRAM" */
	u8 irq_line;   /* INTx GSI; 0: 16 */
	bool no_msi;   /* leave out the MSI capability */
};

struct tg3_model *tg3_model_create(const struct tg3_model_config *cfg);
void tg3_model_destroy(struct tg3_model *m);
struct hosted_port *tg3_model_port(struct tg3_model *m);
struct hosted_pci_fn *tg3_model_pci(struct tg3_model *m);

/* ---- Faults, injected on demand ---- */
/* The next `frames` received frames come back flagged with these error bits. */
void tg3_model_fault_rx_errors(struct tg3_model *m, unsigned int frames, u16 error_bits);
/* The next `frames` received frames find no buffer, as if the ring were empty. */
void tg3_model_fault_no_rx_buffer(struct tg3_model *m, unsigned int frames);
/* The send engine stops taking descriptors until the next core reset. */
void tg3_model_fault_tx_stuck(struct tg3_model *m);
/* MSI writes get lost on the way (the interrupt never arrives). */
void tg3_model_fault_msi_lost(struct tg3_model *m, bool lost);
/* The bootcode never finishes after the next reset. */
void tg3_model_fault_bootcode_hang(struct tg3_model *m, bool hang);
/* The next send descriptor fetch ends in a PCI master abort (error attention). */
void tg3_model_fault_dma_error(struct tg3_model *m);
/*
 * The next `count` interrupts are never delivered (MSI or INTx). Each stays
 * lost until the driver acknowledges through interrupt mailbox 0, as an
 * edge the host missed would: only a driver that polls on its own finds the
 * work.
 */
void tg3_model_fault_irq_lost(struct tg3_model *m, unsigned int count);
/* The PHY loses the link for `ms` of model time, then renegotiates (a cable flap). */
void tg3_model_fault_link_flap(struct tg3_model *m, unsigned int ms);

/* Fuzzing: every return ring BD and status block passes through t first (NULL: none). */
struct hosted_tamper;
void tg3_model_set_tamper(struct tg3_model *m, const struct hosted_tamper *t);

/* ---- What happened, for assertions ---- */
struct tg3_model_counters {
	u64 core_resets;
	u64 tx_frames;	  /* put on the wire */
	u64 tx_dropped;	  /* taken from the ring but not sent (link down, MAC off) */
	u64 rx_frames;	  /* placed in the return ring */
	u64 rx_no_buffer; /* dropped: standard ring empty */
	u64 rx_filtered;  /* dropped by the address filter */
	u64 rx_dropped;	  /* dropped: receiver off, return ring full, too long */
	u64 status_updates;
	u64 msi_sent;
	u64 msi_lost;
	u64 irqs_lost; /* dropped by tg3_model_fault_irq_lost */
	u64 link_flaps;
	u64 intx_assertions;
	u64 irq_acks;		 /* writes to interrupt mailbox 0 */
	u64 events_while_masked; /* status updates made while the interrupt was masked */
	/* UDP datagrams the send engine summed to zero and sent with 0x0000 (see tx_offload). */
	u64 tx_udp_zero_csum;
};
void tg3_model_get_counters(const struct tg3_model *m, struct tg3_model_counters *out);
/* Interrupt mailbox 0 as last written (nonzero: masked). */
u32 tg3_model_irq_mailbox(const struct tg3_model *m);
/* Frames waiting in the send ring that the chip has not taken. */
unsigned int tg3_model_tx_backlog(const struct tg3_model *m);
/* Standard ring buffers posted and not yet used. */
unsigned int tg3_model_rx_buffers(const struct tg3_model *m);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The seam between napkin's device models (tests/hosted/models/) and QEMU.
 *
 * The models were written against the hosted harness: a PCI function, DMA,
 * an interrupt line or MSI, a wire per port and a clock. On this side of the
 * seam, tests/qdev/model_host.c implements those harness calls once more,
 * over the callbacks below; on the other, tests/qdev/qemu/napkin-nic.c
 * implements the callbacks over QEMU's PCI, DMA, MSI/INTx, NetClient and
 * virtual clock. Plain C on purpose: this header includes neither napkin's
 * headers nor QEMU's, so the two worlds (their types, their macros) never
 * meet in one translation unit.
 *
 * Everything here runs under QEMU's big lock: one caller at a time.
 */
#ifndef NAPKIN_TESTS_QDEV_NQDEV_SEAM_H
#define NAPKIN_TESTS_QDEV_NQDEV_SEAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nqdev;	   /* a model instance (this side) */
struct nqdev_host; /* the QEMU device around it (the other side) */

#define NQDEV_MAX_PORTS 2
#define NQDEV_MAX_CAPS	8
#define NQDEV_MAX_WMASK 4

/* What QEMU does for the model. */
struct nqdev_host_ops {
	uint64_t (*now_ns)(struct nqdev_host *h); /* QEMU's virtual clock */
	/* The model saw the driver break a rule the chip enforces. */
	void (*violation)(struct nqdev_host *h, const char *what);
	/* Bus-master DMA; false when nothing answered (the model reports it). */
	bool (*dma_read)(struct nqdev_host *h, uint64_t addr, void *buf, size_t len);
	bool (*dma_write)(struct nqdev_host *h, uint64_t addr, const void *buf, size_t len);
	bool (*bus_master)(struct nqdev_host *h);
	void (*set_intx)(struct nqdev_host *h, bool asserted);
	bool (*msi_enabled)(struct nqdev_host *h);
	unsigned int (*msi_vectors_enabled)(struct nqdev_host *h);
	void (*msi_notify)(struct nqdev_host *h, unsigned int vector);
	/* Configuration space as QEMU holds it (the standard part and capabilities). */
	uint32_t (*cfg_get)(struct nqdev_host *h, uint16_t off, unsigned int size);
	void (*cfg_set)(struct nqdev_host *h, uint16_t off, unsigned int size, uint32_t val);
	/* A frame (no FCS) leaves port `port` for its netdev. */
	void (*transmit)(struct nqdev_host *h, unsigned int port, const uint8_t *frame,
			 uint32_t len);
	bool (*carrier)(struct nqdev_host *h, unsigned int port);
	/* A model-level event for the trace file (a PHY register written, say). */
	void (*trace)(struct nqdev_host *h, const char *line);
};

/* How the device is built, chosen by its QEMU properties. */
struct nqdev_config {
	const char *model; /* "sky2", "skge", "tg3" */
	const char *chip;  /* model-specific variant name; NULL or "": the default */
	unsigned int ports;
	uint8_t mac[NQDEV_MAX_PORTS][6];
	int rev; /* chip revision; < 0: the model's default for the chip */
	bool no_msi;
	uint8_t devfn; /* where QEMU put the function, for the model's names */
};

struct nqdev_cap {
	uint8_t id, offset, len;
};

/* The PCI function the model asked for, for QEMU to build. */
struct nqdev_layout {
	uint16_t vendor, device, subvendor, subdevice;
	uint32_t class_code;
	uint8_t revision;
	uint64_t bar_size[6];			    /* 64-bit memory BARs; 0: none */
	uint8_t intx_pin;			    /* 1..4 = INTA..INTD */
	uint8_t pm_offset, msi_offset, pcie_offset; /* 0: not present */
	unsigned int msi_log2_vectors;
	bool msi_per_vector_mask;
	struct nqdev_cap caps[NQDEV_MAX_CAPS]; /* other capabilities, opaque contents */
	unsigned int ncaps;
	struct {
		uint16_t off;
		uint8_t len, mask;
	} wmask[NQDEV_MAX_WMASK]; /* device registers in config space QEMU stores */
	unsigned int nwmask;
	unsigned int ports;
};

/* What QEMU calls. NULL with err filled when the model refuses the config. */
struct nqdev *nqdev_create(const struct nqdev_config *cfg, const struct nqdev_host_ops *ops,
			   struct nqdev_host *host, char *err, size_t errlen);
void nqdev_destroy(struct nqdev *d);
const struct nqdev_layout *nqdev_layout(const struct nqdev *d);

uint64_t nqdev_mmio_read(struct nqdev *d, unsigned int bar, uint64_t off, unsigned int size);
void nqdev_mmio_write(struct nqdev *d, unsigned int bar, uint64_t off, unsigned int size,
		      uint64_t val);
/* Device registers in config space: true when the model answered. */
bool nqdev_cfg_read(struct nqdev *d, uint16_t off, unsigned int size, uint32_t *val);
bool nqdev_cfg_write(struct nqdev *d, uint16_t off, unsigned int size, uint32_t val);
/* After QEMU stored a standard config write (command, MSI control...). */
void nqdev_cfg_written(struct nqdev *d, uint16_t off, unsigned int size, uint32_t val);

/* Do what is due now; returns when next to call, in ns, or UINT64_MAX. */
uint64_t nqdev_tick(struct nqdev *d);

/* The wire. */
bool nqdev_can_receive(struct nqdev *d, unsigned int port);
void nqdev_receive(struct nqdev *d, unsigned int port, const uint8_t *frame, uint32_t len);
void nqdev_link_changed(struct nqdev *d, unsigned int port);

/* Faults on demand (QOM properties of the QEMU device). */
bool nqdev_fault(struct nqdev *d, const char *name, unsigned int port, uint32_t arg);

/* Violations seen so far. */
uint64_t nqdev_violations(const struct nqdev *d);

#endif

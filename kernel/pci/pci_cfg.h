/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PCI configuration-space access. Two mechanisms exist on x86: the legacy
 * ports 0xCF8/0xCFC (segment 0, offsets 0..255) and ECAM, memory-mapped
 * windows described by ACPI's MCFG table that also reach the PCI Express
 * extended space (offsets 256..4095). Everything above this file goes through
 * pci_cfg_read()/pci_cfg_write(), which check the request and hand it to the
 * active ops; host unit tests install their own ops over a fake config space.
 */
#ifndef NAPKIN_KERNEL_PCI_CFG_H
#define NAPKIN_KERNEL_PCI_CFG_H

#include "kernel/core/compiler.h"

#define PCI_DEVFN(dev, fn) ((u8)((((dev)&0x1F) << 3) | ((fn)&0x7)))
#define PCI_SLOT(devfn)	   ((unsigned int)((devfn) >> 3) & 0x1Fu)
#define PCI_FUNC(devfn)	   ((unsigned int)(devfn)&0x7u)

#define PCI_MAX_ECAM_REGIONS 8
#define PCI_BDF_LEN	     16 /* "ssss:bb:dd.f" and its NUL */

/*
 * One configuration mechanism. read/write get size 1, 2 or 4 with `off`
 * aligned to it and below 4096: pci_cfg_read/write checked that already.
 * Reads of functions that do not answer return all ones, like the hardware.
 */
struct pci_cfg_ops {
	const char *name;
	u32 (*read)(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size);
	void (*write)(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, u32 val);
	/* Whether offsets 256..4095 of functions on (seg, bus) are reachable. */
	bool (*has_ext)(u16 seg, u8 bus);
};

/* Record one MCFG entry: base is the address of bus 0's window in `seg`. */
int pci_ecam_add(u64 base, u16 seg, u8 start_bus, u8 end_bus);
/* Number of usable ECAM windows after setup, and their ranges (for scanning). */
unsigned int pci_ecam_count(void);
bool pci_ecam_range(unsigned int idx, u16 *seg, u8 *start_bus, u8 *end_bus);

/*
 * Choose the mechanism: the ECAM windows recorded so far (mapped uncached; a
 * window whose first bus disagrees with `legacy` is dropped as bogus), with
 * `legacy` (may be NULL) for everything they do not cover. Returns -ENODEV when
 * neither exists.
 */
int pci_cfg_setup(const struct pci_cfg_ops *legacy);
/* pci_cfg_setup() with the 0xCF8/0xCFC ports when the chipset has them. */
int pci_cfg_init(void);
/* Replace the active ops (host tests with a fake config space). */
void pci_cfg_set_ops(const struct pci_cfg_ops *ops);
const char *pci_cfg_method(void);
bool pci_cfg_ready(void);

/* Checked accessors: bad size, misalignment, offset >= 4096, or extended
 * space without ECAM log a warning; such reads return all ones (of `size`
 * bytes) and such writes are dropped. */
u32 pci_cfg_read(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size);
void pci_cfg_write(u16 seg, u8 bus, u8 devfn, u16 off, unsigned int size, u32 val);
bool pci_cfg_has_ext(u16 seg, u8 bus);
/* "bb:dd.f", or "ssss:bb:dd.f" outside segment 0, into buf[PCI_BDF_LEN]. */
void pci_format_bdf(char *buf, u16 seg, u8 bus, u8 devfn);

extern const struct pci_cfg_ops pci_conf1_ops;

#ifdef NAPKIN_HOSTED
void pci_cfg_reset_for_test(void);
#endif

#endif

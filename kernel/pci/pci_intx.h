/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How a PCI device's INTx pin reaches the IOAPIC. The answer comes from a
 * router (ACPI's _PRT through kernel/acpi/, once the interpreter is up); when
 * there is none, or it has no answer for a device, napkin falls back to the
 * interrupt-line byte firmware left in config space, and says so in the log.
 * IOAPIC lines are shared: every user of one GSI gets the same vector.
 */
#ifndef NAPKIN_KERNEL_PCI_INTX_H
#define NAPKIN_KERNEL_PCI_INTX_H

#include "kernel/core/compiler.h"

struct pci_dev;

/* Where one INTx pin arrives, and how the answer was found (for the log). */
struct pci_intx_route {
	u32 gsi;
	bool level;
	bool active_low;
	char how[160];
};

/* 0 and *route filled, or a negative errno with route->how saying why not. */
typedef int (*pci_intx_router_fn)(const struct pci_dev *pdev, struct pci_intx_route *route);

/* NULL: back to the config-space interrupt line. */
void pci_intx_set_router(pci_intx_router_fn fn);

/*
 * The GSI the config-space interrupt line names (ISA IRQs through the MADT's
 * overrides), with the polarity it implies; false when the line is unset.
 */
bool pci_intx_legacy_route(const struct pci_dev *pdev, struct pci_intx_route *route);

/*
 * Take a reference on the IOAPIC line for gsi, routing it to a new vector the
 * first time (for non-PCI level sources such as ACPI's SCI). 0 and *vector,
 * or -ENOSPC.
 */
int intx_line_get(u32 gsi, bool level, bool active_low, u8 *vector);
void intx_line_put(u32 gsi);

/* `pci=nomsi`: every driver gets INTx (or polling), never MSI or MSI-X. */
void pci_set_nomsi(bool on);
bool pci_nomsi(void);
/* Reads `pci=` from the command line (kernel/pci/pci_params.c); before pci_init(). */
void pci_read_params(void);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AML interpreter (ACPICA) and what napkin asks of it: PCI INTx routing
 * from _PRT, S5 power-off and the FADT reset register. Boot calls
 * acpi_aml_init() after the static tables, the heap, paging and the IOAPIC
 * are up and before PCI drivers probe; if it fails everything falls back to
 * the static-table code in kernel/acpi/acpi.c and the config-space interrupt line.
 * This header does not expose ACPICA's own types.
 */
#ifndef NAPKIN_KERNEL_ACPI_AML_H
#define NAPKIN_KERNEL_ACPI_AML_H

#include "kernel/core/compiler.h"

struct pci_dev;
struct pci_intx_route;

/*
 * Starts ACPICA on the tables kernel/acpi/acpi.c found, enters ACPI mode, tells
 * firmware napkin uses the IOAPIC (\_PIC(1)) and installs the _PRT router for
 * PCI INTx. `acpi.aml=off` on the command line skips it. 0 or -errno.
 */
int acpi_aml_init(void);

/* True once acpi_aml_init() succeeded. */
bool aml_ready(void);

/* After PCI enumeration: one log line per INTx pin, how ACPI routes it. */
void acpi_pci_report(void);

/* The _PRT route for pdev's pin (the pci_intx router). */
int acpi_pci_route(const struct pci_dev *pdev, struct pci_intx_route *route);

/* S5 through the interpreter (\_PTS, \_S5 values); returns only on failure. */
void acpi_aml_poweroff(void);

/* The FADT reset register through the interpreter; returns only on failure. */
void acpi_aml_reset(void);

/* Milliseconds acpi_aml_init() took (for the footprint report in docs/ACPI.md). */
u64 acpi_aml_init_ms(void);

#endif

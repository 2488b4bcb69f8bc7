/* SPDX-License-Identifier: BSD-2-Clause */
/* Helpers shared by napkin's ACPICA users in kernel/acpi/ (these see ACPICA's types). */
#ifndef NAPKIN_KERNEL_ACPI_AML_INTERNAL_H
#define NAPKIN_KERNEL_ACPI_AML_INTERNAL_H

#include <stddef.h>
#include <acpi/acpi.h>

/* Evaluates an integer object or method (relative to h); *out untouched on failure. */
acpi_status aml_eval_int(acpi_handle h, const char *name, u64 *out);

/* The full path of h ("\_SB_.PCI0"), or "?" when it has none. */
void aml_path(acpi_handle h, char *buf, size_t len);

/* Finds the PCI host bridges (PNP0A03, PNP0A08) and their segment and bus. */
void acpi_pci_find_roots(void);

/* Runs the host bridge's _OSC: napkin's support, no native control asked. */
void acpi_pci_osc(acpi_handle bridge, bool have_ecam);

#endif

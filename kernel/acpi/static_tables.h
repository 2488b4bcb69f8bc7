/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the ACPICA glue needs from kernel/acpi/acpi.c's static-table parser.
 * kernel/acpi/acpi.h cannot be included next to ACPICA's headers (both name
 * struct acpi_table_desc and some FADT flags), so these few calls are
 * declared here with plain types.
 */
#ifndef NAPKIN_KERNEL_ACPI_STATIC_TABLES_H
#define NAPKIN_KERNEL_ACPI_STATIC_TABLES_H

#include "kernel/core/compiler.h"

/* See kernel/acpi/acpi.h. */
u64 acpi_rsdp_address(void);

/*
 * The MADT's interrupt source override for ISA IRQ irq: true with the GSI
 * and whether it says level-triggered / active low (each only when the
 * override is explicit; *level and *active_low are left alone otherwise).
 */
bool acpi_isa_override(u8 irq, u32 *gsi, bool *level, bool *active_low);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ACPI tables napkin reads at boot: the RSDP (from the loader or the BIOS
 * area), XSDT or RSDT, and from them the MADT (APICs, interrupt overrides),
 * MCFG (PCIe ECAM), FADT (reset register, PM1 control for power-off) and
 * HPET. Every table is length- and checksum-checked before use; a bad one is
 * named in the log and skipped. Parsing happens once, while the boot mapping
 * covers the tables; the results live in struct acpi_info.
 */
#ifndef NAPKIN_KERNEL_ACPI_H
#define NAPKIN_KERNEL_ACPI_H

#include "kernel/compiler.h"

#define ACPI_MAX_IOAPICS 8
#define ACPI_MAX_OVERRIDES 16
#define ACPI_MAX_LAPICS 64
#define ACPI_MAX_MCFG 4

enum { ACPI_GAS_MEMORY = 0, ACPI_GAS_IO = 1 };

struct acpi_gas {
	u8 space_id;
	u8 bit_width;
	u8 bit_offset;
	u8 access_size;
	u64 address;
};

struct acpi_info {
	bool present;
	u8 revision; /* RSDP revision: 0 = ACPI 1.0 */
	char oem_id[7];
	u64 lapic_address;
	u32 lapic_ids[ACPI_MAX_LAPICS];
	u8 nr_lapics;
	struct {
		u8 id;
		u64 address;
		u32 gsi_base;
	} ioapics[ACPI_MAX_IOAPICS];
	u8 nr_ioapics;
	struct {
		u8 bus_irq;
		u32 gsi;
		u16 flags; /* MPS INTI flags: polarity bits 0-1, trigger bits 2-3 */
	} overrides[ACPI_MAX_OVERRIDES];
	u8 nr_overrides;
	struct {
		u64 base;
		u16 segment;
		u8 start_bus, end_bus;
	} mcfg[ACPI_MAX_MCFG];
	u8 nr_mcfg;
	/* FADT */
	bool reset_supported;
	struct acpi_gas reset_reg;
	u8 reset_value;
	u32 pm1a_cnt, pm1b_cnt; /* I/O ports, 0 if absent */
	u16 sci_irq;
	bool s5_valid; /* SLP_TYP values for S5 found in the DSDT */
	u8 s5_slp_typa, s5_slp_typb;
	u64 hpet_address;
	u32 bad_tables; /* tables rejected for checksum or length */
};

/*
 * Hook for reading physical memory: identity on bare metal; host tests map
 * fake physical addresses onto fixtures. Returns NULL for memory that cannot
 * be read (then the table is skipped).
 */
extern const void *(*acpi_map)(u64 phys, size_t len);

/* rsdp_copy: the loader's copy of the RSDP (Multiboot2 tag) or NULL to search. */
int acpi_init(const void *rsdp_copy, size_t len);
const struct acpi_info *acpi_get(void);
/* Enters S5 through the FADT's PM1 control registers; returns if that fails. */
void acpi_poweroff(void);

#endif

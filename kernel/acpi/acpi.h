/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ACPI static tables: finds the RSDP, walks the XSDT (or RSDT) and extracts
 * what napkin needs into struct acpi_info: the interrupt topology (MADT), PCI
 * ECAM windows (MCFG), reset register and power-management blocks (FADT), the
 * S5 sleep type for power-off (a pattern search in the DSDT, the fallback for
 * when the AML interpreter in kernel/acpi/ is not running) and the HPET.
 * Every table is length- and checksum-checked before use; a bad one is
 * reported by signature and address and skipped.
 *
 * Physical memory is read through a mapping hook: identity on bare metal,
 * which is why parsing happens while the boot mapping (the first 4 GiB, page 0
 * included) is still in place; fixture buffers in host tests.
 */
#ifndef NAPKIN_KERNEL_ACPI_H
#define NAPKIN_KERNEL_ACPI_H

#include "kernel/core/compiler.h"

#define ACPI_MAX_TABLES	     32
#define ACPI_MAX_CPUS	     64
#define ACPI_MAX_IOAPICS     8
#define ACPI_MAX_OVERRIDES   24
#define ACPI_MAX_NMI_SOURCES 8
#define ACPI_MAX_LAPIC_NMIS  16
#define ACPI_MAX_MCFG	     4
/* Longer tables than this are taken as corrupt; the DSDT may be bigger. */
#define ACPI_MAX_TABLE_LEN (1u << 20)
#define ACPI_MAX_DSDT_LEN  (4u << 20)

/* Generic Address Structure address spaces. */
enum { ACPI_GAS_MEMORY = 0, ACPI_GAS_IO = 1, ACPI_GAS_PCI_CONFIG = 2 };

struct acpi_gas {
	u8 space_id; /* ACPI_GAS_* */
	u8 bit_width;
	u8 bit_offset;
	u8 access_size; /* 0 undefined, 1 byte, 2 word, 3 dword, 4 qword */
	u64 address;
};

/* MPS INTI flags, as in interrupt source overrides and NMI entries. */
#define ACPI_POLARITY_MASK     0x3
#define ACPI_POLARITY_CONFORMS 0x0
#define ACPI_POLARITY_HIGH     0x1
#define ACPI_POLARITY_LOW      0x3
#define ACPI_TRIGGER_MASK      0xc
#define ACPI_TRIGGER_CONFORMS  0x0
#define ACPI_TRIGGER_EDGE      0x4
#define ACPI_TRIGGER_LEVEL     0xc

/* FADT flags napkin looks at. */
#define ACPI_FADT_TMR_VAL_EXT	BIT(8) /* PM timer is 32 bits, not 24 */
#define ACPI_FADT_RESET_REG_SUP BIT(10)
#define ACPI_FADT_HW_REDUCED	BIT(20)

/* FADT IA-PC boot architecture flags. */
#define ACPI_BOOT_LEGACY_DEVICES BIT(0)
#define ACPI_BOOT_8042		 BIT(1)
#define ACPI_BOOT_NO_VGA	 BIT(2)
#define ACPI_BOOT_NO_MSI	 BIT(3)
#define ACPI_BOOT_NO_CMOS_RTC	 BIT(5)

struct acpi_table_desc {
	char signature[5];
	char oem_id[7];
	u8 revision;
	bool used; /* parsed and trusted */
	u32 length;
	u64 phys;
};

struct acpi_cpu {
	u32 apic_id;
	u32 uid; /* ACPI processor UID */
	bool enabled;
	bool online_capable; /* disabled now, may be brought up later */
	bool x2apic;	     /* came from an x2APIC entry */
};

struct acpi_ioapic {
	u8 id;
	u32 address;
	u32 gsi_base;
};

struct acpi_irq_override {
	u8 bus;	    /* 0: ISA */
	u8 bus_irq; /* IRQ on that bus */
	u32 gsi;
	u16 flags; /* ACPI_POLARITY_* | ACPI_TRIGGER_* */
};

struct acpi_nmi_source {
	u32 gsi;
	u16 flags;
};

struct acpi_lapic_nmi {
	u32 uid; /* processor UID, 0xff (or 0xffffffff for x2APIC) = all */
	u8 lint; /* LINT0 or LINT1 */
	u16 flags;
	bool x2apic; /* came from a Local x2APIC NMI entry (type 10) */
};

/* Every processor entry of the MADT, counted even past ACPI_MAX_CPUS. */
struct acpi_cpu_totals {
	u32 entries;	    /* Processor Local APIC (0) and Local x2APIC (9) entries */
	u32 enabled;	    /* of them, usable now */
	u32 x2apic_entries; /* type 9 */
	u32 max_apic_id;    /* highest APIC ID of an enabled or online-capable CPU */
};

/* A PCIe ECAM window: base is the address of bus 0's space, even when start_bus > 0. */
struct acpi_mcfg {
	u64 base;
	u16 segment;
	u8 start_bus, end_bus;
};

struct acpi_info {
	bool present; /* an RSDP was found and a root table read */
	u8 revision;  /* of the RSDP: 0 = ACPI 1.0 */
	char oem_id[7];
	u64 rsdp_phys; /* 0 when it came from the boot loader's copy */
	bool xsdt;     /* the tables came from the XSDT, not the RSDT */
	u64 root_phys;
	unsigned int bad_tables; /* rejected: checksum, length, unreadable */

	struct acpi_table_desc tables[ACPI_MAX_TABLES];
	size_t nr_tables;
	unsigned int tables_unlisted; /* seen beyond ACPI_MAX_TABLES */

	/* MADT ("APIC") */
	bool have_madt;
	bool pcat_compat;      /* legacy 8259 pair present (to be masked) */
	bool lapic_overridden; /* by a type 5 entry */
	u64 lapic_address;
	struct acpi_cpu cpus[ACPI_MAX_CPUS];
	size_t nr_cpus;
	struct acpi_cpu_totals cpu_totals;
	struct acpi_ioapic ioapics[ACPI_MAX_IOAPICS];
	size_t nr_ioapics;
	struct acpi_irq_override overrides[ACPI_MAX_OVERRIDES];
	size_t nr_overrides;
	struct acpi_nmi_source nmi_sources[ACPI_MAX_NMI_SOURCES];
	size_t nr_nmi_sources;
	struct acpi_lapic_nmi lapic_nmis[ACPI_MAX_LAPIC_NMIS];
	size_t nr_lapic_nmis;
	unsigned int madt_dropped; /* entries that did not fit the arrays */

	/* MCFG */
	struct acpi_mcfg mcfg[ACPI_MAX_MCFG];
	size_t nr_mcfg;

	/* FADT ("FACP") */
	bool have_fadt;
	u8 fadt_revision;
	u32 fadt_flags;
	u16 boot_arch; /* ACPI_BOOT_* */
	u16 sci_irq;
	u32 smi_cmd;
	u8 acpi_enable_value;
	bool reset_supported; /* RESET_REG_SUP set and the register is present */
	struct acpi_gas reset_reg;
	u8 reset_value;
	struct acpi_gas pm1a_cnt, pm1b_cnt; /* address 0: absent */
	struct acpi_gas pm_timer;
	u64 dsdt_phys;
	bool s5_valid; /* SLP_TYP values for S5 found in the DSDT */
	u8 s5_slp_typa, s5_slp_typb;

	/* HPET */
	bool have_hpet;
	u64 hpet_address;
	u32 hpet_block_id;
	u8 hpet_number;
	u16 hpet_min_tick;
};

/*
 * Maps len bytes of physical memory at phys for reading, or returns NULL
 * when they cannot be read. The pointer is only used until the next call.
 */
typedef const void *(*acpi_map_fn)(u64 phys, size_t len);

/* NULL restores the default (identity below 4 GiB, address 0 refused). */
void acpi_set_mapper(acpi_map_fn fn);

/*
 * The EBDA's physical address, for boots where the BIOS data area in page 0
 * cannot be read any more; 0 means read it from the BDA.
 */
void acpi_set_ebda_base(u64 phys);

/*
 * Finds and parses the tables and logs a summary. rsdp_copy/len: the RSDP as
 * the Multiboot2 loader copied it (tags 14/15), or NULL to scan the BIOS
 * areas. Returns 0, or -ENODEV when no usable RSDP or root table was found.
 * Safe to call again; it starts over.
 */
int acpi_init(const void *rsdp_copy, size_t len);

/* What acpi_init() found, or NULL when there are no ACPI tables. */
const struct acpi_info *acpi_get(void);

/*
 * Physical address of an RSDP for the AML interpreter: where firmware put it,
 * or napkin's copy of the boot loader's (the kernel is identity-mapped). 0
 * without ACPI tables.
 */
u64 acpi_rsdp_address(void);

/* Enters S5 through the FADT's PM1 control registers; returns if that fails. */
void acpi_poweroff(void);

/*
 * The GSI and polarity/trigger an ISA IRQ arrives on, after interrupt source
 * overrides; ISA defaults (edge, active high, GSI = IRQ) otherwise.
 */
void acpi_isa_irq(u8 irq, u32 *gsi, bool *active_low, bool *level);

/* pr_info summary: tables, CPUs, IOAPICs, overrides, ECAM, reset, S5, HPET. */
void acpi_print_summary(void);

#endif

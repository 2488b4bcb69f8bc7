// SPDX-License-Identifier: BSD-2-Clause
/*
 * The MADT: the CPUs, IOAPICs, ISA interrupt overrides and NMI wiring the
 * interrupt controllers are set up from. Entries are length-checked one by
 * one; what does not fit napkin's arrays is counted (madt_dropped).
 */
#define pr_fmt(fmt) "acpi: " fmt

#include "kernel/acpi/acpi_table.h"
#include "kernel/acpi/static_tables.h"
#include "kernel/console/printk.h"

/* MADT entry types. */
enum {
	MADT_LAPIC = 0,
	MADT_IOAPIC = 1,
	MADT_IRQ_OVERRIDE = 2,
	MADT_NMI_SOURCE = 3,
	MADT_LAPIC_NMI = 4,
	MADT_LAPIC_ADDRESS = 5,
	MADT_X2APIC = 9,
	MADT_X2APIC_NMI = 10,
};

static u8 madt_min_len(u8 type)
{
	switch (type) {
	case MADT_LAPIC:
	case MADT_NMI_SOURCE: return 8;
	case MADT_IOAPIC:
	case MADT_LAPIC_ADDRESS:
	case MADT_X2APIC_NMI: return 12;
	case MADT_IRQ_OVERRIDE: return 10;
	case MADT_LAPIC_NMI: return 6;
	case MADT_X2APIC: return 16;
	default: return 2;
	}
}

/* Returns a slot in an array of max entries, or NULL (counted) when full. */
#define MADT_SLOT(arr, nr, max) ((nr) < (max) ? &(arr)[(nr)++] : (sdt_info.madt_dropped++, NULL))

static void add_cpu(u32 apic_id, u32 uid, u32 flags, bool x2apic)
{
	struct acpi_cpu_totals *t = &sdt_info.cpu_totals;
	struct acpi_cpu *c;

	/*
	 * Counted before the array can refuse it: the highest APIC ID tells whether
	 * this machine needs x2APIC mode at all (IDs above 254), even when its CPU
	 * is entry 300 of the table.
	 */
	t->entries++;
	t->enabled += flags & BIT(0) ? 1 : 0;
	t->x2apic_entries += x2apic;
	if ((flags & (BIT(0) | BIT(1))) && apic_id > t->max_apic_id)
		t->max_apic_id = apic_id;
	c = MADT_SLOT(sdt_info.cpus, sdt_info.nr_cpus, ACPI_MAX_CPUS);

	if (c)
		*c = (struct acpi_cpu){ .apic_id = apic_id,
					.uid = uid,
					.enabled = flags & BIT(0),
					.online_capable = flags & BIT(1),
					.x2apic = x2apic };
}

static void add_lapic_nmi(u32 uid, u8 lint, u16 flags, bool x2apic)
{
	struct acpi_lapic_nmi *n;

	if (lint > 1) {
		pr_warn("MADT: NMI on LINT%u does not exist, ignored\n", lint);
		return;
	}
	n = MADT_SLOT(sdt_info.lapic_nmis, sdt_info.nr_lapic_nmis, ACPI_MAX_LAPIC_NMIS);
	if (n)
		*n = (struct acpi_lapic_nmi){
			.uid = uid, .lint = lint, .flags = flags, .x2apic = x2apic
		};
}

static void madt_entry(const struct table *t, u32 off, u8 type)
{
	switch (type) {
	case MADT_LAPIC:
		add_cpu(read8(t, off + 3), read8(t, off + 2), read32(t, off + 4), false);
		break;
	case MADT_X2APIC:
		add_cpu(read32(t, off + 4), read32(t, off + 12), read32(t, off + 8), true);
		break;
	case MADT_IOAPIC: {
		struct acpi_ioapic *io =
		    MADT_SLOT(sdt_info.ioapics, sdt_info.nr_ioapics, ACPI_MAX_IOAPICS);

		if (io)
			*io = (struct acpi_ioapic){ .id = read8(t, off + 2),
						    .address = read32(t, off + 4),
						    .gsi_base = read32(t, off + 8) };
		break;
	}
	case MADT_IRQ_OVERRIDE: {
		struct acpi_irq_override *o =
		    MADT_SLOT(sdt_info.overrides, sdt_info.nr_overrides, ACPI_MAX_OVERRIDES);
		u16 flags = read16(t, off + 8);

		if ((flags & ACPI_POLARITY_MASK) == 2 || (flags & ACPI_TRIGGER_MASK) == 8)
			pr_warn(
			    "MADT: override of IRQ %u uses reserved flags %#x: bus defaults used\n",
			    read8(t, off + 3), flags);
		if (o)
			*o = (struct acpi_irq_override){ .bus = read8(t, off + 2),
							 .bus_irq = read8(t, off + 3),
							 .gsi = read32(t, off + 4),
							 .flags = flags };
		break;
	}
	case MADT_NMI_SOURCE: {
		struct acpi_nmi_source *n =
		    MADT_SLOT(sdt_info.nmi_sources, sdt_info.nr_nmi_sources, ACPI_MAX_NMI_SOURCES);

		if (n)
			*n = (struct acpi_nmi_source){ .flags = read16(t, off + 2),
						       .gsi = read32(t, off + 4) };
		break;
	}
	case MADT_LAPIC_NMI:
		add_lapic_nmi(read8(t, off + 2), read8(t, off + 5), read16(t, off + 3), false);
		break;
	case MADT_X2APIC_NMI:
		add_lapic_nmi(read32(t, off + 4), read8(t, off + 8), read16(t, off + 2), true);
		break;
	case MADT_LAPIC_ADDRESS: {
		u64 addr = read64(t, off + 4);

		if (!addr) {
			pr_warn("MADT: local APIC address override to 0 ignored\n");
			break;
		}
		sdt_info.lapic_address = addr;
		sdt_info.lapic_overridden = true;
		break;
	}
	default: pr_debug("MADT: entry type %u not used\n", type); break;
	}
}

bool sdt_parse_madt(const struct table *t)
{
	u32 off = 44;

	if (!table_has(t, 36, 8))
		return sdt_reject(t, "too short for a MADT", t->len);
	/* An override (type 5) may come in any position; keep it over this. */
	if (!sdt_info.lapic_overridden)
		sdt_info.lapic_address = read32(t, 36);
	sdt_info.pcat_compat = read32(t, 40) & BIT(0);
	while (off < t->len) {
		u8 type, len;

		if (t->len - off < 2) {
			pr_warn("MADT at %#llx: stray byte at offset %u\n",
				(unsigned long long)t->phys, off);
			break;
		}
		type = read8(t, off);
		len = read8(t, off + 1);
		if (len < 2 || len > t->len - off) {
			pr_warn(
			    "MADT at %#llx: entry at offset %u (type %u) has bad length %u: rest ignored\n",
			    (unsigned long long)t->phys, off, type, len);
			break;
		}
		if (len < madt_min_len(type))
			pr_warn(
			    "MADT at %#llx: type %u entry at offset %u is %u bytes, needs %u: skipped\n",
			    (unsigned long long)t->phys, type, off, len, madt_min_len(type));
		else
			madt_entry(t, off, type);
		off += len;
	}
	if (sdt_info.madt_dropped)
		pr_warn("MADT: %u entries did not fit napkin's tables and were dropped\n",
			sdt_info.madt_dropped);
	sdt_info.have_madt = true;
	return true;
}

/* ---- ISA interrupt routing ---- */

bool acpi_isa_override(u8 irq, u32 *gsi, bool *level, bool *active_low)
{
	for (size_t i = 0; i < sdt_info.nr_overrides; i++) {
		const struct acpi_irq_override *o = &sdt_info.overrides[i];

		if (o->bus != 0 || o->bus_irq != irq)
			continue;
		*gsi = o->gsi;
		if ((o->flags & ACPI_TRIGGER_MASK) != ACPI_TRIGGER_CONFORMS)
			*level = (o->flags & ACPI_TRIGGER_MASK) == ACPI_TRIGGER_LEVEL;
		if ((o->flags & ACPI_POLARITY_MASK) != ACPI_POLARITY_CONFORMS)
			*active_low = (o->flags & ACPI_POLARITY_MASK) == ACPI_POLARITY_LOW;
		return true;
	}
	return false;
}

void acpi_isa_irq(u8 irq, u32 *gsi, bool *active_low, bool *level)
{
	/* ISA's defaults (edge, active high) unless an override says otherwise. */
	*gsi = irq;
	*active_low = false;
	*level = false;
	acpi_isa_override(irq, gsi, level, active_low);
}

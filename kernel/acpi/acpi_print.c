// SPDX-License-Identifier: BSD-2-Clause
/*
 * The boot report of what the static tables said (and `acpi` in the shell).
 */
#define pr_fmt(fmt) "acpi: " fmt

#include "kernel/acpi/acpi_table.h"
#include "kernel/console/printk.h"

static const char *space_name(u8 space)
{
	switch (space) {
	case ACPI_GAS_MEMORY: return "memory";
	case ACPI_GAS_IO: return "I/O";
	case ACPI_GAS_PCI_CONFIG: return "PCI config";
	default: return "unknown space";
	}
}

static const char *polarity_name(u16 flags)
{
	switch (flags & ACPI_POLARITY_MASK) {
	case ACPI_POLARITY_HIGH: return "high";
	case ACPI_POLARITY_LOW: return "low";
	default: return "bus default";
	}
}

static const char *trigger_name(u16 flags)
{
	switch (flags & ACPI_TRIGGER_MASK) {
	case ACPI_TRIGGER_EDGE: return "edge";
	case ACPI_TRIGGER_LEVEL: return "level";
	default: return "bus default";
	}
}

static void print_tables(void)
{
	if (sdt_info.rsdp_phys)
		pr_info("RSDP revision %u (%s) at %#llx\n", sdt_info.revision, sdt_info.oem_id,
			(unsigned long long)sdt_info.rsdp_phys);
	else
		pr_info("RSDP revision %u (%s) from the boot loader\n", sdt_info.revision,
			sdt_info.oem_id);
	for (size_t i = 0; i < sdt_info.nr_tables; i++) {
		const struct acpi_table_desc *d = &sdt_info.tables[i];

		pr_info("%s %#010llx %6u bytes rev %u (%s)%s\n", d->signature,
			(unsigned long long)d->phys, d->length, d->revision, d->oem_id,
			d->used ? "" : " (not used)");
	}
	if (sdt_info.tables_unlisted)
		pr_info("%u more tables not listed\n", sdt_info.tables_unlisted);
	if (sdt_info.bad_tables)
		pr_info("%u tables rejected\n", sdt_info.bad_tables);
}

static void print_madt(void)
{
	const struct acpi_cpu_totals *t = &sdt_info.cpu_totals;

	pr_info("%u CPUs (%u enabled, %u in x2APIC entries, APIC IDs up to %u), local APIC at "
		"%#llx%s%s\n",
		t->entries, t->enabled, t->x2apic_entries, t->max_apic_id,
		(unsigned long long)sdt_info.lapic_address,
		sdt_info.lapic_overridden ? " (override)" : "",
		sdt_info.pcat_compat ? ", legacy 8259 present" : "");
	for (size_t i = 0; i < sdt_info.nr_ioapics; i++)
		pr_info("IOAPIC %u at %#x, GSI base %u\n", sdt_info.ioapics[i].id,
			sdt_info.ioapics[i].address, sdt_info.ioapics[i].gsi_base);
	for (size_t i = 0; i < sdt_info.nr_overrides; i++) {
		const struct acpi_irq_override *o = &sdt_info.overrides[i];

		pr_info("IRQ %u -> GSI %u (%s, %s)\n", o->bus_irq, o->gsi, trigger_name(o->flags),
			polarity_name(o->flags));
	}
	for (size_t i = 0; i < sdt_info.nr_nmi_sources; i++)
		pr_info("NMI source GSI %u (%s, %s)\n", sdt_info.nmi_sources[i].gsi,
			trigger_name(sdt_info.nmi_sources[i].flags),
			polarity_name(sdt_info.nmi_sources[i].flags));
	for (size_t i = 0; i < sdt_info.nr_lapic_nmis; i++) {
		const struct acpi_lapic_nmi *n = &sdt_info.lapic_nmis[i];

		const char *kind = n->x2apic ? "x2APIC " : "";

		if (n->uid == (n->x2apic ? 0xffffffffu : 0xffu))
			pr_info("NMI on LINT%u of all %sCPUs (%s, %s)\n", n->lint, kind,
				trigger_name(n->flags), polarity_name(n->flags));
		else
			pr_info("NMI on LINT%u of %sCPU uid %u (%s, %s)\n", n->lint, kind, n->uid,
				trigger_name(n->flags), polarity_name(n->flags));
	}
}

void acpi_print_summary(void)
{
	if (!sdt_info.present) {
		pr_info("no ACPI tables\n");
		return;
	}
	print_tables();
	if (sdt_info.have_madt)
		print_madt();
	else
		pr_info("no MADT: no IOAPIC information\n");
	for (size_t i = 0; i < sdt_info.nr_mcfg; i++)
		pr_info("PCI ECAM at %#llx, segment %u, buses %u-%u\n",
			(unsigned long long)sdt_info.mcfg[i].base, sdt_info.mcfg[i].segment,
			sdt_info.mcfg[i].start_bus, sdt_info.mcfg[i].end_bus);
	if (sdt_info.have_fadt) {
		if (sdt_info.reset_supported)
			pr_info("reset register: %s %#llx, value %#x\n",
				space_name(sdt_info.reset_reg.space_id),
				(unsigned long long)sdt_info.reset_reg.address,
				sdt_info.reset_value);
		else
			pr_info("no ACPI reset register\n");
		pr_info("SCI IRQ %u, PM1a control %s %#llx, PM timer %s %#llx (%u-bit)%s\n",
			sdt_info.sci_irq, space_name(sdt_info.pm1a_cnt.space_id),
			(unsigned long long)sdt_info.pm1a_cnt.address,
			space_name(sdt_info.pm_timer.space_id),
			(unsigned long long)sdt_info.pm_timer.address, sdt_info.pm_timer.bit_width,
			sdt_info.fadt_flags & ACPI_FADT_HW_REDUCED ? ", hardware-reduced" : "");
	}
	if (sdt_info.have_fadt) {
		if (sdt_info.s5_valid)
			pr_info("power-off: S5 sleep type %u/%u from the DSDT\n",
				sdt_info.s5_slp_typa, sdt_info.s5_slp_typb);
		else
			pr_info("power-off: no S5 sleep type found in the DSDT\n");
	}
	if (sdt_info.have_hpet)
		pr_info("HPET %u at %#llx\n", sdt_info.hpet_number,
			(unsigned long long)sdt_info.hpet_address);
}

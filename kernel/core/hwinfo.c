// SPDX-License-Identifier: BSD-2-Clause
/* The boot report (hwinfo.h): one printk line per fact, prefixed "hwinfo: ". */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include "kernel/acpi/acpi.h"
#include "kernel/x86/apic.h"
#include "kernel/core/bootinfo.h"
#include "kernel/core/cmdline.h"
#include "kernel/console/console.h"
#include "kernel/console/fbcon.h"
#include "kernel/core/hwinfo.h"
#include "kernel/mm/mem_init.h"
#include "kernel/mm/memmap.h"
#include "kernel/pci/pci.h"
#include "kernel/console/printk.h"
#include "kernel/console/shell.h"
#include "kernel/core/time.h"

#define MAX_IOAPICS_SHOWN 8

static const struct boot_info *boot;
static const char *napkin_version = "?";
/* On request with info hidden from the consoles, the shell shows the lines too. */
static bool echo_to_shell;

/* Sections of the report supplied from outside kernel/ (HWINFO_SECTION). */
extern const struct hwinfo_section __hwinfo_sections_start[], __hwinfo_sections_end[];

void hwinfo_line(const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	pr_info("hwinfo: %s\n", buf);
	if (echo_to_shell)
		shell_printf("hwinfo: %s\n", buf);
}

static void report_boot(void)
{
	hwinfo_line("napkin %s, Multiboot%d from %s, %s firmware", napkin_version,
		    boot ? boot->multiboot_version : 0, boot ? boot->loader : "unknown",
		    boot && boot->efi ? "UEFI" : "BIOS");
}

static void report_cpu(void)
{
	struct cpu_ident id;
	const struct acpi_info *acpi = acpi_get();
	char feat[256];
	u64 khz = tsc_khz();

	cpu_identify(&id);
	hwinfo_line("cpu: %s \"%s\" family %u model %u stepping %u, TSC %llu.%03llu MHz", id.vendor,
		    id.brand[0] ? id.brand : "no brand string", id.family, id.model, id.stepping,
		    (unsigned long long)(khz / 1000), (unsigned long long)(khz % 1000));
	cpu_feature_names(feat, sizeof(feat));
	hwinfo_line("cpu features: %s", feat[0] ? feat : "(none of interest)");
	if (id.hypervisor[0])
		hwinfo_line("cpu: running under a hypervisor (\"%s\")", id.hypervisor);
	if (acpi && acpi->have_madt) {
		const struct acpi_cpu_totals *t = &acpi->cpu_totals;

		hwinfo_line(
		    "cpus: %u in the MADT (%u in x2APIC entries), %u enabled, APIC IDs up to %u; "
		    "napkin runs on the boot CPU only",
		    t->entries, t->x2apic_entries, t->enabled, t->max_apic_id);
	} else {
		hwinfo_line("cpus: no MADT; napkin runs on the boot CPU only");
	}
}

static void report_memory(void)
{
	size_t n;
	const struct mem_region *map = mem_map(&n);
	u64 usable = memmap_total(map, n, MEM_USABLE);

	hwinfo_line("memory: %llu MiB usable in a map of %zu ranges",
		    (unsigned long long)(usable >> 20), n);
	for (size_t i = 0; i < n; i++)
		hwinfo_line("memory: 0x%016llx-0x%016llx %s", (unsigned long long)map[i].base,
			    (unsigned long long)(map[i].base + map[i].size - 1),
			    memmap_type_name(map[i].type));
}

static void report_acpi(void)
{
	const struct acpi_info *acpi = acpi_get();
	char sigs[ACPI_MAX_TABLES * 5 + 1];
	size_t used = 0;

	if (!acpi) {
		hwinfo_line("acpi: no tables found");
		return;
	}
	sigs[0] = '\0';
	for (size_t i = 0; i < acpi->nr_tables; i++) {
		int k = snprintf(sigs + used, sizeof(sigs) - used, "%s%s", used ? " " : "",
				 acpi->tables[i].signature);

		if (k > 0 && (size_t)k < sizeof(sigs) - used)
			used += (size_t)k;
	}
	hwinfo_line("acpi: revision %u (%s), OEM \"%s\", %zu tables: %s%s", acpi->revision,
		    acpi->xsdt ? "XSDT" : "RSDT", acpi->oem_id, acpi->nr_tables, sigs,
		    acpi->bad_tables ? " (some rejected: see the boot log)" : "");
}

static void report_interrupt_controllers(void)
{
	struct lapic_desc l;
	struct ioapic_desc io[MAX_IOAPICS_SHOWN];
	const struct acpi_info *acpi = acpi_get();
	size_t n = ioapic_describe(io, ARRAY_SIZE(io));

	lapic_describe(&l);
	hwinfo_line("lapic: id %u at %#llx, version %#x, %u LVT entries, %s mode, timer %s", l.id,
		    (unsigned long long)l.phys, l.version, l.max_lvt + 1u,
		    l.x2apic_mode ? "x2APIC" : "xAPIC",
		    l.tsc_deadline ? "TSC deadline" : "one-shot");
	hwinfo_line("lapic: mode chosen because %s; firmware left it %s%s", l.mode_reason,
		    l.firmware_mode, l.cmdline_refused ? "; apic= refused (see the boot log)" : "");
	if (l.unreachable_refusals)
		hwinfo_line(
		    "lapic: %u interrupt routes refused: APIC ID %u is above 255 and there is "
		    "no interrupt remapping",
		    l.unreachable_refusals, l.id);
	for (size_t i = 0; i < n && i < ARRAY_SIZE(io); i++)
		hwinfo_line("ioapic: id %u at %#llx, version %#x, GSIs %u-%u (%u pins)", io[i].id,
			    (unsigned long long)io[i].phys, io[i].version, io[i].gsi_base,
			    io[i].gsi_base + io[i].nr_pins - 1, io[i].nr_pins);
	if (acpi && acpi->have_madt)
		hwinfo_line("interrupts: %zu ISA overrides; legacy 8259 PICs %s",
			    acpi->nr_overrides, acpi->pcat_compat ? "present, masked" : "absent");
}

static const char *class_name(u32 class)
{
	switch (class >> 16) {
	case 0x01: return "storage";
	case 0x02: return "network";
	case 0x03: return "display";
	case 0x04: return "multimedia";
	case 0x05: return "memory";
	case 0x06: return "bridge";
	case 0x07: return "communication";
	case 0x08: return "system";
	case 0x0c: return "serial bus";
	default: return "other";
	}
}

static void report_pci(void)
{
	unsigned count = pci_dev_count();

	hwinfo_line("pci: %u functions", count);
	for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d))
		hwinfo_line("pci: %s [%04x] %04x:%04x rev %02x sub %04x:%04x %s: %s", d->name,
			    d->class >> 8, d->vendor, d->device, d->revision, d->subvendor,
			    d->subdevice, class_name(d->class),
			    d->driver ? d->driver->name : "no driver");
}

static void report_screen(void)
{
	struct fbcon_info fb;

	fbcon_get_info(&fb);
	if (!fb.active) {
		hwinfo_line("screen: %s", boot && boot->vga_text && !boot->efi
					      ? "VGA text mode mirror"
					      : "no framebuffer from the loader");
		return;
	}
	hwinfo_line("screen: framebuffer %ux%u %ubpp at %#llx, %s, %ux%u text (%s, scale %u), "
		    "%llu scrolls, %llu redraws deferred",
		    fb.width, fb.height, fb.bpp, (unsigned long long)fb.phys,
		    fb.write_combining ? "write-combining" : "uncached", fb.cols, fb.rows, fb.font,
		    fb.scale, (unsigned long long)fb.scrolls,
		    (unsigned long long)fb.deferred_flushes);
}

static void report_sections(void)
{
	const struct hwinfo_section *sec = __hwinfo_sections_start;

	/* linker.ld puts both bounds around the one section: one object to the linker. */
	// cppcheck-suppress comparePointers
	for (; sec < __hwinfo_sections_end; sec++)
		sec->report();
}

void hwinfo_print(void)
{
	report_boot();
	report_cpu();
	report_memory();
	report_acpi();
	report_interrupt_controllers();
	report_pci();
	report_sections();
	report_screen();
	hwinfo_line("end of report");
}

static int cmd_hwinfo(int argc, char **argv)
{
	if (argc != 1)
		return -EINVAL;
	echo_to_shell = console_loglevel <= LOGLEVEL_INFO;
	hwinfo_print();
	echo_to_shell = false;
	return 0;
}

static struct shell_cmd hwinfo_cmd = {
	.name = "hwinfo",
	.usage = "hwinfo",
	.help = "the boot report: CPU, memory, ACPI, interrupts, PCI, NICs, screen",
	.run = cmd_hwinfo,
};

void hwinfo_init(const struct boot_info *bi, const char *version)
{
	boot = bi;
	napkin_version = version;
	shell_register(&hwinfo_cmd);
}

void hwinfo_boot_report(void)
{
	bool wanted = true;

	cmdline_get_bool("hwinfo", &wanted);
	if (wanted)
		hwinfo_print();
}

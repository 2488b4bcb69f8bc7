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
#include "net/core/netdev.h"

#define MAX_IOAPICS_SHOWN 8

static const struct boot_info *boot;
static const char *napkin_version = "?";
/* On request with info hidden from the consoles, the shell shows the lines too. */
static bool echo_to_shell;

static void __printf(1, 2) line(const char *fmt, ...)
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
	line("napkin %s, Multiboot%d from %s, %s firmware", napkin_version,
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
	line("cpu: %s \"%s\" family %u model %u stepping %u, TSC %llu.%03llu MHz", id.vendor,
	     id.brand[0] ? id.brand : "no brand string", id.family, id.model, id.stepping,
	     (unsigned long long)(khz / 1000), (unsigned long long)(khz % 1000));
	cpu_feature_names(feat, sizeof(feat));
	line("cpu features: %s", feat[0] ? feat : "(none of interest)");
	if (id.hypervisor[0])
		line("cpu: running under a hypervisor (\"%s\")", id.hypervisor);
	if (acpi && acpi->have_madt) {
		const struct acpi_cpu_totals *t = &acpi->cpu_totals;

		line("cpus: %u in the MADT (%u in x2APIC entries), %u enabled, APIC IDs up to %u; "
		     "napkin runs on the boot CPU only",
		     t->entries, t->x2apic_entries, t->enabled, t->max_apic_id);
	} else {
		line("cpus: no MADT; napkin runs on the boot CPU only");
	}
}

static void report_memory(void)
{
	size_t n;
	const struct mem_region *map = mem_map(&n);
	u64 usable = memmap_total(map, n, MEM_USABLE);

	line("memory: %llu MiB usable in a map of %zu ranges", (unsigned long long)(usable >> 20),
	     n);
	for (size_t i = 0; i < n; i++)
		line("memory: 0x%016llx-0x%016llx %s", (unsigned long long)map[i].base,
		     (unsigned long long)(map[i].base + map[i].size - 1),
		     memmap_type_name(map[i].type));
}

static void report_acpi(void)
{
	const struct acpi_info *acpi = acpi_get();
	char sigs[ACPI_MAX_TABLES * 5 + 1];
	size_t used = 0;

	if (!acpi) {
		line("acpi: no tables found");
		return;
	}
	sigs[0] = '\0';
	for (size_t i = 0; i < acpi->nr_tables; i++) {
		int k = snprintf(sigs + used, sizeof(sigs) - used, "%s%s", used ? " " : "",
				 acpi->tables[i].signature);

		if (k > 0 && (size_t)k < sizeof(sigs) - used)
			used += (size_t)k;
	}
	line("acpi: revision %u (%s), OEM \"%s\", %zu tables: %s%s", acpi->revision,
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
	line("lapic: id %u at %#llx, version %#x, %u LVT entries, %s mode, timer %s", l.id,
	     (unsigned long long)l.phys, l.version, l.max_lvt + 1u,
	     l.x2apic_mode ? "x2APIC" : "xAPIC", l.tsc_deadline ? "TSC deadline" : "one-shot");
	line("lapic: mode chosen because %s; firmware left it %s%s", l.mode_reason, l.firmware_mode,
	     l.cmdline_refused ? "; apic= refused (see the boot log)" : "");
	if (l.unreachable_refusals)
		line("lapic: %u interrupt routes refused: APIC ID %u is above 255 and there is "
		     "no interrupt remapping",
		     l.unreachable_refusals, l.id);
	for (size_t i = 0; i < n && i < ARRAY_SIZE(io); i++)
		line("ioapic: id %u at %#llx, version %#x, GSIs %u-%u (%u pins)", io[i].id,
		     (unsigned long long)io[i].phys, io[i].version, io[i].gsi_base,
		     io[i].gsi_base + io[i].nr_pins - 1, io[i].nr_pins);
	if (acpi && acpi->have_madt)
		line("interrupts: %zu ISA overrides; legacy 8259 PICs %s", acpi->nr_overrides,
		     acpi->pcat_compat ? "present, masked" : "absent");
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

	line("pci: %u functions", count);
	for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d))
		line("pci: %s [%04x] %04x:%04x rev %02x sub %04x:%04x %s: %s", d->name,
		     d->class >> 8, d->vendor, d->device, d->revision, d->subvendor, d->subdevice,
		     class_name(d->class), d->driver ? d->driver->name : "no driver");
}

static int report_nic(struct net_device *dev, void *ctx)
{
	const struct pci_dev *p = dev->pdev;
	const u8 *m = dev->dev_addr;
	char link[48];
	char irq[48];

	++*(unsigned *)ctx;
	if (!dev->link_up)
		snprintf(link, sizeof(link), "link down");
	else if (dev->speed_mbps)
		snprintf(link, sizeof(link), "link up %u Mbps %s duplex", dev->speed_mbps,
			 dev->full_duplex ? "full" : "half");
	else
		snprintf(link, sizeof(link), "link up");
	if (!p) {
		line("nic %s: not a PCI device, mac %02x:%02x:%02x:%02x:%02x:%02x, %s", dev->name,
		     m[0], m[1], m[2], m[3], m[4], m[5], link);
		return 0;
	}
	if (p->irq_mode == PCI_IRQ_MODE_MSI || p->irq_mode == PCI_IRQ_MODE_MSIX)
		snprintf(irq, sizeof(irq), "%s, %u vector%s", pci_irq_mode_name(p->irq_mode),
			 p->nr_irqs, p->nr_irqs == 1 ? "" : "s");
	else if (p->irq_mode == PCI_IRQ_MODE_INTX)
		snprintf(irq, sizeof(irq), "INTx on GSI %u", p->intx_gsi);
	else
		snprintf(irq, sizeof(irq), "%s", pci_irq_mode_name(p->irq_mode));
	line("nic %s: %s at %s, %04x:%04x chip rev 0x%02x, mac %02x:%02x:%02x:%02x:%02x:%02x, "
	     "%s, irq %s",
	     dev->name, p->driver ? p->driver->name : "no driver", p->name, p->vendor, p->device,
	     p->revision, m[0], m[1], m[2], m[3], m[4], m[5], link, irq);
	return 0;
}

static void report_screen(void)
{
	struct fbcon_info fb;

	fbcon_get_info(&fb);
	if (!fb.active) {
		line("screen: %s", boot && boot->vga_text && !boot->efi
				       ? "VGA text mode mirror"
				       : "no framebuffer from the loader");
		return;
	}
	line("screen: framebuffer %ux%u %ubpp at %#llx, %s, %ux%u text (%s, scale %u), "
	     "%llu scrolls, %llu redraws deferred",
	     fb.width, fb.height, fb.bpp, (unsigned long long)fb.phys,
	     fb.write_combining ? "write-combining" : "uncached", fb.cols, fb.rows, fb.font,
	     fb.scale, (unsigned long long)fb.scrolls, (unsigned long long)fb.deferred_flushes);
}

void hwinfo_print(void)
{
	unsigned nics = 0;

	report_boot();
	report_cpu();
	report_memory();
	report_acpi();
	report_interrupt_controllers();
	report_pci();
	netdev_for_each(report_nic, &nics);
	if (!nics)
		line("nic: none registered");
	report_screen();
	line("end of report");
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

// SPDX-License-Identifier: BSD-2-Clause
/* kmain: bring the machine up in dependency order, then run the main loop. */
#include <stdio.h>
#include <string.h>
#include "kernel/acpi/acpi.h"
#include "kernel/acpi/aml.h"
#include "kernel/x86/apic.h"
#include "kernel/core/bootinfo.h"
#include "kernel/core/cmdline.h"
#include "kernel/console/console.h"
#include "kernel/console/early_console.h"
#include "kernel/core/fault.h"
#include "kernel/console/fbcon.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/heap.h"
#include "kernel/core/hwinfo.h"
#include "kernel/core/initcall.h"
#include "kernel/x86/irq.h"
#include "kernel/core/loop.h"
#include "kernel/mm/mem_init.h"
#include "kernel/mm/mm.h"
#include "kernel/core/panic.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_cfg.h"
#include "kernel/pci/pci_intx.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "kernel/core/version.h"
#include "kernel/console/shell.h"
#include "kernel/core/stack_protector.h"
#include "kernel/random/entropy.h"
#include "kernel/x86/rtc.h"
#include "kernel/x86/trap.h"
#include "kernel/x86/vectors.h"

void kmain(u32 magic, u32 info);
void pic_disable(void);

extern char __kernel_start[], __kernel_end[];
extern char boot_stack_guard[];

static struct boot_info boot;

/* `exit_status=N` with `test_exit`: leave QEMU with status N*2+1 once ready. */
static u64 exit_status;
static bool exit_status_wanted;

static void maybe_exit_for_tests(void)
{
	if (!exit_status_wanted)
		return;
	pr_info("napkin: exiting QEMU with status %llu as asked\n",
		(unsigned long long)exit_status);
	machine_stop_prepare();
	qemu_debug_exit((u8)exit_status);
}

/* The command line without the image path GRUB and QEMU put first. */
static const char *command_line_args(void)
{
	const char *raw = cmdline_raw();
	const char *image = cmdline_image();

	if (image && !strncmp(raw, image, strlen(image))) {
		raw += strlen(image);
		while (*raw == ' ')
			raw++;
	}
	return raw;
}

/* Hands what the ACPI tables describe to the subsystems that use it. */
static void apply_acpi(const struct acpi_info *acpi)
{
	for (u8 i = 0; i < acpi->nr_ioapics; i++)
		ioapic_add(acpi->ioapics[i].id, acpi->ioapics[i].address,
			   acpi->ioapics[i].gsi_base);
	for (u8 i = 0; i < acpi->nr_overrides; i++)
		ioapic_add_isa_override(acpi->overrides[i].bus_irq, acpi->overrides[i].gsi,
					acpi->overrides[i].flags);
	for (u8 i = 0; i < acpi->nr_mcfg; i++)
		pci_ecam_add(acpi->mcfg[i].base, acpi->mcfg[i].segment, acpi->mcfg[i].start_bus,
			     acpi->mcfg[i].end_bus);
}

/* Never returns, so it may outlive the canary it started with (see stack_protector.c). */
__attribute__((no_stack_protector)) void kmain(u32 magic, u32 info)
{
	entropy_boot_seed();
	stack_protector_init();
	tsc_mark_boot();
	bootinfo_parse(magic, info, &boot);
	cmdline_init(boot.cmdline);
	early_console_init(&boot);
	loglevel_init();
	gdt_init();
	idt_init();
	backtrace_set_stack_bounds((u64)(uintptr_t)__kernel_start, (u64)(uintptr_t)__kernel_end);
	panic_setup();

	{
		char banner[160];

		snprintf(banner, sizeof(banner),
			 "napkin " NAPKIN_VERSION " booting (Multiboot%d from %s)",
			 boot.multiboot_version, boot.loader);
		pr_info("%s\n", banner);
		fbcon_set_title(banner);
	}
	if (boot.multiboot_version == 0)
		pr_warn(
		    "boot: unrecognised boot magic %#x; continuing without loader information\n",
		    magic);
	pr_info("firmware: %s\n", boot.efi ? "UEFI" : "BIOS");
	pr_info("command line: %s\n", command_line_args());
	entropy_report();
	tsc_calibrate();

	mem_init(&boot);
	dma_read_params();
	if (acpi_init(boot.rsdp, boot.rsdp_len) == 0)
		apply_acpi(acpi_get());
	rtc_read_boot_time(acpi_get() && (acpi_get()->boot_arch & ACPI_BOOT_NO_CMOS_RTC));
	if (!tsc_khz())
		tsc_calibrate_hpet(acpi_get() ? acpi_get()->hpet_address : 0);
	mm_add_guard_page((u64)(uintptr_t)boot_stack_guard);
	gdt_add_guard_pages();
	{
		size_t n;
		const struct mem_region *map = mem_map(&n);

		paging_init(map, n);
	}
	fbcon_paging_ready();

	pic_disable();
	irq_init();
	lapic_init();
	ioapic_init();
	lapic_timer_init(VECTOR_LAPIC_TIMER);
	shell_register_kernel_commands();
	hwinfo_init(&boot, NAPKIN_VERSION);
	console_input_init();

	/* Subsystem cores (the network's among them), then drivers register with PCI. */
	do_initcalls_through(INITCALL_DEVICE);
	pci_read_params();
	acpi_aml_init(); /* before drivers probe: their INTx comes from _PRT */
	pci_init();
	acpi_pci_report();
	/* Stacks on every device the drivers registered, their services, netconsole. */
	do_initcalls_through(INITCALL_LATE);
	hwinfo_boot_report();

	fault_inject_from_cmdline();
	if (test_exit_enabled())
		exit_status_wanted = cmdline_get_u64("exit_status", &exit_status, 0, 127) == 0;
	cmdline_warn_unknown();
	pr_info("napkin: ready\n");
	maybe_exit_for_tests();
	entropy_timer_seed(); /* takes timer interrupts: just before the loop owns them */
	shell_init();
	main_loop();
}

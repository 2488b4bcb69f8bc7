// SPDX-License-Identifier: BSD-2-Clause
/*
 * Halt, reboot, power off. Reboot tries the ACPI reset register (through
 * ACPICA when it runs, else as the static FADT describes it), the PCI reset
 * control port 0xCF9 and the keyboard controller, in that order, because each
 * is missing or broken on some machine; a triple fault is the last resort.
 * Power-off enters S5 through ACPICA (which runs \_PTS and reads \_S5 as AML),
 * then through the static tables' S5 values, then gives up and halts.
 */
#include "kernel/acpi/acpi.h"
#include "kernel/acpi/aml.h"
#include "kernel/x86/irqflags.h"
#include "kernel/core/panic.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "kernel/x86/x86.h"

#define QEMU_DEBUG_EXIT_PORT 0xf4
#define PCI_RESET_CONTROL    0xCF9
#define KBC_STATUS	     0x64
#define KBC_PULSE_RESET	     0xFE

void qemu_debug_exit(u8 code)
{
	/* Harmless on real hardware: nothing decodes this port. */
	outb(QEMU_DEBUG_EXIT_PORT, code);
}

void machine_halt(void)
{
	local_irq_disable();
	for (;;)
		halt();
}

static void acpi_reset(void)
{
	const struct acpi_info *acpi = acpi_get();

	if (!acpi || !acpi->reset_supported)
		return;
	pr_notice("reboot: through the FADT reset register (static tables)\n");
	if (acpi->reset_reg.space_id == ACPI_GAS_IO)
		outb((u16)acpi->reset_reg.address, acpi->reset_value);
	else if (acpi->reset_reg.space_id == ACPI_GAS_MEMORY)
		*(volatile u8 *)(uintptr_t)acpi->reset_reg.address = acpi->reset_value;
	mdelay(50);
}

void machine_reboot(void)
{
	machine_stop_prepare();
	acpi_aml_reset();
	local_irq_disable();
	acpi_reset();
	outb(PCI_RESET_CONTROL, 0x02);
	outb(PCI_RESET_CONTROL, 0x06); /* full reset */
	mdelay(50);
	for (int i = 0; i < 100000 && (inb(KBC_STATUS) & 0x02); i++)
		cpu_relax();
	outb(KBC_STATUS, KBC_PULSE_RESET);
	mdelay(50);
	/* Triple fault: load an empty IDT and trap. */
	{
		static const struct {
			u16 limit;
			u64 base;
		} __packed null_idt = { 0, 0 };

		__asm__ __volatile__("lidt %0; int3" : : "m"(null_idt));
	}
	machine_halt();
}

void machine_poweroff(void)
{
	machine_stop_prepare();
	acpi_aml_poweroff();
	local_irq_disable();
	acpi_poweroff();
	if (test_exit_enabled())
		qemu_debug_exit(0);
	pr_emerg("power off failed; halting\n");
	machine_halt();
}

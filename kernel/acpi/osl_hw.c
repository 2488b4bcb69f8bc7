// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACPICA's hardware services: I/O ports, PCI configuration space, the SCI
 * interrupt, time. The SCI is an ISA interrupt (the FADT's SCI_INT) that the
 * MADT may move and re-polarise; without an override it is level-triggered,
 * active low, as ACPI defines it. It goes through the INTx line table so a
 * PCI device that shares its pin shares its vector too.
 */
#define pr_fmt(fmt) "acpica: " fmt

#include <errno.h>
#include <acpi/acpi.h>

#include "kernel/acpi/static_tables.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/pci_cfg.h"
#include "kernel/pci/pci_intx.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "kernel/x86/x86.h"

acpi_status acpi_os_read_port(acpi_io_address address, u32 *value, u32 width)
{
	if (address > 0xffff)
		return AE_BAD_ADDRESS;
	switch (width) {
	case 8: *value = inb((u16)address); break;
	case 16: *value = inw((u16)address); break;
	case 32: *value = inl((u16)address); break;
	default: return AE_BAD_PARAMETER;
	}
	return AE_OK;
}

acpi_status acpi_os_write_port(acpi_io_address address, u32 value, u32 width)
{
	if (address > 0xffff)
		return AE_BAD_ADDRESS;
	switch (width) {
	case 8: outb((u16)address, (u8)value); break;
	case 16: outw((u16)address, (u16)value); break;
	case 32: outl((u16)address, value); break;
	default: return AE_BAD_PARAMETER;
	}
	return AE_OK;
}

static bool pci_id_ok(const struct acpi_pci_id *id, u32 reg, u32 width)
{
	return id->bus <= 0xff && id->device < 32 && id->function < 8 && reg < 4096 &&
	       (width == 8 || width == 16 || width == 32 || width == 64) &&
	       reg % (width == 64 ? 4 : width / 8) == 0;
}

acpi_status acpi_os_read_pci_configuration(struct acpi_pci_id *pci_id, u32 reg, u64 *value,
					   u32 width)
{
	u8 devfn;

	if (!pci_cfg_ready() || !pci_id_ok(pci_id, reg, width))
		return AE_BAD_PARAMETER;
	devfn = PCI_DEVFN(pci_id->device, pci_id->function);
	if (width == 64) {
		*value =
		    pci_cfg_read(pci_id->segment, (u8)pci_id->bus, devfn, (u16)reg, 4) |
		    (u64)pci_cfg_read(pci_id->segment, (u8)pci_id->bus, devfn, (u16)(reg + 4), 4)
			<< 32;
		return AE_OK;
	}
	*value = pci_cfg_read(pci_id->segment, (u8)pci_id->bus, devfn, (u16)reg, width / 8);
	return AE_OK;
}

acpi_status acpi_os_write_pci_configuration(struct acpi_pci_id *pci_id, u32 reg, u64 value,
					    u32 width)
{
	u8 devfn;

	if (!pci_cfg_ready() || !pci_id_ok(pci_id, reg, width))
		return AE_BAD_PARAMETER;
	devfn = PCI_DEVFN(pci_id->device, pci_id->function);
	if (width == 64) {
		pci_cfg_write(pci_id->segment, (u8)pci_id->bus, devfn, (u16)reg, 4, (u32)value);
		pci_cfg_write(pci_id->segment, (u8)pci_id->bus, devfn, (u16)(reg + 4), 4,
			      (u32)(value >> 32));
		return AE_OK;
	}
	pci_cfg_write(pci_id->segment, (u8)pci_id->bus, devfn, (u16)reg, width / 8, (u32)value);
	return AE_OK;
}

/* ---- the SCI ---- */

static struct {
	acpi_osd_handler handler;
	void *context;
	u32 irq, gsi;
	u8 vector;
	bool installed;
} sci;

static irqreturn_t sci_interrupt(void *ctx)
{
	return sci.handler(sci.context) == ACPI_INTERRUPT_HANDLED ? IRQ_HANDLED : IRQ_NONE;
}

/* Where the SCI's ISA IRQ arrives: the MADT override if there is one. */
static void sci_gsi(u32 irq, u32 *gsi, bool *level, bool *active_low)
{
	*gsi = irq;
	*level = true;
	*active_low = true;
	if (irq < 16)
		acpi_isa_override((u8)irq, gsi, level, active_low);
}

acpi_status acpi_os_install_interrupt_handler(u32 interrupt_number,
					      acpi_osd_handler service_routine, void *context)
{
	bool level, active_low;
	int ret;

	if (!service_routine)
		return AE_BAD_PARAMETER;
	if (sci.installed)
		return AE_ALREADY_EXISTS;
	sci_gsi(interrupt_number, &sci.gsi, &level, &active_low);
	ret = intx_line_get(sci.gsi, level, active_low, &sci.vector);
	if (ret) {
		pr_warn("SCI (IRQ %u, GSI %u) cannot be routed (%d): no ACPI events\n",
			interrupt_number, sci.gsi, ret);
		return AE_NOT_ACQUIRED;
	}
	sci.handler = service_routine;
	sci.context = context;
	sci.irq = interrupt_number;
	ret = request_irq(sci.vector, sci_interrupt, &sci, "acpi-sci");
	if (ret) {
		intx_line_put(sci.gsi);
		pr_warn("SCI handler refused on vector %#x (%d)\n", sci.vector, ret);
		return AE_NOT_ACQUIRED;
	}
	sci.installed = true;
	pr_info("SCI on IRQ %u -> GSI %u (%s, active %s), vector %#x\n", interrupt_number, sci.gsi,
		level ? "level" : "edge", active_low ? "low" : "high", sci.vector);
	return AE_OK;
}

acpi_status acpi_os_remove_interrupt_handler(u32 interrupt_number, acpi_osd_handler service_routine)
{
	if (!sci.installed || sci.irq != interrupt_number || sci.handler != service_routine)
		return AE_NOT_EXIST;
	free_irq(sci.vector, &sci);
	intx_line_put(sci.gsi);
	sci.installed = false;
	return AE_OK;
}

/* ---- time ---- */

void acpi_os_sleep(u64 milliseconds)
{
	while (milliseconds > 1000) {
		mdelay(1000);
		milliseconds -= 1000;
	}
	mdelay((u32)milliseconds);
}

void acpi_os_stall(u32 microseconds)
{
	udelay(microseconds);
}

/* In 100 ns units, as ACPI's Timer opcode counts. */
u64 acpi_os_get_timer(void)
{
	return ktime_get_ns() / 100;
}

/* Nothing to do before the sleep registers are written; let ACPICA go on. */
acpi_status acpi_os_enter_sleep(u8 sleep_state, u32 rega_value, u32 regb_value)
{
	return AE_OK;
}

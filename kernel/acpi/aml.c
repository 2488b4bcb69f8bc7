// SPDX-License-Identifier: BSD-2-Clause
/*
 * Bringing ACPICA up, and what besides INTx routing napkin asks of it:
 * entering S5, pressing the FADT's reset register, and powering off when the
 * power button is pressed (an SCI, handled by ACPICA). The tables are the
 * ones kernel/acpi/acpi.c already checked; ACPICA re-reads them through its own
 * code from the same RSDP.
 */
#define pr_fmt(fmt) "acpi: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <acpi/acpi.h>

#include "kernel/acpi/static_tables.h"
#include "kernel/acpi/aml.h"
#include "kernel/acpi/aml_internal.h"
#include "kernel/core/cmdline.h"
#include "kernel/mm/heap.h"
#include "kernel/x86/irqflags.h"
#include "kernel/core/panic.h"
#include "kernel/pci/pci_cfg.h"
#include "kernel/pci/pci_intx.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"

/* ACPICA keeps room for this many tables before it has a heap to grow into. */
#define INITIAL_TABLES 16
/* \_PIC's argument: 0 = 8259 PIC, 1 = IOAPIC. */
#define PIC_MODE_IOAPIC 1

static bool ready;
static u64 init_ms;

bool aml_ready(void)
{
	return ready;
}

u64 acpi_aml_init_ms(void)
{
	return init_ms;
}

acpi_status aml_eval_int(acpi_handle h, const char *name, u64 *out)
{
	union acpi_object obj;
	struct acpi_buffer buf = { sizeof(obj), &obj };
	acpi_status st = acpi_evaluate_object(h, (acpi_string)name, NULL, &buf);

	if (ACPI_FAILURE(st))
		return st;
	if (obj.type != ACPI_TYPE_INTEGER)
		return AE_TYPE;
	*out = obj.integer.value;
	return AE_OK;
}

void aml_path(acpi_handle h, char *buf, size_t len)
{
	struct acpi_buffer b = { len, buf };

	if (!len)
		return;
	if (ACPI_FAILURE(acpi_get_name(h, ACPI_FULL_PATHNAME, &b)))
		snprintf(buf, len, "?");
}

/* Tells firmware which interrupt model napkin runs, so _PRT answers for it. */
static void set_pic_mode(void)
{
	union acpi_object arg = { .integer = { ACPI_TYPE_INTEGER, PIC_MODE_IOAPIC } };
	struct acpi_object_list args = { 1, &arg };
	acpi_status st = acpi_evaluate_object(NULL, "\\_PIC", &args, NULL);

	if (st == AE_NOT_FOUND)
		pr_info("firmware has no \\_PIC: its _PRT serves one interrupt model\n");
	else if (ACPI_FAILURE(st))
		pr_warn("\\_PIC(1) failed: %s; _PRT may describe the 8259 routing\n",
			acpi_format_exception(st));
	else
		pr_info("\\_PIC(1): firmware told napkin uses the IOAPIC\n");
}

/* Runs from the main loop (acpi_os_execute), not in the SCI. */
static void power_button_work(void *ctx)
{
	pr_notice("power button pressed: powering off\n");
	machine_poweroff();
}

static u32 power_button(void *ctx)
{
	acpi_os_execute(OSL_NOTIFY_HANDLER, power_button_work, NULL);
	return ACPI_INTERRUPT_HANDLED;
}

/* The fixed-hardware power button (PM1 status/enable) powers the machine off. */
static void watch_power_button(void)
{
	acpi_status st =
	    acpi_install_fixed_event_handler(ACPI_EVENT_POWER_BUTTON, power_button, NULL);

	if (ACPI_FAILURE(st))
		pr_info("no fixed power button (%s): it will not power napkin off\n",
			acpi_format_exception(st));
	else
		pr_info("power button: pressing it powers off\n");
}

static int step_failed(const char *step, acpi_status st)
{
	pr_warn("ACPICA %s failed: %s; INTx from config space, power from static tables\n", step,
		acpi_format_exception(st));
	return -EIO;
}

int acpi_aml_init(void)
{
	bool on = true;
	u64 start = ktime_get_ns();
	struct heap_stats before, after;
	acpi_status st;

	cmdline_get_bool("acpi.aml", &on);
	if (!on) {
		pr_info("acpi.aml=off: no AML interpreter; INTx from the config-space line\n");
		return -ENODEV;
	}
	if (!acpi_rsdp_address()) {
		pr_info("no ACPI tables: no AML interpreter\n");
		return -ENODEV;
	}
	/* AML may touch PCI config space (interrupt routers) before PCI enumerates. */
	if (!pci_cfg_ready() && pci_cfg_init())
		pr_warn("no PCI config access: AML PCI regions will fail\n");
	heap_get_stats(&before);

	st = acpi_initialize_subsystem();
	if (ACPI_FAILURE(st))
		return step_failed("subsystem start", st);
	st = acpi_initialize_tables(NULL, INITIAL_TABLES, TRUE);
	if (ACPI_FAILURE(st))
		return step_failed("table setup", st);
	st = acpi_load_tables();
	if (ACPI_FAILURE(st))
		return step_failed("namespace load", st);
	st = acpi_enable_subsystem(ACPI_FULL_INITIALIZATION);
	if (ACPI_FAILURE(st))
		return step_failed("ACPI mode switch", st);
	st = acpi_initialize_objects(ACPI_FULL_INITIALIZATION);
	if (ACPI_FAILURE(st))
		return step_failed("object initialisation", st);
	set_pic_mode();
	watch_power_button();
	acpi_pci_find_roots();
	pci_intx_set_router(acpi_pci_route);
	ready = true;
	init_ms = (ktime_get_ns() - start) / NSEC_PER_MSEC;
	heap_get_stats(&after);
	pr_info("ACPICA %08x up in %llu ms, namespace and caches %zu KiB of heap: PCI INTx "
		"routed by _PRT\n",
		ACPI_CA_VERSION, (unsigned long long)init_ms,
		(after.bytes_in_use - before.bytes_in_use) / 1024);
	return 0;
}

void acpi_aml_poweroff(void)
{
	acpi_status st;

	if (!ready)
		return;
	st = acpi_enter_sleep_state_prep(ACPI_STATE_S5);
	if (ACPI_FAILURE(st)) {
		pr_warn("S5 preparation failed: %s\n", acpi_format_exception(st));
		return;
	}
	pr_notice("power off: entering S5 through ACPI\n");
	local_irq_disable();
	st = acpi_enter_sleep_state(ACPI_STATE_S5);
	/* Still here: the write did not take. */
	pr_warn("S5 did not take: %s\n", acpi_format_exception(st));
}

void acpi_aml_reset(void)
{
	acpi_status st;

	if (!ready)
		return;
	pr_notice("reboot: through the ACPI reset register\n");
	st = acpi_reset();
	if (st == AE_NOT_EXIST) {
		pr_notice("reboot: the FADT offers no reset register; trying the next way\n");
		return;
	}
	if (ACPI_FAILURE(st)) {
		pr_warn("ACPI reset register unusable: %s\n", acpi_format_exception(st));
		return;
	}
	mdelay(50);
	pr_warn("ACPI reset register written but the machine is still running\n");
}

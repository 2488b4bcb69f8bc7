// SPDX-License-Identifier: BSD-2-Clause
/*
 * _OSC on PCI host bridges: tells firmware what napkin's PCI core supports
 * (extended config space through ECAM, segments, MSI) and asks for no native
 * control: napkin does not do PCIe hotplug, PME, AER or LTR, so firmware
 * keeps them. Some firmware only enables MSI or ECAM for an OS that says it
 * supports them. A refusal or an absent _OSC is logged, never fatal.
 */
#define pr_fmt(fmt) "acpi: " fmt

#include <stdio.h>
#include <string.h>
#include <acpi/acpi.h>

#include "kernel/acpi/aml_internal.h"
#include "kernel/console/printk.h"

/* The PCI host bridge _OSC UUID 33db4d5b-1ff7-401c-9657-7441c03dd766, in buffer order. */
static const u8 pci_osc_uuid[16] = { 0x5b, 0x4d, 0xdb, 0x33, 0xf7, 0x1f, 0x1c, 0x40,
				     0x96, 0x57, 0x74, 0x41, 0xc0, 0x3d, 0xd7, 0x66 };

/* Capabilities dword 1 (support) and dword 0 (status) bits. */
#define OSC_SUPPORT_EXT_CONFIG BIT(0)
#define OSC_SUPPORT_SEGMENTS   BIT(3)
#define OSC_SUPPORT_MSI	       BIT(4)
#define OSC_STATUS_FAILURE     BIT(1)
#define OSC_STATUS_BAD_UUID    BIT(2)
#define OSC_STATUS_BAD_REV     BIT(3)
#define OSC_STATUS_MASKED      BIT(4)

void acpi_pci_osc(acpi_handle bridge, bool have_ecam)
{
	u32 caps[3] = { 0, OSC_SUPPORT_SEGMENTS | OSC_SUPPORT_MSI, 0 };
	union acpi_object args[4], *ret;
	struct acpi_object_list list = { 4, args };
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	acpi_status st;
	char path[48];
	u32 status = 0, granted_control = 0;

	if (have_ecam)
		caps[1] |= OSC_SUPPORT_EXT_CONFIG;
	aml_path(bridge, path, sizeof(path));
	args[0].buffer.type = ACPI_TYPE_BUFFER;
	args[0].buffer.length = sizeof(pci_osc_uuid);
	args[0].buffer.pointer = (u8 *)pci_osc_uuid;
	args[1].integer.type = ACPI_TYPE_INTEGER;
	args[1].integer.value = 1; /* revision */
	args[2].integer.type = ACPI_TYPE_INTEGER;
	args[2].integer.value = ARRAY_SIZE(caps);
	args[3].buffer.type = ACPI_TYPE_BUFFER;
	args[3].buffer.length = sizeof(caps);
	args[3].buffer.pointer = (u8 *)caps;
	st = acpi_evaluate_object(bridge, "_OSC", &list, &out);
	if (st == AE_NOT_FOUND) {
		pr_info("%s has no _OSC: firmware keeps PCIe control\n", path);
		return;
	}
	if (ACPI_FAILURE(st)) {
		pr_warn("%s _OSC failed: %s\n", path, acpi_format_exception(st));
		return;
	}
	ret = out.pointer;
	if (ret && ret->type == ACPI_TYPE_BUFFER && ret->buffer.length >= sizeof(caps)) {
		memcpy(&status, ret->buffer.pointer, 4);
		memcpy(&granted_control, ret->buffer.pointer + 8, 4);
	} else {
		status = OSC_STATUS_FAILURE;
	}
	ACPI_FREE(out.pointer);
	if (status & (OSC_STATUS_FAILURE | OSC_STATUS_BAD_UUID | OSC_STATUS_BAD_REV))
		pr_warn("%s _OSC refused (status %#x): firmware keeps PCIe control\n", path,
			status);
	else
		pr_info("%s _OSC: napkin supports%s%s%s; no native control asked, firmware keeps "
			"hotplug, PME and AER (returned control %#x)%s\n",
			path, caps[1] & OSC_SUPPORT_EXT_CONFIG ? " extended config," : "",
			caps[1] & OSC_SUPPORT_SEGMENTS ? " segments," : "", " MSI", granted_control,
			status & OSC_STATUS_MASKED ? ", some bits masked" : "");
}

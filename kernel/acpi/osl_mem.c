// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACPICA's memory services. napkin identity-maps RAM and the firmware's
 * table areas write-back (virtual == physical), so "mapping" a range the
 * memory map calls RAM or ACPI memory is just checking it is mapped, and so is
 * the legacy BIOS area below 1 MiB (where the RSDP lives). Anything else
 * (device registers an OperationRegion names) is mapped uncached with
 * ioremap(), even when it shares a 2 MiB page with RAM: registers must never
 * be cached. Mappings are never torn down: there are few, and the kernel has
 * no unmapping.
 */
#define pr_fmt(fmt) "acpica: " fmt

#include <acpi/acpi.h>

#include "kernel/mm/heap.h"
#include "kernel/mm/mem_init.h"
#include "kernel/mm/memmap.h"
#include "kernel/mm/mm.h"
#include "kernel/console/printk.h"

#define OSL_PAGE	4096ull
#define LEGACY_AREA_END 0x100000ull

/* acpi_os_allocate_zeroed() is ACPICA's own (utalloc.c), built on this. */
void *acpi_os_allocate(acpi_size size)
{
	return kmalloc(size);
}

void acpi_os_free(void *memory)
{
	kfree(memory);
}

static bool range_mapped(u64 phys, u64 len)
{
	for (u64 p = phys & ~(OSL_PAGE - 1); p < phys + len; p += OSL_PAGE)
		if (!mm_is_mapped(p))
			return false;
	return true;
}

static bool ram_type(u32 type)
{
	return type == MEM_USABLE || type == MEM_ACPI_RECLAIM || type == MEM_ACPI_NVS;
}

/* Whether the memory map covers [phys, end) with RAM or ACPI regions only. */
static bool in_ram(u64 phys, u64 end)
{
	size_t n;
	const struct mem_region *map = mem_map(&n);
	bool progress = true;

	while (phys < end && progress) {
		progress = false;
		for (size_t i = 0; i < n; i++) {
			if (ram_type(map[i].type) && map[i].base <= phys &&
			    phys < map[i].base + map[i].size) {
				phys = map[i].base + map[i].size;
				progress = true;
			}
		}
	}
	return phys >= end;
}

void *acpi_os_map_memory(acpi_physical_address where, acpi_size length)
{
	if (!length)
		length = 1;
	/* Page 0 stays unmapped so that NULL faults; nothing ACPI needs lives there. */
	if (where < OSL_PAGE || where + length < where) {
		pr_warn("refusing to map %#llx+%#llx\n", (unsigned long long)where,
			(unsigned long long)length);
		return NULL;
	}
	if ((where + length <= LEGACY_AREA_END || in_ram(where, where + length)) &&
	    range_mapped(where, length))
		return (void *)(uintptr_t)where;
	return ioremap(where, length);
}

void acpi_os_unmap_memory(void *logical_address, acpi_size size) {}

acpi_status acpi_os_get_physical_address(void *logical_address,
					 acpi_physical_address *physical_address)
{
	if (!logical_address || !physical_address)
		return AE_BAD_PARAMETER;
	*physical_address = (acpi_physical_address)(uintptr_t)logical_address;
	return AE_OK;
}

u8 acpi_os_readable(void *pointer, acpi_size length)
{
	return range_mapped((u64)(uintptr_t)pointer, length);
}

u8 acpi_os_writable(void *pointer, acpi_size length)
{
	return range_mapped((u64)(uintptr_t)pointer, length);
}

static acpi_status access_memory(acpi_physical_address address, u64 *value, u32 width, bool write)
{
	void *p;

	if (width != 8 && width != 16 && width != 32 && width != 64)
		return AE_BAD_PARAMETER;
	p = acpi_os_map_memory(address, width / 8);
	if (!p)
		return AE_NOT_EXIST;
	switch (width) {
	case 8:
		if (write)
			*(volatile u8 *)p = (u8)*value;
		else
			*value = *(volatile u8 *)p;
		break;
	case 16:
		if (write)
			*(volatile u16 *)p = (u16)*value;
		else
			*value = *(volatile u16 *)p;
		break;
	case 32:
		if (write)
			*(volatile u32 *)p = (u32)*value;
		else
			*value = *(volatile u32 *)p;
		break;
	default:
		if (write)
			*(volatile u64 *)p = *value;
		else
			*value = *(volatile u64 *)p;
		break;
	}
	return AE_OK;
}

acpi_status acpi_os_read_memory(acpi_physical_address address, u64 *value, u32 width)
{
	return access_memory(address, value, width, false);
}

acpi_status acpi_os_write_memory(acpi_physical_address address, u64 value, u32 width)
{
	return access_memory(address, &value, width, true);
}

int acpi_os_read_iomem(void __iomem *virt_addr, u64 *value, u32 width)
{
	return ACPI_FAILURE(access_memory((uintptr_t)virt_addr, value, width, false)) ? -1 : 0;
}

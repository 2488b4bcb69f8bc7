// SPDX-License-Identifier: BSD-2-Clause
/*
 * From the loader's memory map to a working page allocator: decode and
 * normalise the map, place the allocator's bitmap in the first free RAM above
 * the kernel, and keep out everything still in use (the low 1 MiB with its
 * firmware data, the kernel image, the loader's information).
 */
#include "kernel/core/bootinfo.h"
#include "kernel/mm/mem_init.h"
#include "kernel/mm/memmap.h"
#include "kernel/mm/phys.h"
#include "kernel/mm/pmm.h"
#include "kernel/console/printk.h"

#define MAX_REGIONS    128
#define LOW_MEMORY_END (1ull << 20)

extern char __kernel_start[], __kernel_end[];

static struct mem_region raw[MAX_REGIONS];
static struct mem_region map[MAX_REGIONS];
static size_t map_len;

const struct mem_region *mem_map(size_t *n)
{
	*n = map_len;
	return map;
}

/* A free stretch of `bytes` in usable RAM above `floor` outside [avoid_lo, avoid_hi). */
static u64 find_room(u64 bytes, u64 floor, u64 avoid_lo, u64 avoid_hi)
{
	for (size_t i = 0; i < map_len; i++) {
		u64 start = MAX(map[i].base, floor);
		u64 end = map[i].base + map[i].size;

		if (map[i].type != MEM_USABLE)
			continue;
		if (start < avoid_hi && start + bytes > avoid_lo)
			start = MAX(start, avoid_hi);
		start = ALIGN_UP(start, PMM_PAGE_SIZE);
		if (start + bytes <= end && start + bytes <= (4ull << 30))
			return start;
	}
	return 0;
}

void mem_init(const struct boot_info *bi)
{
	size_t n = 0;
	u64 max_phys = 0, usable = 0, bitmap_bytes, bitmap_phys;
	u64 kstart = (u64)(uintptr_t)__kernel_start, kend = (u64)(uintptr_t)__kernel_end;
	u64 info_lo = ALIGN_DOWN(bi->info_start, PMM_PAGE_SIZE);
	u64 info_hi = ALIGN_UP(bi->info_end, PMM_PAGE_SIZE);

	if (bi->mb2_mmap_tag)
		n = memmap_from_mb2_tag(bi->mb2_mmap_tag, raw, MAX_REGIONS);
	else if (bi->mb1_mmap)
		n = memmap_from_mb1(bi->mb1_mmap, bi->mb1_mmap_len, raw, MAX_REGIONS);
	if (n == 0) {
		pr_warn("mem: the loader gave no memory map; using its lower/upper totals\n");
		n = memmap_from_basic(bi->mem_lower_kb, bi->mem_upper_kb, raw, MAX_REGIONS);
	}
	map_len = memmap_normalize(raw, n, map, MAX_REGIONS);
	memmap_print(map, map_len);
	for (size_t i = 0; i < map_len; i++) {
		if (map[i].type != MEM_USABLE)
			continue;
		usable += map[i].size;
		max_phys = MAX(max_phys, map[i].base + map[i].size);
	}
	if (!usable)
		panic("mem: no usable memory in the loader's map");

	bitmap_bytes = pmm_bitmap_bytes(max_phys);
	bitmap_phys = find_room(ALIGN_UP(bitmap_bytes, PMM_PAGE_SIZE), kend, info_lo, info_hi);
	if (!bitmap_phys)
		panic("mem: no room for the page allocator's bitmap (%llu bytes)",
		      (unsigned long long)bitmap_bytes);
	pmm_init(map, map_len, phys_to_virt(bitmap_phys), bitmap_bytes);
	pmm_reserve(0, LOW_MEMORY_END);
	pmm_reserve(kstart, kend - kstart);
	pmm_reserve(bitmap_phys, ALIGN_UP(bitmap_bytes, PMM_PAGE_SIZE));
	if (info_hi > info_lo)
		pmm_reserve(info_lo, info_hi - info_lo);
	/* A framebuffer in RAM (ramfb; some UEFI GOPs) is the screen's, never the allocator's. */
	if (bi->fb.addr)
		pmm_reserve(bi->fb.addr, (u64)bi->fb.pitch * bi->fb.height);
	pr_info("mem: %llu KiB usable, highest address %#llx, kernel %#llx-%#llx\n",
		(unsigned long long)(usable / 1024), (unsigned long long)max_phys,
		(unsigned long long)kstart, (unsigned long long)kend);
}

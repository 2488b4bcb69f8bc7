// SPDX-License-Identifier: BSD-2-Clause
/* DMA buffers: page allocator pages seen through the identity map. */
#define pr_fmt(fmt) "dma: " fmt

#include <string.h>

#include "kernel/core/cmdline.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/phys.h"
#include "kernel/mm/pmm.h"
#include "kernel/console/printk.h"

#define DMA_32BIT_END (1ull << 32)

static struct dma_stats stats;
/* dma=high: buffers a device may place anywhere come from above 4 GiB first. */
static bool prefer_high;

static size_t size_to_pages(size_t size)
{
	return size / PMM_PAGE_SIZE + !!(size % PMM_PAGE_SIZE);
}

void *dma_alloc(size_t size, size_t align, unsigned int flags, dma_addr_t *bus)
{
	size_t pages = size_to_pages(size);
	u64 phys;
	void *virt;

	if (!size || (align & (align - 1)) || (flags & ~(DMA_32BIT | DMA_STREAMING))) {
		pr_err("bad request: size %zu, align %#zx, flags %#x\n", size, align, flags);
		stats.failed++;
		return NULL;
	}
	phys = 0;
	if (prefer_high && !(flags & DMA_32BIT))
		phys = pmm_alloc_above(pages, MAX(align, PMM_PAGE_SIZE), DMA_32BIT_END);
	if (!phys)
		phys = pmm_alloc(pages, MAX(align, PMM_PAGE_SIZE),
				 flags & DMA_32BIT ? DMA_32BIT_END : 0);
	if (!phys) {
		pr_warn("no %zu contiguous bytes aligned to %#zx%s\n",
			(size_t)(pages * PMM_PAGE_SIZE), (size_t)MAX(align, PMM_PAGE_SIZE),
			flags & DMA_32BIT ? " below 4 GiB" : "");
		stats.failed++;
		return NULL;
	}
	virt = phys_to_virt(phys);
	memset(virt, 0, pages * PMM_PAGE_SIZE);
	if (bus)
		*bus = phys;
	stats.allocs++;
	stats.bytes_in_use += pages * PMM_PAGE_SIZE;
	stats.bytes_hwm = MAX(stats.bytes_hwm, stats.bytes_in_use);
	return virt;
}

void dma_free(void *p, size_t size)
{
	size_t pages = size_to_pages(size);

	if (!p)
		return;
	if ((uintptr_t)p % PMM_PAGE_SIZE) {
		pr_err("free of %p: not a buffer from dma_alloc (not page aligned)\n", p);
		return;
	}
	/* pmm logs double and wild frees itself. */
	if (!pmm_free(virt_to_phys(p), pages))
		return;
	stats.frees++;
	stats.bytes_in_use -= pages * PMM_PAGE_SIZE;
}

void dma_get_stats(struct dma_stats *out)
{
	*out = stats;
}

void dma_print_stats(void)
{
	pr_info("%zu KiB in use (peak %zu KiB), %llu allocations, %llu frees, %llu failed\n",
		stats.bytes_in_use / 1024, stats.bytes_hwm / 1024, (unsigned long long)stats.allocs,
		(unsigned long long)stats.frees, (unsigned long long)stats.failed);
}

/*
 * dma=high puts every buffer without a 32-bit limit above 4 GiB while RAM
 * there lasts, so a device's 64-bit addressing (high address registers, the
 * upper halves of descriptors) is exercised from the first frame rather than
 * only once low memory runs out.
 */
void dma_read_params(void)
{
	const char *val;

	if (!cmdline_get("dma", &val) || !val)
		return;
	if (!strcmp(val, "high")) {
		prefer_high = true;
		pr_info("dma=high: device buffers above 4 GiB first\n");
	} else if (strcmp(val, "low")) {
		pr_warn("dma=%s: unknown (high or low); buffers lowest first\n", val);
	}
}

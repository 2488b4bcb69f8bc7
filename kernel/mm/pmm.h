/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Physical page allocator: one bit per 4 KiB page, scanned a 64-bit word at a
 * time. It only does arithmetic on the addresses it manages and never touches
 * that memory, so it can be tested on made-up physical addresses. Not for
 * hard interrupt context: napkin's handlers only raise softirqs.
 */
#ifndef NAPKIN_KERNEL_PMM_H
#define NAPKIN_KERNEL_PMM_H

#include "kernel/core/compiler.h"
#include "kernel/mm/memmap.h"

#define PMM_PAGE_SHIFT 12
#define PMM_PAGE_SIZE  (1ull << PMM_PAGE_SHIFT)

struct pmm_stats {
	u64 total_pages;    /* usable pages found by pmm_init() (page 0 excluded) */
	u64 reserved_pages; /* of those, taken later by pmm_reserve() */
	u64 free_pages;
	u64 used_pages;	    /* handed out by pmm_alloc() and not freed yet */
	u64 used_hwm_pages; /* most used_pages ever */
	u64 allocs;	    /* successful pmm_alloc() calls */
	u64 frees;	    /* successful pmm_free() calls */
	u64 failed_allocs;
	u64 bad_frees;	   /* double frees, frees of reserved or unknown pages */
	u64 ignored_pages; /* usable pages above what the bitmap covers */
};

/* Bytes of bitmap needed to manage physical addresses below max_phys. */
size_t pmm_bitmap_bytes(u64 max_phys);

/*
 * Starts over with the MEM_USABLE pages of regions free and everything else
 * (including page 0, so 0 can mean failure) reserved. Where a usable range
 * overlaps another type, the other type wins. The bitmap buffer must stay
 * valid for good and be kept out of the allocator with pmm_reserve() if it
 * lies in usable memory.
 */
void pmm_init(const struct mem_region *regions, size_t n, void *bitmap, size_t bitmap_bytes);

/* Takes every page touching [base, base + size) out of the allocator for good. */
void pmm_reserve(u64 base, u64 size);

/*
 * Allocates `pages` physically contiguous pages starting at a multiple of
 * align (a power of two; below a page means a page) and ending at or below
 * max_end (0: no limit). Lowest fit first. Returns the physical address, or 0.
 */
u64 pmm_alloc(size_t pages, u64 align, u64 max_end);
/*
 * The same, starting at or above min_start: the lowest fit there, or 0 (not
 * counted as a failure: the caller falls back to pmm_alloc).
 */
u64 pmm_alloc_above(size_t pages, u64 align, u64 min_start);

/*
 * Gives back allocated pages (usually exactly what pmm_alloc returned). A
 * range holding a free, reserved or unmanaged page is logged and ignored
 * whole; the result says whether the pages were freed.
 */
bool pmm_free(u64 base, size_t pages);

void pmm_get_stats(struct pmm_stats *out);
/* pr_info summary for the boot log and the shell. */
void pmm_print_stats(void);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Buffers devices can reach by DMA: whole pages, physically contiguous,
 * zeroed. napkin identity-maps RAM and sets up no IOMMU, so the address a
 * device uses (bus address) is the physical address.
 */
#ifndef NAPKIN_KERNEL_DMA_H
#define NAPKIN_KERNEL_DMA_H

#include "kernel/compiler.h"

typedef u64 dma_addr_t;

/* The device only drives 32 address bits: keep the buffer below 4 GiB. */
#define DMA_32BIT BIT(0)

struct dma_stats {
	size_t bytes_in_use; /* whole pages */
	size_t bytes_hwm;
	u64 allocs, frees, failed;
};

/*
 * size bytes (rounded up to pages) aligned to align (a power of two; 0 or
 * anything below a page means a page). Returns the CPU's pointer and stores
 * the device's address in *bus (if bus is non-NULL), or returns NULL.
 */
void *dma_alloc(size_t size, size_t align, unsigned int flags, dma_addr_t *bus);

/* p and size as given to and returned by dma_alloc. */
void dma_free(void *p, size_t size);

void dma_get_stats(struct dma_stats *out);
/* pr_info summary for the boot log and the shell's mem command. */
void dma_print_stats(void);

#endif

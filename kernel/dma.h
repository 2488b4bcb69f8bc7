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

/*
 * Streaming mappings: memory the CPU owns (the stack's heap, static data)
 * lent to a device for one transfer, given back with dma_unmap_single() once
 * the device is done. With RAM identity-mapped and no IOMMU, on bare metal
 * the bus address is the pointer and unmapping does nothing; the hosted
 * harness (NAPKIN_DMA_CHECKED) tracks every mapping, so a device that uses
 * one after it was given back, or memory never mapped, fails the test.
 */
#ifdef NAPKIN_DMA_CHECKED
dma_addr_t dma_map_single(const void *cpu, size_t len);
void dma_unmap_single(dma_addr_t bus, size_t len);
#else
static inline dma_addr_t dma_map_single(const void *cpu, size_t len)
{
	return (dma_addr_t)(uintptr_t)cpu;
}

static inline void dma_unmap_single(dma_addr_t bus, size_t len) {}
#endif

void dma_get_stats(struct dma_stats *out);
/* pr_info summary for the boot log and the shell's mem command. */
void dma_print_stats(void);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Buffers devices can reach by DMA: whole pages, physically contiguous,
 * zeroed. napkin identity-maps RAM and sets up no IOMMU, so the address a
 * device uses (bus address) is the physical address.
 */
#ifndef NAPKIN_KERNEL_DMA_H
#define NAPKIN_KERNEL_DMA_H

#include "kernel/core/compiler.h"

typedef u64 dma_addr_t;

/* The device only drives 32 address bits: keep the buffer below 4 GiB. */
#define DMA_32BIT BIT(0)
/*
 * Streaming buffers (receive buffers, bounce buffers), not rings: the device
 * may touch a byte only between dma_sync_single_for_device() and
 * dma_sync_single_for_cpu() on it, and the CPU only outside. Without the flag
 * the memory is coherent: CPU and device share it at any time, and ordering
 * (kernel/x86/barrier.h) is all it needs.
 */
#define DMA_STREAMING BIT(1)

/* Who moves the data, for the sync calls below. */
enum dma_data_direction {
	DMA_BIDIRECTIONAL = 0,
	DMA_TO_DEVICE = 1,   /* the device reads what the CPU wrote */
	DMA_FROM_DEVICE = 2, /* the CPU reads what the device wrote */
};

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

/* The dma= boot option (high: above 4 GiB first; low, the default). */
void dma_read_params(void);

/* p and size as given to and returned by dma_alloc. */
void dma_free(void *p, size_t size);

/*
 * Streaming mappings: memory the CPU owns (the stack's heap, static data)
 * lent to a device for one transfer, given back with dma_unmap_single() once
 * the device is done. Mapping hands the memory to the device to read
 * (DMA_TO_DEVICE), as dma_sync_single_for_device() would. With RAM identity-mapped and no IOMMU,
 * on bare metal the bus address is the pointer and unmapping does nothing;
 * the hosted harness (NAPKIN_DMA_CHECKED) tracks every mapping, so a device
 * that uses one after it was given back, or memory never mapped, fails the
 * test.
 *
 * Ownership of streaming memory (a DMA_STREAMING allocation or a mapping)
 * passes between CPU and device only through these calls:
 *   dma_sync_single_for_device(bus, len, dir): the CPU is done with
 *     [bus, bus + len) (written what the device is to read, for TO_DEVICE);
 *     from here the device owns it. Call before the descriptor that points
 *     at it is published.
 *   dma_sync_single_for_cpu(bus, len, dir): the device is done (the
 *     descriptor says so); from here the CPU owns it and may read what the
 *     device wrote (FROM_DEVICE). dir must be the one it was handed over with.
 * On x86 DMA is cache-coherent, so on bare metal both are no-ops. On a CPU
 * without coherent DMA they would clean (for_device) and invalidate
 * (for_cpu) the cache lines of the range. The hosted harness checks them;
 * tests/hosted/hosted_dma.h lists what it catches.
 */
#ifdef NAPKIN_DMA_CHECKED
dma_addr_t dma_map_single(const void *cpu, size_t len);
void dma_unmap_single(dma_addr_t bus, size_t len);
void dma_sync_single_for_device(dma_addr_t bus, size_t len, enum dma_data_direction dir);
void dma_sync_single_for_cpu(dma_addr_t bus, size_t len, enum dma_data_direction dir);
#else
static inline dma_addr_t dma_map_single(const void *cpu, size_t len)
{
	return (dma_addr_t)(uintptr_t)cpu;
}

static inline void dma_unmap_single(dma_addr_t bus, size_t len) {}

static inline void dma_sync_single_for_device(dma_addr_t bus, size_t len,
					      enum dma_data_direction dir)
{
}

static inline void dma_sync_single_for_cpu(dma_addr_t bus, size_t len, enum dma_data_direction dir)
{
}
#endif

void dma_get_stats(struct dma_stats *out);
/* pr_info summary for the boot log and the shell's mem command. */
void dma_print_stats(void);

#endif

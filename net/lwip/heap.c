// SPDX-License-Identifier: BSD-2-Clause
/*
 * The heap lwIP allocates from: the kernel heap with a byte budget on top.
 * lwIP's own heap (mem.c) and pools (memp.c) are static arrays sized at
 * compile time; napkin sizes the network from the machine at boot instead,
 * so lwipopts.h turns both into calls here (MEM_LIBC_MALLOC, MEMP_MEM_MALLOC).
 * A refusal is what lwIP already handles for a full pool: a SYN or a frame
 * is dropped and retried by the peer, a tcp_write returns ERR_MEM.
 *
 * The hosted harness builds the same code against the C library, so the
 * sanitizers see each allocation; that is the only difference, and it is kept
 * to the helpers at the top. The hosted cost benchmark keeps the kernel heap
 * (NAPKIN_HOSTED_KERNEL_HEAP): it counts the instructions bare metal runs.
 */
#include "net/lwip/capacity.h"

#if defined(NAPKIN_HOSTED) && !defined(NAPKIN_HOSTED_KERNEL_HEAP)
#include <malloc.h>
#include <stdlib.h>

static void *backing_alloc(size_t size, size_t *usable)
{
	/* 16-byte alignment like kmalloc, which lwIP's MEM_ALIGNMENT (8) needs. */
	void *p = aligned_alloc(16, (size + 15) & ~(size_t)15);

	*usable = malloc_usable_size(p);
	return p;
}

static size_t backing_free(void *p)
{
	size_t size = malloc_usable_size(p);

	free(p);
	return size;
}

u64 lwip_heap_machine_ram(void)
{
	return 256ull << 20;
}
#else
#include "kernel/mm/heap.h"
#include "kernel/mm/pmm.h"

/* The heap says how big an object is as it hands it out or takes it back: no second lookup. */
static void *backing_alloc(size_t size, size_t *usable)
{
	return kmalloc_usable(size, usable);
}

static size_t backing_free(void *p)
{
	return kfree_usable(p);
}

u64 lwip_heap_machine_ram(void)
{
	struct pmm_stats s;

	pmm_get_stats(&s);
	return s.total_pages * PMM_PAGE_SIZE;
}
#endif

#include <string.h>

static struct lwip_heap_stats heap = { .budget = LWIP_MEM_MIN_BYTES };

void lwip_heap_set_budget(u64 bytes)
{
	heap.budget = bytes;
}

void lwip_heap_get_stats(struct lwip_heap_stats *out)
{
	*out = heap;
}

void *lwip_heap_alloc(size_t size)
{
	void *p;
	size_t got;

	/* Checked before and after: the heap rounds up, and only it knows by how much. */
	if (heap.in_use + size > heap.budget) {
		heap.over_budget++;
		return NULL;
	}
	p = backing_alloc(size, &got);
	if (!p) {
		heap.no_memory++;
		return NULL;
	}
	if (heap.in_use + got > heap.budget) {
		backing_free(p);
		heap.over_budget++;
		return NULL;
	}
	heap.in_use += got;
	if (heap.in_use > heap.in_use_hwm)
		heap.in_use_hwm = heap.in_use;
	heap.allocs++;
	return p;
}

void lwip_heap_free(void *p)
{
	if (!p)
		return;
	heap.in_use -= backing_free(p);
	heap.frees++;
}

void *lwip_heap_calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > (size_t)-1 / size)
		return NULL;
	p = lwip_heap_alloc(n * size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel heap. Small requests (up to HEAP_MAX_SMALL bytes) come from
 * size-class slabs of one page each; bigger ones get whole pages. The two
 * largest classes are three and two objects to a page: a full Ethernet frame
 * (a PBUF_RAM segment, the transmit glue's frame record) would otherwise take
 * a page of its own, and its free a trip through the page allocator. Pointers are
 * 16-byte aligned. Not DMA memory: use dma_alloc() for device buffers. Not for
 * hard interrupt context.
 */
#ifndef NAPKIN_KERNEL_HEAP_H
#define NAPKIN_KERNEL_HEAP_H

#include "kernel/core/compiler.h"

#define HEAP_NR_CLASSES 9
#define HEAP_MAX_SMALL	2016
/*
 * Empty slabs a class keeps rather than give back: a burst of frames that
 * fills and empties a few pages of one class does not send each page through
 * the page allocator every time.
 */
#define HEAP_EMPTY_SLABS_KEPT 4

struct heap_class_stats {
	u32 size;   /* object size of this class */
	u32 slabs;  /* pages held */
	u64 in_use; /* objects handed out */
	u64 in_use_hwm;
};

struct heap_stats {
	size_t bytes_in_use; /* small: class size; big: requested size */
	size_t bytes_hwm;
	size_t pages_in_use; /* pages taken from the page allocator */
	size_t pages_hwm;
	u64 big_in_use; /* whole-page allocations handed out */
	u64 allocs, frees, failed, bad_frees;
	struct heap_class_stats classes[HEAP_NR_CLASSES];
};

void *kmalloc(size_t size);
void *kzalloc(size_t size);
/* Zeroed n * size bytes; NULL when the product overflows. */
void *kcalloc(size_t n, size_t size);
/* kmalloc() that also says what ksize() would of the result (0 when NULL), without a lookup. */
void *kmalloc_usable(size_t size, size_t *usable);
/* NULL is fine; anything not from kmalloc is logged and ignored. */
void kfree(void *p);
/* kfree() that returns what ksize() said of p before: 0 for NULL and for a free it refused. */
size_t kfree_usable(void *p);
/* Usable bytes at p (at least what was asked for). */
size_t ksize(const void *p);

/* Forgets all heap state; for tests, which reinitialise the page allocator. */
void heap_reset(void);
void heap_get_stats(struct heap_stats *out);
/* pr_info summary for the boot log and the shell's mem command. */
void heap_print_stats(void);

#endif

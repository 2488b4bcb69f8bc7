/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Virtual memory: napkin identity-maps RAM (virtual == physical), so a
 * pointer is its own physical and bus address. paging_init() replaces the
 * boot tables with ones that give each kernel section its rights, leave page
 * 0 and stack guard pages unmapped, and map device memory uncached on demand.
 */
#ifndef NAPKIN_KERNEL_MM_H
#define NAPKIN_KERNEL_MM_H

#include "kernel/core/compiler.h"
#include "kernel/mm/phys.h"

struct mem_region;

void paging_init(const struct mem_region *map, size_t n);
/* Identity-map [phys, phys+size) uncached for MMIO; returns the pointer. */
void *ioremap(u64 phys, u64 size);
/* The same, write-combining (uncached when the CPU has no PAT): framebuffers. */
void *ioremap_wc(u64 phys, u64 size);
/* True once paging_init() made write-combining available. */
bool mm_have_wc(void);
/* A page that must fault when touched (below a stack). Call before paging_init. */
void mm_add_guard_page(u64 addr);
/* True if addr lies in a page registered with mm_add_guard_page(). */
bool mm_is_guard_page(u64 addr);
/* True if addr lies in the kernel's (read-only, executable) text. */
bool mm_is_kernel_text(u64 addr);
/* True if addr is mapped (for defensive walkers such as the backtrace). */
bool mm_is_mapped(u64 addr);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fake physical memory for host tests of code that writes to the pages it
 * allocates (heap, DMA): a page-aligned malloc'd arena stands for the usable
 * physical range [base, base + bytes), the page allocator manages exactly that
 * range, and phys_to_virt() points into the arena.
 */
#ifndef NAPKIN_TESTS_PHYS_ARENA_H
#define NAPKIN_TESTS_PHYS_ARENA_H

#include "kernel/core/compiler.h"

/* Returns the arena (virtual address of physical base). */
void *phys_arena_init(u64 base, size_t bytes);
void phys_arena_free(void);
/* True when [p, p + len) lies inside the arena. */
bool phys_arena_contains(const void *p, size_t len);

#endif

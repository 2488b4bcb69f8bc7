// SPDX-License-Identifier: BSD-2-Clause
/* Fake physical memory for host tests; see phys_arena.h. */
#include <stdlib.h>
#include <string.h>

#include "kernel/mm/phys.h"
#include "kernel/mm/pmm.h"
#include "tests/unit/fakes/phys_arena.h"

static void *arena;
static size_t arena_bytes;
static void *bitmap;

void *phys_arena_init(u64 base, size_t bytes)
{
	struct mem_region r = { base, bytes, MEM_USABLE };
	size_t bm = pmm_bitmap_bytes(base + bytes);

	phys_arena_free();
	arena = aligned_alloc(PMM_PAGE_SIZE, bytes);
	arena_bytes = bytes;
	/* Junk, so code that forgets to initialise what it allocates shows it. */
	memset(arena, 0xa5, bytes);
	bitmap = malloc(bm);
	phys_virt_offset = (uintptr_t)arena - (uintptr_t)base;
	pmm_init(&r, 1, bitmap, bm);
	return arena;
}

void phys_arena_free(void)
{
	free(arena);
	free(bitmap);
	arena = NULL;
	bitmap = NULL;
	arena_bytes = 0;
}

bool phys_arena_contains(const void *p, size_t len)
{
	uintptr_t a = (uintptr_t)arena, q = (uintptr_t)p;

	return q >= a && len <= arena_bytes && q - a <= arena_bytes - len;
}

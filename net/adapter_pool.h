/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The adapters of one driver: a table of slots, each allocated the first time
 * a device needs it and kept from then on. An image that carries every driver
 * pays only for the adapters the machine has (a static table of four sky2,
 * four tg3, four e1000 and two skge adapters made the image 1.4 MB bigger,
 * and GRUB could no longer load the ISO in 8 MiB). Keeping a slot, rather
 * than freeing it on remove, keeps an adapter whose receive buffers the stack
 * still holds where those buffers point; the driver's `in_use` says whether a
 * slot may be claimed again.
 */
#ifndef NAPKIN_NET_ADAPTER_POOL_H
#define NAPKIN_NET_ADAPTER_POOL_H

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include "kernel/core/compiler.h"

#ifdef NAPKIN_HOSTED
#include <stdlib.h>
#define adapter_pool_zalloc(size) calloc(1, size)
#else
#include "kernel/mm/heap.h"
#define adapter_pool_zalloc(size) kzalloc(size)
#endif

struct adapter_pool {
	void **slots;
	unsigned int nr_slots;
	size_t size;	      /* of one adapter */
	size_t in_use_offset; /* of the adapter's `bool in_use` */
};

/* A pool of `n` adapters of `type`, which has a `bool in_use` member. */
#define DEFINE_ADAPTER_POOL(name, type, n)                                          \
	static type *name##_slots[n];                                               \
	static struct adapter_pool name = { (void **)name##_slots, n, sizeof(type), \
					    offsetof(type, in_use) }

static inline bool *adapter_pool_in_use(const struct adapter_pool *pool, void *adapter)
{
	return (bool *)((char *)adapter + pool->in_use_offset);
}

/*
 * A zeroed adapter marked in use in *out, or -ENOSPC when every slot is in
 * use, -ENOMEM when a new slot could not be allocated.
 */
static inline int adapter_pool_claim(struct adapter_pool *pool, void **out)
{
	for (unsigned int i = 0; i < pool->nr_slots; i++) {
		void *a = pool->slots[i];

		if (a && *adapter_pool_in_use(pool, a))
			continue;
		if (!a) {
			a = adapter_pool_zalloc(pool->size);
			if (!a)
				return -ENOMEM;
			pool->slots[i] = a;
		}
		memset(a, 0, pool->size);
		*adapter_pool_in_use(pool, a) = true;
		*out = a;
		return 0;
	}
	return -ENOSPC;
}

/* The adapter in slot i if it is in use, else NULL. */
static inline void *adapter_pool_at(const struct adapter_pool *pool, unsigned int i)
{
	void *a = i < pool->nr_slots ? pool->slots[i] : NULL;

	return a && *adapter_pool_in_use(pool, a) ? a : NULL;
}

/* The slot holding adapter a, or nr_slots. */
static inline unsigned int adapter_pool_index(const struct adapter_pool *pool, const void *a)
{
	unsigned int i = 0;

	while (i < pool->nr_slots && pool->slots[i] != a)
		i++;
	return i;
}

#endif

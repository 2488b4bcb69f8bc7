/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How much lwIP may hold, sized from the machine at boot (docs/NETWORK.md,
 * "Connection capacity"). lwIP's pools are not compile-time arrays in napkin:
 * MEMP_MEM_MALLOC and MEM_LIBC_MALLOC send every pool element and every
 * PBUF_RAM through lwip_heap_alloc(), which refuses past a byte budget. The
 * number of TCP connections is a separate limit, enforced before a SYN is
 * answered (net/lwip/admission.c), so a full machine drops new SYNs and the
 * clients retry, instead of lwIP failing half-way through a connection.
 */
#ifndef NAPKIN_NET_LWIP_CAPACITY_H
#define NAPKIN_NET_LWIP_CAPACITY_H

#include "kernel/core/compiler.h"

/*
 * What one connection is planned to cost: its PCB and the service's state
 * (measured idle: about 700 bytes together, docs/NETWORK.md) and a segment
 * of data in flight. A connection moving bulk data takes more, up to
 * TCP_SND_BUF plus queued receive data, from the part of the budget that
 * idle connections leave free; when the budget is spent, tcp_write waits
 * (ERR_MEM) and new SYNs are dropped, established connections stay.
 */
#define LWIP_CONN_COST_BYTES 2048u
/* A quarter of RAM goes to the network unless net.mem= says otherwise. */
#define LWIP_MEM_RAM_SHARE 4u
#define LWIP_MEM_MIN_BYTES (4ull << 20)
#define LWIP_TCP_CONNS_MIN 64u
#define LWIP_TCP_CONNS_MAX 65536u
/* lwIP counts half-open connections per listener in 8 bits. */
#define LWIP_HALF_OPEN_MAX     255u
#define LWIP_HALF_OPEN_DEFAULT 128u

struct lwip_capacity {
	u64 ram_bytes;	/* what the machine has */
	u64 mem_budget; /* bytes lwIP may take from the kernel heap (net.mem=) */
	u32 tcp_conns;	/* TCP connections in any state but LISTEN (net.tcp_conns=) */
	u32 half_open; /* SYN_RCVD per listener before the oldest is recycled (net.tcp_half_open=) */
};

/* The defaults for a machine with ram_bytes of memory. */
void lwip_capacity_size(u64 ram_bytes, struct lwip_capacity *out);

/*
 * Size from the machine and apply net.mem=, net.tcp_conns= and
 * net.tcp_half_open= from the command line (bad values logged, defaults kept).
 * Called by lwip_stack_init() before lwIP allocates anything.
 */
void lwip_capacity_init(void);

const struct lwip_capacity *lwip_capacity(void);

/* ---- the budgeted heap behind lwIP (net/lwip/heap.c) ---- */

struct lwip_heap_stats {
	u64 budget;	/* bytes lwIP may hold */
	u64 in_use;	/* bytes held now, as the kernel heap counts them */
	u64 in_use_hwm; /* most ever held */
	u64 allocs, frees;
	u64 over_budget; /* refused: the budget was spent */
	u64 no_memory;	 /* refused: the kernel heap itself had nothing */
};

void lwip_heap_set_budget(u64 bytes);
void lwip_heap_get_stats(struct lwip_heap_stats *out);
/* Memory of the machine in bytes (the page allocator's count; a fixed 256 MiB hosted). */
u64 lwip_heap_machine_ram(void);

/* lwIP's mem_clib_malloc/free/calloc (lwipopts.h). */
void *lwip_heap_alloc(size_t size);
void lwip_heap_free(void *p);
void *lwip_heap_calloc(size_t n, size_t size);

#endif

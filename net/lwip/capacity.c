// SPDX-License-Identifier: BSD-2-Clause
/* Sizing lwIP from the machine at boot; see capacity.h and docs/NETWORK.md. */
#define pr_fmt(fmt) "net: " fmt

#include "kernel/core/cmdline.h"
#include "kernel/console/printk.h"
#include "net/lwip/capacity.h"

static struct lwip_capacity capacity;

void lwip_capacity_size(u64 ram_bytes, struct lwip_capacity *out)
{
	u64 budget = ram_bytes / LWIP_MEM_RAM_SHARE;
	u64 conns;

	if (budget < LWIP_MEM_MIN_BYTES)
		budget = LWIP_MEM_MIN_BYTES;
	conns = budget / LWIP_CONN_COST_BYTES;
	if (conns < LWIP_TCP_CONNS_MIN)
		conns = LWIP_TCP_CONNS_MIN;
	if (conns > LWIP_TCP_CONNS_MAX)
		conns = LWIP_TCP_CONNS_MAX;
	out->ram_bytes = ram_bytes;
	out->mem_budget = budget;
	out->tcp_conns = (u32)conns;
	out->half_open = LWIP_HALF_OPEN_DEFAULT;
}

void lwip_capacity_init(void)
{
	u64 budget, conns, half_open;

	lwip_capacity_size(lwip_heap_machine_ram(), &capacity);
	budget = capacity.mem_budget;
	/* net.mem= alone also rescales the connection limit; net.tcp_conns= wins over both. */
	if (!cmdline_get_size("net.mem", &budget, LWIP_MEM_MIN_BYTES, 1ull << 40)) {
		capacity.mem_budget = budget;
		conns = budget / LWIP_CONN_COST_BYTES;
		capacity.tcp_conns = (u32)(conns < LWIP_TCP_CONNS_MIN	? LWIP_TCP_CONNS_MIN
					   : conns > LWIP_TCP_CONNS_MAX ? LWIP_TCP_CONNS_MAX
									: conns);
	}
	conns = capacity.tcp_conns;
	if (!cmdline_get_u64("net.tcp_conns", &conns, 1, LWIP_TCP_CONNS_MAX))
		capacity.tcp_conns = (u32)conns;
	half_open = capacity.half_open;
	if (!cmdline_get_u64("net.tcp_half_open", &half_open, 1, LWIP_HALF_OPEN_MAX))
		capacity.half_open = (u32)half_open;
	lwip_heap_set_budget(capacity.mem_budget);
	pr_info("capacity: %llu KiB of %llu MiB for lwIP, %u TCP connections, %u half-open per "
		"port\n",
		(unsigned long long)(capacity.mem_budget >> 10),
		(unsigned long long)(capacity.ram_bytes >> 20), capacity.tcp_conns,
		capacity.half_open);
}

const struct lwip_capacity *lwip_capacity(void)
{
	return &capacity;
}

// SPDX-License-Identifier: BSD-2-Clause
/* LWIP_HOOK_TCP_ISN (lwip_hooks.h): lwIP's addresses handed to net/inet/tcp_isn.c. */
#include "lwip/ip_addr.h"
#include "kernel/core/time.h"
#include "net/inet/tcp_isn.h"
#include "lwip_hooks.h"

u32_t glue_tcp_isn(const ip_addr_t *local_ip, u16_t local_port, const ip_addr_t *remote_ip,
		   u16_t remote_port)
{
	u64 now = ktime_get_ns();

	if (IP_IS_V6(local_ip))
		return tcp_isn((const u8 *)ip_2_ip6(local_ip)->addr,
			       (const u8 *)ip_2_ip6(remote_ip)->addr, 16, local_port, remote_port,
			       now);
	return tcp_isn((const u8 *)&ip_2_ip4(local_ip)->addr,
		       (const u8 *)&ip_2_ip4(remote_ip)->addr, 4, local_port, remote_port, now);
}

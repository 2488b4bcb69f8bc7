// SPDX-License-Identifier: BSD-2-Clause
/*
 * Binding lwIP sockets to RFC 6056 ephemeral ports (net/inet/ephemeral_port.c)
 * instead of lwIP's own tcp_new_port()/udp_new_port(), which count up by
 * one from a random start (docs/SECURITY.md). A port is usable when lwIP's
 * bind accepts it, which is also lwIP's own test for a port in use.
 */
#include "lwip/tcp.h"
#include "lwip/udp.h"
#include "net/inet/ephemeral_port.h"
#include "net/lwip/stack.h"

struct tcp_try {
	struct tcp_pcb *pcb;
	ip_addr_t local;
};

static bool tcp_port_ok(u16 port, void *ctx)
{
	struct tcp_try *t = ctx;

	return tcp_bind(t->pcb, &t->local, port) == ERR_OK;
}

int lwip_tcp_bind_ephemeral(struct tcp_pcb *pcb, const ip_addr_t *remote_ip, u16 remote_port)
{
	struct tcp_try t = { .pcb = pcb };
	const u8 *l, *r;
	size_t len;

	ip_addr_copy(t.local, pcb->local_ip);
	if (IP_IS_V6(remote_ip)) {
		l = (const u8 *)ip_2_ip6(&t.local)->addr;
		r = (const u8 *)ip_2_ip6(remote_ip)->addr;
		len = 16;
	} else {
		l = (const u8 *)&ip_2_ip4(&t.local)->addr;
		r = (const u8 *)&ip_2_ip4(remote_ip)->addr;
		len = 4;
	}
	return ephemeral_port_for(l, r, len, remote_port, tcp_port_ok, &t) ? 0 : -1;
}

static bool udp_port_ok(u16 port, void *ctx)
{
	struct udp_pcb *pcb = ctx;
	ip_addr_t local;

	ip_addr_copy(local, pcb->local_ip);
	return udp_bind(pcb, &local, port) == ERR_OK;
}

int lwip_udp_bind_ephemeral(struct udp_pcb *pcb)
{
	return ephemeral_port_random(udp_port_ok, pcb) ? 0 : -1;
}

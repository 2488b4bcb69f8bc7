// SPDX-License-Identifier: BSD-2-Clause
/* UDP echo (RFC 862) on port 7: every datagram goes back to its sender unchanged. */
#define pr_fmt(fmt) "echo: " fmt

#include "kernel/console/printk.h"
#include "net/services/listen.h"
#include "net/services/services.h"

struct service_stats echo_udp_stats;

static void echo_udp_recv(void *arg, struct udp_pcb *pcb, struct pbuf *p, const ip_addr_t *addr,
			  u16_t port)
{
	u16 len = p->tot_len; /* before lwIP prepends headers in place */
	err_t err;

	echo_udp_stats.datagrams++;
	echo_udp_stats.rx_bytes += len;
	/* The reply reuses the received buffers; lwIP chains its header in front. */
	err = udp_sendto(pcb, p, addr, port);
	if (err == ERR_OK)
		echo_udp_stats.tx_bytes += len;
	else
		echo_udp_stats.errors++;
	pbuf_free(p);
}

int echo_udp_start(void)
{
	return service_udp_bind("echo", SERVICE_PORT_ECHO, echo_udp_recv, NULL) ? 0 : -1;
}

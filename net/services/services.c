// SPDX-License-Identifier: BSD-2-Clause
/* Starting the services, and the socket helpers they share. */
#define pr_fmt(fmt) "services: " fmt

#include <errno.h>
#include <stdio.h>
#include "kernel/core/initcall.h"
#include "kernel/core/cmdline.h"
#include "kernel/console/printk.h"
#include "net/lwip/capacity.h"
#include "net/services/listen.h"
#include "net/services/services.h"

struct tcp_pcb *service_tcp_listen(const char *name, u16 port, tcp_accept_fn accept)
{
	struct tcp_pcb *pcb, *listener;
	err_t err;

	pcb = tcp_new_ip_type(IPADDR_TYPE_ANY);
	if (!pcb) {
		pr_err("%s: no TCP socket free\n", name);
		return NULL;
	}
	err = tcp_bind(pcb, IP_ANY_TYPE, port);
	if (err != ERR_OK) {
		pr_err("%s: cannot bind TCP port %u (lwIP error %d)\n", name, port, err);
		tcp_abort(pcb);
		return NULL;
	}
	listener = tcp_listen(pcb);
	if (!listener) {
		pr_err("%s: cannot listen on TCP port %u\n", name, port);
		tcp_abort(pcb);
		return NULL;
	}
	tcp_accept(listener, accept);
	return listener;
}

void service_tcp_limit(const char *name, u16 port, struct lwip_admission *a)
{
	char key[32];
	u64 limit = 0;

	a->name = name;
	a->port = port;
	snprintf(key, sizeof(key), "%s.max_conns", name);
	/* Malformed: logged by cmdline, the machine's limit stays. */
	cmdline_get_u64(key, &limit, 0, LWIP_TCP_CONNS_MAX);
	a->limit = (u32)limit;
	lwip_admission_register(a);
}

struct tcp_pcb *service_tcp_listen_limited(const char *name, u16 port, tcp_accept_fn accept,
					   struct lwip_admission *a)
{
	service_tcp_limit(name, port, a);
	return service_tcp_listen(name, port, accept);
}

struct udp_pcb *service_udp_bind(const char *name, u16 port, udp_recv_fn recv, void *arg)
{
	struct udp_pcb *pcb = udp_new_ip_type(IPADDR_TYPE_ANY);
	err_t err;

	if (!pcb) {
		pr_err("%s: no UDP socket free\n", name);
		return NULL;
	}
	err = udp_bind(pcb, IP_ANY_TYPE, port);
	if (err != ERR_OK) {
		pr_err("%s: cannot bind UDP port %u (lwIP error %d)\n", name, port, err);
		udp_remove(pcb);
		return NULL;
	}
	udp_recv(pcb, recv, arg);
	return pcb;
}

void service_tcp_recved(struct tcp_pcb *pcb, u32 len)
{
	while (len) {
		u16 chunk = (u16)MIN(len, 0xffffu);

		tcp_recved(pcb, chunk);
		len -= chunk;
	}
}

int net_services_start(void)
{
	static int (*const starts[])(void) = {
		echo_tcp_start,
		echo_udp_start,
		discard_start,
		chargen_start,
		iperf_start,
#ifndef NAPKIN_HOSTED
		/* The page reads the whole kernel (PCI, interrupts, log), which hosted builds lack. */
		webstatus_start,
#endif
	};
	int failed = 0;

	service_tcp_end_init();
	for (size_t i = 0; i < ARRAY_SIZE(starts); i++)
		if (starts[i]())
			failed++;
	if (failed)
		pr_warn("%d of %zu services did not start\n", failed, ARRAY_SIZE(starts));
	else
		pr_info("echo tcp+udp/%d, discard tcp+udp/%d, chargen tcp+udp/%d, iperf2 tcp/%d\n",
			SERVICE_PORT_ECHO, SERVICE_PORT_DISCARD, SERVICE_PORT_CHARGEN,
			SERVICE_PORT_IPERF);
	return failed;
}

/* At boot, after the stack (net_init()); failures are logged above. */
static void net_services_boot(void)
{
	net_services_start();
}
service_initcall(net_services_boot);

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Discard (RFC 863) on TCP and UDP port 9: everything received is counted and
 * dropped. Over TCP the window reopens at once, so it measures how fast napkin
 * can take data in. What is dropped is read first if sink.touch= says so
 * (sink.h).
 */
#define pr_fmt(fmt) "discard: " fmt

#include "kernel/console/printk.h"
#include "net/services/listen.h"
#include "net/services/services.h"
#include "net/services/sink.h"

struct service_stats discard_stats;
struct lwip_admission discard_admission;

static err_t discard_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
	if (!p) {
		lwip_admission_closed(&discard_admission);
		return service_tcp_close(pcb);
	}
	discard_stats.rx_bytes += p->tot_len;
	sink_take(p);
	tcp_recved(pcb, p->tot_len);
	pbuf_free(p);
	return ERR_OK;
}

static void discard_err(void *arg, err_t err)
{
	discard_stats.errors++;
	lwip_admission_closed(&discard_admission);
}

static err_t discard_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
	if (err != ERR_OK || !pcb)
		return ERR_VAL;
	discard_stats.connections++;
	lwip_admission_opened(&discard_admission);
	tcp_recv(pcb, discard_recv);
	tcp_err(pcb, discard_err);
	return ERR_OK;
}

static void discard_udp_recv(void *arg, struct udp_pcb *pcb, struct pbuf *p, const ip_addr_t *addr,
			     u16_t port)
{
	discard_stats.datagrams++;
	discard_stats.rx_bytes += p->tot_len;
	sink_take(p);
	pbuf_free(p);
}

int discard_start(void)
{
	bool ok = service_tcp_listen_limited("discard", SERVICE_PORT_DISCARD, discard_accept,
					     &discard_admission);

	ok &= service_udp_bind("discard", SERVICE_PORT_DISCARD, discard_udp_recv, NULL) != NULL;
	return ok ? 0 : -1;
}

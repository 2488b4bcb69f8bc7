// SPDX-License-Identifier: BSD-2-Clause
/*
 * iperf2 server on TCP port 5001, lwIP's lwiperf: it counts what an
 * `iperf -c` client sends and logs a report when the client is done.
 */
#define pr_fmt(fmt) "iperf: " fmt

#include "kernel/printk.h"
#include "lwip/apps/lwiperf.h"
#include "lwip/ip_addr.h"
#include "lwip/priv/tcp_priv.h"
#include "net/services/listen.h"
#include "net/services/services.h"

struct service_stats iperf_stats;
struct tcp_admission iperf_admission;

/*
 * lwiperf owns its connections and says nothing when one starts, so they
 * are counted on lwIP's list; only when a SYN arrives for the port, which
 * for iperf is rare.
 */
static u32 iperf_count_active(const struct tcp_admission *a)
{
	u32 n = 0;

	for (struct tcp_pcb *pcb = tcp_active_pcbs; pcb; pcb = pcb->next) {
		if (pcb->local_port == a->port && pcb->state != SYN_RCVD)
			n++;
	}
	if (n > iperf_admission.active_hwm)
		iperf_admission.active_hwm = n;
	return n;
}

static const char *iperf_report_name(enum lwiperf_report_type type)
{
	switch (type) {
	case LWIPERF_TCP_DONE_SERVER: return "done";
	case LWIPERF_TCP_DONE_CLIENT: return "done (as client)";
	case LWIPERF_TCP_ABORTED_LOCAL: return "aborted here";
	case LWIPERF_TCP_ABORTED_LOCAL_DATAERROR: return "aborted here: unexpected data";
	case LWIPERF_TCP_ABORTED_LOCAL_TXERROR: return "aborted here: send error";
	case LWIPERF_TCP_ABORTED_REMOTE: return "aborted by the client";
	default: return "ended";
	}
}

static void iperf_report(void *arg, enum lwiperf_report_type type, const ip_addr_t *local_addr,
			 u16_t local_port, const ip_addr_t *remote_addr, u16_t remote_port,
			 u32_t bytes, u32_t ms, u32_t kbits)
{
	char remote[IPADDR_STRLEN_MAX];

	iperf_stats.connections++;
	iperf_stats.rx_bytes += bytes;
	if (type != LWIPERF_TCP_DONE_SERVER && type != LWIPERF_TCP_DONE_CLIENT)
		iperf_stats.errors++;
	ipaddr_ntoa_r(remote_addr, remote, sizeof(remote));
	pr_info("%s port %u: %s, %u bytes in %u ms, %u kbit/s\n", remote, remote_port,
		iperf_report_name(type), bytes, ms, kbits);
}

/*
 * lwiperf listens with a backlog of 1, which lwIP enforces since napkin
 * counts half-open connections (TCP_LISTEN_BACKLOG): an `iperf -P 4`
 * client's SYNs after the first would wait for retransmission. The
 * listener gets the same backlog as napkin's own services instead; the
 * connection limit is iperf.max_conns.
 */
static void iperf_widen_backlog(void)
{
	for (struct tcp_pcb_listen *l = tcp_listen_pcbs.listen_pcbs; l; l = l->next) {
		if (l->local_port == SERVICE_PORT_IPERF)
			l->backlog = TCP_DEFAULT_LISTEN_BACKLOG;
	}
}

int iperf_start(void)
{
	iperf_admission.count_active = iperf_count_active;
	service_tcp_limit("iperf", SERVICE_PORT_IPERF, &iperf_admission);
	if (!lwiperf_start_tcp_server(IP_ANY_TYPE, SERVICE_PORT_IPERF, iperf_report, NULL)) {
		pr_err("cannot start the server on TCP port %d\n", SERVICE_PORT_IPERF);
		return -1;
	}
	iperf_widen_backlog();
	return 0;
}

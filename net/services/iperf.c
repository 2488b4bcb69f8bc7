// SPDX-License-Identifier: BSD-2-Clause
/*
 * iperf2 server on TCP port 5001, lwIP's lwiperf: it counts what an
 * `iperf -c` client sends and logs a report when the client is done.
 */
#define pr_fmt(fmt) "iperf: " fmt

#include "kernel/printk.h"
#include "lwip/apps/lwiperf.h"
#include "lwip/ip_addr.h"
#include "net/services/services.h"

struct service_stats iperf_stats;

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

int iperf_start(void)
{
	if (!lwiperf_start_tcp_server(IP_ANY_TYPE, SERVICE_PORT_IPERF, iperf_report, NULL)) {
		pr_err("cannot start the server on TCP port %d\n", SERVICE_PORT_IPERF);
		return -1;
	}
	return 0;
}

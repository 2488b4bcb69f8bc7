// SPDX-License-Identifier: BSD-2-Clause
/*
 * iperf2 server on TCP port 5001, receive only: it counts what an `iperf -c`
 * client sends (its settings header included) and logs one line per
 * connection when it ends:
 *
 *   iperf: <client> port <port>: done, <bytes> bytes in <ms> ms, <kbit/s> kbit/s
 *
 * "done" is a clean end (the client's FIN); otherwise the line says who
 * ended it. The header's requests for a test in the other direction (-d,
 * -r) are not served: napkin never connects back.
 *
 * napkin's own and not lwIP's lwiperf: lwiperf's error callback reads and
 * closes the PCB that lwIP has already freed when it reports an abort (a
 * DHCP server refusing a renewal under a live connection was enough; the
 * fuzz harness found it, tests/fuzz/corpus/fuzz_lwip/crash-lwiperf-*).
 * Here the error callback touches only the connection's own state.
 */
#define pr_fmt(fmt) "iperf: " fmt

#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "lwip/ip_addr.h"
#include "lwip/memp.h"
#include "net/services/listen.h"
#include "net/services/services.h"
#include "net/services/sink.h"

/* lwIP's slow timer runs every 500 ms: poll every 2 s, give up after 10 s of silence. */
#define IPERF_POLL_INTERVAL 4
#define IPERF_IDLE_POLLS    5

struct iperf_conn {
	struct tcp_pcb *pcb; /* NULL once lwIP freed it (the error callback) */
	ip_addr_t remote;    /* kept for the report: the PCB may be gone by then */
	u16 remote_port;
	u64 start_ns;
	u64 bytes;
	u64 bytes_at_last_poll;
	unsigned int idle_polls;
};

/* Sizes nothing with MEMP_MEM_MALLOC: iperf.max_conns= limits connections on the SYN. */
LWIP_MEMPOOL_DECLARE(IPERF_CONN, 1, sizeof(struct iperf_conn), "iperf connection")

struct service_stats iperf_stats;
struct lwip_admission iperf_admission;

/* Logs the end of c, counts it and frees c. */
static void iperf_end(struct iperf_conn *c, const char *how, bool clean)
{
	char remote[IPADDR_STRLEN_MAX];
	u64 ms = (ktime_get_ns() - c->start_ns) / NSEC_PER_MSEC;
	u64 kbits = ms ? c->bytes * 8 / ms : 0;

	iperf_stats.rx_bytes += c->bytes;
	if (!clean)
		iperf_stats.errors++;
	ipaddr_ntoa_r(&c->remote, remote, sizeof(remote));
	pr_info("%s port %u: %s, %llu bytes in %llu ms, %llu kbit/s\n", remote, c->remote_port, how,
		(unsigned long long)c->bytes, (unsigned long long)ms, (unsigned long long)kbits);
	lwip_admission_closed(&iperf_admission);
	LWIP_MEMPOOL_FREE(IPERF_CONN, c);
}

/* Ends c from one of its callbacks; returns what that callback must return to lwIP. */
static err_t iperf_close(struct iperf_conn *c, const char *how, bool clean)
{
	struct tcp_pcb *pcb = c->pcb;

	iperf_end(c, how, clean);
	return service_tcp_close(pcb);
}

static err_t iperf_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
	struct iperf_conn *c = arg;

	if (!p)
		return iperf_close(c, "done", true);
	c->bytes += p->tot_len;
	sink_take(p);
	service_tcp_recved(pcb, p->tot_len);
	pbuf_free(p);
	return ERR_OK;
}

/* lwIP has freed the PCB already (reset by the peer, or aborted): only c is left. */
static void iperf_err(void *arg, err_t err)
{
	struct iperf_conn *c = arg;

	c->pcb = NULL;
	iperf_end(c, err == ERR_RST ? "aborted by the client" : "aborted here", false);
}

static err_t iperf_poll(void *arg, struct tcp_pcb *pcb)
{
	struct iperf_conn *c = arg;

	if (c->bytes != c->bytes_at_last_poll) {
		c->bytes_at_last_poll = c->bytes;
		c->idle_polls = 0;
		return ERR_OK;
	}
	if (++c->idle_polls < IPERF_IDLE_POLLS)
		return ERR_OK;
	return iperf_close(c, "aborted here: the client went silent", false);
}

static err_t iperf_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
	struct iperf_conn *c;

	if (err != ERR_OK || !pcb)
		return ERR_VAL;
	c = LWIP_MEMPOOL_ALLOC(IPERF_CONN);
	if (!c) {
		/* The heap budget is spent (admission let the SYN in earlier). */
		iperf_stats.refused++;
		tcp_abort(pcb);
		return ERR_ABRT;
	}
	*c = (struct iperf_conn){
		.pcb = pcb,
		.remote_port = pcb->remote_port,
		.start_ns = ktime_get_ns(),
	};
	ip_addr_copy(c->remote, pcb->remote_ip);
	iperf_stats.connections++;
	lwip_admission_opened(&iperf_admission);
	tcp_arg(pcb, c);
	tcp_recv(pcb, iperf_recv);
	tcp_err(pcb, iperf_err);
	tcp_poll(pcb, iperf_poll, IPERF_POLL_INTERVAL);
	return ERR_OK;
}

int iperf_start(void)
{
	return service_tcp_listen_limited("iperf", SERVICE_PORT_IPERF, iperf_accept,
					  &iperf_admission)
		   ? 0
		   : -1;
}

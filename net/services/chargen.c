// SPDX-License-Identifier: BSD-2-Clause
/*
 * Character generator (RFC 864) on TCP and UDP port 19. The stream is the
 * RFC's rotating pattern: 72-character lines of the 95 printable ASCII
 * characters, each line starting one character further, CR LF after each.
 * Over TCP it is sent from one static copy of the whole cycle without
 * copying; over UDP each datagram gets a random 0..512 bytes of it.
 */
#define pr_fmt(fmt) "chargen: " fmt

#include "kernel/console/printk.h"
#include "lwip/memp.h"
#include "net/services/listen.h"
#include "net/services/services.h"

#define CHARGEN_PRINTABLE  95 /* ' ' .. '~' */
#define CHARGEN_LINE	   72
#define CHARGEN_LINE_BYTES (CHARGEN_LINE + 2)
#define CHARGEN_CYCLE	   (CHARGEN_PRINTABLE * CHARGEN_LINE_BYTES)
#define CHARGEN_UDP_MAX	   512

/* One full cycle, plus room for a UDP datagram that wraps past its end. */
static u8 chargen_pattern[CHARGEN_CYCLE + CHARGEN_UDP_MAX];

struct chargen_conn {
	u32 offset; /* where in the cycle the next byte comes from */
};

/* The count sizes nothing (MEMP_MEM_MALLOC): chargen.max_conns= limits connections on the SYN. */
LWIP_MEMPOOL_DECLARE(CHARGEN_CONN, 1, sizeof(struct chargen_conn), "chargen connection")

struct service_stats chargen_stats;
struct lwip_admission chargen_admission;

static void chargen_build_pattern(void)
{
	u32 pos = 0;

	for (u32 line = 0; line < CHARGEN_PRINTABLE; line++) {
		for (u32 i = 0; i < CHARGEN_LINE; i++)
			chargen_pattern[pos++] = (u8)(' ' + (line + i) % CHARGEN_PRINTABLE);
		chargen_pattern[pos++] = '\r';
		chargen_pattern[pos++] = '\n';
	}
	for (u32 i = 0; i < CHARGEN_UDP_MAX; i++)
		chargen_pattern[pos++] = chargen_pattern[i];
}

/* Queue as much of the stream as the send buffer takes; the data is static, so no copy. */
static void chargen_fill(struct tcp_pcb *pcb, struct chargen_conn *c)
{
	u32 queued = 0;

	for (;;) {
		u16 n = (u16)MIN((u32)tcp_sndbuf(pcb), CHARGEN_CYCLE - c->offset);

		if (!n ||
		    tcp_write(pcb, chargen_pattern + c->offset, n, TCP_WRITE_FLAG_MORE) != ERR_OK)
			break;
		queued += n;
		c->offset = (c->offset + n) % CHARGEN_CYCLE;
	}
	if (queued) {
		chargen_stats.tx_bytes += queued;
		tcp_output(pcb);
	}
}

static void chargen_free(struct tcp_pcb *pcb, struct chargen_conn *c)
{
	tcp_arg(pcb, NULL);
	LWIP_MEMPOOL_FREE(CHARGEN_CONN, c);
	lwip_admission_closed(&chargen_admission);
}

static err_t chargen_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
	struct chargen_conn *c = arg;

	if (!p) {
		if (c)
			chargen_free(pcb, c);
		return service_tcp_close(pcb);
	}
	/* Whatever the peer sends is ignored, as the RFC says. */
	chargen_stats.rx_bytes += p->tot_len;
	tcp_recved(pcb, p->tot_len);
	pbuf_free(p);
	return ERR_OK;
}

static err_t chargen_sent(void *arg, struct tcp_pcb *pcb, u16_t len)
{
	if (arg)
		chargen_fill(pcb, arg);
	return ERR_OK;
}

static err_t chargen_poll(void *arg, struct tcp_pcb *pcb)
{
	if (arg)
		chargen_fill(pcb, arg);
	return ERR_OK;
}

static void chargen_err(void *arg, err_t err)
{
	/* The peer going away is how a chargen session normally ends. */
	if (arg) {
		LWIP_MEMPOOL_FREE(CHARGEN_CONN, arg);
		lwip_admission_closed(&chargen_admission);
	}
}

static err_t chargen_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
	struct chargen_conn *c;

	if (err != ERR_OK || !pcb)
		return ERR_VAL;
	c = LWIP_MEMPOOL_ALLOC(CHARGEN_CONN);
	if (!c) {
		chargen_stats.refused++;
		tcp_abort(pcb);
		return ERR_ABRT;
	}
	c->offset = 0;
	chargen_stats.connections++;
	lwip_admission_opened(&chargen_admission);
	tcp_arg(pcb, c);
	tcp_recv(pcb, chargen_recv);
	tcp_sent(pcb, chargen_sent);
	tcp_err(pcb, chargen_err);
	tcp_poll(pcb, chargen_poll, 2);
	chargen_fill(pcb, c);
	return ERR_OK;
}

static void chargen_udp_recv(void *arg, struct udp_pcb *pcb, struct pbuf *p, const ip_addr_t *addr,
			     u16_t port)
{
	u16 len = (u16)(LWIP_RAND() % (CHARGEN_UDP_MAX + 1));
	u32 start = LWIP_RAND() % CHARGEN_CYCLE;
	struct pbuf *reply;

	chargen_stats.datagrams++;
	chargen_stats.rx_bytes += p->tot_len;
	pbuf_free(p);
	reply = pbuf_alloc(PBUF_TRANSPORT, len, PBUF_RAM);
	if (!reply) {
		chargen_stats.errors++;
		return;
	}
	pbuf_take(reply, chargen_pattern + start, len);
	if (udp_sendto(pcb, reply, addr, port) == ERR_OK)
		chargen_stats.tx_bytes += len;
	else
		chargen_stats.errors++;
	pbuf_free(reply);
}

int chargen_start(void)
{
	bool ok;

	LWIP_MEMPOOL_INIT(CHARGEN_CONN);
	chargen_build_pattern();
	ok = service_tcp_listen_limited("chargen", SERVICE_PORT_CHARGEN, chargen_accept,
					&chargen_admission);
	ok &= service_udp_bind("chargen", SERVICE_PORT_CHARGEN, chargen_udp_recv, NULL) != NULL;
	return ok ? 0 : -1;
}

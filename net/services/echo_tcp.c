// SPDX-License-Identifier: BSD-2-Clause
/*
 * TCP echo (RFC 862) on port 7. Flow control is end to end: received data
 * waits until it fits in the send buffer, and only data moved there reopens
 * the receive window (tcp_recved). A peer that sends without reading stalls
 * on a full window; napkin never holds more than one window per connection.
 */
#define pr_fmt(fmt) "echo: " fmt

#include "kernel/console/printk.h"
#include "lwip/memp.h"
#include "net/services/listen.h"
#include "net/services/services.h"

/* tcp_poll interval in units of 500 ms: retry a send buffer lwIP had no memory for. */
#define ECHO_POLL_INTERVAL 2
/*
 * Received data waiting for the send buffer, as a queue of pbuf chains: one
 * chain counts at most 64 KiB (pbuf lengths are 16-bit) and the receive
 * window is larger. Each chain is filled before the next starts, so any two
 * neighbours hold more than 64 KiB and 10 of them exceed TCP_WND.
 */
#define ECHO_PENDING_CHAINS 10

struct echo_conn {
	struct tcp_pcb *pcb;
	struct pbuf *pending[ECHO_PENDING_CHAINS]; /* received, not yet in the send buffer */
	unsigned int first, npending;		   /* a ring over pending[] */
	bool peer_closed; /* the peer sent FIN: close once everything is echoed */
};

/*
 * With MEMP_MEM_MALLOC the pool's count sizes nothing: connections are
 * limited on the SYN by echo_admission (echo.max_conns=).
 */
LWIP_MEMPOOL_DECLARE(ECHO_CONN, 1, sizeof(struct echo_conn), "echo connection")

struct service_stats echo_tcp_stats;
struct lwip_admission echo_admission;

static void echo_drop_first(struct echo_conn *c)
{
	if (c->pending[c->first])
		pbuf_free(c->pending[c->first]);
	c->pending[c->first] = NULL;
	c->first = (c->first + 1) % ECHO_PENDING_CHAINS;
	c->npending--;
}

static void echo_free(struct echo_conn *c)
{
	while (c->npending)
		echo_drop_first(c);
	LWIP_MEMPOOL_FREE(ECHO_CONN, c);
	lwip_admission_closed(&echo_admission);
}

static bool holds_driver_buffers(const struct pbuf *p)
{
	for (; p; p = p->next) {
		if (p->flags & PBUF_FLAG_IS_CUSTOM)
			return true;
	}
	return false;
}

/*
 * Queue a received chain behind the pending ones; false when there is no
 * room. Received data is the driver's receive buffers; a peer that stops
 * reading would pin a whole window of them and starve every other
 * connection, so what has to wait is copied to the heap first (and kept as
 * it is only when the heap is full).
 */
static bool echo_queue(struct echo_conn *c, struct pbuf **pp)
{
	struct pbuf *p = *pp;

	if (holds_driver_buffers(p)) {
		struct pbuf *copy = pbuf_clone(PBUF_RAW, PBUF_RAM, p);

		if (copy) {
			pbuf_free(p);
			*pp = p = copy;
		}
	}
	if (c->npending) {
		unsigned int last = (c->first + c->npending - 1) % ECHO_PENDING_CHAINS;

		if ((u32)c->pending[last]->tot_len + p->tot_len <= 0xffff) {
			pbuf_cat(c->pending[last], p);
			return true;
		}
	}
	if (c->npending == ECHO_PENDING_CHAINS)
		return false;
	c->pending[(c->first + c->npending++) % ECHO_PENDING_CHAINS] = p;
	return true;
}

static err_t echo_close(struct echo_conn *c)
{
	struct tcp_pcb *pcb = c->pcb;

	echo_free(c);
	return service_tcp_close(pcb);
}

static err_t echo_abort(struct echo_conn *c, const char *why)
{
	struct tcp_pcb *pcb = c->pcb;

	pr_warn("connection aborted: %s\n", why);
	echo_tcp_stats.errors++;
	echo_free(c);
	return service_tcp_abort(pcb);
}

/* Move as much pending data as the send buffer takes. Returns what a callback must return. */
static err_t echo_pump(struct echo_conn *c)
{
	struct tcp_pcb *pcb = c->pcb;
	u32 moved = 0;

	while (c->npending) {
		struct pbuf **front = &c->pending[c->first];
		struct pbuf *q = *front;
		u16 n;
		err_t err;

		if (!q) {
			echo_drop_first(c); /* a chain fully moved */
			continue;
		}
		n = (u16)MIN(q->len, tcp_sndbuf(pcb));
		if (!q->len) {
			/* An empty pbuf in the chain: drop it and go on. */
			*front = q->next;
			q->next = NULL;
			pbuf_free(q);
			continue;
		}
		if (!n)
			break; /* send buffer full: the sent callback resumes */
		err = tcp_write(pcb, q->payload, n,
				TCP_WRITE_FLAG_COPY | (n < q->tot_len ? TCP_WRITE_FLAG_MORE : 0));
		if (err == ERR_MEM)
			break; /* queue or memory full: sent or poll resumes */
		if (err != ERR_OK)
			return echo_abort(c, "tcp_write failed");
		moved += n;
		*front = pbuf_free_header(q, n);
	}
	if (moved) {
		echo_tcp_stats.tx_bytes += moved;
		service_tcp_recved(pcb, moved);
		tcp_output(pcb);
	}
	if (c->peer_closed && !c->npending)
		return echo_close(c);
	return ERR_OK;
}

static err_t echo_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
	struct echo_conn *c = arg;

	if (!c) {
		/* Callbacks are detached before the state goes; nothing should get here. */
		if (p) {
			tcp_recved(pcb, p->tot_len);
			pbuf_free(p);
		}
		return ERR_OK;
	}
	if (!p) {
		c->peer_closed = true;
		return echo_pump(c);
	}
	/*
	 * err is always ERR_OK with data (lwIP's raw API), so it is not looked at:
	 * an error returned after freeing p would make lwIP keep, and offer again,
	 * a freed pbuf.
	 */
	echo_tcp_stats.rx_bytes += p->tot_len;
	if (!echo_queue(c, &p)) {
		/* Cannot happen within one receive window; refuse rather than corrupt a chain. */
		pbuf_free(p);
		return echo_abort(c, "more pending data than one window");
	}
	return echo_pump(c);
}

static err_t echo_sent(void *arg, struct tcp_pcb *pcb, u16_t len)
{
	struct echo_conn *c = arg;

	if (!c)
		return ERR_OK;
	service_sent_begin(pcb);
	return service_callback_end(echo_pump(c));
}

static err_t echo_poll(void *arg, struct tcp_pcb *pcb)
{
	struct echo_conn *c = arg;

	return c ? echo_pump(c) : ERR_OK;
}

static void echo_err(void *arg, err_t err)
{
	struct echo_conn *c = arg;

	/* lwIP has already freed the pcb. */
	if (c) {
		echo_tcp_stats.errors++;
		echo_free(c);
	}
}

static err_t echo_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
	struct echo_conn *c;

	if (err != ERR_OK || !pcb)
		return ERR_VAL;
	c = LWIP_MEMPOOL_ALLOC(ECHO_CONN);
	if (!c) {
		/* The heap budget is spent (admission let the SYN in earlier). */
		echo_tcp_stats.refused++;
		tcp_abort(pcb);
		return ERR_ABRT;
	}
	c->pcb = pcb;
	c->first = c->npending = 0;
	for (unsigned int i = 0; i < ECHO_PENDING_CHAINS; i++)
		c->pending[i] = NULL;
	c->peer_closed = false;
	echo_tcp_stats.connections++;
	lwip_admission_opened(&echo_admission);
	/* Echo small writes at once; bulk data fills segments anyway. */
	tcp_nagle_disable(pcb);
	tcp_arg(pcb, c);
	tcp_recv(pcb, echo_recv);
	tcp_sent(pcb, echo_sent);
	tcp_err(pcb, echo_err);
	tcp_poll(pcb, echo_poll, ECHO_POLL_INTERVAL);
	return ERR_OK;
}

int echo_tcp_start(void)
{
	LWIP_MEMPOOL_INIT(ECHO_CONN);
	return service_tcp_listen_limited("echo", SERVICE_PORT_ECHO, echo_accept, &echo_admission)
		   ? 0
		   : -1;
}

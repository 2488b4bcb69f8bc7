// SPDX-License-Identifier: BSD-2-Clause
/*
 * The web status page's HTTP/1.1 server (docs/WEBSTATUS.md), on lwIP's raw
 * API in the softirq loop like the other services. It only reads the
 * machine. Packets come first, so everything a peer can make it do is
 * bounded: at most webstatus.conns connections (a SYN beyond them is dropped
 * before the handshake and counted; the client retries),
 * one request parsed per receive callback, request line and headers within
 * WEBSTATUS_REQUEST_MAX, a deadline for every request (slowloris) and for
 * silence between requests, and one answer in flight per connection, written
 * only as fast as the peer acknowledges it.
 */
#define pr_fmt(fmt) "webstatus: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/mm/heap.h"
#include "kernel/core/loop.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "net/services/listen.h"
#include "net/services/services.h"
#include "net/services/webstatus/webstatus.h"
#include "net/services/webstatus/webstatus_http.h"

#define WS_REQUEST_TIMEOUT_NS (5 * NSEC_PER_SEC)  /* first byte to end of headers */
#define WS_IDLE_TIMEOUT_NS    (15 * NSEC_PER_SEC) /* between requests on one connection */
#define WS_SEND_STALL_NS      (5 * NSEC_PER_SEC)  /* an answer nobody acknowledges */
#define WS_POLL_INTERVAL      1			  /* lwIP slow ticks (500 ms) */
/*
 * Requests answered per main-loop round, all connections together: building
 * /stats.json walks every device and counter, and a round that answers many
 * of them delays the next poll of the rings. The rest are answered by the
 * loop hook in the rounds after.
 */
#define WS_REQUESTS_PER_ROUND 2
/*
 * A streamed answer (/metrics) is built a chunk at a time, into one
 * WS_CHUNK_DATA buffer that lwIP copies from, and at most this many chunks
 * per callback: a scrape of many devices is spread over the acknowledgements
 * that pace it instead of being built in one go in one round.
 */
#define WS_CHUNK_DATA	   4096
#define WS_CHUNKS_PER_CALL 4
#define WS_CHUNK_HEAD	   6 /* "XXXX\r\n": the chunk's size in hex, zero-padded */
#define WS_CHUNK_TAIL	   7 /* "\r\n" ending it, "0\r\n\r\n" ending the answer */

struct ws_conn {
	struct tcp_pcb *pcb;
	bool in_use;
	bool served;	  /* answered at least one request */
	bool sending;	  /* an answer is in flight: parse nothing more until it is written */
	bool close_after; /* close once the answer is written */
	bool peer_closed; /* the peer sent FIN: answer what it asked, then close */
	bool overflowed;  /* received bytes were dropped: answer what is whole, then close */
	u64 deadline_ns;  /* for the next request's headers */
	u64 progress_ns;  /* last time the answer moved */
	bool streaming;	  /* the body comes chunk by chunk from the metrics builder */
	bool chunked;	  /* framed as HTTP/1.1 chunks; else the close ends it (HTTP/1.0) */
	bool stream_done; /* the builder wrote its last line */
	struct ws_metrics_cursor cursor;
	size_t req_len;
	char req[WEBSTATUS_REQUEST_MAX];
	char head[256];
	size_t head_len, head_off;
	const char *body; /* static page or body_buf */
	size_t body_len, body_off;
	char *body_buf; /* kmalloc'd JSON or chunk, freed once lwIP has copied it */
};

struct webstatus_stats webstatus_stats;
struct webstatus_config webstatus_config = {
	.enabled = true,
	.port = WEBSTATUS_PORT_DEFAULT,
	.max_conns = WEBSTATUS_CONNS_DEFAULT,
};
static struct ws_conn conns[WEBSTATUS_CONNS_MAX];
static u64 budget_round;	 /* the loop round budget_used counts for */
static unsigned int budget_used; /* requests answered in that round */
static bool requests_waiting;	 /* some were refused the budget: the loop hook looks */

/* May one more request be answered in this loop round? Takes it from the budget if so. */
static bool ws_take_budget(void)
{
	u64 round = loop_get_stats()->rounds;

	if (round != budget_round) {
		budget_round = round;
		budget_used = 0;
	}
	if (budget_used >= WS_REQUESTS_PER_ROUND) {
		webstatus_stats.deferred++;
		requests_waiting = true;
		return false;
	}
	budget_used++;
	return true;
}

/* Length of the whole request at the start of c->req, or 0 while it is incomplete. */
static size_t ws_request_end(const struct ws_conn *c)
{
	return ws_http_headers_end(c->req, c->req_len);
}

static void ws_release(struct ws_conn *c)
{
	kfree(c->body_buf);
	c->body_buf = NULL;
	c->in_use = false;
	c->pcb = NULL;
	webstatus_stats.active--;
}

static err_t ws_abort(struct ws_conn *c)
{
	struct tcp_pcb *pcb = c->pcb;

	ws_release(c);
	return service_tcp_abort(pcb);
}

static err_t ws_close(struct ws_conn *c)
{
	struct tcp_pcb *pcb = c->pcb;

	ws_release(c);
	return service_tcp_close(pcb);
}

/* len < 0: the body is streamed, its length unknown until it ends. */
static void ws_set_head(struct ws_conn *c, int status, const char *reason, const char *type,
			long len)
{
	char framing[40];
	int n;

	if (len >= 0)
		snprintf(framing, sizeof(framing), "Content-Length: %ld\r\n", len);
	else
		snprintf(framing, sizeof(framing), "%s",
			 c->chunked ? "Transfer-Encoding: chunked\r\n" : "");
	n = snprintf(c->head, sizeof(c->head),
		     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\n%s"
		     "Cache-Control: no-store\r\nConnection: %s\r\n\r\n",
		     status, reason, type, framing, c->close_after ? "close" : "keep-alive");

	c->head_len = (size_t)n < sizeof(c->head) ? (size_t)n : sizeof(c->head) - 1;
	c->head_off = 0;
}

/* A short plain-text answer; the error ones close the connection. */
static void ws_answer_text(struct ws_conn *c, int status, const char *reason, u64 *counter)
{
	static const char *const bodies[] = { "bad request\n", "not found\n",
					      "method not allowed\n", "headers too large\n",
					      "out of memory\n" };
	const char *body = status == 400   ? bodies[0]
			   : status == 404 ? bodies[1]
			   : status == 405 ? bodies[2]
			   : status == 431 ? bodies[3]
					   : bodies[4];

	(*counter)++;
	if (status != 404)
		c->close_after = true;
	c->body = body;
	c->body_len = strlen(body);
	c->body_off = 0;
	ws_set_head(c, status, reason, "text/plain", (long)c->body_len);
}

static void ws_answer_json(struct ws_conn *c, bool is_log, u64 since)
{
	struct ws_buf b = { .cap = WEBSTATUS_BODY_MAX };
	const char *type;

	u64 t0 = ktime_get_ns();

	b.data = kmalloc(b.cap);
	if (!b.data) {
		ws_answer_text(c, 503, "Service Unavailable", &webstatus_stats.no_memory);
		return;
	}
	type = is_log ? webstatus_log_json(&b, since) : webstatus_stats_json(&b);
	webstatus_stats.build_ns_max = MAX(webstatus_stats.build_ns_max, ktime_get_ns() - t0);
	if (b.overflow)
		webstatus_stats.truncated++;
	webstatus_stats.ok++;
	c->body_buf = b.data;
	c->body = b.data;
	c->body_len = b.len;
	c->body_off = 0;
	ws_set_head(c, 200, "OK", type, (long)b.len);
}

/*
 * /metrics: only the headers now; ws_stream_next() builds the body a chunk
 * at a time as lwIP takes it, so its size has no limit and nothing is cut.
 * HTTP/1.0 has no chunks: there the close ends the body.
 */
static void ws_answer_metrics(struct ws_conn *c, bool http10, bool head_only)
{
	if (!head_only) {
		c->body_buf = kmalloc(WS_CHUNK_HEAD + WS_CHUNK_DATA + WS_CHUNK_TAIL);
		if (!c->body_buf)
			return ws_answer_text(c, 503, "Service Unavailable",
					      &webstatus_stats.no_memory);
	}
	webstatus_stats.ok++;
	c->chunked = !http10;
	if (http10)
		c->close_after = true;
	c->streaming = !head_only;
	c->stream_done = false;
	memset(&c->cursor, 0, sizeof(c->cursor));
	c->body = c->body_buf;
	c->body_len = c->body_off = 0;
	ws_set_head(c, 200, "OK", webstatus_metrics_type, -1);
}

/* The next chunk of a streamed answer into c->body_buf; false once all is sent. */
static bool ws_stream_next(struct ws_conn *c)
{
	struct ws_buf b = { .data = c->body_buf + WS_CHUNK_HEAD, .cap = WS_CHUNK_DATA };
	char *out = c->body_buf;
	u64 t0 = ktime_get_ns();

	if (c->stream_done)
		return false;
	c->stream_done = webstatus_metrics_fill(&c->cursor, &b);
	webstatus_stats.build_ns_max = MAX(webstatus_stats.build_ns_max, ktime_get_ns() - t0);
	c->body_off = 0;
	if (!c->chunked) {
		c->body = b.data;
		c->body_len = b.len;
		return b.len || !c->stream_done;
	}
	c->body = out;
	c->body_len = 0;
	if (b.len) {
		char size[WS_CHUNK_HEAD + 1];

		/* Fixed width, so the data could be built in place after it. */
		snprintf(size, sizeof(size), "%04zx\r\n", b.len);
		memcpy(out, size, WS_CHUNK_HEAD);
		c->body_len = WS_CHUNK_HEAD + b.len;
		memcpy(out + c->body_len, "\r\n", 2);
		c->body_len += 2;
	}
	if (c->stream_done) {
		memcpy(out + c->body_len, "0\r\n\r\n", 5);
		c->body_len += 5;
	}
	return true;
}

/* Answer the request whose line and headers are the first hdr_len bytes of c->req. */
static void ws_route(struct ws_conn *c, size_t hdr_len)
{
	struct ws_request rq;

	webstatus_stats.requests++;
	ws_http_parse(c->req, hdr_len, &rq);
	c->close_after = rq.close_after;
	if (rq.status == 400)
		return ws_answer_text(c, 400, "Bad Request", &webstatus_stats.bad_requests);
	if (rq.status == 405)
		return ws_answer_text(c, 405, "Method Not Allowed", &webstatus_stats.bad_methods);
	switch (rq.target) {
	case WS_TARGET_PAGE:
		webstatus_stats.ok++;
		c->body = webstatus_page;
		c->body_len = webstatus_page_len;
		c->body_off = 0;
		ws_set_head(c, 200, "OK", "text/html; charset=utf-8", (long)webstatus_page_len);
		break;
	case WS_TARGET_STATS: ws_answer_json(c, false, 0); break;
	case WS_TARGET_LOG: ws_answer_json(c, true, rq.since); break;
	case WS_TARGET_METRICS: ws_answer_metrics(c, rq.http10, rq.head_only); break;
	case WS_TARGET_NONE: ws_answer_text(c, 404, "Not Found", &webstatus_stats.not_found); break;
	}
	if (rq.head_only)
		c->body_len = 0;
}

static err_t ws_pump(struct ws_conn *c);

/* Start answering the next request in c->req, if a whole one is there. */
static err_t ws_next_request(struct ws_conn *c)
{
	size_t hdr_len;

	if (c->sending)
		return ERR_OK;
	hdr_len = ws_request_end(c);
	if (!hdr_len) {
		if (c->req_len < sizeof(c->req))
			return ERR_OK;
		ws_answer_text(c, 431, "Request Header Fields Too Large",
			       &webstatus_stats.too_large);
		c->req_len = 0;
	} else {
		if (!ws_take_budget())
			return ERR_OK; /* the loop hook answers it in a later round */
		ws_route(c, hdr_len);
		memmove(c->req, c->req + hdr_len, c->req_len - hdr_len);
		c->req_len -= hdr_len;
	}
	c->sending = true;
	c->progress_ns = ktime_get_ns();
	return ws_pump(c);
}

/* Queue as much of the answer as lwIP takes; on the last byte, finish it. */
static err_t ws_pump(struct ws_conn *c)
{
	struct tcp_pcb *pcb = c->pcb;
	bool moved = false;
	int chunks = 0;

refill:
	while (c->head_off < c->head_len || c->body_off < c->body_len) {
		bool in_head = c->head_off < c->head_len;
		const char *src = in_head ? c->head + c->head_off : c->body + c->body_off;
		size_t left = in_head ? c->head_len - c->head_off : c->body_len - c->body_off;
		u16 n = (u16)MIN(MIN(left, tcp_sndbuf(pcb)), 0xffffu);
		/* The page is static: lwIP may point at it. The rest is ours to free. */
		u8 flags = (in_head || c->body != webstatus_page) ? TCP_WRITE_FLAG_COPY : 0;
		err_t err;

		if (!n)
			break;
		if (n < left || (in_head && c->body_len))
			flags |= TCP_WRITE_FLAG_MORE;
		err = tcp_write(pcb, src, n, flags);
		if (err == ERR_MEM)
			break; /* sent or poll resumes */
		if (err != ERR_OK) {
			webstatus_stats.errors++;
			return ws_abort(c);
		}
		if (in_head)
			c->head_off += n;
		else
			c->body_off += n;
		webstatus_stats.tx_bytes += n;
		moved = true;
	}
	/* All of this chunk is with lwIP: build the next, unless this call built its share. */
	if (c->head_off == c->head_len && c->body_off == c->body_len && c->streaming &&
	    !c->stream_done && chunks < WS_CHUNKS_PER_CALL) {
		chunks++;
		if (ws_stream_next(c))
			goto refill;
	}
	if (moved) {
		c->progress_ns = ktime_get_ns();
		tcp_output(pcb);
	}
	if (c->head_off < c->head_len || c->body_off < c->body_len ||
	    (c->streaming && !c->stream_done))
		return ERR_OK; /* the sent callback or the poll goes on */
	/* All written (copied or static): the buffer is no longer needed. */
	kfree(c->body_buf);
	c->body_buf = NULL;
	c->streaming = false;
	c->head_len = c->head_off = c->body_len = c->body_off = 0;
	c->sending = false;
	c->served = true;
	if (c->close_after || c->peer_closed || (c->overflowed && !ws_request_end(c)))
		return ws_close(c);
	c->deadline_ns = ktime_get_ns() + WS_IDLE_TIMEOUT_NS;
	return ERR_OK; /* a pipelined request waits for the next callback: one per round */
}

/* What the peer sent, taken into c->req, or refused while a whole request waits. */
static err_t ws_take(struct ws_conn *c, struct tcp_pcb *pcb, struct pbuf *p)
{
	size_t room, take;

	if (!c) {
		if (p) {
			tcp_recved(pcb, p->tot_len);
			pbuf_free(p);
		}
		return ERR_OK;
	}
	if (!p) {
		/* The peer is done sending: answer a whole request still waiting, then close. */
		c->peer_closed = true;
		if (!c->sending && !ws_request_end(c))
			return ws_close(c);
		return ws_next_request(c);
	}
	/* lwIP's err is always ERR_OK with data; see echo_recv() in echo_tcp.c. */
	room = sizeof(c->req) - c->req_len;
	/*
	 * Pipelined requests beyond the buffer: while a whole one waits, answering
	 * it makes room, so lwIP keeps the data (window shut) and offers it again.
	 */
	if (p->tot_len > room && (c->sending || ws_request_end(c)))
		return ERR_MEM;
	take = MIN(room, (size_t)p->tot_len);
	pbuf_copy_partial(p, c->req + c->req_len, (u16)take, 0);
	c->req_len += take;
	webstatus_stats.rx_bytes += p->tot_len;
	if (take < p->tot_len) {
		/* Nothing whole to answer and no room: answer what fits (431 if nothing), then close. */
		webstatus_stats.overflows++;
		c->overflowed = true;
	}
	tcp_recved(pcb, p->tot_len);
	pbuf_free(p);
	return ws_next_request(c);
}

/* It refuses data (ERR_MEM), so lwIP may offer it again: bracketed (listen.h). */
static err_t ws_recv(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
	service_recv_begin(pcb);
	return service_callback_end(ws_take(arg, pcb, p));
}

static err_t ws_sent(void *arg, struct tcp_pcb *pcb, u16_t len)
{
	struct ws_conn *c = arg;

	if (!c)
		return ERR_OK;
	service_sent_begin(pcb);
	return service_callback_end(c->sending ? ws_pump(c) : ws_next_request(c));
}

static err_t ws_poll(void *arg, struct tcp_pcb *pcb)
{
	struct ws_conn *c = arg;
	u64 now = ktime_get_ns();

	if (!c)
		return ERR_OK;
	if (c->sending) {
		if (now - c->progress_ns > WS_SEND_STALL_NS) {
			webstatus_stats.send_timeouts++;
			return ws_abort(c);
		}
		return ws_pump(c);
	}
	if (now < c->deadline_ns || ws_request_end(c)) /* a whole request is never late */
		return ws_next_request(c);
	if (c->req_len || !c->served) {
		webstatus_stats.header_timeouts++;
		return ws_abort(c); /* hostile or broken: free the state now */
	}
	webstatus_stats.idle_closes++;
	return ws_close(c);
}

static void ws_err(void *arg, err_t err)
{
	struct ws_conn *c = arg;

	/* lwIP has already freed the pcb. */
	if (c) {
		webstatus_stats.errors++;
		ws_release(c);
	}
}

/* Answer requests that waited for the budget; keep the loop awake while any still wait. */
static u64 ws_loop_run(u64 now_ns)
{
	if (!requests_waiting)
		return UINT64_MAX;
	requests_waiting = false;
	for (u32 i = 0; i < WEBSTATUS_CONNS_MAX; i++) {
		struct ws_conn *c = &conns[i];

		if (c->in_use && !c->sending && ws_request_end(c))
			ws_next_request(c); /* sets requests_waiting again if refused */
	}
	return requests_waiting ? now_ns : UINT64_MAX;
}

static struct loop_hook ws_loop_hook = { .name = "webstatus", .run = ws_loop_run };

/*
 * SYN admission (net/lwip/admission.h) with the page's own limit,
 * webstatus.conns, read on every SYN so a change from the shell holds at
 * once: a full page drops new SYNs (the browser retries) instead of
 * accepting and resetting them.
 */
static struct lwip_admission ws_admission;

static u32 ws_admission_active(const struct lwip_admission *a)
{
	ws_admission.limit = webstatus_config.max_conns;
	ws_admission.active_hwm = (u32)webstatus_stats.active_hwm;
	return (u32)webstatus_stats.active;
}

static err_t ws_accept(void *arg, struct tcp_pcb *pcb, err_t err)
{
	struct ws_conn *c = NULL;

	if (err != ERR_OK || !pcb)
		return ERR_VAL;
	if (!ws_allow_match(&webstatus_config.allow, &pcb->remote_ip)) {
		/* A reset, not silence: the client learns at once it is not welcome. */
		if (!webstatus_stats.forbidden++) {
			char ip[IPADDR_STRLEN_MAX];

			ipaddr_ntoa_r(&pcb->remote_ip, ip, sizeof(ip));
			pr_info("refused %s: not in webstatus.allow (counted as forbidden from now "
				"on)\n",
				ip);
		}
		tcp_abort(pcb);
		return ERR_ABRT;
	}
	if (webstatus_stats.active < webstatus_config.max_conns) {
		for (u32 i = 0; i < webstatus_config.max_conns && !c; i++)
			if (!conns[i].in_use)
				c = &conns[i];
	}
	if (!c) {
		webstatus_stats.refused++;
		tcp_abort(pcb);
		return ERR_ABRT;
	}
	memset(c, 0, offsetof(struct ws_conn, req));
	c->in_use = true;
	c->pcb = pcb;
	c->deadline_ns = ktime_get_ns() + WS_REQUEST_TIMEOUT_NS;
	webstatus_stats.connections++;
	webstatus_stats.active++;
	webstatus_stats.active_hwm = MAX(webstatus_stats.active_hwm, webstatus_stats.active);
	tcp_arg(pcb, c);
	tcp_recv(pcb, ws_recv);
	tcp_sent(pcb, ws_sent);
	tcp_err(pcb, ws_err);
	tcp_poll(pcb, ws_poll, WS_POLL_INTERVAL);
	return ERR_OK;
}

int webstatus_start(void)
{
	bool on = true;
	u64 port = WEBSTATUS_PORT_DEFAULT, max = WEBSTATUS_CONNS_DEFAULT;
	const char *allow;
	char who[160];
	struct tcp_pcb *listener;

	cmdline_get_bool("webstatus", &on);
	cmdline_get_u64("webstatus.port", &port, 1, 65535);
	cmdline_get_u64("webstatus.conns", &max, 1, WEBSTATUS_CONNS_MAX);
	webstatus_config.allow = (struct ws_allow){ .listed = false };
	if (cmdline_get("webstatus.allow", &allow) &&
	    ws_allow_parse(allow, &webstatus_config.allow))
		pr_err("webstatus.allow ignored: only the attached subnets may read the page\n");
	webstatus_config.enabled = on;
	webstatus_config.port = (u16)port;
	webstatus_config.max_conns = (u32)max;
	webstatus_shell_init();
	if (!on) {
		pr_info("off (webstatus=off)\n");
		return 0;
	}
	listener = service_tcp_listen("webstatus", (u16)port, ws_accept);
	if (!listener)
		return -EBUSY;
	ws_admission = (struct lwip_admission){ .name = "webstatus",
						.port = (u16)port,
						.limit = (u32)max,
						.count_active = ws_admission_active,
						.owner_refused = &webstatus_stats.refused };
	lwip_admission_register(&ws_admission);
	/*
	 * The listener and its connections keep lwIP's normal priority, like every
	 * other service's: lwIP's tcp_kill_prio() only evicts connections of a
	 * lower priority than the new one's, so with one priority for all no
	 * established connection (the page's included) is ever evicted for a new
	 * one; admission refuses the SYN instead (docs/NETWORK.md).
	 */
	loop_add_hook(&ws_loop_hook);
	webstatus_config.running = true;
	ws_allow_describe(&webstatus_config.allow, who, sizeof(who));
	pr_info("status page on TCP port %u, at most %u connections, readable from %s\n",
		(unsigned)port, (unsigned)max, who);
	return 0;
}

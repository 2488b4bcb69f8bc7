/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to the web status page (docs/WEBSTATUS.md): the HTTP server in
 * webstatus.c, the JSON it serves from webstatus_json.c, the page from
 * webstatus_page.c. Nothing here changes the machine; it only reads.
 */
#ifndef NAPKIN_NET_SERVICES_WEBSTATUS_H
#define NAPKIN_NET_SERVICES_WEBSTATUS_H

#include "kernel/core/compiler.h"
#include "net/services/webstatus/webstatus_allow.h"

#define WEBSTATUS_PORT_DEFAULT	80
#define WEBSTATUS_CONNS_DEFAULT 8
#define WEBSTATUS_CONNS_MAX	16
#define WEBSTATUS_REQUEST_MAX	2048 /* request line and headers, bytes */
/* What one JSON answer may take; a bigger one is cut short and counted. */
#define WEBSTATUS_BODY_MAX (96 * 1024)

/* Everything counted since boot; `webstatus` in the shell and /stats.json show it. */
struct webstatus_stats {
	u64 connections;     /* accepted and served */
	u64 refused;	     /* turned away: webstatus.conns already open, or no memory */
	u64 forbidden;	     /* reset: the client's address is not in webstatus.allow */
	u64 requests;	     /* complete requests parsed */
	u64 ok;		     /* 200 answers */
	u64 not_found;	     /* 404 */
	u64 bad_requests;    /* 400: not HTTP, or a body we do not take */
	u64 bad_methods;     /* 405: anything but GET and HEAD */
	u64 too_large;	     /* 431: request line and headers over WEBSTATUS_REQUEST_MAX */
	u64 header_timeouts; /* a request begun and not finished in time (slowloris) */
	u64 idle_closes;     /* kept-alive connections closed for silence */
	u64 send_timeouts;   /* a peer that stopped reading its answer */
	u64 no_memory;	     /* answers not built (503) for want of memory */
	u64 truncated;	     /* JSON answers cut at WEBSTATUS_BODY_MAX */
	u64 errors;	     /* connections lwIP reported dead, failed writes */
	u64 overflows;	     /* received bytes dropped: no whole request and the buffer full */
	u64 deferred;	     /* times a whole request waited for a later loop round */
	u64 build_ns_max;    /* longest time building one JSON answer */
	u64 rx_bytes, tx_bytes;
	u64 active; /* open right now */
	u64 active_hwm;
};

extern struct webstatus_stats webstatus_stats;

/* A growing text buffer that stops (and says so) when full. */
struct ws_buf {
	char *data;
	size_t len, cap;
	bool overflow;
};

void ws_printf(struct ws_buf *b, const char *fmt, ...) __printf(2, 3);
/* s as a JSON string, quotes included; len bytes (or up to NUL when len < 0). */
void ws_json_str(struct ws_buf *b, const char *s, long len);

/* The bodies. Each returns its content type. */
const char *webstatus_stats_json(struct ws_buf *b);
const char *webstatus_log_json(struct ws_buf *b, u64 since);

/*
 * /metrics (docs/METRICS.md) is built a piece at a time: each call appends
 * whole lines to b, as many as fit, and remembers in *cur where it stopped.
 * Returns true once the last line is in. A zeroed cursor starts a scrape.
 */
struct ws_metrics_cursor {
	u32 row;	  /* the metric being written */
	u32 obj;	  /* the device, NAPI instance, vector ... of it */
	u32 sub;	  /* an entry within that object (an address, a driver counter) */
	bool header_done; /* the row's # HELP and # TYPE are out */
};

bool webstatus_metrics_fill(struct ws_metrics_cursor *cur, struct ws_buf *b);
extern const char webstatus_metrics_type[];

/* The page: static bytes served without copying. */
extern const char webstatus_page[];
extern const size_t webstatus_page_len;

/* Settings as started (for the shell and /stats.json). */
struct webstatus_config {
	bool enabled;
	bool running;
	u16 port;
	u32 max_conns;
	struct ws_allow allow; /* who may connect (webstatus.allow) */
};
extern struct webstatus_config webstatus_config;

/* Registers the `webstatus` shell command. */
void webstatus_shell_init(void);

#endif

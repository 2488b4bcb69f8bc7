/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The web status server's HTTP request parser (webstatus.c serves what it
 * finds). Pure functions over bytes a peer sent: no state, no allocation,
 * nothing read outside the lengths given, so the libFuzzer harness
 * (tests/fuzz/fuzz_http.c) and the unit test take them as they are.
 */
#ifndef NAPKIN_NET_SERVICES_WEBSTATUS_HTTP_H
#define NAPKIN_NET_SERVICES_WEBSTATUS_HTTP_H

#include <stddef.h>
#include "kernel/core/compiler.h"

enum ws_target {
	WS_TARGET_PAGE,	   /* / and /index.html */
	WS_TARGET_STATS,   /* /stats.json */
	WS_TARGET_LOG,	   /* /log, ?since=N */
	WS_TARGET_METRICS, /* /metrics, Prometheus text format */
	WS_TARGET_NONE,	   /* anything else: 404 */
};

struct ws_request {
	int status;	  /* 0 when the request can be answered, else 400 or 405 */
	bool head_only;	  /* HEAD: the answer's headers, no body */
	bool close_after; /* HTTP/1.0 or "Connection: close", unless kept alive */
	bool http10;	  /* HTTP/1.0: no chunked answers, a streamed one ends with the close */
	enum ws_target target;
	u64 since; /* /log: log records after this sequence number */
};

/*
 * Length of the request line and headers at the start of buf, the blank
 * line included (LF LF or LF CR LF), or 0 while they are incomplete.
 */
size_t ws_http_headers_end(const char *buf, size_t len);

/*
 * Parse one request, its request line and headers being the hdr_len bytes
 * at req (as ws_http_headers_end() measured them). Only GET and HEAD exist;
 * a request announcing a body is refused (400), since the server reads
 * nothing it would have to skip.
 */
void ws_http_parse(const char *req, size_t hdr_len, struct ws_request *out);

#endif

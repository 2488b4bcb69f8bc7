// SPDX-License-Identifier: BSD-2-Clause
/*
 * The web status server's HTTP request parser (net/services/webstatus/webstatus_http.c)
 * on whatever a peer may send: the input is the connection's bytes, cut at
 * the server's buffer size and parsed request after request as the server
 * does (pipelined), in a buffer of exactly that size with no terminator.
 * Beyond the sanitizers, each answer must be one the server can give.
 */
#include <stdlib.h>
#include <string.h>
#include "net/services/webstatus/webstatus.h"
#include "net/services/webstatus/webstatus_http.h"
#include "tests/fuzz/fuzz.h"

static void check(const char *req, size_t hdr_len, const struct ws_request *rq)
{
	if (rq->status != 0 && rq->status != 400 && rq->status != 405)
		abort();
	if (rq->status == 0 && rq->target > WS_TARGET_NONE)
		abort();
	/* Only a HEAD request line answers without a body. */
	if (rq->head_only && (hdr_len < 5 || memcmp(req, "HEAD ", 5)))
		abort();
	if (rq->since && rq->target != WS_TARGET_LOG)
		abort();
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	size_t len = size < WEBSTATUS_REQUEST_MAX ? size : WEBSTATUS_REQUEST_MAX;
	char *buf = malloc(len ? len : 1), *p = buf;
	struct ws_request rq;
	size_t hdr_len;

	if (!buf)
		abort();
	memcpy(buf, data, len);
	while ((hdr_len = ws_http_headers_end(p, len))) {
		if (hdr_len > len)
			abort();
		ws_http_parse(p, hdr_len, &rq);
		check(p, hdr_len, &rq);
		p += hdr_len;
		len -= hdr_len;
	}
	/* Whatever is left, as if it were a whole request: nothing is read past it. */
	ws_http_parse(p, len, &rq);
	free(buf);
	return 0;
}

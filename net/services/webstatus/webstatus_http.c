// SPDX-License-Identifier: BSD-2-Clause
/* The web status server's HTTP request parser; see webstatus_http.h. */
#include <string.h>
#include "net/services/webstatus/webstatus_http.h"

static bool word_is(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && !memcmp(s, word, len);
}

/* Does the line start with name (lowercase), ignoring case? */
static bool header_has(const char *line, size_t len, const char *name)
{
	size_t n = strlen(name);

	if (len < n)
		return false;
	for (size_t i = 0; i < n; i++) {
		char a = line[i], b = name[i];

		if (a >= 'A' && a <= 'Z')
			a = (char)(a - 'A' + 'a');
		if (a != b)
			return false;
	}
	return true;
}

/* Does the value of a header line contain word (lowercase), ignoring case? */
static bool value_has(const char *line, size_t len, const char *word)
{
	size_t n = strlen(word);

	for (size_t i = 0; i + n <= len; i++)
		if (header_has(line + i, len - i, word))
			return true;
	return false;
}

/* A Content-Length line whose value is 0: the only body size a GET may announce here. */
static bool zero_length(const char *line, size_t len)
{
	size_t i = strlen("content-length:");

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i >= len || line[i] != '0')
		return false;
	for (i++; i < len; i++)
		if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
			return false;
	return true;
}

/* since=N from the query string; 0 when absent or malformed. */
static u64 query_since(const char *q, size_t len)
{
	u64 v = 0;

	for (size_t i = 0; i + 6 <= len; i++) {
		if ((i == 0 || q[i - 1] == '&') && !memcmp(q + i, "since=", 6)) {
			for (i += 6; i < len && q[i] >= '0' && q[i] <= '9'; i++)
				v = v * 10 + (u64)(q[i] - '0');
			return v;
		}
	}
	return 0;
}

size_t ws_http_headers_end(const char *buf, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++) {
		if (buf[i] != '\n')
			continue;
		if (buf[i + 1] == '\n')
			return i + 2;
		if (i + 2 < len && buf[i + 1] == '\r' && buf[i + 2] == '\n')
			return i + 3;
	}
	return 0;
}

void ws_http_parse(const char *r, size_t hdr_len, struct ws_request *out)
{
	const char *end = r + hdr_len, *line_end = memchr(r, '\n', hdr_len);
	const char *sp1, *sp2, *q;
	size_t mlen, tlen, vlen;
	bool http10;

	*out = (struct ws_request){ .status = 400, .target = WS_TARGET_NONE };
	if (!line_end)
		return;
	sp1 = memchr(r, ' ', (size_t)(line_end - r));
	sp2 = sp1 ? memchr(sp1 + 1, ' ', (size_t)(line_end - sp1 - 1)) : NULL;
	if (!sp1 || !sp2 || sp1[1] != '/')
		return;
	mlen = (size_t)(sp1 - r);
	tlen = (size_t)(sp2 - sp1 - 1);
	vlen = (size_t)(line_end - sp2 - 1);
	if (vlen && sp2[vlen] == '\r')
		vlen--;
	http10 = word_is(sp2 + 1, vlen, "HTTP/1.0");
	if (!http10 && !word_is(sp2 + 1, vlen, "HTTP/1.1"))
		return;
	out->close_after = http10;
	out->http10 = http10;
	for (const char *l = line_end + 1; l < end;) {
		const char *nl = memchr(l, '\n', (size_t)(end - l));
		size_t llen = nl ? (size_t)(nl - l) : (size_t)(end - l);

		if (header_has(l, llen, "connection:")) {
			if (value_has(l, llen, "close"))
				out->close_after = true;
			else if (value_has(l, llen, "keep-alive"))
				out->close_after = false;
		} else if (header_has(l, llen, "transfer-encoding:") ||
			   (header_has(l, llen, "content-length:") && !zero_length(l, llen))) {
			return;
		}
		l += llen + 1;
	}
	out->head_only = word_is(r, mlen, "HEAD");
	if (!out->head_only && !word_is(r, mlen, "GET")) {
		out->status = 405;
		return;
	}
	out->status = 0;
	q = memchr(sp1 + 1, '?', tlen);
	if (q)
		tlen = (size_t)(q - sp1 - 1);
	if (word_is(sp1 + 1, tlen, "/") || word_is(sp1 + 1, tlen, "/index.html")) {
		out->target = WS_TARGET_PAGE;
	} else if (word_is(sp1 + 1, tlen, "/stats.json")) {
		out->target = WS_TARGET_STATS;
	} else if (word_is(sp1 + 1, tlen, "/metrics")) {
		out->target = WS_TARGET_METRICS;
	} else if (word_is(sp1 + 1, tlen, "/log")) {
		out->target = WS_TARGET_LOG;
		out->since = q ? query_since(q + 1, (size_t)(sp2 - q - 1)) : 0;
	}
}

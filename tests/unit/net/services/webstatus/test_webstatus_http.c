// SPDX-License-Identifier: BSD-2-Clause
/* Unit tests for the web status server's HTTP request parser (net/services/webstatus/webstatus_http.c). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "net/services/webstatus/webstatus_http.h"

/* Parse s, which must hold one whole request (and maybe more after it). */
static struct ws_request parse(const char *s)
{
	size_t len = strlen(s), hdr_len;
	char *buf = malloc(len); /* no terminator: the parser must keep to the length */
	struct ws_request rq;

	ck_assert_ptr_nonnull(buf);
	memcpy(buf, s, len);
	hdr_len = ws_http_headers_end(buf, len);
	ck_assert_uint_gt(hdr_len, 0);
	ws_http_parse(buf, hdr_len, &rq);
	free(buf);
	return rq;
}

START_TEST(test_headers_end)
{
	ck_assert_uint_eq(ws_http_headers_end("GET / HTTP/1.1\r\n\r\n", 18), 18);
	ck_assert_uint_eq(ws_http_headers_end("GET / HTTP/1.1\n\nGET", 19), 16);
	ck_assert_uint_eq(ws_http_headers_end("GET / HTTP/1.1\r\nHost: x\r\n", 25), 0);
	ck_assert_uint_eq(ws_http_headers_end("GET / HTTP/1.1\r\n\r", 17), 0);
	ck_assert_uint_eq(ws_http_headers_end("", 0), 0);
}
END_TEST

START_TEST(test_targets)
{
	struct ws_request rq = parse("GET / HTTP/1.1\r\nHost: napkin\r\n\r\n");

	ck_assert_int_eq(rq.status, 0);
	ck_assert_int_eq(rq.target, WS_TARGET_PAGE);
	ck_assert(!rq.head_only && !rq.close_after);
	ck_assert_int_eq(parse("GET /index.html HTTP/1.1\n\n").target, WS_TARGET_PAGE);
	ck_assert_int_eq(parse("GET /stats.json?x HTTP/1.1\n\n").target, WS_TARGET_STATS);
	ck_assert_int_eq(parse("GET /stats.jsonx HTTP/1.1\n\n").target, WS_TARGET_NONE);
	ck_assert_int_eq(parse("GET /nothing HTTP/1.1\n\n").status, 0);
	ck_assert_int_eq(parse("GET /nothing HTTP/1.1\n\n").target, WS_TARGET_NONE);
	ck_assert_int_eq(parse("GET /metrics HTTP/1.1\n\n").target, WS_TARGET_METRICS);
	ck_assert_int_eq(parse("GET /metrics?name[]=x HTTP/1.1\n\n").target, WS_TARGET_METRICS);
	ck_assert_int_eq(parse("GET /metricsx HTTP/1.1\n\n").target, WS_TARGET_NONE);
	rq = parse("HEAD /stats.json HTTP/1.1\r\n\r\n");
	ck_assert(rq.head_only);
	ck_assert_int_eq(rq.target, WS_TARGET_STATS);
}
END_TEST

START_TEST(test_log_since)
{
	ck_assert_uint_eq(parse("GET /log HTTP/1.1\n\n").since, 0);
	ck_assert_uint_eq(parse("GET /log?since=42 HTTP/1.1\n\n").since, 42);
	ck_assert_uint_eq(parse("GET /log?a=1&since=7 HTTP/1.1\n\n").since, 7);
	ck_assert_uint_eq(parse("GET /log?asince=7 HTTP/1.1\n\n").since, 0);
	ck_assert_uint_eq(parse("GET /log?since=x HTTP/1.1\n\n").since, 0);
	/* The since of a target other than /log is never looked at. */
	ck_assert_uint_eq(parse("GET /stats.json?since=5 HTTP/1.1\n\n").since, 0);
}
END_TEST

START_TEST(test_connection_close)
{
	ck_assert(parse("GET / HTTP/1.0\n\n").close_after);
	ck_assert(parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").http10);
	ck_assert(!parse("GET / HTTP/1.1\n\n").http10);
	ck_assert(!parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").close_after);
	ck_assert(parse("GET / HTTP/1.1\r\nconnection: CLOSE\r\n\r\n").close_after);
	ck_assert(!parse("GET / HTTP/1.1\r\nX-Connection: close\r\n\r\n").close_after);
}
END_TEST

START_TEST(test_refused)
{
	ck_assert_int_eq(parse("GET / HTTP/2\r\n\r\n").status, 400);
	ck_assert_int_eq(parse("GET /\r\n\r\n").status, 400);
	ck_assert_int_eq(parse("GET x HTTP/1.1\r\n\r\n").status, 400);
	ck_assert_int_eq(parse("\n\n").status, 400);
	ck_assert_int_eq(parse("GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\n").status, 400);
	ck_assert_int_eq(parse("GET / HTTP/1.1\r\nContent-Length: 0 \r\n\r\n").status, 0);
	ck_assert_int_eq(parse("GET / HTTP/1.1\r\nContent-Length: 00\r\n\r\n").status, 400);
	ck_assert_int_eq(parse("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").status, 400);
	ck_assert_int_eq(parse("POST / HTTP/1.1\r\n\r\n").status, 405);
	ck_assert_int_eq(parse("get / HTTP/1.1\r\n\r\n").status, 405);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("webstatus_http");
	TCase *tc = tcase_create("parse");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_headers_end);
	tcase_add_test(tc, test_targets);
	tcase_add_test(tc, test_log_since);
	tcase_add_test(tc, test_connection_close);
	tcase_add_test(tc, test_refused);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

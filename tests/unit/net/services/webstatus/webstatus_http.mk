# SPDX-License-Identifier: BSD-2-Clause
# The web status server's HTTP request parser (net/services/webstatus/webstatus_http.c).
UNIT_TESTS += test_webstatus_http
test_webstatus_http_SRCS := tests/unit/net/services/webstatus/test_webstatus_http.c net/services/webstatus/webstatus_http.c

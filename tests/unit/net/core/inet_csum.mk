# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_inet_csum
test_inet_csum_SRCS := tests/unit/net/core/test_inet_csum.c net/core/inet_csum.c

# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_netdev
test_netdev_SRCS := tests/unit/test_netdev.c net/core/netdev.c net/core/backlog.c net/core/netbuf.c net/core/napi.c \
	kernel/core/ktimer.c net/core/gro.c net/core/inet_csum.c \
	net/core/params.c kernel/core/cmdline.c $(NAPI_FAKES_SRCS)

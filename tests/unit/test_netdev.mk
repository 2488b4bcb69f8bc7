# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_netdev
test_netdev_SRCS := tests/unit/test_netdev.c net/netdev.c net/backlog.c net/netbuf.c net/napi.c \
	kernel/core/ktimer.c net/gro.c net/inet_csum.c \
	net/params.c kernel/core/cmdline.c $(NAPI_FAKES_SRCS)

# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_gro
test_gro_SRCS := tests/unit/test_gro.c net/gro.c net/inet_csum.c net/netdev.c net/backlog.c \
	net/netbuf.c net/napi.c kernel/core/ktimer.c \
	net/params.c kernel/core/cmdline.c $(NAPI_FAKES_SRCS)

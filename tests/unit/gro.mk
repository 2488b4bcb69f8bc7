# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_gro
test_gro_SRCS := tests/unit/test_gro.c net/core/gro.c net/core/inet_csum.c net/core/netdev.c net/core/backlog.c \
	net/core/netbuf.c net/core/napi.c kernel/core/ktimer.c \
	net/core/params.c kernel/core/cmdline.c $(NAPI_FAKES_SRCS)

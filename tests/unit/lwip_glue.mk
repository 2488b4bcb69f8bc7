# SPDX-License-Identifier: BSD-2-Clause
# lwIP, the glue and the services, hosted, against a fake NIC (mk/lwip.mk builds lwIP).
UNIT_TESTS += test_lwip_glue
# The shell commands (shell_glue.c) need the kernel shell; the test stubs their registration.
test_lwip_glue_SRCS := tests/unit/test_lwip_glue.c \
	$(filter-out net/lwip/shell_glue.c,$(wildcard net/lwip/*.c net/lwip/fixes/*.c net/services/*.c)) \
	net/inet/ipconfig.c net/net_init.c net/core/netdev.c net/core/backlog.c net/core/netbuf.c net/core/napi.c \
	kernel/core/ktimer.c net/core/gro.c net/core/inet_csum.c net/services/webstatus/webstatus_allow.c \
	net/core/params.c kernel/core/cmdline.c $(NET_RANDOM_SRCS) $(NAPI_FAKES_SRCS) tests/hosted/frames.c
test_lwip_glue_OBJS := $(LWIP_HOST_OBJS)
test_lwip_glue_CFLAGS := $(LWIP_INCLUDES)

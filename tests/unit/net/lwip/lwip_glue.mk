# SPDX-License-Identifier: BSD-2-Clause
# lwIP, the glue and the services, hosted, against a fake NIC (mk/lwip.mk builds lwIP).
UNIT_TESTS += test_lwip_glue
# The shell commands (shell_glue.c) need the kernel shell; the test stubs their registration.
test_lwip_glue_SRCS := tests/unit/net/lwip/test_lwip_glue.c $(LWIP_GLUE_SRCS) $(NET_SERVICES_SRCS) \
	net/services/webstatus/webstatus_allow.c $(NET_CORE_SRCS) $(NAPI_FAKES_SRCS) tests/hosted/frames.c
test_lwip_glue_OBJS := $(LWIP_HOST_OBJS)
test_lwip_glue_CFLAGS := $(LWIP_INCLUDES)

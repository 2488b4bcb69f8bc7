# SPDX-License-Identifier: BSD-2-Clause
# The sinks' touch modes (net/services/sink.c) on hand-built pbuf chains.
UNIT_TESTS += test_sink
test_sink_SRCS := tests/unit/net/services/test_sink.c net/services/sink.c
test_sink_CFLAGS := $(LWIP_INCLUDES)

# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_gro
test_gro_SRCS := tests/unit/net/core/test_gro.c $(NET_CORE_SRCS) $(NAPI_FAKES_SRCS)

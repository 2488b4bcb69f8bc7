# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_napi
test_napi_SRCS := tests/unit/net/core/test_napi.c $(NAPI_SRCS) $(NAPI_FAKES_SRCS)

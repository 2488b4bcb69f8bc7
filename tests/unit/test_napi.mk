# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_napi
test_napi_SRCS := tests/unit/test_napi.c net/core/napi.c kernel/core/ktimer.c $(NAPI_FAKES_SRCS)

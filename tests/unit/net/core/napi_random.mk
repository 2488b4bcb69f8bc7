# SPDX-License-Identifier: BSD-2-Clause
# Seeded random interleavings against the NAPI core (NAPI_RANDOM_SEED, NAPI_RANDOM_ITER).
UNIT_TESTS += test_napi_random
test_napi_random_SRCS := tests/unit/net/core/test_napi_random.c $(NAPI_SRCS) $(NAPI_FAKES_SRCS)

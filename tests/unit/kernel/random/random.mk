# SPDX-License-Identifier: BSD-2-Clause
# The generator and its primitives (kernel/random/); their network users are
# tested in tests/unit/net/inet/.
UNIT_TESTS += test_random
test_random_SRCS := tests/unit/kernel/random/test_random.c $(RANDOM_SRCS)

# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_netdev
test_netdev_SRCS := tests/unit/net/core/test_netdev.c $(NET_CORE_SRCS) $(NAPI_FAKES_SRCS)

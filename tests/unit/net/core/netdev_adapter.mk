# SPDX-License-Identifier: BSD-2-Clause
# Who frees a driver's adapter, and when (net/core/netdev_adapter.c).
UNIT_TESTS += test_netdev_adapter
test_netdev_adapter_SRCS := tests/unit/net/core/test_netdev_adapter.c net/core/netdev_adapter.c tests/unit/fakes/stub_printk.c

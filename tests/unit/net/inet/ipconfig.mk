# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_ipconfig
test_ipconfig_SRCS := tests/unit/net/inet/test_ipconfig.c net/inet/ipconfig.c tests/unit/fakes/stub_printk.c

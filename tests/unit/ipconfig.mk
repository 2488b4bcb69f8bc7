# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_ipconfig
test_ipconfig_SRCS := tests/unit/test_ipconfig.c net/inet/ipconfig.c tests/unit/stub_printk.c

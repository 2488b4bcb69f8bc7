# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_netconsole_config
test_netconsole_config_SRCS := tests/unit/test_netconsole_config.c net/netconsole_config.c

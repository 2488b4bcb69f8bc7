# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_netconsole_config
test_netconsole_config_SRCS := tests/unit/net/netconsole/test_netconsole_config.c net/netconsole/netconsole_config.c

# Delivery: the real log ring and parser, netpoll played by the test.
UNIT_TESTS += test_netconsole
test_netconsole_SRCS := tests/unit/net/netconsole/test_netconsole.c net/netconsole/netconsole.c net/netconsole/netconsole_config.c \
	kernel/console/log.c tests/unit/fakes/stub_irqflags.c tests/unit/fakes/stub_printk.c

# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_log
test_log_SRCS := tests/unit/kernel/console/test_log.c kernel/console/log.c tests/unit/fakes/stub_irqflags.c

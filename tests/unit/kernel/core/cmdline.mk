# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_cmdline
test_cmdline_SRCS := tests/unit/kernel/core/test_cmdline.c kernel/core/cmdline.c tests/unit/fakes/stub_printk.c

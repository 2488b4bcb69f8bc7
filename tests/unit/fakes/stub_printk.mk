# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_stub_printk
test_stub_printk_SRCS := tests/unit/fakes/test_stub_printk.c tests/unit/fakes/stub_printk.c

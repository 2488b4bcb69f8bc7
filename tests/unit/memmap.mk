# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_memmap
test_memmap_SRCS := tests/unit/test_memmap.c kernel/memmap.c tests/unit/stub_printk.c

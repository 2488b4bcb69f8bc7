# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_memmap
test_memmap_SRCS := tests/unit/test_memmap.c kernel/mm/memmap.c tests/unit/stub_printk.c

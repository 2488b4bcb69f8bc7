# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_memmap
test_memmap_SRCS := tests/unit/kernel/mm/test_memmap.c kernel/mm/memmap.c tests/unit/fakes/stub_printk.c

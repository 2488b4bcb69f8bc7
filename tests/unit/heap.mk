# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_heap
test_heap_SRCS := tests/unit/test_heap.c kernel/mm/heap.c kernel/mm/pmm.c tests/unit/phys_arena.c \
	tests/unit/stub_printk.c

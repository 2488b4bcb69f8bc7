# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_heap
test_heap_SRCS := tests/unit/kernel/mm/test_heap.c kernel/mm/heap.c kernel/mm/pmm.c tests/unit/fakes/phys_arena.c \
	tests/unit/fakes/stub_printk.c

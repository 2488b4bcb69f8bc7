# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_dma
test_dma_SRCS := tests/unit/test_dma.c kernel/mm/dma.c kernel/mm/pmm.c kernel/core/cmdline.c tests/unit/phys_arena.c \
	tests/unit/stub_printk.c

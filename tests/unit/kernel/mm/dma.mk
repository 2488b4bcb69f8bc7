# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_dma
test_dma_SRCS := tests/unit/kernel/mm/test_dma.c kernel/mm/dma.c kernel/mm/pmm.c kernel/core/cmdline.c tests/unit/fakes/phys_arena.c \
	tests/unit/fakes/stub_printk.c

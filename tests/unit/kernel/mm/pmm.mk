# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_pmm
test_pmm_SRCS := tests/unit/kernel/mm/test_pmm.c kernel/mm/pmm.c kernel/mm/memmap.c tests/unit/fakes/stub_printk.c

# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_bootinfo
test_bootinfo_SRCS := tests/unit/kernel/core/test_bootinfo.c kernel/core/bootinfo.c

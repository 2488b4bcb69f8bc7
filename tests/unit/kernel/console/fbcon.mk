# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_fbcon
test_fbcon_SRCS := tests/unit/kernel/console/test_fbcon.c kernel/console/fbcon_term.c kernel/console/fbcon_draw.c

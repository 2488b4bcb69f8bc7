# SPDX-License-Identifier: BSD-2-Clause
# lib/ compared with glibc: the objects come from mk/lib-tests.mk with every
# symbol prefixed napkin_ (declared for the tests in tests/unit/lib/lib_prefixed.h).

UNIT_TESTS += test_printf test_string

test_printf_SRCS := tests/unit/lib/test_printf.c
test_printf_OBJS := $(LIB_UNIT_OBJS)

test_string_SRCS := tests/unit/lib/test_string.c
test_string_OBJS := $(LIB_UNIT_OBJS)

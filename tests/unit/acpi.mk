# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_acpi
test_acpi_SRCS := tests/unit/test_acpi.c $(ACPI_TABLE_SRCS) tests/unit/acpi_fixture.c \
	tests/unit/stub_printk.c

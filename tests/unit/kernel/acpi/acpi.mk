# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_acpi
test_acpi_SRCS := tests/unit/kernel/acpi/test_acpi.c $(ACPI_TABLE_SRCS) tests/unit/fakes/acpi_fixture.c \
	tests/unit/fakes/stub_printk.c

# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests for napkin's ACPI glue: the _PRT walk with bridge swizzling
# (kernel/acpi/intx_walk.c, no ACPICA needed) and the string calls ACPICA
# gets; the router it feeds is tested with the PCI tests (test_pci_intx_route).
UNIT_TESTS += test_intx_walk
test_intx_walk_SRCS := tests/unit/kernel/acpi/test_intx_walk.c kernel/acpi/intx_walk.c \
	kernel/acpi/osl_libc.c

# The OS services' own logic, built against ACPICA's headers (fetched first).
UNIT_TESTS += test_osl
test_osl_SRCS = tests/unit/kernel/acpi/test_osl.c kernel/acpi/osl_sync.c kernel/acpi/osl_misc.c \
	tests/unit/fakes/stub_printk.c tests/unit/fakes/stub_irqflags.c
test_osl_CFLAGS = $(ACPICA_INCLUDES)
$(BUILD)/unit/test_osl: | $(ACPICA_STAMP)

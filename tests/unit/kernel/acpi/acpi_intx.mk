# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests for napkin's ACPI INTx glue: the _PRT walk with bridge
# swizzling (kernel/acpi/intx_walk.c, no ACPICA needed), the router and
# fallback in kernel/pci/pci_intx.c, pci=nomsi, and the string calls ACPICA gets.
UNIT_TESTS += test_intx_walk
test_intx_walk_SRCS := tests/unit/kernel/acpi/test_intx_walk.c kernel/acpi/intx_walk.c \
	kernel/acpi/osl_libc.c

UNIT_TESTS += test_pci_intx_route
test_pci_intx_route_SRCS := tests/unit/kernel/pci/test_pci_intx_route.c $(PCI_CORE_SRCS) $(PCI_IRQ_SRCS) \
	kernel/pci/pci_params.c kernel/core/cmdline.c tests/unit/fakes/pci_fake.c $(PCI_TEST_STUBS)

# The OS services' own logic, built against ACPICA's headers (fetched first).
UNIT_TESTS += test_osl
test_osl_SRCS = tests/unit/kernel/acpi/test_osl.c kernel/acpi/osl_sync.c kernel/acpi/osl_misc.c \
	tests/unit/fakes/stub_printk.c tests/unit/fakes/stub_irqflags.c
test_osl_CFLAGS = $(ACPICA_INCLUDES)
$(BUILD)/unit/test_osl: | $(ACPICA_STAMP)

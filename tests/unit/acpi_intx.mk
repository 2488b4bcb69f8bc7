# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests for napkin's ACPI INTx glue: the _PRT walk with bridge
# swizzling (kernel/acpi/intx_walk.c, no ACPICA needed), the router and
# fallback in kernel/pci_intx.c, pci=nomsi, and the string calls ACPICA gets.
# (`=`, not `:=`: the PCI lists come from pci.mk, included after this file.)
UNIT_TESTS += test_intx_walk
test_intx_walk_SRCS := tests/unit/test_intx_walk.c kernel/acpi/intx_walk.c \
	kernel/acpi/osl_libc.c

UNIT_TESTS += test_pci_intx_route
test_pci_intx_route_SRCS = tests/unit/test_pci_intx_route.c $(PCI_CORE_SRCS) kernel/msi.c \
	kernel/pci_irq.c kernel/pci_intx.c kernel/pci_params.c kernel/cmdline.c kernel/irq.c \
	tests/unit/pci_fake.c $(PCI_TEST_STUBS)

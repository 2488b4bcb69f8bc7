# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests for PCI (kernel/pci/pci*.c, kernel/pci/msi.c) over a fake config space.

UNIT_TESTS += test_pci_enum
test_pci_enum_SRCS := tests/unit/kernel/pci/test_pci_enum.c $(PCI_CORE_SRCS) tests/unit/fakes/pci_fake.c \
	$(PCI_TEST_STUBS)

UNIT_TESTS += test_pci_cfg
test_pci_cfg_SRCS := tests/unit/kernel/pci/test_pci_cfg.c $(PCI_CORE_SRCS) tests/unit/fakes/pci_fake.c \
	$(PCI_TEST_STUBS)

UNIT_TESTS += test_msi
test_msi_SRCS := tests/unit/kernel/pci/test_msi.c $(PCI_CORE_SRCS) $(PCI_IRQ_SRCS) \
	tests/unit/fakes/pci_fake.c tests/unit/fakes/pci_test_reset.c $(PCI_TEST_STUBS)

UNIT_TESTS += test_pci_driver
test_pci_driver_SRCS := tests/unit/kernel/pci/test_pci_driver.c $(PCI_CORE_SRCS) tests/unit/fakes/pci_fake.c \
	$(PCI_TEST_STUBS)

UNIT_TESTS += test_pci_fixtures
test_pci_fixtures_SRCS := tests/unit/kernel/pci/test_pci_fixtures.c tests/unit/kernel/pci/pci_fixtures.c \
	$(PCI_CORE_SRCS) $(PCI_IRQ_SRCS) tests/unit/fakes/pci_fake.c tests/unit/fakes/pci_test_reset.c \
	$(PCI_TEST_STUBS)

# The interrupt ladder drivers share (MSI-X, MSI, INTx, polling; the watchdog).
UNIT_TESTS += test_pci_irq_ladder
test_pci_irq_ladder_SRCS := tests/unit/kernel/pci/test_pci_irq_ladder.c kernel/pci/pci_irq_ladder.c \
	$(PCI_CORE_SRCS) $(PCI_IRQ_SRCS) kernel/core/cmdline.c tests/unit/fakes/pci_fake.c \
	tests/unit/fakes/pci_test_reset.c $(PCI_TEST_STUBS)

# INTx routing: the ACPI router and its fallback in kernel/pci/pci_intx.c, pci=nomsi.
UNIT_TESTS += test_pci_intx_route
test_pci_intx_route_SRCS := tests/unit/kernel/pci/test_pci_intx_route.c $(PCI_CORE_SRCS) $(PCI_IRQ_SRCS) \
	kernel/pci/pci_params.c kernel/core/cmdline.c tests/unit/fakes/pci_fake.c \
	tests/unit/fakes/pci_test_reset.c $(PCI_TEST_STUBS)

# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests for interrupts (kernel/irq.c) and PCI (kernel/pci*.c, kernel/msi.c).
PCI_TEST_STUBS := tests/unit/stub_printk.c tests/unit/stub_irqflags.c tests/unit/pci_stub_hw.c
PCI_CORE_SRCS := kernel/pci.c kernel/pci_cfg.c kernel/pci_bar.c kernel/pci_cap.c \
	kernel/pci_driver.c kernel/pci_show.c

UNIT_TESTS += test_irq
test_irq_SRCS := tests/unit/test_irq.c kernel/irq.c $(PCI_TEST_STUBS)

UNIT_TESTS += test_pci_enum
test_pci_enum_SRCS := tests/unit/test_pci_enum.c $(PCI_CORE_SRCS) tests/unit/pci_fake.c \
	$(PCI_TEST_STUBS)

UNIT_TESTS += test_pci_cfg
test_pci_cfg_SRCS := tests/unit/test_pci_cfg.c $(PCI_CORE_SRCS) tests/unit/pci_fake.c \
	$(PCI_TEST_STUBS)

UNIT_TESTS += test_msi
test_msi_SRCS := tests/unit/test_msi.c $(PCI_CORE_SRCS) kernel/msi.c kernel/pci_irq.c \
	kernel/pci_intx.c kernel/irq.c tests/unit/pci_fake.c $(PCI_TEST_STUBS)

UNIT_TESTS += test_pci_driver
test_pci_driver_SRCS := tests/unit/test_pci_driver.c $(PCI_CORE_SRCS) tests/unit/pci_fake.c \
	$(PCI_TEST_STUBS)

UNIT_TESTS += test_pci_fixtures
test_pci_fixtures_SRCS := tests/unit/test_pci_fixtures.c tests/unit/pci_fixtures.c \
	$(PCI_CORE_SRCS) kernel/msi.c kernel/pci_irq.c kernel/pci_intx.c kernel/irq.c \
	tests/unit/pci_fake.c $(PCI_TEST_STUBS)

# The interrupt ladder drivers share (MSI-X, MSI, INTx, polling; the watchdog).
UNIT_TESTS += test_pci_irq_ladder
test_pci_irq_ladder_SRCS := tests/unit/test_pci_irq_ladder.c kernel/pci_irq_ladder.c \
	$(PCI_CORE_SRCS) kernel/msi.c kernel/pci_irq.c kernel/pci_intx.c kernel/irq.c \
	kernel/cmdline.c tests/unit/pci_fake.c $(PCI_TEST_STUBS)

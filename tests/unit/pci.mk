# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests for interrupts (kernel/irq.c) and PCI (kernel/pci*.c, kernel/msi.c).
PCI_TEST_STUBS := tests/unit/pci_stub_printk.c tests/unit/pci_stub_hw.c
PCI_CORE_SRCS := kernel/pci.c kernel/pci_cfg.c kernel/pci_bar.c kernel/pci_cap.c \
	kernel/pci_driver.c kernel/pci_show.c

UNIT_TESTS += test_irq
test_irq_SRCS := tests/unit/test_irq.c kernel/irq.c $(PCI_TEST_STUBS)

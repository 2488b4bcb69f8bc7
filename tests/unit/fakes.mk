# SPDX-License-Identifier: BSD-2-Clause
# The host fakes net/ tests link: clock and softirqs (napi_fakes.c) plus the one
# fake printk (stub_printk.c) and the one fake irqflags (stub_irqflags.c) every
# unit test shares. Read before its users (tests/unit/*.mk go in name order).
NAPI_FAKES_SRCS := tests/unit/napi_fakes.c tests/unit/stub_printk.c tests/unit/stub_irqflags.c
# The same two stubs with the PCI tests' stand-ins for the IOAPIC and ioremap.
PCI_TEST_STUBS := tests/unit/stub_printk.c tests/unit/stub_irqflags.c tests/unit/pci_stub_hw.c

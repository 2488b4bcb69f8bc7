# SPDX-License-Identifier: BSD-2-Clause
# The host fakes net/ tests link: clock and softirqs (napi_fakes.c) plus the one
# fake printk (stub_printk.c) and the one fake irqflags (stub_irqflags.c) every
# unit test shares. Read before its users (the Makefile names it first).
NAPI_FAKES_SRCS := tests/unit/fakes/napi_fakes.c tests/unit/fakes/stub_printk.c \
	tests/unit/fakes/stub_irqflags.c
# The same two stubs with the PCI tests' stand-ins for the IOAPIC and ioremap.
PCI_TEST_STUBS := tests/unit/fakes/stub_printk.c tests/unit/fakes/stub_irqflags.c \
	tests/unit/fakes/pci_stub_hw.c

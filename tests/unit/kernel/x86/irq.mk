# SPDX-License-Identifier: BSD-2-Clause
# Interrupt vectors and handlers (kernel/x86/irq.c), with the PCI tests' stand-ins.
UNIT_TESTS += test_irq
test_irq_SRCS := tests/unit/kernel/x86/test_irq.c kernel/x86/irq.c $(PCI_TEST_STUBS)

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fresh PCI world for the next case of a test that takes interrupts: the
 * fake config space emptied and made the access method, the stand-in
 * hardware and the kept log cleared, and the PCI core, the vector table and
 * the INTx routes forgotten. Tests that also use MSI, INTx or the ladder
 * (test_msi, test_pci_intx_route, test_pci_irq_ladder, test_pci_fixtures,
 * fuzz_pci) start each case with it.
 */
#ifndef NAPKIN_TESTS_PCI_TEST_RESET_H
#define NAPKIN_TESTS_PCI_TEST_RESET_H

void pci_test_reset(void);

#endif

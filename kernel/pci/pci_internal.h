/* SPDX-License-Identifier: BSD-2-Clause */
/* Between the kernel/pci/pci*.c and kernel/pci/msi.c files (and their unit tests) only. */
#ifndef NAPKIN_KERNEL_PCI_INTERNAL_H
#define NAPKIN_KERNEL_PCI_INTERNAL_H

#include "kernel/pci/pci.h"

/* Fill *pdev from config space: ids, class, header, BARs, capabilities. */
void pci_dev_init_from_config(struct pci_dev *pdev, u16 seg, u8 bus, u8 devfn);
void pci_decode_bars(struct pci_dev *pdev);
void pci_walk_capabilities(struct pci_dev *pdev);
void pci_walk_ext_capabilities(struct pci_dev *pdev);

bool pci_enumerated(void);
/* Offer every unbound device to every registered driver. */
void pci_bind_all_drivers(void);

#ifdef NAPKIN_HOSTED
/* Forget devices and drivers (host unit tests only). */
void pci_reset_for_test(void);
void pci_forget_drivers_for_test(void);
#endif

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Interrupts for PCI drivers. A driver asks for between min and max vectors
 * and the kinds it can live with; napkin tries MSI-X, then MSI, then INTx, as
 * `flags` allow, and returns how many vectors it got. The vectors come masked
 * where the source can mask them; request_irq() on them unmasks, free_irq()
 * of the last handler masks again.
 *
 *	n = pci_alloc_irq_vectors(pdev, 1, 4, PCI_IRQ_ALL_TYPES);
 *	if (n < 0)
 *		return n;
 *	if (pci_irq_polling(pdev))
 *		arm a ktimer that polls the device;
 *	for (i = 0; i < n; i++)
 *		request_irq(pci_irq_vector(pdev, i), handler, ctx, "name");
 *
 * When INTx is allowed but cannot be routed (no pin, or firmware left the
 * interrupt line unset and no ACPI _PRT answer), the call succeeds with 0
 * vectors, pci_irq_polling() is true and the log says so: the device still
 * works, by polling. See docs/PCI.md.
 */
#ifndef NAPKIN_KERNEL_MSI_H
#define NAPKIN_KERNEL_MSI_H

#include "kernel/core/compiler.h"
#include "kernel/pci/pci.h"

#define PCI_IRQ_INTX	  BIT(0)
#define PCI_IRQ_MSI	  BIT(1)
#define PCI_IRQ_MSIX	  BIT(2)
#define PCI_IRQ_ALL_TYPES (PCI_IRQ_INTX | PCI_IRQ_MSI | PCI_IRQ_MSIX)

int pci_alloc_irq_vectors(struct pci_dev *pdev, unsigned int min, unsigned int max,
			  unsigned int flags);
/* The vector of interrupt `nr` (0-based), or -EINVAL. */
int pci_irq_vector(const struct pci_dev *pdev, unsigned int nr);
/* Turn MSI/MSI-X off (INTx back on) and give the vectors back. Detach the
 * handlers first with free_irq(): shared INTx vectors stay with other users. */
void pci_free_irq_vectors(struct pci_dev *pdev);
bool pci_irq_polling(const struct pci_dev *pdev);

/* The building blocks, for the policy above and for unit tests. */
int pci_msix_enable(struct pci_dev *pdev, unsigned int min, unsigned int max);
void pci_msix_disable(struct pci_dev *pdev);
int pci_msi_enable(struct pci_dev *pdev, unsigned int min, unsigned int max);
void pci_msi_disable(struct pci_dev *pdev);
/* Largest vector count the MSI / MSI-X capability offers, 0 if none. */
unsigned int pci_msi_vec_count(const struct pci_dev *pdev);
unsigned int pci_msix_vec_count(const struct pci_dev *pdev);
/* Route INTx through the IOAPIC; -ENXIO when the line cannot be routed. */
int pci_intx_setup(struct pci_dev *pdev);
void pci_intx_teardown(struct pci_dev *pdev);

#ifdef NAPKIN_HOSTED
void pci_intx_reset_for_test(void);
#endif

#endif

// SPDX-License-Identifier: BSD-2-Clause
/* Which interrupt mechanism a PCI device gets: MSI-X, then MSI, then INTx, then polling. */
#define pr_fmt(fmt) "pci: " fmt

#include <errno.h>
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci_intx.h"
#include "kernel/console/printk.h"

static void announce(const struct pci_dev *pdev)
{
	char line[192];

	pci_format_dev(pdev, line, sizeof(line));
	pr_info("%s\n", line);
}

static int fall_back_to_polling(struct pci_dev *pdev)
{
	pdev->irq_mode = PCI_IRQ_MODE_POLL;
	pdev->nr_irqs = 0;
	if (!pdev->irq_pin)
		pr_warn("%s: no MSI/MSI-X usable and no INTx pin: timer-driven polling\n",
			pdev->name);
	else if (pdev->irq_line == 0 || pdev->irq_line == PCI_INTERRUPT_LINE_UNSET)
		pr_warn("%s: INTx pin %c has no interrupt line from firmware and no ACPI _PRT "
			"answer: timer-driven polling\n",
			pdev->name, 'A' + pdev->irq_pin - 1);
	else
		pr_warn("%s: INTx pin %c line %u could not be routed: timer-driven polling\n",
			pdev->name, 'A' + pdev->irq_pin - 1, pdev->irq_line);
	announce(pdev);
	return 0;
}

int pci_alloc_irq_vectors(struct pci_dev *pdev, unsigned int min, unsigned int max,
			  unsigned int flags)
{
	int ret = -ENODEV;

	if (!flags || (flags & ~PCI_IRQ_ALL_TYPES) || max == 0 || min > max) {
		pr_warn("%s: pci_alloc_irq_vectors(min %u, max %u, flags 0x%x): bad arguments\n",
			pdev->name, min, max, flags);
		return -EINVAL;
	}
	if (pdev->irq_mode != PCI_IRQ_MODE_NONE) {
		pr_warn("%s: interrupts already set up (%s)\n", pdev->name,
			pci_irq_mode_name(pdev->irq_mode));
		return -EBUSY;
	}
	if (pci_nomsi() && (flags & (PCI_IRQ_MSI | PCI_IRQ_MSIX))) {
		flags &= ~(unsigned int)(PCI_IRQ_MSI | PCI_IRQ_MSIX);
		if (!flags) {
			pr_info("%s: pci=nomsi: MSI/MSI-X refused, the driver must ask for INTx\n",
				pdev->name);
			return -ENOSPC;
		}
	}
	if (max > PCI_MAX_IRQ_VECTORS)
		max = PCI_MAX_IRQ_VECTORS;
	if (min > max)
		return -ENOSPC;
	if (flags & PCI_IRQ_MSIX) {
		ret = pci_msix_enable(pdev, min, max);
		if (ret > 0)
			goto done;
	}
	if (flags & PCI_IRQ_MSI) {
		ret = pci_msi_enable(pdev, min, max);
		if (ret > 0)
			goto done;
	}
	if ((flags & PCI_IRQ_INTX) && min <= 1) {
		ret = pci_intx_setup(pdev);
		if (ret > 0)
			goto done;
		return fall_back_to_polling(pdev);
	}
	pr_warn("%s: no interrupt mode satisfies min %u max %u flags 0x%x (%d)\n", pdev->name, min,
		max, flags, ret);
	return ret < 0 ? ret : -ENOSPC;
done:
	announce(pdev);
	return ret;
}

int pci_irq_vector(const struct pci_dev *pdev, unsigned int nr)
{
	switch (pdev->irq_mode) {
	case PCI_IRQ_MODE_INTX:
	case PCI_IRQ_MODE_MSI:
	case PCI_IRQ_MODE_MSIX:
		if (nr < pdev->nr_irqs)
			return pdev->irq_vectors[nr];
		break;
	default: break;
	}
	return -EINVAL;
}

void pci_free_irq_vectors(struct pci_dev *pdev)
{
	switch (pdev->irq_mode) {
	case PCI_IRQ_MODE_MSIX: pci_msix_disable(pdev); break;
	case PCI_IRQ_MODE_MSI: pci_msi_disable(pdev); break;
	case PCI_IRQ_MODE_INTX: pci_intx_teardown(pdev); break;
	default: pdev->irq_mode = PCI_IRQ_MODE_NONE; break;
	}
}

bool pci_irq_polling(const struct pci_dev *pdev)
{
	return pdev->irq_mode == PCI_IRQ_MODE_POLL;
}

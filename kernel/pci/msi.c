// SPDX-License-Identifier: BSD-2-Clause
/*
 * MSI and MSI-X: the device writes `data` to `address` to interrupt, and the
 * address/data pair the LAPIC code hands out selects the boot CPU and the
 * vector. MSI has one address/data pair per function (several vectors share
 * it, the device ORs the message number into the low data bits, so they must
 * be a contiguous, aligned block); MSI-X has a table in a BAR with one entry
 * per vector, each with its own mask bit.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <errno.h>
#include "kernel/x86/apic.h"
#include "kernel/mm/io.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/console/printk.h"

/* ---- MSI ---- */

static bool msi_is_64bit(u16 flags)
{
	return flags & PCI_MSI_FLAGS_64BIT;
}

static u16 msi_mask_off(u16 flags)
{
	return msi_is_64bit(flags) ? PCI_MSI_MASK_64 : PCI_MSI_MASK_32;
}

unsigned int pci_msi_vec_count(const struct pci_dev *pdev)
{
	u16 flags;
	unsigned int log2;

	if (!pdev->msi_cap)
		return 0;
	flags = pci_read_config_word(pdev, pdev->msi_cap + PCI_MSI_FLAGS);
	log2 = (flags & PCI_MSI_FLAGS_QMASK) >> 1;
	if (log2 > 5) {
		pr_warn("%s: MSI claims a reserved vector count (2^%u): using 1\n", pdev->name,
			log2);
		return 1;
	}
	return 1u << log2;
}

static void msi_set_mask(struct pci_dev *pdev, u32 bits, bool masked)
{
	u16 flags = pci_read_config_word(pdev, pdev->msi_cap + PCI_MSI_FLAGS);

	if (masked)
		pdev->msi_mask_cache |= bits;
	else
		pdev->msi_mask_cache &= ~bits;
	pci_write_config_dword(pdev, pdev->msi_cap + msi_mask_off(flags), pdev->msi_mask_cache);
}

static void msi_mask_vec(void *data, u32 index)
{
	msi_set_mask(data, BIT(index), true);
}

static void msi_unmask_vec(void *data, u32 index)
{
	msi_set_mask(data, BIT(index), false);
}

static const struct irq_chip msi_chip_maskable = {
	.name = "PCI-MSI",
	.mask = msi_mask_vec,
	.unmask = msi_unmask_vec,
};

/* Without per-vector masking the whole function would have to be turned off. */
static const struct irq_chip msi_chip_plain = {
	.name = "PCI-MSI",
};

static unsigned int round_down_pow2(unsigned int v)
{
	unsigned int p = 1;

	while (p * 2 <= v)
		p *= 2;
	return v ? p : 0;
}

static unsigned int ilog2_pow2(unsigned int v)
{
	unsigned int l = 0;

	while ((1u << l) < v)
		l++;
	return l;
}

int pci_msi_enable(struct pci_dev *pdev, unsigned int min, unsigned int max)
{
	unsigned int cap = pdev->msi_cap, nvec;
	u64 addr;
	u16 flags;
	int first;

	if (!cap)
		return -ENODEV;
	if (lapic_msi_address(pdev->name, &addr))
		return -ERANGE;
	nvec = round_down_pow2(MIN(MIN(max, pci_msi_vec_count(pdev)), PCI_MAX_IRQ_VECTORS));
	if (nvec < min || nvec == 0)
		return -ENOSPC;
	flags = pci_read_config_word(pdev, cap + PCI_MSI_FLAGS);
	if ((addr >> 32) && !msi_is_64bit(flags)) {
		pr_warn("%s: MSI is 32-bit only and the LAPIC address 0x%lx is above 4 GiB\n",
			pdev->name, (unsigned long)addr);
		return -ERANGE;
	}
	first = irq_alloc_vectors(nvec, pdev->name);
	if (first < 0)
		return first;

	/* Program with MSI off so the device cannot send a half-written message. */
	pci_write_config_word(pdev, cap + PCI_MSI_FLAGS, flags & ~PCI_MSI_FLAGS_ENABLE);
	pci_write_config_dword(pdev, cap + PCI_MSI_ADDRESS_LO, (u32)addr);
	if (msi_is_64bit(flags)) {
		pci_write_config_dword(pdev, cap + PCI_MSI_ADDRESS_HI, (u32)(addr >> 32));
		pci_write_config_word(pdev, cap + PCI_MSI_DATA_64, (u16)lapic_msi_data((u8)first));
	} else {
		pci_write_config_word(pdev, cap + PCI_MSI_DATA_32, (u16)lapic_msi_data((u8)first));
	}
	if (flags & PCI_MSI_FLAGS_MASKBIT) {
		pdev->msi_mask_cache = 0xFFFFFFFFu;
		pci_write_config_dword(pdev, cap + msi_mask_off(flags), pdev->msi_mask_cache);
	}
	for (unsigned int i = 0; i < nvec; i++) {
		pdev->irq_vectors[i] = (u8)(first + i);
		irq_set_chip((u8)(first + i),
			     (flags & PCI_MSI_FLAGS_MASKBIT) ? &msi_chip_maskable : &msi_chip_plain,
			     pdev, i);
	}
	flags &= ~PCI_MSI_FLAGS_QSIZE;
	flags |= (u16)(ilog2_pow2(nvec) << 4) | PCI_MSI_FLAGS_ENABLE;
	pci_write_config_word(pdev, cap + PCI_MSI_FLAGS, flags);
	pci_intx(pdev, false);
	pdev->nr_irqs = nvec;
	pdev->irq_mode = PCI_IRQ_MODE_MSI;
	return (int)nvec;
}

void pci_msi_disable(struct pci_dev *pdev)
{
	unsigned int cap = pdev->msi_cap;
	u16 flags;

	if (pdev->irq_mode != PCI_IRQ_MODE_MSI)
		return;
	flags = pci_read_config_word(pdev, cap + PCI_MSI_FLAGS);
	if (flags & PCI_MSI_FLAGS_MASKBIT) {
		pdev->msi_mask_cache = 0xFFFFFFFFu;
		pci_write_config_dword(pdev, cap + msi_mask_off(flags), pdev->msi_mask_cache);
	}
	pci_write_config_word(pdev, cap + PCI_MSI_FLAGS,
			      flags & ~(PCI_MSI_FLAGS_ENABLE | PCI_MSI_FLAGS_QSIZE));
	for (unsigned int i = 0; i < pdev->nr_irqs; i++)
		irq_free_vector(pdev->irq_vectors[i]);
	pdev->nr_irqs = 0;
	pdev->irq_mode = PCI_IRQ_MODE_NONE;
	pci_intx(pdev, true);
}

/* ---- MSI-X ---- */

unsigned int pci_msix_vec_count(const struct pci_dev *pdev)
{
	if (!pdev->msix_cap)
		return 0;
	return (pci_read_config_word(pdev, pdev->msix_cap + PCI_MSIX_FLAGS) &
		PCI_MSIX_FLAGS_QSIZE) +
	       1;
}

static volatile u8 *msix_entry(const struct pci_dev *pdev, unsigned int i)
{
	return (volatile u8 *)pdev->msix_table + i * PCI_MSIX_ENTRY_SIZE;
}

static void msix_set_masked(struct pci_dev *pdev, unsigned int i, bool masked)
{
	volatile u8 *ctrl = msix_entry(pdev, i) + PCI_MSIX_ENTRY_CTRL;
	u32 v = readl(ctrl);

	v = masked ? (v | PCI_MSIX_ENTRY_CTRL_MASKED) : (v & ~PCI_MSIX_ENTRY_CTRL_MASKED);
	writel(v, ctrl);
	/* Read back so the (posted) write has reached the device before we go on. */
	(void)readl(ctrl);
}

static void msix_mask_vec(void *data, u32 index)
{
	msix_set_masked(data, index, true);
}

static void msix_unmask_vec(void *data, u32 index)
{
	msix_set_masked(data, index, false);
}

static const struct irq_chip msix_chip = {
	.name = "PCI-MSI-X",
	.mask = msix_mask_vec,
	.unmask = msix_unmask_vec,
};

/* A table or PBA location must be a mapped memory BAR with room for all of it. */
static bool msix_region_ok(struct pci_dev *pdev, const char *what, u32 reg, u64 len)
{
	unsigned int bir = reg & PCI_MSIX_BIR_MASK;
	u64 off = reg & PCI_MSIX_OFFSET_MASK;
	const struct pci_bar *bar;

	if (bir >= PCI_NUM_BARS) {
		pr_warn("%s: MSI-X %s in BAR%u, which does not exist\n", pdev->name, what, bir);
		return false;
	}
	bar = &pdev->bar[bir];
	if ((bar->flags & (PCI_BAR_VALID | PCI_BAR_IO)) != PCI_BAR_VALID) {
		pr_warn("%s: MSI-X %s in BAR%u, which is not a usable memory BAR\n", pdev->name,
			what, bir);
		return false;
	}
	if (off + len > bar->size) {
		pr_warn("%s: MSI-X %s at BAR%u+0x%lx (0x%lx bytes) overruns the BAR (0x%lx)\n",
			pdev->name, what, bir, (unsigned long)off, (unsigned long)len,
			(unsigned long)bar->size);
		return false;
	}
	return true;
}

static void msix_write_ctrl(struct pci_dev *pdev, u16 ctrl)
{
	pci_write_config_word(pdev, pdev->msix_cap + PCI_MSIX_FLAGS, ctrl);
}

int pci_msix_enable(struct pci_dev *pdev, unsigned int min, unsigned int max)
{
	unsigned int cap = pdev->msix_cap, tsize, nvec, got = 0;
	u32 table_reg, pba_reg;
	u64 addr;
	u16 ctrl;
	u8 *bar_virt;

	if (!cap)
		return -ENODEV;
	if (lapic_msi_address(pdev->name, &addr))
		return -ERANGE;
	tsize = pci_msix_vec_count(pdev);
	nvec = MIN(MIN(max, tsize), PCI_MAX_IRQ_VECTORS);
	if (nvec < min || nvec == 0)
		return -ENOSPC;
	table_reg = pci_read_config_dword(pdev, cap + PCI_MSIX_TABLE);
	pba_reg = pci_read_config_dword(pdev, cap + PCI_MSIX_PBA);
	if (!msix_region_ok(pdev, "table", table_reg, (u64)tsize * PCI_MSIX_ENTRY_SIZE) ||
	    !msix_region_ok(pdev, "PBA", pba_reg, ((u64)tsize + 63) / 64 * 8))
		return -EINVAL;
	/* The table lives in memory space: decode must be on to reach it. */
	pci_write_config_word(pdev, PCI_COMMAND,
			      pci_read_config_word(pdev, PCI_COMMAND) | PCI_COMMAND_MEMORY);
	bar_virt = pci_iomap(pdev, table_reg & PCI_MSIX_BIR_MASK);
	if (!bar_virt)
		return -ENOMEM;

	for (; got < nvec; got++) {
		int v = irq_alloc_vector(pdev->name);

		if (v < 0)
			break;
		pdev->irq_vectors[got] = (u8)v;
	}
	if (got < min || got == 0) {
		pr_warn("%s: only %u of %u MSI-X vectors available (minimum %u)\n", pdev->name, got,
			nvec, min);
		while (got)
			irq_free_vector(pdev->irq_vectors[--got]);
		return -ENOSPC;
	}
	nvec = got;
	pdev->msix_table = bar_virt + (table_reg & PCI_MSIX_OFFSET_MASK);
	pdev->msix_table_size = (u16)tsize;

	/* Enabled but function-masked while the table is written: no message escapes. */
	ctrl = pci_read_config_word(pdev, cap + PCI_MSIX_FLAGS);
	ctrl |= PCI_MSIX_FLAGS_ENABLE | PCI_MSIX_FLAGS_MASKALL;
	msix_write_ctrl(pdev, ctrl);
	for (unsigned int i = 0; i < tsize; i++)
		msix_set_masked(pdev, i, true);
	for (unsigned int i = 0; i < nvec; i++) {
		volatile u8 *e = msix_entry(pdev, i);

		writel((u32)addr, e + PCI_MSIX_ENTRY_ADDR_LO);
		writel((u32)(addr >> 32), e + PCI_MSIX_ENTRY_ADDR_HI);
		writel(lapic_msi_data(pdev->irq_vectors[i]), e + PCI_MSIX_ENTRY_DATA);
		irq_set_chip(pdev->irq_vectors[i], &msix_chip, pdev, i);
	}
	pci_intx(pdev, false);
	ctrl &= ~PCI_MSIX_FLAGS_MASKALL;
	msix_write_ctrl(pdev, ctrl);
	pdev->nr_irqs = nvec;
	pdev->irq_mode = PCI_IRQ_MODE_MSIX;
	return (int)nvec;
}

void pci_msix_disable(struct pci_dev *pdev)
{
	u16 ctrl;

	if (pdev->irq_mode != PCI_IRQ_MODE_MSIX)
		return;
	for (unsigned int i = 0; i < pdev->msix_table_size; i++)
		msix_set_masked(pdev, i, true);
	ctrl = pci_read_config_word(pdev, pdev->msix_cap + PCI_MSIX_FLAGS);
	msix_write_ctrl(pdev, ctrl & ~(PCI_MSIX_FLAGS_ENABLE | PCI_MSIX_FLAGS_MASKALL));
	for (unsigned int i = 0; i < pdev->nr_irqs; i++)
		irq_free_vector(pdev->irq_vectors[i]);
	pdev->nr_irqs = 0;
	pdev->irq_mode = PCI_IRQ_MODE_NONE;
	pdev->msix_table = NULL;
	pci_intx(pdev, true);
}

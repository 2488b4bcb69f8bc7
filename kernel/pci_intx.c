// SPDX-License-Identifier: BSD-2-Clause
/*
 * Legacy INTx through the IOAPIC. Without an AML interpreter napkin cannot
 * evaluate ACPI _PRT, so it trusts the interrupt line firmware wrote into
 * config space: lines 1..15 are ISA IRQ numbers, mapped to a GSI (and maybe a
 * polarity) by the MADT's source overrides; lines 16..254 are taken as GSIs
 * that firmware programmed for APIC mode. PCI interrupts are level-triggered:
 * an override that says level gives the polarity, otherwise the PCI default,
 * active low, is used. All devices on one GSI share one vector.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/apic.h"
#include "kernel/irq.h"
#include "kernel/msi.h"
#include "kernel/printk.h"

#define INTX_MAX_LINES 24
#define ISA_IRQS       16

struct intx_line {
	u32 gsi;
	u8 vector;
	unsigned int users;
	bool level, active_low;
	char owner[IRQ_NAME_LEN];
};

static struct intx_line lines[INTX_MAX_LINES];

static void ioapic_mask(void *data, u32 gsi)
{
	ioapic_mask_gsi(gsi, true);
}

static void ioapic_unmask(void *data, u32 gsi)
{
	ioapic_mask_gsi(gsi, false);
}

static const struct irq_chip ioapic_level_chip = {
	.name = "IO-APIC-level",
	.shareable = true,
	.mask = ioapic_mask,
	.unmask = ioapic_unmask,
};

static const struct irq_chip ioapic_edge_chip = {
	.name = "IO-APIC-edge",
	.mask = ioapic_mask,
	.unmask = ioapic_unmask,
};

static struct intx_line *find_line(u32 gsi)
{
	for (size_t i = 0; i < ARRAY_SIZE(lines); i++)
		if (lines[i].users && lines[i].gsi == gsi)
			return &lines[i];
	return NULL;
}

static struct intx_line *new_line(u32 gsi, bool level, bool active_low)
{
	struct intx_line *l = NULL;
	int vec, ret;

	for (size_t i = 0; i < ARRAY_SIZE(lines) && !l; i++)
		if (!lines[i].users)
			l = &lines[i];
	if (!l) {
		pr_warn("more than %u INTx lines in use: gsi %u refused\n", INTX_MAX_LINES, gsi);
		return NULL;
	}
	snprintf(l->owner, sizeof(l->owner), "INTx gsi %u", gsi);
	vec = irq_alloc_vector(l->owner);
	if (vec < 0)
		return NULL;
	ret = ioapic_route_gsi(gsi, (u8)vec, level, active_low);
	if (ret) {
		pr_warn("IOAPIC cannot route gsi %u (%d)\n", gsi, ret);
		irq_free_vector((u8)vec);
		return NULL;
	}
	irq_set_chip((u8)vec, level ? &ioapic_level_chip : &ioapic_edge_chip, NULL, gsi);
	l->gsi = gsi;
	l->vector = (u8)vec;
	l->level = level;
	l->active_low = active_low;
	return l;
}

int pci_intx_setup(struct pci_dev *pdev)
{
	bool level = true, active_low = true;
	struct intx_line *l;
	u32 gsi;

	if (!pdev->irq_pin)
		return -ENXIO;
	if (pdev->irq_line == 0 || pdev->irq_line == PCI_INTERRUPT_LINE_UNSET)
		return -ENXIO;
	if (pdev->irq_line < ISA_IRQS) {
		bool ovr_level, ovr_low;

		gsi = ioapic_isa_to_gsi(pdev->irq_line, &ovr_level, &ovr_low);
		/* Only a level override is about a PCI line; edge is the ISA default. */
		if (ovr_level)
			active_low = ovr_low;
	} else {
		gsi = pdev->irq_line;
	}
	l = find_line(gsi);
	if (l && (l->level != level || l->active_low != active_low))
		pr_warn("%s: gsi %u already routed %s/%s, sharing it as is\n", pdev->name, gsi,
			l->level ? "level" : "edge", l->active_low ? "low" : "high");
	if (!l)
		l = new_line(gsi, level, active_low);
	if (!l)
		return -ENOSPC;
	l->users++;
	pdev->intx_gsi = gsi;
	pdev->irq_vectors[0] = l->vector;
	pdev->nr_irqs = 1;
	pdev->irq_mode = PCI_IRQ_MODE_INTX;
	pci_intx(pdev, true);
	return 1;
}

void pci_intx_teardown(struct pci_dev *pdev)
{
	struct intx_line *l;

	if (pdev->irq_mode != PCI_IRQ_MODE_INTX)
		return;
	pci_intx(pdev, false);
	l = find_line(pdev->intx_gsi);
	if (l && --l->users == 0) {
		ioapic_mask_gsi(l->gsi, true);
		irq_free_vector(l->vector);
	}
	pdev->nr_irqs = 0;
	pdev->irq_mode = PCI_IRQ_MODE_NONE;
}

#ifdef NAPKIN_HOSTED
void pci_intx_reset_for_test(void)
{
	memset(lines, 0, sizeof(lines));
}
#endif

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Legacy INTx through the IOAPIC. Where a pin arrives is the router's answer
 * (ACPI _PRT, see kernel/pci/pci_intx.h); without one napkin falls back to the
 * interrupt line firmware wrote into config space: lines 1..15 are ISA IRQ
 * numbers, mapped to a GSI (and maybe a polarity) by the MADT's source
 * overrides; lines 16..254 are taken as GSIs that firmware programmed for APIC
 * mode. PCI interrupts are level-triggered: an override that says level gives
 * the polarity, otherwise the PCI default, active low, is used. The two
 * answers are compared and a disagreement is logged: on real machines in APIC
 * mode the config-space byte is often stale. All devices on one GSI share one
 * vector.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/x86/apic.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci_intx.h"
#include "kernel/console/printk.h"

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
static pci_intx_router_fn router;
static bool nomsi;

void pci_intx_set_router(pci_intx_router_fn fn)
{
	router = fn;
}

void pci_set_nomsi(bool on)
{
	nomsi = on;
}

bool pci_nomsi(void)
{
	return nomsi;
}

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

int intx_line_get(u32 gsi, bool level, bool active_low, u8 *vector)
{
	struct intx_line *l = find_line(gsi);

	if (l && (l->level != level || l->active_low != active_low))
		pr_warn("gsi %u already routed %s/%s, sharing it as is\n", gsi,
			l->level ? "level" : "edge", l->active_low ? "low" : "high");
	if (!l)
		l = new_line(gsi, level, active_low);
	if (!l)
		return -ENOSPC;
	l->users++;
	*vector = l->vector;
	return 0;
}

void intx_line_put(u32 gsi)
{
	struct intx_line *l = find_line(gsi);

	if (l && --l->users == 0) {
		ioapic_mask_gsi(l->gsi, true);
		irq_free_vector(l->vector);
	}
}

bool pci_intx_legacy_route(const struct pci_dev *pdev, struct pci_intx_route *route)
{
	bool ovr_level, ovr_low;

	if (pdev->irq_line == 0 || pdev->irq_line == PCI_INTERRUPT_LINE_UNSET)
		return false;
	route->level = true;
	route->active_low = true;
	if (pdev->irq_line < ISA_IRQS) {
		route->gsi = ioapic_isa_to_gsi(pdev->irq_line, &ovr_level, &ovr_low);
		/* Only a level override is about a PCI line; edge is the ISA default. */
		if (ovr_level)
			route->active_low = ovr_low;
	} else {
		route->gsi = pdev->irq_line;
	}
	snprintf(route->how, sizeof(route->how), "config-space interrupt line %u", pdev->irq_line);
	return true;
}

static const char *trigger(const struct pci_intx_route *r)
{
	return r->level ? "level" : "edge";
}

static const char *polarity(const struct pci_intx_route *r)
{
	return r->active_low ? "low" : "high";
}

/* The route to use: the router's when it has one, else the config-space byte. */
static bool choose_route(struct pci_dev *pdev, struct pci_intx_route *route)
{
	struct pci_intx_route legacy = { 0 };
	bool have_legacy = pci_intx_legacy_route(pdev, &legacy);
	char pin = (char)('A' + pdev->irq_pin - 1);
	int ret;

	if (!router) {
		if (have_legacy)
			pr_info("%s: INTx pin %c -> GSI %u (%s, active %s) via %s (no ACPI "
				"interpreter)\n",
				pdev->name, pin, legacy.gsi, trigger(&legacy), polarity(&legacy),
				legacy.how);
		*route = legacy;
		return have_legacy;
	}
	ret = router(pdev, route);
	if (ret) {
		if (have_legacy)
			pr_warn("%s: INTx pin %c: no ACPI route (%s): falling back to the "
				"config-space line %u\n",
				pdev->name, pin, route->how, pdev->irq_line);
		else
			pr_warn("%s: INTx pin %c: no ACPI route (%s) and no config-space line\n",
				pdev->name, pin, route->how);
		*route = legacy;
		return have_legacy;
	}
	if (!have_legacy)
		pr_info("%s: INTx pin %c -> GSI %u (%s, active %s) via %s; config-space line "
			"unset\n",
			pdev->name, pin, route->gsi, trigger(route), polarity(route), route->how);
	else if (legacy.gsi != route->gsi)
		pr_info("%s: INTx pin %c -> GSI %u (%s, active %s) via %s; mismatch: config-space "
			"line %u means GSI %u, not used\n",
			pdev->name, pin, route->gsi, trigger(route), polarity(route), route->how,
			pdev->irq_line, legacy.gsi);
	else
		pr_info("%s: INTx pin %c -> GSI %u (%s, active %s) via %s; config-space line %u "
			"agrees\n",
			pdev->name, pin, route->gsi, trigger(route), polarity(route), route->how,
			pdev->irq_line);
	return true;
}

int pci_intx_setup(struct pci_dev *pdev)
{
	struct pci_intx_route route = { 0 };
	u8 vector;

	if (!pdev->irq_pin)
		return -ENXIO;
	if (!choose_route(pdev, &route))
		return -ENXIO;
	if (intx_line_get(route.gsi, route.level, route.active_low, &vector))
		return -ENOSPC;
	pdev->intx_gsi = route.gsi;
	pdev->irq_vectors[0] = vector;
	pdev->nr_irqs = 1;
	pdev->irq_mode = PCI_IRQ_MODE_INTX;
	pci_intx(pdev, true);
	return 1;
}

void pci_intx_teardown(struct pci_dev *pdev)
{
	if (pdev->irq_mode != PCI_IRQ_MODE_INTX)
		return;
	pci_intx(pdev, false);
	intx_line_put(pdev->intx_gsi);
	pdev->nr_irqs = 0;
	pdev->irq_mode = PCI_IRQ_MODE_NONE;
}

#ifdef NAPKIN_HOSTED
void pci_intx_reset_for_test(void)
{
	memset(lines, 0, sizeof(lines));
	router = NULL;
	nomsi = false;
}
#endif

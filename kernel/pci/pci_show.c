// SPDX-License-Identifier: BSD-2-Clause
/*
 * Text for the boot log and the shell's `lspci`, close to `lspci -nn`:
 *   00:03.0 [0200] 8086:100e e1000 irq INTx pin A line 11 gsi 11 vector 0x30 caps pm
 *   00:03.0   BAR0 mem32 0xfebc0000 size 0x20000
 */
#include <stdarg.h>
#include <stdio.h>
#include "kernel/pci/pci.h"
#include "kernel/console/printk.h"

#define SHOW_MAX_VECTORS 8

struct textbuf {
	char *buf;
	size_t len;
	size_t used;
};

static void __printf(2, 3) put(struct textbuf *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->used, t->used < t->len ? t->len - t->used : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->used += (size_t)n;
}

static size_t finish(const struct textbuf *t)
{
	if (!t->len)
		return 0;
	return t->used < t->len ? t->used : t->len - 1;
}

const char *pci_irq_mode_name(enum pci_irq_mode mode)
{
	switch (mode) {
	case PCI_IRQ_MODE_INTX: return "INTx";
	case PCI_IRQ_MODE_MSI: return "MSI";
	case PCI_IRQ_MODE_MSIX: return "MSI-X";
	case PCI_IRQ_MODE_POLL: return "polled";
	default: return "none";
	}
}

static void put_line(struct textbuf *t, u8 line)
{
	if (line == PCI_INTERRUPT_LINE_UNSET)
		put(t, " line unset");
	else
		put(t, " line %u", line);
}

static void put_irq(struct textbuf *t, const struct pci_dev *pdev)
{
	char pin = pdev->irq_pin ? (char)('A' + pdev->irq_pin - 1) : '-';

	switch (pdev->irq_mode) {
	case PCI_IRQ_MODE_INTX:
		put(t, " irq INTx pin %c", pin);
		put_line(t, pdev->irq_line);
		put(t, " gsi %u vector 0x%02x", pdev->intx_gsi, pdev->irq_vectors[0]);
		return;
	case PCI_IRQ_MODE_MSI:
	case PCI_IRQ_MODE_MSIX:
		put(t, " irq %s %u vector%s", pci_irq_mode_name(pdev->irq_mode), pdev->nr_irqs,
		    pdev->nr_irqs == 1 ? "" : "s");
		for (unsigned int i = 0; i < pdev->nr_irqs && i < SHOW_MAX_VECTORS; i++)
			put(t, "%s0x%02x", i ? "," : " ", pdev->irq_vectors[i]);
		if (pdev->nr_irqs > SHOW_MAX_VECTORS)
			put(t, ",...");
		return;
	case PCI_IRQ_MODE_POLL:
		put(t, " irq polled (INTx pin %c", pin);
		put_line(t, pdev->irq_line);
		put(t, " not routable)");
		return;
	default:
		if (pdev->irq_pin) {
			put(t, " irq pin %c", pin);
			put_line(t, pdev->irq_line);
		} else {
			put(t, " irq none");
		}
	}
}

size_t pci_format_dev(const struct pci_dev *pdev, char *buf, size_t len)
{
	struct textbuf t = { buf, len, 0 };
	static const struct {
		u8 id;
		const char *name;
	} known[] = {
		{ PCI_CAP_ID_PM, "pm" },
		{ PCI_CAP_ID_MSI, "msi" },
		{ PCI_CAP_ID_MSIX, "msix" },
		{ PCI_CAP_ID_EXP, "pcie" },
	};
	bool any = false;

	if (len)
		buf[0] = '\0';
	put(&t, "%s [%04x] %04x:%04x", pdev->name, pdev->class >> 8, pdev->vendor, pdev->device);
	if (pdev->hdr_type == PCI_HEADER_BRIDGE)
		put(&t, " bridge to %02x-%02x", pdev->secondary_bus, pdev->subordinate_bus);
	put(&t, " %s", pdev->driver ? pdev->driver->name : "-");
	put_irq(&t, pdev);
	for (size_t i = 0; i < ARRAY_SIZE(known); i++) {
		if (!pci_find_capability(pdev, known[i].id))
			continue;
		put(&t, "%s%s", any ? "," : " caps ", known[i].name);
		any = true;
	}
	if (pdev->nr_ext_caps)
		put(&t, " ext-caps %u", pdev->nr_ext_caps);
	if (pdev->cap_list_broken || pdev->ext_cap_list_broken)
		put(&t, " (capability list broken)");
	return finish(&t);
}

size_t pci_format_bar(const struct pci_dev *pdev, unsigned int idx, char *buf, size_t len)
{
	struct textbuf t = { buf, len, 0 };
	const struct pci_bar *bar;

	if (len)
		buf[0] = '\0';
	if (idx >= PCI_NUM_BARS)
		return 0;
	bar = &pdev->bar[idx];
	if (!(bar->flags & (PCI_BAR_VALID | PCI_BAR_UNASSIGNED)))
		return 0;
	put(&t, "%s   BAR%u ", pdev->name, idx);
	if (bar->flags & PCI_BAR_IO)
		put(&t, "io");
	else
		put(&t, "%s", (bar->flags & PCI_BAR_MEM64) ? "mem64" : "mem32");
	if (bar->flags & PCI_BAR_UNASSIGNED)
		put(&t, " unassigned");
	else
		put(&t, " 0x%lx", (unsigned long)bar->base);
	put(&t, " size 0x%lx", (unsigned long)bar->size);
	if (bar->flags & PCI_BAR_PREFETCH)
		put(&t, " pref");
	return finish(&t);
}

void pci_log_dev(const struct pci_dev *pdev)
{
	char line[192];

	pci_format_dev(pdev, line, sizeof(line));
	pr_info("pci: %s\n", line);
	for (unsigned int i = 0; i < PCI_NUM_BARS; i++)
		if (pci_format_bar(pdev, i, line, sizeof(line)))
			pr_info("pci: %s\n", line);
}

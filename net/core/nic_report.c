// SPDX-License-Identifier: BSD-2-Clause
/*
 * The boot report's NIC lines (kernel/core/hwinfo.h's section hook): one
 * line per registered device with its driver, PCI function, chip revision,
 * MAC address, link and interrupt mode, so a report from real hardware says
 * which port is which.
 */
#include <stdio.h>
#include "kernel/core/hwinfo.h"
#include "kernel/pci/pci.h"
#include "net/core/netdev_stack.h"

static int report_nic(struct net_device *dev, void *ctx)
{
	const struct pci_dev *p = dev->pdev;
	const u8 *m = dev->dev_addr;
	char link[48];
	char irq[48];

	++*(unsigned *)ctx;
	if (!dev->link_up)
		snprintf(link, sizeof(link), "link down");
	else if (dev->speed_mbps)
		snprintf(link, sizeof(link), "link up %u Mbps %s duplex", dev->speed_mbps,
			 dev->full_duplex ? "full" : "half");
	else
		snprintf(link, sizeof(link), "link up");
	if (!p) {
		hwinfo_line("nic %s: not a PCI device, mac %02x:%02x:%02x:%02x:%02x:%02x, %s",
			    dev->name, m[0], m[1], m[2], m[3], m[4], m[5], link);
		return 0;
	}
	if (p->irq_mode == PCI_IRQ_MODE_MSI || p->irq_mode == PCI_IRQ_MODE_MSIX)
		snprintf(irq, sizeof(irq), "%s, %u vector%s", pci_irq_mode_name(p->irq_mode),
			 p->nr_irqs, p->nr_irqs == 1 ? "" : "s");
	else if (p->irq_mode == PCI_IRQ_MODE_INTX)
		snprintf(irq, sizeof(irq), "INTx on GSI %u", p->intx_gsi);
	else
		snprintf(irq, sizeof(irq), "%s", pci_irq_mode_name(p->irq_mode));
	hwinfo_line(
	    "nic %s: %s at %s, %04x:%04x chip rev 0x%02x, mac %02x:%02x:%02x:%02x:%02x:%02x, "
	    "%s, irq %s",
	    dev->name, p->driver ? p->driver->name : "no driver", p->name, p->vendor, p->device,
	    p->revision, m[0], m[1], m[2], m[3], m[4], m[5], link, irq);
	return 0;
}

static void report_nics(void)
{
	unsigned nics = 0;

	netdev_for_each(report_nic, &nics);
	if (!nics)
		hwinfo_line("nic: none registered");
}
HWINFO_SECTION(report_nics);

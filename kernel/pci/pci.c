// SPDX-License-Identifier: BSD-2-Clause
/*
 * Enumeration: walk every bus from the root down through PCI-PCI bridges,
 * using the bus numbers firmware programmed (napkin never renumbers), and keep
 * one struct pci_dev per function that answers.
 *
 * Bridges are only followed when their numbers make sense: the secondary bus
 * lies above the bridge's own bus, inside the range its parent forwards, and
 * no sibling (or, through a loop, an ancestor) already claimed it. Bus numbers
 * therefore strictly increase along any path, so the walk always ends.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_internal.h"
#include "kernel/console/printk.h"

static struct pci_dev dev_pool[PCI_MAX_DEVICES];
static unsigned int dev_pool_used;
static LIST_HEAD(pci_devices);
static bool enumerated;

/* Per-segment bookkeeping of bus numbers during one root scan. */
struct bus_map {
	u16 seg;
	u8 claimed[32]; /* buses scanned or forwarded by an accepted bridge */
};

static bool bus_claimed(const struct bus_map *m, unsigned int bus)
{
	return m->claimed[bus / 8] & BIT(bus % 8);
}

static void set_claimed(struct bus_map *m, unsigned int first, unsigned int last, bool on)
{
	for (unsigned int b = first; b <= last; b++) {
		if (on)
			m->claimed[b / 8] |= (u8)BIT(b % 8);
		else
			m->claimed[b / 8] &= (u8)~BIT(b % 8);
	}
}

static u64 bdf_key(u16 seg, u8 bus, u8 devfn)
{
	return (u64)seg << 16 | (u64)bus << 8 | devfn;
}

static void insert_sorted(struct pci_dev *pdev)
{
	u64 key = bdf_key(pdev->seg, pdev->bus, pdev->devfn);
	struct list_head *pos;

	list_for_each (pos, &pci_devices) {
		struct pci_dev *d = list_entry(pos, struct pci_dev, node);

		if (bdf_key(d->seg, d->bus, d->devfn) > key)
			break;
	}
	list_link_between(&pdev->node, pos->prev, pos);
}

void pci_dev_init_from_config(struct pci_dev *pdev, u16 seg, u8 bus, u8 devfn)
{
	u32 class_rev;
	u8 hdr;

	memset(pdev, 0, sizeof(*pdev));
	INIT_LIST_HEAD(&pdev->node);
	pdev->seg = seg;
	pdev->bus = bus;
	pdev->devfn = devfn;
	pci_format_bdf(pdev->name, seg, bus, devfn);

	pdev->vendor = (u16)pci_cfg_read(seg, bus, devfn, PCI_VENDOR_ID, 2);
	pdev->device = (u16)pci_cfg_read(seg, bus, devfn, PCI_DEVICE_ID, 2);
	class_rev = pci_cfg_read(seg, bus, devfn, PCI_REVISION_ID, 4);
	pdev->revision = (u8)class_rev;
	pdev->class = class_rev >> 8;
	hdr = (u8)pci_cfg_read(seg, bus, devfn, PCI_HEADER_TYPE, 1);
	pdev->hdr_type = hdr & PCI_HEADER_TYPE_MASK;
	pdev->multifunction = hdr & PCI_HEADER_MULTIFUNCTION;
	pdev->irq_line = PCI_INTERRUPT_LINE_UNSET;

	switch (pdev->hdr_type) {
	case PCI_HEADER_NORMAL:
		pdev->subvendor = (u16)pci_cfg_read(seg, bus, devfn, PCI_SUBSYSTEM_VENDOR_ID, 2);
		pdev->subdevice = (u16)pci_cfg_read(seg, bus, devfn, PCI_SUBSYSTEM_ID, 2);
		break;
	case PCI_HEADER_BRIDGE:
		pdev->primary_bus = (u8)pci_cfg_read(seg, bus, devfn, PCI_PRIMARY_BUS, 1);
		pdev->secondary_bus = (u8)pci_cfg_read(seg, bus, devfn, PCI_SECONDARY_BUS, 1);
		pdev->subordinate_bus = (u8)pci_cfg_read(seg, bus, devfn, PCI_SUBORDINATE_BUS, 1);
		break;
	case PCI_HEADER_CARDBUS: break;
	default:
		pr_warn("%s: unknown header type %u: ids only, BARs and capabilities skipped\n",
			pdev->name, pdev->hdr_type);
		return;
	}
	if (pdev->hdr_type != PCI_HEADER_CARDBUS) {
		pdev->irq_pin = (u8)pci_cfg_read(seg, bus, devfn, PCI_INTERRUPT_PIN, 1);
		pdev->irq_line = (u8)pci_cfg_read(seg, bus, devfn, PCI_INTERRUPT_LINE, 1);
		if (pdev->irq_pin > 4) {
			pr_warn("%s: interrupt pin %u is not INTA..INTD: no INTx\n", pdev->name,
				pdev->irq_pin);
			pdev->irq_pin = 0;
		}
	}
	pci_decode_bars(pdev);
	pci_walk_capabilities(pdev);
	pci_walk_ext_capabilities(pdev);
}

static void add_function(u16 seg, u8 bus, u8 devfn)
{
	struct pci_dev *pdev;

	if (pci_find_bdf(seg, bus, devfn)) {
		char name[PCI_BDF_LEN];

		pci_format_bdf(name, seg, bus, devfn);
		pr_warn("%s seen twice: second sighting ignored\n", name);
		return;
	}
	if (dev_pool_used == ARRAY_SIZE(dev_pool)) {
		WARN_ONCE(true, "pci: more than %u functions: the rest are not tracked\n",
			  PCI_MAX_DEVICES);
		return;
	}
	pdev = &dev_pool[dev_pool_used++];
	pci_dev_init_from_config(pdev, seg, bus, devfn);
	insert_sorted(pdev);
}

static bool function_present(u16 seg, u8 bus, u8 devfn)
{
	u16 vendor = (u16)pci_cfg_read(seg, bus, devfn, PCI_VENDOR_ID, 2);

	return vendor != 0xFFFF && vendor != 0x0000;
}

static void scan_bus(struct bus_map *m, u8 bus, u8 hi, unsigned int depth);

/*
 * Decide whether the bridge at (bus, devfn) may be followed and, if so, scan
 * behind it. `hi` is the last bus number the bridge's own parent forwards.
 */
static void scan_bridge(struct bus_map *m, u8 bus, u8 devfn, u8 hi, unsigned int depth)
{
	u16 seg = m->seg;
	u8 pri = (u8)pci_cfg_read(seg, bus, devfn, PCI_PRIMARY_BUS, 1);
	u8 sec = (u8)pci_cfg_read(seg, bus, devfn, PCI_SECONDARY_BUS, 1);
	u8 sub = (u8)pci_cfg_read(seg, bus, devfn, PCI_SUBORDINATE_BUS, 1);
	char name[PCI_BDF_LEN];
	const char *why = NULL;

	pci_format_bdf(name, seg, bus, devfn);
	if (sec == 0 && sub == 0)
		why = "not configured by firmware";
	else if (sec <= bus)
		why = "secondary bus not above the bridge's own bus";
	else if (sub < sec)
		why = "subordinate bus below secondary bus";
	else if (sub > hi)
		why = "bus range outside what its parent forwards";
	else
		for (unsigned int b = sec; b <= sub && !why; b++)
			if (bus_claimed(m, b))
				why = "bus range already claimed (loop or overlapping bridge)";
	if (why) {
		pr_warn("%s: bridge to buses %02x-%02x skipped: %s\n", name, sec, sub, why);
		return;
	}
	if (pri != bus)
		pr_warn("%s: bridge says its primary bus is %02x, found on %02x: using %02x\n",
			name, pri, bus, bus);
	/* Claim the whole range, then let the secondary bus's bridges take parts of it. */
	set_claimed(m, sec, sub, true);
	if (sub > sec)
		set_claimed(m, sec + 1, sub, false);
	scan_bus(m, sec, sub, depth + 1);
	set_claimed(m, sec, sub, true);
}

static void scan_bus(struct bus_map *m, u8 bus, u8 hi, unsigned int depth)
{
	u16 seg = m->seg;

	for (u8 dev = 0; dev < 32; dev++) {
		u8 nfn = 1;

		if (!function_present(seg, bus, PCI_DEVFN(dev, 0)))
			continue;
		if (pci_cfg_read(seg, bus, PCI_DEVFN(dev, 0), PCI_HEADER_TYPE, 1) &
		    PCI_HEADER_MULTIFUNCTION)
			nfn = 8;
		for (u8 fn = 0; fn < nfn; fn++) {
			u8 devfn = PCI_DEVFN(dev, fn);
			u8 hdr;

			if (fn && !function_present(seg, bus, devfn))
				continue;
			add_function(seg, bus, devfn);
			hdr = (u8)pci_cfg_read(seg, bus, devfn, PCI_HEADER_TYPE, 1);
			if ((hdr & PCI_HEADER_TYPE_MASK) == PCI_HEADER_BRIDGE)
				scan_bridge(m, bus, devfn, hi, depth);
		}
	}
}

void pci_scan_root(u16 seg, u8 root_bus, u8 end_bus)
{
	struct bus_map m;

	memset(&m, 0, sizeof(m));
	m.seg = seg;
	if (end_bus < root_bus)
		end_bus = root_bus;
	set_claimed(&m, root_bus, root_bus, true);
	scan_bus(&m, root_bus, end_bus, 0);
}

struct pci_dev *pci_dev_next(struct pci_dev *prev)
{
	struct list_head *next = prev ? prev->node.next : pci_devices.next;

	return next == &pci_devices ? NULL : list_entry(next, struct pci_dev, node);
}

struct pci_dev *pci_find_bdf(u16 seg, u8 bus, u8 devfn)
{
	struct pci_dev *d;

	list_for_each_entry (d, &pci_devices, node)
		if (d->seg == seg && d->bus == bus && d->devfn == devfn)
			return d;
	return NULL;
}

struct pci_dev *pci_get_device(u16 vendor, u16 device, struct pci_dev *from)
{
	for (struct pci_dev *d = pci_dev_next(from); d; d = pci_dev_next(d))
		if ((vendor == PCI_ANY_ID || d->vendor == vendor) &&
		    (device == PCI_ANY_ID || d->device == device))
			return d;
	return NULL;
}

unsigned int pci_dev_count(void)
{
	unsigned int n = 0;
	struct pci_dev *d;

	list_for_each_entry (d, &pci_devices, node)
		n++;
	return n;
}

int pci_init(void)
{
	unsigned int n = pci_ecam_count();
	int ret;

	if (enumerated)
		return 0;
	if (!pci_cfg_ready()) {
		ret = pci_cfg_init();
		if (ret)
			return ret;
		n = pci_ecam_count();
	}
	if (n) {
		for (unsigned int i = 0; i < n; i++) {
			u16 seg;
			u8 start, end;

			if (pci_ecam_range(i, &seg, &start, &end))
				pci_scan_root(seg, start, end);
		}
	} else {
		pci_scan_root(0, 0, 255);
	}
	enumerated = true;
	pr_info("%u functions found\n", pci_dev_count());
	pci_bind_all_drivers();
	for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d))
		pci_log_dev(d);
	return 0;
}

bool pci_enumerated(void)
{
	return enumerated;
}

#ifdef NAPKIN_HOSTED
void pci_reset_for_test(void)
{
	memset(dev_pool, 0, sizeof(dev_pool));
	dev_pool_used = 0;
	INIT_LIST_HEAD(&pci_devices);
	enumerated = false;
	pci_forget_drivers_for_test();
}
#endif

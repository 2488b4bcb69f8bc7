// SPDX-License-Identifier: BSD-2-Clause
/*
 * Capability lists. Both lists are linked through pointers the device
 * supplies, so a broken or hostile device can point anywhere, including back
 * into the list. Every step checks the pointer's range and alignment and a
 * visited set; a capability whose structure would not fit in config space is
 * ignored. A broken list ends the walk with a warning, keeping what was found
 * before the break.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <string.h>
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_internal.h"
#include "kernel/console/printk.h"

/* (256 - 64) / 4 dword slots can hold a capability header. */
#define CAP_MAX_HOPS  48
#define EXT_CAP_SLOTS ((PCI_CFG_EXT_SIZE - PCI_EXT_CAP_START) / 4)

/* Minimum size of the structures napkin reads, to refuse ones that overrun. */
static unsigned int cap_min_len(const struct pci_dev *pdev, u8 id, u8 off)
{
	switch (id) {
	case PCI_CAP_ID_PM: return 8;
	case PCI_CAP_ID_MSI: {
		u16 flags = pci_read_config_word(pdev, off + PCI_MSI_FLAGS);
		unsigned int len = (flags & PCI_MSI_FLAGS_64BIT) ? 14 : 10;

		if (flags & PCI_MSI_FLAGS_MASKBIT)
			len += 10;
		return len;
	}
	case PCI_CAP_ID_MSIX: return 12;
	case PCI_CAP_ID_EXP: return 0x14; /* through the device status register */
	default: return 2;
	}
}

static void record_cap(struct pci_dev *pdev, u8 id, u8 off)
{
	u8 *slot = NULL;

	if (off + cap_min_len(pdev, id, off) > PCI_CFG_SIZE) {
		pr_warn("%s: capability 0x%02x at 0x%02x runs past config space: ignored\n",
			pdev->name, id, off);
		return;
	}
	switch (id) {
	case PCI_CAP_ID_PM: slot = &pdev->pm_cap; break;
	case PCI_CAP_ID_MSI: slot = &pdev->msi_cap; break;
	case PCI_CAP_ID_MSIX: slot = &pdev->msix_cap; break;
	case PCI_CAP_ID_EXP: slot = &pdev->pcie_cap; break;
	}
	if (slot && !*slot)
		*slot = off;
	if (pdev->nr_caps < PCI_MAX_CAPS) {
		pdev->caps[pdev->nr_caps].id = id;
		pdev->caps[pdev->nr_caps].offset = off;
		pdev->nr_caps++;
	}
}

static void cap_broken(struct pci_dev *pdev, const char *why, unsigned int ptr, unsigned int from)
{
	pdev->cap_list_broken = true;
	if (from)
		pr_warn("%s: capability list broken: %s (pointer 0x%02x at 0x%02x), walk stopped\n",
			pdev->name, why, ptr, from);
	else
		pr_warn("%s: capability list broken: %s (first pointer 0x%02x), walk stopped\n",
			pdev->name, why, ptr);
}

void pci_walk_capabilities(struct pci_dev *pdev)
{
	u64 visited = 0;
	unsigned int hops = 0, from = 0;
	u8 ptr;

	if (!(pci_read_config_word(pdev, PCI_STATUS) & PCI_STATUS_CAP_LIST))
		return;
	if (pdev->hdr_type == PCI_HEADER_CARDBUS)
		ptr = pci_read_config_byte(pdev, PCI_CB_CAPABILITY_LIST);
	else
		ptr = pci_read_config_byte(pdev, PCI_CAPABILITY_LIST);

	while (ptr) {
		unsigned int slot;
		u16 hdr;

		if (ptr < PCI_CAP_FIRST_VALID) {
			cap_broken(pdev, "points into the header", ptr, from);
			return;
		}
		if (ptr & 3) {
			cap_broken(pdev, "unaligned pointer", ptr, from);
			return;
		}
		slot = (ptr - PCI_CAP_FIRST_VALID) / 4;
		if (visited & BIT64(slot)) {
			cap_broken(pdev, "loops back", ptr, from);
			return;
		}
		if (++hops > CAP_MAX_HOPS) {
			cap_broken(pdev, "too many capabilities", ptr, from);
			return;
		}
		visited |= BIT64(slot);
		hdr = pci_read_config_word(pdev, ptr);
		record_cap(pdev, (u8)hdr, ptr);
		from = ptr + PCI_CAP_NEXT;
		ptr = (u8)(hdr >> 8);
	}
}

static void ext_cap_broken(struct pci_dev *pdev, const char *why, unsigned int off,
			   unsigned int from)
{
	pdev->ext_cap_list_broken = true;
	pr_warn("%s: extended capability list broken: %s (offset 0x%03x from 0x%03x)\n", pdev->name,
		why, off, from);
}

void pci_walk_ext_capabilities(struct pci_dev *pdev)
{
	u8 visited[EXT_CAP_SLOTS / 8];
	unsigned int off = PCI_EXT_CAP_START, from = 0;

	/* Only PCI Express functions have the extended space, and only ECAM reaches it. */
	if (!pdev->pcie_cap || !pci_cfg_has_ext(pdev->seg, pdev->bus))
		return;
	memset(visited, 0, sizeof(visited));
	while (off) {
		unsigned int slot;
		u32 hdr;

		if (off < PCI_EXT_CAP_START || off > PCI_CFG_EXT_SIZE - 4) {
			ext_cap_broken(pdev, "offset out of range", off, from);
			return;
		}
		if (off & 3) {
			ext_cap_broken(pdev, "unaligned offset", off, from);
			return;
		}
		slot = (off - PCI_EXT_CAP_START) / 4;
		if (visited[slot / 8] & BIT(slot % 8)) {
			ext_cap_broken(pdev, "loops back", off, from);
			return;
		}
		visited[slot / 8] |= (u8)BIT(slot % 8);
		hdr = pci_read_config_dword(pdev, (u16)off);
		if (hdr == 0)
			return; /* no (more) extended capabilities */
		if (hdr == 0xFFFFFFFFu) {
			ext_cap_broken(pdev, "header reads all ones", off, from);
			return;
		}
		if (PCI_EXT_CAP_ID(hdr)) {
			if (pdev->nr_ext_caps < PCI_MAX_EXT_CAPS) {
				pdev->ext_caps[pdev->nr_ext_caps].id = PCI_EXT_CAP_ID(hdr);
				pdev->ext_caps[pdev->nr_ext_caps].offset = (u16)off;
				pdev->nr_ext_caps++;
			}
		}
		from = off;
		off = PCI_EXT_CAP_NEXT(hdr);
	}
}

u8 pci_find_capability(const struct pci_dev *pdev, u8 cap_id)
{
	for (unsigned int i = 0; i < pdev->nr_caps; i++)
		if (pdev->caps[i].id == cap_id)
			return pdev->caps[i].offset;
	return 0;
}

u16 pci_find_ext_capability(const struct pci_dev *pdev, u16 cap_id)
{
	for (unsigned int i = 0; i < pdev->nr_ext_caps; i++)
		if (pdev->ext_caps[i].id == cap_id)
			return pdev->ext_caps[i].offset;
	return 0;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Base address registers: type and size by the standard probe. Writing all
 * ones makes a BAR read back with its address bits below the size stuck at
 * zero, so the size is the two's complement of what reads back. The device
 * must not decode while its BARs hold all ones (it could claim someone else's
 * addresses), so I/O and memory decode are off for the whole probe and the
 * command register is restored afterwards.
 */
#define pr_fmt(fmt) "pci: " fmt

#include "kernel/pci/pci.h"
#include "kernel/pci/pci_internal.h"
#include "kernel/console/printk.h"

#define IO_SPACE_SIZE 0x10000u

static unsigned int bar_count(u8 hdr_type)
{
	switch (hdr_type) {
	case PCI_HEADER_NORMAL: return 6;
	case PCI_HEADER_BRIDGE: return 2;
	case PCI_HEADER_CARDBUS: return 1;
	default: return 0;
	}
}

/* Write all ones, read back, restore: the probe of one 32-bit register. */
static u32 probe_reg(const struct pci_dev *pdev, u16 off, u32 *orig)
{
	u32 back;

	*orig = pci_read_config_dword(pdev, off);
	pci_write_config_dword(pdev, off, 0xFFFFFFFFu);
	back = pci_read_config_dword(pdev, off);
	pci_write_config_dword(pdev, off, *orig);
	return back;
}

static bool is_pow2(u64 v)
{
	return v && !(v & (v - 1));
}

/* Returns how many BAR slots this one used (2 for 64-bit memory), 1 otherwise. */
static unsigned int decode_one(struct pci_dev *pdev, unsigned int i, unsigned int nbars)
{
	struct pci_bar *bar = &pdev->bar[i];
	u16 off = PCI_BAR0 + 4 * i;
	u32 orig, back, orig_hi = 0, back_hi = 0xFFFFFFFFu;
	unsigned int used = 1;
	u64 mask, base, size;
	const char *kind;

	back = probe_reg(pdev, off, &orig);
	if (back == 0)
		return 1; /* not implemented */
	if (back == 0xFFFFFFFFu || orig == 0xFFFFFFFFu) {
		pr_warn("%s: BAR%u reads back all ones (orig 0x%08x): skipped\n", pdev->name, i,
			orig);
		return 1;
	}
	/* Space, type and prefetch bits are read-only: they cannot differ. */
	if ((orig ^ back) & ((back & PCI_BAR_SPACE_IO) ? PCI_BAR_SPACE_IO : 0xFu)) {
		pr_warn("%s: BAR%u type bits changed under the probe (0x%08x, 0x%08x): skipped\n",
			pdev->name, i, orig, back);
		return 1;
	}
	if (back & PCI_BAR_SPACE_IO) {
		u32 mask32 = back & PCI_BAR_IO_MASK;

		/* 16-bit I/O decoders leave the upper half reading zero. */
		if (!(mask32 & 0xFFFF0000u))
			mask32 |= 0xFFFF0000u;
		size = (u32)(~mask32 + 1);
		base = orig & PCI_BAR_IO_MASK;
		kind = "I/O";
		if (!is_pow2(size) || size > IO_SPACE_SIZE || base + size > IO_SPACE_SIZE) {
			pr_warn("%s: BAR%u I/O size 0x%lx at 0x%lx is impossible: skipped\n",
				pdev->name, i, (unsigned long)size, (unsigned long)base);
			return 1;
		}
		bar->flags = PCI_BAR_IO;
	} else {
		u32 type = back & PCI_BAR_MEM_TYPE_MASK;

		if (type == PCI_BAR_MEM_TYPE_64) {
			if (i + 1 >= nbars) {
				pr_warn("%s: BAR%u is 64-bit but has no upper half: skipped\n",
					pdev->name, i);
				return 1;
			}
			back_hi = probe_reg(pdev, off + 4, &orig_hi);
			used = 2;
			kind = "mem64";
		} else if (type == PCI_BAR_MEM_TYPE_32) {
			kind = "mem32";
		} else if (type == PCI_BAR_MEM_TYPE_1M) {
			pr_warn("%s: BAR%u has the withdrawn below-1MiB type: treated as 32-bit\n",
				pdev->name, i);
			kind = "mem32";
		} else {
			pr_warn("%s: BAR%u has reserved memory type %u: skipped\n", pdev->name, i,
				type >> 1);
			return 1;
		}
		mask = (u64)back_hi << 32 | (back & PCI_BAR_MEM_MASK);
		size = ~mask + 1;
		base = (u64)orig_hi << 32 | (orig & PCI_BAR_MEM_MASK);
		if (!is_pow2(size) || (used == 1 && size > 0x80000000ull)) {
			pr_warn("%s: BAR%u %s size 0x%lx is impossible (0x%08x%08x): skipped\n",
				pdev->name, i, kind, (unsigned long)size, back_hi, back);
			return used;
		}
		bar->flags = 0;
		if (used == 2)
			bar->flags |= PCI_BAR_MEM64;
		if (back & PCI_BAR_MEM_PREFETCH)
			bar->flags |= PCI_BAR_PREFETCH;
	}
	if (base & (size - 1)) {
		pr_warn("%s: BAR%u %s base 0x%lx is not aligned to its size 0x%lx: skipped\n",
			pdev->name, i, kind, (unsigned long)base, (unsigned long)size);
		bar->flags = 0;
		return used;
	}
	bar->base = base;
	bar->size = size;
	bar->flags |= base ? PCI_BAR_VALID : PCI_BAR_UNASSIGNED;
	return used;
}

void pci_decode_bars(struct pci_dev *pdev)
{
	unsigned int nbars = bar_count(pdev->hdr_type);
	u16 cmd;

	if (!nbars)
		return;
	cmd = pci_read_config_word(pdev, PCI_COMMAND);
	if (cmd & (PCI_COMMAND_IO | PCI_COMMAND_MEMORY))
		pci_write_config_word(pdev, PCI_COMMAND,
				      cmd & ~(PCI_COMMAND_IO | PCI_COMMAND_MEMORY));
	for (unsigned int i = 0; i < nbars;)
		i += decode_one(pdev, i, nbars);
	if (cmd & (PCI_COMMAND_IO | PCI_COMMAND_MEMORY))
		pci_write_config_word(pdev, PCI_COMMAND, cmd);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The driver model and the helpers drivers call: match tables, probe/remove,
 * config access relative to a device, power state, decode, bus mastering and
 * BAR mapping.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <errno.h>
#include "kernel/mm/io.h"
#include "kernel/x86/irqflags.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_internal.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"

static LIST_HEAD(pci_drivers);

u8 pci_read_config_byte(const struct pci_dev *pdev, u16 off)
{
	return (u8)pci_cfg_read(pdev->seg, pdev->bus, pdev->devfn, off, 1);
}

u16 pci_read_config_word(const struct pci_dev *pdev, u16 off)
{
	return (u16)pci_cfg_read(pdev->seg, pdev->bus, pdev->devfn, off, 2);
}

u32 pci_read_config_dword(const struct pci_dev *pdev, u16 off)
{
	return pci_cfg_read(pdev->seg, pdev->bus, pdev->devfn, off, 4);
}

void pci_write_config_byte(const struct pci_dev *pdev, u16 off, u8 val)
{
	pci_cfg_write(pdev->seg, pdev->bus, pdev->devfn, off, 1, val);
}

void pci_write_config_word(const struct pci_dev *pdev, u16 off, u16 val)
{
	pci_cfg_write(pdev->seg, pdev->bus, pdev->devfn, off, 2, val);
}

void pci_write_config_dword(const struct pci_dev *pdev, u16 off, u32 val)
{
	pci_cfg_write(pdev->seg, pdev->bus, pdev->devfn, off, 4, val);
}

const struct pci_device_id *pci_match_id(const struct pci_device_id *ids,
					 const struct pci_dev *pdev)
{
	if (!ids)
		return NULL;
	for (; ids->vendor || ids->class_mask; ids++) {
		if (ids->vendor != PCI_ANY_ID && ids->vendor != pdev->vendor)
			continue;
		if (ids->device != PCI_ANY_ID && ids->device != pdev->device)
			continue;
		if (ids->subvendor != PCI_ANY_ID && ids->subvendor != pdev->subvendor)
			continue;
		if (ids->subdevice != PCI_ANY_ID && ids->subdevice != pdev->subdevice)
			continue;
		if ((pdev->class & ids->class_mask) != (ids->class & ids->class_mask))
			continue;
		return ids;
	}
	return NULL;
}

/* The device whose probe() runs: what a network device registered there sits on. */
static struct pci_dev *probing;

struct pci_dev *pci_probing_dev(void)
{
	return probing;
}

static void try_bind(struct pci_driver *drv, struct pci_dev *pdev, bool announce)
{
	const struct pci_device_id *id = pci_match_id(drv->id_table, pdev);
	struct pci_dev *outer = probing;
	int ret;

	if (!id)
		return;
	pdev->driver = drv;
	pdev->matched_id = id;
	probing = pdev;
	ret = drv->probe(pdev, id);
	probing = outer;
	if (ret) {
		pr_warn("%s: %s probe failed (%d): left unbound\n", pdev->name, drv->name, ret);
		pdev->driver = NULL;
		pdev->matched_id = NULL;
		pdev->drvdata = NULL;
		return;
	}
	if (announce)
		pci_log_dev(pdev);
}

void pci_bind_all_drivers(void)
{
	struct pci_driver *drv;
	/*
	 * Probes run with interrupts masked, on bare metal (before the loop
	 * enables them) and in the hosted harness alike, so a driver that
	 * waits for its own interrupt must open them (irq_wait_open).
	 */
	unsigned long flags = local_irq_save();

	list_for_each_entry (drv, &pci_drivers, node)
		for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d))
			if (!d->driver)
				try_bind(drv, d, false);
	local_irq_restore(flags);
}

int pci_register_driver(struct pci_driver *drv)
{
	struct pci_driver *other;

	if (!drv || !drv->name || !drv->id_table || !drv->probe) {
		pr_warn("driver %s registered without name, id table or probe: refused\n",
			drv && drv->name ? drv->name : "(unnamed)");
		return -EINVAL;
	}
	list_for_each_entry (other, &pci_drivers, node) {
		if (other == drv) {
			pr_warn("driver %s registered twice\n", drv->name);
			return -EEXIST;
		}
	}
	list_add_tail(&drv->node, &pci_drivers);
	/* Registered after enumeration: offer it the devices found so far. */
	if (pci_enumerated())
		for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d))
			if (!d->driver)
				try_bind(drv, d, true);
	return 0;
}

void pci_unregister_driver(struct pci_driver *drv)
{
	for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d)) {
		if (d->driver != drv)
			continue;
		if (drv->remove)
			drv->remove(d);
		d->driver = NULL;
		d->matched_id = NULL;
		d->drvdata = NULL;
	}
	list_del_init(&drv->node);
}

/* A function that loses its state on D3hot->D0 gets back the BARs firmware gave it. */
static void restore_bars(struct pci_dev *pdev)
{
	for (unsigned int i = 0; i < PCI_NUM_BARS; i++) {
		const struct pci_bar *bar = &pdev->bar[i];
		u16 off = PCI_BAR0 + 4 * i;

		if (!(bar->flags & PCI_BAR_VALID))
			continue;
		pci_write_config_dword(pdev, off, (u32)bar->base);
		if (bar->flags & PCI_BAR_MEM64)
			pci_write_config_dword(pdev, off + 4, (u32)(bar->base >> 32));
	}
	if (pdev->irq_line != PCI_INTERRUPT_LINE_UNSET)
		pci_write_config_byte(pdev, PCI_INTERRUPT_LINE, pdev->irq_line);
}

static int set_power_d0(struct pci_dev *pdev)
{
	u16 pmcsr, state;

	if (!pdev->pm_cap)
		return 0;
	pmcsr = pci_read_config_word(pdev, pdev->pm_cap + PCI_PM_CTRL);
	state = pmcsr & PCI_PM_CTRL_STATE_MASK;
	if (state == PCI_PM_STATE_D0)
		return 0;
	pci_write_config_word(pdev, pdev->pm_cap + PCI_PM_CTRL,
			      (pmcsr & ~PCI_PM_CTRL_STATE_MASK) | PCI_PM_STATE_D0);
	/* D3hot needs the longest recovery; waiting that long covers D1 and D2 too. */
	mdelay(PCI_PM_D3_TO_D0_MS);
	pmcsr = pci_read_config_word(pdev, pdev->pm_cap + PCI_PM_CTRL);
	if ((pmcsr & PCI_PM_CTRL_STATE_MASK) != PCI_PM_STATE_D0) {
		pr_warn("%s: still in D%u after asking for D0\n", pdev->name,
			pmcsr & PCI_PM_CTRL_STATE_MASK);
		return -EIO;
	}
	pr_info("%s: woken from D%u to D0\n", pdev->name, state);
	if (state == PCI_PM_STATE_D3HOT)
		restore_bars(pdev);
	return 0;
}

int pci_enable_device(struct pci_dev *pdev)
{
	u16 cmd, want = 0;
	int ret = set_power_d0(pdev);

	if (ret)
		return ret;
	for (unsigned int i = 0; i < PCI_NUM_BARS; i++) {
		if (!(pdev->bar[i].flags & PCI_BAR_VALID))
			continue;
		want |= (pdev->bar[i].flags & PCI_BAR_IO) ? PCI_COMMAND_IO : PCI_COMMAND_MEMORY;
	}
	cmd = pci_read_config_word(pdev, PCI_COMMAND);
	if ((cmd & want) != want)
		pci_write_config_word(pdev, PCI_COMMAND, cmd | want);
	pdev->enabled_decode |= want & ~cmd;
	return 0;
}

void pci_disable_device(struct pci_dev *pdev)
{
	u16 cmd = pci_read_config_word(pdev, PCI_COMMAND);
	u16 new_cmd = cmd & ~(PCI_COMMAND_MASTER | pdev->enabled_decode);

	if (new_cmd != cmd)
		pci_write_config_word(pdev, PCI_COMMAND, new_cmd);
	pdev->enabled_decode = 0;
}

static void update_command(struct pci_dev *pdev, u16 bits, bool set)
{
	u16 cmd = pci_read_config_word(pdev, PCI_COMMAND);
	u16 new_cmd = set ? (cmd | bits) : (cmd & ~bits);

	if (new_cmd != cmd)
		pci_write_config_word(pdev, PCI_COMMAND, new_cmd);
}

void pci_set_master(struct pci_dev *pdev)
{
	update_command(pdev, PCI_COMMAND_MASTER, true);
}

void pci_clear_master(struct pci_dev *pdev)
{
	update_command(pdev, PCI_COMMAND_MASTER, false);
}

void pci_intx(struct pci_dev *pdev, bool enable)
{
	update_command(pdev, PCI_COMMAND_INTX_DISABLE, !enable);
}

void *pci_iomap(struct pci_dev *pdev, unsigned int idx)
{
	struct pci_bar *bar;

	if (idx >= PCI_NUM_BARS) {
		pr_warn("%s: pci_iomap of BAR%u: no such BAR\n", pdev->name, idx);
		return NULL;
	}
	bar = &pdev->bar[idx];
	if (bar->virt)
		return bar->virt;
	if (!(bar->flags & PCI_BAR_VALID) || (bar->flags & PCI_BAR_IO)) {
		pr_warn("%s: pci_iomap of BAR%u: not a usable memory BAR\n", pdev->name, idx);
		return NULL;
	}
	if (!(pci_read_config_word(pdev, PCI_COMMAND) & PCI_COMMAND_MEMORY))
		pr_warn("%s: BAR%u mapped while memory decode is off (pci_enable_device first)\n",
			pdev->name, idx);
	bar->virt = ioremap(bar->base, bar->size);
	if (!bar->virt)
		pr_warn("%s: cannot map BAR%u at 0x%lx size 0x%lx\n", pdev->name, idx,
			(unsigned long)bar->base, (unsigned long)bar->size);
	return bar->virt;
}

u16 pci_ioport(const struct pci_dev *pdev, unsigned int idx)
{
	if (idx >= PCI_NUM_BARS)
		return 0;
	if ((pdev->bar[idx].flags & (PCI_BAR_VALID | PCI_BAR_IO)) != (PCI_BAR_VALID | PCI_BAR_IO))
		return 0;
	return (u16)pdev->bar[idx].base;
}

#ifdef NAPKIN_HOSTED
void pci_forget_drivers_for_test(void)
{
	INIT_LIST_HEAD(&pci_drivers);
}
#endif

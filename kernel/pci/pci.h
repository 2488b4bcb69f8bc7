/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PCI devices and drivers. pci_init() finds every function reachable from the
 * root buses (following PCI-PCI bridges as firmware numbered them), decodes
 * BARs and capabilities into a struct pci_dev, then binds registered drivers
 * by their match tables. Drivers get config, BAR and interrupt helpers here
 * and in kernel/pci/msi.h.
 *
 * Drivers register at boot with PCI_DRIVER_INITCALL(drv) (kernel/core/initcall.h):
 * the order of registration and enumeration does not matter, a driver
 * registered after pci_init() is probed against the devices already found.
 */
#ifndef NAPKIN_KERNEL_PCI_H
#define NAPKIN_KERNEL_PCI_H

#include <stddef.h>
#include "kernel/core/compiler.h"
#include "kernel/core/initcall.h"
#include "kernel/core/list.h"
#include "kernel/pci/pci_cfg.h"
#include "kernel/pci/pci_regs.h"

#define PCI_NUM_BARS	    6
#define PCI_MAX_DEVICES	    64
#define PCI_MAX_IRQ_VECTORS 32
#define PCI_MAX_CAPS	    16
#define PCI_MAX_EXT_CAPS    16

enum pci_bar_flags {
	PCI_BAR_VALID = BIT(0),	     /* decoded and usable */
	PCI_BAR_IO = BIT(1),	     /* I/O ports, else memory */
	PCI_BAR_MEM64 = BIT(2),	     /* 64-bit memory BAR (takes the next slot too) */
	PCI_BAR_PREFETCH = BIT(3),   /* prefetchable memory */
	PCI_BAR_UNASSIGNED = BIT(4), /* sized, but firmware gave it no address */
};

struct pci_bar {
	u64 base;
	u64 size;
	u32 flags;
	void *virt; /* pci_iomap()'s mapping, made once */
};

enum pci_irq_mode {
	PCI_IRQ_MODE_NONE,
	PCI_IRQ_MODE_INTX,
	PCI_IRQ_MODE_MSI,
	PCI_IRQ_MODE_MSIX,
	PCI_IRQ_MODE_POLL, /* INTx wanted but not routable: the driver polls */
};

struct pci_cap {
	u8 id;
	u8 offset;
};

struct pci_ext_cap {
	u16 id;
	u16 offset;
};

struct pci_driver;

struct pci_dev {
	struct list_head node;
	u16 seg;
	u8 bus;
	u8 devfn;
	char name[PCI_BDF_LEN]; /* "bb:dd.f", with "ssss:" when seg != 0 */

	u16 vendor, device;
	u16 subvendor, subdevice;
	u32 class; /* base << 16 | sub << 8 | prog-if */
	u8 revision;
	u8 hdr_type; /* without the multifunction bit */
	bool multifunction;

	struct pci_bar bar[PCI_NUM_BARS];

	u8 irq_pin;  /* 0 none, 1..4 = INTA..INTD */
	u8 irq_line; /* as firmware left it; 0xFF unset */

	/* Config offsets of the capabilities found, 0 when absent. */
	u8 pm_cap, msi_cap, msix_cap, pcie_cap;
	struct pci_cap caps[PCI_MAX_CAPS];
	u8 nr_caps;
	bool cap_list_broken;
	struct pci_ext_cap ext_caps[PCI_MAX_EXT_CAPS];
	u8 nr_ext_caps;
	bool ext_cap_list_broken;

	/* Bridges: bus numbers as firmware programmed them. */
	u8 primary_bus, secondary_bus, subordinate_bus;

	struct pci_driver *driver;
	const struct pci_device_id *matched_id;
	void *drvdata;
	/* Decode bits pci_enable_device() turned on, for pci_disable_device(). */
	u16 enabled_decode;

	/* Interrupt state, owned by kernel/pci/msi.c and kernel/pci/pci_intx.c. */
	enum pci_irq_mode irq_mode;
	unsigned int nr_irqs;
	u8 irq_vectors[PCI_MAX_IRQ_VECTORS];
	u32 intx_gsi;
	void *msix_table; /* mapped MSI-X table */
	u16 msix_table_size;
	u32 msi_mask_cache; /* MSI per-vector mask bits as last written */
};

#define PCI_ANY_ID 0xFFFFu

/* A table ends with an entry whose vendor and class_mask are both 0. */
struct pci_device_id {
	u16 vendor, device;	  /* PCI_ANY_ID for any */
	u16 subvendor, subdevice; /* PCI_ANY_ID for any */
	u32 class, class_mask;	  /* (dev->class & class_mask) == class */
	unsigned long driver_data;
};

#define PCI_DEVICE(v, d) \
	.vendor = (v), .device = (d), .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID

struct pci_driver {
	const char *name;
	const struct pci_device_id *id_table;
	int (*probe)(struct pci_dev *pdev, const struct pci_device_id *id);
	void (*remove)(struct pci_dev *pdev);
	struct list_head node;
};

/* Enumerate (once), list the devices, bind registered drivers. */
int pci_init(void);
/*
 * Scan one root bus and everything behind its bridges. `end_bus` bounds the
 * bus numbers bridges may claim (the end of the ECAM window, or 255).
 */
void pci_scan_root(u16 seg, u8 root_bus, u8 end_bus);

int pci_register_driver(struct pci_driver *drv);
/* The device whose driver's probe() is running now, else NULL. */
struct pci_dev *pci_probing_dev(void);
/* Calls remove() on every device the driver has bound, then forgets it. */
void pci_unregister_driver(struct pci_driver *drv);
const struct pci_device_id *pci_match_id(const struct pci_device_id *ids,
					 const struct pci_dev *pdev);

#define PCI_DRIVER_INITCALL(drv)             \
	static void pci_register_##drv(void) \
	{                                    \
		pci_register_driver(&(drv)); \
	}                                    \
	initcall(pci_register_##drv)

/* Iterate found devices in bus order: pass NULL to start; NULL at the end. */
struct pci_dev *pci_dev_next(struct pci_dev *prev);
struct pci_dev *pci_get_device(u16 vendor, u16 device, struct pci_dev *from);
struct pci_dev *pci_find_bdf(u16 seg, u8 bus, u8 devfn);
unsigned int pci_dev_count(void);

/* lspci-style text: the device line, and one line per BAR (idx 0..5). */
size_t pci_format_dev(const struct pci_dev *pdev, char *buf, size_t len);
size_t pci_format_bar(const struct pci_dev *pdev, unsigned int idx, char *buf, size_t len);
const char *pci_irq_mode_name(enum pci_irq_mode mode);
void pci_log_dev(const struct pci_dev *pdev);

/* Config access relative to a device. */
u8 pci_read_config_byte(const struct pci_dev *pdev, u16 off);
u16 pci_read_config_word(const struct pci_dev *pdev, u16 off);
u32 pci_read_config_dword(const struct pci_dev *pdev, u16 off);
void pci_write_config_byte(const struct pci_dev *pdev, u16 off, u8 val);
void pci_write_config_word(const struct pci_dev *pdev, u16 off, u16 val);
void pci_write_config_dword(const struct pci_dev *pdev, u16 off, u32 val);

/* Driver helpers. */
int pci_enable_device(struct pci_dev *pdev); /* D0, memory and I/O decode */
/*
 * Undoes pci_enable_device(): bus mastering off, and the decode bits it
 * turned on off again (those firmware had left on stay, as found).
 */
void pci_disable_device(struct pci_dev *pdev);
void pci_set_master(struct pci_dev *pdev);
void pci_clear_master(struct pci_dev *pdev);
void pci_intx(struct pci_dev *pdev, bool enable);
/* Map a memory BAR uncached (once; later calls return the same mapping). */
void *pci_iomap(struct pci_dev *pdev, unsigned int bar);
/* The first port of an I/O BAR, or 0 when that BAR is not valid I/O. */
u16 pci_ioport(const struct pci_dev *pdev, unsigned int bar);
static inline u64 pci_resource_start(const struct pci_dev *pdev, unsigned int bar)
{
	return bar < PCI_NUM_BARS ? pdev->bar[bar].base : 0;
}
static inline u64 pci_resource_len(const struct pci_dev *pdev, unsigned int bar)
{
	return bar < PCI_NUM_BARS ? pdev->bar[bar].size : 0;
}
static inline void pci_set_drvdata(struct pci_dev *pdev, void *data)
{
	pdev->drvdata = data;
}
static inline void *pci_get_drvdata(const struct pci_dev *pdev)
{
	return pdev->drvdata;
}

/* Capability lookups on a found device (offset or 0). */
u8 pci_find_capability(const struct pci_dev *pdev, u8 cap_id);
u16 pci_find_ext_capability(const struct pci_dev *pdev, u16 cap_id);

#endif

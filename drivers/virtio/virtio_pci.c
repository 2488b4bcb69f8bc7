// SPDX-License-Identifier: BSD-2-Clause
/* virtio 1.0 modern PCI transport; see virtio_pci.h. */
#include <errno.h>
#include "drivers/virtio/virtio_pci.h"
#include "drivers/virtio/virtio_reg.h"
#include "kernel/mm/io.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"

/* A device that has not finished its reset after this long is broken. */
#define VIRTIO_RESET_TIMEOUT_US 100000
/* Config reads that keep changing under us this many times are given up on. */
#define VIRTIO_CFG_RETRIES 16

struct virtio_cap {
	u8 bar;
	u32 offset;
	u32 length;
	u8 cap_off; /* where the capability sits in config space */
};

static bool virtio_find_cap(struct virtio_pci *vp, u8 type, struct virtio_cap *out)
{
	struct pci_dev *pdev = vp->pdev;
	unsigned int i;

	/* The first capability of a type whose BAR we can use wins, as the spec asks. */
	for (i = 0; i < pdev->nr_caps; i++) {
		u8 off = pdev->caps[i].offset;
		u8 bar;

		if (pdev->caps[i].id != VIRTIO_PCI_CAP_VNDR)
			continue;
		if (pci_read_config_byte(pdev, off + VIRTIO_PCI_CAP_CFG_TYPE) != type)
			continue;
		if (pci_read_config_byte(pdev, off + VIRTIO_PCI_CAP_LEN) < VIRTIO_PCI_CAP_MIN_LEN)
			continue;
		bar = pci_read_config_byte(pdev, off + VIRTIO_PCI_CAP_BAR);
		if (bar >= PCI_NUM_BARS || !(pdev->bar[bar].flags & PCI_BAR_VALID) ||
		    (pdev->bar[bar].flags & PCI_BAR_IO))
			continue;
		out->bar = bar;
		out->offset = pci_read_config_dword(pdev, off + VIRTIO_PCI_CAP_OFFSET);
		out->length = pci_read_config_dword(pdev, off + VIRTIO_PCI_CAP_LENGTH);
		out->cap_off = off;
		return true;
	}
	return false;
}

static volatile u8 *virtio_map_cap(struct virtio_pci *vp, u8 type, const char *what, u32 min_len,
				   u32 *len_out, struct virtio_cap *cap)
{
	u64 bar_len;
	u8 *base;

	if (!virtio_find_cap(vp, type, cap)) {
		pr_err("%s: no usable %s capability: not a virtio 1.0 device\n", vp->name, what);
		return NULL;
	}
	bar_len = pci_resource_len(vp->pdev, cap->bar);
	if (cap->length < min_len || (u64)cap->offset + cap->length > bar_len) {
		pr_err(
		    "%s: %s capability (BAR%u+%#x, %#x bytes) does not fit BAR%u (%#llx bytes)\n",
		    vp->name, what, cap->bar, cap->offset, cap->length, cap->bar,
		    (unsigned long long)bar_len);
		return NULL;
	}
	base = pci_iomap(vp->pdev, cap->bar);
	if (!base) {
		pr_err("%s: cannot map BAR%u for the %s capability\n", vp->name, cap->bar, what);
		return NULL;
	}
	if (len_out)
		*len_out = cap->length;
	return base + cap->offset;
}

int virtio_pci_map(struct virtio_pci *vp, struct pci_dev *pdev, const char *name)
{
	struct virtio_cap cap;

	vp->pdev = pdev;
	vp->name = name;
	vp->common = virtio_map_cap(vp, VIRTIO_PCI_CAP_COMMON_CFG, "common configuration",
				    VIRTIO_COMMON_CFG_MIN_LEN, NULL, &cap);
	if (!vp->common)
		return -ENODEV;
	vp->isr = virtio_map_cap(vp, VIRTIO_PCI_CAP_ISR_CFG, "ISR", 1, NULL, &cap);
	if (!vp->isr)
		return -ENODEV;
	vp->device = virtio_map_cap(vp, VIRTIO_PCI_CAP_DEVICE_CFG, "device configuration", 0,
				    &vp->device_len, &cap);
	if (!vp->device)
		return -ENODEV;
	vp->notify =
	    virtio_map_cap(vp, VIRTIO_PCI_CAP_NOTIFY_CFG, "notification", 2, &vp->notify_len, &cap);
	if (!vp->notify)
		return -ENODEV;
	if (pci_read_config_byte(pdev, cap.cap_off + VIRTIO_PCI_CAP_LEN) <
	    VIRTIO_PCI_NOTIFY_CAP_MIN_LEN) {
		pr_err("%s: notification capability too short for its multiplier\n", name);
		return -ENODEV;
	}
	vp->notify_mult = pci_read_config_dword(pdev, cap.cap_off + VIRTIO_PCI_CAP_NOTIFY_MULT);
	return 0;
}

u8 virtio_pci_get_status(const struct virtio_pci *vp)
{
	return readb(vp->common + VIRTIO_COMMON_STATUS);
}

void virtio_pci_add_status(struct virtio_pci *vp, u8 bits)
{
	writeb(virtio_pci_get_status(vp) | bits, vp->common + VIRTIO_COMMON_STATUS);
}

void virtio_pci_fail(struct virtio_pci *vp, const char *why)
{
	pr_err("%s: bring-up failed: %s; device marked FAILED\n", vp->name, why);
	virtio_pci_add_status(vp, VIRTIO_STATUS_FAILED);
}

int virtio_pci_reset(struct virtio_pci *vp)
{
	u32 waited = 0;

	writeb(0, vp->common + VIRTIO_COMMON_STATUS);
	/* The device finishes its reset when status reads back 0. */
	while (virtio_pci_get_status(vp)) {
		if (waited >= VIRTIO_RESET_TIMEOUT_US) {
			pr_err("%s: device still resetting after %u ms (status %#x)\n", vp->name,
			       VIRTIO_RESET_TIMEOUT_US / 1000, virtio_pci_get_status(vp));
			return -ETIMEDOUT;
		}
		udelay(100);
		waited += 100;
	}
	return 0;
}

u64 virtio_pci_get_features(struct virtio_pci *vp)
{
	u64 lo, hi;

	writel(0, vp->common + VIRTIO_COMMON_DFSELECT);
	lo = readl(vp->common + VIRTIO_COMMON_DF);
	writel(1, vp->common + VIRTIO_COMMON_DFSELECT);
	hi = readl(vp->common + VIRTIO_COMMON_DF);
	return lo | hi << 32;
}

int virtio_pci_set_features(struct virtio_pci *vp, u64 features)
{
	writel(0, vp->common + VIRTIO_COMMON_GFSELECT);
	writel((u32)features, vp->common + VIRTIO_COMMON_GF);
	writel(1, vp->common + VIRTIO_COMMON_GFSELECT);
	writel((u32)(features >> 32), vp->common + VIRTIO_COMMON_GF);
	virtio_pci_add_status(vp, VIRTIO_STATUS_FEATURES_OK);
	/* The device clears FEATURES_OK when it cannot work with this set. */
	if (!(virtio_pci_get_status(vp) & VIRTIO_STATUS_FEATURES_OK)) {
		pr_err("%s: device refused features %#llx (FEATURES_OK did not stick)\n", vp->name,
		       (unsigned long long)features);
		return -EIO;
	}
	return 0;
}

u16 virtio_pci_num_queues(const struct virtio_pci *vp)
{
	return readw(vp->common + VIRTIO_COMMON_NUMQ);
}

u16 virtio_pci_queue_max(struct virtio_pci *vp, u16 idx)
{
	writew(idx, vp->common + VIRTIO_COMMON_Q_SELECT);
	return readw(vp->common + VIRTIO_COMMON_Q_SIZE);
}

static void write_addr(volatile u8 *lo, u64 addr)
{
	writel((u32)addr, lo);
	writel((u32)(addr >> 32), lo + 4);
}

int virtio_pci_setup_queue(struct virtio_pci *vp, struct virtqueue *vq, u16 msix,
			   volatile le16 **notify_addr)
{
	volatile u8 *c = vp->common;
	u64 noff;

	writew(vq->index, c + VIRTIO_COMMON_Q_SELECT);
	writew(vq->size, c + VIRTIO_COMMON_Q_SIZE);
	write_addr(c + VIRTIO_COMMON_Q_DESCLO, vq->desc_dma);
	write_addr(c + VIRTIO_COMMON_Q_AVAILLO, vq->avail_dma);
	write_addr(c + VIRTIO_COMMON_Q_USEDLO, vq->used_dma);
	writew(msix, c + VIRTIO_COMMON_Q_MSIX);
	if (readw(c + VIRTIO_COMMON_Q_MSIX) != msix) {
		pr_err("%s: queue %u refused MSI-X entry %u\n", vp->name, vq->index, msix);
		return -EIO;
	}
	noff = (u64)readw(c + VIRTIO_COMMON_Q_NOFF) * vp->notify_mult;
	if (noff + 2 > vp->notify_len) {
		pr_err("%s: queue %u notify offset %#llx beyond the %#x-byte notify area\n",
		       vp->name, vq->index, (unsigned long long)noff, vp->notify_len);
		return -EINVAL;
	}
	*notify_addr = (volatile le16 *)(vp->notify + noff);
	writew(1, c + VIRTIO_COMMON_Q_ENABLE);
	return 0;
}

int virtio_pci_set_config_vector(struct virtio_pci *vp, u16 msix)
{
	writew(msix, vp->common + VIRTIO_COMMON_MSIX);
	if (readw(vp->common + VIRTIO_COMMON_MSIX) != msix) {
		pr_err("%s: config changes refused MSI-X entry %u\n", vp->name, msix);
		return -EIO;
	}
	return 0;
}

u8 virtio_pci_read_isr(struct virtio_pci *vp)
{
	return readb(vp->isr);
}

void virtio_pci_read_config(struct virtio_pci *vp, u32 off, void *buf, u32 len)
{
	u8 *out = buf, before, after;
	unsigned int tries = 0;
	u32 i;

	if ((u64)off + len > vp->device_len) {
		pr_warn("%s: config read %#x+%u beyond the %u-byte block; zeroes returned\n",
			vp->name, off, len, vp->device_len);
		for (i = 0; i < len; i++)
			out[i] = 0;
		return;
	}
	/* A multi-byte field is consistent only if the generation did not move meanwhile. */
	do {
		before = readb(vp->common + VIRTIO_COMMON_CFGGEN);
		for (i = 0; i < len; i++)
			out[i] = readb(vp->device + off + i);
		after = readb(vp->common + VIRTIO_COMMON_CFGGEN);
	} while (before != after && ++tries < VIRTIO_CFG_RETRIES);
	if (before != after)
		pr_warn("%s: device config kept changing while read at %#x\n", vp->name, off);
}

u16 virtio_pci_config_u16(struct virtio_pci *vp, u32 off)
{
	unsigned int tries = 0;
	u8 before, after;
	u16 v;

	if ((u64)off + 2 > vp->device_len || (off & 1)) {
		pr_warn("%s: config read of a 16-bit field at %#x outside the %u-byte block\n",
			vp->name, off, vp->device_len);
		return 0;
	}
	/* Fields are read at their natural width, as the transport requires. */
	do {
		before = readb(vp->common + VIRTIO_COMMON_CFGGEN);
		v = readw(vp->device + off);
		after = readb(vp->common + VIRTIO_COMMON_CFGGEN);
	} while (before != after && ++tries < VIRTIO_CFG_RETRIES);
	return v;
}

// SPDX-License-Identifier: BSD-2-Clause
/* A PCI function that shares an INTx line with the driver under test; see bystander.h. */
#include <check.h>
#include <string.h>

#include "kernel/mm/io.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci.h"
#include "tests/hosted/bystander.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_pci.h"

#define BYSTANDER_VENDOR 0x1234
#define BYSTANDER_DEVICE 0x5678

static struct bystander {
	struct hosted_pci_fn *fn;
	struct hosted_device dev;
	u8 devfn;
	u32 cause; /* bit 0: "I interrupted"; write 1 to clear */
	u64 next_ns, period_ns;
	struct bystander_counts counts;
	u8 *regs;
	int vec;
	bool hooked;
} byst;

static u64 byst_read(void *m, unsigned int bar, u64 off, unsigned int size)
{
	return ((struct bystander *)m)->cause;
}

static void byst_write(void *m, unsigned int bar, u64 off, unsigned int size, u64 val)
{
	struct bystander *b = m;

	b->cause &= ~(u32)val;
	hosted_pci_intx(b->fn, b->cause != 0);
}

static const struct hosted_pci_ops byst_ops = { .mmio_read = byst_read, .mmio_write = byst_write };

static u64 byst_tick(struct hosted_device *d, u64 now)
{
	struct bystander *b = container_of(d, struct bystander, dev);

	if (!b->period_ns)
		return UINT64_MAX;
	if (now >= b->next_ns) {
		b->cause |= 1;
		b->counts.raised++;
		hosted_pci_intx(b->fn, true);
		b->next_ns = now + b->period_ns;
	}
	return b->next_ns;
}

static irqreturn_t byst_handler(void *ctx)
{
	struct bystander *b = ctx;
	u32 cause = readl(b->regs);

	if (!cause) {
		b->counts.spurious++;
		return IRQ_NONE;
	}
	writel(cause, b->regs);
	b->counts.handled++;
	return IRQ_HANDLED;
}

void bystander_add(u8 dev, u8 gsi)
{
	memset(&byst, 0, sizeof(byst));
	byst.devfn = PCI_DEVFN(dev, 0);
	byst.fn = hosted_pci_add(0, dev, 0, BYSTANDER_VENDOR, BYSTANDER_DEVICE, 0x020000, 1,
				 "bystander", &byst_ops, &byst);
	ck_assert_ptr_nonnull(byst.fn);
	hosted_pci_bar_mem64(byst.fn, 0, 0x1000);
	hosted_pci_intx_pin(byst.fn, 1, gsi);
	byst.dev.name = "bystander";
	byst.dev.tick = byst_tick;
	hosted_device_add(&byst.dev);
}

void bystander_attach(void)
{
	struct pci_dev *pdev = pci_find_bdf(0, 0, byst.devfn);

	ck_assert_ptr_nonnull(pdev);
	ck_assert_int_eq(pci_enable_device(pdev), 0);
	byst.regs = pci_iomap(pdev, 0);
	ck_assert_ptr_nonnull(byst.regs);
	ck_assert_int_eq(pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_INTX), 1);
	byst.vec = pci_irq_vector(pdev, 0);
	ck_assert_int_eq(request_irq((u8)byst.vec, byst_handler, &byst, "bystander"), 0);
	byst.hooked = true;
}

int bystander_vector(void)
{
	return byst.vec;
}

void bystander_set_period(u64 period_ns)
{
	byst.period_ns = period_ns;
	byst.next_ns = hosted_now();
}

void bystander_get_counts(struct bystander_counts *out)
{
	*out = byst.counts;
}

void bystander_detach(void)
{
	byst.period_ns = 0;
	if (byst.hooked)
		free_irq((u8)byst.vec, &byst);
	byst.hooked = false;
	hosted_device_remove(&byst.dev);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEST IMAGE ONLY (tests/kernel/, `make test-image`): interrupt delivery
 * checks for tests/qemu/test_pci.py. Nothing here runs unless the command
 * line says `pcitest=irq`.
 *
 * It claims QEMU's e1000 (8086:100e), e1000e (8086:10d3) and transitional
 * virtio-net (1af4:1000) and, for every interrupt mode the device offers
 * (MSI-X, then MSI, then INTx), sets the mode up through
 * pci_alloc_irq_vectors(), makes the device interrupt on each vector and logs
 * what arrived:
 *   - e1000/e1000e: a cause written to the Interrupt Cause Set register
 *     (ICS 0xC8) with the Interrupt Mask Set register (IMS 0xD0) enabling it;
 *     on e1000e in MSI-X mode IVAR (0xE4) sends causes RxQ0, RxQ1, TxQ0, TxQ1
 *     and Other to table entries 0..4.
 *   - virtio-net: a configuration-change interrupt, raised by the host (the
 *     test toggles the link in QEMU's monitor when the log asks for it); in
 *     MSI-X mode the config vector is moved to each table entry in turn.
 * Devices raise at staggered times, so handlers sharing an INTx line see
 * interrupts that are not theirs and must decline them. It never touches a
 * packet; it is not a driver. Its initcall is device_early_initcall, a level
 * before the drivers' (kernel/core/initcall.h), so it binds the devices
 * before the real drivers can, whatever the link order.
 */
#define pr_fmt(fmt) "pcitest: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/core/initcall.h"
#include "kernel/mm/io.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "kernel/x86/x86.h"

#define PT_MAX_DEVS	   8
#define PT_MAX_VECS	   5
#define PT_SETTLE_NS	   (100 * NSEC_PER_MSEC)
#define PT_STAGGER_NS	   (150 * NSEC_PER_MSEC)
#define PT_POLL_NS	   (20 * NSEC_PER_MSEC)
#define PT_HOST_TIMEOUT_NS (30 * NSEC_PER_SEC)

/* e1000 family registers (BAR0). */
#define E1000_STATUS	      0x0008
#define E1000_ICR	      0x00C0
#define E1000_ICS	      0x00C8
#define E1000_IMS	      0x00D0
#define E1000_IMC	      0x00D8
#define E1000_IVAR	      0x00E4 /* 82574 only */
#define E1000_ICR_TXDW	      BIT(0)
#define E1000_ICR_RXQ0	      BIT(20) /* 82574 MSI-X causes: RxQ0, RxQ1, TxQ0, TxQ1, Other */
#define E1000_IVAR_VALID      0x8u
#define E1000_IVAR_FIELD_BITS 4

/* Legacy virtio-pci registers (I/O BAR0). */
#define VIRTIO_GUEST_FEATURES	 4
#define VIRTIO_STATUS		 18
#define VIRTIO_ISR		 19
#define VIRTIO_MSI_CONFIG_VECTOR 20 /* exists while MSI-X is enabled */
#define VIRTIO_STATUS_ACK	 1
#define VIRTIO_STATUS_DRIVER	 2
#define VIRTIO_STATUS_DRIVER_OK	 4
#define VIRTIO_NET_F_STATUS	 BIT(16)
#define VIRTIO_ISR_ANY		 0x3

enum pt_kind { PT_E1000, PT_E1000E, PT_VIRTIO };
static const char *const kind_names[] = { "e1000", "e1000e", "virtio-net" };

enum pt_state { PT_RAISE, PT_CHECK, PT_WAIT_HOST };

struct pt_dev;

struct pt_vec {
	struct pt_dev *dev;
	unsigned int idx;
	u32 causes; /* e1000e MSI-X: the causes routed to this entry */
	u64 raised;
	u64 hits;
	u64 declined;
};

struct pt_dev {
	struct pci_dev *pdev;
	enum pt_kind kind;
	unsigned int order;
	u8 *mmio;
	u16 io;
	unsigned int mode_idx;
	unsigned int mode;
	int nvec;
	unsigned int step;
	u64 host_deadline;
	enum pt_state state;
	bool failed;
	struct pt_vec vec[PT_MAX_VECS];
	struct ktimer timer;
};

static const unsigned int pt_modes[] = { PCI_IRQ_MSIX, PCI_IRQ_MSI, PCI_IRQ_INTX };
static struct pt_dev pt_devs[PT_MAX_DEVS];
static unsigned int pt_count, pt_done, pt_failed;

static const char *mode_name(unsigned int mode)
{
	return mode == PCI_IRQ_MSIX ? "MSI-X" : mode == PCI_IRQ_MSI ? "MSI" : "INTx";
}

static void pt_after(struct pt_dev *d, u64 delay_ns)
{
	ktimer_arm(&d->timer, ktime_get_ns() + delay_ns);
}

/* ---- interrupt handlers ---- */

static irqreturn_t e1000_intx_handler(void *ctx)
{
	struct pt_vec *v = ctx;
	u32 icr = readl(v->dev->mmio + E1000_ICR);

	if (!icr) {
		v->declined++;
		return IRQ_NONE;
	}
	writel(icr, v->dev->mmio + E1000_ICR); /* e1000e keeps ICR until written back */
	v->hits++;
	return IRQ_HANDLED;
}

/* A message-signalled vector is ours by construction; just clear its causes. */
static irqreturn_t e1000_msg_handler(void *ctx)
{
	struct pt_vec *v = ctx;

	writel(v->causes ? v->causes : 0xFFFFFFFFu, v->dev->mmio + E1000_ICR);
	v->hits++;
	return IRQ_HANDLED;
}

static irqreturn_t virtio_handler(void *ctx)
{
	struct pt_vec *v = ctx;
	struct pt_dev *d = v->dev;

	if (d->mode == PCI_IRQ_INTX && !(inb(d->io + VIRTIO_ISR) & VIRTIO_ISR_ANY)) {
		v->declined++;
		return IRQ_NONE;
	}
	v->hits++;
	return IRQ_HANDLED;
}

/* ---- per-device setup ---- */

static void e1000_quiet(struct pt_dev *d)
{
	writel(0xFFFFFFFFu, d->mmio + E1000_IMC);
	writel(0xFFFFFFFFu, d->mmio + E1000_ICR);
	(void)readl(d->mmio + E1000_ICR);
}

static void e1000_arm(struct pt_dev *d)
{
	u32 ims = 0;

	e1000_quiet(d);
	if (d->mode == PCI_IRQ_MSIX) {
		u32 ivar = 0;

		/* Five causes; with fewer vectors some entries take several. */
		for (unsigned int c = 0; c < 5; c++) {
			unsigned int entry = c % (unsigned int)d->nvec;

			ivar |= (entry | E1000_IVAR_VALID) << (c * E1000_IVAR_FIELD_BITS);
			d->vec[entry].causes |= E1000_ICR_RXQ0 << c;
			ims |= E1000_ICR_RXQ0 << c;
		}
		writel(ivar, d->mmio + E1000_IVAR);
	} else {
		ims = E1000_ICR_TXDW;
	}
	writel(ims, d->mmio + E1000_IMS);
}

static void virtio_arm(struct pt_dev *d)
{
	outb(d->io + VIRTIO_STATUS, 0); /* reset */
	outb(d->io + VIRTIO_STATUS, VIRTIO_STATUS_ACK | VIRTIO_STATUS_DRIVER);
	outl(d->io + VIRTIO_GUEST_FEATURES, VIRTIO_NET_F_STATUS);
	if (d->mode == PCI_IRQ_MSIX)
		outw(d->io + VIRTIO_MSI_CONFIG_VECTOR, 0);
	outb(d->io + VIRTIO_STATUS,
	     VIRTIO_STATUS_ACK | VIRTIO_STATUS_DRIVER | VIRTIO_STATUS_DRIVER_OK);
	(void)inb(d->io + VIRTIO_ISR);
}

static void quiet_device(struct pt_dev *d)
{
	if (d->kind == PT_VIRTIO)
		outb(d->io + VIRTIO_STATUS, 0);
	else
		e1000_quiet(d);
}

/* ---- the state machine, driven by each device's ktimer ---- */

static void start_next_mode(struct pt_dev *d);

static void finish_device(struct pt_dev *d)
{
	pt_done++;
	if (d->failed)
		pt_failed++;
	pr_info("%s %s done%s\n", d->pdev->name, kind_names[d->kind],
		d->failed ? " with failures" : "");
	if (pt_done == pt_count)
		pr_info("finished: %u devices, %u failed\n", pt_count, pt_failed);
}

static void end_mode(struct pt_dev *d)
{
	bool ok = true;

	for (int i = 0; i < d->nvec; i++) {
		struct pt_vec *v = &d->vec[i];
		struct irq_stat st;
		int vector = pci_irq_vector(d->pdev, (unsigned int)i);

		irq_stat_next(vector - 1, &st);
		if (!v->hits || v->hits < v->raised)
			ok = false;
		pr_info("%s %s %s entry %d vector 0x%02x raised %lu hits %lu declined %lu "
			"delivered %lu unhandled %lu\n",
			d->pdev->name, kind_names[d->kind], mode_name(d->mode), i, vector,
			(unsigned long)v->raised, (unsigned long)v->hits,
			(unsigned long)v->declined, (unsigned long)st.delivered,
			(unsigned long)st.unhandled);
	}
	quiet_device(d);
	for (int i = 0; i < d->nvec; i++)
		free_irq((u8)pci_irq_vector(d->pdev, (unsigned int)i), &d->vec[i]);
	pci_free_irq_vectors(d->pdev);
	pr_info("%s %s %s %s\n", d->pdev->name, kind_names[d->kind], mode_name(d->mode),
		ok ? "ok" : "FAILED");
	if (!ok)
		d->failed = true;
	d->mode_idx++;
	start_next_mode(d);
}

static void raise_all(struct pt_dev *d)
{
	for (int i = 0; i < d->nvec; i++) {
		struct pt_vec *v = &d->vec[i];
		u32 cause = d->mode == PCI_IRQ_MSIX ? (v->causes & -v->causes) : E1000_ICR_TXDW;

		v->raised++;
		writel(cause, d->mmio + E1000_ICS);
		(void)readl(d->mmio + E1000_STATUS); /* push the posted write out */
		mdelay(1);
	}
}

static void ask_host(struct pt_dev *d)
{
	pr_info("%s virtio-net %s entry %u vector 0x%02x: waiting for a config change\n",
		d->pdev->name, mode_name(d->mode), d->step, pci_irq_vector(d->pdev, d->step));
}

static void pt_timer(struct ktimer *t)
{
	struct pt_dev *d = container_of(t, struct pt_dev, timer);

	switch (d->state) {
	case PT_RAISE:
		raise_all(d);
		d->state = PT_CHECK;
		pt_after(d, PT_SETTLE_NS);
		break;
	case PT_CHECK: end_mode(d); break;
	case PT_WAIT_HOST:
		if (READ_ONCE(d->vec[d->step].hits)) {
			d->vec[d->step].raised = 1;
			if (++d->step >= (unsigned int)d->nvec) {
				end_mode(d);
				break;
			}
			outw(d->io + VIRTIO_MSI_CONFIG_VECTOR, (u16)d->step);
			if (inw(d->io + VIRTIO_MSI_CONFIG_VECTOR) != d->step)
				pr_warn("%s: config vector did not take entry %u\n", d->pdev->name,
					d->step);
			ask_host(d);
			d->host_deadline = ktime_get_ns() + PT_HOST_TIMEOUT_NS;
		} else if (ktime_get_ns() > d->host_deadline) {
			pr_warn("%s: no config interrupt on entry %u within 30 s\n", d->pdev->name,
				d->step);
			d->vec[d->step].raised = 1;
			end_mode(d);
			break;
		}
		pt_after(d, PT_POLL_NS);
		break;
	}
}

static bool mode_applies(const struct pt_dev *d, unsigned int mode)
{
	/* Legacy virtio has no MSI capability; skip the noise of trying. */
	return !(d->kind == PT_VIRTIO && mode == PCI_IRQ_MSI);
}

static void start_next_mode(struct pt_dev *d)
{
	irq_handler_t handler;
	char name[IRQ_NAME_LEN];

	for (; d->mode_idx < ARRAY_SIZE(pt_modes); d->mode_idx++) {
		unsigned int mode = pt_modes[d->mode_idx];
		int n;

		if (!mode_applies(d, mode))
			continue;
		n = pci_alloc_irq_vectors(d->pdev, 1, PT_MAX_VECS, mode);
		if (n <= 0) {
			pr_info("%s %s %s: not available (%d)\n", d->pdev->name,
				kind_names[d->kind], mode_name(mode), n);
			if (n == 0)
				pci_free_irq_vectors(d->pdev);
			continue;
		}
		d->mode = mode;
		d->nvec = n;
		d->step = 0;
		memset(d->vec, 0, sizeof(d->vec));
		if (d->kind == PT_VIRTIO)
			handler = virtio_handler;
		else
			handler = mode == PCI_IRQ_INTX ? e1000_intx_handler : e1000_msg_handler;
		snprintf(name, sizeof(name), "pcitest %s", d->pdev->name);
		for (int i = 0; i < n; i++) {
			d->vec[i].dev = d;
			d->vec[i].idx = (unsigned int)i;
		}
		if (d->kind == PT_VIRTIO)
			virtio_arm(d);
		else
			e1000_arm(d);
		for (int i = 0; i < n; i++)
			request_irq((u8)pci_irq_vector(d->pdev, (unsigned int)i), handler,
				    &d->vec[i], name);
		pr_info("%s %s %s: %d vector(s) set up\n", d->pdev->name, kind_names[d->kind],
			mode_name(mode), n);
		if (d->kind == PT_VIRTIO) {
			d->state = PT_WAIT_HOST;
			d->host_deadline = ktime_get_ns() + PT_HOST_TIMEOUT_NS;
			ask_host(d);
			pt_after(d, PT_POLL_NS);
		} else {
			d->state = PT_RAISE;
			pt_after(d, PT_STAGGER_NS * (d->order + 1));
		}
		return;
	}
	finish_device(d);
}

static int pcitest_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct pt_dev *d;
	int ret;

	if (pt_count == PT_MAX_DEVS)
		return -ENOSPC;
	d = &pt_devs[pt_count];
	memset(d, 0, sizeof(*d));
	d->pdev = pdev;
	d->kind = (enum pt_kind)id->driver_data;
	d->order = pt_count;
	d->timer.fn = pt_timer;
	ret = pci_enable_device(pdev);
	if (ret)
		return ret;
	pci_set_master(pdev); /* message-signalled interrupts are memory writes */
	if (d->kind == PT_VIRTIO) {
		d->io = pci_ioport(pdev, 0);
		if (!d->io) {
			pr_warn("%s: virtio-net without a legacy I/O BAR0: skipped\n", pdev->name);
			return -ENODEV;
		}
	} else {
		d->mmio = pci_iomap(pdev, 0);
		if (!d->mmio)
			return -ENOMEM;
		e1000_quiet(d);
	}
	pt_count++;
	pci_set_drvdata(pdev, d);
	start_next_mode(d);
	return 0;
}

static const struct pci_device_id pcitest_ids[] = {
	{ PCI_DEVICE(0x8086, 0x100e), .driver_data = PT_E1000 },
	{ PCI_DEVICE(0x8086, 0x10d3), .driver_data = PT_E1000E },
	{ PCI_DEVICE(0x1af4, 0x1000), .driver_data = PT_VIRTIO },
	{ 0 }
};

static struct pci_driver pcitest_driver = {
	.name = "pcitest",
	.id_table = pcitest_ids,
	.probe = pcitest_probe,
};

static void pcitest_register(void)
{
	const char *what;

	if (!cmdline_get("pcitest", &what))
		return;
	if (!what || strcmp(what, "irq")) {
		pr_warn("unknown pcitest=%s (only pcitest=irq exists)\n", what ? what : "");
		return;
	}
	pr_warn("TEST MODULE ACTIVE: claiming e1000, e1000e and virtio-net devices\n");
	pci_register_driver(&pcitest_driver);
}
device_early_initcall(pcitest_register);

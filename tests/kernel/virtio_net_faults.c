// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEST IMAGE ONLY (tests/kernel/, `make test-image`).
 *
 * The `vnettest` shell command: the transmit self-test, and the lost
 * notification and lost interrupt faults that the driver's watchdog must
 * recover from:
 *
 *   vnettest ethN send COUNT PORT    UDP broadcasts (virtio_net_selftest.c)
 *   vnettest ethN lose kicks N       every pair declines its next N notifications
 *   vnettest ethN lose irqs N        every pair's next N interrupts vanish
 *
 * Lost notifications use the virtqueue's decline counter (the one hook the
 * production driver keeps: a u16 it never sets). Lost interrupts need nothing
 * in the driver: the pair's handler is swapped for one that swallows N
 * interrupts before passing the rest on.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/initcall.h"
#include "kernel/irqflags.h"
#include "kernel/shell.h"
#include "tests/kernel/virtio_net_test.h"

struct lossy {
	void *ctx; /* the handler's context: a pair (MSI-X) or the device (INTx) */
	struct vnet_dev *vd;
	unsigned int left;
};

static struct lossy lossy[VNET_MAX_PAIRS * 4];

static struct lossy *lossy_of(void *ctx)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(lossy); i++)
		if (lossy[i].ctx == ctx)
			return &lossy[i];
	return NULL;
}

static irqreturn_t lossy_pair_irq(void *ctx)
{
	struct lossy *l = lossy_of(ctx);

	if (l && l->left) {
		l->left--; /* as if it never arrived */
		return IRQ_HANDLED;
	}
	return vnet_pair_irq(ctx);
}

static irqreturn_t lossy_intx_irq(void *ctx)
{
	struct lossy *l = lossy_of(ctx);

	if (l && l->left) {
		/* Reading the ISR drops the level-triggered line; the event itself is lost. */
		if (!virtio_pci_read_isr(&l->vd->vp))
			return IRQ_NONE;
		l->left--;
		return IRQ_HANDLED;
	}
	return vnet_intx_irq(ctx);
}

/*
 * Put the swallowing handler in the driver's place and set its count. Done
 * every time: a close and open since the last call put the driver's back.
 */
static int lose_irqs(void *ctx, struct vnet_dev *vd, int vector, irq_handler_t real,
		     irq_handler_t lossy_fn, const char *name, unsigned int n)
{
	struct lossy *l = lossy_of(ctx);
	unsigned long flags;
	int err;

	if (vector < 0)
		return 0;
	if (!l)
		l = lossy_of(NULL);
	if (!l)
		return -ENOSPC;
	*l = (struct lossy){ .ctx = ctx, .vd = vd, .left = n };
	flags = local_irq_save();
	free_irq((u8)vector, ctx);
	err = request_irq((u8)vector, lossy_fn, ctx, name);
	if (err) {
		l->ctx = NULL;
		request_irq((u8)vector, real, ctx, name);
	}
	local_irq_restore(flags);
	return err;
}

static int cmd_lose(struct vnet_dev *vd, const char *what, const char *count)
{
	char *end;
	unsigned long n = strtoul(count, &end, 0);
	bool kicks = !strcmp(what, "kicks");
	unsigned int i;
	int err = 0;

	if ((!kicks && strcmp(what, "irqs")) || *end || end == count || n > 1000) {
		shell_printf("vnettest: lose kicks|irqs N, with N from 0 to 1000\n");
		return -EINVAL;
	}
	if (kicks) {
		for (i = 0; i < vd->nr_pairs; i++) {
			vd->qp[i].rx.lose_kicks = (u16)n;
			vd->qp[i].tx.lose_kicks = (u16)n;
		}
	} else if (vd->irq.mode == IRQ_LADDER_MSIX) {
		for (i = 0; i < vd->nr_pairs && !err; i++)
			err = lose_irqs(&vd->qp[i], vd, vd->qp[i].irq, vnet_pair_irq,
					lossy_pair_irq, vd->qp[i].name, (unsigned int)n);
	} else if (vd->irq.mode == IRQ_LADDER_INTX) {
		err = lose_irqs(vd, vd, vd->qp[0].irq, vnet_intx_irq, lossy_intx_irq, vd->ndev.name,
				(unsigned int)n);
	}
	if (err) {
		shell_printf("vnettest: %s: cannot swap the interrupt handler (%d)\n",
			     vd->ndev.name, err);
		return err;
	}
	shell_printf("vnettest: %s loses its next %lu %s per queue pair\n", vd->ndev.name, n, what);
	return 0;
}

static int cmd_vnettest(int argc, char **argv)
{
	struct vnet_dev *vd = argc > 1 ? vnet_find(argv[1]) : NULL;

	if (argc > 1 && !vd) {
		shell_printf("vnettest: no virtio-net device named %s\n", argv[1]);
		return -ENODEV;
	}
	if (argc == 5 && !strcmp(argv[2], "send")) {
		int sent = vnet_selftest_send(vd, (unsigned int)strtoul(argv[3], NULL, 0),
					      (u16)strtoul(argv[4], NULL, 0));

		shell_printf("vnettest: %s sent %d\n", vd->ndev.name, sent);
		return sent < 0 ? sent : 0;
	}
	if (argc == 5 && !strcmp(argv[2], "lose"))
		return cmd_lose(vd, argv[3], argv[4]);
	shell_printf("usage: vnettest ethN send COUNT PORT | vnettest ethN lose kicks|irqs N\n");
	return -EINVAL;
}

static struct shell_cmd vnettest_cmd = {
	.name = "vnettest",
	.usage = "vnettest ethN send COUNT PORT|lose kicks|irqs N",
	.help = "test image: virtio-net transmit self-test and lost kick/interrupt faults",
	.run = cmd_vnettest,
};

static void vnettest_register(void)
{
	shell_register(&vnettest_cmd);
}
initcall(vnettest_register);

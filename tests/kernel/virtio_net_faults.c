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
 * The faults are played by the driver's fault-injection hooks
 * (vnet_inject_lost_kicks/irqs), which the production image keeps for
 * `nicfault` (net/core/nic_fault.h); only this shell command is the test image's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/initcall.h"
#include "kernel/console/shell.h"
#include "tests/kernel/virtio_net_test.h"

static int cmd_lose(struct vnet_dev *vd, const char *what, const char *count)
{
	char *end;
	unsigned long n = strtoul(count, &end, 0);
	bool kicks = !strcmp(what, "kicks");
	unsigned int i;

	if ((!kicks && strcmp(what, "irqs")) || *end || end == count || n > 1000) {
		shell_printf("vnettest: lose kicks|irqs N, with N from 0 to 1000\n");
		return -EINVAL;
	}
	for (i = 0; i < vd->nr_pairs; i++) {
		if (kicks)
			vnet_inject_lost_kicks(&vd->qp[i], (unsigned int)n);
		else
			vnet_inject_lost_irqs(&vd->qp[i], (unsigned int)n);
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
device_early_initcall(vnettest_register);

// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEST MACHINERY: the `nicfault` shell command and the table of devices whose
 * drivers accept injected faults (see net/nic_fault.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/initcall.h"
#include "kernel/printk.h"
#include "kernel/shell.h"
#include "net/netdev.h"
#include "net/nic_fault.h"

#define NIC_FAULT_MAX_DEVS 8

static const char *const fault_names[NIC_NR_FAULTS] = {
	[NIC_FAULT_RX_ERROR] = "rx-error",
	[NIC_FAULT_RX_OVERRUN] = "rx-overrun",
	[NIC_FAULT_TX_STUCK] = "tx-stuck",
	[NIC_FAULT_LOST_IRQ] = "lost-irq",
};

/* What N means when the command leaves it out. */
static const unsigned int fault_default_amount[NIC_NR_FAULTS] = {
	[NIC_FAULT_RX_ERROR] = 10,
	[NIC_FAULT_RX_OVERRUN] = 300,
	[NIC_FAULT_TX_STUCK] = 10,
	[NIC_FAULT_LOST_IRQ] = 10,
};

static struct {
	struct net_device *dev;
	nic_fault_inject_fn inject;
} devs[NIC_FAULT_MAX_DEVS];

const char *nic_fault_name(enum nic_fault kind)
{
	return kind < NIC_NR_FAULTS ? fault_names[kind] : "?";
}

void nic_fault_register(struct net_device *dev, nic_fault_inject_fn fn)
{
	for (int i = 0; i < NIC_FAULT_MAX_DEVS; i++) {
		if (!devs[i].dev) {
			devs[i].dev = dev;
			devs[i].inject = fn;
			return;
		}
	}
	pr_warn("nicfault: no room to register %s\n", dev->name);
}

void nic_fault_unregister(struct net_device *dev)
{
	for (int i = 0; i < NIC_FAULT_MAX_DEVS; i++)
		if (devs[i].dev == dev)
			devs[i].dev = NULL;
}

static int usage(void)
{
	shell_printf("usage: nicfault IFACE rx-error|rx-overrun|tx-stuck|lost-irq [N]\n"
		     "  N: frames or interrupts (rx-overrun: milliseconds)\n");
	return -EINVAL;
}

static int cmd_nicfault(int argc, char **argv)
{
	unsigned long amount;
	char *end;
	int kind, i;

	if (argc < 3 || argc > 4)
		return usage();
	for (kind = 0; kind < NIC_NR_FAULTS; kind++)
		if (!strcmp(argv[2], fault_names[kind]))
			break;
	if (kind == NIC_NR_FAULTS)
		return usage();
	amount = fault_default_amount[kind];
	if (argc == 4) {
		amount = strtoul(argv[3], &end, 0);
		if (*end || end == argv[3] || amount == 0 || amount > 10000)
			return usage();
	}
	for (i = 0; i < NIC_FAULT_MAX_DEVS; i++)
		if (devs[i].dev && !strcmp(devs[i].dev->name, argv[1]))
			break;
	if (i == NIC_FAULT_MAX_DEVS) {
		shell_printf("nicfault: %s has no fault injection\n", argv[1]);
		return -ENODEV;
	}
	pr_warn("%s: injecting fault %s (%lu) for a test\n", argv[1], fault_names[kind], amount);
	return devs[i].inject(devs[i].dev, (enum nic_fault)kind, (unsigned int)amount);
}

static struct shell_cmd nicfault_cmd = {
	.name = "nicfault",
	.usage = "nicfault IFACE KIND [N]",
	.help = "test machinery: inject a NIC fault (rx-error, rx-overrun, tx-stuck, lost-irq)",
	.run = cmd_nicfault,
};

static void nic_fault_shell_register(void)
{
	shell_register(&nicfault_cmd);
}
initcall(nic_fault_shell_register);

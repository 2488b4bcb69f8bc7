// SPDX-License-Identifier: BSD-2-Clause
/*
 * The `e1000` shell command: the state of each adapter, bringing it up and
 * down, and its receive filter. Test transmits are the test image's
 * `e1000test` (tests/kernel/e1000_testtx.c). Counters are in `ifconfig` and
 * `ethtool -S`.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/e1000/e1000.h"
#include "drivers/e1000/e1000_ring.h"
#include "kernel/core/initcall.h"
#include "kernel/console/shell.h"

static void show_adapter(struct e1000_adapter *a)
{
	struct net_device *dev = &a->netdev;
	char irq[96];

	e1000_irq_describe(a, irq, sizeof(irq));
	shell_printf("%s: %s at %s, %s, link %s", dev->name, a->chip->name, a->pdev->name,
		     (dev->flags & IFF_UP) ? "up" : "down", netif_carrier_ok(dev) ? "up" : "down");
	if (netif_carrier_ok(dev))
		shell_printf(" %u Mbps %s duplex", dev->speed_mbps,
			     dev->full_duplex ? "full" : "half");
	shell_printf("\n  interrupts %s%s\n", irq,
		     a->irq_masked && a->up ? " (masked: polling)" : "");
	shell_printf(
	    "  rx ring %u/%u filled, pool %u free, %u held by the stack; tx ring %u in flight%s\n",
	    e1000_ring_in_flight(a->rx_ntu, a->rx_ntc, a->rx_count), a->rx_count, a->rx_free_count,
	    a->rx_lent, e1000_ring_in_flight(a->tx_ntu, a->tx_ntc, a->tx_count),
	    netif_queue_stopped(dev) ? ", queue stopped" : "");
}

static int parse_mac(const char *s, u8 mac[ETH_ALEN])
{
	for (int i = 0; i < ETH_ALEN; i++) {
		char *end;
		unsigned long v = strtoul(s, &end, 16);

		if (end == s || end - s > 2 || v > 0xFF || (i < 5 && *end != ':') ||
		    (i == 5 && *end))
			return -EINVAL;
		mac[i] = (u8)v;
		s = end + 1;
	}
	return 0;
}

static int cmd_e1000(int argc, char **argv)
{
	struct e1000_adapter *a;
	struct net_device *dev;

	if (argc == 1) {
		int n = 0;

		for (a = e1000_next(NULL); a; a = e1000_next(a), n++)
			show_adapter(a);
		if (!n)
			shell_printf("no e1000 devices\n");
		return 0;
	}
	if (argc < 3) {
		shell_printf("usage: e1000 [up|down|promisc|mc] IFACE ...\n");
		return -EINVAL;
	}
	a = e1000_find(argv[2]);
	if (!a) {
		shell_printf("%s: not an e1000 device\n", argv[2]);
		return -ENODEV;
	}
	dev = &a->netdev;
	if (!strcmp(argv[1], "up"))
		return dev_open(dev);
	if (!strcmp(argv[1], "down"))
		return dev_close(dev);
	if (!strcmp(argv[1], "promisc") && argc == 4 &&
	    (!strcmp(argv[3], "on") || !strcmp(argv[3], "off"))) {
		netdev_set_promisc(dev, !strcmp(argv[3], "on"));
		return 0;
	}
	if (!strcmp(argv[1], "mc") && argc == 5) {
		u8 mac[ETH_ALEN];

		if (parse_mac(argv[4], mac)) {
			shell_printf("%s: not a MAC address\n", argv[4]);
			return -EINVAL;
		}
		if (!strcmp(argv[3], "add"))
			return netdev_mc_add(dev, mac);
		if (!strcmp(argv[3], "del"))
			return netdev_mc_del(dev, mac);
	}
	shell_printf("usage: e1000 up|down IFACE, e1000 promisc IFACE on|off, "
		     "e1000 mc IFACE add|del MAC\n");
	return -EINVAL;
}

static struct shell_cmd e1000_cmd = {
	.name = "e1000",
	.usage = "e1000 [up|down|promisc|mc IFACE ...]",
	.help = "Intel e1000/e1000e adapters: state, open/close, rx filter",
	.run = cmd_e1000,
};

static void e1000_shell_register(void)
{
	shell_register(&e1000_cmd);
}
initcall(e1000_shell_register);

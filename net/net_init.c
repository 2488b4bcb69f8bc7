// SPDX-License-Identifier: BSD-2-Clause
/* net_init(): read the network's command-line options and start lwIP (a stack initcall). */
#define pr_fmt(fmt) "net: " fmt

#include <stdio.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/core/initcall.h"
#include "kernel/console/printk.h"
#include "net/inet/ipconfig.h"
#include "net/lwip/stack.h"
#include "net/net_init.h"
#include "net/core/netdev_stack.h"

static struct ipconfig net_ipconfig;

static void net_read_ipconfig(void)
{
	const char *value;

	if (!cmdline_get("ip", &value)) {
		ipconfig_set_default(&net_ipconfig);
		return;
	}
	if (ipconfig_parse(value, &net_ipconfig))
		pr_warn("ip=%s not understood; using DHCP instead\n", value ? value : "");
}

/* ip.<dev>=: a device's own configuration, in ip='s syntax. */
static int net_read_device_ipconfig(struct net_device *dev, void *ctx)
{
	struct ipconfig cfg;
	char key[8 + IFNAMSIZ];
	const char *value;

	snprintf(key, sizeof(key), "ip.%s", dev->name);
	if (!cmdline_get(key, &value))
		return 0;
	if (ipconfig_parse(value, &cfg)) {
		pr_warn("%s=%s not understood; %s follows ip= instead\n", key, value ? value : "",
			dev->name);
		return 0;
	}
	if (cfg.device[0] && strcmp(cfg.device, dev->name)) {
		pr_warn("%s= names device %s: ignored, %s follows ip= instead\n", key, cfg.device,
			dev->name);
		return 0;
	}
	lwip_stack_set_device_ipconfig(dev->name, &cfg);
	return 0;
}

static enum lwip_tx_mode net_read_tx_mode(void)
{
	static const char *const modes[] = { "zerocopy", "copy" };
	int choice = LWIP_TX_ZEROCOPY;

	/* Absent: the default; malformed: logged by cmdline, the default stays. */
	cmdline_get_choice("net.tx", modes, ARRAY_SIZE(modes), &choice);
	return choice == 1 ? LWIP_TX_COPY : LWIP_TX_ZEROCOPY;
}

void net_init(void)
{
	bool ipv6_disable = false, tso = true;

	net_read_ipconfig();
	/* Linux's name; a malformed value is logged by cmdline and IPv6 stays on. */
	cmdline_get_bool("ipv6.disable", &ipv6_disable);
	net_ipconfig.ipv6_disabled = ipv6_disable;
	netdev_for_each(net_read_device_ipconfig, NULL);
	/* Merging TCP segments for devices that cut them (TSO); drivers have their own switch. */
	cmdline_get_bool("net.tso", &tso);
	lwip_stack_set_tso(tso);
	lwip_stack_init(&net_ipconfig, net_read_tx_mode());
}
stack_initcall(net_init);

// SPDX-License-Identifier: BSD-2-Clause
/* net_init(): read the network's command-line options, start lwIP and the services. */
#define pr_fmt(fmt) "net: " fmt

#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "net/ipconfig.h"
#include "net/lwip/stack.h"
#include "net/net_init.h"
#include "net/services/services.h"

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

static enum lwip_tx_mode net_read_tx_mode(void)
{
	static const char *const modes[] = { "zerocopy", "copy" };
	int choice = LWIP_TX_ZEROCOPY;

	/* Absent: the default; malformed: logged by cmdline, the default stays. */
	cmdline_get_choice("net.tx", modes, ARRAY_SIZE(modes), &choice);
	return choice == 1 ? LWIP_TX_COPY : LWIP_TX_ZEROCOPY;
}

int net_init(void)
{
	bool ipv6_disable = false;

	net_read_ipconfig();
	/* Linux's name; a malformed value is logged by cmdline and IPv6 stays on. */
	cmdline_get_bool("ipv6.disable", &ipv6_disable);
	net_ipconfig.ipv6_disabled = ipv6_disable;
	lwip_stack_init(&net_ipconfig, net_read_tx_mode());
	return net_services_start();
}

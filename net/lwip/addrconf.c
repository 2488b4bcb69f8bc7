// SPDX-License-Identifier: BSD-2-Clause
/*
 * Addresses: apply the ip= configuration to each interface (DHCP, static or
 * none for IPv4; IPv6 link-local and SLAAC always) and log every address an
 * interface gains or loses, so the console shows where napkin can be reached.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/console/printk.h"
#include "lwip/dhcp.h"
#include "lwip/ip4_addr.h"
#include "lwip/ip6_addr.h"
#include "lwip/netif.h"
#include "net/lwip/glue.h"

static struct ipconfig config;
static bool static_assigned; /* ip='s static address went to a device */

/* ip.<dev>= overrides, by device name. */
static struct ipconfig device_config[LWIP_IPCONFIG_DEVICES];
static unsigned int device_configs;
NETIF_DECLARE_EXT_CALLBACK(addr_callback)

const struct ipconfig *lwip_stack_ipconfig(void)
{
	return &config;
}

static void ip4_from_bytes(ip4_addr_t *a, const u8 b[4])
{
	IP4_ADDR(a, b[0], b[1], b[2], b[3]);
}

static const char *dev_name(struct netif *netif)
{
	return glue_if_from_netif(netif)->dev->name;
}

int lwip_stack_set_device_ipconfig(const char *dev, const struct ipconfig *cfg)
{
	struct ipconfig *slot = NULL;

	for (unsigned int i = 0; i < device_configs; i++)
		if (!strcmp(device_config[i].device, dev))
			slot = &device_config[i];
	if (!slot) {
		if (device_configs == LWIP_IPCONFIG_DEVICES) {
			pr_warn("%s: ip.%s= ignored: at most %d devices have their own\n", dev, dev,
				LWIP_IPCONFIG_DEVICES);
			return -ENOSPC;
		}
		slot = &device_config[device_configs++];
	}
	*slot = *cfg;
	snprintf(slot->device, sizeof(slot->device), "%s", dev);
	return 0;
}

static const struct ipconfig *device_override(const char *name)
{
	for (unsigned int i = 0; i < device_configs; i++)
		if (!strcmp(device_config[i].device, name))
			return &device_config[i];
	return NULL;
}

static void apply_static(struct glue_if *gif, const struct ipconfig *cfg)
{
	ip4_addr_t addr, mask, gw;
	char a[IP4ADDR_STRLEN_MAX], g[IP4ADDR_STRLEN_MAX];

	ip4_from_bytes(&addr, cfg->client);
	ip4_from_bytes(&mask, cfg->netmask);
	if (cfg->has_gateway)
		ip4_from_bytes(&gw, cfg->gateway);
	else
		ip4_addr_set_zero(&gw);
	netif_set_addr(&gif->netif, &addr, &mask, &gw);
	/* The first gateway given wins the default route, as with one device. */
	if (!netif_default || (cfg->has_gateway && ip4_addr_isany(netif_ip4_gw(netif_default))))
		netif_set_default(&gif->netif);
	ip4addr_ntoa_r(&addr, a, sizeof(a));
	ip4addr_ntoa_r(&gw, g, sizeof(g));
	pr_info("%s: static address %s/%d%s%s%s\n", gif->dev->name, a,
		ipconfig_netmask_prefix(cfg->netmask), cfg->has_gateway ? " gw " : "",
		cfg->has_gateway ? g : "",
		cfg->netmask_defaulted ? " (netmask from the address class)" : "");
}

void glue_ipconfig_apply(struct glue_if *gif)
{
	const char *name = gif->dev->name;
	const struct ipconfig *own = device_override(name);
	const struct ipconfig *cfg = own ? own : &config;
	err_t err;

	if (cfg->hostname[0] || config.hostname[0]) {
		snprintf(gif->hostname, sizeof(gif->hostname), "%s",
			 cfg->hostname[0] ? cfg->hostname : config.hostname);
		netif_set_hostname(&gif->netif, gif->hostname);
	}
	if (!own && config.device[0] && strcmp(config.device, name)) {
		pr_info("%s: no IPv4 configuration (ip= names %s)\n", name, config.device);
		return;
	}
	switch (cfg->mode) {
	case IPCONFIG_OFF:
		if (own)
			pr_info("%s: no IPv4 configuration (ip.%s=off)\n", name, name);
		else
			pr_info("%s: no IPv4 configuration (ip=off)\n", name);
		break;
	case IPCONFIG_STATIC:
		if (!own && static_assigned) {
			pr_info(
			    "%s: no IPv4 configuration (the static address went to another device)\n",
			    name);
			break;
		}
		if (!own)
			static_assigned = true;
		apply_static(gif, cfg);
		break;
	case IPCONFIG_DHCP:
		err = dhcp_start(&gif->netif);
		if (err != ERR_OK)
			pr_err("%s: DHCP did not start (lwIP error %d)\n", name, err);
		else
			pr_info("%s: DHCP started\n", name);
		break;
	}
}

static void log_ipv4(struct netif *netif, netif_nsc_reason_t reason,
		     const netif_ext_callback_args_t *args)
{
	char a[IP4ADDR_STRLEN_MAX], g[IP4ADDR_STRLEN_MAX], s[IP4ADDR_STRLEN_MAX];
	const ip4_addr_t *addr = netif_ip4_addr(netif);
	u8 mask[4];
	struct dhcp *dhcp;

	if (ip4_addr_isany(addr)) {
		/* old_address is only filled in when the address itself changed. */
		if ((reason & LWIP_NSC_IPV4_ADDRESS_CHANGED) && args->ipv4_changed.old_address &&
		    !ip_addr_isany(args->ipv4_changed.old_address))
			pr_info("%s: IPv4 address %s released\n", dev_name(netif),
				ipaddr_ntoa_r(args->ipv4_changed.old_address, a, sizeof(a)));
		return;
	}
	if (!dhcp_supplied_address(netif))
		return; /* static: apply_static() logged it */
	dhcp = netif_dhcp_data(netif);
	memcpy(mask, &netif_ip4_netmask(netif)->addr, 4);
	ip4addr_ntoa_r(addr, a, sizeof(a));
	ip4addr_ntoa_r(netif_ip4_gw(netif), g, sizeof(g));
	ipaddr_ntoa_r(&dhcp->server_ip_addr, s, sizeof(s));
	pr_info("%s: DHCP lease %s/%d gw %s from %s\n", dev_name(netif), a,
		ipconfig_netmask_prefix(mask), g, s);
	if (!netif_default)
		netif_set_default(netif);
}

static void log_ipv6(struct netif *netif, const netif_ext_callback_args_t *args)
{
	s8_t i = args->ipv6_addr_state_changed.addr_index;
	u8_t old_state = args->ipv6_addr_state_changed.old_state;
	u8_t state = netif_ip6_addr_state(netif, i);
	char a[IP6ADDR_STRLEN_MAX];
	const char *kind;

	ip6addr_ntoa_r(netif_ip6_addr(netif, i), a, sizeof(a));
	/* lwIP writes hex digits in upper case; Linux tools print lower case. */
	for (char *c = a; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	kind = ip6_addr_islinklocal(netif_ip6_addr(netif, i)) ? "link-local" : "global";
	if (ip6_addr_isduplicated(state))
		pr_warn("%s: IPv6 address %s is in use by another host\n", dev_name(netif), a);
	else if (ip6_addr_isvalid(state) && !ip6_addr_isvalid(old_state))
		pr_info("%s: IPv6 address %s (%s)\n", dev_name(netif), a, kind);
	else if (ip6_addr_isinvalid(state) && ip6_addr_isvalid(old_state))
		pr_info("%s: IPv6 address %s removed\n", dev_name(netif), a);
}

static void addr_changed(struct netif *netif, netif_nsc_reason_t reason,
			 const netif_ext_callback_args_t *args)
{
	/* Only interfaces the glue made have a device to name. */
	if (netif->linkoutput != glue_linkoutput || !args)
		return;
	if (reason & LWIP_NSC_IPV4_SETTINGS_CHANGED)
		log_ipv4(netif, reason, args);
	if (reason & LWIP_NSC_IPV6_ADDR_STATE_CHANGED)
		log_ipv6(netif, args);
}

void glue_ipconfig_init(const struct ipconfig *cfg)
{
	if (cfg)
		config = *cfg;
	else
		ipconfig_set_default(&config);
	static_assigned = false;
	netif_add_ext_callback(&addr_callback, addr_changed);
}

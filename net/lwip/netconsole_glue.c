// SPDX-License-Identifier: BSD-2-Clause
/*
 * What netconsole asks of the stack: a device's IPv4 address and netmask (for
 * a target on the subnet's broadcast address), and the MAC of its target,
 * from lwIP's ARP table (asking the network when it is not known yet).
 * netconsole calls these from its timer, in the main loop.
 */
#include <errno.h>
#include <string.h>
#include "lwip/etharp.h"
#include "lwip/ip4_addr.h"
#include "net/lwip/glue.h"
#include "net/netconsole/netconsole.h"

static u32 lwip_nc_dev_ipv4(struct net_device *dev)
{
	struct netif *netif = lwip_netif_of(dev);

	if (!netif || !netif_is_up(netif))
		return 0;
	return lwip_ntohl(ip4_addr_get_u32(netif_ip4_addr(netif)));
}

static u32 lwip_nc_dev_ipv4_netmask(struct net_device *dev)
{
	struct netif *netif = lwip_netif_of(dev);

	if (!netif || !netif_is_up(netif))
		return 0;
	return lwip_ntohl(ip4_addr_get_u32(netif_ip4_netmask(netif)));
}

static int lwip_nc_resolve(struct net_device *dev, u32 ip, u8 mac[6])
{
	struct netif *netif = lwip_netif_of(dev);
	struct eth_addr *eth;
	const ip4_addr_t *found;
	ip4_addr_t target;

	if (!netif || ip4_addr_isany_val(*netif_ip4_addr(netif)))
		return -ENODEV;
	ip4_addr_set_u32(&target, lwip_htonl(ip));
	/* Off the subnet, frames go to the gateway, as for any other traffic. */
	if (!ip4_addr_netcmp(&target, netif_ip4_addr(netif), netif_ip4_netmask(netif)) &&
	    !ip4_addr_isany_val(*netif_ip4_gw(netif)))
		ip4_addr_copy(target, *netif_ip4_gw(netif));
	if (etharp_find_addr(netif, &target, &eth, &found) >= 0) {
		memcpy(mac, eth->addr, 6);
		return 0;
	}
	etharp_request(netif, &target);
	return -EAGAIN;
}

static const struct netconsole_stack_ops lwip_nc_ops = {
	.dev_ipv4 = lwip_nc_dev_ipv4,
	.dev_ipv4_netmask = lwip_nc_dev_ipv4_netmask,
	.resolve = lwip_nc_resolve,
};

void glue_netconsole_init(void)
{
	netconsole_set_stack(&lwip_nc_ops);
}

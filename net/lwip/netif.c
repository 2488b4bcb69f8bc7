// SPDX-License-Identifier: BSD-2-Clause
/*
 * One lwIP netif per net_device: created when the netdev layer reports a
 * device, brought up with the link, removed with the device. The netdev
 * layer calls these from the softirq loop, never from an interrupt.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/console/printk.h"
#include "lwip/etharp.h"
#include "lwip/ethip6.h"
#include "lwip/mld6.h"
#include "lwip/dhcp.h"
#include "netif/ethernet.h"
#include "net/lwip/glue.h"

static struct glue_if glue_ifs[LWIP_GLUE_MAX_IFS];
/*
 * Bit i: glue_ifs[i] holds a device. Every loop round walks the devices
 * twice, and most rounds have nothing else to do: the mask finds the next
 * device in one step instead of a look at every slot.
 */
static u32 glue_ifs_used;
_Static_assert(LWIP_GLUE_MAX_IFS <= 32, "glue_ifs_used has a bit per slot");

struct glue_if *glue_if_first(void)
{
	return glue_if_next(NULL);
}

struct glue_if *glue_if_next(struct glue_if *gif)
{
	unsigned int from = gif ? (unsigned int)(gif - glue_ifs) + 1 : 0;
	u32 rest = from < LWIP_GLUE_MAX_IFS ? glue_ifs_used & ~(BIT(from) - 1) : 0;

	return rest ? &glue_ifs[__builtin_ctz(rest)] : NULL;
}

struct netif *lwip_netif_of(const struct net_device *dev)
{
	struct glue_if *gif = dev ? dev->stack_priv : NULL;

	return gif ? &gif->netif : NULL;
}

int lwip_glue_get_stats(const struct net_device *dev, struct lwip_glue_stats *out)
{
	struct glue_if *gif = dev ? dev->stack_priv : NULL;

	if (!gif)
		return -ENODEV;
	*out = gif->stats;
	return 0;
}

/* IPv6 multicast groups map to 33:33 plus the group's last four bytes (RFC 2464). */
static void ipv6_mcast_mac(const ip6_addr_t *group, u8 mac[ETH_ALEN])
{
	u32 tail = lwip_ntohl(group->addr[3]);

	mac[0] = 0x33;
	mac[1] = 0x33;
	mac[2] = (u8)(tail >> 24);
	mac[3] = (u8)(tail >> 16);
	mac[4] = (u8)(tail >> 8);
	mac[5] = (u8)tail;
}

static err_t glue_mld_filter(struct netif *netif, const ip6_addr_t *group,
			     enum netif_mac_filter_action action)
{
	struct glue_if *gif = glue_if_from_netif(netif);
	u8 mac[ETH_ALEN];
	int err;

	ipv6_mcast_mac(group, mac);
	if (action == NETIF_ADD_MAC_FILTER)
		err = netdev_mc_add(gif->dev, mac);
	else
		err = netdev_mc_del(gif->dev, mac);
	if (err)
		pr_warn("%s: multicast filter %s %02x:%02x:%02x:%02x:%02x:%02x failed (%d)\n",
			gif->dev->name, action == NETIF_ADD_MAC_FILTER ? "add" : "delete", mac[0],
			mac[1], mac[2], mac[3], mac[4], mac[5], err);
	return err ? ERR_IF : ERR_OK;
}

static err_t glue_netif_init(struct netif *netif)
{
	struct glue_if *gif = netif->state;
	struct net_device *dev = gif->dev;

	netif->name[0] = 'e';
	netif->name[1] = 'n';
	netif->hwaddr_len = ETH_HWADDR_LEN;
	memcpy(netif->hwaddr, dev->dev_addr, ETH_HWADDR_LEN);
	netif->mtu = (u16_t)dev->mtu;
	netif->flags =
	    NETIF_FLAG_BROADCAST | NETIF_FLAG_ETHARP | NETIF_FLAG_ETHERNET | NETIF_FLAG_MLD6;
	/* Through net/lwip/ip_out.c: lwIP's global IP ID counter is replaced there. */
	netif->output = glue_ip4_output;
	netif->output_ip6 = glue_ip6_output;
	netif->linkoutput = glue_linkoutput;
	glue_gso_setup(gif);
	gif->chksum_flags = glue_tx_chksum_flags(dev);
	NETIF_SET_CHECKSUM_CTRL(netif, gif->chksum_flags);
	netif_set_mld_mac_filter(netif, glue_mld_filter);
	netif_set_hostname(netif, gif->hostname);
	return ERR_OK;
}

static struct glue_if *glue_if_alloc(void)
{
	for (unsigned int i = 0; i < LWIP_GLUE_MAX_IFS; i++) {
		if (!(glue_ifs_used & BIT(i))) {
			memset(&glue_ifs[i], 0, sizeof(glue_ifs[i]));
			glue_ifs_used |= BIT(i);
			return &glue_ifs[i];
		}
	}
	return NULL;
}

static void glue_if_free(struct glue_if *gif)
{
	glue_ifs_used &= ~BIT(gif - glue_ifs);
}

static void log_offloads(const struct glue_if *gif)
{
	u16 f = gif->chksum_flags;

	pr_info("%s: checksums: tx ip %s, tx tcp %s, tx udp %s, rx %s; tx %s%s\n", gif->dev->name,
		f & NETIF_CHECKSUM_GEN_IP ? "soft" : "device",
		f & NETIF_CHECKSUM_GEN_TCP ? "soft" : "device",
		f & NETIF_CHECKSUM_GEN_UDP ? "soft" : "device",
		gif->dev->features & NETIF_F_RXCSUM ? "device-verified frames trusted" : "soft",
		lwip_stack_tx_mode() == LWIP_TX_COPY ? "copy" : "zero-copy",
		gif->gso_on ? ", TSO (segments merged for the device to cut)" : "");
}

void glue_dev_added(struct net_device *dev)
{
	static const u8 all_nodes_mac[ETH_ALEN] = { 0x33, 0x33, 0, 0, 0, 1 };
	struct glue_if *gif;
	struct netif *netif;
	int err;

	if (dev->stack_priv)
		return;
	if (dev->mtu > 0xffff || dev->mtu < ETH_MIN_MTU) {
		pr_err("%s: MTU %u is outside what lwIP handles; device left unused\n", dev->name,
		       dev->mtu);
		return;
	}
	gif = glue_if_alloc();
	if (!gif) {
		pr_err("%s: more than %d devices; this one stays unused\n", dev->name,
		       LWIP_GLUE_MAX_IFS);
		return;
	}
	gif->dev = dev;
	snprintf(gif->hostname, sizeof(gif->hostname), "napkin");

	err = dev_open(dev);
	if (err) {
		pr_err("%s: cannot open (%d); device left unused\n", dev->name, err);
		glue_if_free(gif);
		return;
	}
	dev->stack_priv = gif;
	netif = netif_add(&gif->netif, NULL, NULL, NULL, gif, glue_netif_init, ethernet_input);
	if (!netif) {
		pr_err("%s: lwIP refused the interface\n", dev->name);
		dev->stack_priv = NULL;
		glue_if_free(gif);
		dev_close(dev);
		return;
	}
	log_offloads(gif);
	if (!lwip_stack_ipconfig()->ipv6_disabled) {
		/* ff02::1 is never joined through MLD, yet neighbour discovery needs it. */
		netdev_mc_add(dev, all_nodes_mac);
		netif_create_ip6_linklocal_address(netif, 1);
		netif_set_ip6_autoconfig_enabled(netif, 1);
	}
	netif_set_up(netif);
	if (netif_carrier_ok(dev))
		netif_set_link_up(netif);
	glue_ipconfig_apply(gif);
}

void glue_dev_removed(struct net_device *dev)
{
	struct glue_if *gif = dev->stack_priv;

	if (!gif)
		return;
	dhcp_release_and_stop(&gif->netif);
	netif_set_down(&gif->netif);
	netif_remove(&gif->netif);
	glue_gso_purge(gif);
	glue_tx_purge(gif);
	dev->stack_priv = NULL;
	glue_if_free(gif);
	if (gif->stats.rx_frames_held || gif->stats.tx_frames_held)
		pr_warn("%s: removed while lwIP holds %llu received and %llu sent frames\n",
			dev->name, (unsigned long long)gif->stats.rx_frames_held,
			(unsigned long long)gif->stats.tx_frames_held);
}

void glue_link_changed(struct net_device *dev)
{
	struct glue_if *gif = dev->stack_priv;

	if (!gif)
		return;
	if (netif_carrier_ok(dev)) {
		netif_set_link_up(&gif->netif);
	} else {
		netif_set_link_down(&gif->netif);
		/* Nothing waiting will get out on a dead link. */
		glue_gso_purge(gif);
		glue_tx_purge(gif);
	}
}

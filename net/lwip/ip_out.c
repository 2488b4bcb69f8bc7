// SPDX-License-Identifier: BSD-2-Clause
/*
 * What every IP datagram passes between lwIP and ARP/ND: lwIP's global
 * identification counter replaced by net/inet/ip_id.c's numbers. The IPv4
 * header checksum is updated for the new number when lwIP computes it for this
 * interface;
 * when the device does, the field lwIP left for it stays as it was. No
 * upper-layer checksum covers these fields.
 *
 * And what a datagram larger than the MTU passes before lwIP cuts it into
 * fragments (lwip_hooks.h points ip4.c's and ip6.c's calls here): the TCP or
 * UDP checksum lwIP left to the device is computed over the whole datagram
 * (tx_csum.c), since each fragment is a frame of its own to the device.
 */
#include "lwip/etharp.h"
#include "lwip/ethip6.h"
#include "lwip/ip4_frag.h"
#include "lwip/ip6_frag.h"
#include "lwip/netif.h"
#include "lwip/prot/ip4.h"
#include "kernel/core/time.h"
#include "net/inet/ip_id.h"
#include "net/lwip/glue.h"
#include "lwip_hooks.h"

/* lwIP's own fragmenters, from here. */
#undef ip4_frag
#undef ip6_frag

/*
 * The header checksum lwIP computed, corrected for one changed 16-bit field
 * (RFC 1624, eqn. 3) instead of summed again: this runs for every frame.
 */
static u16 csum_replace16(u16 check, u16 old, u16 new)
{
	u32 sum = (u16)~check + (u32)(u16)~old + new;

	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

err_t glue_ip4_output(struct netif *netif, struct pbuf *p, const ip4_addr_t *ipaddr)
{
	struct ip_hdr *iph = p->payload;
	u16 old_id = IPH_ID(iph);

	if (ip4_id_rewrite(p->payload, p->len, ktime_get_ns())) {
		IF__NETIF_CHECKSUM_ENABLED(netif, NETIF_CHECKSUM_GEN_IP)
		{
			IPH_CHKSUM_SET(iph, csum_replace16(IPH_CHKSUM(iph), old_id, IPH_ID(iph)));
		}
	}
	return etharp_output(netif, p, ipaddr);
}

err_t glue_ip6_output(struct netif *netif, struct pbuf *p, const ip6_addr_t *ipaddr)
{
	ip6_frag_id_rewrite(p->payload, p->len);
	return ethip6_output(netif, p, ipaddr);
}

err_t glue_ip4_frag(struct pbuf *p, struct netif *netif, const ip4_addr_t *dest)
{
	glue_tx_csum_datagram(netif, p, 4);
	return ip4_frag(p, netif, dest);
}

err_t glue_ip6_frag(struct pbuf *p, struct netif *netif, const ip6_addr_t *dest)
{
	glue_tx_csum_datagram(netif, p, 6);
	return ip6_frag(p, netif, dest);
}

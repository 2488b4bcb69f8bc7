// SPDX-License-Identifier: BSD-2-Clause
/*
 * What every IP datagram passes between lwIP and ARP/ND: lwIP's global
 * identification counter replaced by net/inet/ip_id.c's numbers. The IPv4
 * header checksum is updated for the new number when lwIP computes it for this
 * interface;
 * when the device does, the field lwIP left for it stays as it was. No
 * upper-layer checksum covers these fields.
 */
#include "lwip/etharp.h"
#include "lwip/ethip6.h"
#include "lwip/netif.h"
#include "lwip/prot/ip4.h"
#include "kernel/core/time.h"
#include "net/inet/ip_id.h"
#include "net/lwip/glue.h"

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

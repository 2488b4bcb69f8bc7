// SPDX-License-Identifier: BSD-2-Clause
/*
 * What every IP datagram passes between lwIP and ARP/ND: lwIP's global
 * identification counter replaced by net/ip_id.c's numbers. The IPv4
 * header checksum is recomputed when lwIP computes it for this interface;
 * when the device does, the field lwIP left for it stays as it was. No
 * upper-layer checksum covers these fields.
 */
#include "lwip/etharp.h"
#include "lwip/ethip6.h"
#include "lwip/inet_chksum.h"
#include "lwip/netif.h"
#include "lwip/prot/ip4.h"
#include "kernel/core/time.h"
#include "net/ip_id.h"
#include "net/lwip/glue.h"

err_t glue_ip4_output(struct netif *netif, struct pbuf *p, const ip4_addr_t *ipaddr)
{
	u8 *hdr = p->payload;

	if (ip4_id_rewrite(hdr, p->len, ktime_get_ns())) {
		IF__NETIF_CHECKSUM_ENABLED(netif, NETIF_CHECKSUM_GEN_IP)
		{
			struct ip_hdr *iph = p->payload;

			IPH_CHKSUM_SET(iph, 0);
			IPH_CHKSUM_SET(iph, inet_chksum(iph, (u16_t)(IPH_HL_BYTES(iph))));
		}
	}
	return etharp_output(netif, p, ipaddr);
}

err_t glue_ip6_output(struct netif *netif, struct pbuf *p, const ip6_addr_t *ipaddr)
{
	ip6_frag_id_rewrite(p->payload, p->len);
	return ethip6_output(netif, p, ipaddr);
}

/* SPDX-License-Identifier: BSD-2-Clause */
/* lwIP's hooks that napkin sets (LWIP_HOOK_FILENAME in lwipopts.h). */
#ifndef NAPKIN_LWIP_HOOKS_H
#define NAPKIN_LWIP_HOOKS_H

#include "net/lwip/admission.h"

struct tcp_pcb;
struct tcp_hdr;
struct pbuf;
void glue_rx_large_segment_ack(struct tcp_pcb *pcb, const struct pbuf *p);
s8 glue_rx_tcp_seq_ok(const struct tcp_pcb *pcb, const struct tcp_hdr *hdr, const struct pbuf *p);
void glue_tcp_persist_note(const struct tcp_pcb *pcb);
void glue_rx_tcp_mss_guard(struct tcp_pcb *pcb, struct tcp_hdr *hdr, u16 optlen, u16 opt1len,
			   u8 *opt2);

/*
 * Every TCP segment for a known PCB: one lwIP would assert on is dropped
 * (net/lwip/fixes/rx_tcpseq.c), what would shrink lwIP's send segment size
 * under queued data is kept out (net/lwip/fixes/rx_tcpmss.c), a running persist timer is noted
 * (net/lwip/fixes/tcp_persist.c), a large received segment is acknowledged at once
 * (net/lwip/rx.c), then admission of new connections on the SYN
 * (net/lwip/admission.c).
 */
#define LWIP_HOOK_TCP_INPACKET_PCB(pcb, hdr, optlen, opt1len, opt2, p)             \
	(glue_rx_tcp_seq_ok((pcb), (hdr), (p)) != ERR_OK                           \
	     ? ERR_VAL                                                             \
	     : (glue_rx_tcp_mss_guard((pcb), (hdr), (optlen), (opt1len), (opt2)),  \
		glue_tcp_persist_note(pcb), glue_rx_large_segment_ack((pcb), (p)), \
		lwip_admission_inpacket((pcb), (hdr), (optlen), (opt1len), (opt2), (p))))

/*
 * ip6_input(), lwIP's one caller of ip6_reass(), gets a check around it
 * (net/lwip/fixes/rx_reass6.c): lwIP 2.1.3 can hand up a datagram with a hole.
 * ip6.c includes this file after lwip/ip6_frag.h, and ip6_frag.c, which
 * defines ip6_reass(), does not include it.
 */
struct pbuf *glue_ip6_reass(struct pbuf *p);
#define ip6_reass glue_ip6_reass

/*
 * lwIP's IPv4 and IPv6 fragmenters, called by ip4.c and ip6.c once a datagram
 * is larger than the MTU, go through net/lwip/ip_out.c first: a TCP or UDP
 * checksum lwIP left to the device is computed there, since no device sums a
 * datagram spread over several frames. Function-like, so ip6.c's statistics
 * member lwip_stats.ip6_frag keeps its name; ip4_frag.c and ip6_frag.c, which
 * define the two, do not include this file.
 */
struct netif;
struct ip4_addr;
struct ip6_addr;
s8 glue_ip4_frag(struct pbuf *p, struct netif *netif, const struct ip4_addr *dest);
s8 glue_ip6_frag(struct pbuf *p, struct netif *netif, const struct ip6_addr *dest);
#define ip4_frag(p, netif, dest) glue_ip4_frag((p), (netif), (dest))
#define ip6_frag(p, netif, dest) glue_ip6_frag((p), (netif), (dest))

/*
 * TCP initial sequence numbers per RFC 6528 (net/inet/tcp_isn.c): a keyed hash
 * of the 4-tuple plus a 4-microsecond clock, instead of lwIP's counter.
 */
struct ip_addr;
u32_t glue_tcp_isn(const struct ip_addr *local_ip, u16_t local_port,
		   const struct ip_addr *remote_ip, u16_t remote_port);
#define LWIP_HOOK_TCP_ISN(local_ip, local_port, remote_ip, remote_port) \
	glue_tcp_isn((local_ip), (local_port), (remote_ip), (remote_port))

#endif

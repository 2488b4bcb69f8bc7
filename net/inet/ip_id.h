/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Identification fields that do not leak a global counter (RFC 7739, RFC
 * 6864). lwIP 2.1.3 numbers every IPv4 datagram and every IPv6 fragmented
 * datagram from one global counter, so anyone who sees two of napkin's
 * datagrams learns how many it sent in between, to anyone (idle scans use
 * this), and can guess the next one. It has no hook for the number, so
 * net/lwip/ip_out.c rewrites the field in each datagram on its way from lwIP
 * to ARP/ND; the choice is made here.
 *
 * IPv4 (RFC 7739 section 5.3's hash-based scheme): the (source,
 * destination, protocol) triple, hashed with a boot secret, picks one of
 * 1024 counters and an offset. A datagram gets counter + offset. The
 * counter steps by 1 within a burst (less than 1 ms since its last use),
 * so the segments of one TCP burst stay consecutive, as segmentation
 * offload and reassembly want; after a pause it steps by a random amount
 * that grows with the pause. A peer sees only its own traffic counted, and
 * only within bursts.
 *
 * IPv6 fragment ids (32 bits): a random number per fragmented datagram.
 *
 * Fragments of one datagram must share the number: lwIP emits them back to
 * back, each carrying its own original number, so the last original number
 * and its replacement are remembered.
 */
#ifndef NAPKIN_NET_IP_ID_H
#define NAPKIN_NET_IP_ID_H

#include "kernel/core/compiler.h"

/*
 * Give the IPv4 header at hdr (len bytes available) a new identification.
 * Returns true if it changed the header (its checksum is then stale), false
 * if the bytes are not an IPv4 header it can read.
 */
bool ip4_id_rewrite(u8 *hdr, size_t len, u64 now_ns);

/* The same for an IPv6 packet whose first extension header is a fragment header. */
bool ip6_frag_id_rewrite(u8 *hdr, size_t len);

struct ip_id_stats {
	u64 ip4_rewritten, ip6_rewritten;
	u64 frag_unmatched; /* a later fragment whose datagram we did not see start */
};
void ip_id_get_stats(struct ip_id_stats *st);

#ifdef NAPKIN_HOSTED
void ip_id_reset_for_test(void);
#endif

#endif

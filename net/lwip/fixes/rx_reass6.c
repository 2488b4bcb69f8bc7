// SPDX-License-Identifier: BSD-2-Clause
/*
 * A check after lwIP's IPv6 reassembly. lwIP 2.1.3's ip6_reass() looks for
 * missing fragments between the ones it walks past and after the one that
 * just arrived, but not just before it: with fragments A, B, C, D of one
 * datagram, B lost and C arriving after D, it hands up A, C and D as the
 * whole datagram, its payload length counting B's bytes that never came.
 * A lossy path that also reorders is enough. lwIP's IPv4 reassembly checks
 * that gap.
 *
 * ip6_input() is lwIP's one caller; lwip_hooks.h points it here. Every
 * fragment was cut to its own payload length on the way in, so a datagram
 * made whole of all its fragments holds the bytes its header announces, and
 * one that holds fewer has a hole (more: fragments past the last one):
 * either is dropped and counted. lwIP 2.1 writes that payload length 8 bytes
 * short (the fragment header taken off twice); it reads only the buffer's
 * length from there on, but the length is put right here for anything else
 * that looks.
 *
 * Tested by test_lwip_glue's test_ip6_reassembly_with_a_hole_is_dropped and
 * by fuzz_lwip's two IPv6 reassembly seeds (tests/fuzz/seeds.py).
 */
#define pr_fmt(fmt) "lwip: " fmt

#include "kernel/console/printk.h"
#include "lwip/init.h"
#include "lwip/ip6_frag.h"
#include "lwip/pbuf.h"
#include "lwip/prot/ip6.h"
#include "net/lwip/glue.h"
#include "lwip_hooks.h"

#undef ip6_reass /* lwIP's own, from here */

#if LWIP_VERSION_MAJOR != 2 || LWIP_VERSION_MINOR != 1
#error "rx_reass6.c knows lwIP 2.1's ip6_reass(): check the payload length this lwIP writes"
#endif
#define LWIP_PLEN_SHORT_BY IP6_FRAG_HLEN

u64 glue_ip6_reass_bad;

struct pbuf *glue_ip6_reass(struct pbuf *p)
{
	struct pbuf *whole = ip6_reass(p);
	struct ip6_hdr *hdr;
	u32 announced;

	if (!whole)
		return NULL;
	hdr = whole->payload; /* the header is whole in the first pbuf: lwIP moved it there */
	announced = IP6_HLEN + IP6H_PLEN(hdr) + LWIP_PLEN_SHORT_BY;
	if (whole->tot_len == announced) {
		IP6H_PLEN_SET(hdr, (u16_t)(whole->tot_len - IP6_HLEN));
		return whole;
	}
	if (!glue_ip6_reass_bad++)
		pr_warn("IPv6 datagram made whole of %u bytes for %u: dropped (counted in stats)\n",
			(unsigned)whole->tot_len, (unsigned)announced);
	pbuf_free(whole);
	return NULL;
}

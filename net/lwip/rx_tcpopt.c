// SPDX-License-Identifier: BSD-2-Clause
/*
 * TCP options lwIP would read past. lwIP reads an option's length byte
 * before it checks that the byte lies inside the option area, so options
 * ending in a bare kind byte (anything but EOL or NOP) make it read the byte
 * after the TCP header: past the end of the frame when no payload follows.
 * Such a segment is malformed (every other option carries a length), so the
 * glue drops it before lwIP sees it. Found by tests/fuzz/fuzz_lwip.c.
 *
 * Checked where the TCP header can be found from the frame alone: IPv4 that
 * is not a fragment, IPv6 with TCP after any hop-by-hop, routing and
 * destination options headers. Anything else goes on unchecked.
 */
#include "lwip/prot/ethernet.h"
#include "lwip/prot/ip.h"
#include "lwip/prot/ip4.h"
#include "lwip/prot/ip6.h"
#include "net/lwip/glue.h"

/* Ethernet, IPv6 and a few extension headers, and the largest TCP header. */
#define PEEK_MAX (SIZEOF_ETH_HDR + IP6_HLEN + 64 + 60)

#define TCP_OPT_EOL 0
#define TCP_OPT_NOP 1

/* Offset of the TCP header in h (n bytes of the frame), or 0 when not found. */
static u32 tcp_offset(const u8 *h, u32 n)
{
	u16 type;
	u32 off = SIZEOF_ETH_HDR;
	u8 next;

	if (n < SIZEOF_ETH_HDR + IP_HLEN)
		return 0;
	type = (u16)(h[12] << 8 | h[13]);
	if (type == ETHTYPE_IP) {
		u16 frag = (u16)(h[off + 6] << 8 | h[off + 7]);

		if ((h[off] >> 4) != 4 || h[off + 9] != IP_PROTO_TCP ||
		    (frag & (IP_MF | IP_OFFMASK)))
			return 0;
		return off + (h[off] & 15u) * 4;
	}
	if (type != ETHTYPE_IPV6 || n < SIZEOF_ETH_HDR + IP6_HLEN)
		return 0;
	next = h[off + 6];
	off += IP6_HLEN;
	while (next == IP6_NEXTH_HOPBYHOP || next == IP6_NEXTH_ROUTING ||
	       next == IP6_NEXTH_DESTOPTS) {
		if (off + 2 > n)
			return 0;
		next = h[off];
		off += (h[off + 1] + 1u) * 8;
	}
	return next == IP6_NEXTH_TCP ? off : 0;
}

bool glue_rx_tcp_options_ok(const struct netbuf *nb)
{
	u8 copy[PEEK_MAX];
	const u8 *h = nb->data;
	u32 n = MIN(nb->tot_len, (u32)sizeof(copy)), t, end;

	/* The headers are nearly always in the first segment: read them in place. */
	if (nb->len < n) {
		n = netbuf_copy_out(nb, 0, copy, n);
		h = copy;
	}
	t = tcp_offset(h, n);

	/* Not TCP, or a header lwIP will find too short on its own. */
	if (!t || t + 20 > n)
		return true;
	end = t + (h[t + 12] >> 4) * 4u;
	if (end > n)
		return true;
	for (u32 i = t + 20; i < end;) {
		if (h[i] == TCP_OPT_EOL)
			return true;
		if (h[i] == TCP_OPT_NOP) {
			i++;
			continue;
		}
		if (i + 1 >= end)
			return false; /* a kind with its length outside the options */
		if (h[i + 1] < 2)
			return true; /* lwIP stops here without reading further */
		i += h[i + 1];
	}
	return true;
}

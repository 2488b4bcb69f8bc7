// SPDX-License-Identifier: BSD-2-Clause
/*
 * IPv6 hop-by-hop and destination options lwIP would read past. Both
 * headers carry options as type, length, data; only Pad1 is a lone type
 * byte. lwIP reads an option's length byte before it checks that the byte
 * lies inside the header, so a header whose last byte is the type of any
 * other option makes it read the byte after the header: past the end of the
 * frame when the header ends it (found by tests/fuzz/fuzz_lwip.c: an 8-byte
 * hop-by-hop header ending in option type 0x30). Such a header is malformed,
 * so the glue drops the packet before lwIP sees it.
 *
 * lwIP parses an extension header only where it lies in the frame's first
 * segment, so that is where it is checked, in place.
 */
#include "lwip/prot/ethernet.h"
#include "lwip/prot/ip6.h"
#include "net/lwip/glue.h"

#define IP6_OPT_PAD1 0

/* Options in h[start, end): false when one's length byte lies at or past end. */
static bool options_ok(const u8 *h, u32 start, u32 end)
{
	for (u32 i = start; i < end;) {
		if (h[i] == IP6_OPT_PAD1) {
			i++;
			continue;
		}
		if (i + 1 >= end)
			return false;
		i += 2u + h[i + 1];
	}
	return true;
}

bool glue_rx_ip6_options_ok(const struct netbuf *nb)
{
	const u8 *h = nb->data;
	u32 n = nb->len, off = SIZEOF_ETH_HDR + IP6_HLEN;
	u8 next;

	if (n < off || (u16)(h[12] << 8 | h[13]) != ETHTYPE_IPV6)
		return true;
	next = h[SIZEOF_ETH_HDR + 6];
	/* lwIP takes hop-by-hop first, then destination and routing headers in any order. */
	while (next == IP6_NEXTH_HOPBYHOP || next == IP6_NEXTH_DESTOPTS ||
	       next == IP6_NEXTH_ROUTING) {
		u32 hlen;

		if (off + 2 > n)
			return true; /* lwIP drops what its first segment does not hold */
		hlen = (h[off + 1] + 1u) * 8;
		if (off + hlen > n)
			return true;
		if (next != IP6_NEXTH_ROUTING && !options_ok(h, off + 2, off + hlen))
			return false;
		next = h[off];
		off += hlen;
	}
	return true;
}

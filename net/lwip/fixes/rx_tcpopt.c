// SPDX-License-Identifier: BSD-2-Clause
/*
 * Options lwIP would read past. lwIP reads an option's length byte before
 * it checks that the byte lies inside the option area, so an option area
 * whose last byte is a kind or type that carries a length makes it read the
 * byte after the area: past the end of the frame when nothing follows. Such
 * a frame is malformed, so the glue drops it before lwIP sees it. Found by
 * tests/fuzz/fuzz_lwip.c, in two places:
 *
 * - TCP options ending in a bare kind byte (anything but EOL or NOP), here a
 *   segment with no payload. Checked where the TCP header can be found from
 *   the frame alone: IPv4 that is not a fragment, IPv6 with TCP after any
 *   hop-by-hop, routing and destination options headers.
 * - IPv6 hop-by-hop and destination options (type, length, data; only Pad1
 *   is a lone byte) ending in a bare type byte, here an 8-byte hop-by-hop
 *   header ending in type 0x30. lwIP parses an extension header only where
 *   it lies in the frame's first segment, so that is where it is checked.
 *
 * One walk over the headers serves both, once per frame. Tested by fuzz_lwip's
 * replay of crash-tcp-option-kind-at-header-end and
 * crash-ip6-hbh-option-type-at-header-end (tests/fuzz/corpus/fuzz_lwip/).
 */
#include "kernel/console/printk.h"
#include "lwip/prot/ethernet.h"
#include "lwip/prot/ip.h"
#include "lwip/prot/ip4.h"
#include "lwip/prot/ip6.h"
#include "net/lwip/glue.h"

/* Ethernet, IPv6 and a few extension headers, and the largest TCP header. */
#define PEEK_MAX (SIZEOF_ETH_HDR + IP6_HLEN + 64 + 60)

#define TCP_OPT_EOL  0
#define TCP_OPT_NOP  1
#define IP6_OPT_PAD1 0

/* IPv6 options in h[start, end): false when one's length byte lies at or past end. */
static bool ip6_options_ok(const u8 *h, u32 start, u32 end)
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

/*
 * Offset of the TCP header in h (n bytes of the frame, the first `first` of
 * them in its first segment), or 0 when not found; *ip6_bad when an IPv6
 * options header on the way is malformed.
 */
static u32 tcp_offset(const u8 *h, u32 n, u32 first, bool *ip6_bad)
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
		u32 hlen;

		if (off + 2 > n)
			return 0;
		hlen = (h[off + 1] + 1u) * 8;
		if (next != IP6_NEXTH_ROUTING && off + hlen <= first &&
		    !ip6_options_ok(h, off + 2, off + hlen)) {
			*ip6_bad = true;
			return 0;
		}
		next = h[off];
		off += hlen;
	}
	return next == IP6_NEXTH_TCP ? off : 0;
}

/* False for a TCP option area whose last option is a bare kind byte. */
static bool tcp_options_ok(const u8 *h, u32 t, u32 n)
{
	u32 end;

	/* A header lwIP will find too short on its own. */
	if (t + 20 > n)
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

static __attribute__((noinline)) bool rx_headers_ok(const struct netbuf *nb, const char *dev)
{
	u8 copy[PEEK_MAX];
	const u8 *h = nb->data;
	u32 n = MIN(nb->tot_len, (u32)sizeof(copy)), t;
	bool ip6_bad = false;

	/* The headers are nearly always in the first segment: read them in place. */
	if (nb->len < n) {
		n = netbuf_copy_out(nb, 0, copy, n);
		h = copy;
	} else {
		n = nb->len;
	}
	t = tcp_offset(h, n, nb->len, &ip6_bad);
	if (ip6_bad) {
		WARN_ONCE(true,
			  "%s: dropping an IPv6 packet whose options end in a bare type byte\n",
			  dev);
		return false;
	}
	if (t && !tcp_options_ok(h, t, n)) {
		WARN_ONCE(true,
			  "%s: dropping a TCP segment whose options end in a bare kind byte\n",
			  dev);
		return false;
	}
	return true;
}

bool glue_rx_options_ok(const struct netbuf *nb, const char *dev)
{
	const u8 *h = nb->data;

	/*
	 * Most frames: IPv4 other than TCP, its header in the first segment. No
	 * TCP options to check, no IPv6 options: what tcp_offset() finds at once.
	 */
	if (likely(nb->len >= SIZEOF_ETH_HDR + IP_HLEN && h[12] == (ETHTYPE_IP >> 8) &&
		   h[13] == (ETHTYPE_IP & 0xff) && h[SIZEOF_ETH_HDR + 9] != IP_PROTO_TCP))
		return true;
	return rx_headers_ok(nb, dev);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * TCP and UDP checksums lwIP leaves to the device. On a device that sums
 * them (NETIF_F_IP_CSUM, NETIF_F_IPV6_CSUM) lwIP is told not to
 * (NETIF_CHECKSUM_GEN_TCP and _UDP off, glue_tx_chksum_flags) and leaves 0 in
 * the field; a frame that carries a whole datagram then gets the
 * pseudo-header sum in the field and CHECKSUM_PARTIAL: the device sums from
 * the TCP/UDP header to the end of the frame, as Linux asks of its drivers.
 *
 * No device can sum a datagram that leaves in several frames: lwIP cuts a
 * UDP datagram larger than the MTU into IP fragments itself. Its fragmenters
 * are pointed at ip_out.c (lwip_hooks.h), which has the whole datagram
 * summed here first, so a fragmented datagram leaves with the checksum lwIP
 * would have written. A device that sums one IP version only gets the other
 * version's frames summed here too.
 */
#include "lwip/prot/ethernet.h"
#include "lwip/prot/ip.h"
#include "lwip/prot/ip4.h"
#include "lwip/prot/ip6.h"
#include "lwip/prot/tcp.h"
#include "lwip/prot/udp.h"
#include "net/core/inet_csum.h"
#include "net/lwip/glue.h"

#define TCP_CSUM_OFFSET 16
#define UDP_CSUM_OFFSET 6
/* Headers read at most: Ethernet, IPv4 with the longest options, TCP up to its checksum. */
#define CSUM_HDR_MAX (SIZEOF_ETH_HDR + 60 + TCP_CSUM_OFFSET + 2)

/* Where the checksum of one datagram goes and what its pseudo-header adds. */
struct l4_csum {
	u32 l4;	    /* offset of the TCP or UDP header from the IP header */
	u32 len;    /* TCP or UDP header and payload */
	u64 pseudo; /* the pseudo-header: addresses, protocol, length (big-endian words) */
	u16 field;  /* the checksum's offset in the TCP or UDP header */
	bool udp;
	bool ipv6;
};

static u16 rd16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

/* A big-endian 32-bit word: summed as such it adds the same as its two 16-bit halves. */
static u32 rd32(const u8 *p)
{
	return __builtin_bswap32(load_u32(p));
}

enum { L4_NOT_OURS, L4_FOUND, L4_SHORT };

/*
 * The TCP or UDP datagram behind the IPv4 (version 4) or IPv6 header at ip,
 * of which avail bytes can be read and tot bytes are in the packet, when its
 * checksum was left to the glue: a protocol lwIP was told not to sum (gen,
 * NETIF_CHECKSUM_GEN_*), and a whole datagram, not a fragment. A UDP field
 * that is not 0 was summed already (lwIP writes 0 when it leaves it).
 * L4_SHORT: the headers go on past avail.
 */
static inline __attribute__((always_inline)) int l4_parse(const u8 *ip, u32 avail, u32 tot,
							  u8 version, u16 gen, struct l4_csum *c)
{
	u8 proto;

	if (avail < (version == 4 ? IP_HLEN : IP6_HLEN))
		return L4_SHORT;
	if ((ip[0] >> 4) != version)
		return L4_NOT_OURS;
	if (version == 4) {
		u32 ihl = (ip[0] & 0x0fu) * 4;

		if (ihl < IP_HLEN || (rd16(ip + 6) & (IP_MF | IP_OFFMASK)) || rd16(ip + 2) < ihl)
			return L4_NOT_OURS;
		proto = ip[9];
		c->l4 = ihl;
		c->len = rd16(ip + 2) - ihl;
		c->pseudo = (u64)rd32(ip + 12) + rd32(ip + 16);
		c->ipv6 = false;
	} else {
		proto = ip[6];
		c->l4 = IP6_HLEN;
		c->len = rd16(ip + 4);
		c->pseudo = (u64)rd32(ip + 8) + rd32(ip + 12) + rd32(ip + 16) + rd32(ip + 20) +
			    rd32(ip + 24) + rd32(ip + 28) + rd32(ip + 32) + rd32(ip + 36);
		c->ipv6 = true;
	}
	if (proto == IP_PROTO_UDP && !(gen & NETIF_CHECKSUM_GEN_UDP)) {
		if (c->len < UDP_HLEN || c->l4 + c->len > tot)
			return L4_NOT_OURS;
		if (avail < c->l4 + UDP_HLEN)
			return L4_SHORT;
		if (rd16(ip + c->l4 + UDP_CSUM_OFFSET))
			return L4_NOT_OURS;
		c->field = UDP_CSUM_OFFSET;
		c->udp = true;
	} else if (proto == IP_PROTO_TCP && !(gen & NETIF_CHECKSUM_GEN_TCP)) {
		if (c->len < TCP_HLEN || c->l4 + c->len > tot)
			return L4_NOT_OURS;
		c->field = TCP_CSUM_OFFSET;
		c->udp = false;
	} else {
		return L4_NOT_OURS;
	}
	c->pseudo += proto + c->len;
	return L4_FOUND;
}

/* Fold a sum of big-endian words to 16 bits, end-around carry, not inverted. */
static u16 fold(u64 sum)
{
	sum = (sum & 0xffffffffu) + (sum >> 32);
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (u16)((sum & 0xffff) + (sum >> 16));
}

static __attribute__((noinline)) void put16_chain(struct pbuf *p, u32 off, u16 v)
{
	pbuf_put_at(p, (u16_t)off, (u8_t)(v >> 8));
	pbuf_put_at(p, (u16_t)(off + 1), (u8_t)v);
}

static inline void put16(struct pbuf *p, u32 off, u16 v)
{
	if (likely(off + 2 <= p->len)) {
		u8 *d = (u8 *)p->payload + off;

		d[0] = (u8)(v >> 8);
		d[1] = (u8)v;
		return;
	}
	put16_chain(p, off, v);
}

/*
 * Sum len bytes of the chain from off onto sum. A piece that starts at an
 * odd position of the range has its bytes in the other halves of the
 * 16-bit words: its sum is byte-swapped before it is added (RFC 1071).
 */
static u64 chain_sum(const struct pbuf *p, u32 off, u32 len, u64 sum)
{
	bool odd = false;

	for (; p && len; p = p->next) {
		u32 n;
		u16 piece;

		if (off >= p->len) {
			off -= p->len;
			continue;
		}
		n = MIN((u32)p->len - off, len);
		piece = (u16)inet_csum_add(0, (const u8 *)p->payload + off, n);
		sum += odd ? (u16)(piece << 8 | piece >> 8) : piece;
		odd ^= n & 1;
		off = 0;
		len -= n;
	}
	return sum;
}

/* Finish the checksum here: the field is 0, so it sums as nothing. */
static __attribute__((noinline)) void csum_soft(struct pbuf *p, struct l4_csum c)
{
	u16 v = (u16)~fold(chain_sum(p, c.l4, c.len, c.pseudo));

	/* 0 in a UDP header means "no checksum"; 0xffff is the same sum (RFC 768). */
	if (c.udp && !v)
		v = 0xffff;
	put16(p, c.l4 + c.field, v);
}

/* The checksum for the device to finish, or finished here when it cannot. */
static inline __attribute__((always_inline)) void
l4_csum_frame(struct glue_if *gif, struct pbuf *p, struct netbuf *nb, const struct l4_csum *c)
{
	if (gif->dev->features & (c->ipv6 ? NETIF_F_IPV6_CSUM : NETIF_F_IP_CSUM)) {
		put16(p, c->l4 + c->field, fold(c->pseudo));
		nb->csum = NETBUF_CSUM_PARTIAL;
		nb->csum_start = (u16)c->l4;
		nb->csum_offset = c->field;
		gif->stats.tx_csum_offload++;
	} else {
		csum_soft(p, *c);
		gif->stats.tx_csum_soft++;
	}
}

/*
 * The headers read from a copy, for a packet whose first pbuf ends inside
 * them: lwIP builds them in one, so this is the rare case, kept out of line.
 */
static __attribute__((noinline)) bool l4_parse_copy(const struct pbuf *p, u32 l3, u8 version,
						    u16 gen, struct l4_csum *c)
{
	u8 buf[CSUM_HDR_MAX];
	u32 avail = pbuf_copy_partial(p, buf, CSUM_HDR_MAX, 0);

	if (avail <= l3 ||
	    l4_parse(buf + l3, avail - l3, p->tot_len - l3, version, gen, c) != L4_FOUND)
		return false;
	c->l4 += l3;
	return true;
}

static __attribute__((noinline)) void l4_csum_frame_copy(struct glue_if *gif, struct pbuf *p,
							 struct netbuf *nb, u8 version)
{
	struct l4_csum c;

	if (l4_parse_copy(p, SIZEOF_ETH_HDR, version, gif->chksum_flags, &c))
		l4_csum_frame(gif, p, nb, &c);
}

/* The general case: IPv6, IPv4 options, headers past the first pbuf, no device sum. */
static __attribute__((noinline)) void l4_csum_any(struct glue_if *gif, struct pbuf *p,
						  struct netbuf *nb, u8 version)
{
	const u8 *ip = (const u8 *)p->payload + SIZEOF_ETH_HDR;
	u32 avail = p->len - SIZEOF_ETH_HDR, tot = p->tot_len - SIZEOF_ETH_HDR;
	u16 gen = gif->chksum_flags;
	struct l4_csum c;
	int r;

	/* Each version parsed by its own copy of l4_parse(), the version a constant. */
	if (version == 4)
		r = l4_parse(ip, avail, tot, 4, gen, &c);
	else
		r = l4_parse(ip, avail, tot, 6, gen, &c);
	if (likely(r == L4_FOUND)) {
		c.l4 += SIZEOF_ETH_HDR;
		l4_csum_frame(gif, p, nb, &c);
	} else if (r == L4_SHORT) {
		l4_csum_frame_copy(gif, p, nb, version);
	}
}

/*
 * Nearly every frame: IPv4 without options, its headers in the first pbuf,
 * on a device that sums IPv4. The same decisions as l4_parse() and
 * l4_csum_frame() in a few instructions; anything else goes the general way.
 */
void glue_tx_l4_csum(struct glue_if *gif, struct pbuf *p, struct netbuf *nb, u8 version)
{
	const u8 *ip = (const u8 *)p->payload + SIZEOF_ETH_HDR;
	const u32 l4 = SIZEOF_ETH_HDR + IP_HLEN;
	u16 gen = gif->chksum_flags, field;
	u32 total;
	u8 proto;

	if (version != 4 || p->len < l4 + UDP_HLEN || ip[0] != 0x45 ||
	    !(gif->dev->features & NETIF_F_IP_CSUM)) {
		l4_csum_any(gif, p, nb, version);
		return;
	}
	if (rd16(ip + 6) & (IP_MF | IP_OFFMASK))
		return; /* a fragment: summed whole before lwIP cut it, or by lwIP */
	proto = ip[9];
	total = rd16(ip + 2);
	if (proto == IP_PROTO_UDP && !(gen & NETIF_CHECKSUM_GEN_UDP)) {
		if (total < IP_HLEN + UDP_HLEN || rd16(ip + IP_HLEN + UDP_CSUM_OFFSET))
			return;
		field = UDP_CSUM_OFFSET;
	} else if (proto == IP_PROTO_TCP && !(gen & NETIF_CHECKSUM_GEN_TCP)) {
		if (total < IP_HLEN + TCP_HLEN)
			return;
		field = TCP_CSUM_OFFSET;
	} else {
		return;
	}
	if (SIZEOF_ETH_HDR + total > p->tot_len)
		return;
	put16(p, l4 + field, fold((u64)rd32(ip + 12) + rd32(ip + 16) + proto + (total - IP_HLEN)));
	nb->csum = NETBUF_CSUM_PARTIAL;
	nb->csum_start = l4;
	nb->csum_offset = field;
	gif->stats.tx_csum_offload++;
}

void glue_tx_csum_datagram(struct netif *netif, struct pbuf *p, u8 version)
{
	struct glue_if *gif = glue_if_from_netif(netif);
	struct l4_csum c;
	int r;

	r = l4_parse(p->payload, p->len, p->tot_len, version, gif->chksum_flags, &c);
	if (r == L4_SHORT && !l4_parse_copy(p, 0, version, gif->chksum_flags, &c))
		return;
	if (r == L4_NOT_OURS)
		return;
	csum_soft(p, c);
	gif->stats.tx_csum_soft++;
}

// SPDX-License-Identifier: BSD-2-Clause
/* Frame surgery for the network fuzz harness; see fuzz_frames.h. */
#include <string.h>
#include "tests/fuzz/fuzz_frames.h"

#define ETH_HLEN     14
#define ETHTYPE_IP4  0x0800
#define ETHTYPE_IP6  0x86dd
#define PROTO_ICMP   1
#define PROTO_TCP    6
#define PROTO_UDP    17
#define PROTO_ICMP6  58
#define TCP_SYN	     0x02
#define TCP_FIN	     0x01
#define TCP_RST	     0x04
#define TCP_ACK	     0x10
#define DHCP_CLIENT  68
#define BOOTP_XID_AT 4

static u16 get16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static u32 get32(const u8 *p)
{
	return (u32)get16(p) << 16 | get16(p + 2);
}

static void put16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

static void put32(u8 *p, u32 v)
{
	put16(p, (u16)(v >> 16));
	put16(p + 2, (u16)v);
}

static u32 sum16(const u8 *d, size_t len, u32 sum)
{
	for (size_t i = 0; i + 1 < len; i += 2)
		sum += get16(d + i);
	if (len & 1)
		sum += (u32)d[len - 1] << 8;
	return sum;
}

static u16 fold(u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

/* Where a frame's transport header starts and how long the transport part is. */
struct l4 {
	bool v6;
	u8 proto;
	const u8 *ip; /* the IP header, inside the frame */
	size_t off;   /* of the transport header in the frame */
	size_t len;   /* transport header and payload, clipped to the frame */
	bool fragment;
};

static bool find_l4(const u8 *f, size_t len, struct l4 *l)
{
	if (len < ETH_HLEN + 20)
		return false;
	l->ip = f + ETH_HLEN;
	if (get16(f + 12) == ETHTYPE_IP4) {
		size_t ihl = (l->ip[0] & 15u) * 4, tot = get16(l->ip + 2);

		if ((l->ip[0] >> 4) != 4 || ihl < 20 || ETH_HLEN + ihl > len || tot < ihl)
			return false;
		l->v6 = false;
		l->proto = l->ip[9];
		l->off = ETH_HLEN + ihl;
		l->len = MIN(tot - ihl, len - l->off);
		l->fragment = (get16(l->ip + 6) & 0x3fff) != 0;
		return true;
	}
	if (get16(f + 12) == ETHTYPE_IP6 && len >= ETH_HLEN + 40) {
		l->v6 = true;
		l->proto = l->ip[6];
		l->off = ETH_HLEN + 40;
		l->len = MIN((size_t)get16(l->ip + 4), len - l->off);
		l->fragment = false;
		return true;
	}
	return false;
}

void frames_note_tx(const u8 *f, size_t len, u32 *tcp_next_seq, u32 *dhcp_xid)
{
	struct l4 l;

	if (!find_l4(f, len, &l))
		return;
	if (l.proto == PROTO_TCP && l.len >= 20) {
		const u8 *t = f + l.off;
		size_t hl = (t[12] >> 4) * 4u;
		u32 seq = get32(t + 4);

		if (hl > l.len)
			return;
		seq += (u32)(l.len - hl);
		seq += (t[13] & TCP_SYN) ? 1 : 0;
		seq += (t[13] & TCP_FIN) ? 1 : 0;
		*tcp_next_seq = seq;
	} else if (l.proto == PROTO_UDP && l.len >= 8 + BOOTP_XID_AT + 4) {
		memcpy(dhcp_xid, f + l.off + 8 + BOOTP_XID_AT, 4);
	}
}

void frames_offset_tcp_ack(u8 *f, size_t len, u32 base)
{
	struct l4 l;

	if (find_l4(f, len, &l) && l.proto == PROTO_TCP && l.len >= 20)
		put32(f + l.off + 8, base + get32(f + l.off + 8));
}

void frames_set_dhcp_xid(u8 *f, size_t len, u32 xid)
{
	struct l4 l;

	if (find_l4(f, len, &l) && l.proto == PROTO_UDP && l.len >= 8 + BOOTP_XID_AT + 4 &&
	    get16(f + l.off + 2) == DHCP_CLIENT)
		memcpy(f + l.off + 8 + BOOTP_XID_AT, &xid, 4);
}

static u32 pseudo_sum(const struct l4 *l)
{
	if (l->v6)
		return sum16(l->ip + 8, 32, 0) + l->proto + (u32)l->len;
	return sum16(l->ip + 12, 8, 0) + l->proto + (u32)l->len;
}

void frames_fix_checksums(u8 *f, size_t len)
{
	struct l4 l;
	size_t at;

	if (!find_l4(f, len, &l))
		return;
	if (!l.v6) {
		u8 *ip = f + ETH_HLEN;

		put16(ip + 10, 0);
		put16(ip + 10, fold(sum16(ip, l.off - ETH_HLEN, 0)));
	}
	/* A fragment's checksum covers the whole datagram: not this harness's to fix. */
	if (l.fragment)
		return;
	switch (l.proto) {
	case PROTO_TCP: at = 16; break;
	case PROTO_UDP: at = 6; break;
	case PROTO_ICMP: at = 2; break;
	case PROTO_ICMP6: at = 2; break;
	default: return;
	}
	if (l.len < at + 2 || (l.proto == PROTO_ICMP && l.v6) || (l.proto == PROTO_ICMP6 && !l.v6))
		return;
	put16(f + l.off + at, 0);
	put16(f + l.off + at,
	      fold(sum16(f + l.off, l.len, l.proto == PROTO_ICMP ? 0 : pseudo_sum(&l))));
}

u32 frames_build_rst(u8 *f, const struct frames_tcp_tuple *t)
{
	size_t ip_len = t->v6 ? 40 : 20;
	u8 *ip = f + ETH_HLEN, *tcp = ip + ip_len;

	memset(f, 0, ETH_HLEN + ip_len + 20);
	memcpy(f, t->local_mac, 6);
	memcpy(f + 6, "\x02\0\0\0\0\x01", 6);
	if (t->v6) {
		put16(f + 12, ETHTYPE_IP6);
		ip[0] = 0x60;
		put16(ip + 4, 20);
		ip[6] = PROTO_TCP;
		ip[7] = 64;
		memcpy(ip + 8, t->remote_ip, 16);
		memcpy(ip + 24, t->local_ip, 16);
	} else {
		put16(f + 12, ETHTYPE_IP4);
		ip[0] = 0x45;
		put16(ip + 2, 40);
		ip[8] = 64;
		ip[9] = PROTO_TCP;
		memcpy(ip + 12, t->remote_ip, 4);
		memcpy(ip + 16, t->local_ip, 4);
	}
	put16(tcp, t->remote_port);
	put16(tcp + 2, t->local_port);
	put32(tcp + 4, t->seq);
	put32(tcp + 8, t->ack);
	tcp[12] = 5 << 4;
	tcp[13] = TCP_RST | TCP_ACK;
	frames_fix_checksums(f, ETH_HLEN + ip_len + 20);
	return (u32)(ETH_HLEN + ip_len + 20);
}

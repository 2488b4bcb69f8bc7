// SPDX-License-Identifier: BSD-2-Clause
/* See frames.h. */
#include <string.h>

#include "tests/hosted/frames.h"

u32 fr_sum(const u8 *p, u32 len, u32 sum)
{
	for (u32 i = 0; i + 1 < len; i += 2)
		sum += (u32)p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += (u32)p[len - 1] << 8;
	return sum;
}

u16 fr_fold(u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	return (u16)sum;
}

u32 fr_crc32(const u8 *p, u32 len)
{
	u32 crc = 0xFFFFFFFFu;

	for (u32 i = 0; i < len; i++) {
		crc ^= p[i];
		for (int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
	}
	return ~crc;
}

bool fr_parse(const u8 *f, u32 len, struct fr_info *info)
{
	const u8 *ip = f + FR_ETH_HLEN;
	u32 tot;

	memset(info, 0, sizeof(*info));
	if (len < FR_ETH_HLEN + 20 || ((u32)f[12] << 8 | f[13]) != FR_ETHERTYPE_IPV4 ||
	    (ip[0] >> 4) != 4)
		return false;
	info->ihl = (ip[0] & 0xF) * 4u;
	tot = (u32)ip[2] << 8 | ip[3];
	if (info->ihl < 20 || tot < info->ihl || FR_ETH_HLEN + tot > len)
		return false;
	info->ipv4 = true;
	info->proto = ip[9];
	info->fragment = (ip[6] & 0x3F) || ip[7];
	info->l4_off = FR_ETH_HLEN + info->ihl;
	info->l4_len = tot - info->ihl;
	return true;
}

u32 fr_pseudo_sum(const u8 *f, const struct fr_info *info)
{
	const u8 *ip = f + FR_ETH_HLEN;
	u32 sum = fr_sum(ip + 12, 8, 0);

	return sum + info->proto + info->l4_len;
}

bool fr_ip_csum_ok(const u8 *f, const struct fr_info *info)
{
	return info->ipv4 && fr_fold(fr_sum(f + FR_ETH_HLEN, info->ihl, 0)) == 0xFFFF;
}

u32 fr_l4_csum_field(u8 proto)
{
	return proto == FR_PROTO_TCP ? 16 : 6;
}

bool fr_csum_partial_place(const u8 *f, u32 len, u16 *start, u16 *offset)
{
	struct fr_info info;

	if (!fr_parse(f, len, &info))
		return false;
	*start = (u16)info.l4_off;
	*offset = (u16)fr_l4_csum_field(info.proto);
	return true;
}

bool fr_l4_csum_ok(const u8 *f, const struct fr_info *info)
{
	u32 sum;

	if (!info->ipv4 || info->fragment ||
	    (info->proto != FR_PROTO_TCP && info->proto != FR_PROTO_UDP))
		return false;
	if (info->proto == FR_PROTO_UDP && info->l4_len >= 8 &&
	    !(f[info->l4_off + 6] | f[info->l4_off + 7]))
		return true; /* UDP without a checksum */
	sum = fr_sum(f + info->l4_off, info->l4_len, fr_pseudo_sum(f, info));
	return fr_fold(sum) == 0xFFFF;
}

void fr_fill_ip_csum(u8 *f, const struct fr_info *info)
{
	u8 *ip = f + FR_ETH_HLEN;
	u16 c;

	ip[10] = 0;
	ip[11] = 0;
	c = (u16)~fr_fold(fr_sum(ip, info->ihl, 0));
	ip[10] = (u8)(c >> 8);
	ip[11] = (u8)c;
}

void fr_fill_l4_csum(u8 *f, const struct fr_info *info)
{
	u32 field = info->l4_off + fr_l4_csum_field(info->proto);
	u16 c;

	f[field] = 0;
	f[field + 1] = 0;
	c = (u16)~fr_fold(fr_sum(f + info->l4_off, info->l4_len, fr_pseudo_sum(f, info)));
	if (!c && info->proto == FR_PROTO_UDP)
		c = 0xFFFF;
	f[field] = (u8)(c >> 8);
	f[field + 1] = (u8)c;
}

static u32 next_rand(u32 *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

void fr_build(u8 *f, u32 len, const u8 *dst, const u8 *src, u8 proto, u32 seed, bool checksums)
{
	static const u8 src_ip[4] = { 10, 0, 0, 2 }, dst_ip[4] = { 10, 0, 0, 1 };
	u32 l4_hdr = proto == FR_PROTO_TCP ? 20 : 8;
	u32 s = seed, tot = len - FR_ETH_HLEN;
	u8 *ip = f + FR_ETH_HLEN;
	struct fr_info info;

	memcpy(f, dst, 6);
	memcpy(f + 6, src, 6);
	for (u32 i = 12; i < len; i++)
		f[i] = (u8)next_rand(&s);
	if (len < FR_ETH_HLEN + 20 + l4_hdr) {
		f[12] = 0x88; /* local experimental ethertype: not IP */
		f[13] = 0xB5;
		return;
	}
	f[12] = FR_ETHERTYPE_IPV4 >> 8;
	f[13] = FR_ETHERTYPE_IPV4 & 0xFF;
	ip[0] = 0x45;
	ip[1] = 0;
	ip[2] = (u8)(tot >> 8);
	ip[3] = (u8)tot;
	ip[6] = 0x40; /* don't fragment */
	ip[7] = 0;
	ip[8] = 64;
	ip[9] = proto;
	ip[10] = 0;
	ip[11] = 0;
	memcpy(ip + 12, src_ip, 4);
	memcpy(ip + 16, dst_ip, 4);
	if (proto == FR_PROTO_UDP) {
		u8 *udp = ip + 20;
		u32 ulen = tot - 20;

		udp[4] = (u8)(ulen >> 8);
		udp[5] = (u8)ulen;
		udp[6] = 0;
		udp[7] = 0;
	} else {
		u8 *tcp = ip + 20;

		tcp[12] = 0x50; /* data offset: 5 words */
		tcp[16] = 0;
		tcp[17] = 0;
	}
	if (!checksums)
		return;
	fr_parse(f, len, &info);
	fr_fill_ip_csum(f, &info);
	fr_fill_l4_csum(f, &info);
}

void fr_ipv4_hdr(u8 *ip, u8 proto, u32 payload, u16 id, u16 frag, const u8 src[4], const u8 dst[4])
{
	memset(ip, 0, 20);
	ip[0] = 0x45;
	fr_put16(ip + 2, (u16)(20 + payload));
	fr_put16(ip + 4, id);
	fr_put16(ip + 6, frag);
	ip[8] = 64;
	ip[9] = proto;
	memcpy(ip + 12, src, 4);
	memcpy(ip + 16, dst, 4);
	fr_put16(ip + 10, (u16)~fr_fold(fr_sum(ip, 20, 0)));
}

u32 fr_pseudo4(const u8 *ip, u8 proto, u32 len)
{
	return fr_sum(ip + 12, 8, 0) + proto + len;
}

u32 fr_udp4(u8 *f, const u8 dst_mac[6], const u8 src_mac[6], const u8 src_ip[4], const u8 dst_ip[4],
	    u16 ip_id, u16 sport, u16 dport, const void *payload, u32 len)
{
	u8 *ip = f + FR_ETH_HLEN, *u = ip + 20;
	u16 c;

	memcpy(f, dst_mac, 6);
	memcpy(f + 6, src_mac, 6);
	fr_put16(f + 12, FR_ETHERTYPE_IPV4);
	fr_ipv4_hdr(ip, FR_PROTO_UDP, 8 + len, ip_id, 0, src_ip, dst_ip);
	fr_put16(u, sport);
	fr_put16(u + 2, dport);
	fr_put16(u + 4, (u16)(8 + len));
	fr_put16(u + 6, 0);
	memcpy(u + 8, payload, len);
	c = (u16)~fr_fold(fr_sum(u, 8 + len, fr_pseudo4(ip, FR_PROTO_UDP, 8 + len)));
	fr_put16(u + 6, c ? c : 0xFFFF); /* 0 would mean "no checksum" */
	return FR_ETH_HLEN + 20 + 8 + len;
}

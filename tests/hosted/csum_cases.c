// SPDX-License-Identifier: BSD-2-Clause
/* See csum_cases.h. Checksums from frames.c, written from RFCs 768, 791, 793, 1071, 8200. */
#include <string.h>

#include "tests/hosted/csum_cases.h"
#include "tests/hosted/frames.h"

static u32 build_udp6(u8 *f, u32 payload, u32 seed, const u8 dst[6], const u8 src[6])
{
	u8 *ip = f + FR_ETH_HLEN, *udp = ip + 40;
	u32 ulen = 8 + payload, sum;

	memcpy(f, dst, 6);
	memcpy(f + 6, src, 6);
	f[12] = 0x86;
	f[13] = 0xDD;
	memset(ip, 0, 40);
	ip[0] = 0x60;
	fr_put16(ip + 4, (u16)ulen);
	ip[6] = FR_PROTO_UDP;
	ip[7] = 64;
	ip[8] = 0xFD; /* fd00::2 -> fd00::1 */
	ip[23] = 2;
	ip[24] = 0xFD;
	ip[39] = 1;
	fr_put16(udp, 4000);
	fr_put16(udp + 2, (u16)(5000 + seed % 100));
	fr_put16(udp + 4, (u16)ulen);
	fr_put16(udp + 6, 0);
	for (u32 i = 0; i < payload; i++)
		udp[8 + i] = (u8)(seed * 31 + i * 7);
	sum = fr_sum(ip + 8, 32, 0) + ulen + FR_PROTO_UDP;
	sum = (u16)~fr_fold(fr_sum(udp, ulen, sum));
	fr_put16(udp + 6, (u16)(sum ? sum : 0xFFFF));
	return FR_ETH_HLEN + 40 + ulen;
}

u32 cc_frame(u8 *f, u32 k, const u8 dst[6], const u8 src[6])
{
	u8 proto = k & 1 ? FR_PROTO_UDP : FR_PROTO_TCP;
	u32 len = 60 + (k * 37) % 900;
	struct fr_info info;

	switch (cc_kind_of(k)) {
	case CC_PADDED:
		/* 54 (a bare TCP header) or 43..59 bytes of UDP, padded to 60 with non-zero bytes. */
		len = proto == FR_PROTO_TCP ? 54 : 43 + k % 17;
		fr_build(f, len, dst, src, proto, k, true);
		for (u32 i = len; i < FR_ETH_ZLEN; i++)
			f[i] = (u8)(0xA5 + i);
		return FR_ETH_ZLEN;
	case CC_IPV6: return build_udp6(f, (k * 13) % 700, k, dst, src);
	case CC_NOT_IP:
		fr_build(f, len, dst, src, proto, k, true);
		f[12] = 0x88;
		f[13] = 0xB5;
		return len;
	default: break;
	}
	fr_build(f, len, dst, src, proto, k, true);
	fr_parse(f, len, &info);
	switch (cc_kind_of(k)) {
	case CC_BAD_L4: {
		u8 *field = f + info.l4_off + fr_l4_csum_field(proto);

		field[0] ^= 0x5A;
		if (!field[0] && !field[1])
			field[1] = 0x5A; /* not UDP's "no checksum" */
		break;
	}
	case CC_BAD_IP: f[FR_ETH_HLEN + 10] ^= 0x5A; break;
	case CC_FRAGMENT:
		f[FR_ETH_HLEN + 6] = 0x20; /* more fragments, offset 0 */
		fr_parse(f, len, &info);
		f[FR_ETH_HLEN + 10] = 0;
		f[FR_ETH_HLEN + 11] = 0;
		fr_fill_ip_csum(f, &info);
		break;
	default: break;
	}
	return len;
}

bool cc_make_partial(u8 *f, u32 len)
{
	struct fr_info info;
	u32 field;
	u16 seed;

	if (!fr_parse(f, len, &info) || info.fragment ||
	    (info.proto != FR_PROTO_TCP && info.proto != FR_PROTO_UDP))
		return false;
	field = info.l4_off + fr_l4_csum_field(info.proto);
	seed = fr_fold(fr_pseudo_sum(f, &info));
	fr_put16(f + field, seed);
	return true;
}

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A receive checksum the device gives as a sum rather than a verdict. The
 * Yukon chips (sky2's XL/EC/EC Ultra/FE, skge's Yukon) add up every byte
 * from the network header to the end of the frame and leave the judgement
 * to the driver, as Linux's CHECKSUM_COMPLETE does. This turns such a sum
 * into the answer net/ wants: are the IPv4 header checksum and the TCP/UDP
 * checksum right?
 *
 * Only what the sum can prove is judged: IPv4 (any header length) or IPv6
 * with TCP or UDP straight after the fixed header, not fragmented, lengths
 * inside the frame. Ethernet padding after the datagram is taken out of the
 * sum. Anything else is CSUM_COMPLETE_UNKNOWN and the stack checks it, as
 * it does a UDP datagram sent without a checksum. A wrong sum can only make
 * a good frame look bad (BAD or UNKNOWN send it to the stack's own check);
 * to make a bad frame look good the device would have to produce exactly
 * the sum of the right bytes.
 */
#ifndef NAPKIN_NET_CSUM_COMPLETE_H
#define NAPKIN_NET_CSUM_COMPLETE_H

#include "kernel/core/compiler.h"
#include "net/core/inet_csum.h"

enum csum_complete_verdict {
	CSUM_COMPLETE_UNKNOWN, /* not a frame the sum can judge: the stack checks it */
	CSUM_COMPLETE_OK,      /* IPv4 header (if any) and TCP/UDP checksums right */
	CSUM_COMPLETE_BAD,     /* one of them wrong: the stack will drop it */
};

#define CSUM_COMPLETE_L3   14u /* the sum starts after the Ethernet header */
#define CSUM_COMPLETE_TCP  6u
#define CSUM_COMPLETE_UDP  17u
#define CSUM_COMPLETE_IPV4 0x0800u
#define CSUM_COMPLETE_IPV6 0x86DDu

/*
 * Everything here is summed in memory order (little-endian 16-bit words on
 * x86), the order the Yukon chips report their sums in: the ones' complement
 * sum does not care which byte of a word is high (RFC 1071), so only values
 * from outside the frame (protocol, length) need swapping. 32-bit words are
 * added into 64 bits, where a handful cannot overflow, and folded once:
 * calling the general routine for 8 or 20 bytes would cost more than the
 * check saves on a small frame.
 */
static inline u16 csum_complete_fold(u64 s)
{
	s = (s & 0xFFFF) + (s >> 16);
	s = (s & 0xFFFF) + (s >> 16);
	s = (s & 0xFFFF) + (s >> 16);
	return (u16)s;
}

static inline u16 csum_complete_swab(u16 v)
{
	return (u16)(v << 8 | v >> 8);
}

/* Padding after the datagram: its share of the device's sum, to take back out. */
static inline u16 csum_complete_tail(const u8 *frame, u32 end, u32 len)
{
	u16 t = inet_csum_native(frame + end, len - end);

	/* Started at an odd distance from the network header: its bytes sat the other way round. */
	return ((end - CSUM_COMPLETE_L3) & 1) ? csum_complete_swab(t) : t;
}

/*
 * frame: len bytes from the Ethernet header; sum: the device's ones'
 * complement sum of frame[14..len) in memory order, folded.
 */
static inline enum csum_complete_verdict csum_complete_judge(const u8 *frame, u32 len, u16 sum)
{
	const u8 *ip = frame + CSUM_COMPLETE_L3;
	u32 hlen, l4len, proto, end;
	u64 total;
	u16 type;

	if (len < CSUM_COMPLETE_L3 + 20)
		return CSUM_COMPLETE_UNKNOWN;
	type = (u16)(frame[12] << 8 | frame[13]);
	if (likely(type == CSUM_COMPLETE_IPV4)) {
		u32 tot = (u32)(ip[2] << 8 | ip[3]);
		u32 saddr = load_u32(ip + 12), daddr = load_u32(ip + 16);
		u64 hdr;

		/* Version 4 and a header of 5 to 15 words in one comparison. */
		if ((u32)ip[0] - 0x45u > 10u)
			return CSUM_COMPLETE_UNKNOWN;
		hlen = (ip[0] & 0xFu) * 4;
		if (tot < hlen || CSUM_COMPLETE_L3 + tot > len)
			return CSUM_COMPLETE_UNKNOWN;
		/* More fragments, or an offset: flags and offset in memory order, DF masked out. */
		if (load_u16(ip + 6) & 0xFF3Fu)
			return CSUM_COMPLETE_UNKNOWN;
		hdr = (u64)load_u32(ip) + load_u32(ip + 4) + load_u32(ip + 8) + saddr + daddr;
		for (u32 i = 20; i < hlen; i += 4)
			hdr += load_u32(ip + i);
		if (csum_complete_fold(hdr) != 0xFFFF)
			return CSUM_COMPLETE_BAD; /* the header checksum */
		/*
		 * A right header sums to zero, so the device's sum is the
		 * transport's; the pseudo header adds the two addresses.
		 */
		proto = ip[9];
		l4len = tot - hlen;
		total = (u64)sum + saddr + daddr;
	} else if (type == CSUM_COMPLETE_IPV6) {
		hlen = 40;
		l4len = (u32)(ip[4] << 8 | ip[5]);
		if (len < CSUM_COMPLETE_L3 + hlen || (ip[0] >> 4) != 6 ||
		    CSUM_COMPLETE_L3 + hlen + l4len > len)
			return CSUM_COMPLETE_UNKNOWN;
		proto = ip[6];
		/*
		 * The header holds the pseudo header's addresses: the transport
		 * sum plus them is the device's sum less the first 8 bytes.
		 */
		total = (u64)sum + (u16)~csum_complete_fold((u64)load_u32(ip) + load_u32(ip + 4));
	} else {
		return CSUM_COMPLETE_UNKNOWN;
	}
	if (proto == CSUM_COMPLETE_TCP) {
		if (l4len < 20)
			return CSUM_COMPLETE_UNKNOWN;
	} else if (proto == CSUM_COMPLETE_UDP) {
		/* A zero field means "no checksum" (IPv4) or a bad datagram (IPv6): the stack's call. */
		if (l4len < 8 || !(ip[hlen + 6] | ip[hlen + 7]))
			return CSUM_COMPLETE_UNKNOWN;
	} else {
		return CSUM_COMPLETE_UNKNOWN;
	}
	/* Protocol and length as the pseudo header's big-endian words read in memory order. */
	total += (proto << 8) + csum_complete_swab((u16)l4len);
	end = CSUM_COMPLETE_L3 + hlen + l4len;
	if (unlikely(end < len))
		total += (u16)~csum_complete_tail(frame, end, len);
	return csum_complete_fold(total) == 0xFFFF ? CSUM_COMPLETE_OK : CSUM_COMPLETE_BAD;
}

#endif

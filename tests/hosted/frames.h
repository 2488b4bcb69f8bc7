/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Ethernet/IPv4/TCP/UDP helpers for models and tests: building frames with
 * correct or deliberately broken checksums, checking them, and the Ethernet
 * CRC. Written from the RFCs (791, 768, 793, 1071) and IEEE 802.3.
 */
#ifndef NAPKIN_TESTS_HOSTED_FRAMES_H
#define NAPKIN_TESTS_HOSTED_FRAMES_H

#include "kernel/core/compiler.h"

#define FR_ETH_HLEN	  14
#define FR_ETH_ZLEN	  60 /* shortest frame on the wire, FCS excluded */
#define FR_ETHERTYPE_IPV4 0x0800
#define FR_PROTO_TCP	  6
#define FR_PROTO_UDP	  17

/* Ones-complement sum of len bytes (big-endian 16-bit words), not folded. */
u32 fr_sum(const u8 *p, u32 len, u32 sum);
u16 fr_fold(u32 sum);
/* CRC-32 as the Ethernet FCS uses it (reflected, final complement). */
u32 fr_crc32(const u8 *p, u32 len);

/* What a frame is, as far as checksum offload cares. */
struct fr_info {
	bool ipv4;
	u32 ihl; /* IPv4 header bytes */
	u8 proto;
	bool fragment;
	u32 l4_off; /* frame offset of the TCP/UDP header */
	u32 l4_len; /* TCP/UDP header + payload bytes */
};
bool fr_parse(const u8 *f, u32 len, struct fr_info *info);
/* The pseudo-header sum for the frame's TCP/UDP segment (unfolded). */
u32 fr_pseudo_sum(const u8 *f, const struct fr_info *info);
/* Verify checksums as a receiver would: true when present and correct. */
bool fr_ip_csum_ok(const u8 *f, const struct fr_info *info);
bool fr_l4_csum_ok(const u8 *f, const struct fr_info *info);
/* Fill checksums in place, as a sender would. */
void fr_fill_ip_csum(u8 *f, const struct fr_info *info);
void fr_fill_l4_csum(u8 *f, const struct fr_info *info);
/* Offset of the TCP/UDP checksum field inside its header. */
u32 fr_l4_csum_field(u8 proto);
/* Where a CHECKSUM_PARTIAL request for this frame points (csum_start, csum_offset); false: not IP. */
bool fr_csum_partial_place(const u8 *f, u32 len, u16 *start, u16 *offset);

/* Big-endian 16-bit store, as every header field here is. */
static inline void fr_put16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

/*
 * A 20-byte IPv4 header at ip for `payload` bytes of proto: identification
 * id, flags and fragment offset field frag, TTL 64, its checksum filled in.
 */
void fr_ipv4_hdr(u8 *ip, u8 proto, u32 payload, u16 id, u16 frag, const u8 src[4], const u8 dst[4]);
/* The pseudo-header sum (unfolded) for `len` bytes of proto after the IPv4 header at ip. */
u32 fr_pseudo4(const u8 *ip, u8 proto, u32 len);
/*
 * Ethernet + IPv4 (identification ip_id, no fragment) + UDP carrying `len`
 * bytes of payload, both checksums filled in. Returns the frame's length.
 */
u32 fr_udp4(u8 *f, const u8 dst_mac[6], const u8 src_mac[6], const u8 src_ip[4], const u8 dst_ip[4],
	    u16 ip_id, u16 sport, u16 dport, const void *payload, u32 len);

/*
 * A test frame of `len` bytes from src to dst: IPv4 + UDP or TCP when it fits
 * (len >= 14 + 20 + 8/20), raw payload otherwise; payload bytes from `seed`.
 * Checksums are filled in (checksums == true) or left zero.
 */
void fr_build(u8 *f, u32 len, const u8 *dst, const u8 *src, u8 proto, u32 seed, bool checksums);

#endif

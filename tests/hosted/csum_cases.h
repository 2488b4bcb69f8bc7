/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Frames for the checksum offload tests of the Yukon drivers (sky2, skge):
 * a sequence of received frames of every kind a receive checksum engine
 * meets (right, a bad TCP/UDP checksum, a bad IPv4 header checksum, short
 * datagrams in padded frames, fragments, IPv6, not IP at all), and turning a
 * frame with right checksums into what a stack hands a device for transmit
 * offload.
 */
#ifndef NAPKIN_TESTS_HOSTED_CSUM_CASES_H
#define NAPKIN_TESTS_HOSTED_CSUM_CASES_H

#include "kernel/core/compiler.h"

enum cc_kind {
	CC_GOOD,     /* TCP or UDP over IPv4, both checksums right */
	CC_BAD_L4,   /* the TCP/UDP checksum wrong */
	CC_BAD_IP,   /* the IPv4 header checksum wrong */
	CC_PADDED,   /* a short datagram in a 60-byte frame, padding not zero */
	CC_FRAGMENT, /* a first fragment (more fragments set), checksums right */
	CC_IPV6,     /* UDP over IPv6, checksum right */
	CC_NOT_IP,   /* an ethertype no engine checks */
	CC_KINDS
};

#define CC_MAX_FRAME 1514

/* Frame k of the sequence (its kind is k % CC_KINDS; size and contents follow from k). */
u32 cc_frame(u8 *f, u32 k, const u8 dst[6], const u8 src[6]);
static inline enum cc_kind cc_kind_of(u32 k)
{
	return (enum cc_kind)(k % CC_KINDS);
}

/*
 * The frame's TCP/UDP checksum field seeded with the pseudo-header sum, as
 * the stack leaves it for NETBUF_CSUM_PARTIAL; false for frames that are not
 * TCP/UDP over IPv4 (nothing changed).
 */
bool cc_make_partial(u8 *f, u32 len);

#endif

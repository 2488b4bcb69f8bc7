/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Internet checksum (RFC 1071) for net/'s own checks, independent of the
 * stack (receive aggregation verifies what the device did not), and lwIP's
 * checksum routine, which is the hottest loop of a frame the device does not
 * checksum.
 */
#ifndef NAPKIN_NET_INET_CSUM_H
#define NAPKIN_NET_INET_CSUM_H

#include "kernel/core/compiler.h"

/*
 * Add len bytes at p (big-endian 16-bit words) to a running sum. Only the
 * last piece of a checksummed range may have an odd length.
 */
u64 inet_csum_add(u64 sum, const void *p, u32 len);

/* The 16-bit ones' complement of the sum, ready for a header field (0 means all was right). */
u16 inet_csum_fold(u64 sum);

/*
 * The sum of len bytes at p as 16-bit words in memory order, folded, not
 * inverted: what lwIP's LWIP_CHKSUM returns (lwipopts.h points it here).
 */
u16 inet_csum_native(const void *p, u32 len);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed 64-bit hash, a PRF for
 * short inputs. napkin keys it with per-boot secrets to turn a connection's
 * addresses into numbers an outsider cannot compute (TCP initial sequence
 * numbers, IP ID buckets).
 */
#ifndef NAPKIN_KERNEL_RANDOM_SIPHASH_H
#define NAPKIN_KERNEL_RANDOM_SIPHASH_H

#include "kernel/core/compiler.h"

struct siphash_key {
	u64 k0, k1; /* the 16-byte key read as two little-endian words */
};

u64 siphash24(const struct siphash_key *key, const void *msg, size_t len);

/* The key from 16 bytes as the paper writes them (k0 is bytes 0..7, little-endian). */
void siphash_key_from_bytes(struct siphash_key *key, const u8 bytes[16]);

#endif

// SPDX-License-Identifier: BSD-2-Clause
/*
 * ChaCha20's block function as RFC 8439 defines it: a 4x4 matrix of 32-bit
 * words (four constants, eight key words, a block counter, three nonce
 * words), twenty rounds of quarter-rounds over its columns and diagonals,
 * then the input added back in so the rounds cannot be run backwards. Bytes
 * are little-endian in and out, which is also x86's order; the explicit
 * loads keep the code right on any host the unit tests run on.
 */
#include "kernel/random/chacha20.h"

static u32 rotl32(u32 v, unsigned int n)
{
	return v << n | v >> (32 - n);
}

static u32 get_le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void put_le32(u8 *p, u32 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
	p[2] = (u8)(v >> 16);
	p[3] = (u8)(v >> 24);
}

#define QUARTER_ROUND(x, a, b, c, d)            \
	do {                                    \
		x[a] += x[b];                   \
		x[d] = rotl32(x[d] ^ x[a], 16); \
		x[c] += x[d];                   \
		x[b] = rotl32(x[b] ^ x[c], 12); \
		x[a] += x[b];                   \
		x[d] = rotl32(x[d] ^ x[a], 8);  \
		x[c] += x[d];                   \
		x[b] = rotl32(x[b] ^ x[c], 7);  \
	} while (0)

void chacha20_block(const u8 key[CHACHA20_KEY_BYTES], u32 counter,
		    const u8 nonce[CHACHA20_NONCE_BYTES], u8 out[CHACHA20_BLOCK_BYTES])
{
	/* "expand 32-byte k" as four little-endian words. */
	u32 in[16] = { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 };
	u32 x[16];

	for (int i = 0; i < 8; i++)
		in[4 + i] = get_le32(key + 4 * i);
	in[12] = counter;
	for (int i = 0; i < 3; i++)
		in[13 + i] = get_le32(nonce + 4 * i);

	for (int i = 0; i < 16; i++)
		x[i] = in[i];
	for (int round = 0; round < 20; round += 2) {
		QUARTER_ROUND(x, 0, 4, 8, 12);
		QUARTER_ROUND(x, 1, 5, 9, 13);
		QUARTER_ROUND(x, 2, 6, 10, 14);
		QUARTER_ROUND(x, 3, 7, 11, 15);
		QUARTER_ROUND(x, 0, 5, 10, 15);
		QUARTER_ROUND(x, 1, 6, 11, 12);
		QUARTER_ROUND(x, 2, 7, 8, 13);
		QUARTER_ROUND(x, 3, 4, 9, 14);
	}
	for (int i = 0; i < 16; i++)
		put_le32(out + 4 * i, x[i] + in[i]);
	/* The working state is key material: do not leave it on the stack. */
	__builtin_memset(x, 0, sizeof(x));
	__asm__ __volatile__("" : : "r"(x) : "memory");
}

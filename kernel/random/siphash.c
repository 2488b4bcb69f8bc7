// SPDX-License-Identifier: BSD-2-Clause
/*
 * SipHash-2-4, written from the paper's description: a 256-bit state of four
 * 64-bit words initialised from the key and four constants, two SipRounds
 * per 8-byte message word, the length in the top byte of the last word,
 * four SipRounds to finish, and the four words folded by XOR.
 */
#include "kernel/random/siphash.h"

static u64 rotl64(u64 v, unsigned int n)
{
	return v << n | v >> (64 - n);
}

static u64 get_le64(const u8 *p)
{
	u64 v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

struct sip_state {
	u64 v0, v1, v2, v3;
};

static void sip_round(struct sip_state *s)
{
	s->v0 += s->v1;
	s->v1 = rotl64(s->v1, 13);
	s->v1 ^= s->v0;
	s->v0 = rotl64(s->v0, 32);
	s->v2 += s->v3;
	s->v3 = rotl64(s->v3, 16);
	s->v3 ^= s->v2;
	s->v0 += s->v3;
	s->v3 = rotl64(s->v3, 21);
	s->v3 ^= s->v0;
	s->v2 += s->v1;
	s->v1 = rotl64(s->v1, 17);
	s->v1 ^= s->v2;
	s->v2 = rotl64(s->v2, 32);
}

static void sip_absorb(struct sip_state *s, u64 m)
{
	s->v3 ^= m;
	sip_round(s);
	sip_round(s);
	s->v0 ^= m;
}

void siphash_key_from_bytes(struct siphash_key *key, const u8 bytes[16])
{
	key->k0 = get_le64(bytes);
	key->k1 = get_le64(bytes + 8);
}

u64 siphash24(const struct siphash_key *key, const void *msg, size_t len)
{
	/* "somepseudorandomlygeneratedbytes" as the paper's four constants. */
	struct sip_state s = {
		.v0 = key->k0 ^ 0x736f6d6570736575ull,
		.v1 = key->k1 ^ 0x646f72616e646f6dull,
		.v2 = key->k0 ^ 0x6c7967656e657261ull,
		.v3 = key->k1 ^ 0x7465646279746573ull,
	};
	const u8 *p = msg;
	size_t whole = len & ~(size_t)7;
	u64 last = (u64)(len & 0xff) << 56;

	for (size_t i = 0; i < whole; i += 8)
		sip_absorb(&s, get_le64(p + i));
	for (size_t i = 0; i < (len & 7); i++)
		last |= (u64)p[whole + i] << (8 * i);
	sip_absorb(&s, last);

	s.v2 ^= 0xff;
	for (int i = 0; i < 4; i++)
		sip_round(&s);
	return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

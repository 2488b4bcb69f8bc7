// SPDX-License-Identifier: BSD-2-Clause
/*
 * The ones' complement sum is the same whatever the word size it is added in,
 * as long as carries wrap around: add 64-bit words with end-around carry and
 * fold to 16 bits at the end, a quarter of the additions of 16-bit words.
 * Words are read in host (little-endian) order and the result swapped once,
 * which RFC 1071 shows to be equivalent to summing big-endian words.
 */
#include "net/core/inet_csum.h"

/* a + b with the carry out added back in: ones' complement addition of 64-bit words. */
static inline u64 add_carry(u64 a, u64 b)
{
	a += b;
	return a + (a < b); /* compilers turn this into add, adc */
}

/*
 * 32 and 64 bytes onto sum. On x86-64 in one chain of add-with-carry
 * instructions, the carry flag carried from word to word: one instruction
 * per 8 bytes, which C cannot say (compilers recompute each carry with a
 * compare, about twice the instructions).
 */
#if defined(__x86_64__)
static inline u64 csum_block32(u64 sum, const u8 *p)
{
	__asm__("addq 0(%[p]), %[s]\n\t"
		"adcq 8(%[p]), %[s]\n\t"
		"adcq 16(%[p]), %[s]\n\t"
		"adcq 24(%[p]), %[s]\n\t"
		"adcq $0, %[s]"
		: [s] "+r"(sum)
		: [p] "r"(p), "m"(*(const struct { u8 b[32]; } *)p)
		: "cc");
	return sum;
}

static inline u64 csum_block64(u64 sum, const u8 *p)
{
	__asm__("addq 0(%[p]), %[s]\n\t"
		"adcq 8(%[p]), %[s]\n\t"
		"adcq 16(%[p]), %[s]\n\t"
		"adcq 24(%[p]), %[s]\n\t"
		"adcq 32(%[p]), %[s]\n\t"
		"adcq 40(%[p]), %[s]\n\t"
		"adcq 48(%[p]), %[s]\n\t"
		"adcq 56(%[p]), %[s]\n\t"
		"adcq $0, %[s]"
		: [s] "+r"(sum)
		: [p] "r"(p), "m"(*(const struct { u8 b[64]; } *)p)
		: "cc");
	return sum;
}
#else
static inline u64 csum_block32(u64 sum, const u8 *p)
{
	for (unsigned int i = 0; i < 32; i += 8)
		sum = add_carry(sum, load_u64(p + i));
	return sum;
}

static inline u64 csum_block64(u64 sum, const u8 *p)
{
	return csum_block32(csum_block32(sum, p), p + 32);
}
#endif

/*
 * The last 0-7 bytes as one zero-padded little-endian word, each piece at
 * its offset: an odd last byte lands in the high half of a big-endian pair.
 */
static u64 csum_tail(const u8 *p, u32 len)
{
	u64 a = 0;

	if (len & 4) {
		a = load_u32(p);
		p += 4;
	}
	if (len & 2) {
		a |= (u64)load_u16(p) << ((len & 4) * 8);
		p += 2;
	}
	if (len & 1)
		a |= (u64)*p << ((len & 6) * 8);
	return a;
}

static inline __attribute__((always_inline)) u64 csum_le(u64 sum, const u8 *p, u32 len)
{
	u32 rest;

	if (len < 8)
		return add_carry(sum, csum_tail(p, len));
	/*
	 * 64-bit words with end-around carry, 64 bytes a round: most of what
	 * is summed (headers, small datagrams) is short, so the loop's own cost
	 * shows as much as the additions.
	 */
	while (len >= 64) {
		sum = csum_block64(sum, p);
		p += 64;
		len -= 64;
	}
	if (len >= 32) {
		sum = csum_block32(sum, p);
		p += 32;
		len -= 32;
	}
	for (; len >= 8; p += 8, len -= 8)
		sum = add_carry(sum, load_u64(p));
	/*
	 * At least 8 bytes were summed before the last 0-7: read the 8 that end
	 * with them and shift the ones already counted out, a load and a shift
	 * instead of three pieces.
	 */
	rest = len;
	if (!rest)
		return sum;
	return add_carry(sum, load_u64(p + rest - 8) >> (64 - 8 * rest));
}

/* Halve the width twice with end-around carry, then finish at 16 bits (at most two more steps). */
static u16 fold16(u64 sum)
{
	u32 half = (u32)sum, hi = (u32)(sum >> 32);

	half += hi;
	half += half < hi;
	half = (half & 0xffff) + (half >> 16);
	half = (half & 0xffff) + (half >> 16);
	return (u16)half;
}

u64 inet_csum_add(u64 sum, const void *p, u32 len)
{
	/* The running sum is kept big-endian; the bytes are summed little-endian and swapped. */
	u16 le = fold16(csum_le(0, p, len));

	return sum + (u16)((le >> 8) | (le << 8));
}

u16 inet_csum_fold(u64 sum)
{
	return (u16)~fold16(sum);
}

u16 inet_csum_native(const void *p, u32 len)
{
	return fold16(csum_le(0, p, len));
}

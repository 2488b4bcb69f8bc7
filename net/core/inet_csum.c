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

static u64 csum_le(u64 sum, const u8 *p, u32 len)
{
	u64 a, b, c, d;

	/*
	 * 64-bit words with end-around carry, four a round: most of what is
	 * summed (headers, small datagrams) is short, so the loop's own cost
	 * shows as much as the additions.
	 */
	while (len >= 32) {
		a = load_u64(p);
		b = load_u64(p + 8);
		c = load_u64(p + 16);
		d = load_u64(p + 24);
		sum = add_carry(add_carry(add_carry(add_carry(sum, a), b), c), d);
		p += 32;
		len -= 32;
	}
	while (len >= 8) {
		sum = add_carry(sum, load_u64(p));
		p += 8;
		len -= 8;
	}
	/*
	 * The last 0-7 bytes as one zero-padded little-endian word, each piece at
	 * its offset: an odd last byte lands in the high half of a big-endian pair.
	 */
	a = 0;
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
	return add_carry(sum, a);
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

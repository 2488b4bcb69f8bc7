// SPDX-License-Identifier: BSD-2-Clause
/*
 * The ones' complement sum is the same whatever the word size it is added in,
 * as long as carries wrap around: add 32-bit words into 64 bits and fold at
 * the end, four times fewer additions than 16-bit words. Words are read in
 * host (little-endian) order and the result swapped once, which RFC 1071
 * shows to be equivalent to summing big-endian words.
 */
#include <string.h>
#include "net/inet_csum.h"

static u64 csum_le(u64 sum, const u8 *p, u32 len)
{
	u32 w;

	while (len >= 4) {
		memcpy(&w, p, 4);
		sum += w;
		p += 4;
		len -= 4;
	}
	if (len >= 2) {
		u16 h;

		memcpy(&h, p, 2);
		sum += h;
		p += 2;
		len -= 2;
	}
	if (len)
		sum += *p; /* little-endian: the odd byte is the high byte of a big-endian word */
	return sum;
}

static u16 fold16(u64 sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)sum;
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

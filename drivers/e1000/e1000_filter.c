// SPDX-License-Identifier: BSD-2-Clause
/* Multicast table array hashing and the RCTL filter bits. */
#include <string.h>
#include "drivers/e1000/e1000_filter.h"

u16 e1000_mta_hash(const u8 addr[6], unsigned int mo)
{
	/* Address bits 47:32 live in bytes 5 (high) and 4 (low). */
	static const u8 shift_for_mo[4] = { 4, 3, 2, 0 };
	u32 top16 = ((u32)addr[5] << 8) | addr[4];

	return (u16)((top16 >> shift_for_mo[mo & 3]) & 0xFFF);
}

void e1000_mta_build(u32 mta[E1000_MTA_WORDS], const u8 (*addrs)[6], int n, unsigned int mo)
{
	memset(mta, 0, E1000_MTA_WORDS * sizeof(mta[0]));
	for (int i = 0; i < n; i++) {
		u16 h = e1000_mta_hash(addrs[i], mo);

		mta[e1000_mta_word(h)] |= e1000_mta_bit(h);
	}
}

u32 e1000_rctl_filter(u32 rctl, bool promisc, bool all_multi)
{
	rctl &= ~(E1000_RCTL_UPE | E1000_RCTL_MPE);
	if (promisc)
		rctl |= E1000_RCTL_UPE | E1000_RCTL_MPE;
	else if (all_multi)
		rctl |= E1000_RCTL_MPE;
	return rctl;
}

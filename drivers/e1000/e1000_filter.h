/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The receive address filter: the multicast table array (a 4096-bit hash
 * filter) and the RCTL promiscuous bits. Pure functions, so the host unit
 * tests can check them against hand-computed values.
 */
#ifndef NAPKIN_DRIVERS_E1000_FILTER_H
#define NAPKIN_DRIVERS_E1000_FILTER_H

#include "kernel/core/compiler.h"
#include "drivers/e1000/e1000_reg.h"

/*
 * The 12-bit hash the hardware computes from a destination address: address
 * bits 47:36 for multicast offset 0, 46:35 for 1, 45:34 for 2, 43:32 for 3
 * (bit 0 being the first byte's lowest bit). Its upper 7 bits pick the MTA
 * word, the lower 5 the bit in it.
 */
u16 e1000_mta_hash(const u8 addr[6], unsigned int mo);

static inline unsigned int e1000_mta_word(u16 hash)
{
	return (hash >> 5) & (E1000_MTA_WORDS - 1);
}

static inline u32 e1000_mta_bit(u16 hash)
{
	return BIT(hash & 31);
}

/* Zero mta[] and set the bit of each of the n addresses. */
void e1000_mta_build(u32 mta[E1000_MTA_WORDS], const u8 (*addrs)[6], int n, unsigned int mo);

/*
 * RCTL with its filter bits (UPE, MPE) set for the netdev flags; every other
 * bit of rctl is kept. all_multi also asks for every multicast frame (the
 * device's list overflowed, or IFF_ALLMULTI).
 */
u32 e1000_rctl_filter(u32 rctl, bool promisc, bool all_multi);

#endif

// SPDX-License-Identifier: BSD-2-Clause
/* The statistics register table and its accumulation; see e1000_stats.h. */
#include "drivers/e1000/e1000_stats.h"
#include "kernel/mm/io.h"

#define E1000_HWSTAT_DEF(id, r, w, n) \
	[E1000_HWSTAT_##id] = { .reg = (r), .wide = (w), .name = (n) },
const struct e1000_hw_stat_def e1000_hw_stat_defs[E1000_NR_HW_STATS] = { E1000_HW_STATS(
    E1000_HWSTAT_DEF) };
#undef E1000_HWSTAT_DEF

#define E1000_SWSTAT_NAME(name) #name,
const char *const e1000_sw_stat_names[E1000_NR_SW_STATS] = { E1000_SW_STATS(E1000_SWSTAT_NAME) };
#undef E1000_SWSTAT_NAME

u64 e1000_hw_stat_collect(u64 *acc, const volatile u8 *mmio, enum e1000_hw_stat id)
{
	const struct e1000_hw_stat_def *d = &e1000_hw_stat_defs[id];
	u64 v = readl(mmio + d->reg);

	/* Low first: reading the high half is what clears the pair. */
	if (d->wide)
		v |= (u64)readl(mmio + d->reg + 4) << 32;
	acc[id] += v;
	return v;
}

u64 e1000_hw_stats_collect(u64 *acc, const volatile u8 *mmio)
{
	u64 missed = 0;

	for (unsigned int i = 0; i < E1000_NR_HW_STATS; i++) {
		u64 v = e1000_hw_stat_collect(acc, mmio, (enum e1000_hw_stat)i);

		if (i == E1000_HWSTAT_MPC)
			missed = v;
	}
	return missed;
}

// SPDX-License-Identifier: BSD-2-Clause
/* Named counters from tables; see ethtool_table.h. */
#include <string.h>
#include "net/core/ethtool_table.h"

void ethtool_put(struct ethtool_out *o, const char *name, u64 value)
{
	if (o->n >= o->max)
		return;
	o->stats[o->n].name = name;
	o->stats[o->n].value = value;
	o->n++;
}

void ethtool_put_table(struct ethtool_out *o, const struct ethtool_table *table, size_t count,
		       const void *base)
{
	for (size_t i = 0; i < count && o->n < o->max; i++) {
		u64 v;

		/* Fields of packed or unaligned structures are read byte by byte. */
		memcpy(&v, (const u8 *)base + table[i].offset, sizeof(v));
		ethtool_put(o, table[i].name, v);
	}
}

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Named counters for `ethtool -S`, filled from tables. A driver describes
 * its counters once, as a table of names and offsets of u64 fields in one
 * of its structures, and hands the table and that structure's address to
 * ethtool_put_table(); counters kept some other way (an array of values, a
 * lone field) go out one by one with ethtool_put(). Both keep to the
 * caller's room: counters past `max` are left out, never written.
 */
#ifndef NAPKIN_NET_ETHTOOL_TABLE_H
#define NAPKIN_NET_ETHTOOL_TABLE_H

#include <stddef.h>
#include "kernel/core/compiler.h"
#include "net/core/netdev.h"

/* One counter: its name and where its u64 lies in the structure it counts in. */
struct ethtool_table {
	const char *name;
	size_t offset;
};

/*
 * The entry for `field` of `type` (which may name a member of a member). A
 * field that is not a u64 does not compile: the table copies 8 bytes.
 */
#define ETHTOOL_TABLE_ENTRY(type, name, field)                                           \
	{                                                                                \
		(name), offsetof(type, field) +                                          \
			    0 * sizeof(struct {                                          \
				    _Static_assert(__builtin_types_compatible_p(         \
						       typeof(((type *)0)->field), u64), \
						   #field " is not a u64");              \
				    int unused;                                          \
			    })                                                           \
	}

/* Where the counters go: the caller's array, how many it holds, how many are in. */
struct ethtool_out {
	struct ethtool_stat *stats;
	int max;
	int n;
};

#define ETHTOOL_OUT(out, max) ((struct ethtool_out){ (out), (max), 0 })

/* Add one counter, if there is room. */
void ethtool_put(struct ethtool_out *o, const char *name, u64 value);

/* Add the counters of `table` (`count` entries) as they are in the structure at base. */
void ethtool_put_table(struct ethtool_out *o, const struct ethtool_table *table, size_t count,
		       const void *base);

#endif

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Run the entries the initcall macros collected, level by level. linker.ld
 * sorts the sections by level already; selecting by each entry's own level
 * keeps the order right even for an entry the sort put elsewhere.
 */
#include "kernel/core/initcall.h"
#include "kernel/console/printk.h"

extern const struct initcall_entry __initcall_start[], __initcall_end[];

static int next_level; /* the first level not run yet */

static void run_level(int level)
{
	/* linker.ld puts both bounds around the one section: one object to the linker. */
	// cppcheck-suppress comparePointers
	for (const struct initcall_entry *e = __initcall_start; e < __initcall_end; e++)
		if (e->level == level)
			e->fn();
}

void do_initcalls_through(enum initcall_level last)
{
	if ((int)last < next_level) {
		pr_warn("initcall: level %d already run, ignored\n", (int)last);
		return;
	}
	for (; next_level <= (int)last && next_level < INITCALL_LEVELS; next_level++)
		run_level(next_level);
}

// SPDX-License-Identifier: BSD-2-Clause
/* Address to symbol lookup over the table scripts/ksyms.py generates. */
#include <stddef.h>
#include "kernel/core/ksyms.h"

extern char __text_start[], __text_end[];

const char *ksym_lookup(unsigned long addr, unsigned long *offset)
{
	unsigned long lo = 0, hi = ksyms_count;

	if (addr < (unsigned long)__text_start || addr >= (unsigned long)__text_end || !ksyms_count)
		return NULL;
	/* Last symbol at or below addr. */
	while (hi - lo > 1) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (ksyms_table[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	if (ksyms_table[lo].addr > addr)
		return NULL;
	*offset = addr - ksyms_table[lo].addr;
	return ksyms_table[lo].name;
}

/* SPDX-License-Identifier: BSD-2-Clause */
/* The kernel's own text symbols, generated at link time, for backtraces. */
#ifndef NAPKIN_KERNEL_KSYMS_H
#define NAPKIN_KERNEL_KSYMS_H

struct ksym {
	unsigned long addr;
	const char *name;
};

extern const struct ksym ksyms_table[];
extern const unsigned long ksyms_count;

/* Name of the function containing addr and the offset into it, or NULL. */
const char *ksym_lookup(unsigned long addr, unsigned long *offset);

#endif

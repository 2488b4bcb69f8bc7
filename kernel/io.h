/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device memory. ioremap() (kernel/mm) maps a physical range uncached and
 * returns its virtual address, or NULL. The accessors below are single
 * volatile loads and stores of exactly the named width, so the compiler
 * neither merges, splits nor reorders them against each other; x86 keeps
 * uncached accesses in program order. In host builds the same accessors work
 * on ordinary memory that tests use as fake device registers.
 */
#ifndef NAPKIN_KERNEL_IO_H
#define NAPKIN_KERNEL_IO_H

#include "kernel/compiler.h"

void *ioremap(u64 phys, u64 size);

static inline u8 readb(const volatile void *addr)
{
	return *(const volatile u8 *)addr;
}

static inline u16 readw(const volatile void *addr)
{
	return *(const volatile u16 *)addr;
}

static inline u32 readl(const volatile void *addr)
{
	return *(const volatile u32 *)addr;
}

static inline u64 readq(const volatile void *addr)
{
	return *(const volatile u64 *)addr;
}

static inline void writeb(u8 v, volatile void *addr)
{
	*(volatile u8 *)addr = v;
}

static inline void writew(u16 v, volatile void *addr)
{
	*(volatile u16 *)addr = v;
}

static inline void writel(u32 v, volatile void *addr)
{
	*(volatile u32 *)addr = v;
}

static inline void writeq(u64 v, volatile void *addr)
{
	*(volatile u64 *)addr = v;
}

#endif

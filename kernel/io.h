/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device memory. ioremap() (kernel/mm) maps a physical range uncached and
 * returns its virtual address, or NULL. The accessors below are single
 * volatile loads and stores of exactly the named width, so the compiler
 * neither merges, splits nor reorders them against each other; x86 keeps
 * uncached accesses in program order. In host builds the same accessors work
 * on ordinary memory that tests use as fake device registers, except where
 * the hosted harness (tests/hosted) has mapped a modelled device: it provides
 * hosted_mmio_read/write, which claim those addresses and hand the access to
 * the model. Bare-metal code generation is unchanged.
 */
#ifndef NAPKIN_KERNEL_IO_H
#define NAPKIN_KERNEL_IO_H

#include "kernel/compiler.h"

void *ioremap(u64 phys, u64 size);

#ifdef NAPKIN_HOSTED
/* Weak: unit tests without the harness link fine and access plain memory. */
bool hosted_mmio_read(const volatile void *addr, unsigned int size, u64 *val) __attribute__((weak));
bool hosted_mmio_write(volatile void *addr, unsigned int size, u64 val) __attribute__((weak));
#define HOSTED_MMIO_READ(addr, type)                                               \
	do {                                                                       \
		u64 v_;                                                            \
		if (hosted_mmio_read && hosted_mmio_read(addr, sizeof(type), &v_)) \
			return (type)v_;                                           \
	} while (0)
#define HOSTED_MMIO_WRITE(addr, v, type)                                           \
	do {                                                                       \
		if (hosted_mmio_write && hosted_mmio_write(addr, sizeof(type), v)) \
			return;                                                    \
	} while (0)
#else
#define HOSTED_MMIO_READ(addr, type) \
	do {                         \
	} while (0)
#define HOSTED_MMIO_WRITE(addr, v, type) \
	do {                             \
	} while (0)
#endif

static inline u8 readb(const volatile void *addr)
{
	HOSTED_MMIO_READ(addr, u8);
	return *(const volatile u8 *)addr;
}

static inline u16 readw(const volatile void *addr)
{
	HOSTED_MMIO_READ(addr, u16);
	return *(const volatile u16 *)addr;
}

static inline u32 readl(const volatile void *addr)
{
	HOSTED_MMIO_READ(addr, u32);
	return *(const volatile u32 *)addr;
}

static inline u64 readq(const volatile void *addr)
{
	HOSTED_MMIO_READ(addr, u64);
	return *(const volatile u64 *)addr;
}

static inline void writeb(u8 v, volatile void *addr)
{
	HOSTED_MMIO_WRITE(addr, v, u8);
	*(volatile u8 *)addr = v;
}

static inline void writew(u16 v, volatile void *addr)
{
	HOSTED_MMIO_WRITE(addr, v, u16);
	*(volatile u16 *)addr = v;
}

static inline void writel(u32 v, volatile void *addr)
{
	HOSTED_MMIO_WRITE(addr, v, u32);
	*(volatile u32 *)addr = v;
}

static inline void writeq(u64 v, volatile void *addr)
{
	HOSTED_MMIO_WRITE(addr, v, u64);
	*(volatile u64 *)addr = v;
}

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device memory. ioremap() (kernel/mm) maps a physical range uncached and
 * returns its virtual address, or NULL. The accessors below are single
 * loads and stores of exactly the named width that the compiler neither
 * merges, splits nor reorders, not even against plain memory accesses (see
 * below); x86 keeps uncached accesses in program order. In host builds the
 * same accessors work on ordinary memory that tests use as fake device
 * registers, except where the hosted harness (tests/hosted) has mapped a
 * modelled device: it provides hosted_mmio_read/write, which claim those
 * addresses and hand the access to the model.
 */
#ifndef NAPKIN_KERNEL_IO_H
#define NAPKIN_KERNEL_IO_H

#include "kernel/x86/barrier.h"
#include "kernel/core/compiler.h"

void *ioremap(u64 phys, u64 size);

#ifdef NAPKIN_HOSTED
/* Weak: unit tests without the harness link fine and access plain memory. */
bool hosted_mmio_read(const volatile void *addr, unsigned int size, u64 *val) __attribute__((weak));
bool hosted_mmio_write(volatile void *addr, unsigned int size, u64 val) __attribute__((weak));
#define HOSTED_MMIO_READ(addr, type)                                               \
	do {                                                                       \
		u64 v_;                                                            \
		barrier();                                                         \
		if (hosted_mmio_read && hosted_mmio_read(addr, sizeof(type), &v_)) \
			return (type)v_;                                           \
	} while (0)
#define HOSTED_MMIO_WRITE(addr, v, type)                                           \
	do {                                                                       \
		barrier();                                                         \
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

/*
 * One access of exactly the named width. On x86-64 it is a single mov in an
 * asm with a "memory" clobber, so it is also a compiler barrier: plain
 * stores to DMA memory the driver made before writel() are emitted before
 * it, and loads after readl() are not hoisted above it. The CPU keeps that
 * order for UC mappings (kernel/x86/barrier.h), so "write the descriptors, then
 * writel the doorbell" needs no fence.
 */
#if defined(__x86_64__)
#define MMIO_READ(type, sfx, addr)                                         \
	({                                                                 \
		type v_;                                                   \
		__asm__ __volatile__("mov" sfx " %1, %0"                   \
				     : "=r"(v_)                            \
				     : "m"(*(const volatile type *)(addr)) \
				     : "memory");                          \
		v_;                                                        \
	})
#define MMIO_WRITE(type, sfx, v, addr)                                       \
	__asm__ __volatile__("mov" sfx " %0, %1"                             \
			     :                                               \
			     : "r"((type)(v)), "m"(*(volatile type *)(addr)) \
			     : "memory")
#else
/* Hosted builds on another host: a volatile access between compiler barriers. */
#define MMIO_READ(type, sfx, addr)                   \
	({                                           \
		type v_;                             \
		barrier();                           \
		v_ = *(const volatile type *)(addr); \
		barrier();                           \
		v_;                                  \
	})
#define MMIO_WRITE(type, sfx, v, addr)          \
	do {                                    \
		barrier();                      \
		*(volatile type *)(addr) = (v); \
		barrier();                      \
	} while (0)
#endif

static inline u8 readb(const volatile void *addr)
{
	HOSTED_MMIO_READ(addr, u8);
	return MMIO_READ(u8, "b", addr);
}

static inline u16 readw(const volatile void *addr)
{
	HOSTED_MMIO_READ(addr, u16);
	return MMIO_READ(u16, "w", addr);
}

static inline u32 readl(const volatile void *addr)
{
	HOSTED_MMIO_READ(addr, u32);
	return MMIO_READ(u32, "l", addr);
}

static inline u64 readq(const volatile void *addr)
{
	HOSTED_MMIO_READ(addr, u64);
	return MMIO_READ(u64, "q", addr);
}

static inline void writeb(u8 v, volatile void *addr)
{
	HOSTED_MMIO_WRITE(addr, v, u8);
	MMIO_WRITE(u8, "b", v, addr);
}

static inline void writew(u16 v, volatile void *addr)
{
	HOSTED_MMIO_WRITE(addr, v, u16);
	MMIO_WRITE(u16, "w", v, addr);
}

static inline void writel(u32 v, volatile void *addr)
{
	HOSTED_MMIO_WRITE(addr, v, u32);
	MMIO_WRITE(u32, "l", v, addr);
}

static inline void writeq(u64 v, volatile void *addr)
{
	HOSTED_MMIO_WRITE(addr, v, u64);
	MMIO_WRITE(u64, "q", v, addr);
}

#endif

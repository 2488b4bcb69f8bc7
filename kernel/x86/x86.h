/* SPDX-License-Identifier: BSD-2-Clause */
/* Thin wrappers over x86-64 instructions the kernel needs. */
#ifndef NAPKIN_KERNEL_X86_H
#define NAPKIN_KERNEL_X86_H

#include "kernel/core/compiler.h"

static inline void outb(u16 port, u8 v)
{
	__asm__ __volatile__("outb %0, %1" : : "a"(v), "Nd"(port));
}
static inline void outw(u16 port, u16 v)
{
	__asm__ __volatile__("outw %0, %1" : : "a"(v), "Nd"(port));
}
static inline void outl(u16 port, u32 v)
{
	__asm__ __volatile__("outl %0, %1" : : "a"(v), "Nd"(port));
}
static inline u8 inb(u16 port)
{
	u8 v;
	__asm__ __volatile__("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}
static inline u16 inw(u16 port)
{
	u16 v;
	__asm__ __volatile__("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}
static inline u32 inl(u16 port)
{
	u32 v;
	__asm__ __volatile__("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}
/* A write to an unused port: about a microsecond on real ISA-era hardware. */
static inline void io_delay(void)
{
	outb(0x80, 0);
}

static inline u64 rdmsr(u32 msr)
{
	u32 lo, hi;
	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((u64)hi << 32) | lo;
}
static inline void wrmsr(u32 msr, u64 v)
{
	__asm__ __volatile__("wrmsr" : : "c"(msr), "a"((u32)v), "d"((u32)(v >> 32)) : "memory");
}

static inline void cpuid(u32 leaf, u32 subleaf, u32 *a, u32 *b, u32 *c, u32 *d)
{
	__asm__ __volatile__("cpuid"
			     : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d)
			     : "a"(leaf), "c"(subleaf));
}

static inline u64 rdtsc(void)
{
	u32 lo, hi;
	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

static inline u64 read_cr2(void)
{
	u64 v;
	__asm__ __volatile__("mov %%cr2, %0" : "=r"(v));
	return v;
}
static inline u64 read_cr3(void)
{
	u64 v;
	__asm__ __volatile__("mov %%cr3, %0" : "=r"(v));
	return v;
}
static inline void write_cr3(u64 v)
{
	__asm__ __volatile__("mov %0, %%cr3" : : "r"(v) : "memory");
}
#define CR0_WP BIT64(16) /* ring 0 honours read-only pages too */

static inline void write_cr0(u64 v)
{
	__asm__ __volatile__("mov %0, %%cr0" : : "r"(v) : "memory");
}

static inline u64 read_cr0(void)
{
	u64 v;
	__asm__ __volatile__("mov %%cr0, %0" : "=r"(v));
	return v;
}
static inline u64 read_cr4(void)
{
	u64 v;
	__asm__ __volatile__("mov %%cr4, %0" : "=r"(v));
	return v;
}
static inline void write_cr4(u64 v)
{
	__asm__ __volatile__("mov %0, %%cr4" : : "r"(v) : "memory");
}

static inline void cpu_relax(void)
{
	__asm__ __volatile__("pause" ::: "memory");
}
static inline void halt(void)
{
	__asm__ __volatile__("hlt" ::: "memory");
}

#define MSR_EFER 0xC0000080
#define EFER_NXE BIT(11)

#endif

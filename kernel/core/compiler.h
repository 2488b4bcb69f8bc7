/* SPDX-License-Identifier: BSD-2-Clause */
/* Types and compiler helpers every napkin source file may use. */
#ifndef NAPKIN_KERNEL_COMPILER_H
#define NAPKIN_KERNEL_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#define ARRAY_SIZE(a)			(sizeof(a) / sizeof((a)[0]))
#define container_of(ptr, type, member) ((type *)(void *)((char *)(ptr)-offsetof(type, member)))

#define likely(x)      __builtin_expect(!!(x), 1)
#define unlikely(x)    __builtin_expect(!!(x), 0)
#define __packed       __attribute__((packed))
#define __aligned(n)   __attribute__((aligned(n)))
#define __noreturn     __attribute__((noreturn))
#define __unused       __attribute__((unused))
#define __printf(a, b) __attribute__((format(printf, a, b)))

#define ALIGN_UP(x, a)	 (((x) + ((a)-1)) & ~((__typeof__(x))(a)-1))
#define ALIGN_DOWN(x, a) ((x) & ~((__typeof__(x))(a)-1))
#define MIN(a, b)	 ((a) < (b) ? (a) : (b))
#define MAX(a, b)	 ((a) > (b) ? (a) : (b))
#define BIT(n)		 (1u << (n))
#define BIT64(n)	 (1ull << (n))

/*
 * Loads from any alignment, in host byte order. The kernel is built
 * -fno-builtin, which turns a plain memcpy of a few bytes into a call: these
 * ask for the builtin, one move instruction on x86.
 */
static inline u16 load_u16(const void *p)
{
	u16 v;

	__builtin_memcpy(&v, p, sizeof(v));
	return v;
}

static inline u32 load_u32(const void *p)
{
	u32 v;

	__builtin_memcpy(&v, p, sizeof(v));
	return v;
}

static inline u64 load_u64(const void *p)
{
	u64 v;

	__builtin_memcpy(&v, p, sizeof(v));
	return v;
}

/* Compiler barrier and single-copy accesses for data shared with interrupts. */
#define barrier()	 __asm__ __volatile__("" ::: "memory")
#define READ_ONCE(x)	 (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

#endif

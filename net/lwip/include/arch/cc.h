/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lwIP's compiler and platform port for napkin. This is the only place where
 * the bare-metal kernel and the hosted Linux harness differ for lwIP: the
 * kernel's lib/include has no <inttypes.h>, so both worlds use the format
 * strings below; everything else (logging, assertions, random numbers, byte
 * order) goes through napkin's own headers, which exist in both worlds.
 */
#ifndef NAPKIN_LWIP_ARCH_CC_H
#define NAPKIN_LWIP_ARCH_CC_H

#include <stddef.h>
#include <stdint.h>

/* x86-64 is little-endian (lwIP's default BYTE_ORDER); swap with the builtins. */
#define lwip_htons(x) ((u16_t)__builtin_bswap16((u16_t)(x)))
#define lwip_htonl(x) ((u32_t)__builtin_bswap32((u32_t)(x)))

/* lib/include has no <inttypes.h>: spell out the LP64 formats ourselves. */
#define LWIP_NO_INTTYPES_H 1
#define X8_F		   "02x"
#define U16_F		   "hu"
#define S16_F		   "hd"
#define X16_F		   "hx"
#define U32_F		   "u"
#define S32_F		   "d"
#define X32_F		   "x"
#define SZT_F		   "zu"

/*
 * lwIP's heap functions have names the kernel uses too (kernel/mm/mem_init.c has
 * a mem_init); every lwIP file includes this header first, so rename them here.
 */
#define mem_init   lwip_mem_init
#define mem_trim   lwip_mem_trim
#define mem_malloc lwip_mem_malloc
#define mem_calloc lwip_mem_calloc
#define mem_free   lwip_mem_free

/* Structures lwIP lays over packet bytes. */
#define PACK_STRUCT_FIELD(x) x
#define PACK_STRUCT_STRUCT   __attribute__((packed))
#define PACK_STRUCT_BEGIN
#define PACK_STRUCT_END

/* Diagnostics and assertions go to the kernel log (net/lwip/port.c). */
void lwip_port_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void lwip_port_assert(const char *msg, const char *file, int line) __attribute__((noreturn));
#define LWIP_PLATFORM_DIAG(x)     \
	do {                      \
		lwip_port_diag x; \
	} while (0)
#define LWIP_PLATFORM_ASSERT(x) lwip_port_assert((x), __FILE__, __LINE__)

/*
 * DHCP transaction ids, where lwIP's port counters start, MLD delays: from
 * the kernel's generator (net/lwip/port.c). TCP initial sequence numbers
 * have their own hook (lwip_hooks.h).
 */
uint32_t lwip_port_rand(void);
#define LWIP_RAND() lwip_port_rand()

#endif

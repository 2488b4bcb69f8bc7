/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * napkin's one source of random numbers: a ChaCha20 generator with fast key
 * erasure (kernel/random/random.c), seeded at boot and reseeded from
 * interrupt timing (kernel/random/entropy.c). LWIP_RAND, the stack
 * protector's canary, DHCP transaction ids, TCP ISN and IP ID secrets all
 * draw from it.
 *
 * Callers run in the main loop or at boot, never in an interrupt handler
 * (interrupt handlers only feed the entropy pool), so the generator needs
 * no lock on napkin's single CPU.
 */
#ifndef NAPKIN_KERNEL_RANDOM_RANDOM_H
#define NAPKIN_KERNEL_RANDOM_RANDOM_H

#include "kernel/core/compiler.h"

void random_bytes(void *buf, size_t len);
u32 random_u32(void);
u64 random_u64(void);
/* Uniform in [0, bound), without the bias of a plain modulo; 0 when bound is 0. */
u32 random_below(u32 bound);

/*
 * Mix len bytes of new material into the key. The output after a reseed
 * depends on the old key and on the material through ChaCha20, so knowing
 * one of them is not enough to predict it.
 */
void random_reseed(const void *material, size_t len);

struct random_stats {
	u64 reseeds;   /* random_reseed() calls with material */
	u64 bytes_out; /* bytes handed out */
	u64 rekeys;    /* keys erased and replaced by output (every 480 bytes) */
};
void random_get_stats(struct random_stats *st);

#ifdef NAPKIN_HOSTED
/* Tests: back to the unseeded all-zero key, the same sequence every time. */
void random_reset_for_test(void);
#endif

#endif

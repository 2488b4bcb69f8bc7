/* SPDX-License-Identifier: BSD-2-Clause */
/* The ChaCha20 block function (RFC 8439, section 2.3): the generator's core. */
#ifndef NAPKIN_KERNEL_RANDOM_CHACHA20_H
#define NAPKIN_KERNEL_RANDOM_CHACHA20_H

#include "kernel/core/compiler.h"

#define CHACHA20_KEY_BYTES   32
#define CHACHA20_NONCE_BYTES 12
#define CHACHA20_BLOCK_BYTES 64

/* One 64-byte keystream block for (key, block counter, nonce). */
void chacha20_block(const u8 key[CHACHA20_KEY_BYTES], u32 counter,
		    const u8 nonce[CHACHA20_NONCE_BYTES], u8 out[CHACHA20_BLOCK_BYTES]);

#endif

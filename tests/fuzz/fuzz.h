/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the libFuzzer harnesses share: the entry point's prototype, a cursor
 * that takes typed values off the input (zeros once it runs dry, so every
 * input means something), and a way to make AddressSanitizer read a string
 * a parser handed back in full.
 */
#ifndef NAPKIN_TESTS_FUZZ_H
#define NAPKIN_TESTS_FUZZ_H

#include <stddef.h>
#include "kernel/core/compiler.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

struct fuzz_in {
	const u8 *p;
	size_t left;
};

static inline void fuzz_in_init(struct fuzz_in *in, const u8 *data, size_t size)
{
	in->p = data;
	in->left = size;
}

static inline bool fuzz_in_empty(const struct fuzz_in *in)
{
	return in->left == 0;
}

static inline u8 fuzz_u8(struct fuzz_in *in)
{
	if (!in->left)
		return 0;
	in->left--;
	return *in->p++;
}

static inline u16 fuzz_u16(struct fuzz_in *in)
{
	u16 lo = fuzz_u8(in);

	return (u16)(lo | fuzz_u8(in) << 8);
}

static inline u32 fuzz_u32(struct fuzz_in *in)
{
	u32 lo = fuzz_u16(in);

	return lo | (u32)fuzz_u16(in) << 16;
}

/* Up to n bytes; *got says how many the input still had. */
static inline const u8 *fuzz_bytes(struct fuzz_in *in, size_t n, size_t *got)
{
	const u8 *p = in->p;

	*got = n < in->left ? n : in->left;
	in->p += *got;
	in->left -= *got;
	return p;
}

/* A NUL-terminated heap copy of the bytes (which may hold NULs themselves). */
char *fuzz_strndup(const u8 *data, size_t size);

/* Reads every byte of s up to its NUL, so a string left unterminated is caught. */
void fuzz_consume_string(const char *s);

#endif

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The generator: ChaCha20 with fast key erasure. Each refill computes eight
 * keystream blocks under the current key; the first 32 bytes become the
 * next key at once and the other 480 are handed out, each byte wiped as it
 * goes. Whoever reads the machine's memory later cannot recompute output
 * already given away, because the key that produced it no longer exists.
 *
 * Reseeding folds new material into the key 32 bytes at a time: key XOR
 * chunk is used as a ChaCha20 key, and the first 32 bytes of its block
 * become the key. The block function adds its input back into its output,
 * so the step cannot be inverted to recover the old key from the new one.
 */
#include "kernel/random/random.h"
#include "kernel/random/chacha20.h"

#define REFILL_BLOCKS 8
#define REFILL_BYTES  (REFILL_BLOCKS * CHACHA20_BLOCK_BYTES)
#define BUF_BYTES     (REFILL_BYTES - CHACHA20_KEY_BYTES)

static struct {
	u8 key[CHACHA20_KEY_BYTES];
	u8 buf[BUF_BYTES];
	size_t left; /* unused bytes at the end of buf */
	struct random_stats stats;
} gen;

/* Zero memory the compiler may not elide, though nothing reads it again. */
static void wipe(void *p, size_t len)
{
	__builtin_memset(p, 0, len);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

static void refill(void)
{
	static const u8 zero_nonce[CHACHA20_NONCE_BYTES];
	u8 blocks[REFILL_BYTES];

	for (u32 i = 0; i < REFILL_BLOCKS; i++)
		chacha20_block(gen.key, i, zero_nonce, blocks + i * CHACHA20_BLOCK_BYTES);
	__builtin_memcpy(gen.key, blocks, CHACHA20_KEY_BYTES);
	__builtin_memcpy(gen.buf, blocks + CHACHA20_KEY_BYTES, BUF_BYTES);
	wipe(blocks, sizeof(blocks));
	gen.left = BUF_BYTES;
	gen.stats.rekeys++;
}

void random_bytes(void *buf, size_t len)
{
	u8 *out = buf;

	gen.stats.bytes_out += len;
	while (len) {
		size_t take;

		if (!gen.left)
			refill();
		take = MIN(len, gen.left);
		/* In order, so reads of any size make the same stream; wiped once read. */
		__builtin_memcpy(out, gen.buf + (BUF_BYTES - gen.left), take);
		wipe(gen.buf + (BUF_BYTES - gen.left), take);
		gen.left -= take;
		out += take;
		len -= take;
	}
}

u32 random_u32(void)
{
	u32 v;

	random_bytes(&v, sizeof(v));
	return v;
}

u64 random_u64(void)
{
	u64 v;

	random_bytes(&v, sizeof(v));
	return v;
}

u32 random_below(u32 bound)
{
	u32 v, limit;

	if (bound == 0)
		return 0;
	/* Values at or above the largest multiple of bound would favour small results. */
	limit = (u32)(0x100000000ull - 0x100000000ull % bound);
	do
		v = random_u32();
	while (limit && v >= limit);
	return v % bound;
}

void random_reseed(const void *material, size_t len)
{
	/* "napkin reseed" as a nonce keeps this use of the block apart from refill()'s. */
	static const u8 reseed_nonce[CHACHA20_NONCE_BYTES] = "napkinreseed";
	const u8 *in = material;
	u8 block[CHACHA20_BLOCK_BYTES];
	u32 chunk_no = 0;

	if (!len)
		return;
	while (len) {
		size_t n = MIN(len, (size_t)CHACHA20_KEY_BYTES);

		for (size_t i = 0; i < n; i++)
			gen.key[i] ^= in[i];
		chacha20_block(gen.key, chunk_no++, reseed_nonce, block);
		__builtin_memcpy(gen.key, block, CHACHA20_KEY_BYTES);
		in += n;
		len -= n;
	}
	wipe(block, sizeof(block));
	/* Output buffered under the old key must not follow the new material. */
	wipe(gen.buf, sizeof(gen.buf));
	gen.left = 0;
	gen.stats.reseeds++;
}

void random_get_stats(struct random_stats *st)
{
	*st = gen.stats;
}

#ifdef NAPKIN_HOSTED
void random_reset_for_test(void)
{
	wipe(&gen, sizeof(gen));
}
#endif

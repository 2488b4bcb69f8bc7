// SPDX-License-Identifier: BSD-2-Clause
/* Unpredictable IPv4 identifications and IPv6 fragment ids; the scheme is in ip_id.h. */
#include "kernel/core/time.h"
#include "kernel/random/random.h"
#include "kernel/random/siphash.h"
#include "net/inet/ip_id.h"

#define ID_COUNTERS 1024
/* Datagrams closer together than this are one burst: the counter steps by one. */
#define BURST_NS (1 * NSEC_PER_MSEC)
/* A pause of t microseconds steps the counter by up to t, never more than this. */
#define MAX_STEP 0x7fff

#define IP4_MF	       0x2000
#define IP4_OFFMASK    0x1fff
#define IP6_FRAG_NEXTH 44

struct id_counter {
	u16 next;
	bool used;
	u64 last_ns;
};

static struct {
	bool keyed;
	struct siphash_key key;
	struct id_counter counter[ID_COUNTERS];
	/* The datagram whose fragments are going out now. */
	struct {
		bool valid;
		u16 orig, id;
		u8 dst[4];
	} frag4;
	struct {
		bool valid;
		u32 orig, id;
	} frag6;
	/*
	 * The last triple's hash: a TCP burst, or a reply after a request, is
	 * one triple, hashed once. Compared as the addresses' 8 bytes and the
	 * protocol rather than byte by byte.
	 */
	struct {
		bool valid;
		u8 proto;
		u64 addrs;
		u64 hash;
	} last;
	struct ip_id_stats stats;
} st;

static u16 get_be16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static void put_be16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

static __attribute__((noinline)) void key_once(void)
{
	random_bytes(&st.key, sizeof(st.key));
	st.keyed = true;
}

/* The hash of a triple not seen last, kept for the next datagram. */
static __attribute__((noinline)) u64 triple_hash(const u8 *src_dst, u8 proto)
{
	u8 msg[9];

	if (unlikely(!st.keyed))
		key_once();
	__builtin_memcpy(msg, src_dst, 8);
	msg[8] = proto;
	st.last.hash = siphash24(&st.key, msg, sizeof(msg));
	st.last.addrs = load_u64(src_dst);
	st.last.proto = proto;
	st.last.valid = true;
	return st.last.hash;
}

/* The counter's step after a pause: random, growing with the pause. */
static __attribute__((noinline)) u16 pause_step(u64 pause_ns)
{
	u64 pause_us = pause_ns / NSEC_PER_USEC;

	return (u16)(1 + random_below((u32)MIN(pause_us, (u64)MAX_STEP)));
}

/* The next identification for (source, destination, protocol) at now_ns. */
static inline __attribute__((always_inline)) u16 ip4_id_next(const u8 *src_dst, u8 proto,
							     u64 now_ns)
{
	u64 h;
	struct id_counter *c;

	if (likely(st.last.valid && st.last.addrs == load_u64(src_dst) && st.last.proto == proto))
		h = st.last.hash;
	else
		h = triple_hash(src_dst, proto);
	c = &st.counter[h % ID_COUNTERS];
	if (unlikely(!c->used)) {
		c->next = (u16)random_u32();
		c->used = true;
	} else if (now_ns - c->last_ns < BURST_NS) {
		c->next++;
	} else {
		c->next = (u16)(c->next + pause_step(now_ns - c->last_ns));
	}
	c->last_ns = now_ns;
	/* The offset, from other bits of the hash, keeps triples sharing a counter apart. */
	return (u16)(c->next + (u16)(h >> 48));
}

/* A later fragment of a datagram: the number its first fragment got. */
static __attribute__((noinline)) u16 ip4_id_of_fragment(const u8 *hdr, u16 orig, u64 now_ns)
{
	if (st.frag4.valid && st.frag4.orig == orig && !__builtin_memcmp(st.frag4.dst, hdr + 16, 4))
		return st.frag4.id;
	st.stats.frag_unmatched++;
	return ip4_id_next(hdr + 12, hdr[9], now_ns);
}

bool ip4_id_rewrite(u8 *hdr, size_t len, u64 now_ns)
{
	u16 frag, orig, id;

	/* Version 4, a header length of at least 20 bytes, all of it readable. */
	if (len < 20 || hdr[0] < 0x45 || hdr[0] > 0x4f || (size_t)(hdr[0] & 0xf) * 4 > len)
		return false;
	orig = get_be16(hdr + 4);
	frag = get_be16(hdr + 6);
	if (unlikely(frag & IP4_OFFMASK)) {
		id = ip4_id_of_fragment(hdr, orig, now_ns);
	} else {
		id = ip4_id_next(hdr + 12, hdr[9], now_ns);
		st.frag4.valid = frag & IP4_MF;
		if (unlikely(st.frag4.valid)) {
			st.frag4.orig = orig;
			st.frag4.id = id;
			__builtin_memcpy(st.frag4.dst, hdr + 16, 4);
		}
	}
	put_be16(hdr + 4, id);
	st.stats.ip4_rewritten++;
	return true;
}

bool ip6_frag_id_rewrite(u8 *hdr, size_t len)
{
	u32 orig, id;
	u16 off_mf;

	if (len < 48 || hdr[0] >> 4 != 6 || hdr[6] != IP6_FRAG_NEXTH)
		return false;
	off_mf = get_be16(hdr + 42);
	orig = (u32)get_be16(hdr + 44) << 16 | get_be16(hdr + 46);
	if (off_mf >> 3) {
		if (st.frag6.valid && st.frag6.orig == orig) {
			id = st.frag6.id;
		} else {
			st.stats.frag_unmatched++;
			id = random_u32();
		}
	} else {
		id = random_u32();
		st.frag6.valid = true;
		st.frag6.orig = orig;
		st.frag6.id = id;
	}
	put_be16(hdr + 44, (u16)(id >> 16));
	put_be16(hdr + 46, (u16)id);
	st.stats.ip6_rewritten++;
	return true;
}

void ip_id_get_stats(struct ip_id_stats *out)
{
	*out = st.stats;
}

#ifdef NAPKIN_HOSTED
void ip_id_reset_for_test(void)
{
	__builtin_memset(&st, 0, sizeof(st));
}
#endif

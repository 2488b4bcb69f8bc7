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
	/* The last triple's hash: a TCP burst is one triple, hashed once. */
	struct {
		bool valid;
		u8 msg[9];
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

static void key_once(void)
{
	if (st.keyed)
		return;
	random_bytes(&st.key, sizeof(st.key));
	st.keyed = true;
}

/* The next identification for (source, destination, protocol) at now_ns. */
static u16 ip4_id_next(const u8 *src_dst, u8 proto, u64 now_ns)
{
	u8 msg[9];
	u64 h;
	struct id_counter *c;

	key_once();
	__builtin_memcpy(msg, src_dst, 8);
	msg[8] = proto;
	if (st.last.valid && !__builtin_memcmp(st.last.msg, msg, sizeof(msg))) {
		h = st.last.hash;
	} else {
		h = siphash24(&st.key, msg, sizeof(msg));
		__builtin_memcpy(st.last.msg, msg, sizeof(msg));
		st.last.hash = h;
		st.last.valid = true;
	}
	c = &st.counter[h % ID_COUNTERS];
	if (!c->used) {
		c->next = (u16)random_u32();
		c->used = true;
	} else if (now_ns - c->last_ns < BURST_NS) {
		c->next++;
	} else {
		u64 pause_us = (now_ns - c->last_ns) / NSEC_PER_USEC;

		c->next = (u16)(c->next + 1 + random_below((u32)MIN(pause_us, (u64)MAX_STEP)));
	}
	c->last_ns = now_ns;
	/* The offset, from other bits of the hash, keeps triples sharing a counter apart. */
	return (u16)(c->next + (u16)(h >> 48));
}

bool ip4_id_rewrite(u8 *hdr, size_t len, u64 now_ns)
{
	u16 frag, orig, id;
	size_t hlen;

	if (len < 20 || hdr[0] >> 4 != 4)
		return false;
	hlen = (size_t)(hdr[0] & 0xf) * 4;
	if (hlen < 20 || hlen > len)
		return false;
	orig = get_be16(hdr + 4);
	frag = get_be16(hdr + 6);
	if (frag & IP4_OFFMASK) {
		/* A later fragment: the number its first fragment got. */
		if (st.frag4.valid && st.frag4.orig == orig &&
		    !__builtin_memcmp(st.frag4.dst, hdr + 16, 4)) {
			id = st.frag4.id;
		} else {
			st.stats.frag_unmatched++;
			id = ip4_id_next(hdr + 12, hdr[9], now_ns);
		}
	} else {
		id = ip4_id_next(hdr + 12, hdr[9], now_ns);
		st.frag4.valid = frag & IP4_MF;
		if (st.frag4.valid) {
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

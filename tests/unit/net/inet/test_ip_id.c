// SPDX-License-Identifier: BSD-2-Clause
/*
 * net/inet/ip_id.c: IPv4 identifications from per-destination counters (RFC 7739
 * section 5.3) instead of lwIP's global one, and IPv6 fragment ids; the
 * fragments of one datagram keep sharing a number.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/random/random.h"
#include "net/inet/ip_id.h"

#define MS 1000000ull

static void ip4_hdr(u8 *h, u8 dst_last, u8 proto, u16 orig_id, u16 frag)
{
	memset(h, 0, 20);
	h[0] = 0x45;
	h[4] = (u8)(orig_id >> 8);
	h[5] = (u8)orig_id;
	h[6] = (u8)(frag >> 8);
	h[7] = (u8)frag;
	h[8] = 64;
	h[9] = proto;
	memcpy(h + 12, (const u8[]){ 10, 0, 0, 2 }, 4);
	memcpy(h + 16, (const u8[]){ 10, 0, 0, dst_last }, 4);
}

static u16 id_of(const u8 *h)
{
	return (u16)(h[4] << 8 | h[5]);
}

/* A datagram to 10.0.0.dst through the rewrite; lwIP's counter would be `orig`. */
static u16 send4(u8 dst, u16 orig, u16 frag, u64 now)
{
	u8 h[20];

	ip4_hdr(h, dst, 6, orig, frag);
	ck_assert(ip4_id_rewrite(h, sizeof(h), now));
	return id_of(h);
}

static void setup(void)
{
	random_reset_for_test();
	random_reseed("ip id test", 10);
	ip_id_reset_for_test();
}

/* Within a burst one destination's numbers are consecutive, whatever else napkin sends. */
START_TEST(test_burst_consecutive_and_private_per_destination)
{
	u64 t = 10 * MS;
	u16 a1 = send4(1, 100, 0, t), a2;

	for (int i = 0; i < 50; i++)
		send4((u8)(2 + i), (u16)(101 + i), 0, t + 1000);
	a2 = send4(1, 151, 0, t + 2000);
	ck_assert_uint_eq((u16)(a2 - a1), 1);
}
END_TEST

/*
 * Probes some milliseconds apart, as nmap sends them: no longer steps of 1,
 * at least one step above 1000 (nmap's "random positive increments" rather
 * than "incremental").
 */
START_TEST(test_pauses_step_randomly)
{
	u16 prev = send4(1, 0, 0, 1000 * MS);
	int big = 0, small = 0;

	for (int i = 1; i <= 20; i++) {
		u16 id = send4(1, (u16)i, 0, (1000 + 100 * (u64)i) * MS);
		u16 d = (u16)(id - prev);

		big += d > 1000;
		small += d < 10;
		prev = id;
	}
	ck_assert_int_gt(big, 10);
	ck_assert_int_lt(small, 3);
}
END_TEST

/* Destinations do not share a sequence: lwIP's consecutive originals come out unrelated. */
START_TEST(test_destinations_unrelated)
{
	u16 ids[64];
	int adjacent = 0;

	for (int i = 0; i < 64; i++)
		ids[i] = send4((u8)(1 + i), (u16)(500 + i), 0, 50 * MS);
	for (int i = 1; i < 64; i++)
		adjacent += (u16)(ids[i] - ids[i - 1]) < 10;
	ck_assert_int_lt(adjacent, 3);
}
END_TEST

START_TEST(test_fragments_share_their_number)
{
	u64 t = 5 * MS;
	u16 first = send4(1, 700, 0x2000, t);	  /* offset 0, more fragments */
	u16 mid = send4(1, 700, 0x2000 | 185, t); /* offset 1480, more */
	u16 last = send4(1, 700, 185 * 2, t);	  /* offset 2960, last */
	u16 next = send4(1, 701, 0, t);
	struct ip_id_stats st;

	ck_assert_uint_eq(mid, first);
	ck_assert_uint_eq(last, first);
	ck_assert_uint_ne(next, first);
	/* A later fragment whose first was never seen gets a number of its own, and is counted. */
	send4(9, 702, 185, t);
	ip_id_get_stats(&st);
	ck_assert_uint_eq(st.frag_unmatched, 1);
	ck_assert_uint_eq(st.ip4_rewritten, 5);
}
END_TEST

START_TEST(test_not_ipv4_left_alone)
{
	u8 h[20];

	ip4_hdr(h, 1, 6, 5, 0);
	ck_assert(!ip4_id_rewrite(h, 19, 0));
	h[0] = 0x65;
	ck_assert(!ip4_id_rewrite(h, sizeof(h), 0));
	h[0] = 0x46; /* 24-byte header in 20 bytes */
	ck_assert(!ip4_id_rewrite(h, sizeof(h), 0));
	ck_assert_uint_eq(id_of(h), 5);
}
END_TEST

static void ip6_frag_pkt(u8 *p, u32 orig, u16 offset_units, bool more)
{
	u16 off_mf = (u16)(offset_units << 3 | (more ? 1 : 0));

	memset(p, 0, 48);
	p[0] = 0x60;
	p[6] = 44; /* fragment header follows */
	p[40] = 17;
	p[42] = (u8)(off_mf >> 8);
	p[43] = (u8)off_mf;
	p[44] = (u8)(orig >> 24);
	p[45] = (u8)(orig >> 16);
	p[46] = (u8)(orig >> 8);
	p[47] = (u8)orig;
}

static u32 frag6_id(const u8 *p)
{
	return (u32)p[44] << 24 | (u32)p[45] << 16 | (u32)p[46] << 8 | p[47];
}

START_TEST(test_ipv6_fragment_ids)
{
	u8 a[48], b[48], c[48], other[48];

	ip6_frag_pkt(a, 1, 0, true);
	ip6_frag_pkt(b, 1, 181, false);
	ip6_frag_pkt(c, 2, 0, true);
	ck_assert(ip6_frag_id_rewrite(a, sizeof(a)));
	ck_assert(ip6_frag_id_rewrite(b, sizeof(b)));
	ck_assert(ip6_frag_id_rewrite(c, sizeof(c)));
	ck_assert_uint_eq(frag6_id(a), frag6_id(b));
	ck_assert_uint_ne(frag6_id(a), frag6_id(c));
	/* lwIP's counter went 1, 2: ours must not be a counter. */
	ck_assert_uint_ne(frag6_id(c) - frag6_id(a), 1);
	/* Not a fragment: untouched. */
	ip6_frag_pkt(other, 3, 0, true);
	other[6] = 17;
	ck_assert(!ip6_frag_id_rewrite(other, sizeof(other)));
	ck_assert_uint_eq(frag6_id(other), 3);
}
END_TEST

static Suite *ip_id_suite(void)
{
	Suite *s = suite_create("ip_id");
	TCase *tc = tcase_create("ids");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_burst_consecutive_and_private_per_destination);
	tcase_add_test(tc, test_pauses_step_randomly);
	tcase_add_test(tc, test_destinations_unrelated);
	tcase_add_test(tc, test_fragments_share_their_number);
	tcase_add_test(tc, test_not_ipv4_left_alone);
	tcase_add_test(tc, test_ipv6_fragment_ids);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ip_id_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

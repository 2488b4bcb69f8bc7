// SPDX-License-Identifier: BSD-2-Clause
/*
 * e1000 pure logic: ring index arithmetic, the multicast hash and table,
 * RCTL filter bits, receive descriptor classification, transmit checksum
 * planning and the software checksum, the statistics register table.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/e1000/e1000_offload.h"
#include "drivers/e1000/e1000_ring.h"
#include "drivers/e1000/e1000_stats.h"
#include "net/core/netdev.h"

/* e1000_stats.c also serves the netdev layer, which these tests never reach. */
void netdev_rx_missed(struct net_device *dev, unsigned int count)
{
	ck_abort_msg("netdev_rx_missed reached from the pure statistics table");
}

/* ---- rings ---- */

START_TEST(ring_sizes)
{
	ck_assert(e1000_ring_size_ok(8));
	ck_assert(e1000_ring_size_ok(256));
	ck_assert(e1000_ring_size_ok(4096));
	ck_assert(!e1000_ring_size_ok(0));
	ck_assert(!e1000_ring_size_ok(4));
	ck_assert(!e1000_ring_size_ok(12)); /* 192 bytes: not a multiple of 128 */
	ck_assert(!e1000_ring_size_ok(4104));
}
END_TEST

START_TEST(ring_next_and_add_wrap)
{
	ck_assert_uint_eq(e1000_ring_next(0, 8), 1);
	ck_assert_uint_eq(e1000_ring_next(7, 8), 0);
	ck_assert_uint_eq(e1000_ring_add(6, 2, 8), 0);
	ck_assert_uint_eq(e1000_ring_add(6, 5, 8), 3);
	ck_assert_uint_eq(e1000_ring_add(3, 8, 8), 3);
	ck_assert_uint_eq(e1000_ring_add(0, 0, 8), 0);
}
END_TEST

/* Every (next_to_use, next_to_clean) pair of a small ring, against counting slots one by one. */
START_TEST(ring_occupancy_exhaustive)
{
	const u16 n = 16;

	for (u16 ntu = 0; ntu < n; ntu++) {
		for (u16 ntc = 0; ntc < n; ntc++) {
			u16 walked = 0;

			for (u16 i = ntc; i != ntu; i = (u16)((i + 1) % n))
				walked++;
			ck_assert_uint_eq(e1000_ring_in_flight(ntu, ntc, n), walked);
			ck_assert_uint_eq(e1000_ring_unused(ntu, ntc, n), n - 1 - walked);
			for (u16 i = 0; i < n; i++) {
				bool inside = false;

				for (u16 j = ntc; j != ntu; j = (u16)((j + 1) % n))
					inside |= j == i;
				ck_assert_int_eq(e1000_ring_between(i, ntc, ntu), inside);
			}
		}
	}
}
END_TEST

START_TEST(ring_full_keeps_one_slot)
{
	/* Filled to the brim: tail sits just behind head, and nothing more fits. */
	ck_assert_uint_eq(e1000_ring_unused(255, 0, 256), 0);
	ck_assert_uint_eq(e1000_ring_in_flight(255, 0, 256), 255);
	ck_assert_uint_eq(e1000_ring_unused(4, 5, 256), 0);
	ck_assert_uint_eq(e1000_ring_unused(5, 5, 256), 255);
}
END_TEST

/* ---- multicast filter ---- */

/* Reference: pick bits hi..lo of the 48-bit address, bit 0 = first byte's lowest bit. */
static u16 ref_hash(const u8 a[6], int hi, int lo)
{
	u64 v = 0;
	u16 h = 0;

	for (int i = 5; i >= 0; i--)
		v = v << 8 | a[i];
	for (int b = hi; b >= lo; b--)
		h = (u16)(h << 1 | ((v >> b) & 1));
	return h;
}

START_TEST(mta_hash_matches_bit_ranges)
{
	static const int range[4][2] = { { 47, 36 }, { 46, 35 }, { 45, 34 }, { 43, 32 } };
	u8 a[6];

	srand(1234);
	for (int k = 0; k < 2000; k++) {
		for (int i = 0; i < 6; i++)
			a[i] = (u8)rand();
		for (unsigned int mo = 0; mo < 4; mo++)
			ck_assert_uint_eq(e1000_mta_hash(a, mo),
					  ref_hash(a, range[mo][0], range[mo][1]));
	}
}
END_TEST

START_TEST(mta_hash_known_values)
{
	static const u8 all_hosts[6] = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 };
	static const u8 ssdp[6] = { 0x01, 0x00, 0x5e, 0x7f, 0xff, 0xfa };
	static const u8 ipv6_all_nodes[6] = { 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 };

	ck_assert_uint_eq(e1000_mta_hash(all_hosts, 0), 0x010);
	ck_assert_uint_eq(e1000_mta_hash(ipv6_all_nodes, 0), 0x010);
	ck_assert_uint_eq(e1000_mta_hash(ssdp, 0), 0xFAF);
	ck_assert_uint_eq(e1000_mta_hash(ssdp, 1), 0xF5F);
	ck_assert_uint_eq(e1000_mta_hash(ssdp, 2), 0xEBF);
	ck_assert_uint_eq(e1000_mta_hash(ssdp, 3), 0xAFF);
	ck_assert_uint_eq(e1000_mta_word(0xFAF), 125);
	ck_assert_uint_eq(e1000_mta_bit(0xFAF), 1u << 15);
}
END_TEST

START_TEST(mta_build_sets_exactly_the_bits)
{
	static const u8 addrs[3][6] = {
		{ 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 },
		{ 0x01, 0x00, 0x5e, 0x7f, 0xff, 0xfa },
		{ 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 }, /* same hash as the first */
	};
	u32 mta[E1000_MTA_WORDS];
	int bits = 0;

	memset(mta, 0xA5, sizeof(mta));
	e1000_mta_build(mta, addrs, 3, 0);
	for (int i = 0; i < E1000_MTA_WORDS; i++)
		bits += __builtin_popcount(mta[i]);
	ck_assert_int_eq(bits, 2);
	ck_assert_uint_eq(mta[0], 1u << 16);
	ck_assert_uint_eq(mta[125], 1u << 15);

	e1000_mta_build(mta, addrs, 0, 0);
	for (int i = 0; i < E1000_MTA_WORDS; i++)
		ck_assert_uint_eq(mta[i], 0);
}
END_TEST

START_TEST(rctl_filter_bits)
{
	u32 base = E1000_RCTL_EN | E1000_RCTL_BAM | E1000_RCTL_SECRC;

	ck_assert_uint_eq(e1000_rctl_filter(base | E1000_RCTL_UPE | E1000_RCTL_MPE, false, false),
			  base);
	ck_assert_uint_eq(e1000_rctl_filter(base, false, true), base | E1000_RCTL_MPE);
	ck_assert_uint_eq(e1000_rctl_filter(base, true, false),
			  base | E1000_RCTL_UPE | E1000_RCTL_MPE);
	ck_assert_uint_eq(e1000_rctl_filter(base | E1000_RCTL_UPE, false, true),
			  base | E1000_RCTL_MPE);
}
END_TEST

/* ---- receive descriptors ---- */

#define DD_EOP (E1000_RXD_STAT_DD | E1000_RXD_STAT_EOP)

START_TEST(rx_classify_good_frames)
{
	bool span = false;
	struct e1000_rx_info r;

	r = e1000_rx_classify(DD_EOP, 0, 60, 2048, &span);
	ck_assert_int_eq(r.verdict, E1000_RX_PASS);
	ck_assert_int_eq(r.csum, NETBUF_CSUM_NONE);
	r = e1000_rx_classify(DD_EOP, 0, 2048, 2048, &span);
	ck_assert_int_eq(r.verdict, E1000_RX_PASS);
	r = e1000_rx_classify(DD_EOP, 0, ETH_HLEN, 2048, &span);
	ck_assert_int_eq(r.verdict, E1000_RX_PASS);
	ck_assert(!span);
}
END_TEST

START_TEST(rx_classify_checksums)
{
	bool span = false;
	struct e1000_rx_info r;
	u8 both = DD_EOP | E1000_RXD_STAT_IPCS | E1000_RXD_STAT_TCPCS;

	r = e1000_rx_classify(both, 0, 100, 2048, &span);
	ck_assert_int_eq(r.csum, NETBUF_CSUM_UNNECESSARY);
	ck_assert(!r.csum_error);
	r = e1000_rx_classify(DD_EOP | E1000_RXD_STAT_IPCS | E1000_RXD_STAT_UDPCS, 0, 100, 2048,
			      &span);
	ck_assert_int_eq(r.csum, NETBUF_CSUM_UNNECESSARY);
	/* Only the IP header checked (ICMP, fragments): the stack must verify the rest. */
	r = e1000_rx_classify(DD_EOP | E1000_RXD_STAT_IPCS, 0, 100, 2048, &span);
	ck_assert_int_eq(r.csum, NETBUF_CSUM_NONE);
	/* IXSM overrides whatever else is set. */
	r = e1000_rx_classify(both | E1000_RXD_STAT_IXSM, 0, 100, 2048, &span);
	ck_assert_int_eq(r.csum, NETBUF_CSUM_NONE);
	/* A bad checksum is handed up unverified and flagged, not dropped here. */
	r = e1000_rx_classify(both, E1000_RXD_ERR_TCPE, 100, 2048, &span);
	ck_assert_int_eq(r.verdict, E1000_RX_PASS);
	ck_assert_int_eq(r.csum, NETBUF_CSUM_NONE);
	ck_assert(r.csum_error);
	r = e1000_rx_classify(both, E1000_RXD_ERR_IPE, 100, 2048, &span);
	ck_assert(r.csum_error);
}
END_TEST

START_TEST(rx_classify_errors_and_lengths)
{
	static const u8 frame_errors[] = { E1000_RXD_ERR_CE, E1000_RXD_ERR_SE, E1000_RXD_ERR_SEQ,
					   E1000_RXD_ERR_CXE, E1000_RXD_ERR_RXE };
	bool span = false;

	for (size_t i = 0; i < sizeof(frame_errors); i++)
		ck_assert_int_eq(
		    e1000_rx_classify(DD_EOP, frame_errors[i], 60, 2048, &span).verdict,
		    E1000_RX_DROP_ERROR);
	ck_assert_int_eq(e1000_rx_classify(DD_EOP, 0, 0, 2048, &span).verdict,
			 E1000_RX_DROP_LENGTH);
	ck_assert_int_eq(e1000_rx_classify(DD_EOP, 0, ETH_HLEN - 1, 2048, &span).verdict,
			 E1000_RX_DROP_LENGTH);
	ck_assert_int_eq(e1000_rx_classify(DD_EOP, 0, 2049, 2048, &span).verdict,
			 E1000_RX_DROP_LENGTH);
	ck_assert_int_eq(e1000_rx_classify(DD_EOP, 0, 0xFFFF, 2048, &span).verdict,
			 E1000_RX_DROP_LENGTH);
	ck_assert(!span);
}
END_TEST

START_TEST(rx_classify_spanning_frame_dropped_whole)
{
	bool span = false;

	ck_assert_int_eq(e1000_rx_classify(E1000_RXD_STAT_DD, 0, 2048, 2048, &span).verdict,
			 E1000_RX_DROP_SPANNING);
	ck_assert(span);
	ck_assert_int_eq(e1000_rx_classify(E1000_RXD_STAT_DD, 0, 2048, 2048, &span).verdict,
			 E1000_RX_DROP_TAIL);
	ck_assert(span);
	/* The tail is dropped even though it looks like a good frame on its own. */
	ck_assert_int_eq(e1000_rx_classify(DD_EOP, 0, 100, 2048, &span).verdict,
			 E1000_RX_DROP_TAIL);
	ck_assert(!span);
	ck_assert_int_eq(e1000_rx_classify(DD_EOP, 0, 100, 2048, &span).verdict, E1000_RX_PASS);
	ck_assert_str_eq(e1000_rx_verdict_name(E1000_RX_DROP_LENGTH), "impossible length");
}
END_TEST

/* ---- transmit checksums ---- */

static u8 frame_buf[2048];

/* An Ethernet + IPv4 (ihl words) + UDP frame with the pseudo-header sum in the UDP field. */
static void make_udp4(struct netbuf *nb, unsigned int ihl, u32 payload)
{
	u32 ip_len = ihl * 4, len = ETH_HLEN + ip_len + 8 + payload;

	memset(frame_buf, 0, sizeof(frame_buf));
	frame_buf[12] = 0x08;
	frame_buf[14] = (u8)(0x40 | ihl);
	for (u32 i = 0; i < payload; i++)
		frame_buf[ETH_HLEN + ip_len + 8 + i] = (u8)(i * 7 + 3);
	netbuf_init(nb, frame_buf, len, 0x1000, NULL, NULL);
	nb->csum = NETBUF_CSUM_PARTIAL;
	nb->csum_start = (u16)(ETH_HLEN + ip_len);
	nb->csum_offset = 6;
	nb->flags = NETBUF_F_TX_IPHDR_CSUM;
}

START_TEST(tx_plan_none)
{
	struct netbuf nb;
	struct e1000_tx_csum_plan p;

	netbuf_init(&nb, frame_buf, 60, 0, NULL, NULL);
	ck_assert_int_eq(e1000_tx_csum_plan(&nb, &p), 0);
	ck_assert(!p.hw_ip && !p.hw_l4 && !p.sw_l4);
	ck_assert(!e1000_tx_csum_needs_ctx(&p));
	ck_assert_uint_eq(e1000_tx_csum_popts(&p), 0);
}
END_TEST

START_TEST(tx_plan_udp4_offsets)
{
	struct netbuf nb;
	struct e1000_tx_csum_plan p;
	struct e1000_tx_ctx_desc d;

	make_udp4(&nb, 5, 32);
	ck_assert_int_eq(e1000_tx_csum_plan(&nb, &p), 0);
	ck_assert(p.hw_ip && p.hw_l4 && !p.sw_l4);
	ck_assert_uint_eq(p.ipcss, 14);
	ck_assert_uint_eq(p.ipcso, 24);
	ck_assert_uint_eq(p.ipcse, 33);
	ck_assert_uint_eq(p.tucss, 34);
	ck_assert_uint_eq(p.tucso, 40);
	ck_assert_uint_eq(e1000_tx_csum_popts(&p), E1000_TXD_POPTS_IXSM | E1000_TXD_POPTS_TXSM);
	e1000_tx_ctx_fill(&d, &p);
	ck_assert_uint_eq(d.ipcss, 14);
	ck_assert_uint_eq(d.ipcso, 24);
	ck_assert_uint_eq(d.ipcse, 33);
	ck_assert_uint_eq(d.tucss, 34);
	ck_assert_uint_eq(d.tucso, 40);
	ck_assert_uint_eq(d.tucse, 0);
	ck_assert_uint_eq(d.cmd_len & (0xFu << 20), E1000_TXD_DTYP_CTX);
	ck_assert(d.cmd_len & E1000_TXD_DCMD_DEXT);

	/* Options in the IP header move the end of its checksum. */
	make_udp4(&nb, 6, 32);
	ck_assert_int_eq(e1000_tx_csum_plan(&nb, &p), 0);
	ck_assert_uint_eq(p.ipcse, 37);
	ck_assert_uint_eq(p.tucss, 38);
}
END_TEST

START_TEST(tx_plan_rejects_bad_offsets)
{
	struct netbuf nb;
	struct e1000_tx_csum_plan p;

	make_udp4(&nb, 5, 32);
	nb.csum_start = (u16)nb.tot_len;
	ck_assert_int_eq(e1000_tx_csum_plan(&nb, &p), -EINVAL);
	make_udp4(&nb, 5, 32);
	nb.csum_offset = (u16)(nb.tot_len - nb.csum_start - 1); /* field would end past the frame */
	ck_assert_int_eq(e1000_tx_csum_plan(&nb, &p), -EINVAL);
	make_udp4(&nb, 5, 32);
	nb.csum_start = 4; /* inside the Ethernet header */
	ck_assert_int_eq(e1000_tx_csum_plan(&nb, &p), -EINVAL);
	make_udp4(&nb, 5, 32);
	frame_buf[14] = 0x65; /* IPv6 version with an IPv4 header checksum request */
	ck_assert_int_eq(e1000_tx_csum_plan(&nb, &p), -EINVAL);
	make_udp4(&nb, 5, 32);
	frame_buf[14] = 0x44; /* IHL below the minimum */
	ck_assert_int_eq(e1000_tx_csum_plan(&nb, &p), -EINVAL);
}
END_TEST

/* Reference one's complement checksum over a flat buffer. */
static u16 ref_csum(const u8 *p, u32 len)
{
	u32 sum = 0;

	for (u32 i = 0; i + 1 < len; i += 2)
		sum += (u32)p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += (u32)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	return (u16)~sum;
}

START_TEST(tx_software_checksum_far_offsets)
{
	static u8 flat[1200], seg_a[1200], seg_b[1200], seg_c[1200];
	struct netbuf nb, a, b, c;
	struct e1000_tx_csum_plan p;
	const u32 start = 300, field = start + 16, len = 1001; /* TCP-like, odd length */
	u16 want, got;
	u32 check_sum;

	for (u32 i = 0; i < len; i++)
		flat[i] = (u8)(i * 31 + 5);
	flat[field] = 0x12; /* stands for the pseudo-header sum */
	flat[field + 1] = 0x34;

	netbuf_init(&nb, flat, len, 0, NULL, NULL);
	nb.csum = NETBUF_CSUM_PARTIAL;
	nb.csum_start = start;
	nb.csum_offset = 16;
	ck_assert_int_eq(e1000_tx_csum_plan(&nb, &p), 0);
	ck_assert(p.sw_l4 && !p.hw_l4 && !e1000_tx_csum_needs_ctx(&p));

	/* The same frame split at odd places, before and after the checksum field. */
	memcpy(seg_a, flat, 301);
	memcpy(seg_b, flat + 301, 16);
	memcpy(seg_c, flat + 317, len - 317);
	netbuf_init(&a, seg_a, 301, 0, NULL, NULL);
	netbuf_init(&b, seg_b, 16, 0, NULL, NULL);
	netbuf_init(&c, seg_c, len - 317, 0, NULL, NULL);
	a.next = &b;
	b.next = &c;
	a.tot_len = len;
	a.csum = NETBUF_CSUM_PARTIAL;
	a.csum_start = start;
	a.csum_offset = 16;

	want = ref_csum(flat + start, len - start);
	e1000_tx_csum_sw(&nb, &p);
	got = (u16)(flat[field] << 8 | flat[field + 1]);
	ck_assert_uint_eq(got, want ? want : 0xFFFF);
	/* What a receiver checks: data with the checksum, plus the pseudo header, sums to ~0. */
	check_sum = (u16)~ref_csum(flat + start, len - start) + 0x1234u;
	check_sum = (check_sum & 0xFFFF) + (check_sum >> 16);
	ck_assert_uint_eq(check_sum, 0xFFFF);

	ck_assert_int_eq(e1000_tx_csum_plan(&a, &p), 0);
	e1000_tx_csum_sw(&a, &p);
	ck_assert_uint_eq(*e1000_frame_byte(&a, field), flat[field]);
	ck_assert_uint_eq(*e1000_frame_byte(&a, field + 1), flat[field + 1]);
	ck_assert_ptr_null(e1000_frame_byte(&a, len));
}
END_TEST

START_TEST(tx_context_reuse)
{
	struct netbuf nb;
	struct e1000_tx_csum_plan p1, p2;

	make_udp4(&nb, 5, 32);
	e1000_tx_csum_plan(&nb, &p1);
	make_udp4(&nb, 5, 500); /* longer payload, same offsets: same context */
	e1000_tx_csum_plan(&nb, &p2);
	ck_assert(e1000_tx_ctx_same(&p1, &p2));
	make_udp4(&nb, 6, 32);
	e1000_tx_csum_plan(&nb, &p2);
	ck_assert(!e1000_tx_ctx_same(&p1, &p2));
	make_udp4(&nb, 5, 32);
	nb.flags = 0; /* TCP/UDP only: a different context */
	e1000_tx_csum_plan(&nb, &p2);
	ck_assert(!e1000_tx_ctx_same(&p1, &p2));
}
END_TEST

/* ---- statistics registers ---- */

static u32 fake_regs[0x10000 / 4];

START_TEST(stats_table_is_consistent)
{
	for (int i = 0; i < E1000_NR_HW_STATS; i++) {
		const struct e1000_hw_stat_def *d = &e1000_hw_stat_defs[i];

		ck_assert(d->name && *d->name);
		ck_assert_uint_ge(d->reg, E1000_STATS_FIRST);
		ck_assert_uint_le(d->reg + (d->wide ? 4 : 0), E1000_STATS_LAST);
		ck_assert_uint_eq(d->reg % 4, 0);
		if (i > 0)
			ck_assert_uint_gt(d->reg, e1000_hw_stat_defs[i - 1].reg +
						      (e1000_hw_stat_defs[i - 1].wide ? 4 : 0));
		for (int j = 0; j < i; j++)
			ck_assert_str_ne(d->name, e1000_hw_stat_defs[j].name);
		for (size_t j = 0; j < E1000_NR_SW_STATS; j++)
			ck_assert_str_ne(d->name, e1000_sw_stat_names[j]);
	}
	ck_assert_uint_eq(e1000_hw_stat_defs[E1000_HWSTAT_MPC].reg, 0x4010);
	ck_assert_uint_eq(e1000_hw_stat_defs[E1000_HWSTAT_GPRC].reg, 0x4074);
	ck_assert_uint_eq(e1000_hw_stat_defs[E1000_HWSTAT_GPTC].reg, 0x4080);
	ck_assert_uint_eq(e1000_hw_stat_defs[E1000_HWSTAT_CRCERRS].reg, 0x4000);
}
END_TEST

START_TEST(stats_accumulate_across_reads)
{
	u64 acc[E1000_NR_HW_STATS] = { 0 };
	u8 *mmio = (u8 *)fake_regs;

	memset(fake_regs, 0, sizeof(fake_regs));
	fake_regs[0x4000 / 4] = 5;	    /* CRCERRS */
	fake_regs[0x4010 / 4] = 3;	    /* MPC */
	fake_regs[0x4088 / 4] = 0xFFFFFFF0; /* GORC low */
	fake_regs[0x408C / 4] = 1;	    /* GORC high */
	ck_assert_uint_eq(e1000_hw_stats_collect(acc, mmio), 3);
	ck_assert_uint_eq(acc[E1000_HWSTAT_CRCERRS], 5);
	ck_assert_uint_eq(acc[E1000_HWSTAT_MPC], 3);
	ck_assert_uint_eq(acc[E1000_HWSTAT_GORC], 0x1FFFFFFF0ull);

	/* The chip cleared them on read; new counts add up. */
	memset(fake_regs, 0, sizeof(fake_regs));
	fake_regs[0x4010 / 4] = 0xFFFFFFFF;
	fake_regs[0x4088 / 4] = 0x10;
	ck_assert_uint_eq(e1000_hw_stats_collect(acc, mmio), 0xFFFFFFFFull);
	ck_assert_uint_eq(acc[E1000_HWSTAT_MPC], 0x100000002ull);
	ck_assert_uint_eq(acc[E1000_HWSTAT_GORC], 0x200000000ull);
	ck_assert_uint_eq(e1000_hw_stat_collect(acc, mmio, E1000_HWSTAT_CRCERRS), 0);
	ck_assert_uint_eq(acc[E1000_HWSTAT_CRCERRS], 5);
}
END_TEST

static Suite *e1000_logic_suite(void)
{
	Suite *s = suite_create("e1000_logic");
	TCase *t = tcase_create("core");

	tcase_add_test(t, ring_sizes);
	tcase_add_test(t, ring_next_and_add_wrap);
	tcase_add_test(t, ring_occupancy_exhaustive);
	tcase_add_test(t, ring_full_keeps_one_slot);
	tcase_add_test(t, mta_hash_matches_bit_ranges);
	tcase_add_test(t, mta_hash_known_values);
	tcase_add_test(t, mta_build_sets_exactly_the_bits);
	tcase_add_test(t, rctl_filter_bits);
	tcase_add_test(t, rx_classify_good_frames);
	tcase_add_test(t, rx_classify_checksums);
	tcase_add_test(t, rx_classify_errors_and_lengths);
	tcase_add_test(t, rx_classify_spanning_frame_dropped_whole);
	tcase_add_test(t, tx_plan_none);
	tcase_add_test(t, tx_plan_udp4_offsets);
	tcase_add_test(t, tx_plan_rejects_bad_offsets);
	tcase_add_test(t, tx_software_checksum_far_offsets);
	tcase_add_test(t, tx_context_reuse);
	tcase_add_test(t, stats_table_is_consistent);
	tcase_add_test(t, stats_accumulate_across_reads);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	SRunner *r = srunner_create(e1000_logic_suite());
	int failed;

	srunner_run_all(r, CK_NORMAL);
	failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

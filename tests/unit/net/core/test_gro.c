// SPDX-License-Identifier: BSD-2-Clause
/*
 * Receive aggregation (net/core/gro.c) between a fake driver and a fake stack:
 * what is merged, what is not, the wire order of each flow, the rewritten
 * headers, every frame going back to its owner, and nothing held past a poll.
 */
#include <check.h>
#include <errno.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "net/core/gro.h"
#include "net/core/napi.h"
#include "net/core/netbuf.h"
#include "net/core/netdev_stack.h"
#include "net/core/params.h"
#include "tests/unit/fakes/napi_fakes.h"

#define NBUFS	  128
#define PAYLOAD	  1000
#define FRAME_MAX (14 + 20 + 40 + PAYLOAD)
#define FLOW_PORT 5001

static struct net_device dev;
static struct netbuf bufs[NBUFS];
static u8 mem[NBUFS][FRAME_MAX];
static bool out[NBUFS];
static int released;

/* What the stack saw: each frame's first sequence number, length and driver frames. */
struct seen {
	u32 seq;
	u16 sport;
	u32 tot_len;
	unsigned int frames;
	u8 tcp_flags;
	bool ip_csum_ok;
	bool sw_verified;
	u8 copy[64 * 1024];
};
static struct seen seen[64];
static int nseen;

static void release(struct netbuf *nb)
{
	int i = (int)(nb - bufs);

	ck_assert_msg(out[i], "frame %d released twice", i);
	out[i] = false;
	released++;
}

static u16 rd16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static u32 rd32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static void wr16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

static void wr32(u8 *p, u32 v)
{
	wr16(p, (u16)(v >> 16));
	wr16(p + 2, (u16)v);
}

static bool ip_csum_ok(const u8 *ip)
{
	u32 sum = 0;

	for (int i = 0; i < 20; i += 2)
		sum += rd16(ip + i);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum == 0xffff;
}

/* The RFC 1071 sum the plain way, 16-bit big-endian words: independent of net/core/inet_csum.c. */
static u32 ref_sum(u32 sum, const u8 *p, u32 len)
{
	for (u32 i = 0; i + 1 < len; i += 2)
		sum += rd16(p + i);
	if (len & 1)
		sum += (u32)p[len - 1] << 8;
	return sum;
}

static u16 ref_fold(u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

static int stack_rx(struct net_device *d, struct netbuf *nb)
{
	struct seen *s = &seen[nseen++];
	const u8 *tcp = nb->data + 14 + 20;

	ck_assert_ptr_eq(nb->dev, d);
	s->seq = rd32(tcp + 4);
	s->sport = rd16(tcp);
	s->tcp_flags = tcp[13];
	s->tot_len = nb->tot_len;
	s->frames = 0;
	for (struct netbuf *f = nb; f; f = f->gro_next)
		s->frames++;
	s->ip_csum_ok = ip_csum_ok(nb->data + 14);
	s->sw_verified = nb->csum == NETBUF_CSUM_UNNECESSARY && (nb->flags & NETBUF_F_RX_CSUM_SW);
	ck_assert_uint_eq(rd16(nb->data + 14 + 2), nb->tot_len - 14);
	ck_assert_uint_eq(netbuf_copy_out(nb, 0, s->copy, sizeof(s->copy)), nb->tot_len);
	netbuf_free(nb);
	return NET_RX_SUCCESS;
}

static const struct netdev_stack_ops stack = { .rx = stack_rx };

struct seg_opts {
	u16 sport;
	u32 seq;
	u8 flags;	   /* TCP flags; 0 means ACK */
	u16 payload;	   /* 0 means PAYLOAD */
	bool unverified;   /* checksum not checked by the device */
	bool fill_csums;   /* correct IPv4 and TCP checksums in the frame */
	bool odd_tcp_csum; /* ... then one bit of the TCP checksum flipped */
	u32 tsval;	   /* nonzero: a 12-byte timestamp option */
	bool udp;
};

/* A frame as a driver would hand it up, its payload bytes counting from seq. */
static struct netbuf *frame(struct seg_opts o)
{
	u16 payload = o.payload ? o.payload : PAYLOAD;
	u8 thl = o.tsval ? 32 : 20;
	u32 len = 14 + 20 + thl + payload;
	int i;
	u8 *f, *ip, *tcp;

	for (i = 0; i < NBUFS && out[i]; i++)
		;
	ck_assert_int_lt(i, NBUFS);
	out[i] = true;
	f = mem[i];
	memset(f, 0, FRAME_MAX);
	wr16(f + 12, 0x0800);
	ip = f + 14;
	ip[0] = 0x45;
	wr16(ip + 2, (u16)(20 + thl + payload));
	ip[8] = 64;
	ip[9] = o.udp ? 17 : 6;
	wr32(ip + 12, 0xc0a84d01);
	wr32(ip + 16, 0xc0a84d02);
	tcp = ip + 20;
	wr16(tcp, o.sport ? o.sport : 40000);
	wr16(tcp + 2, FLOW_PORT);
	wr32(tcp + 4, o.seq);
	wr32(tcp + 8, 777);
	tcp[12] = (u8)((thl / 4) << 4);
	tcp[13] = o.flags ? o.flags : 0x10;
	wr16(tcp + 14, 1024);
	if (o.tsval) {
		tcp[20] = 1;
		tcp[21] = 1;
		tcp[22] = 8;
		tcp[23] = 10;
		wr32(tcp + 24, o.tsval);
	}
	for (u16 b = 0; b < payload; b++)
		tcp[thl + b] = (u8)(o.seq + b);
	if (o.fill_csums) {
		u8 pseudo[12];
		u32 sum;

		memcpy(pseudo, ip + 12, 8);
		pseudo[8] = 0;
		pseudo[9] = 6;
		wr16(pseudo + 10, (u16)(thl + payload));
		wr16(ip + 10, ref_fold(ref_sum(0, ip, 20)));
		sum = ref_sum(ref_sum(0, pseudo, 12), tcp, thl + payload);
		wr16(tcp + 16, ref_fold(sum));
		if (o.odd_tcp_csum)
			tcp[17] ^= 1;
	}
	netbuf_init(&bufs[i], f, len, 0, release, NULL);
	bufs[i].csum = o.unverified ? NETBUF_CSUM_NONE : NETBUF_CSUM_UNNECESSARY;
	return &bufs[i];
}

static void rx(struct seg_opts o)
{
	ck_assert_int_eq(netif_receive_from(&dev, frame(o), NETIF_RX_SOFTIRQ), NET_RX_SUCCESS);
}

/* The payload of seen frame n is the byte pattern from its first sequence number on. */
static void assert_payload_continuous(int n, u32 hdr_len)
{
	const struct seen *s = &seen[n];

	for (u32 b = 0; b + hdr_len < s->tot_len; b++)
		ck_assert_msg(s->copy[hdr_len + b] == (u8)(s->seq + b),
			      "byte %u of merged frame %d is wrong", b, n);
}

static void setup(void)
{
	fake_reset_all();
	cmdline_init("");
	net_core_init();
	memset(&dev, 0, sizeof(dev));
	dev.features = NETIF_F_RXCSUM;
	memset(out, 0, sizeof(out));
	released = 0;
	nseen = 0;
	memset(&gro_stats, 0, sizeof(gro_stats));
	gro_set_enabled(true);
	netdev_set_stack(&stack);
}

static void teardown(void)
{
	gro_flush();
	for (int i = 0; i < NBUFS; i++)
		ck_assert_msg(!out[i], "frame %d never went back to its driver", i);
}

START_TEST(test_in_order_segments_become_one)
{
	for (int i = 0; i < 4; i++)
		rx((struct seg_opts){ .seq = 1000 + i * PAYLOAD });
	ck_assert_int_eq(nseen, 0);
	ck_assert_uint_eq(gro_held(), 4);
	gro_flush();
	ck_assert_int_eq(nseen, 1);
	ck_assert_uint_eq(seen[0].frames, 4);
	ck_assert_uint_eq(seen[0].seq, 1000);
	ck_assert_uint_eq(seen[0].tot_len, 14 + 20 + 20 + 4 * PAYLOAD);
	ck_assert(seen[0].ip_csum_ok);
	assert_payload_continuous(0, 54);
	ck_assert_int_eq(released, 4);
	ck_assert_uint_eq(gro_stats.merged, 3);
	ck_assert_uint_eq(gro_stats.large, 1);
	ck_assert_uint_eq(dev.stats.rx_packets, 4);
}
END_TEST

START_TEST(test_gap_is_not_merged_and_order_kept)
{
	rx((struct seg_opts){ .seq = 1000 });
	rx((struct seg_opts){ .seq = 1000 + 2 * PAYLOAD }); /* one segment lost */
	rx((struct seg_opts){ .seq = 1000 + 3 * PAYLOAD });
	gro_flush();
	ck_assert_int_eq(nseen, 2);
	ck_assert_uint_eq(seen[0].seq, 1000);
	ck_assert_uint_eq(seen[0].frames, 1);
	ck_assert_uint_eq(seen[1].seq, 1000 + 2 * PAYLOAD);
	ck_assert_uint_eq(seen[1].frames, 2);
}
END_TEST

START_TEST(test_push_ends_the_merge)
{
	rx((struct seg_opts){ .seq = 1 });
	rx((struct seg_opts){ .seq = 1 + PAYLOAD });
	rx((struct seg_opts){ .seq = 1 + 2 * PAYLOAD, .flags = 0x18 });
	ck_assert_int_eq(nseen, 1); /* delivered without waiting for the flush */
	ck_assert_uint_eq(seen[0].frames, 3);
	ck_assert(seen[0].tcp_flags & 0x08);
	rx((struct seg_opts){ .seq = 1 + 3 * PAYLOAD });
	ck_assert_uint_eq(gro_held(), 1);
	gro_flush();
	ck_assert_int_eq(nseen, 2);
}
END_TEST

START_TEST(test_unverified_and_control_segments_push_their_flow_first)
{
	rx((struct seg_opts){ .seq = 1 });
	rx((struct seg_opts){ .seq = 1 + PAYLOAD });
	rx((struct seg_opts){ .seq = 1 + 2 * PAYLOAD, .unverified = true });
	ck_assert_int_eq(nseen, 2);
	ck_assert_uint_eq(seen[0].frames, 2);
	ck_assert_uint_eq(seen[1].seq, 1 + 2 * PAYLOAD);
	rx((struct seg_opts){ .seq = 1 + 3 * PAYLOAD });
	rx((struct seg_opts){ .seq = 1 + 4 * PAYLOAD, .flags = 0x11 }); /* FIN */
	ck_assert_int_eq(nseen, 4);
	ck_assert_uint_eq(seen[2].seq, 1 + 3 * PAYLOAD);
	ck_assert_uint_eq(seen[3].tcp_flags, 0x11);
	ck_assert_uint_eq(gro_held(), 0);
}
END_TEST

START_TEST(test_flows_are_kept_apart_and_other_traffic_passes)
{
	rx((struct seg_opts){ .sport = 1, .seq = 10 });
	rx((struct seg_opts){ .sport = 2, .seq = 500 });
	rx((struct seg_opts){ .udp = true });
	ck_assert_int_eq(nseen, 1); /* UDP goes straight up, holding nothing back */
	rx((struct seg_opts){ .sport = 1, .seq = 10 + PAYLOAD });
	rx((struct seg_opts){ .sport = 2, .seq = 500 + PAYLOAD });
	gro_flush();
	ck_assert_int_eq(nseen, 3);
	ck_assert_uint_eq(seen[1].sport, 1);
	ck_assert_uint_eq(seen[1].frames, 2);
	ck_assert_uint_eq(seen[2].sport, 2);
	ck_assert_uint_eq(seen[2].frames, 2);
	assert_payload_continuous(1, 54);
	assert_payload_continuous(2, 54);
}
END_TEST

START_TEST(test_different_options_are_not_merged)
{
	rx((struct seg_opts){ .seq = 1, .tsval = 5 });
	rx((struct seg_opts){ .seq = 1 + PAYLOAD, .tsval = 5 });
	rx((struct seg_opts){ .seq = 1 + 2 * PAYLOAD, .tsval = 6 });
	gro_flush();
	ck_assert_int_eq(nseen, 2);
	ck_assert_uint_eq(seen[0].frames, 2);
	ck_assert_uint_eq(seen[0].tot_len, 14 + 20 + 32 + 2 * PAYLOAD);
	assert_payload_continuous(0, 66);
}
END_TEST

START_TEST(test_the_64k_bound_starts_a_new_frame)
{
	u32 seq = 0;
	int n = 0;

	while (n < 50) {
		rx((struct seg_opts){ .seq = seq, .payload = 1460 });
		seq += 1460;
		n++;
	}
	gro_flush();
	ck_assert_int_ge(nseen, 2);
	for (int i = 0; i < nseen; i++)
		ck_assert_uint_le(seen[i].tot_len, 0xffff);
	ck_assert_uint_eq(seen[0].frames, (0xffff - 54) / 1460);
	ck_assert_int_eq(released, 50);
}
END_TEST

START_TEST(test_a_ninth_flow_pushes_the_oldest)
{
	for (int f = 0; f < GRO_MAX_FLOWS + 1; f++)
		rx((struct seg_opts){ .sport = (u16)(100 + f), .seq = 1 });
	ck_assert_int_eq(nseen, 1);
	ck_assert_uint_eq(seen[0].sport, 100);
	ck_assert_uint_eq(gro_stats.evicted, 1);
}
END_TEST

START_TEST(test_switched_off_delivers_every_frame)
{
	ck_assert_int_eq(net_param_set("net.gro", "off"), 0);
	rx((struct seg_opts){ .seq = 1 });
	rx((struct seg_opts){ .seq = 1 + PAYLOAD });
	ck_assert_int_eq(nseen, 2);
	ck_assert_int_eq(net_param_set("net.gro", "maybe"), -EINVAL);
	ck_assert_int_eq(net_param_set("net.gro", "on"), 0);
}
END_TEST

START_TEST(test_checksums_verified_in_software_when_the_device_does_not)
{
	dev.features = 0;
	rx((struct seg_opts){ .seq = 1, .unverified = true, .fill_csums = true, .payload = 999 });
	rx((struct seg_opts){ .seq = 1 + 999, .unverified = true, .fill_csums = true });
	/* A device verdict without NETIF_F_RXCSUM is not trusted: summed again, and wrong. */
	rx((struct seg_opts){ .seq = 1 + 2 * PAYLOAD });
	rx((struct seg_opts){
	    .seq = 1 + 3 * PAYLOAD, .unverified = true, .odd_tcp_csum = true, .fill_csums = true });
	gro_flush();
	ck_assert_int_eq(nseen, 3);
	ck_assert_uint_eq(seen[0].frames, 2);
	ck_assert(seen[0].sw_verified);
	ck_assert(!seen[1].sw_verified);
	ck_assert(!seen[2].sw_verified);
	ck_assert_uint_eq(gro_stats.csum_sw, 2);
	ck_assert_uint_eq(gro_stats.csum_bad, 2);
}
END_TEST

/* ---- through the NAPI core: nothing held once a poll returns ---- */
static struct napi_struct napi;
static int poll_frames;

static int poll(struct napi_struct *n, int budget)
{
	int done = 0;

	while (done < budget && done < poll_frames) {
		rx((struct seg_opts){ .seq = (u32)(done * PAYLOAD) });
		done++;
	}
	poll_frames -= done;
	if (done < budget)
		napi_complete_done(n, done);
	return done;
}

START_TEST(test_nothing_held_after_a_poll)
{
	netif_napi_add(&dev, &napi, poll, 64);
	napi_enable(&napi);
	poll_frames = 5;
	napi_schedule(&napi);
	fake_softirq_run_net_rx(4);
	ck_assert_int_eq(nseen, 1);
	ck_assert_uint_eq(seen[0].frames, 5);
	ck_assert_uint_eq(gro_held(), 0);
	netif_napi_del(&napi);
}
END_TEST

static Suite *gro_suite(void)
{
	Suite *s = suite_create("gro");
	TCase *tc = tcase_create("gro");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_in_order_segments_become_one);
	tcase_add_test(tc, test_gap_is_not_merged_and_order_kept);
	tcase_add_test(tc, test_push_ends_the_merge);
	tcase_add_test(tc, test_unverified_and_control_segments_push_their_flow_first);
	tcase_add_test(tc, test_flows_are_kept_apart_and_other_traffic_passes);
	tcase_add_test(tc, test_different_options_are_not_merged);
	tcase_add_test(tc, test_the_64k_bound_starts_a_new_frame);
	tcase_add_test(tc, test_a_ninth_flow_pushes_the_oldest);
	tcase_add_test(tc, test_switched_off_delivers_every_frame);
	tcase_add_test(tc, test_checksums_verified_in_software_when_the_device_does_not);
	tcase_add_test(tc, test_nothing_held_after_a_poll);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(gro_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

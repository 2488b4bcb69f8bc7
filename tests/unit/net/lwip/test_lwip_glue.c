// SPDX-License-Identifier: BSD-2-Clause
/*
 * lwIP, napkin's glue and the services, hosted, against a fake NIC: frames
 * go in through the real netdev layer (netif_receive_from) in buffers the test
 * mallocs and frees on release, so AddressSanitizer catches the glue touching
 * a buffer after handing it back; frames come out through start_xmit, where
 * the test can hold them (a busy ring) or refuse them (NETDEV_TX_BUSY). A
 * small scripted peer speaks ARP, ICMP, UDP and enough TCP to push data
 * through the echo service.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/core/loop.h"
#include "lwip/opt.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "lwip/priv/tcp_priv.h"
#include "lwip/stats.h"
#include "lwip/udp.h"
#include "net/lwip/admission.h"
#include "net/lwip/capacity.h"
#include "net/lwip/glue.h"
#include "net/lwip/stack.h"
#include "net/netconsole/netconsole.h"
#include "net/net_init.h"
#include "net/core/netdev_stack.h"
#include "net/services/listen.h"
#include "net/services/services.h"
#include "net/services/webstatus/webstatus_allow.h"
#include "tests/hosted/frames.h"
#include "tests/unit/fakes/napi_fakes.h"

#define ETH_P_IP   0x0800
#define ETH_P_ARP  0x0806
#define ETH_P_IPV6 0x86dd
#define TCP_F_FIN  0x01
#define TCP_F_SYN  0x02
#define TCP_F_RST  0x04
#define TCP_F_PSH  0x08
#define TCP_F_ACK  0x10

static const u8 peer_mac[6] = { 0x02, 0, 0, 0, 0, 0x01 };
static const u8 napkin_mac[6] = { 0x02, 0, 0, 0, 0, 0x02 };
static const u8 peer_ip[4] = { 10, 0, 0, 1 };
static const u8 napkin_ip[4] = { 10, 0, 0, 2 };

/* ---- the main loop hooks lwIP and the services register ---- */

static struct loop_hook *hooks;

void loop_add_hook(struct loop_hook *h)
{
	for (struct loop_hook *o = hooks; o; o = o->next)
		if (o == h)
			return; /* set up again in the same process */
	h->next = hooks;
	hooks = h;
}

/* Advance the fake clock and run what the main loop would run. */
static void run_loop(u64 ms)
{
	ck_assert_ptr_nonnull(hooks);
	for (u64 i = 0; i < ms; i++) {
		fake_clock_advance(1000000);
		fake_softirq_run_net_rx(100);
		for (struct loop_hook *h = hooks; h; h = h->next)
			h->run(fake_clock_now());
	}
}

/* ---- netconsole's side: the glue registers its stack operations here ---- */

static const struct netconsole_stack_ops *nc_ops;

void netconsole_set_stack(const struct netconsole_stack_ops *ops)
{
	nc_ops = ops;
}

/* The shell commands are not part of this test; their registration is a no-op. */
void glue_shell_init(void);
void glue_shell_init(void) {}

/* ---- the fake NIC ---- */

static u16 get16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

struct rx_buf {
	struct netbuf nb;
	u8 data[];
};

struct tx_cap {
	u8 *data;
	u32 len;
	unsigned int segs;
	u8 csum;
	u16 csum_start, csum_offset;
	u8 flags;
};

#define MAX_CAPS 16384
#define MAX_HELD 1024

static struct {
	struct net_device dev;
	long rx_out; /* receive buffers handed up, not yet released */
	long rx_released;
	bool busy; /* start_xmit refuses */
	bool hold; /* start_xmit keeps frames until tx_complete_all() */
	struct netbuf *held[MAX_HELD];
	int nheld;
	struct tx_cap caps[MAX_CAPS];
	int ncaps, next_cap;
	long xmits;
	long gso_frames, gso_segs; /* super-segments received and the frames cut from them */
	long gso_psh;		   /* super-segments whose last piece carries PSH */
} nic;

static void nic_cut(struct netbuf *nb);

static void rx_release(struct netbuf *nb)
{
	/* A frame may span several malloc'ed segments; the first one's release frees all. */
	while (nb) {
		struct netbuf *next = nb->next;

		free(container_of(nb, struct rx_buf, nb));
		nb = next;
	}
	nic.rx_out--;
	nic.rx_released++;
}

static netdev_tx_t nic_xmit(struct netbuf *nb, struct net_device *dev)
{
	struct tx_cap *c;

	if (nic.busy)
		return NETDEV_TX_BUSY;
	if (nb->gso_type != NETBUF_GSO_NONE) {
		ck_assert(dev->features & NETIF_F_TSO);
		nic_cut(nb);
		nic.xmits++;
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	ck_assert_int_lt(nic.ncaps, MAX_CAPS);
	c = &nic.caps[nic.ncaps++];
	c->len = nb->tot_len;
	c->data = malloc(c->len);
	ck_assert_uint_eq(netbuf_copy_out(nb, 0, c->data, c->len), c->len);
	c->segs = netbuf_nr_segs(nb);
	c->csum = nb->csum;
	c->csum_start = nb->csum_start;
	c->csum_offset = nb->csum_offset;
	c->flags = nb->flags;
	for (struct netbuf *s = nb; s; s = s->next)
		ck_assert_uint_eq(s->dma, (u64)(uintptr_t)s->data);
	nic.xmits++;
	if (nic.hold) {
		ck_assert_int_lt(nic.nheld, MAX_HELD);
		nic.held[nic.nheld++] = nb;
	} else {
		netbuf_free(nb);
	}
	return NETDEV_TX_OK;
}

static void tx_complete_all(void)
{
	for (int i = 0; i < nic.nheld; i++)
		netbuf_free(nic.held[i]);
	nic.nheld = 0;
}

static const struct net_device_ops nic_ops = {
	.start_xmit = nic_xmit,
};

/* Hand a frame to the stack in nsegs malloc'ed segments, as a driver's poll would. */
static void inject_segs(const u8 *frame, u32 len, int nsegs, u8 csum)
{
	struct netbuf *first = NULL, *prev = NULL;
	u32 off = 0;

	for (int i = 0; i < nsegs; i++) {
		u32 n = i == nsegs - 1 ? len - off : len / (u32)nsegs;
		struct rx_buf *b = malloc(sizeof(*b) + n + 1);

		memcpy(b->data, frame + off, n);
		netbuf_init(&b->nb, b->data, n, (u64)(uintptr_t)b->data, NULL, NULL);
		off += n;
		if (!first) {
			first = &b->nb;
			first->release = rx_release;
		} else {
			prev->next = &b->nb;
		}
		prev = &b->nb;
	}
	first->tot_len = len;
	first->csum = csum;
	nic.rx_out++;
	netif_receive_from(&nic.dev, first, NETIF_RX_SOFTIRQ);
	fake_softirq_run_net_rx(100);
}

static void inject(const u8 *frame, u32 len)
{
	inject_segs(frame, len, 1, NETBUF_CSUM_NONE);
}

static struct tx_cap *next_tx(void)
{
	return nic.next_cap < nic.ncaps ? &nic.caps[nic.next_cap++] : NULL;
}

/* The next IPv4 frame sent; IPv6 neighbour discovery and MLD come and go on their timers. */
static struct tx_cap *next_tx_ip4(void)
{
	struct tx_cap *c;

	while ((c = next_tx()))
		if (get16(c->data + 12) == ETH_P_IP)
			return c;
	return NULL;
}

/* ---- packet building ---- */

static u32 get32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static void put32(u8 *p, u32 v)
{
	fr_put16(p, (u16)(v >> 16));
	fr_put16(p + 2, (u16)v);
}

static u32 eth_hdr(u8 *f, const u8 *dst, u16 type)
{
	memcpy(f, dst, 6);
	memcpy(f + 6, peer_mac, 6);
	fr_put16(f + 12, type);
	return 14;
}

/* IPv4 header from the peer to napkin at ip; frag is the flags/offset field. */
static void ip4_hdr(u8 *ip, u8 proto, u32 payload, u16 id, u16 frag)
{
	fr_ipv4_hdr(ip, proto, payload, id, frag, peer_ip, napkin_ip);
}

static u32 build_arp_request(u8 *f)
{
	static const u8 bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	u8 *a = f + eth_hdr(f, bcast, ETH_P_ARP);

	fr_put16(a, 1);
	fr_put16(a + 2, ETH_P_IP);
	a[4] = 6;
	a[5] = 4;
	fr_put16(a + 6, 1);
	memcpy(a + 8, peer_mac, 6);
	memcpy(a + 14, peer_ip, 4);
	memset(a + 18, 0, 6);
	memcpy(a + 24, napkin_ip, 4);
	return 14 + 28;
}

static u32 build_udp(u8 *f, u16 sport, u16 dport, const u8 *payload, u32 len)
{
	return fr_udp4(f, napkin_mac, peer_mac, peer_ip, napkin_ip, 7, sport, dport, payload, len);
}

/* The service the scripted TCP peer talks to. */
static u16 peer_service = SERVICE_PORT_ECHO;
/* An MSS option on a segment that is not a SYN (0: none), as a misbehaving peer sends it. */
static u16 peer_mss_option_on_ack;

static u32 build_tcp(u8 *f, u16 sport, u32 seq, u32 ack, u8 flags, u16 win, const u8 *payload,
		     u32 len)
{
	u8 *ip = f + eth_hdr(f, napkin_mac, ETH_P_IP);
	u8 *t = ip + 20;
	bool mss_opt = (flags & TCP_F_SYN) || peer_mss_option_on_ack;
	u32 hl = mss_opt ? 24 : 20;

	ip4_hdr(ip, 6, hl + len, 9, 0x4000);
	memset(t, 0, hl);
	fr_put16(t, sport);
	fr_put16(t + 2, peer_service);
	put32(t + 4, seq);
	put32(t + 8, ack);
	t[12] = (u8)((hl / 4) << 4);
	t[13] = flags;
	fr_put16(t + 14, win);
	if (hl == 24) {
		t[20] = 2; /* MSS option */
		t[21] = 4;
		fr_put16(t + 22, flags & TCP_F_SYN ? 1460 : peer_mss_option_on_ack);
	}
	if (len)
		memcpy(t + hl, payload, len);
	fr_put16(t + 16, (u16)~fr_fold(fr_sum(t, hl + len, fr_pseudo4(ip, 6, hl + len))));
	return 14 + 20 + hl + len;
}

/* Finish a checksum the stack left to the "device" (CHECKSUM_PARTIAL), as hardware would. */
static void device_csum(struct tx_cap *c)
{
	if (c->csum == NETBUF_CSUM_PARTIAL) {
		u32 start = c->csum_start;

		ck_assert_uint_lt(start + c->csum_offset + 1, c->len);
		fr_put16(c->data + start + c->csum_offset,
			 (u16)~fr_fold(fr_sum(c->data + start, c->len - start, 0)));
	}
	if (c->flags & NETBUF_F_TX_IPHDR_CSUM) {
		fr_put16(c->data + 24, 0);
		fr_put16(c->data + 24, (u16)~fr_fold(fr_sum(c->data + 14, 20, 0)));
	}
	/* Done once, as the device would: a second pass would sum the result in. */
	c->csum = NETBUF_CSUM_NONE;
	c->flags &= (u8)~NETBUF_F_TX_IPHDR_CSUM;
}

/* An IPv4 frame from napkin to the peer; checks the IP header and returns the L4 header. */
static const u8 *expect_ip4(struct tx_cap *c, u8 proto, u32 *l4len)
{
	const u8 *ip = c->data + 14;
	u32 ihl;

	ck_assert_ptr_nonnull(c);
	device_csum(c);
	ck_assert_uint_ge(c->len, 34);
	ck_assert_uint_eq(get16(c->data + 12), ETH_P_IP);
	ck_assert(!memcmp(c->data, peer_mac, 6));
	ck_assert(!memcmp(c->data + 6, napkin_mac, 6));
	ihl = (ip[0] & 15u) * 4;
	ck_assert_uint_eq(fr_fold(fr_sum(ip, ihl, 0)), 0xffff);
	ck_assert(!memcmp(ip + 12, napkin_ip, 4));
	ck_assert(!memcmp(ip + 16, peer_ip, 4));
	ck_assert_uint_eq(ip[9], proto);
	*l4len = get16(ip + 2) - ihl;
	ck_assert_uint_le(14 + ihl + *l4len, c->len);
	if (proto == 6 || (proto == 17 && get16(ip + ihl + 6)))
		ck_assert_msg(fr_fold(fr_sum(ip + ihl, *l4len, fr_pseudo4(ip, proto, *l4len))) ==
				  0xffff,
			      "bad L4 checksum");
	return ip + ihl;
}

/* ---- setup ---- */

static void start_stack(const char *cmdline, u32 features)
{
	fake_reset_all();
	memset(&nic, 0, sizeof(nic));
	cmdline_init(cmdline);
	net_core_init();
	memcpy(nic.dev.dev_addr, napkin_mac, 6);
	nic.dev.ops = &nic_ops;
	nic.dev.features = features;
	netif_carrier_on(&nic.dev);
	ck_assert_int_eq(register_netdev(&nic.dev), 0);
	net_init();
	ck_assert_int_eq(net_services_start(), 0);
	run_loop(1);
}

static void setup_default(void)
{
	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off", NETIF_F_SG);
}

/* Drop everything sent so far (gratuitous ARP, IPv6 neighbour discovery, MLD reports). */
static void drain_tx(void)
{
	nic.next_cap = nic.ncaps;
}

/* Teach napkin the peer's MAC with an ARP request; checks the reply. */
static void arp_handshake(void)
{
	u8 f[64];
	struct tx_cap *c;
	const u8 *a;

	drain_tx();
	inject(f, build_arp_request(f));
	c = next_tx();
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(get16(c->data + 12), ETH_P_ARP);
	a = c->data + 14;
	ck_assert_uint_eq(get16(a + 6), 2); /* reply */
	ck_assert(!memcmp(a + 8, napkin_mac, 6));
	ck_assert(!memcmp(a + 14, napkin_ip, 4));
	ck_assert(!memcmp(a + 18, peer_mac, 6));
	ck_assert(!memcmp(a + 24, peer_ip, 4));
}

static void assert_no_leaks(void)
{
	tx_complete_all();
	run_loop(1);
	ck_assert_int_eq(nic.rx_out, 0);
}

/* ---- tests ---- */

START_TEST(test_boot_logs_and_arp)
{
	ck_assert(stub_printk_contains("eth0: static address 10.0.0.2/24"));
	ck_assert(stub_printk_contains("services: echo tcp+udp/7"));
	arp_handshake();
	assert_no_leaks();
	ck_assert_int_eq(nic.rx_released, 1);
}
END_TEST

START_TEST(test_udp_echo_zero_copy_holds_rx_buffer)
{
	u8 f[2048], payload[1000];
	struct tx_cap *c;
	const u8 *u;
	u32 l4len;
	struct lwip_glue_stats st;

	arp_handshake();
	for (u32 i = 0; i < sizeof(payload); i++)
		payload[i] = (u8)(i * 7 + 3);
	nic.hold = true;
	inject(f, build_udp(f, 40000, SERVICE_PORT_ECHO, payload, sizeof(payload)));
	c = next_tx_ip4();
	u = expect_ip4(c, 17, &l4len);
	ck_assert_uint_eq(get16(u), SERVICE_PORT_ECHO);
	ck_assert_uint_eq(get16(u + 2), 40000);
	ck_assert_uint_eq(l4len, 8 + sizeof(payload));
	ck_assert(!memcmp(u + 8, payload, sizeof(payload)));
	/* The reply's payload is the received buffer itself: header + payload segments. */
	ck_assert_uint_ge(c->segs, 2);
	/* The ARP request's buffer went back long ago; this datagram's is still out. */
	ck_assert_int_eq(nic.rx_out, 1);
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.rx_frames_held, 1);
	ck_assert_uint_eq(st.tx_frames_held, 1);
	tx_complete_all();
	ck_assert_int_eq(nic.rx_out, 0);
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.rx_frames_held, 0);
	ck_assert_uint_eq(st.tx_frames_held, 0);
	assert_no_leaks();
}
END_TEST

START_TEST(test_small_udp_echo_is_copied_and_answered_in_place)
{
	u8 f[2048], payload[64];
	struct tx_cap *c;
	const u8 *u;
	u32 l4len;
	struct lwip_glue_stats before, st;

	arp_handshake();
	for (u32 i = 0; i < sizeof(payload); i++)
		payload[i] = (u8)(i * 5 + 1);
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &before), 0);
	nic.hold = true;
	inject(f, build_udp(f, 40002, SERVICE_PORT_ECHO, payload, sizeof(payload)));
	c = next_tx_ip4();
	u = expect_ip4(c, 17, &l4len);
	ck_assert_uint_eq(get16(u + 2), 40002);
	ck_assert_uint_eq(l4len, 8 + sizeof(payload));
	ck_assert(!memcmp(u + 8, payload, sizeof(payload)));
	/* Under the copybreak: copied, its buffer back before the reply is even sent... */
	ck_assert_int_eq(nic.rx_out, 0);
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.rx_copied - before.rx_copied, 1);
	ck_assert_uint_eq(st.rx_frames_held, 0);
	/* ... and lwIP wrote the reply's headers in front of the copy: one segment. */
	ck_assert_uint_eq(c->segs, 1);
	tx_complete_all();
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.tx_frames_held, 0);
	assert_no_leaks();
}
END_TEST

START_TEST(test_small_frame_wrapped_when_heap_refuses_copy)
{
	u8 f[2048], payload[64] = { 9 };
	struct lwip_glue_stats before, st;
	struct lwip_heap_stats h;
	u64 datagrams = echo_udp_stats.datagrams;

	arp_handshake();
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &before), 0);
	/* No room for a copy: the frame goes up in the driver's buffer, not dropped. */
	lwip_heap_get_stats(&h);
	lwip_heap_set_budget(h.in_use);
	nic.hold = true;
	inject(f, build_udp(f, 40003, SERVICE_PORT_ECHO, payload, sizeof(payload)));
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.rx_frames - before.rx_frames, 1);
	ck_assert_uint_eq(st.rx_copied, before.rx_copied);
	ck_assert_uint_eq(st.rx_dropped, before.rx_dropped);
	ck_assert_uint_eq(echo_udp_stats.datagrams - datagrams, 1);
	lwip_heap_set_budget(h.budget);
	run_loop(1);
	tx_complete_all();
	ck_assert_int_eq(nic.rx_out, 0);
	assert_no_leaks();
}
END_TEST

/*
 * UDP echoes of every size class, one frame or fragmented both ways, on a
 * device with or without transmit checksum offload (features). Whichever way
 * the reply leaves, the reassembled datagram must carry a valid, nonzero
 * UDP checksum: only a reply in one frame may leave it to the device
 * (net/lwip/tx_csum.c), one in fragments must have it computed before.
 */
static void udp_echo_sizes(u32 features)
{
	static u8 f[70000], payload[65000];
	u32 sizes[] = { 0, 1, 17, 100, 1471, 1472, 1473, 2000, 2960, 4000, 8000, 16000 };
	bool offload = (features & NETIF_F_IP_CSUM) && !(features & NETIF_F_NO_UDP_CSUM);
	struct lwip_glue_stats before, after;
	u32 one_frame = 0, fragmented = 0;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off", features);
	arp_handshake();
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &before), 0);
	for (u32 i = 0; i < sizeof(payload); i++)
		payload[i] = (u8)(i ^ (i >> 8));
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		u32 size = sizes[k];
		u32 got = 0, frames = 0;
		struct tx_cap *c;
		u8 pseudo_ip[20];

		drain_tx();
		if (size <= 1472) {
			/* One frame, delivered in 1 to 3 segments. */
			inject_segs(f, build_udp(f, 40001, SERVICE_PORT_ECHO, payload, size),
				    1 + (int)(k % 3), NETBUF_CSUM_NONE);
		} else {
			/* Fragment by hand at 1480-byte boundaries, last fragment first. */
			u32 udp_len = 8 + size, nfrag = (udp_len + 1479) / 1480;
			u8 dgram[70000];

			build_udp(dgram, 40001, SERVICE_PORT_ECHO, payload, size);
			for (int i = (int)nfrag - 1; i >= 0; i--) {
				u32 off = (u32)i * 1480, n = MIN(1480u, udp_len - off);
				u8 *ip = f + eth_hdr(f, napkin_mac, ETH_P_IP);

				ip4_hdr(ip, 17, n, (u16)(100 + k),
					(u16)((off / 8) | (i < (int)nfrag - 1 ? 0x2000 : 0)));
				memcpy(ip + 20, dgram + 34 + off, n);
				inject(f, 34 + n);
			}
		}
		/* Reassemble napkin's reply from its fragments. */
		static u8 reply[70000];
		while ((c = next_tx_ip4())) {
			const u8 *ip = c->data + 14;
			u32 off = (get16(ip + 6) & 0x1fff) * 8u, n = get16(ip + 2) - 20u;
			bool whole = !(get16(ip + 6) & 0x3fff);

			/* Left to the device exactly when it can do it: offload on, one frame. */
			ck_assert_int_eq(c->csum == NETBUF_CSUM_PARTIAL, offload && whole);
			if (c->csum == NETBUF_CSUM_PARTIAL) {
				ck_assert_uint_eq(c->csum_start, 34);
				ck_assert_uint_eq(c->csum_offset, 6);
				/* The pseudo-header sum, folded, not inverted: what the device adds to. */
				ck_assert_uint_eq(get16(ip + 26), fr_fold(fr_pseudo4(ip, 17, n)));
			}
			device_csum(c);
			ck_assert_uint_eq(fr_fold(fr_sum(ip, 20, 0)), 0xffff);
			ck_assert_uint_eq(ip[9], 17);
			if (!off)
				memcpy(pseudo_ip, ip, 20);
			memcpy(reply + off, ip + 20, n);
			got += n;
			frames++;
		}
		ck_assert_msg(got == 8 + size, "size %u: echoed %u bytes in %u frames", size, got,
			      frames);
		ck_assert_uint_eq(get16(reply + 4), 8 + size);
		ck_assert(!memcmp(reply + 8, payload, size));
		ck_assert_msg(get16(reply + 6) != 0, "size %u: reply without a UDP checksum", size);
		ck_assert_msg(
		    fr_fold(fr_sum(reply, 8 + size, fr_pseudo4(pseudo_ip, 17, 8 + size))) == 0xffff,
		    "size %u: bad UDP checksum over %u frames", size, frames);
		if (frames == 1)
			one_frame++;
		else
			fragmented++;
		ck_assert_int_eq(nic.rx_out, 0);
	}
	ck_assert_uint_eq(echo_udp_stats.datagrams, sizeof(sizes) / sizeof(sizes[0]));
	ck_assert_uint_eq(one_frame, 6);
	ck_assert_uint_eq(fragmented, 6);
	/* Counted once per datagram: offloaded in one frame, summed here before fragmenting. */
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &after), 0);
	ck_assert_uint_eq(after.tx_csum_offload - before.tx_csum_offload, offload ? one_frame : 0);
	ck_assert_uint_eq(after.tx_csum_soft - before.tx_csum_soft, offload ? fragmented : 0);
	assert_no_leaks();
}

START_TEST(test_udp_echo_sizes_and_segments)
{
	udp_echo_sizes(NETIF_F_SG);
}
END_TEST

START_TEST(test_udp_echo_sizes_checksum_offload)
{
	udp_echo_sizes(NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPHDR_CSUM);
}
END_TEST

/* A device that sums TCP but not UDP (NETIF_F_NO_UDP_CSUM): lwIP sums every UDP reply. */
START_TEST(test_udp_echo_sizes_tcp_only_offload)
{
	udp_echo_sizes(NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_NO_UDP_CSUM | NETIF_F_IPHDR_CSUM);
	ck_assert_uint_eq(glue_tx_chksum_flags(&nic.dev) &
			      (NETIF_CHECKSUM_GEN_TCP | NETIF_CHECKSUM_GEN_UDP),
			  NETIF_CHECKSUM_GEN_UDP);
	ck_assert(
	    stub_printk_contains("eth0: checksums: tx ip device, tx tcp device, tx udp soft"));
}
END_TEST

/* ---- the transmit checksum decision (net/lwip/tx_csum.c), frame by frame ---- */

static const u8 src_ip6[16] = { 0xfd, 0, 0, 1, [15] = 0x02 };
static const u8 dst_ip6[16] = { 0xfd, 0, 0, 1, [14] = 0x12, [15] = 0x01 };

/*
 * A frame as lwIP hands it to linkoutput: Ethernet, IPv6 (version 6) or IPv4,
 * then UDP with 0 in its checksum field, in two pbufs cut at split.
 */
static struct pbuf *udp_frame(int version, u32 payload, u32 split, u8 *copy)
{
	u32 l3 = 14, l4 = l3 + (version == 6 ? 40 : 20), len = l4 + 8 + payload;
	struct pbuf *a = pbuf_alloc(PBUF_RAW, (u16_t)split, PBUF_RAM);
	struct pbuf *b = pbuf_alloc(PBUF_RAW, (u16_t)(len - split), PBUF_RAM);
	u8 *f = copy;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	memset(f, 0, len);
	eth_hdr(f, peer_mac, version == 6 ? ETH_P_IPV6 : ETH_P_IP);
	if (version == 6) {
		f[l3] = 0x60;
		fr_put16(f + l3 + 4, (u16)(8 + payload));
		f[l3 + 6] = 17;
		f[l3 + 7] = 64;
		memcpy(f + l3 + 8, src_ip6, 16);
		memcpy(f + l3 + 24, dst_ip6, 16);
	} else {
		fr_ipv4_hdr(f + l3, 17, 8 + payload, 77, 0x4000, napkin_ip, peer_ip);
	}
	fr_put16(f + l4, 7);
	fr_put16(f + l4 + 2, 40000);
	fr_put16(f + l4 + 4, (u16)(8 + payload));
	for (u32 i = 0; i < payload; i++)
		f[l4 + 8 + i] = (u8)(i * 13 + 5);
	pbuf_take(a, f, (u16_t)split);
	pbuf_take(b, f + split, (u16_t)(len - split));
	pbuf_cat(a, b);
	return a;
}

/* The UDP checksum of the frame in p is valid and not 0 (IPv6 or IPv4 pseudo-header). */
static void assert_udp_csum_valid(struct pbuf *p, int version)
{
	u8 f[4096];
	u32 l4 = version == 6 ? 54 : 34, len = p->tot_len - l4, sum;

	ck_assert_uint_le(p->tot_len, sizeof(f));
	ck_assert_uint_eq(pbuf_copy_partial(p, f, p->tot_len, 0), p->tot_len);
	if (version == 6)
		sum = fr_sum(f + 14 + 8, 32, 0) + 17 + len;
	else
		sum = fr_pseudo4(f + 14, 17, len);
	ck_assert_uint_ne(get16(f + l4 + 6), 0);
	ck_assert_uint_eq(fr_fold(fr_sum(f + l4, len, sum)), 0xffff);
}

/* One frame through the decision on eth0 with the given features; returns its netbuf. */
static struct netbuf csum_decide(u32 features, struct pbuf *p)
{
	struct glue_if *gif = glue_if_from_netif(lwip_netif_of(&nic.dev));
	struct netbuf nb;

	nic.dev.features = features;
	gif->chksum_flags = glue_tx_chksum_flags(&nic.dev);
	netbuf_init(&nb, p->payload, p->len, 0, NULL, NULL);
	glue_tx_l4_csum(gif, p, &nb, get16(p->payload + 12) == ETH_P_IPV6 ? 6 : 4);
	return nb;
}

START_TEST(test_tx_csum_decision_per_device)
{
	static const int versions[] = { 4, 6 };
	u8 ref[2048], now[2048];

	for (size_t v = 0; v < 2; v++) {
		int version = versions[v];
		u32 l4 = version == 6 ? 54 : 34;
		/* Headers whole in the first pbuf, and cut inside the IP and the UDP header. */
		u32 splits[] = { l4 + 8, l4 + 8 + 50, 20, l4 + 3 };

		for (size_t k = 0; k < sizeof(splits) / sizeof(splits[0]); k++) {
			u32 both = NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM;
			u32 other =
			    NETIF_F_SG | (version == 6 ? NETIF_F_IP_CSUM : NETIF_F_IPV6_CSUM);
			struct lwip_glue_stats st0, st1;
			struct pbuf *p;
			struct netbuf nb;
			u32 sum;

			ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st0), 0);
			/* The device sums this version: the pseudo-header sum and CHECKSUM_PARTIAL. */
			p = udp_frame(version, 100, splits[k], ref);
			nb = csum_decide(both, p);
			ck_assert_uint_eq(nb.csum, NETBUF_CSUM_PARTIAL);
			ck_assert_uint_eq(nb.csum_start, l4);
			ck_assert_uint_eq(nb.csum_offset, 6);
			ck_assert_uint_eq(pbuf_copy_partial(p, now, p->tot_len, 0), p->tot_len);
			sum = version == 6 ? fr_sum(ref + 22, 32, 0) + 17 + 108
					   : fr_pseudo4(ref + 14, 17, 108);
			ck_assert_uint_eq(get16(now + l4 + 6), fr_fold(sum));
			/* Nothing else of the frame changed. */
			fr_put16(now + l4 + 6, 0);
			ck_assert_mem_eq(now, ref, p->tot_len);
			pbuf_free(p);

			/* It sums only the other version: finished here, valid, not 0. */
			p = udp_frame(version, 100, splits[k], ref);
			nb = csum_decide(other, p);
			ck_assert_uint_eq(nb.csum, NETBUF_CSUM_NONE);
			assert_udp_csum_valid(p, version);
			pbuf_free(p);

			/* No offload at all: lwIP computes it, the glue leaves the frame alone. */
			p = udp_frame(version, 100, splits[k], ref);
			nb = csum_decide(NETIF_F_SG, p);
			ck_assert_uint_eq(nb.csum, NETBUF_CSUM_NONE);
			ck_assert_uint_eq(pbuf_copy_partial(p, now, p->tot_len, 0), p->tot_len);
			ck_assert_mem_eq(now, ref, p->tot_len);
			pbuf_free(p);

			/* A field already summed (not 0) is not touched, offload or not. */
			p = udp_frame(version, 100, splits[k], ref);
			pbuf_put_at(p, (u16_t)(l4 + 6), 0x12);
			nb = csum_decide(both, p);
			ck_assert_uint_eq(nb.csum, NETBUF_CSUM_NONE);
			ck_assert_uint_eq(pbuf_get_at(p, (u16_t)(l4 + 6)), 0x12);
			ck_assert_uint_eq(pbuf_get_at(p, (u16_t)(l4 + 7)), 0);
			pbuf_free(p);

			ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st1), 0);
			ck_assert_uint_eq(st1.tx_csum_offload, st0.tx_csum_offload + 1);
			ck_assert_uint_eq(st1.tx_csum_soft, st0.tx_csum_soft + 1);
		}
	}
}
END_TEST

/*
 * A whole datagram about to be fragmented (what lwIP's fragmenters get, no
 * Ethernet header): summed here on a device that offloads, left alone on one
 * that does not (lwIP summed it), and a fragment is never summed as if whole.
 */
START_TEST(test_tx_csum_datagram_before_fragmenting)
{
	static const int versions[] = { 4, 6 };
	struct netif *netif = lwip_netif_of(&nic.dev);
	struct glue_if *gif = glue_if_from_netif(netif);
	u8 ref[4096], now[4096];

	for (size_t v = 0; v < 2; v++) {
		int version = versions[v];
		u32 l4 = version == 6 ? 54 : 34;
		struct pbuf *p;

		nic.dev.features = NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM;
		gif->chksum_flags = glue_tx_chksum_flags(&nic.dev);
		p = udp_frame(version, 3000, 700, ref);
		ck_assert(!pbuf_remove_header(p, 14));
		glue_tx_csum_datagram(netif, p, (u8)version);
		ck_assert(!pbuf_add_header(p, 14));
		assert_udp_csum_valid(p, version);
		pbuf_free(p);

		/* A datagram that is itself a fragment (IPv4: MF set) is not whole: no sum. */
		if (version == 4) {
			p = udp_frame(version, 3000, 700, ref);
			pbuf_put_at(p, 14 + 6, 0x20);
			ck_assert(!pbuf_remove_header(p, 14));
			glue_tx_csum_datagram(netif, p, 4);
			ck_assert(!pbuf_add_header(p, 14));
			ck_assert_uint_eq(pbuf_get_at(p, (u16_t)(l4 + 6)), 0);
			ck_assert_uint_eq(pbuf_get_at(p, (u16_t)(l4 + 7)), 0);
			pbuf_free(p);
		}

		nic.dev.features = NETIF_F_SG;
		gif->chksum_flags = glue_tx_chksum_flags(&nic.dev);
		p = udp_frame(version, 3000, 700, ref);
		ck_assert(!pbuf_remove_header(p, 14));
		glue_tx_csum_datagram(netif, p, (u8)version);
		ck_assert(!pbuf_add_header(p, 14));
		ck_assert_uint_eq(pbuf_copy_partial(p, now, p->tot_len, 0), p->tot_len);
		ck_assert_mem_eq(now, ref, p->tot_len);
		pbuf_free(p);
	}
}
END_TEST

START_TEST(test_copy_mode_sends_one_segment)
{
	u8 f[2048], payload[600] = { 1, 2, 3 };
	struct tx_cap *c;
	u32 l4len;
	struct lwip_glue_stats st;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off net.tx=copy", NETIF_F_SG);
	arp_handshake();
	nic.hold = true;
	inject(f, build_udp(f, 40000, SERVICE_PORT_ECHO, payload, sizeof(payload)));
	c = next_tx_ip4();
	expect_ip4(c, 17, &l4len);
	ck_assert_uint_eq(c->segs, 1);
	/* The copy let the received buffer go before the transmit completed. */
	ck_assert_int_eq(nic.rx_out, 0);
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_gt(st.tx_copied, 0);
	ck_assert_uint_eq(st.tx_zerocopy, 0);
	assert_no_leaks();
}
END_TEST

START_TEST(test_no_sg_device_gets_single_segments)
{
	u8 f[2048], payload[600] = { 9 };
	struct tx_cap *c;
	u32 l4len;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off", 0);
	arp_handshake();
	inject(f, build_udp(f, 40000, SERVICE_PORT_ECHO, payload, sizeof(payload)));
	c = next_tx_ip4();
	expect_ip4(c, 17, &l4len);
	ck_assert_uint_eq(c->segs, 1);
	assert_no_leaks();
}
END_TEST

START_TEST(test_busy_ring_queues_and_retries)
{
	u8 f[2048], payload[64];
	struct lwip_glue_stats st;
	int n = 20;

	arp_handshake();
	drain_tx();
	nic.busy = true;
	for (int i = 0; i < n; i++) {
		payload[0] = (u8)i;
		inject(f,
		       build_udp(f, (u16)(41000 + i), SERVICE_PORT_ECHO, payload, sizeof(payload)));
	}
	ck_assert_ptr_null(next_tx_ip4());
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.tx_queued, (u64)n);
	nic.busy = false;
	run_loop(1);
	/* Every reply, in order. */
	for (int i = 0; i < n; i++) {
		struct tx_cap *c = next_tx_ip4();
		u32 l4len;
		const u8 *u = expect_ip4(c, 17, &l4len);

		ck_assert_uint_eq(get16(u + 2), 41000 + i);
		ck_assert_uint_eq(u[8], i);
	}
	assert_no_leaks();
}
END_TEST

/* Stop the queue, have the echo service answer one datagram: the glue holds the reply. */
static void hold_one_reply(u16 sport)
{
	u8 f[2048], payload[16] = { 0x5a };
	struct lwip_glue_stats st;

	arp_handshake();
	drain_tx();
	netif_stop_queue(&nic.dev);
	inject(f, build_udp(f, sport, SERVICE_PORT_ECHO, payload, sizeof(payload)));
	ck_assert_ptr_null(next_tx_ip4());
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.tx_queued, 1);
}

static void expect_reply_to(u16 sport)
{
	struct tx_cap *c = next_tx_ip4();
	u32 l4len;
	const u8 *u;

	ck_assert_ptr_nonnull(c);
	u = expect_ip4(c, 17, &l4len);
	ck_assert_uint_eq(get16(u + 2), sport);
	ck_assert_uint_eq(u[8], 0x5a);
}

/* The driver's wake sends what the glue held at once, with no main loop pass between. */
START_TEST(test_queue_wake_sends_held_frame_at_once)
{
	hold_one_reply(43000);
	netif_wake_queue(&nic.dev);
	expect_reply_to(43000);
	assert_no_leaks();
}
END_TEST

/* Woken inside an interrupt handler: the stack hears of it from the softirq, not the handler. */
START_TEST(test_queue_wake_in_interrupt_sends_from_softirq)
{
	hold_one_reply(43001);
	fake_hardirq_enter();
	netif_wake_queue(&nic.dev);
	fake_hardirq_exit();
	ck_assert_ptr_null(next_tx_ip4());
	fake_softirq_run_net_rx(1);
	expect_reply_to(43001);
	assert_no_leaks();
}
END_TEST

START_TEST(test_pending_queue_is_bounded)
{
	/* Past the copybreak: the replies reuse the received buffers. */
	u8 f[2048], payload[300] = { 0 };
	struct lwip_glue_stats st;
	u64 copied_before;

	arp_handshake();
	/* ARP frames are shorter than Ethernet's minimum, so the glue copied them. */
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	copied_before = st.rx_copied;
	nic.busy = true;
	for (int i = 0; i < 200; i++)
		inject(f,
		       build_udp(f, (u16)(42000 + i), SERVICE_PORT_ECHO, payload, sizeof(payload)));
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.tx_queued, 128);
	ck_assert_uint_eq(st.tx_dropped, 200 - 128);
	ck_assert_uint_eq(st.tx_frames_held, 128);
	/*
	 * The queued replies still hold the received buffers (zero-copy), up to
	 * the glue's bound on held buffers; frames past it were copied and their
	 * buffers given back at once.
	 */
	ck_assert_int_eq(nic.rx_out, 128);
	ck_assert_uint_eq(st.rx_frames_held, 128);
	ck_assert_uint_eq(st.rx_copied - copied_before, 200 - 128);
	nic.busy = false;
	run_loop(1);
	assert_no_leaks();
}
END_TEST

START_TEST(test_link_down_purges_pending)
{
	/* Past the copybreak: the pending replies hold the received buffers. */
	u8 f[2048], payload[300] = { 0 };

	arp_handshake();
	nic.busy = true;
	for (int i = 0; i < 5; i++)
		inject(f,
		       build_udp(f, (u16)(43000 + i), SERVICE_PORT_ECHO, payload, sizeof(payload)));
	ck_assert_int_eq(nic.rx_out, 5);
	netif_carrier_off(&nic.dev);
	run_loop(1);
	ck_assert_int_eq(nic.rx_out, 0);
	ck_assert_ptr_null(next_tx_ip4());
}
END_TEST

/* ---- a scripted TCP peer ---- */

struct peer {
	u16 port;
	u32 snd_nxt, snd_una, rcv_nxt;
	u32 ack_out; /* what our segments acknowledge: lags rcv_nxt while we hold back */
	u32 napkin_wnd;
	bool fin_seen;
	u8 *got;
	u32 ngot, cap;
	u32 min_wnd_seen;
	u32 max_seg; /* longest segment napkin sent */
	int partial_csums;
};

/* Process everything napkin sent; returns segments seen. */
static int peer_receive(struct peer *p, bool ack_data)
{
	struct tx_cap *c;
	int n = 0;
	u8 f[128];

	while ((c = next_tx_ip4())) {
		u32 l4len, hl, len, seq;
		const u8 *t;

		if (c->csum == NETBUF_CSUM_PARTIAL)
			p->partial_csums++;
		t = expect_ip4(c, 6, &l4len);
		ck_assert_uint_eq(get16(t), peer_service);
		ck_assert_uint_eq(get16(t + 2), p->port);
		ck_assert(!(t[13] & TCP_F_RST));
		hl = (t[12] >> 4) * 4u;
		len = l4len - hl;
		seq = get32(t + 4);
		p->max_seg = MAX(p->max_seg, len);
		if (t[13] & TCP_F_ACK) {
			p->snd_una = get32(t + 8);
			p->napkin_wnd = get16(t + 14);
			p->min_wnd_seen = MIN(p->min_wnd_seen, p->napkin_wnd);
		}
		if (len && seq == p->rcv_nxt) {
			ck_assert_uint_le(p->ngot + len, p->cap);
			memcpy(p->got + p->ngot, t + hl, len);
			p->ngot += len;
			p->rcv_nxt += len;
		}
		if ((t[13] & TCP_F_FIN) && seq + len == p->rcv_nxt) {
			p->fin_seen = true;
			p->rcv_nxt++;
		}
		if ((len || (t[13] & TCP_F_FIN)) && ack_data) {
			p->ack_out = p->rcv_nxt;
			inject(f, build_tcp(f, p->port, p->snd_nxt, p->ack_out, TCP_F_ACK, 65535,
					    NULL, 0));
		}
		n++;
	}
	return n;
}

/* The handshake, the peer offering window wnd in its SYN and ACK. */
static void peer_connect_wnd(struct peer *p, u16 port, u32 cap, u16 wnd)
{
	u8 f[128];
	struct tx_cap *c;
	u32 l4len;
	const u8 *t;

	memset(p, 0, sizeof(*p));
	p->port = port;
	p->cap = cap;
	p->got = malloc(cap);
	p->min_wnd_seen = 0xffff;
	p->snd_nxt = 1000;
	drain_tx();
	inject(f, build_tcp(f, port, p->snd_nxt, 0, TCP_F_SYN, wnd, NULL, 0));
	c = next_tx_ip4();
	t = expect_ip4(c, 6, &l4len);
	ck_assert_uint_eq(t[13] & (TCP_F_SYN | TCP_F_ACK), TCP_F_SYN | TCP_F_ACK);
	ck_assert_uint_eq(get32(t + 8), p->snd_nxt + 1);
	p->snd_nxt++;
	p->snd_una = p->snd_nxt;
	p->rcv_nxt = get32(t + 4) + 1;
	p->napkin_wnd = get16(t + 14);
	p->ack_out = p->rcv_nxt;
	inject(f, build_tcp(f, port, p->snd_nxt, p->ack_out, TCP_F_ACK, wnd, NULL, 0));
}

static void peer_connect(struct peer *p, u16 port, u32 cap)
{
	peer_connect_wnd(p, port, cap, 65535);
}

/* Send up to len bytes of data as the window allows; returns bytes sent. */
static u32 peer_send(struct peer *p, const u8 *data, u32 len)
{
	static u8 f[2048];
	u32 sent = 0;

	while (sent < len) {
		u32 in_flight = p->snd_nxt - p->snd_una;
		u32 n = MIN(1460u, len - sent);

		/* Fill whatever window is open, as a sender with data queued does. */
		if (in_flight >= p->napkin_wnd)
			break;
		n = MIN(n, p->napkin_wnd - in_flight);
		inject(f, build_tcp(f, p->port, p->snd_nxt, p->ack_out, TCP_F_ACK | TCP_F_PSH,
				    65535, data + sent, n));
		p->snd_nxt += n;
		sent += n;
	}
	return sent;
}

static void tcp_echo_bytes(u32 total, u32 features)
{
	struct peer p;
	u8 *data = malloc(total);
	u32 sent = 0;
	u8 f[128];
	int rounds = 0;

	for (u32 i = 0; i < total; i++)
		data[i] = (u8)(i * 131 + (i >> 9));
	arp_handshake();
	peer_connect(&p, 50000, total);
	while (p.ngot < total) {
		sent += peer_send(&p, data + sent, total - sent);
		run_loop(1);
		peer_receive(&p, true);
		ck_assert_msg(++rounds < 100000, "stalled: sent %u, echoed %u", sent, p.ngot);
	}
	ck_assert(!memcmp(p.got, data, total));
	if (features & NETIF_F_IP_CSUM)
		ck_assert_int_gt(p.partial_csums, 0);
	else
		ck_assert_int_eq(p.partial_csums, 0);
	/* Close from the peer: napkin finishes echoing, then closes too. */
	inject(f,
	       build_tcp(f, p.port, p.snd_nxt, p.rcv_nxt, TCP_F_ACK | TCP_F_FIN, 65535, NULL, 0));
	p.snd_nxt++;
	for (int i = 0; i < 100 && !p.fin_seen; i++) {
		run_loop(1);
		peer_receive(&p, true);
	}
	ck_assert(p.fin_seen);
	ck_assert_uint_eq(echo_tcp_stats.rx_bytes, total);
	free(p.got);
	free(data);
	run_loop(10);
	assert_no_leaks();
}

START_TEST(test_small_tcp_segment_is_not_copied)
{
	struct peer p;
	u8 data[100];
	struct lwip_glue_stats before, st;

	for (u32 i = 0; i < sizeof(data); i++)
		data[i] = (u8)(i + 40);
	arp_handshake();
	peer_connect(&p, 50001, sizeof(data));
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &before), 0);
	/* 154 bytes, under the copybreak: TCP goes up in the driver's buffer all the same. */
	ck_assert_uint_eq(peer_send(&p, data, sizeof(data)), sizeof(data));
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.rx_frames - before.rx_frames, 1);
	ck_assert_uint_eq(st.rx_copied, before.rx_copied);
	for (int i = 0; i < 100 && p.ngot < sizeof(data); i++) {
		run_loop(1);
		peer_receive(&p, true);
	}
	ck_assert_uint_eq(p.ngot, sizeof(data));
	ck_assert(!memcmp(p.got, data, sizeof(data)));
	free(p.got);
	assert_no_leaks();
}
END_TEST

START_TEST(test_tcp_echo_1mb)
{
	tcp_echo_bytes(1 << 20, NETIF_F_SG);
}
END_TEST

START_TEST(test_tcp_echo_checksum_offload)
{
	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off",
		    NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM | NETIF_F_IPHDR_CSUM);
	tcp_echo_bytes(300000, NETIF_F_IP_CSUM);
}
END_TEST

START_TEST(test_tcp_echo_bounds_buffering)
{
	struct peer p;
	u32 total = 600000, sent = 0;
	u8 *data = malloc(total);
	struct lwip_glue_stats st;

	for (u32 i = 0; i < total; i++)
		data[i] = (u8)(i * 13);
	arp_handshake();
	peer_connect(&p, 50001, total);
	/* Never acknowledge the echo: napkin must stop taking data, not buffer it all. */
	for (int i = 0; i < 3000; i++) {
		sent += peer_send(&p, data + sent, total - sent);
		run_loop(1);
		peer_receive(&p, false);
	}
	ck_assert_msg(p.napkin_wnd == 0, "window %u after %u bytes", p.napkin_wnd, sent);
	/* At most a receive window waiting plus a full send buffer. */
	ck_assert_uint_lt(sent, TCP_WND + TCP_SND_BUF + 2 * TCP_MSS);
	/* What waits was copied out of the driver's buffers: none stay pinned. */
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_le(st.rx_frames_held, 2);
	/* Start acknowledging: everything still arrives, in order. */
	while (p.ngot < total) {
		sent += peer_send(&p, data + sent, total - sent);
		run_loop(5);
		peer_receive(&p, true);
		ck_assert_msg(fake_clock_now() < 600ull * 1000000000, "stalled at %u", p.ngot);
	}
	ck_assert(!memcmp(p.got, data, total));
	free(p.got);
	free(data);
}
END_TEST

/* ---- connection capacity (issue #18) ---- */

START_TEST(test_capacity_sized_from_memory)
{
	struct lwip_capacity c;

	lwip_capacity_size(64ull << 20, &c);
	ck_assert_uint_eq(c.mem_budget, 16ull << 20);
	ck_assert_uint_eq(c.tcp_conns, (16u << 20) / LWIP_CONN_COST_BYTES);
	ck_assert_uint_ge(c.tcp_conns, 4096);
	ck_assert_uint_eq(c.half_open, LWIP_HALF_OPEN_DEFAULT);
	lwip_capacity_size(1ull << 20, &c);
	ck_assert_uint_eq(c.mem_budget, LWIP_MEM_MIN_BYTES);
	lwip_capacity_size(1ull << 40, &c);
	ck_assert_uint_eq(c.tcp_conns, LWIP_TCP_CONNS_MAX);
}
END_TEST

START_TEST(test_capacity_command_line)
{
	struct lwip_heap_stats h;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off net.mem=8M net.tcp_half_open=7 "
		    "echo.max_conns=3",
		    NETIF_F_SG);
	ck_assert_uint_eq(lwip_capacity()->mem_budget, 8u << 20);
	ck_assert_uint_eq(lwip_capacity()->tcp_conns, (8u << 20) / LWIP_CONN_COST_BYTES);
	ck_assert_uint_eq(lwip_capacity()->half_open, 7);
	ck_assert_uint_eq(echo_admission.limit, 3);
	ck_assert_uint_eq(discard_admission.limit, lwip_capacity()->tcp_conns);
	lwip_heap_get_stats(&h);
	ck_assert_uint_eq(h.budget, 8u << 20);
	ck_assert_uint_gt(h.allocs, 0);
}
END_TEST

/* A SYN from sport; true when napkin answered it at all (SYN-ACK or RST). */
static bool syn_answered(u16 sport)
{
	u8 f[128];
	struct tx_cap *c;
	u32 l4len;
	const u8 *t;

	drain_tx();
	inject(f, build_tcp(f, sport, 5000, 0, TCP_F_SYN, 65535, NULL, 0));
	c = next_tx_ip4();
	if (!c)
		return false;
	t = expect_ip4(c, 6, &l4len);
	ck_assert_uint_eq(t[13] & (TCP_F_SYN | TCP_F_ACK), TCP_F_SYN | TCP_F_ACK);
	return true;
}

/* Echo a few bytes over an established peer; fails the test unless all come back. */
static void peer_echo_check(struct peer *p)
{
	static const u8 msg[] = "still here";

	drain_tx();
	ck_assert_uint_eq(peer_send(p, msg, sizeof(msg)), sizeof(msg));
	peer_receive(p, true);
	ck_assert_uint_eq(p->ngot, sizeof(msg));
	ck_assert(!memcmp(p->got, msg, sizeof(msg)));
}

START_TEST(test_service_limit_drops_syn_and_keeps_connections)
{
	struct peer a, b;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off echo.max_conns=2", NETIF_F_SG);
	arp_handshake();
	peer_connect(&a, 40001, 4096);
	peer_connect(&b, 40002, 4096);
	ck_assert_uint_eq(echo_admission.active, 2);
	/* Dropped before the handshake: no SYN-ACK, no RST; the client will retry. */
	ck_assert(!syn_answered(40003));
	ck_assert_uint_eq(echo_admission.refused, 1);
	ck_assert_uint_eq(echo_tcp_stats.refused, 0);
	peer_echo_check(&a);
	peer_echo_check(&b);
	/* Raised at run time (`set echo.max_conns`), the next SYN gets in. */
	echo_admission.limit = 3;
	ck_assert(syn_answered(40004));
	free(a.got);
	free(b.got);
}
END_TEST

START_TEST(test_machine_limit_drops_syn_and_keeps_connections)
{
	struct lwip_admission_stats st;
	struct peer a, b;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off net.tcp_conns=2", NETIF_F_SG);
	arp_handshake();
	peer_connect(&a, 40001, 4096);
	peer_connect(&b, 40002, 4096);
	ck_assert(!syn_answered(40003));
	lwip_admission_get_stats(&st);
	ck_assert_uint_eq(st.refused_machine, 1);
	peer_echo_check(&a);
	peer_echo_check(&b);
	free(a.got);
	free(b.got);
}
END_TEST

/* napkin closes first (its services never do): the connection ends in TIME_WAIT here. */
static void close_from_napkin(struct peer *p)
{
	struct tcp_pcb *pcb;
	u8 f[128];

	for (pcb = tcp_active_pcbs; pcb && pcb->remote_port != p->port; pcb = pcb->next)
		;
	ck_assert_ptr_nonnull(pcb);
	/* Take it from echo: its error callback frees its state and uncounts it. */
	pcb->errf(pcb->callback_arg, ERR_ABRT);
	tcp_arg(pcb, NULL);
	tcp_recv(pcb, NULL);
	tcp_sent(pcb, NULL);
	tcp_err(pcb, NULL);
	tcp_poll(pcb, NULL, 0);
	drain_tx();
	ck_assert_int_eq(tcp_close(pcb), ERR_OK);
	peer_receive(p, true); /* its FIN, acknowledged */
	ck_assert(p->fin_seen);
	inject(f, build_tcp(f, p->port, p->snd_nxt, p->rcv_nxt, TCP_F_FIN | TCP_F_ACK, 65535, NULL,
			    0));
	p->snd_nxt++;
	ck_assert_uint_eq(lwip_admission_timewait_count(), 1);
}

START_TEST(test_timewait_recycled_when_machine_full)
{
	struct lwip_admission_stats st;
	struct peer a, b, c;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off net.tcp_conns=2", NETIF_F_SG);
	arp_handshake();
	peer_connect(&a, 40001, 4096);
	close_from_napkin(&a);
	peer_connect(&b, 40002, 4096);
	/* Two PCBs (one TIME_WAIT): the oldest TIME_WAIT makes room, nothing else does. */
	peer_connect(&c, 40003, 4096);
	lwip_admission_get_stats(&st);
	ck_assert_uint_eq(st.timewait_recycled, 1);
	ck_assert_uint_eq(st.refused_machine, 0);
	ck_assert_uint_eq(lwip_admission_timewait_count(), 0);
	peer_echo_check(&b);
	peer_echo_check(&c);
	/* Full again with no TIME_WAIT left: the next SYN is dropped, b and c stay. */
	ck_assert(!syn_answered(40004));
	lwip_admission_get_stats(&st);
	ck_assert_uint_eq(st.refused_machine, 1);
	free(a.got);
	free(b.got);
	free(c.got);
}
END_TEST

/*
 * A service ending a connection from its sent callback (net/services/tcp_end.c):
 * the peer's segment acknowledges napkin's data and carries data of its own,
 * which lwIP forgets without freeing when the sent callback closes or aborts
 * the connection there. The end must wait, and every receive buffer come back.
 */
static bool end_by_abort;

static err_t ending_sent(void *arg, struct tcp_pcb *pcb, u16_t len)
{
	service_sent_begin(pcb);
	return service_callback_end(end_by_abort ? service_tcp_abort(pcb) : service_tcp_close(pcb));
}

/* Take the connection from echo; napkin sends 5 bytes, and the sent callback ends it. */
static struct tcp_pcb *connection_ending_when_acked(struct peer *p, u16 port)
{
	struct tcp_pcb *pcb;

	peer_connect(p, port, 4096);
	for (pcb = tcp_active_pcbs; pcb && pcb->remote_port != port; pcb = pcb->next)
		;
	ck_assert_ptr_nonnull(pcb);
	pcb->errf(pcb->callback_arg, ERR_ABRT); /* echo frees its state */
	tcp_arg(pcb, NULL);
	tcp_err(pcb, NULL);
	tcp_sent(pcb, ending_sent);
	ck_assert_int_eq(tcp_write(pcb, "hello", 5, TCP_WRITE_FLAG_COPY), ERR_OK);
	ck_assert_int_eq(tcp_output(pcb), ERR_OK);
	peer_receive(p, false);
	ck_assert_uint_eq(p->ngot, 5);
	return pcb;
}

static void end_from_sent_with_data(bool by_abort)
{
	static const u8 data[10] = "0123456789";
	struct peer p;
	u8 f[256];

	end_by_abort = by_abort;
	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off", NETIF_F_SG);
	arp_handshake();
	connection_ending_when_acked(&p, 40020);
	inject(f, build_tcp(f, p.port, p.snd_nxt, p.rcv_nxt, TCP_F_ACK | TCP_F_PSH, 65535, data,
			    sizeof(data)));
	/* The data went to the ending receive callback, which ended the connection (a FIN, or gone). */
	for (struct tcp_pcb *pcb = tcp_active_pcbs; pcb; pcb = pcb->next) {
		if (pcb->remote_port != 40020)
			continue;
		ck_assert(!by_abort);
		ck_assert_int_eq(pcb->state, FIN_WAIT_1);
		ck_assert_ptr_null(pcb->recv);
	}
	assert_no_leaks();
	free(p.got);
}

START_TEST(test_close_from_sent_callback_frees_segment_data)
{
	end_from_sent_with_data(false);
}
END_TEST

START_TEST(test_abort_from_sent_callback_frees_segment_data)
{
	end_from_sent_with_data(true);
}
END_TEST

START_TEST(test_close_from_sent_callback_on_pure_ack)
{
	struct tcp_pcb *pcb;
	struct peer p;
	u8 f[128];

	end_by_abort = false;
	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off", NETIF_F_SG);
	arp_handshake();
	pcb = connection_ending_when_acked(&p, 40021);
	drain_tx();
	inject(f, build_tcp(f, p.port, p.snd_nxt, p.rcv_nxt, TCP_F_ACK, 65535, NULL, 0));
	/* Nothing more came with the acknowledgement: the loop hook closes it, with a FIN. */
	ck_assert_int_eq(pcb->state, ESTABLISHED); /* not ended inside the callback */
	run_loop(1);
	peer_receive(&p, true);
	ck_assert(p.fin_seen);
	assert_no_leaks();
	free(p.got);
}
END_TEST

START_TEST(test_half_open_flood_is_recycled)
{
	struct lwip_admission_stats st;
	struct peer real;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off net.tcp_half_open=4", NETIF_F_SG);
	arp_handshake();
	/* SYNs that never complete: four fill the port's half-open slots ... */
	for (u16 i = 0; i < 4; i++)
		ck_assert(syn_answered((u16)(41000 + i)));
	/* ... and while those are young (real clients mid-handshake?) more are dropped, not let in */
	for (u16 i = 4; i < 10; i++)
		ck_assert(!syn_answered((u16)(41000 + i)));
	lwip_admission_get_stats(&st);
	ck_assert_uint_eq(st.refused_half_open, 6);
	ck_assert_uint_eq(st.half_open_recycled, 0);
	/* Once they are stale, each new SYN takes the place of the oldest. */
	run_loop(1100);
	drain_tx();
	for (u16 i = 10; i < 14; i++)
		ck_assert(syn_answered((u16)(41000 + i)));
	lwip_admission_get_stats(&st);
	ck_assert_uint_eq(st.half_open_recycled, 4);
	ck_assert_uint_eq(lwip_stats.memp[MEMP_TCP_PCB]->used, 4);
	/* A real client whose SYN met only young ones retries and gets in, and is served. */
	ck_assert(!syn_answered(40001));
	run_loop(1100);
	drain_tx();
	peer_connect(&real, 40001, 4096);
	peer_echo_check(&real);
	free(real.got);
}
END_TEST

START_TEST(test_rx_checksum_trust)
{
	u8 f[2048], payload[32] = { 5 };
	u32 sizes[] = { 0, 1, 11, 32 }, len;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off", NETIF_F_SG | NETIF_F_RXCSUM);
	arp_handshake();
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		drain_tx();
		len = build_udp(f, 40000, SERVICE_PORT_ECHO, payload, sizes[i]);
		/* Corrupt the UDP checksum, as a partial (host-computed later) one looks. */
		f[14 + 20 + 6] ^= 0x55;
		inject_segs(f, len, 1, NETBUF_CSUM_NONE);
		ck_assert_ptr_null(next_tx_ip4()); /* checked in software: dropped */
		inject_segs(f, len, 1, NETBUF_CSUM_UNNECESSARY);
		/* The device vouched for it: trusted, however short the frame. */
		ck_assert_msg(next_tx_ip4() != NULL, "%u-byte datagram not trusted", sizes[i]);
	}
	/* A fragment's verdict is never trusted for the reassembled datagram. */
	for (int corrupt = 1; corrupt >= 0; corrupt--) {
		u8 dgram[128];

		drain_tx();
		build_udp(dgram, 40000, SERVICE_PORT_ECHO, payload, 24);
		if (corrupt)
			dgram[14 + 20 + 6] ^= 0x55;
		for (int part = 0; part < 2; part++) {
			u8 *ip = f + eth_hdr(f, napkin_mac, ETH_P_IP);

			/* 32 bytes of UDP (8 + 24) as two 16-byte fragments. */
			ip4_hdr(ip, 17, 16, (u16)(300 + corrupt), (u16)(part ? 2 : 0x2000));
			memcpy(ip + 20, dgram + 34 + part * 16, 16);
			inject_segs(f, 34 + 16, 1, NETBUF_CSUM_UNNECESSARY);
		}
		if (corrupt)
			ck_assert_ptr_null(next_tx_ip4());
		else
			ck_assert_ptr_nonnull(next_tx_ip4());
	}
	assert_no_leaks();
}
END_TEST

START_TEST(test_rx_checksum_not_trusted_without_feature)
{
	u8 f[2048], payload[32] = { 5 };
	u32 len;

	arp_handshake();
	drain_tx();
	len = build_udp(f, 40000, SERVICE_PORT_ECHO, payload, sizeof(payload));
	f[14 + 20 + 6] ^= 0x55;
	inject_segs(f, len, 1, NETBUF_CSUM_UNNECESSARY);
	ck_assert_ptr_null(next_tx_ip4());
	assert_no_leaks();
}
END_TEST

/* ---- IPv6 reassembly (net/lwip/fixes/rx_reass6.c) ---- */

static const u8 peer_ip6[16] = { 0xfe, 0x80, [15] = 0x01 };
/* napkin's link-local address, from its MAC (EUI-64). */
static const u8 napkin_ip6[16] = { 0xfe, 0x80, [11] = 0xff, [12] = 0xfe, [15] = 0x02 };

/* One fragment of an ICMPv6 datagram from the peer: data at byte offset off. */
static u32 build_frag6(u8 *f, u16 off, bool more, const u8 *data, u32 len)
{
	u8 *ip = f + eth_hdr(f, napkin_mac, ETH_P_IPV6), *frag = ip + 40;

	memset(ip, 0, 48);
	ip[0] = 0x60;
	fr_put16(ip + 4, (u16)(8 + len));
	ip[6] = 44; /* a fragment header follows */
	ip[7] = 255;
	memcpy(ip + 8, peer_ip6, 16);
	memcpy(ip + 24, napkin_ip6, 16);
	frag[0] = 58; /* ICMPv6 */
	fr_put16(frag + 2, (u16)(off | (more ? 1 : 0)));
	put32(frag + 4, 0x4e41504b);
	memcpy(frag + 8, data, len);
	return 14 + 48 + len;
}

/*
 * An echo request of 32 bytes in four 8-byte fragments, sent in the order
 * given (a fragment number past 3 ends the list). Its checksum covers the
 * fragments sent, so a datagram put together from them passes it whatever
 * is missing: only the reassembly can tell.
 */
static void send_echo6_fragments(const int *order)
{
	u8 msg[32], f[128];
	u32 sum = 0, sent = 0;

	msg[0] = 128; /* echo request */
	msg[1] = 0;
	fr_put16(msg + 2, 0);
	fr_put16(msg + 4, 0x4242);
	fr_put16(msg + 6, 1);
	for (int i = 8; i < 32; i++)
		msg[i] = (u8)i;
	for (const int *n = order; *n <= 3; n++) {
		sum = fr_sum(msg + *n * 8, 8, sum);
		sent += 8;
	}
	sum = fr_sum(peer_ip6, 16, sum);
	sum = fr_sum(napkin_ip6, 16, sum);
	sum += sent + 58;
	fr_put16(msg + 2, (u16)~fr_fold(sum));
	for (const int *n = order; *n <= 3; n++)
		inject(f, build_frag6(f, (u16)(*n * 8), *n < 3, msg + *n * 8, 8));
}

START_TEST(test_ip6_reassembly_with_a_hole_is_dropped)
{
	static const int whole[] = { 0, 2, 1, 3, 4 }, hole[] = { 0, 3, 2, 4 };
	u64 bad = glue_ip6_reass_bad, echoes;

	run_loop(3000); /* the link-local address passes duplicate detection */
	echoes = lwip_stats.icmp6.recv;
	send_echo6_fragments(whole);
	ck_assert_uint_eq(lwip_stats.icmp6.recv, echoes + 1);
	ck_assert_uint_eq(glue_ip6_reass_bad, bad);
	/* Fragment 1 lost, 3 before 2: lwIP alone would answer A+C+D. */
	send_echo6_fragments(hole);
	ck_assert_uint_eq(lwip_stats.icmp6.recv, echoes + 1);
	ck_assert_uint_eq(glue_ip6_reass_bad, bad + 1);
	assert_no_leaks();
}
END_TEST

START_TEST(test_bad_ip_config_falls_back_to_dhcp)
{
	start_stack("ip=10.0.0.300::::::", NETIF_F_SG);
	ck_assert(stub_printk_contains("field 1 (client-ip)"));
	ck_assert(stub_printk_contains("using DHCP instead"));
	ck_assert(stub_printk_contains("eth0: DHCP started"));
	/* A DHCP discover went out as a broadcast from port 68. */
	for (struct tx_cap *c; (c = next_tx_ip4());) {
		if (c->data[14 + 9] == 17 && get16(c->data + 14 + 20) == 68) {
			ck_assert_uint_eq(get16(c->data + 14 + 22), 67);
			return;
		}
	}
	ck_abort_msg("no DHCP discover sent");
}
END_TEST

START_TEST(test_netconsole_ops)
{
	u8 mac[6] = { 0 };
	struct tx_cap *c;

	ck_assert_ptr_nonnull(nc_ops);
	ck_assert_uint_eq(nc_ops->dev_ipv4(&nic.dev), 0x0a000002);
	/* The netmask, for a target on the subnet's broadcast address. */
	ck_assert_uint_eq(nc_ops->dev_ipv4_netmask(&nic.dev), 0xffffff00);
	/* Unknown neighbour: an ARP request goes out, the caller is asked to retry. */
	drain_tx();
	ck_assert_int_eq(nc_ops->resolve(&nic.dev, 0x0a000001, mac), -EAGAIN);
	c = next_tx();
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(get16(c->data + 12), ETH_P_ARP);
	ck_assert_uint_eq(get16(c->data + 14 + 6), 1);
	ck_assert(!memcmp(c->data + 14 + 24, peer_ip, 4));
	/* Once the peer is known, its MAC. */
	arp_handshake();
	ck_assert_int_eq(nc_ops->resolve(&nic.dev, 0x0a000001, mac), 0);
	ck_assert(!memcmp(mac, peer_mac, 6));
	assert_no_leaks();
}
END_TEST

START_TEST(test_netconsole_ops_without_address)
{
	u8 mac[6];

	start_stack("ip=off", NETIF_F_SG);
	ck_assert_uint_eq(nc_ops->dev_ipv4(&nic.dev), 0);
	ck_assert_uint_eq(nc_ops->dev_ipv4_netmask(&nic.dev), 0);
	ck_assert_int_eq(nc_ops->resolve(&nic.dev, 0x0a000001, mac), -ENODEV);
}
END_TEST

START_TEST(test_ip_off)
{
	start_stack("ip=off", NETIF_F_SG);
	ck_assert(stub_printk_contains("eth0: no IPv4 configuration (ip=off)"));
}
END_TEST

/* What the driver tests boot with: the stack must not send a single frame. */
START_TEST(test_quiet_stack)
{
	start_stack("ip=off ipv6.disable=1", NETIF_F_SG);
	run_loop(10000);
	ck_assert_int_eq(nic.ncaps, 0);
	ck_assert(stub_printk_contains("IPv4 off, IPv6 off"));
}
END_TEST

START_TEST(test_default_stack_talks)
{
	bool ipv6 = false, dhcp = false;

	start_stack("", NETIF_F_SG);
	run_loop(5000);
	for (struct tx_cap *c; (c = next_tx());) {
		ipv6 |= get16(c->data + 12) == ETH_P_IPV6;
		dhcp |= get16(c->data + 12) == ETH_P_IP && c->data[14 + 9] == 17 &&
			get16(c->data + 14 + 22) == 67;
	}
	ck_assert(ipv6 && dhcp);
}
END_TEST

START_TEST(test_ip_names_other_device)
{
	start_stack("ip=:::::eth3:", NETIF_F_SG);
	ck_assert(stub_printk_contains("eth0: no IPv4 configuration (ip= names eth3)"));
}
END_TEST

/* ip.<dev>= wins over ip= for its device. */
START_TEST(test_device_ipconfig_overrides_ip)
{
	start_stack("ip=off ip.eth0=10.0.0.2:::255.255.255.0", NETIF_F_SG);
	ck_assert(stub_printk_contains("eth0: static address 10.0.0.2/24"));
	ck_assert(!stub_printk_contains("no IPv4 configuration"));
}
END_TEST

START_TEST(test_device_ipconfig_off_and_mismatch)
{
	start_stack("ip=10.0.0.2:::255.255.255.0 ip.eth0=off", NETIF_F_SG);
	ck_assert(stub_printk_contains("eth0: no IPv4 configuration (ip.eth0=off)"));
	ck_assert(!stub_printk_contains("static address"));
}
END_TEST

START_TEST(test_device_ipconfig_naming_another_device_is_ignored)
{
	start_stack("ip=10.0.0.2:::255.255.255.0 ip.eth0=10.9.9.9:::255.0.0.0::eth1:", NETIF_F_SG);
	ck_assert(stub_printk_contains("ip.eth0= names device eth1: ignored"));
	ck_assert(stub_printk_contains("eth0: static address 10.0.0.2/24"));
}
END_TEST

/* ---- TCP segmentation offload ---- */

/*
 * The device's side of TSO, written from its contract (net/core/netbuf.h): every
 * piece gets the super-segment's headers with its own IP length and id, its
 * sequence number, PSH and FIN only on the last, and fresh checksums.
 */
static void nic_cut(struct netbuf *nb)
{
	u32 tot = nb->tot_len, hl = nb->gso_hdr_len, mss = nb->gso_size, payload, n;
	u8 *sup = malloc(tot);
	u32 l4, seq0;
	u16 id0;

	ck_assert_uint_eq(netbuf_copy_out(nb, 0, sup, tot), tot);
	l4 = 14 + (sup[14] & 15u) * 4;
	ck_assert_uint_eq(nb->gso_type, NETBUF_GSO_TCPV4);
	ck_assert_uint_eq(nb->csum, NETBUF_CSUM_PARTIAL);
	ck_assert_uint_eq(nb->csum_start, l4);
	ck_assert_uint_gt(mss, 0);
	ck_assert_uint_eq(hl, l4 + (sup[l4 + 12] >> 4) * 4u);
	ck_assert_uint_gt(tot, hl + mss);
	ck_assert_uint_le(tot, NETDEV_GSO_MAX_SIZE);
	ck_assert_uint_eq(get16(sup + 16), tot - 14);
	/* The checksum field holds the pseudo-header sum over the whole TCP length. */
	ck_assert_uint_eq(get16(sup + l4 + 16), fr_fold(fr_pseudo4(sup + 14, 6, tot - l4)));
	if (!(nb->flags & NETBUF_F_TX_IPHDR_CSUM))
		ck_assert_uint_eq(fr_fold(fr_sum(sup + 14, 20, 0)), 0xffff);
	payload = tot - hl;
	n = (payload + mss - 1) / mss;
	ck_assert_uint_eq(n, nb->gso_segs);
	if (nic.dev.gso_max_segs)
		ck_assert_uint_le(netbuf_nr_segs(nb), nic.dev.gso_max_segs);
	id0 = get16(sup + 18);
	seq0 = get32(sup + l4 + 4);
	for (u32 k = 0; k < n; k++) {
		u32 len = MIN(mss, payload - k * mss);
		struct tx_cap *c;
		u8 *d, *t;

		ck_assert_int_lt(nic.ncaps, MAX_CAPS);
		c = &nic.caps[nic.ncaps++];
		memset(c, 0, sizeof(*c));
		c->len = hl + len;
		c->data = d = malloc(c->len);
		c->segs = 1;
		memcpy(d, sup, hl);
		memcpy(d + hl, sup + hl + k * mss, len);
		fr_put16(d + 16, (u16)(hl - 14 + len));
		fr_put16(d + 18, (u16)(id0 + k));
		fr_put16(d + 24, 0);
		fr_put16(d + 24, (u16)~fr_fold(fr_sum(d + 14, 20, 0)));
		t = d + l4;
		put32(t + 4, seq0 + k * mss);
		if (k != n - 1)
			t[13] &= (u8) ~(TCP_F_PSH | TCP_F_FIN);
		fr_put16(t + 16, 0);
		fr_put16(t + 16,
			 (u16)~fr_fold(fr_sum(t, c->len - l4, fr_pseudo4(d + 14, 6, c->len - l4))));
	}
	nic.gso_frames++;
	nic.gso_segs += n;
	if (sup[l4 + 13] & TCP_F_PSH)
		nic.gso_psh++;
	free(sup);
}

/* Every frame lwIP handed to the glue, as it was then: what a device without TSO would send. */
static struct {
	err_t (*glue)(struct netif *netif, struct pbuf *p);
	u8 *data[MAX_CAPS];
	u32 len[MAX_CAPS];
	int n, first_cap;
} lwip_out;

static err_t recording_linkoutput(struct netif *netif, struct pbuf *p)
{
	u8 *d = malloc(p->tot_len);

	ck_assert_int_lt(lwip_out.n, MAX_CAPS);
	ck_assert_uint_eq(pbuf_copy_partial(p, d, p->tot_len, 0), p->tot_len);
	/* Finish the checksums lwIP left to the device. */
	if (p->tot_len >= 54 && get16(d + 12) == ETH_P_IP && d[14 + 9] == 6) {
		u32 l4len = get16(d + 16) - 20;

		fr_put16(d + 24, 0);
		fr_put16(d + 24, (u16)~fr_fold(fr_sum(d + 14, 20, 0)));
		fr_put16(d + 34 + 16, 0);
		fr_put16(d + 34 + 16,
			 (u16)~fr_fold(fr_sum(d + 34, l4len, fr_pseudo4(d + 14, 6, l4len))));
	}
	lwip_out.data[lwip_out.n] = d;
	lwip_out.len[lwip_out.n++] = p->tot_len;
	return lwip_out.glue(netif, p);
}

static void record_lwip_output(void)
{
	struct netif *netif = lwip_netif_of(&nic.dev);

	ck_assert_ptr_nonnull(netif);
	lwip_out.glue = netif->linkoutput;
	netif->linkoutput = recording_linkoutput;
	lwip_out.n = 0;
	lwip_out.first_cap = nic.ncaps;
}

/* What reached the wire is what lwIP sent, frame for frame, byte for byte. */
static void assert_wire_equals_lwip_output(void)
{
	/* A round of the main loop ends lwIP's last burst. */
	run_loop(1);
	ck_assert_int_eq(nic.ncaps - lwip_out.first_cap, lwip_out.n);
	for (int i = 0; i < lwip_out.n; i++) {
		struct tx_cap *c = &nic.caps[lwip_out.first_cap + i];

		device_csum(c);
		ck_assert_msg(c->len == lwip_out.len[i],
			      "frame %d: %u bytes on the wire, lwIP sent %u", i, c->len,
			      lwip_out.len[i]);
		ck_assert_msg(!memcmp(c->data, lwip_out.data[i], c->len),
			      "frame %d differs from what lwIP sent", i);
	}
}

/* chargen to the peer, which acknowledges everything: lwIP's bursts grow with its window. */
static void chargen_to_peer(u32 bytes)
{
	struct peer p;
	int rounds = 0;

	peer_service = SERVICE_PORT_CHARGEN;
	arp_handshake();
	record_lwip_output();
	peer_connect(&p, 50010, bytes + 8 * 1024 * 1024);
	while (p.ngot < bytes) {
		u8 f[128];

		run_loop(1);
		peer_receive(&p, false);
		/* One acknowledgement a round: each round is one burst of lwIP's. */
		if (p.ack_out != p.rcv_nxt) {
			p.ack_out = p.rcv_nxt;
			inject(f, build_tcp(f, p.port, p.snd_nxt, p.ack_out, TCP_F_ACK, 65535, NULL,
					    0));
		}
		ck_assert_msg(++rounds < 20000, "stalled at %u bytes", p.ngot);
	}
	/* The stream is chargen's pattern: lines of 72 rotating printable characters. */
	for (u32 i = 0; i + 74 <= p.ngot; i += 74) {
		ck_assert_uint_eq(p.got[i + 72], '\r');
		ck_assert_uint_eq(p.got[i + 73], '\n');
	}
	free(p.got);
}

/* Acknowledge what came, offering wnd, until the peer has `until` bytes of the stream. */
static void peer_stream_until(struct peer *p, u32 until, u16 wnd)
{
	int rounds = 0;

	while (p->ngot < until) {
		u8 f[128];

		run_loop(1);
		peer_receive(p, false);
		p->ack_out = p->rcv_nxt;
		inject(f, build_tcp(f, p->port, p->snd_nxt, p->ack_out, TCP_F_ACK, wnd, NULL, 0));
		ck_assert_msg(++rounds < 20000, "stalled at %u bytes", p->ngot);
	}
}

/*
 * Two ways a peer made lwIP's segment size shrink below a segment it had
 * queued, and lwIP assert (a panic): opening with a one-byte window and then
 * offering 256 bytes, and an MSS option after the handshake
 * (net/lwip/fixes/rx_tcpmss.c). chargen keeps streaming and its segments stay full.
 */
START_TEST(test_tcp_peer_cannot_shrink_send_size)
{
	struct peer p, q;
	u8 f[128];

	peer_service = SERVICE_PORT_CHARGEN;
	arp_handshake();
	peer_connect_wnd(&p, 50020, 1 << 20, 1);
	run_loop(1);
	peer_receive(&p, false);
	inject(f, build_tcp(f, p.port, p.snd_nxt, p.rcv_nxt, TCP_F_ACK, 256, NULL, 0));
	peer_stream_until(&p, 1024, 256);
	ck_assert_uint_eq(glue_tcp_tiny_window, 1);
	p.max_seg = 0;
	peer_stream_until(&p, 200000, 65535);
	ck_assert_uint_eq(p.max_seg, 1460);

	peer_connect(&q, 50021, 1 << 20);
	peer_stream_until(&q, 20000, 65535);
	peer_mss_option_on_ack = 64;
	inject(f, build_tcp(f, q.port, q.snd_nxt, q.rcv_nxt, TCP_F_ACK, 65535, NULL, 0));
	peer_mss_option_on_ack = 0;
	q.max_seg = 0;
	peer_stream_until(&q, 200000, 65535);
	ck_assert_uint_eq(q.max_seg, 1460);
	ck_assert_uint_eq(glue_tcp_mss_ignored, 1);
	ck_assert(stub_printk_contains("ignoring an MSS option outside the handshake"));
	ck_assert_uint_eq(glue_tcp_tiny_window, 1);
	free(p.got);
	free(q.got);
}
END_TEST

START_TEST(test_tso_merges_and_cuts_exactly)
{
	struct lwip_glue_stats st;
	struct ethtool_stat es[8];
	int n;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off",
		    NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_TSO);
	ck_assert(stub_printk_contains("TSO"));
	chargen_to_peer(1024 * 1024);
	assert_wire_equals_lwip_output();
	/* Super-segments were used, and they were large. */
	ck_assert_int_gt(nic.gso_frames, 10);
	ck_assert_msg(nic.gso_segs >= 8 * nic.gso_frames, "%ld segments in %ld super-segments",
		      nic.gso_segs, nic.gso_frames);
	ck_assert_int_eq(lwip_glue_get_stats(&nic.dev, &st), 0);
	ck_assert_uint_eq(st.tx_gso_frames, nic.gso_frames);
	ck_assert_uint_eq(st.tx_gso_segs, nic.gso_segs);
	ck_assert_uint_eq(nic.dev.tx_gso_frames, nic.gso_frames);
	ck_assert_uint_eq(nic.dev.tx_gso_segs, nic.gso_segs);
	n = netdev_get_ethtool_stats(&nic.dev, es, 8);
	ck_assert_int_eq(n, 3);
	ck_assert_str_eq(es[0].name, "tso_super_segments");
	ck_assert_uint_eq(es[0].value, nic.gso_frames);
	ck_assert_uint_eq(es[1].value, nic.gso_segs);
}
END_TEST

/* With the device's IPv4 header checksum, and a ring too small for lwIP's longest bursts. */
START_TEST(test_tso_respects_segment_limit_and_ip_offload)
{
	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off",
		    NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPHDR_CSUM | NETIF_F_TSO);
	nic.dev.gso_max_segs = 5;
	chargen_to_peer(512 * 1024);
	assert_wire_equals_lwip_output();
	ck_assert_int_gt(nic.gso_frames, 10);
	ck_assert_int_gt(nic.gso_segs, 2 * nic.gso_frames);
}
END_TEST

/* The echo of a backlog: lwIP's PSH lands on the last segment of a burst, and only there. */
START_TEST(test_tso_psh_ends_a_super_segment)
{
	u32 total = 400000, sent = 0;
	u8 *data = malloc(total);
	struct peer p;
	int rounds = 0;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off",
		    NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_TSO);
	for (u32 i = 0; i < total; i++)
		data[i] = (u8)(i * 7 + (i >> 11));
	arp_handshake();
	record_lwip_output();
	peer_connect(&p, 50011, total);
	while (p.ngot < total) {
		sent += peer_send(&p, data + sent, total - sent);
		run_loop(1);
		peer_receive(&p, false);
		/* Acknowledge only every fourth round, so the echo backs up and bursts. */
		if (rounds % 4 == 3 && p.ack_out != p.rcv_nxt) {
			u8 f[128];

			p.ack_out = p.rcv_nxt;
			inject(f, build_tcp(f, p.port, p.snd_nxt, p.ack_out, TCP_F_ACK, 65535, NULL,
					    0));
		}
		ck_assert_msg(++rounds < 100000, "stalled: sent %u, echoed %u", sent, p.ngot);
	}
	ck_assert(!memcmp(p.got, data, total));
	assert_wire_equals_lwip_output();
	ck_assert_int_gt(nic.gso_frames, 3);
	ck_assert_int_gt(nic.gso_psh, 0);
	free(p.got);
	free(data);
}
END_TEST

START_TEST(test_tso_off_switch)
{
	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off net.tso=off",
		    NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_TSO);
	chargen_to_peer(256 * 1024);
	assert_wire_equals_lwip_output();
	ck_assert_int_eq(nic.gso_frames, 0);
	ck_assert(!stub_printk_contains("TSO"));
}
END_TEST

/* A device without NETIF_F_TSO never gets a super-segment (nic_xmit asserts it too). */
START_TEST(test_tso_needs_the_device_feature)
{
	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off", NETIF_F_SG | NETIF_F_IP_CSUM);
	chargen_to_peer(256 * 1024);
	assert_wire_equals_lwip_output();
	ck_assert_int_eq(nic.gso_frames, 0);
}
END_TEST

static netdev_tx_t spare_xmit(struct netbuf *nb, struct net_device *dev)
{
	netbuf_free(nb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops spare_ops = {
	.start_xmit = spare_xmit,
};

/* The devices the glue walks, in slot order, are exactly want[0..n). */
static void assert_glue_devices(struct net_device *const *want, int n)
{
	int i = 0;

	for (struct glue_if *gif = glue_if_first(); gif; gif = glue_if_next(gif), i++) {
		ck_assert_int_lt(i, n);
		ck_assert_ptr_eq(gif->dev, want[i]);
		ck_assert_ptr_eq(gif->dev->stack_priv, gif);
	}
	ck_assert_int_eq(i, n);
}

/*
 * The glue's device slots: taken lowest first, one device more than there
 * are slots refused with a message, a removed device's slot skipped by the
 * walk and given to the next device.
 */
START_TEST(test_device_slots_come_and_go)
{
	static struct net_device spare[LWIP_GLUE_MAX_IFS];
	struct net_device *const eth0 = &nic.dev;

	start_stack("ip=10.0.0.2:::255.255.255.0::eth0:off", NETIF_F_SG);
	for (int i = 0; i < LWIP_GLUE_MAX_IFS; i++) {
		static const u8 mac[ETH_ALEN] = { 2, 0, 0, 0, 9, 0 };

		memset(&spare[i], 0, sizeof(spare[i]));
		memcpy(spare[i].dev_addr, mac, ETH_ALEN);
		spare[i].dev_addr[5] = (u8)i;
		spare[i].ops = &spare_ops;
		ck_assert_int_eq(register_netdev(&spare[i]), 0);
	}
	run_loop(1);
	ck_assert(stub_printk_contains("more than 8 devices; this one stays unused"));
	ck_assert_ptr_null(spare[7].stack_priv);
	{
		struct net_device *const want[] = { eth0,      &spare[0], &spare[1], &spare[2],
						    &spare[3], &spare[4], &spare[5], &spare[6] };

		assert_glue_devices(want, 8);
	}
	unregister_netdev(&spare[2]);
	unregister_netdev(&spare[5]);
	{
		struct net_device *const want[] = { eth0,      &spare[0], &spare[1],
						    &spare[3], &spare[4], &spare[6] };

		assert_glue_devices(want, 6);
	}
	/* Registered again, the refused device gets the lowest free slot, spare[2]'s. */
	unregister_netdev(&spare[7]);
	ck_assert_int_eq(register_netdev(&spare[7]), 0);
	run_loop(1);
	{
		struct net_device *const want[] = { eth0,      &spare[0], &spare[1], &spare[7],
						    &spare[3], &spare[4], &spare[6] };

		assert_glue_devices(want, 7);
	}
}
END_TEST

/*
 * A connection napkin originates takes an RFC 6056 port from
 * lwip_tcp_bind_ephemeral(): the next one toward the same endpoint is the
 * next port, and the SYN on the wire carries it.
 */
START_TEST(test_originated_connection_uses_rfc6056_port)
{
	ip_addr_t peer;
	struct tcp_pcb *a = tcp_new_ip_type(IPADDR_TYPE_V4), *b = tcp_new_ip_type(IPADDR_TYPE_V4);
	struct udp_pcb *u = udp_new_ip_type(IPADDR_TYPE_V4);
	struct tx_cap *c;

	IP_ADDR4(&peer, peer_ip[0], peer_ip[1], peer_ip[2], peer_ip[3]);
	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	ck_assert_ptr_nonnull(u);
	ck_assert_int_eq(lwip_tcp_bind_ephemeral(a, &peer, 5001), 0);
	ck_assert_int_eq(lwip_tcp_bind_ephemeral(b, &peer, 5001), 0);
	ck_assert_uint_ge(a->local_port, 49152);
	ck_assert_uint_eq(b->local_port, a->local_port == 65535 ? 49152 : a->local_port + 1);
	ck_assert_int_eq(lwip_udp_bind_ephemeral(u), 0);
	ck_assert_uint_ge(u->local_port, 49152);

	arp_handshake();
	drain_tx();
	ck_assert_int_eq(tcp_connect(a, &peer, 5001, NULL), ERR_OK);
	run_loop(1);
	c = next_tx_ip4();
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(c->data[14 + 9], 6);
	ck_assert_uint_eq(get16(c->data + 34), a->local_port);
	ck_assert_uint_eq(c->data[34 + 13], 0x02); /* SYN */
	tcp_abort(a);
	tcp_close(b);
	udp_remove(u);
	drain_tx();
	assert_no_leaks();
}
END_TEST

/* webstatus.allow: CIDR lists parsed and matched; by default the attached subnets. */
START_TEST(test_webstatus_allow_lists)
{
	struct ws_allow a = { .listed = false }, keep;
	ip_addr_t peer, far, v6, v6_far;
	char text[160];

	IP_ADDR4(&peer, 10, 0, 0, 1);
	IP_ADDR4(&far, 192, 0, 2, 1);
	ck_assert(ipaddr_aton("fd00:1::5", &v6));
	ck_assert(ipaddr_aton("fd00:2::5", &v6_far));
	/* eth0 is 10.0.0.2/24. */
	ck_assert(ws_allow_match(&a, &peer));
	ck_assert(!ws_allow_match(&a, &far));
	ws_allow_describe(&a, text, sizeof(text));
	ck_assert_str_eq(text, "attached subnets");

	ck_assert_int_eq(ws_allow_parse("192.0.2.0/25,fd00:1::/32,10.0.0.7", &a), 0);
	ck_assert_uint_eq(a.n, 3);
	ck_assert(ws_allow_match(&a, &far));
	ck_assert(ws_allow_match(&a, &v6));
	ck_assert(!ws_allow_match(&a, &v6_far));
	ck_assert(!ws_allow_match(&a, &peer)); /* listed: the subnet no longer counts */
	IP_ADDR4(&far, 192, 0, 2, 200);
	ck_assert(!ws_allow_match(&a, &far));
	ws_allow_describe(&a, text, sizeof(text));
	/* lwIP writes IPv6 in capitals. */
	ck_assert_str_eq(text, "192.0.2.0/25,FD00:1::/32,10.0.0.7/32");

	keep = a;
	ck_assert_int_eq(ws_allow_parse("10.0.0.0/33", &a), -EINVAL);
	ck_assert_int_eq(ws_allow_parse("10.0.0.0/", &a), -EINVAL);
	ck_assert_int_eq(ws_allow_parse("not-an-address", &a), -EINVAL);
	ck_assert_int_eq(ws_allow_parse("10.0.0.0/8,,", &a), -EINVAL);
	ck_assert_int_eq(ws_allow_parse("", &a), -EINVAL);
	ck_assert(stub_printk_contains("'not-an-address' is not an address"));
	ck_assert_mem_eq(&a, &keep, sizeof(a));
	ck_assert_int_eq(ws_allow_parse("0.0.0.0/0,::/0", &a), 0);
	ck_assert(ws_allow_match(&a, &peer) && ws_allow_match(&a, &v6_far));
}
END_TEST

static Suite *lwip_glue_suite(void)
{
	Suite *s = suite_create("lwip_glue");
	TCase *tc = tcase_create("static eth0");
	/* Tests that boot the stack their own way. */
	TCase *own = tcase_create("own setup");

	tcase_set_timeout(tc, 120);
	tcase_set_timeout(own, 120);
	tcase_add_checked_fixture(tc, setup_default, NULL);
	tcase_add_test(tc, test_boot_logs_and_arp);
	tcase_add_test(tc, test_originated_connection_uses_rfc6056_port);
	tcase_add_test(tc, test_webstatus_allow_lists);
	tcase_add_test(tc, test_udp_echo_zero_copy_holds_rx_buffer);
	tcase_add_test(tc, test_small_udp_echo_is_copied_and_answered_in_place);
	tcase_add_test(tc, test_small_frame_wrapped_when_heap_refuses_copy);
	tcase_add_test(tc, test_small_tcp_segment_is_not_copied);
	tcase_add_test(own, test_udp_echo_sizes_and_segments);
	tcase_add_test(own, test_udp_echo_sizes_checksum_offload);
	tcase_add_test(own, test_udp_echo_sizes_tcp_only_offload);
	tcase_add_test(tc, test_tx_csum_decision_per_device);
	tcase_add_test(tc, test_tx_csum_datagram_before_fragmenting);
	tcase_add_test(own, test_copy_mode_sends_one_segment);
	tcase_add_test(own, test_no_sg_device_gets_single_segments);
	tcase_add_test(tc, test_busy_ring_queues_and_retries);
	tcase_add_test(tc, test_queue_wake_sends_held_frame_at_once);
	tcase_add_test(tc, test_queue_wake_in_interrupt_sends_from_softirq);
	tcase_add_test(tc, test_pending_queue_is_bounded);
	tcase_add_test(tc, test_link_down_purges_pending);
	tcase_add_test(tc, test_tcp_echo_1mb);
	tcase_add_test(own, test_tcp_echo_checksum_offload);
	tcase_add_test(tc, test_tcp_echo_bounds_buffering);
	tcase_add_test(tc, test_tcp_peer_cannot_shrink_send_size);
	tcase_add_test(own, test_rx_checksum_trust);
	tcase_add_test(tc, test_rx_checksum_not_trusted_without_feature);
	tcase_add_test(tc, test_ip6_reassembly_with_a_hole_is_dropped);
	tcase_add_test(own, test_bad_ip_config_falls_back_to_dhcp);
	tcase_add_test(tc, test_netconsole_ops);
	tcase_add_test(own, test_netconsole_ops_without_address);
	tcase_add_test(own, test_ip_off);
	tcase_add_test(own, test_quiet_stack);
	tcase_add_test(own, test_default_stack_talks);
	tcase_add_test(own, test_ip_names_other_device);
	tcase_add_test(own, test_device_ipconfig_overrides_ip);
	tcase_add_test(own, test_capacity_sized_from_memory);
	tcase_add_test(own, test_capacity_command_line);
	tcase_add_test(own, test_service_limit_drops_syn_and_keeps_connections);
	tcase_add_test(own, test_machine_limit_drops_syn_and_keeps_connections);
	tcase_add_test(own, test_half_open_flood_is_recycled);
	tcase_add_test(own, test_timewait_recycled_when_machine_full);
	tcase_add_test(own, test_close_from_sent_callback_frees_segment_data);
	tcase_add_test(own, test_abort_from_sent_callback_frees_segment_data);
	tcase_add_test(own, test_close_from_sent_callback_on_pure_ack);
	tcase_add_test(own, test_device_ipconfig_off_and_mismatch);
	tcase_add_test(own, test_device_ipconfig_naming_another_device_is_ignored);
	tcase_add_test(own, test_tso_merges_and_cuts_exactly);
	tcase_add_test(own, test_tso_respects_segment_limit_and_ip_offload);
	tcase_add_test(own, test_tso_psh_ends_a_super_segment);
	tcase_add_test(own, test_tso_off_switch);
	tcase_add_test(own, test_tso_needs_the_device_feature);
	tcase_add_test(own, test_device_slots_come_and_go);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, own);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(lwip_glue_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

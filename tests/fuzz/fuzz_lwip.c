// SPDX-License-Identifier: BSD-2-Clause
/*
 * lwIP and napkin's glue and services, hosted as in tests/unit/net/lwip/test_lwip_glue.c,
 * with the web status server (net/services/webstatus/webstatus.c) too, fed Ethernet
 * frames of any content and length through the netdev layer. Two
 * devices: eth0 with 10.0.0.2/24 static, eth1 running DHCP (so DHCP replies
 * have a client to reach). Every receive buffer is malloc'ed at its exact
 * size and freed when napkin releases it, so a read past a frame or a touch
 * after release is caught.
 *
 * Input, a sequence of records (op byte, bit 2 picks the device):
 *   op 0: a frame: [flags][u16 length][bytes]; flags bits 0-1 segments - 1,
 *         bit 2 the device vouches for the checksums, bit 3 the harness fixes
 *         the IPv4 header and TCP/UDP/ICMP/ICMPv6 checksums, bit 4 the TCP
 *         acknowledgement number is relative to napkin's last sequence
 *         number sent, bit 5 a DHCP reply gets the transaction id napkin sent
 *   op 1: [u8 n] time moves n * 10 ms, timers and softirqs run
 *   op 2: the device's transmit refuses frames (NETDEV_TX_BUSY) or takes
 *         them again; with bit 3 of the op set, a receive burst starts or
 *         ends instead: receive aggregation (net/core/gro.c) is on and frames
 *         go up without a softirq round between them, so in-order TCP
 *         segments of a flow merge; the burst's end flushes them; with
 *         bit 4 (and not 3): [u16 n] the status page's JSON answers are 2n
 *         bytes from now on, beyond WEBSTATUS_BODY_MAX cut short as the real
 *         builders cut them, and 0 makes kmalloc fail (answer 503)
 *   op 3: the device's link goes down or up
 * Random checksums would stop nearly every frame at the first check, hence
 * bits 2 and 3; the relative acknowledgement and DHCP id let TCP connections
 * and DHCP leases happen at all. After each input the peer resets every
 * connection left, time moves on, IP reassembly gives up what waits and
 * napkin forgets its neighbours, so inputs are mostly independent; every
 * received frame must then be released and the status page hold no connection.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/core/loop.h"
#include "lwip/etharp.h"
#include "lwip/ip4_frag.h"
#include "lwip/ip6_frag.h"
#include "lwip/ip_addr.h"
#include "lwip/nd6.h"
#include "lwip/netif.h"
#include "lwip/priv/tcp_priv.h"
#include "lwip/stats.h"
#include "net/core/gro.h"
#include "net/lwip/glue.h"
#include "net/net_init.h"
#include "net/netconsole/netconsole.h"
#include "net/core/netdev_stack.h"
#include "net/services/services.h"
#include "net/services/webstatus/webstatus.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_frames.h"
#include "tests/unit/fakes/napi_fakes.h"

#define NR_DEVS 2

enum {
	F_SEGS = 3,
	F_CSUM_OK = 1 << 2,
	F_FIX_CSUM = 1 << 3,
	F_REL_ACK = 1 << 4,
	F_DHCP_XID = 1 << 5,
};

static struct fake_nic {
	struct net_device dev;
	bool busy;
	u32 tcp_next_seq; /* after napkin's last TCP segment */
	u32 dhcp_xid;	  /* of napkin's last DHCP message */
} nics[NR_DEVS];

static bool rx_burst; /* GRO on, no softirq round after each frame */

static void set_rx_burst(bool on)
{
	rx_burst = on;
	gro_set_enabled(on); /* off flushes what GRO holds */
	fake_softirq_run_net_rx(100);
}

/* ---- what the kernel around the stack would provide ---- */

static struct loop_hook *hooks;
static struct loop_stats loop_stats;

void loop_add_hook(struct loop_hook *h)
{
	h->next = hooks;
	hooks = h;
}

const struct loop_stats *loop_get_stats(void)
{
	return &loop_stats;
}

/* One loop round's hooks, as main_loop() runs them; the earliest deadline they want. */
static u64 run_hooks(u64 now)
{
	u64 next = UINT64_MAX;

	loop_stats.rounds++;
	for (struct loop_hook *h = hooks; h; h = h->next)
		next = MIN(next, h->run(now));
	return next;
}

/*
 * The status page's JSON bodies read every device, interrupt and log line,
 * which a hosted build lacks: these stand-ins write json_len bytes instead,
 * cut at the buffer's end as the real builders are (tests/qemu/test_webstatus.py
 * checks those). Only the status page uses kmalloc here.
 */
static size_t json_len = 600;

void *kmalloc(size_t size)
{
	return json_len ? malloc(size) : NULL;
}

void kfree(void *p)
{
	free(p);
}

static const char *json_standin(struct ws_buf *b, char fill)
{
	b->len = MIN(json_len, b->cap);
	b->overflow = json_len > b->cap;
	memset(b->data, fill, b->len);
	return "application/json";
}

const char *webstatus_stats_json(struct ws_buf *b)
{
	return json_standin(b, 's');
}

const char *webstatus_log_json(struct ws_buf *b, u64 since)
{
	return json_standin(b, 'l');
}

/*
 * /metrics streams: the stand-in writes json_len bytes as whole 64-byte lines,
 * as many as fit each chunk, with cur->obj counting the bytes written so far.
 */
const char webstatus_metrics_type[] = "text/plain; version=0.0.4; charset=utf-8";

bool webstatus_metrics_fill(struct ws_metrics_cursor *cur, struct ws_buf *b)
{
	while (cur->obj < json_len) {
		size_t line = MIN((size_t)64, json_len - cur->obj);

		if (b->cap - b->len < line)
			return false;
		memset(b->data + b->len, 'm', line - 1);
		b->data[b->len + line - 1] = '\n';
		b->len += line;
		cur->obj += (u32)line;
	}
	return true;
}

void webstatus_shell_init(void) {}

void netconsole_set_stack(const struct netconsole_stack_ops *ops) {}

void glue_shell_init(void);
void glue_shell_init(void) {}

/*
 * Time moves ms milliseconds. It jumps from one lwIP deadline to the next, as
 * the loop's hlt would: a round in between would find nothing to do, and
 * idle rounds were most of what an input cost.
 */
static void run_loop_ms(u64 ms)
{
	u64 end = fake_clock_now() + ms * NSEC_PER_MSEC;

	/* A loop round comes after the polls, and each poll's end flushes GRO. */
	gro_flush();

	for (;;) {
		u64 now = fake_clock_now(), next;

		fake_softirq_run_net_rx(100);
		next = run_hooks(now);
		if (now >= end)
			break;
		fake_clock_set(MIN(end, MAX(next, now + NSEC_PER_MSEC)));
	}
}

/* ---- the fake devices ---- */

static netdev_tx_t nic_xmit(struct netbuf *nb, struct net_device *dev)
{
	struct fake_nic *nic = container_of(dev, struct fake_nic, dev);
	u8 frame[2048];
	u32 len;

	if (nic->busy)
		return NETDEV_TX_BUSY;
	len = netbuf_copy_out(nb, 0, frame, MIN(nb->tot_len, (u32)sizeof(frame)));
	/* FUZZ_LWIP_VERBOSE=1: what napkin sends, for writing seeds. */
	if (getenv("FUZZ_LWIP_VERBOSE") && len >= 14)
		fprintf(stderr, "tx %s: %u bytes, type %02x%02x, byte 23 %02x, byte 47 %02x\n",
			dev->name, len, frame[12], frame[13], len > 23 ? frame[23] : 0,
			len > 47 ? frame[47] : 0);
	frames_note_tx(frame, len, &nic->tcp_next_seq, &nic->dhcp_xid);
	netbuf_free(nb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops nic_ops = {
	.start_xmit = nic_xmit,
};

static long rx_live; /* frames handed to napkin and not yet released */

static void rx_release(struct netbuf *nb)
{
	rx_live--;
	while (nb) {
		struct netbuf *next = nb->next;

		free(nb);
		nb = next;
	}
}

/* The frame in nsegs separately allocated segments, each exactly its size. */
static void inject(struct fake_nic *nic, const u8 *frame, u32 len, unsigned int nsegs, u8 csum)
{
	struct netbuf *first = NULL, *prev = NULL;
	u32 off = 0;

	for (unsigned int i = 0; i < nsegs; i++) {
		u32 n = i == nsegs - 1 ? len - off : len / nsegs;
		struct netbuf *nb = malloc(sizeof(*nb) + n);
		u8 *data = (u8 *)(nb + 1);

		memcpy(data, frame + off, n);
		netbuf_init(nb, data, n, (u64)(uintptr_t)data, NULL, NULL);
		off += n;
		if (!first) {
			first = nb;
			first->release = rx_release;
		} else {
			prev->next = nb;
		}
		prev = nb;
	}
	first->tot_len = len;
	first->csum = csum;
	rx_live++;
	netif_receive_from(&nic->dev, first, NETIF_RX_SOFTIRQ);
	if (!rx_burst)
		fake_softirq_run_net_rx(100);
}

static void frame_record(struct fake_nic *nic, struct fuzz_in *in)
{
	u8 flags = fuzz_u8(in);
	size_t want = fuzz_u16(in) % 4096, got;
	const u8 *bytes = fuzz_bytes(in, want, &got);
	u8 *frame = malloc(got ? got : 1);

	memcpy(frame, bytes, got);
	if (flags & F_REL_ACK)
		frames_offset_tcp_ack(frame, got, nic->tcp_next_seq);
	if (flags & F_DHCP_XID)
		frames_set_dhcp_xid(frame, got, nic->dhcp_xid);
	if (flags & F_FIX_CSUM)
		frames_fix_checksums(frame, got);
	inject(nic, frame, (u32)got, (flags & F_SEGS) + 1u,
	       flags & F_CSUM_OK ? NETBUF_CSUM_UNNECESSARY : NETBUF_CSUM_NONE);
	free(frame);
}

/*
 * The netif a connection lives on. A connection accepted from a listener is
 * bound to none (netif_idx 0): its local address tells.
 */
static struct netif *netif_of_pcb(const struct tcp_pcb *pcb)
{
	struct netif *netif;

	if (pcb->netif_idx != NETIF_NO_INDEX)
		return netif_get_by_index(pcb->netif_idx);
	for (netif = netif_list; netif; netif = netif->next) {
		bool v6 = IP_IS_V6(&pcb->local_ip);

		if (v6 && netif_get_ip6_addr_match(netif, ip_2_ip6(&pcb->local_ip)) >= 0)
			return netif;
		if (!v6 && ip4_addr_cmp(netif_ip4_addr(netif), ip_2_ip4(&pcb->local_ip)))
			return netif;
	}
	return NULL;
}

/*
 * The peer resets every connection the input left open, so the next input
 * starts clean: a connection left over would change what later inputs do
 * (a crash or leak found would not replay alone) and keep its memory.
 */
static void reset_connections(void)
{
	struct frames_tcp_tuple t[MEMP_NUM_TCP_PCB * 2];
	struct fake_nic *via[ARRAY_SIZE(t)];
	size_t n = 0;

	for (struct tcp_pcb *pcb = tcp_active_pcbs; pcb && n < ARRAY_SIZE(t); pcb = pcb->next) {
		struct netif *netif = netif_of_pcb(pcb);

		if (!netif)
			continue;
		via[n] = container_of(glue_if_from_netif(netif)->dev, struct fake_nic, dev);
		memcpy(t[n].local_mac, netif->hwaddr, 6);
		t[n].v6 = IP_IS_V6(&pcb->local_ip);
		memcpy(t[n].local_ip, &pcb->local_ip, t[n].v6 ? 16 : 4);
		memcpy(t[n].remote_ip, &pcb->remote_ip, t[n].v6 ? 16 : 4);
		t[n].local_port = pcb->local_port;
		t[n].remote_port = pcb->remote_port;
		t[n].seq = pcb->rcv_nxt;
		t[n].ack = pcb->snd_nxt;
		n++;
	}
	for (size_t i = 0; i < n; i++) {
		u8 frame[128];
		u32 len = frames_build_rst(frame, &t[i]);

		inject(via[i], frame, len, 1, NETBUF_CSUM_NONE);
	}
}

/*
 * Neighbours the input taught napkin, and the frames queued for those it
 * never answered, go as on a link down: the next input starts without them.
 */
static void forget_neighbours(void)
{
	struct netif *netif;

	for (netif = netif_list; netif; netif = netif->next) {
		etharp_cleanup_netif(netif);
		nd6_cleanup_netif(netif);
	}
}

/*
 * IP reassembly gives up on every datagram the input left unfinished, as its
 * timers would in time (the ICMP "time exceeded" answers go out too): a
 * datagram kept would take the next inputs' fragments, so a crash or leak
 * found would not replay alone, and a frame lost while one waited would be
 * blamed on a later input.
 */
static void expire_reassembly(void)
{
	for (int i = 0; i <= IP_REASS_MAXAGE; i++)
		ip_reass_tmr();
	for (int i = 0; i <= IPV6_REASS_MAXAGE; i++)
		ip6_reass_tmr();
	if (lwip_stats.memp[MEMP_REASSDATA]->used || lwip_stats.memp[MEMP_IP6_REASSDATA]->used) {
		fprintf(stderr, "IP reassembly still holds datagrams after its timers ran out\n");
		abort();
	}
}

/* FUZZ_LWIP_VERBOSE=1: what the status page has answered since start, for writing seeds. */
static void webstatus_report(void)
{
	static const struct {
		const char *name;
		const u64 *count;
	} counts[] = {
		{ "connections", &webstatus_stats.connections },
		{ "refused", &webstatus_stats.refused },
		{ "forbidden", &webstatus_stats.forbidden },
		{ "requests", &webstatus_stats.requests },
		{ "ok", &webstatus_stats.ok },
		{ "404", &webstatus_stats.not_found },
		{ "400", &webstatus_stats.bad_requests },
		{ "405", &webstatus_stats.bad_methods },
		{ "431", &webstatus_stats.too_large },
		{ "503", &webstatus_stats.no_memory },
		{ "truncated", &webstatus_stats.truncated },
		{ "header-timeouts", &webstatus_stats.header_timeouts },
		{ "idle-closes", &webstatus_stats.idle_closes },
		{ "send-timeouts", &webstatus_stats.send_timeouts },
		{ "overflows", &webstatus_stats.overflows },
		{ "deferred", &webstatus_stats.deferred },
		{ "bytes-out", &webstatus_stats.tx_bytes },
	};

	fprintf(stderr, "webstatus:");
	for (size_t i = 0; i < ARRAY_SIZE(counts); i++)
		fprintf(stderr, " %s %llu", counts[i].name, (unsigned long long)*counts[i].count);
	fputc('\n', stderr);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fake_reset_all();
	/* Three page connections, so a fourth client meets admission. */
	cmdline_init("ip=10.0.0.2:::255.255.255.0::eth0:off ip.eth1=dhcp webstatus.conns=3");
	net_core_init();
	for (int i = 0; i < NR_DEVS; i++) {
		static const u8 mac[NR_DEVS][6] = { { 2, 0, 0, 0, 0, 2 }, { 2, 0, 0, 0, 1, 2 } };

		memcpy(nics[i].dev.dev_addr, mac[i], 6);
		nics[i].dev.ops = &nic_ops;
		nics[i].dev.features = NETIF_F_SG | NETIF_F_RXCSUM;
		netif_carrier_on(&nics[i].dev);
		if (register_netdev(&nics[i].dev))
			abort();
	}
	/* net_services_start() leaves the page out of hosted builds; here it is wanted. */
	net_init();
	if (net_services_start() || webstatus_start())
		abort();
	run_loop_ms(3000);
	return 0;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct fuzz_in in;

	fuzz_in_init(&in, data, size);
	while (!fuzz_in_empty(&in)) {
		u8 op = fuzz_u8(&in);
		struct fake_nic *nic = &nics[(op >> 2) & 1];

		switch (op & 3) {
		case 0: frame_record(nic, &in); break;
		case 1: run_loop_ms(fuzz_u8(&in) * 10ull); break;
		case 2:
			if (op & 8)
				set_rx_burst(!rx_burst);
			else if (op & 16)
				json_len = 2u * fuzz_u16(&in);
			else
				nic->busy = !nic->busy;
			break;
		case 3:
			if (netif_carrier_ok(&nic->dev))
				netif_carrier_off(&nic->dev);
			else
				netif_carrier_on(&nic->dev);
			break;
		}
	}
	if (rx_burst)
		set_rx_burst(false);
	for (int i = 0; i < NR_DEVS; i++) {
		nics[i].busy = false;
		if (!netif_carrier_ok(&nics[i].dev))
			netif_carrier_on(&nics[i].dev);
	}
	reset_connections();
	run_loop_ms(3000);
	expire_reassembly();
	forget_neighbours();
	json_len = 600;
	if (getenv("FUZZ_LWIP_VERBOSE"))
		webstatus_report();
	/*
	 * Every frame napkin was given is back: one kept now is lost for good.
	 * LeakSanitizer finds it too, but only after an input whose allocations
	 * and frees do not balance, often a later one than the input that lost it.
	 */
	if (rx_live) {
		fprintf(stderr, "%ld received frames were never released\n", rx_live);
		abort();
	}
	/* Every connection is gone: one the page still counted would be a slot lost for good. */
	if (webstatus_stats.active) {
		fprintf(stderr, "web status page holds %llu connections after all were reset\n",
			(unsigned long long)webstatus_stats.active);
		abort();
	}
	return 0;
}

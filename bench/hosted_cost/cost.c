// SPDX-License-Identifier: BSD-2-Clause
/*
 * Instructions per received frame for the tg3, sky2 and skge drivers, in the
 * hosted harness, under callgrind (run.sh does the counting).
 *
 *   hosted_cost <tg3|sky2|skge> <driver|full|full-nocsum> [frames]
 *
 * driver: the driver alone on its receive path. A pretend stack takes each
 *         frame and gives the buffer straight back, so what is measured is
 *         interrupt, NAPI poll, completion handling, the netbuf set-up, the
 *         buffer's return and the refill.
 * full:   napkin's whole path for a UDP echo: driver -> NAPI -> lwIP ->
 *         the UDP echo service -> lwIP -> the driver's transmit, and the
 *         transmit completion.
 * full-nocsum: the same with the device's checksum offloads turned off
 *         before the interface opens (lwIP's glue reads dev->features when it
 *         adds the interface, the drivers per frame), so every checksum is
 *         computed and verified in software.
 *
 * Frames are injected on a scripted wire in bursts of BURST, and the loop
 * runs 2 ms of simulated time after each burst (each chip's interrupt
 * moderation and status timers take their course), as a steady stream of
 * small frames at a moderate rate would. Collection (callgrind's, toggled here with its client
 * request) covers only the measured bursts, after a warm-up; run.sh leaves
 * out the models, the harness and this program by source path, so only
 * napkin's own code is counted. Each run checks every frame arrived (and in
 * full mode was echoed), so a broken path cannot report a cheap number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include "drivers/skge/skge.h"
#include "drivers/sky2/sky2.h"
#include "drivers/tg3/tg3.h"
#include "kernel/core/cmdline.h"
#include "kernel/pci/pci.h"
#include "kernel/core/time.h"
#include "lwip/ip4_addr.h"
#include "lwip/netif.h"
#include "net/lwip/stack.h"
#include "net/net_init.h"
#include "net/services/services.h"
#include "net/netconsole/netconsole.h"
#include "net/core/netdev_stack.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/models/skge_model.h"
#include "tests/hosted/models/sky2_model.h"
#include "tests/hosted/models/tg3_model.h"
#include "tests/unit/fakes/phys_arena.h"

#define BURST	     20
#define BURST_GAP_NS (2 * NSEC_PER_MSEC)
#define FRAME_LEN    128
#define WARMUP	     200
#define NAPKIN_IP    "10.201.1.2"
#define UDP_ECHO     7
#define PEER_PORT    40000

static const u8 our_mac[6] = { 0x00, 0x00, 0x5A, 0x11, 0x22, 0x01 };
static const u8 peer_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x77 };
static const u8 peer_ip[4] = { 10, 201, 1, 1 }, napkin_ip[4] = { 10, 201, 1, 2 };

/* What the kernel provides around lwIP that this program does not need. */
void netconsole_set_stack(const struct netconsole_stack_ops *ops) {}
void glue_shell_init(void);
void glue_shell_init(void) {}

static struct hosted_wire *wire;
static unsigned long received;

static void die(const char *what)
{
	fprintf(stderr, "hosted_cost: %s\n", what);
	exit(1);
}

/* ---- The pretend stack of driver mode: count and give back ---- */
static int drop_rx(struct net_device *dev, struct netbuf *nb)
{
	received++;
	netbuf_free(nb);
	return NET_RX_SUCCESS;
}

static const struct netdev_stack_ops drop_stack = { .rx = drop_rx };

/* What full-nocsum takes away: every checksum the device could compute or verify. */
#define CSUM_OFFLOADS (NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM | NETIF_F_IPHDR_CSUM | NETIF_F_RXCSUM)

/* ---- The chip ---- */
static void add_model(const char *drv)
{
	struct hosted_port *port;

	if (!strcmp(drv, "tg3")) {
		struct tg3_model_config c = { .dev = 2 };

		memcpy(c.mac, our_mac, 6);
		port = tg3_model_port(tg3_model_create(&c));
		pci_register_driver(&tg3_pci_driver);
	} else if (!strcmp(drv, "sky2")) {
		/* The dual-port part with the RAM buffer, one port in use. */
		struct sky2_model_config c = { .dev = 3, .chip = SKY2_MODEL_XL, .ports = 1 };

		memcpy(c.mac[0], our_mac, 6);
		port = sky2_model_port(sky2_model_create(&c), 0);
		pci_register_driver(&sky2_pci_driver);
	} else if (!strcmp(drv, "skge")) {
		struct skge_model_config c = { .dev = 4, .chip = SKGE_MODEL_YUKON, .ports = 1 };

		memcpy(c.mac[0], our_mac, 6);
		port = skge_model_port(skge_model_create(&c), 0);
		pci_register_driver(&skge_pci_driver);
	} else {
		die("driver must be tg3, sky2 or skge");
	}
	wire = hosted_wire_script(port);
	if (!wire)
		die("no wire");
}

static bool link_up(void *ctx)
{
	return netif_carrier_ok(ctx);
}

static bool addressed(void *ctx)
{
	struct netif *n = lwip_netif_of(ctx);
	ip4_addr_t want;

	ip4addr_aton(NAPKIN_IP, &want);
	return netif_carrier_ok(ctx) && n && ip4_addr_cmp(netif_ip4_addr(n), &want);
}

/* ---- Frames ---- */
static void put16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

/* A UDP datagram from the peer to napkin's echo service, checksums filled. */
static u32 echo_request(u8 *f, u32 len, u32 seq)
{
	struct fr_info info;

	memset(f, 0, len);
	memcpy(f, our_mac, 6);
	memcpy(f + 6, peer_mac, 6);
	put16(f + 12, FR_ETHERTYPE_IPV4);
	f[14] = 0x45;
	put16(f + 16, (u16)(len - 14));
	put16(f + 18, (u16)seq);
	f[22] = 64;
	f[23] = FR_PROTO_UDP;
	memcpy(f + 26, peer_ip, 4);
	memcpy(f + 30, napkin_ip, 4);
	put16(f + 34, PEER_PORT);
	put16(f + 36, UDP_ECHO);
	put16(f + 38, (u16)(len - 34));
	for (u32 i = 42; i < len; i++)
		f[i] = (u8)(seq + i);
	if (!fr_parse(f, len, &info))
		die("bad request frame");
	fr_fill_ip_csum(f, &info);
	fr_fill_l4_csum(f, &info);
	return len;
}

/* An ARP request from the peer for napkin's address: lwIP learns the peer from it. */
static void arp_request(void)
{
	u8 f[60] = { 0 };

	memset(f, 0xFF, 6);
	memcpy(f + 6, peer_mac, 6);
	put16(f + 12, 0x0806);
	put16(f + 14, 1);
	put16(f + 16, 0x0800);
	f[18] = 6;
	f[19] = 4;
	put16(f + 20, 1);
	memcpy(f + 22, peer_mac, 6);
	memcpy(f + 28, peer_ip, 4);
	memcpy(f + 38, napkin_ip, 4);
	hosted_wire_inject(wire, f, sizeof(f));
}

/* Echo replies whose IPv4 or UDP checksum is wrong or, for UDP, left out. */
static unsigned long bad_checksums;

/*
 * Echo replies the port sent: UDP from port 7 back to the peer. Each must
 * carry both checksums, right, whoever computed them (lwIP, or the model as
 * the chip would): a path that skipped one must not report a cheap number.
 */
static unsigned long take_replies(void)
{
	unsigned long n = 0;
	struct fr_info info;
	u8 f[2048];
	u32 len;

	while ((len = hosted_wire_take(wire, f, sizeof(f)))) {
		if (len < 42 || f[23] != FR_PROTO_UDP || f[34] != 0 || f[35] != UDP_ECHO ||
		    memcmp(f, peer_mac, 6))
			continue;
		n++;
		if (!fr_parse(f, len, &info) || !fr_ip_csum_ok(f, &info) || !(f[40] | f[41]) ||
		    !fr_l4_csum_ok(f, &info))
			bad_checksums++;
	}
	return n;
}

static void burst(bool full, u32 seq)
{
	u8 f[FRAME_LEN];

	for (unsigned int i = 0; i < BURST; i++) {
		if (full)
			echo_request(f, FRAME_LEN, seq + i);
		else
			fr_build(f, FRAME_LEN, our_mac, peer_mac, FR_PROTO_UDP, seq + i, true);
		hosted_wire_inject(wire, f, FRAME_LEN);
	}
	/* Simulated time, so each chip's interrupt moderation and timers run their course. */
	hosted_run_for(BURST_GAP_NS);
}

int main(int argc, char **argv)
{
	unsigned long frames = argc > 3 ? strtoul(argv[3], NULL, 0) : 2000, replies = 0;
	struct net_device *dev;
	bool full, csum_offload = true;

	if (argc < 3 || (strcmp(argv[2], "driver") && strcmp(argv[2], "full") &&
			 strcmp(argv[2], "full-nocsum")))
		die("usage: hosted_cost <tg3|sky2|skge> <driver|full|full-nocsum> [frames]");
	full = strncmp(argv[2], "full", 4) == 0;
	if (!strcmp(argv[2], "full-nocsum"))
		csum_offload = false;
	frames -= frames % BURST;
	/* lwIP's memory comes from the kernel heap, as on bare metal (mk/bench_hosted_cost.mk). */
	phys_arena_init(1ull << 20, 128ull << 20);
	hosted_init();
	if (!full)
		netdev_set_stack(&drop_stack);
	add_model(argv[1]);
	pci_init();
	hosted_run_idle();
	dev = netdev_get_by_name("eth0");
	if (!dev)
		die("the driver registered no eth0");
	if (!csum_offload)
		dev->features &= ~(u32)CSUM_OFFLOADS;
	if (full) {
		cmdline_init("ip=" NAPKIN_IP ":::255.255.255.0::eth0:off ipv6.disable=1");
		net_init();
		if (net_services_start())
			die("a service did not start");
		if (!hosted_run_until(addressed, dev, 10 * NSEC_PER_SEC))
			die("no link or no address");
		arp_request();
		hosted_run_idle();
		take_replies();
	} else {
		if (dev_open(dev) || !hosted_run_until(link_up, dev, 10 * NSEC_PER_SEC))
			die("no link");
	}

	for (u32 seq = 0; seq < WARMUP; seq += BURST)
		burst(full, seq);
	replies = take_replies();
	if ((full ? replies : received) != WARMUP) {
		fprintf(stderr, "hosted_cost: warm-up: %lu of %u frames\n",
			full ? replies : received, WARMUP);
		die("warm-up frames lost");
	}
	received = replies = 0;

	CALLGRIND_TOGGLE_COLLECT;
	for (u32 seq = 0; seq < frames; seq += BURST) {
		burst(full, WARMUP + seq);
		if (full)
			replies += take_replies();
	}
	CALLGRIND_TOGGLE_COLLECT;

	if (full && replies != frames) {
		fprintf(stderr, "hosted_cost: %lu echo replies for %lu requests\n", replies,
			frames);
		return 1;
	}
	if (bad_checksums) {
		fprintf(stderr, "hosted_cost: %lu echo replies with a wrong or missing checksum\n",
			bad_checksums);
		return 1;
	}
	if (!full && received != frames) {
		fprintf(stderr, "hosted_cost: %lu frames received of %lu\n", received, frames);
		return 1;
	}
	if (hosted_failures()) {
		hosted_failures_dump();
		return 1;
	}
	printf("hosted_cost: %s %s: %lu frames%s\n", argv[1], argv[2], frames,
	       full ? " echoed" : " received");
	return 0;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEST IMAGE ONLY (tests/kernel/, `make test-image`).
 *
 * A transmit traffic generator for the `e1000test xmit` shell command, so the
 * transmit path (including checksum offload through context descriptors) can
 * be tested from outside before a network stack is linked in. Frames are
 * either raw (EtherType 0x88B5, reserved for local experiments) or UDP/IPv4
 * broadcasts asking the hardware for both the IPv4 header and the UDP
 * checksum. Their buffers come from a small DMA pool of their own and are
 * returned by the netbuf release callback once the hardware is done.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/e1000/e1000.h"
#include "net/core/netdev_stack.h"
#include "tests/kernel/e1000_testtx.h"
#include "kernel/core/initcall.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/shell.h"

#define TESTTX_BUFS	 32
#define TESTTX_BUF_SIZE	 2048
#define TESTTX_ETHERTYPE 0x88B5
#define TESTTX_UDP_SPORT 40000
#define TESTTX_UDP_DPORT 9 /* discard */
#define TESTTX_PAYLOAD	 64
#define TESTTX_WAIT_US	 100000

struct testtx_buf {
	struct netbuf nb[TESTTX_MAX_SEGS];
	u8 *va;
	dma_addr_t bus;
	bool busy;
};

static struct testtx_buf bufs[TESTTX_BUFS];
static u8 *pool;

static void testtx_release(struct netbuf *nb)
{
	struct testtx_buf *b = nb->owner;

	WRITE_ONCE(b->busy, false);
}

/*
 * Describe the frame in b as `segs` segments. The cuts fall inside the
 * headers (after 7 and 37 bytes): a device must gather the pieces, and take
 * its checksum instructions from the frame, not from one segment.
 */
static void describe_frame(struct testtx_buf *b, u32 len, unsigned int segs)
{
	static const u32 cuts[TESTTX_MAX_SEGS - 1] = { 7, 37 };
	u32 start = 0;

	for (unsigned int i = 0; i < segs; i++) {
		u32 end = i + 1 < segs ? cuts[i] : len;

		netbuf_init(&b->nb[i], b->va + start, end - start, b->bus + start, testtx_release,
			    b);
		b->nb[i].next = i + 1 < segs ? &b->nb[i + 1] : NULL;
		start = end;
	}
	b->nb[0].tot_len = len;
}

static struct testtx_buf *get_buf(void)
{
	for (unsigned int i = 0; i < TESTTX_BUFS; i++) {
		if (!READ_ONCE(bufs[i].busy)) {
			bufs[i].busy = true;
			return &bufs[i];
		}
	}
	return NULL;
}

static int pool_init(void)
{
	dma_addr_t bus;

	if (pool)
		return 0;
	pool = dma_alloc(TESTTX_BUFS * TESTTX_BUF_SIZE, 0, DMA_32BIT, &bus);
	if (!pool)
		return -ENOMEM;
	for (unsigned int i = 0; i < TESTTX_BUFS; i++) {
		bufs[i].va = pool + i * TESTTX_BUF_SIZE;
		bufs[i].bus = bus + i * TESTTX_BUF_SIZE;
	}
	return 0;
}

static void put16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

static void put32(u8 *p, u32 v)
{
	put16(p, (u16)(v >> 16));
	put16(p + 2, (u16)v);
}

/* The UDP pseudo-header sum, folded but not complemented: what the hardware starts from. */
static u16 pseudo_sum(const u8 *src, const u8 *dst, u16 udp_len)
{
	u32 sum = 17u + udp_len;

	for (int i = 0; i < 4; i += 2)
		sum += (u32)(src[i] << 8 | src[i + 1]) + (u32)(dst[i] << 8 | dst[i + 1]);
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	return (u16)sum;
}

static u32 build_frame(struct net_device *dev, u8 *f, u32 seq, bool udp)
{
	static const u8 src_ip[4] = { 192, 0, 2, 1 }, dst_ip[4] = { 255, 255, 255, 255 };
	u8 *payload;
	u32 len;

	memset(f, 0xFF, ETH_ALEN);
	memcpy(f + ETH_ALEN, dev->dev_addr, ETH_ALEN);
	put16(f + 12, udp ? 0x0800 : TESTTX_ETHERTYPE);
	if (!udp) {
		payload = f + ETH_HLEN;
		len = ETH_HLEN + TESTTX_PAYLOAD;
	} else {
		u8 *ip = f + ETH_HLEN, *uh = ip + 20;
		u16 udp_len = 8 + TESTTX_PAYLOAD;

		memset(ip, 0, 20);
		ip[0] = 0x45;
		put16(ip + 2, 20 + udp_len);
		put16(ip + 4, (u16)seq);
		ip[8] = 64;
		ip[9] = 17;
		memcpy(ip + 12, src_ip, 4);
		memcpy(ip + 16, dst_ip, 4);
		put16(uh, TESTTX_UDP_SPORT);
		put16(uh + 2, TESTTX_UDP_DPORT);
		put16(uh + 4, udp_len);
		put16(uh + 6, pseudo_sum(src_ip, dst_ip, udp_len));
		payload = uh + 8;
		len = ETH_HLEN + 20 + udp_len;
	}
	memcpy(payload, "napkin e1000 test", 17);
	put32(payload + 20, seq);
	for (unsigned int i = 24; i < TESTTX_PAYLOAD; i++)
		payload[i] = (u8)(seq + i);
	return len;
}

/* Reap completions until a buffer is free and the queue runs, or the wait is over. */
static bool wait_for_room(struct e1000_adapter *a)
{
	u64 deadline = ktime_get_ns() + TESTTX_WAIT_US * NSEC_PER_USEC;

	for (;;) {
		e1000_tx_clean(a);
		if (!netif_queue_stopped(&a->netdev)) {
			for (unsigned int i = 0; i < TESTTX_BUFS; i++)
				if (!READ_ONCE(bufs[i].busy))
					return true;
		}
		if (ktime_get_ns() > deadline)
			return false;
		udelay(50);
	}
}

int e1000_testtx_send(struct e1000_adapter *a, unsigned int count, bool udp, unsigned int segs)
{
	struct net_device *dev = &a->netdev;
	unsigned int sent = 0;

	if (segs < 1 || segs > TESTTX_MAX_SEGS)
		return -EINVAL;
	if (pool_init())
		return -ENOMEM;
	while (sent < count) {
		struct testtx_buf *b = get_buf();
		u32 len;

		if (!b) {
			if (!wait_for_room(a))
				break;
			continue;
		}
		len = build_frame(dev, b->va, sent, udp);
		describe_frame(b, len, segs);
		if (udp) {
			b->nb[0].csum = NETBUF_CSUM_PARTIAL;
			b->nb[0].csum_start = ETH_HLEN + 20;
			b->nb[0].csum_offset = 6;
			b->nb[0].flags = NETBUF_F_TX_IPHDR_CSUM;
		}
		if (netdev_start_xmit(dev, &b->nb[0]) == NETDEV_TX_BUSY) {
			b->busy = false;
			if (!wait_for_room(a))
				break;
			continue;
		}
		sent++;
	}
	if (sent < count)
		pr_warn("%s: test transmit stopped after %u of %u frames: ring stayed full\n",
			e1000_name(a), sent, count);
	return (int)sent;
}

#define E1000_XMIT_MAX 100000

/* e1000test xmit IFACE COUNT [udp] [SEGS] */
static int cmd_xmit(struct e1000_adapter *a, int argc, char **argv)
{
	unsigned long count, segs = 1;
	bool udp = false;
	char *end;
	int sent;

	count = strtoul(argv[3], &end, 10);
	if (*end || count == 0 || count > E1000_XMIT_MAX)
		goto usage;
	for (int i = 4; i < argc; i++) {
		if (!strcmp(argv[i], "udp")) {
			udp = true;
			continue;
		}
		segs = strtoul(argv[i], &end, 10);
		if (*end || segs < 1 || segs > TESTTX_MAX_SEGS)
			goto usage;
	}
	sent = e1000_testtx_send(a, (unsigned int)count, udp, (unsigned int)segs);
	if (sent < 0)
		return sent;
	shell_printf("%s: queued %d of %lu test frames\n", a->netdev.name, sent, count);
	return 0;
usage:
	shell_printf("usage: e1000test xmit IFACE COUNT(1-%d) [udp] [SEGMENTS(1-%d)]\n",
		     E1000_XMIT_MAX, TESTTX_MAX_SEGS);
	return -EINVAL;
}

static int cmd_e1000test(int argc, char **argv)
{
	struct e1000_adapter *a;

	if (argc < 4 || argc > 6 || strcmp(argv[1], "xmit")) {
		shell_printf("usage: e1000test xmit IFACE COUNT [udp] [SEGS]\n");
		return -EINVAL;
	}
	a = e1000_find(argv[2]);
	if (!a) {
		shell_printf("%s: not an e1000 device\n", argv[2]);
		return -ENODEV;
	}
	return cmd_xmit(a, argc, argv);
}

static struct shell_cmd e1000test_cmd = {
	.name = "e1000test",
	.usage = "e1000test xmit IFACE COUNT [udp] [SEGS]",
	.help = "test image: queue raw or UDP test frames on an e1000 adapter",
	.run = cmd_e1000test,
};

static void e1000test_register(void)
{
	shell_register(&e1000test_cmd);
}
device_early_initcall(e1000test_register);

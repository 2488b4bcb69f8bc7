// SPDX-License-Identifier: BSD-2-Clause
#include <errno.h>
#include <string.h>
#include "kernel/mm/dma.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "net/core/napi.h"
#include "net/core/netbuf.h"
#include "net/core/netdev.h"
#include "net/core/netpoll.h"

#define NETPOLL_BUFFERS	 32
#define NETPOLL_BUF_SIZE 1536
#define ETH_TYPE_IPV4	 0x0800
#define IP_HDR_LEN	 20
#define UDP_HDR_LEN	 8
#define HEADERS_LEN	 (ETH_HLEN + IP_HDR_LEN + UDP_HDR_LEN)
#define RETRY_LIMIT	 200 /* reap-and-retry rounds of 10 us before giving up */

struct netpoll_buf {
	struct netbuf nb;
	u8 *data;
	dma_addr_t bus;
	bool busy;
};

static struct netpoll_buf pool[NETPOLL_BUFFERS];
static int pool_ready;
static int depth; /* >0 while netpoll is inside a driver */
static bool panicking;

static void put_be16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

static void put_be32(u8 *p, u32 v)
{
	put_be16(p, (u16)(v >> 16));
	put_be16(p + 2, (u16)v);
}

u16 ip_checksum(const void *data, size_t len)
{
	const u8 *p = data;
	u32 sum = 0;

	for (size_t i = 0; i + 1 < len; i += 2)
		sum += (u32)(p[i] << 8 | p[i + 1]);
	if (len & 1)
		sum += (u32)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

size_t netpoll_build_udp(struct netpoll *np, const u8 *src_mac, u8 *buf, size_t size,
			 const void *payload, size_t len)
{
	u8 *eth = buf, *ip = buf + ETH_HLEN, *udp = ip + IP_HDR_LEN;
	size_t frame = HEADERS_LEN + len;

	if (frame > size || IP_HDR_LEN + UDP_HDR_LEN + len > 0xffff)
		return 0;
	memcpy(eth, np->remote_mac, ETH_ALEN);
	memcpy(eth + ETH_ALEN, src_mac, ETH_ALEN);
	put_be16(eth + 12, ETH_TYPE_IPV4);

	ip[0] = 0x45; /* IPv4, 20-byte header */
	ip[1] = 0;
	put_be16(ip + 2, (u16)(IP_HDR_LEN + UDP_HDR_LEN + len));
	put_be16(ip + 4, np->ip_id++);
	put_be16(ip + 6, 0x4000); /* don't fragment */
	ip[8] = 64;
	ip[9] = 17; /* UDP */
	put_be16(ip + 10, 0);
	put_be32(ip + 12, np->local_ip);
	put_be32(ip + 16, np->remote_ip);
	put_be16(ip + 10, ip_checksum(ip, IP_HDR_LEN));

	put_be16(udp, np->local_port);
	put_be16(udp + 2, np->remote_port);
	put_be16(udp + 4, (u16)(UDP_HDR_LEN + len));
	put_be16(udp + 6, 0); /* UDP checksum is optional over IPv4 */
	memcpy(udp + UDP_HDR_LEN, payload, len);
	return frame;
}

static void netpoll_buf_release(struct netbuf *nb)
{
	struct netpoll_buf *b = nb->owner;

	b->busy = false;
}

int netpoll_init(void)
{
	if (pool_ready)
		return 0;
	for (int i = 0; i < NETPOLL_BUFFERS; i++) {
		dma_addr_t bus;

		pool[i].data = dma_alloc(NETPOLL_BUF_SIZE, 64, DMA_32BIT, &bus);
		if (!pool[i].data) {
			pr_err("netpoll: no memory for transmit buffers\n");
			return -ENOMEM;
		}
		pool[i].bus = bus;
	}
	pool_ready = 1;
	return 0;
}

static struct netpoll_buf *get_buffer(void)
{
	for (int i = 0; i < NETPOLL_BUFFERS; i++) {
		if (!pool[i].busy) {
			pool[i].busy = true;
			return &pool[i];
		}
	}
	return NULL;
}

int netpoll_in_flight(void)
{
	int n = 0;

	for (int i = 0; i < NETPOLL_BUFFERS; i++)
		n += READ_ONCE(pool[i].busy);
	return n;
}

static int reap_one(struct napi_struct *napi, void *ctx)
{
	struct net_device *dev = ctx;

	if (napi->dev != dev || !napi_netpoll_trylock(napi))
		return 0;
	napi->poll(napi, 0);
	napi_netpoll_unlock(napi);
	return 0;
}

void netpoll_poll_dev(struct net_device *dev)
{
	napi_for_each(reap_one, dev);
}

/* True when a poll of this device is running right now (we may be inside it). */
static int poll_running(struct napi_struct *napi, void *ctx)
{
	return napi->dev == ctx && (READ_ONCE(napi->state) & NAPIF_STATE_POLLING);
}

void netpoll_set_panic(void)
{
	panicking = true;
}

bool netpoll_would_reenter(const struct netpoll *np)
{
	struct net_device *dev = np->dev;

	if (depth)
		return true;
	if (panicking || !dev)
		return false;
	return READ_ONCE(dev->in_xmit) || napi_for_each(poll_running, dev);
}

int netpoll_send_udp(struct netpoll *np, const void *payload, size_t len)
{
	unsigned long flags;
	struct netpoll_buf *b;
	struct net_device *dev = np->dev;
	int ret = -EBUSY;

	if (!pool_ready || !dev || !(dev->flags & IFF_UP) || !dev->link_up) {
		np->dropped_down++;
		return -ENODEV;
	}
	flags = local_irq_save();
	/*
	 * A driver's transmit path is not re-entrant: if a poll of this device
	 * is on the stack (a driver logging from its own poll), or netpoll is
	 * already inside the driver, do not enter it again.
	 */
	if (netpoll_would_reenter(np)) {
		np->dropped_reentrant++;
		local_irq_restore(flags);
		return -EBUSY;
	}
	depth++;
	b = get_buffer();
	for (int i = 0; !b && i < RETRY_LIMIT; i++) {
		netpoll_poll_dev(dev);
		b = get_buffer();
		if (!b)
			udelay(10);
	}
	if (!b) {
		np->dropped_no_buffer++;
		ret = -ENOBUFS;
		goto out;
	}
	len = netpoll_build_udp(np, dev->dev_addr, b->data, NETPOLL_BUF_SIZE, payload, len);
	netbuf_init(&b->nb, b->data, (u32)len, b->bus, netpoll_buf_release, b);
	b->nb.flags |= NETBUF_F_RELEASE_ANYWHERE;
	for (int i = 0; i < RETRY_LIMIT; i++) {
		if (dev->ops->start_xmit(&b->nb, dev) == NETDEV_TX_OK) {
			/* The stack's counters too: an operator must see this traffic. */
			dev->stats.tx_packets++;
			dev->stats.tx_bytes += len;
			np->sent++;
			ret = 0;
			goto out;
		}
		netpoll_poll_dev(dev);
		udelay(10);
	}
	b->busy = false;
	np->dropped_busy++;
out:
	depth--;
	local_irq_restore(flags);
	return ret;
}

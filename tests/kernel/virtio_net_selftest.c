// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEST IMAGE ONLY (tests/kernel/, `make test-image`).
 *
 * Transmit self-test for the shell (`vnettest ethN send COUNT PORT`): sends COUNT
 * UDP broadcasts from 0.0.0.0 to 255.255.255.255:PORT, source ports 7000 up,
 * so that a peer on the wire can check what arrived and the flows spread over
 * the queue pairs. The UDP checksum is left to the transmit path
 * (NETBUF_CSUM_PARTIAL), so the device's checksum offload, or the driver's
 * software fallback, is what a peer that verifies checksums sees.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "drivers/virtio/virtio_net.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/heap.h"
#include "kernel/console/printk.h"
#include "net/core/netdev_stack.h"
#include "tests/kernel/virtio_net_test.h"

#define ST_FRAME_STRIDE 256
#define ST_PAYLOAD_LEN	32
#define ST_IP_OFF	ETH_HLEN
#define ST_UDP_OFF	(ST_IP_OFF + 20)
#define ST_FRAME_LEN	(ST_UDP_OFF + 8 + ST_PAYLOAD_LEN)

struct vnet_selftest {
	struct netbuf *nbs;
	u8 *mem;
	u64 dma;
	unsigned int count, outstanding;
};

static void st_put16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

static u16 st_fold(u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	return (u16)sum;
}

static void st_release(struct netbuf *nb)
{
	struct vnet_selftest *st = nb->owner;

	if (--st->outstanding)
		return;
	dma_free(st->mem, (size_t)st->count * ST_FRAME_STRIDE);
	kfree(st->nbs);
	kfree(st);
}

static void st_build(struct vnet_dev *vd, u8 *f, unsigned int i, u16 dport)
{
	u16 udp_len = 8 + ST_PAYLOAD_LEN, ip_len = 20 + udp_len;
	u32 sum = 0;
	unsigned int k;

	memset(f, 0xFF, ETH_ALEN);
	memcpy(f + ETH_ALEN, vd->ndev.dev_addr, ETH_ALEN);
	st_put16(f + 12, 0x0800);

	f[ST_IP_OFF] = 0x45;
	f[ST_IP_OFF + 1] = 0;
	st_put16(f + ST_IP_OFF + 2, ip_len);
	st_put16(f + ST_IP_OFF + 4, (u16)i);
	st_put16(f + ST_IP_OFF + 6, 0x4000); /* don't fragment */
	f[ST_IP_OFF + 8] = 64;
	f[ST_IP_OFF + 9] = 17;
	memset(f + ST_IP_OFF + 12, 0, 4);    /* 0.0.0.0 */
	memset(f + ST_IP_OFF + 16, 0xFF, 4); /* 255.255.255.255 */
	for (k = 0; k < 20; k += 2)
		sum += (u32)f[ST_IP_OFF + k] << 8 | f[ST_IP_OFF + k + 1];
	st_put16(f + ST_IP_OFF + 10, (u16)~st_fold(sum));

	st_put16(f + ST_UDP_OFF, (u16)(7000 + i));
	st_put16(f + ST_UDP_OFF + 2, dport);
	st_put16(f + ST_UDP_OFF + 4, udp_len);
	snprintf((char *)f + ST_UDP_OFF + 8, ST_PAYLOAD_LEN, "vnet-selftest %u", i);
	/* Pseudo-header sum (addresses, protocol, length) for the offload to finish. */
	sum = 0xFFFF + 0xFFFF + 17 + udp_len;
	st_put16(f + ST_UDP_OFF + 6, st_fold(sum));
}

int vnet_selftest_send(struct vnet_dev *vd, unsigned int count, u16 dport)
{
	struct vnet_selftest *st;
	unsigned int i, sent = 0, busy = 0;

	if (!count || count > 4096)
		return -EINVAL;
	st = kzalloc(sizeof(*st));
	if (!st)
		return -ENOMEM;
	st->count = count;
	st->nbs = kcalloc(count, sizeof(*st->nbs));
	st->mem = dma_alloc((size_t)count * ST_FRAME_STRIDE, 0, 0, &st->dma);
	if (!st->nbs || !st->mem) {
		if (st->mem)
			dma_free(st->mem, (size_t)count * ST_FRAME_STRIDE);
		kfree(st->nbs);
		kfree(st);
		return -ENOMEM;
	}
	/* Held until the loop ends, so releases during it cannot free the block. */
	st->outstanding = count + 1;
	for (i = 0; i < count; i++) {
		struct netbuf *nb = &st->nbs[i];
		u8 *f = st->mem + (size_t)i * ST_FRAME_STRIDE;

		st_build(vd, f, i, dport);
		netbuf_init(nb, f, ST_FRAME_LEN, st->dma + (u64)i * ST_FRAME_STRIDE, st_release,
			    st);
		nb->csum = NETBUF_CSUM_PARTIAL;
		nb->csum_start = ST_UDP_OFF;
		nb->csum_offset = 6;
		if (netdev_start_xmit(&vd->ndev, nb) == NETDEV_TX_OK) {
			sent++;
		} else {
			busy++;
			st_release(nb);
		}
	}
	st_release(&st->nbs[0]);
	pr_info("%s: self-test sent %u of %u frames to port %u (%u refused: queue full)\n",
		vd->ndev.name, sent, count, dport, busy);
	return (int)sent;
}

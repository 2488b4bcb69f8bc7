// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-net transmit. A frame goes out as one descriptor for its
 * virtio_net_hdr (from a per-pair array of headers) followed by one per
 * netbuf segment, pointing at the stack's own memory; the netbuf is freed when
 * the device returns the chain. Flows are spread over the queue pairs by a
 * hash of their addresses and ports, so one flow always uses one ring.
 */
#include <errno.h>
#include <string.h>
#include "drivers/virtio/virtio_net.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/heap.h"
#include "kernel/console/printk.h"

#define VNET_TX_HDR_STRIDE 16

int vnet_tx_alloc(struct vnet_pair *qp)
{
	unsigned int n = qp->tx.size, i;

	qp->tx_slots = kcalloc(n, sizeof(*qp->tx_slots));
	qp->tx_free = kcalloc(n, sizeof(*qp->tx_free));
	qp->tx_hdr_mem = dma_alloc((size_t)n * VNET_TX_HDR_STRIDE, 0, 0, &qp->tx_hdr_dma);
	if (!qp->tx_slots || !qp->tx_free || !qp->tx_hdr_mem) {
		pr_err("%s: no memory for %u transmit slots\n", qp->tx_name, n);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		qp->tx_slots[i].hdr =
		    (struct virtio_net_hdr *)((u8 *)qp->tx_hdr_mem + i * VNET_TX_HDR_STRIDE);
		qp->tx_slots[i].hdr_dma = qp->tx_hdr_dma + i * VNET_TX_HDR_STRIDE;
		qp->tx_free[i] = (u16)i;
	}
	qp->tx_nfree = n;
	return 0;
}

void vnet_tx_free(struct vnet_pair *qp)
{
	void *cookie;

	/* After a device reset: frames never completed go back to the stack. */
	if (qp->tx_slots) {
		while ((cookie = vq_detach_unused(&qp->tx)) != NULL)
			netbuf_free(((struct vnet_tx_slot *)cookie)->nb);
	}
	if (qp->tx_hdr_mem)
		dma_free(qp->tx_hdr_mem, (size_t)qp->tx.size * VNET_TX_HDR_STRIDE);
	kfree(qp->tx_slots);
	kfree(qp->tx_free);
	qp->tx_hdr_mem = NULL;
	qp->tx_slots = NULL;
	qp->tx_free = NULL;
}

static void vnet_tx_maybe_wake(struct vnet_pair *qp)
{
	struct vnet_dev *vd = qp->vd;

	if (!(vd->tx_full_mask & BIT(qp->index)) || vq_num_free(&qp->tx) < VNET_TX_WAKE_DESCS)
		return;
	vd->tx_full_mask &= ~BIT(qp->index);
	if (!vd->tx_full_mask)
		netif_wake_queue(&vd->ndev);
}

void vnet_tx_clean(struct vnet_pair *qp)
{
	void *cookie;
	u32 len;
	int ret;

	while ((ret = vq_pop_used(&qp->tx, &cookie, &len)) != 0) {
		struct vnet_tx_slot *slot = cookie;

		if (ret < 0) {
			/* Which frame it was is unknown; it stays out of circulation. */
			qp->stats.tx_drops++;
			continue;
		}
		netbuf_free(slot->nb);
		slot->nb = NULL;
		qp->tx_free[qp->tx_nfree++] = (u16)(slot - qp->tx_slots);
	}
	vnet_tx_maybe_wake(qp);
}

/* Ones' complement sum of len bytes of the frame from offset on, big-endian words. */
static u32 vnet_csum_add(const struct netbuf *nb, u32 offset, u32 len, u32 sum)
{
	bool odd = false;

	for (; nb && len; nb = nb->next) {
		u32 i;

		if (offset >= nb->len) {
			offset -= nb->len;
			continue;
		}
		for (i = offset; i < nb->len && len; i++, len--) {
			sum += odd ? nb->data[i] : (u32)nb->data[i] << 8;
			odd = !odd;
		}
		offset = 0;
	}
	return sum;
}

static u16 vnet_csum_fold(u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	return (u16)~sum;
}

/* Store a 16-bit value big-endian at a frame offset (it may straddle segments). */
static void vnet_frame_put16(struct netbuf *nb, u32 offset, u16 v)
{
	u8 bytes[2] = { (u8)(v >> 8), (u8)v };
	unsigned int i = 0;

	for (; nb && i < 2; nb = nb->next) {
		while (offset < nb->len && i < 2)
			nb->data[offset++] = bytes[i++];
		offset -= MIN(offset, nb->len);
	}
}

/*
 * Checksums the device was not asked to do: the stack asked for an offload the
 * device did not negotiate (or the IPv4 header one, which virtio has not).
 */
static void vnet_tx_sw_csum(struct netbuf *nb, bool device_csum)
{
	if ((nb->flags & NETBUF_F_TX_IPHDR_CSUM) && nb->len >= ETH_HLEN + 20) {
		u32 ihl = (nb->data[ETH_HLEN] & 0xF) * 4u;

		vnet_frame_put16(nb, ETH_HLEN + 10, 0);
		vnet_frame_put16(nb, ETH_HLEN + 10,
				 vnet_csum_fold(vnet_csum_add(nb, ETH_HLEN, ihl, 0)));
	}
	if (nb->csum == NETBUF_CSUM_PARTIAL && !device_csum) {
		u32 start = nb->csum_start, total = nb->tot_len ? nb->tot_len : nb->len;
		/* The field holds the pseudo-header sum: include it as is. */
		u16 sum = vnet_csum_fold(vnet_csum_add(nb, start, total - start, 0));

		vnet_frame_put16(nb, start + nb->csum_offset, sum ? sum : 0xFFFF);
	}
}

/* Same flow, same pair: hash IPv4/IPv6 addresses and TCP/UDP ports. */
static unsigned int vnet_tx_pick(const struct vnet_dev *vd, const struct netbuf *nb)
{
	const u8 *d = nb->data;
	u32 h = 0, i, l3 = ETH_HLEN, ports = 0, alen, aoff;
	u16 type;
	u8 proto;

	if (vd->nr_pairs == 1 || nb->len < ETH_HLEN + 40)
		return 0;
	type = (u16)(d[12] << 8 | d[13]);
	if (type == 0x0800) {
		proto = d[l3 + 9];
		aoff = l3 + 12;
		alen = 8;
		ports = l3 + (d[l3] & 0xF) * 4u;
	} else if (type == 0x86DD) {
		proto = d[l3 + 6];
		aoff = l3 + 8;
		alen = 32;
		ports = l3 + 40;
	} else {
		return 0;
	}
	if (aoff + alen > nb->len)
		return 0;
	for (i = 0; i < alen; i++)
		h = (h ^ d[aoff + i]) * 16777619u;
	if ((proto == 6 || proto == 17) && ports + 4 <= nb->len) {
		for (i = 0; i < 4; i++)
			h = (h ^ d[ports + i]) * 16777619u;
	}
	return (h ^ (h >> 16)) % vd->nr_pairs;
}

/* A super-segment the stack should only hand a device that negotiated its kind. */
static bool vnet_tx_gso_ok(const struct vnet_dev *vd, const struct netbuf *nb)
{
	unsigned int bit =
	    nb->gso_type == NETBUF_GSO_TCPV6 ? VIRTIO_NET_F_HOST_TSO6 : VIRTIO_NET_F_HOST_TSO4;

	return vnet_has(vd->features, bit) && vnet_has(vd->features, VIRTIO_NET_F_CSUM) &&
	       nb->csum == NETBUF_CSUM_PARTIAL && nb->gso_size && nb->gso_hdr_len &&
	       (nb->gso_type == NETBUF_GSO_TCPV4 || nb->gso_type == NETBUF_GSO_TCPV6);
}

netdev_tx_t vnet_start_xmit(struct netbuf *nb, struct net_device *ndev)
{
	struct vnet_dev *vd = to_vnet(ndev);
	struct vnet_pair *qp = &vd->qp[vnet_tx_pick(vd, nb)];
	struct vq_buf bufs[VNET_TX_MAX_SEGS + 1];
	bool device_csum = vnet_has(vd->features, VIRTIO_NET_F_CSUM);
	unsigned int nsegs = netbuf_nr_segs(nb), n = 1;
	struct vnet_tx_slot *slot;
	struct virtio_net_hdr *hdr;
	struct netbuf *seg;
	bool full;

	if (unlikely(nb->gso_type != NETBUF_GSO_NONE && !vnet_tx_gso_ok(vd, nb))) {
		WARN_ONCE(true, "%s: dropping a super-segment the device cannot cut\n", ndev->name);
		qp->stats.tx_drops++;
		ndev->stats.tx_dropped++;
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	if (unlikely(nsegs > VNET_TX_MAX_SEGS)) {
		WARN_ONCE(true, "%s: dropping a frame of %u segments (at most %u)\n", ndev->name,
			  nsegs, VNET_TX_MAX_SEGS);
		qp->stats.tx_drops++;
		ndev->stats.tx_dropped++;
		netbuf_free(nb);
		return NETDEV_TX_OK;
	}
	if (vq_num_free(&qp->tx) < nsegs + 1 || !qp->tx_nfree)
		vnet_tx_clean(qp);
	if (vq_num_free(&qp->tx) < nsegs + 1 || !qp->tx_nfree) {
		qp->stats.tx_ring_full++;
		vd->tx_full_mask |= BIT(qp->index);
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}

	slot = &qp->tx_slots[qp->tx_free[--qp->tx_nfree]];
	slot->nb = nb;
	hdr = slot->hdr;
	memset(hdr, 0, sizeof(*hdr));
	if (nb->csum == NETBUF_CSUM_PARTIAL && device_csum) {
		hdr->flags = VIRTIO_NET_HDR_F_NEEDS_CSUM;
		hdr->csum_start = nb->csum_start;
		hdr->csum_offset = nb->csum_offset;
	}
	if (nb->gso_type != NETBUF_GSO_NONE) {
		hdr->gso_type = nb->gso_type == NETBUF_GSO_TCPV6 ? VIRTIO_NET_HDR_GSO_TCPV6
								 : VIRTIO_NET_HDR_GSO_TCPV4;
		hdr->hdr_len = nb->gso_hdr_len;
		hdr->gso_size = nb->gso_size;
	}
	if (unlikely((nb->flags & NETBUF_F_TX_IPHDR_CSUM) ||
		     (nb->csum == NETBUF_CSUM_PARTIAL && !device_csum))) {
		/* The stack mapped the frame for the device: borrow it back to write. */
		netbuf_tx_sync_for_cpu(nb);
		vnet_tx_sw_csum(nb, device_csum);
		netbuf_tx_sync_for_device(nb);
	}

	bufs[0].addr = slot->hdr_dma;
	bufs[0].len = VNET_HDR_LEN;
	for (seg = nb; seg; seg = seg->next, n++) {
		bufs[n].addr = seg->dma;
		bufs[n].len = seg->len;
	}
	/* Room was checked above; a failure here would be a driver bug. */
	if (vq_add(&qp->tx, bufs, n, 0, slot) < 0) {
		qp->tx_free[qp->tx_nfree++] = (u16)(slot - qp->tx_slots);
		slot->nb = NULL;
		return NETDEV_TX_BUSY;
	}
	qp->stats.tx_packets++;
	qp->stats.tx_bytes += nb->tot_len ? nb->tot_len : nb->len;
	/* Stop before the next frame could fail, so the stack rarely sees BUSY. */
	full = vq_num_free(&qp->tx) < VNET_TX_MAX_SEGS + 1 || !qp->tx_nfree;
	/*
	 * A stopped queue waits on completions that a lost notification would
	 * never bring, so it tells the device even when told not to bother.
	 */
	if (vq_kick_prepare(&qp->tx) || full) {
		qp->stats.kicks++;
		vq_notified(&qp->tx);
		virtio_pci_notify(qp->tx_notify, qp->tx.index);
	}
	if (full) {
		qp->stats.tx_ring_full++;
		vd->tx_full_mask |= BIT(qp->index);
		netif_stop_queue(ndev);
	}
	return NETDEV_TX_OK;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-net receive. Every buffer is half a page of one DMA pool per queue
 * pair; the device writes a virtio_net_hdr and the frame into it. Frames go up
 * without copying: the buffer's own netbuf is handed to the stack and its
 * release puts the buffer straight back into the ring.
 *
 * The stack may hold buffers for a while (reassembly, out-of-order TCP). If it
 * holds so many that the ring would run dry, the driver stops handing frames
 * up and recycles them at once, counting a missed frame, so the device always
 * has somewhere to write.
 *
 * The pool is streaming DMA memory (kernel/mm/dma.h): a buffer is the device's
 * from its post (synced for the device) until the used ring returns it
 * (synced for the CPU).
 */
#include <errno.h>
#include "drivers/virtio/virtio_net.h"
#include "kernel/mm/dma.h"
#include "kernel/mm/heap.h"
#include "kernel/console/printk.h"

static void vnet_rx_release(struct netbuf *nb);

int vnet_rx_alloc(struct vnet_pair *qp)
{
	unsigned int n = qp->rx.size, i;
	size_t pool_bytes = (size_t)n * VNET_RX_BUF_SIZE;

	qp->rx_bufs = kcalloc(n, sizeof(*qp->rx_bufs));
	qp->rx_pool = dma_alloc(pool_bytes, 0, DMA_STREAMING, &qp->rx_pool_dma);
	if (!qp->rx_bufs || !qp->rx_pool) {
		pr_err("%s: no memory for %u receive buffers\n", qp->rx_name, n);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		struct vnet_rx_buf *buf = &qp->rx_bufs[i];

		buf->qp = qp;
		buf->mem = qp->rx_pool + (size_t)i * VNET_RX_BUF_SIZE;
		buf->dma = qp->rx_pool_dma + (u64)i * VNET_RX_BUF_SIZE;
	}
	return 0;
}

void vnet_rx_free(struct vnet_pair *qp)
{
	if (qp->rx_with_stack)
		pr_warn("%s: freeing receive buffers while the stack still holds %u\n", qp->rx_name,
			qp->rx_with_stack);
	/* The device was reset: what it still had posted is ours again. */
	for (unsigned int i = 0; qp->rx_pool && i < qp->rx.size; i++) {
		if (!qp->rx_bufs[i].posted)
			continue;
		qp->rx_bufs[i].posted = false;
		dma_sync_single_for_cpu(qp->rx_bufs[i].dma, VNET_RX_BUF_SIZE, DMA_FROM_DEVICE);
	}
	if (qp->rx_pool)
		dma_free(qp->rx_pool, (size_t)qp->rx.size * VNET_RX_BUF_SIZE);
	kfree(qp->rx_bufs);
	qp->rx_pool = NULL;
	qp->rx_bufs = NULL;
}

static void vnet_rx_kick(struct vnet_pair *qp)
{
	qp->rx_kick_pending = false;
	if (vq_kick_prepare(&qp->rx)) {
		qp->stats.kicks++;
		virtio_pci_notify(qp->rx_notify, qp->rx.index);
	}
}

/* Give one buffer back to the device. */
static void vnet_rx_post(struct vnet_pair *qp, struct vnet_rx_buf *buf)
{
	struct vq_buf vb = { buf->dma, VNET_RX_BUF_SIZE };

	/* The buffer is the device's before the ring entry naming it can be seen. */
	dma_sync_single_for_device(buf->dma, VNET_RX_BUF_SIZE, DMA_FROM_DEVICE);
	/* Cannot fail: there are exactly as many descriptors as buffers. */
	if (vq_add(&qp->rx, &vb, 0, 1, buf) < 0) {
		pr_err("%s: no descriptor for a receive buffer (driver bug)\n", qp->rx_name);
		dma_sync_single_for_cpu(buf->dma, VNET_RX_BUF_SIZE, DMA_FROM_DEVICE);
		return;
	}
	buf->posted = true;
	qp->rx_kick_pending = true;
}

static void vnet_rx_drop(struct vnet_pair *qp, struct vnet_rx_buf *head, bool error);

void vnet_rx_fill(struct vnet_pair *qp)
{
	unsigned int i;

	/* A frame cut short by a stop: its buffers go back with the rest. */
	if (qp->mrg_head) {
		struct vnet_rx_buf *head = qp->mrg_head;

		qp->mrg_head = NULL;
		vnet_rx_drop(qp, head, false);
	}
	for (i = 0; i < qp->rx.size; i++) {
		struct vnet_rx_buf *buf = &qp->rx_bufs[i];

		if (!buf->posted && !buf->with_stack)
			vnet_rx_post(qp, buf);
	}
	vnet_rx_kick(qp);
}

/* Put every buffer of a chain of netbufs (a frame not handed up) back in the ring. */
static void vnet_rx_recycle(struct vnet_pair *qp, struct vnet_rx_buf *head)
{
	struct netbuf *nb = &head->nb, *next;

	for (; nb; nb = next) {
		next = nb->next;
		vnet_rx_post(qp, container_of(nb, struct vnet_rx_buf, nb));
	}
}

/* The stack is done with a frame: its buffers go back to the device. */
static void vnet_rx_release(struct netbuf *nb)
{
	struct vnet_rx_buf *head = nb->owner;
	struct vnet_pair *qp = head->qp;
	struct netbuf *seg;

	for (seg = nb; seg; seg = seg->next) {
		struct vnet_rx_buf *buf = container_of(seg, struct vnet_rx_buf, nb);

		buf->with_stack = false;
		qp->rx_with_stack--;
	}
	vnet_rx_recycle(qp, head);
	/* Inside poll the kick waits for the end of the round; elsewhere it goes now. */
	if (!qp->in_poll)
		vnet_rx_kick(qp);
}

static void vnet_rx_drop(struct vnet_pair *qp, struct vnet_rx_buf *head, bool error)
{
	vnet_rx_recycle(qp, head);
	qp->stats.rx_drops++;
	if (error) {
		qp->stats.rx_errors++;
		qp->vd->ndev.stats.rx_errors++;
		netdev_rx_dropped(&qp->vd->ndev, 1);
	}
}

/* A whole frame is in: hand it up, unless the stack holds too many buffers. */
static void vnet_rx_deliver(struct vnet_pair *qp, struct vnet_rx_buf *head)
{
	struct net_device *ndev = &qp->vd->ndev;
	unsigned int segs = netbuf_nr_segs(&head->nb);
	unsigned int limit = qp->rx.size - qp->rx.size / VNET_RX_RESERVE_DIV;
	struct netbuf *seg;

	/* (Test machinery can play the stack holding them all: net/core/nic_fault.h.) */
	if (qp->rx_with_stack + segs > limit || nic_fault_active(qp->fault.rx_starve_until_ns)) {
		qp->stats.rx_ring_exhausted++;
		vnet_rx_drop(qp, head, false);
		netdev_rx_missed(ndev, 1);
		return;
	}
	for (seg = &head->nb; seg; seg = seg->next)
		container_of(seg, struct vnet_rx_buf, nb)->with_stack = true;
	qp->rx_with_stack += segs;
	qp->stats.rx_packets++;
	qp->stats.rx_bytes += head->nb.tot_len;
	napi_receive(&qp->napi, &head->nb);
}

/* First buffer of a frame: header checks; returns the buffers still to come, or -1. */
static int vnet_rx_first(struct vnet_pair *qp, struct vnet_rx_buf *buf, u32 len)
{
	const struct virtio_net_hdr *hdr = (const struct virtio_net_hdr *)buf->mem;
	u64 features = qp->vd->features;
	unsigned int nbufs = 1;

	if (len < VNET_HDR_LEN + ETH_HLEN || len > VNET_RX_BUF_SIZE) {
		if (!qp->stats.rx_errors)
			pr_warn("%s: device reported a %u-byte receive buffer (valid %u..%u)\n",
				qp->rx_name, len, (unsigned int)(VNET_HDR_LEN + ETH_HLEN),
				VNET_RX_BUF_SIZE);
		return -1;
	}
	if (vnet_has(features, VIRTIO_NET_F_MRG_RXBUF)) {
		nbufs = READ_ONCE(hdr->num_buffers);
		if (nbufs == 0 || nbufs > qp->rx.size) {
			if (!qp->stats.rx_errors)
				pr_warn("%s: frame claims %u buffers (ring has %u)\n", qp->rx_name,
					nbufs, qp->rx.size);
			return -1;
		}
	}
	/* Test machinery plays a malformed frame (single-buffer ones: the ring stays in step). */
	if (nbufs == 1 && nic_fault_take(&qp->fault.rx_errors))
		return -1;
	netbuf_init(&buf->nb, buf->mem + VNET_HDR_LEN, len - VNET_HDR_LEN, buf->dma + VNET_HDR_LEN,
		    vnet_rx_release, buf);
	if (hdr->gso_type != VIRTIO_NET_HDR_GSO_NONE)
		qp->stats.rx_gso_frames++;
	/* NEEDS_CSUM from the host means the data is intact, its checksum just not filled. */
	if (vnet_has(features, VIRTIO_NET_F_GUEST_CSUM) &&
	    (hdr->flags & (VIRTIO_NET_HDR_F_DATA_VALID | VIRTIO_NET_HDR_F_NEEDS_CSUM)))
		buf->nb.csum = NETBUF_CSUM_UNNECESSARY;
	return (int)nbufs - 1;
}

/* One used buffer; returns 1 when it finished a frame (delivered or dropped). */
static int vnet_rx_one(struct vnet_pair *qp, struct vnet_rx_buf *buf, u32 len)
{
	struct vnet_rx_buf *head;
	int more;

	if (!qp->mrg_head) {
		more = vnet_rx_first(qp, buf, len);
		if (more < 0) {
			netbuf_init(&buf->nb, buf->mem, 0, buf->dma, NULL, buf);
			vnet_rx_drop(qp, buf, true);
			return 1;
		}
		if (more == 0) {
			vnet_rx_deliver(qp, buf);
			return 1;
		}
		qp->mrg_head = qp->mrg_tail = buf;
		qp->mrg_left = (u16)more;
		return 0;
	}

	/* A continuation buffer of a mergeable frame: no header of its own. */
	head = qp->mrg_head;
	netbuf_init(&buf->nb, buf->mem, len, buf->dma, vnet_rx_release, buf);
	qp->mrg_tail->nb.next = &buf->nb;
	qp->mrg_tail = buf;
	if (len == 0 || len > VNET_RX_BUF_SIZE) {
		if (!qp->stats.rx_errors)
			pr_warn("%s: continuation buffer of %u bytes\n", qp->rx_name, len);
		qp->mrg_head = NULL;
		vnet_rx_drop(qp, head, true);
		return 1;
	}
	head->nb.tot_len += len;
	if (--qp->mrg_left)
		return 0;
	qp->mrg_head = NULL;
	vnet_rx_deliver(qp, head);
	return 1;
}

int vnet_rx_poll(struct vnet_pair *qp, int budget)
{
	int done = 0;

	while (done < budget) {
		struct vnet_rx_buf *buf;
		void *cookie;
		u32 len;
		int ret = vq_pop_used(&qp->rx, &cookie, &len);

		if (ret == 0)
			break;
		if (ret < 0) {
			/* The device named a buffer it does not have: nothing to recycle. */
			qp->stats.rx_errors++;
			qp->stats.rx_drops++;
			netdev_rx_dropped(&qp->vd->ndev, 1);
			done++;
			continue;
		}
		buf = cookie;
		buf->posted = false;
		/* Ours again, whatever becomes of the frame; only now is its data valid. */
		dma_sync_single_for_cpu(buf->dma, VNET_RX_BUF_SIZE, DMA_FROM_DEVICE);
		done += vnet_rx_one(qp, buf, len);
	}
	if (qp->rx_kick_pending)
		vnet_rx_kick(qp);
	return done;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Transmit: lwIP's linkoutput turns a pbuf chain into a netbuf frame for the
 * driver. With net.tx=zerocopy (the default) the netbuf segments point into
 * the pbufs, which stay referenced (pbuf_ref) until the driver's transmit
 * completion frees the frame; lwIP's TCP sees the extra reference and does
 * not touch a segment the driver still holds. With net.tx=copy, or when the
 * chain does not fit the device (too many segments, no scatter-gather), the
 * frame is first copied into one contiguous pbuf. docs/NETWORK.md compares
 * the two.
 *
 * Frames the driver refuses because its ring is full wait in a short queue
 * that the main loop hook retries; past that lwIP gets ERR_MEM, and TCP is
 * told to retry (tcp_txnow) once the queue has drained.
 */
#define pr_fmt(fmt) "lwip: " fmt

#include <string.h>
#include "kernel/mm/dma.h"
#include "kernel/console/printk.h"
#include "lwip/memp.h"
#include "lwip/prot/ethernet.h"
#include "lwip/prot/ip.h"
#include "lwip/prot/ip4.h"
#include "lwip/prot/ip6.h"
#include "lwip/prot/tcp.h"
#include "net/core/netdev_stack.h"
#include "net/lwip/glue.h"

/*
 * Frames in flight over all devices: the drivers' rings, the pending queues
 * and the super-segments being gathered.
 */
#define TX_FRAMES 1024

/*
 * Frame records freed lately, kept for the next frames: every frame sent
 * takes one and gives it back at its completion, and a record (about 1.3 KiB)
 * is a slab object of which a page holds three, so a burst of frames in
 * flight would otherwise fill and empty heap pages each time
 * (bench/hosted_cost). They stay charged to lwIP's heap budget while cached.
 */
#define TX_FRAME_CACHE 32

LWIP_MEMPOOL_DECLARE(NAPKIN_TX_FRAME, TX_FRAMES, sizeof(struct tx_frame), "napkin tx frame")
/* The pool's count bounds nothing under MEMP_MEM_MALLOC (lwipopts.h): TX_FRAMES is kept here. */
static unsigned int tx_frames_in_use;
static struct tx_frame *frame_cache; /* linked through merged_next */
static unsigned int frame_cache_len;

static struct tx_frame *tx_frame_alloc(void)
{
	struct tx_frame *f;

	if (tx_frames_in_use >= TX_FRAMES)
		return NULL;
	f = frame_cache;
	if (f) {
		frame_cache = f->merged_next;
		frame_cache_len--;
	} else {
		f = LWIP_MEMPOOL_ALLOC(NAPKIN_TX_FRAME);
	}
	if (f) {
		f->cached = false;
		tx_frames_in_use++;
	}
	return f;
}

static inline void tx_frame_free(struct tx_frame *f)
{
	/*
	 * A record freed twice would sit in the cache twice and be handed to two
	 * frames at once, the first one's pbuf then lost: refuse it, loudly. (The
	 * heap's own double-free check no longer sees records that go to the cache.)
	 */
	if (f->cached) {
		WARN_ONCE(true, "lwip: a transmit frame record was freed twice\n");
		return;
	}
	tx_frames_in_use--;
	if (frame_cache_len < TX_FRAME_CACHE) {
		f->cached = true;
		f->merged_next = frame_cache;
		frame_cache = f;
		frame_cache_len++;
		return;
	}
	LWIP_MEMPOOL_FREE(NAPKIN_TX_FRAME, f);
}

static enum lwip_tx_mode tx_mode;

void glue_tx_init(void)
{
	LWIP_MEMPOOL_INIT(NAPKIN_TX_FRAME);
	while (frame_cache) {
		struct tx_frame *f = frame_cache;

		frame_cache = f->merged_next;
		LWIP_MEMPOOL_FREE(NAPKIN_TX_FRAME, f);
	}
	frame_cache_len = 0;
}

void glue_tx_set_mode(enum lwip_tx_mode mode)
{
	tx_mode = mode;
}

enum lwip_tx_mode lwip_stack_tx_mode(void)
{
	return tx_mode;
}

u16 glue_tx_chksum_flags(const struct net_device *dev)
{
	u16 flags = NETIF_CHECKSUM_ENABLE_ALL;

	if (dev->features & NETIF_F_IPHDR_CSUM)
		flags &= (u16)~NETIF_CHECKSUM_GEN_IP;
	/*
	 * TCP and UDP: a frame that carries a whole datagram goes to the device,
	 * a datagram lwIP fragments is summed before (tx_csum.c). UDP stays
	 * lwIP's on a device that would sum it in its driver anyway.
	 */
	if (dev->features & (NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM)) {
		flags &= (u16)~NETIF_CHECKSUM_GEN_TCP;
		if (!(dev->features & NETIF_F_NO_UDP_CSUM))
			flags &= (u16)~NETIF_CHECKSUM_GEN_UDP;
	}
	return flags;
}

/*
 * The driver (or netdev, for a device that went down) is done with the frame,
 * and with every frame merged behind it into one super-segment.
 */
static void tx_release(struct netbuf *nb)
{
	struct tx_frame *f = nb->owner, *next;

	for (; f; f = next) {
		next = f->merged_next;
		for (unsigned int i = 0; i < f->nsegs; i++) {
			u32 back = i == f->trim_seg ? f->trim : 0;

			dma_unmap_single(f->seg[i].dma - back, f->seg[i].len + back);
		}
		/* lwIP rewrites everything else of a header it sends again, but not the flags. */
		if (f->restore_tcp_flags)
			pbuf_put_at(f->p, f->tcp_flags_offset, f->tcp_flags);
		f->gif->stats.tx_frames_held--;
		pbuf_free(f->p);
		tx_frame_free(f);
	}
}

/* ---- frames ---- */

/* What lwIP left to the device: the IPv4 header checksum here, TCP and UDP in tx_csum.c. */
static inline void tx_offloads(struct glue_if *gif, struct pbuf *p, struct netbuf *nb)
{
	const u16 all = NETIF_CHECKSUM_GEN_IP | NETIF_CHECKSUM_GEN_TCP | NETIF_CHECKSUM_GEN_UDP;
	u16 gen = gif->chksum_flags, type;

	/* lwIP puts the Ethernet header in the first pbuf. */
	if ((gen & all) == all || p->len < SIZEOF_ETH_HDR)
		return;
	type = (u16)(((const u8 *)p->payload)[12] << 8 | ((const u8 *)p->payload)[13]);
	if (type == ETHTYPE_IP && !(gen & NETIF_CHECKSUM_GEN_IP))
		nb->flags |= NETBUF_F_TX_IPHDR_CSUM;
	if ((gen & (NETIF_CHECKSUM_GEN_TCP | NETIF_CHECKSUM_GEN_UDP)) ==
	    (NETIF_CHECKSUM_GEN_TCP | NETIF_CHECKSUM_GEN_UDP))
		return;
	if (type == ETHTYPE_IP)
		glue_tx_l4_csum(gif, p, nb, 4);
	else if (type == ETHTYPE_IPV6)
		glue_tx_l4_csum(gif, p, nb, 6);
}

/*
 * Map the non-empty pbufs of p into f's segments, at most max of them. One
 * walk: the chain is mapped as it is counted, and a chain that turns out too
 * long (rare: it is then copied) is unmapped again.
 */
static bool tx_map(struct tx_frame *f, struct pbuf *p, unsigned int max)
{
	unsigned int i = 0;

	for (; p; p = p->next) {
		struct netbuf *nb;

		if (!p->len)
			continue;
		if (unlikely(i == max)) {
			while (i--)
				dma_unmap_single(f->seg[i].dma, f->seg[i].len);
			return false;
		}
		nb = &f->seg[i];
		netbuf_init(nb, p->payload, p->len, dma_map_single(p->payload, p->len), NULL, f);
		if (i)
			f->seg[i - 1].next = nb;
		i++;
	}
	f->nsegs = i;
	return true;
}

/* The frame copied into one pbuf: net.tx=copy, or a chain the device cannot take as it is. */
static __attribute__((noinline)) bool tx_map_copy(struct glue_if *gif, struct tx_frame *f,
						  struct pbuf *p)
{
	struct pbuf *q = pbuf_clone(PBUF_RAW, PBUF_RAM, p);

	if (!q)
		return false;
	f->p = q;
	tx_map(f, q, 1);
	gif->stats.tx_copied++;
	return true;
}

static struct tx_frame *tx_build(struct glue_if *gif, struct pbuf *p)
{
	struct tx_frame *f = tx_frame_alloc();

	if (!f)
		return NULL;
	f->gif = gif;
	f->merged_next = NULL;
	f->trim = 0;
	f->trim_seg = 0;
	f->restore_tcp_flags = false;
	if (likely(tx_mode != LWIP_TX_COPY) &&
	    tx_map(f, p, gif->dev->features & NETIF_F_SG ? TX_MAX_SEGS : 1)) {
		f->p = p;
		pbuf_ref(p);
		gif->stats.tx_zerocopy++;
	} else if (!tx_map_copy(gif, f, p)) {
		tx_frame_free(f);
		return NULL;
	}
	f->seg[0].release = tx_release;
	f->seg[0].tot_len = f->p->tot_len;
	tx_offloads(gif, f->p, &f->seg[0]);
	gif->stats.tx_frames_held++;
	return f;
}

static void pending_push_tail(struct glue_if *gif, struct netbuf *nb)
{
	nb->qnext = NULL;
	if (gif->pending_tail)
		gif->pending_tail->qnext = nb;
	else
		gif->pending_head = nb;
	gif->pending_tail = nb;
	gif->pending_len++;
}

static struct netbuf *pending_pop(struct glue_if *gif)
{
	struct netbuf *nb = gif->pending_head;

	if (!nb)
		return NULL;
	gif->pending_head = nb->qnext;
	if (!gif->pending_head)
		gif->pending_tail = NULL;
	nb->qnext = NULL;
	gif->pending_len--;
	return nb;
}

static void pending_push_head(struct glue_if *gif, struct netbuf *nb)
{
	nb->qnext = gif->pending_head;
	gif->pending_head = nb;
	if (!gif->pending_tail)
		gif->pending_tail = nb;
	gif->pending_len++;
}

void glue_tx_flush(struct glue_if *gif)
{
	struct netbuf *nb;

	if (gif->flushing)
		return; /* the outer loop goes on while the queue runs */
	gif->flushing = true;
	while (gif->pending_head && !netif_queue_stopped(gif->dev)) {
		nb = pending_pop(gif);
		if (netdev_start_xmit(gif->dev, nb) == NETDEV_TX_BUSY) {
			pending_push_head(gif, nb);
			break;
		}
		gif->stats.tx_frames++;
	}
	gif->flushing = false;
}

/* The driver woke its queue: what waited for room goes out now, not on the loop's next pass. */
void glue_tx_woken(struct net_device *dev)
{
	struct glue_if *gif = dev->stack_priv;

	if (gif)
		glue_tx_flush(gif);
}

void glue_tx_purge(struct glue_if *gif)
{
	struct netbuf *nb;

	while ((nb = pending_pop(gif))) {
		gif->stats.tx_dropped++;
		netbuf_free(nb);
	}
}

/* The queue is kept in order: behind frames already waiting, or refused just now. */
static __attribute__((noinline)) void tx_send_queued(struct glue_if *gif, struct netbuf *nb)
{
	gif->stats.tx_queued++;
	pending_push_tail(gif, nb);
	glue_tx_flush(gif);
}

static inline void tx_send(struct glue_if *gif, struct netbuf *nb)
{
	if (likely(!gif->pending_head) && netdev_start_xmit(gif->dev, nb) != NETDEV_TX_BUSY) {
		gif->stats.tx_frames++;
		return;
	}
	tx_send_queued(gif, nb);
}

void glue_tx_send(struct glue_if *gif, struct netbuf *nb)
{
	tx_send(gif, nb);
}

err_t glue_linkoutput(struct netif *netif, struct pbuf *p)
{
	struct glue_if *gif = glue_if_from_netif(netif);
	struct tx_frame *f;

	if (gif->pending_len >= LWIP_GLUE_TX_PENDING_MAX) {
		glue_tx_flush(gif);
		if (gif->pending_len >= LWIP_GLUE_TX_PENDING_MAX)
			goto refuse;
	}
	f = tx_build(gif, p);
	if (!f)
		goto refuse;
	if (gif->gso_on && glue_gso_add(gif, f))
		return ERR_OK;
	tx_send(gif, &f->seg[0]);
	return ERR_OK;

refuse:
	gif->stats.tx_dropped++;
	gif->tcp_refused = true;
	LINK_STATS_INC(link.memerr);
	return ERR_MEM;
}

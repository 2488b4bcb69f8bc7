/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The packet buffer drivers and the network stack hand each other.
 *
 * A netbuf never owns memory by itself: whoever filled it (a driver's receive
 * ring, or the stack glue wrapping its own buffers for transmit) embeds it in
 * its bookkeeping and sets release(). Freeing a frame calls the release of its
 * first netbuf, which returns the memory to that owner: a receive buffer goes
 * back to the driver's ring, a transmitted frame goes back to the stack.
 *
 * A frame may span several netbufs chained through next (scatter-gather
 * transmit, or receive into several ring buffers). tot_len and the checksum
 * fields are only meaningful in the first one.
 */
#ifndef NAPKIN_NET_NETBUF_H
#define NAPKIN_NET_NETBUF_H

#include "kernel/core/compiler.h"
#include "kernel/mm/dma.h"

struct net_device;

/* What is known about a frame's checksums. */
enum netbuf_csum {
	/* Receive: nothing checked by hardware. Transmit: every checksum is filled in. */
	NETBUF_CSUM_NONE,
	/* Receive: hardware verified the IP header and TCP/UDP checksums. */
	NETBUF_CSUM_UNNECESSARY,
	/*
	 * Transmit: hardware must compute the TCP/UDP checksum over the bytes
	 * from csum_start to the end of the frame and store it at
	 * csum_start + csum_offset. The field already holds the pseudo-header
	 * sum.
	 */
	NETBUF_CSUM_PARTIAL,
};

/*
 * Transmit segmentation offload: the frame is one TCP super-segment whose
 * payload the device cuts into gso_size-byte segments, each with a copy of
 * the headers (gso_hdr_len bytes: Ethernet, IP and TCP), as the stack would
 * have sent them: IPv4 id counting up from the super-segment's, sequence
 * numbers advancing, PSH and FIN only on the last, and every checksum
 * recomputed. Only set on devices with NETIF_F_TSO (NETIF_F_TSO6 for IPv6);
 * csum is NETBUF_CSUM_PARTIAL with the pseudo-header sum over the whole
 * super-segment's TCP length in the checksum field.
 */
enum netbuf_gso {
	NETBUF_GSO_NONE,
	NETBUF_GSO_TCPV4,
	NETBUF_GSO_TCPV6,
};

/* Transmit: hardware must also fill the IPv4 header checksum (header at ETH_HLEN). */
#define NETBUF_F_TX_IPHDR_CSUM BIT(0)
/* release() is safe in any context (netpoll's buffers): never deferred. */
#define NETBUF_F_RELEASE_ANYWHERE BIT(1)
/* Receive: net/ verified the IPv4 header and TCP checksums in software (GRO); csum says so. */
#define NETBUF_F_RX_CSUM_SW BIT(2)

/*
 * Bytes a receive netbuf lends to the stack glue, which builds its own
 * per-frame wrapper there (a custom pbuf) instead of allocating one per frame.
 */
#define NETBUF_STACK_AREA 48

struct netbuf {
	u8 *data;	      /* start of this segment (the Ethernet header in the first) */
	u32 len;	      /* bytes at data */
	u32 tot_len;	      /* bytes in the whole frame; first segment only */
	u64 dma;	      /* bus address of data, for the device */
	struct netbuf *next;  /* next segment of the same frame, or NULL */
	struct netbuf *qnext; /* next frame in whatever queue holds this one now */
	void (*release)(struct netbuf *nb);
	void *owner;		/* release()'s context: ring slot, stack buffer, ... */
	struct net_device *dev; /* receiving device, set by netif_receive_from() */
	u16 csum_start;
	u16 csum_offset;
	u8 csum;	 /* enum netbuf_csum */
	u8 flags;	 /* NETBUF_F_* */
	u8 gso_type;	 /* enum netbuf_gso; first segment only */
	u16 gso_size;	 /* TCP payload bytes per cut segment (the MSS) */
	u16 gso_hdr_len; /* header bytes repeated in every cut segment */
	u16 gso_segs;	 /* segments the device will send */
	/*
	 * Receive aggregation (net/core/gro.h): frames merged behind this one, each
	 * with its own owner, and header bytes of this frame's first segment
	 * the stack must skip (nonzero only in frames merged behind another).
	 */
	struct netbuf *gro_next;
	u16 gro_skip;
	/* The stack glue's while it holds the frame; drivers never touch it. */
	u64 stack_area[NETBUF_STACK_AREA / sizeof(u64)];
};

/* Prepare a one-segment frame; the usual receive path of a driver. */
static inline void netbuf_init(struct netbuf *nb, void *data, u32 len, u64 dma,
			       void (*release)(struct netbuf *nb), void *owner)
{
	nb->data = data;
	nb->len = len;
	nb->tot_len = len;
	nb->dma = dma;
	nb->next = NULL;
	nb->qnext = NULL;
	nb->release = release;
	nb->owner = owner;
	nb->dev = NULL;
	nb->csum_start = 0;
	nb->csum_offset = 0;
	nb->csum = NETBUF_CSUM_NONE;
	nb->flags = 0;
	nb->gso_type = NETBUF_GSO_NONE;
	nb->gso_size = 0;
	nb->gso_hdr_len = 0;
	nb->gso_segs = 0;
	nb->gro_next = NULL;
	nb->gro_skip = 0;
}

static inline unsigned int netbuf_nr_segs(const struct netbuf *nb)
{
	unsigned int n = 0;

	for (; nb; nb = nb->next)
		n++;
	return n;
}

/*
 * A frame to transmit arrives mapped for the device (kernel/mm/dma.h). A driver
 * that must still write into it (a checksum in software) borrows every
 * segment back first and hands them over again after.
 */
static inline void netbuf_tx_sync_for_cpu(struct netbuf *nb)
{
	for (; nb; nb = nb->next)
		if (nb->len)
			dma_sync_single_for_cpu(nb->dma, nb->len, DMA_TO_DEVICE);
}

static inline void netbuf_tx_sync_for_device(struct netbuf *nb)
{
	for (; nb; nb = nb->next)
		if (nb->len)
			dma_sync_single_for_device(nb->dma, nb->len, DMA_TO_DEVICE);
}

/*
 * Give a whole frame back to its owner, and any frames merged behind it to
 * theirs. Safe from any context: when called
 * with interrupts masked (a hard interrupt handler, or a poll run from one in
 * napi.mode=irq) the release is deferred to the NET_RX softirq, so owners
 * never see their release() run inside an interrupt.
 */
void netbuf_free(struct netbuf *nb);

/*
 * Copy up to len bytes of the frame starting at offset into dst, as the stack
 * sees it (across merged frames, their skipped headers left out); returns
 * bytes copied.
 */
u32 netbuf_copy_out(const struct netbuf *nb, u32 offset, void *dst, u32 len);

/* Releases deferred by netbuf_free(); run by the NET_RX softirq. Returns how many. */
unsigned int netbuf_run_deferred(void);
/* True when netbuf_free() has deferred releases waiting. */
bool netbuf_deferred_pending(void);

#endif

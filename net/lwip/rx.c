// SPDX-License-Identifier: BSD-2-Clause
/*
 * Receive: a driver's frame (its DMA buffers) goes up to lwIP without a copy,
 * unless it is small (RX_COPYBREAK). Each netbuf segment becomes a custom pbuf
 * pointing into the driver's buffer, built in the netbuf's stack_area so no
 * allocation can fail; the frame goes back to the driver when lwIP has freed
 * the last of them. lwIP may free the pbufs of one frame separately (TCP trims
 * a chain from the front), hence a count per frame rather than one pbuf per
 * frame.
 */
#define pr_fmt(fmt) "lwip: " fmt

#include <string.h>
#include "kernel/console/printk.h"
#include "lwip/prot/ethernet.h"
#include "lwip/prot/ip.h"
#include "lwip/prot/ip4.h"
#include "lwip/prot/ip6.h"
#include "kernel/core/time.h"
#include "net/lwip/glue.h"
#include "lwip/tcp.h"
#include "lwip_hooks.h"

/*
 * lwIP parses each header from the first pbuf of a chain. A frame whose first
 * segment is shorter than the longest Ethernet + IPv4 + TCP headers (and than
 * the frame) is copied instead; drivers with full-sized buffers never do that.
 */
#define RX_HEADERS_MAX (14 + 60 + 60)

/*
 * lwIP reads a few header fields (the ARP header, the IPv4 length, the IPv6
 * version) before comparing the frame's length with them, trusting the
 * Ethernet minimum that hardware pads frames to. A shorter frame (a runt a
 * device passed on, or an unpadded virtual NIC's) is copied into a buffer of
 * at least that size, zero past its end: those early reads stay inside it and
 * find zeros, which lwIP then rejects by the real length.
 */
#define RX_FRAME_MIN 60

/*
 * Frames up to this many bytes are copied into one PBUF_RAM pbuf while lwIP's
 * heap has room, and their buffer goes back to the driver at once (copybreak;
 * Linux's tg3 and e1000 copy up to 256 bytes too). An acknowledgement or a
 * small datagram lwIP queues then ties up a heap object of its size, not a
 * ring buffer of 2 KiB. And a reply built from the received pbuf (UDP echo,
 * ICMP echo) has its headers written in place: the received headers sit
 * between the pbuf and its payload, where lwIP may prepend, whereas it cannot
 * prepend into a PBUF_REF pbuf and allocates a header pbuf that goes out as a
 * second segment. Copying 256 bytes costs less than either. Not TCP: lwIP
 * never answers a segment from its pbuf and frees a bare acknowledgement at
 * once, so the copy would only cost; the bound on held buffers (RX_HELD_MAX)
 * keeps small segments from taking the ring.
 */
#define RX_COPYBREAK 256

/*
 * Driver buffers lwIP may hold per device before further frames are copied
 * and their buffers returned at once. Without a bound, queues that wait on
 * the peer (echo data waiting for send space, out-of-order segments,
 * reassembly) could take every buffer of the ring, and the acknowledgements
 * that would free them could no longer be received. Rings must be larger.
 */
#define RX_HELD_MAX 128

/* One per segment, inside the segment's netbuf: container_of finds the netbuf again. */
struct rx_wrapper {
	struct pbuf_custom pc;	 /* what lwIP sees */
	struct rx_wrapper *head; /* the wrapper in the frame's first netbuf */
	u16 alive;		 /* head only: wrappers of this frame not yet freed */
};

_Static_assert(sizeof(struct rx_wrapper) <= NETBUF_STACK_AREA,
	       "the receive wrapper must fit in a netbuf's stack area");

struct glue_rx_input_stats glue_rx_input;

static struct rx_wrapper *rx_wrapper_of(struct netbuf *nb)
{
	return (struct rx_wrapper *)(void *)nb->stack_area;
}

static struct netbuf *rx_netbuf_of(struct rx_wrapper *w)
{
	return container_of((void *)w, struct netbuf, stack_area);
}

static void rx_wrapper_free(struct pbuf *p)
{
	struct rx_wrapper *w = container_of((struct pbuf_custom *)p, struct rx_wrapper, pc);
	struct rx_wrapper *head = w->head;
	struct netbuf *frame;
	struct glue_if *gif;

	if (--head->alive)
		return;
	frame = rx_netbuf_of(head);
	gif = frame->dev ? frame->dev->stack_priv : NULL;
	if (gif)
		gif->stats.rx_frames_held--;
	netbuf_free(frame);
}

/*
 * Wrap one frame's segments (its first one from `skip` bytes on) and append
 * them to *chain. Returns the wrappers made: 0 means the frame carried nothing
 * and is still the caller's.
 */
static unsigned int rx_wrap_frame(struct glue_if *gif, struct netbuf *frame, u32 skip,
				  struct pbuf **chain)
{
	struct rx_wrapper *head = rx_wrapper_of(frame);

	head->alive = 0;
	for (struct netbuf *seg = frame; seg; seg = seg->next) {
		struct rx_wrapper *w = rx_wrapper_of(seg);
		u32 off = seg == frame ? MIN(skip, seg->len) : 0;
		struct pbuf *p;

		/* Empty segments carry nothing lwIP could use; they go back with the frame. */
		if (seg->len == off)
			continue;
		w->head = head;
		head->alive++;
		w->pc.custom_free_function = rx_wrapper_free;
		p = pbuf_alloced_custom(PBUF_RAW, (u16_t)(seg->len - off), PBUF_REF, &w->pc,
					seg->data + off, (u16_t)(seg->len - off));
		if (!*chain)
			*chain = p;
		else
			pbuf_cat(*chain, p);
	}
	if (head->alive)
		gif->stats.rx_frames_held++;
	return head->alive;
}

/*
 * The pbuf chain lwIP will see, or NULL when every segment is empty (the
 * frame is then still the caller's). Frames merged behind the first (GRO) add
 * their payload; each goes back to its driver when lwIP frees its part.
 */
static struct pbuf *rx_wrap(struct glue_if *gif, struct netbuf *nb)
{
	struct netbuf *frame = nb->gro_next, *next;
	struct pbuf *chain = NULL;
	unsigned int first = rx_wrap_frame(gif, nb, 0, &chain);

	nb->gro_next = NULL;
	for (; frame; frame = next) {
		next = frame->gro_next;
		frame->gro_next = NULL;
		if (!rx_wrap_frame(gif, frame, frame->gro_skip, &chain))
			netbuf_free(frame);
	}
	/* Nothing in the first frame but something behind it: it is done with already. */
	if (!first && chain)
		netbuf_free(nb);
	return chain;
}

/* Driver frames that one frame from netif_receive_from() stands for. */
static unsigned int rx_nr_frames(const struct netbuf *nb)
{
	unsigned int n = 0;

	for (; nb; nb = nb->gro_next)
		n++;
	return n;
}

/*
 * One contiguous PBUF_RAM pbuf from lwIP's heap, at least RX_FRAME_MIN bytes
 * with the frame's own length, or NULL when the heap refuses; the frame stays
 * the caller's either way.
 */
static struct pbuf *rx_copy(const struct netbuf *nb)
{
	u32 len = nb->tot_len;
	struct pbuf *p = pbuf_alloc(PBUF_RAW, (u16_t)MAX(len, RX_FRAME_MIN), PBUF_RAM);

	if (!p)
		return NULL;
	if (likely(nb->len == len && !nb->gro_next)) {
		memcpy(p->payload, nb->data, len);
	} else if (netbuf_copy_out(nb, 0, p->payload, len) != len) {
		pbuf_free(p);
		return NULL;
	}
	if (unlikely(len < RX_FRAME_MIN)) {
		memset((u8 *)p->payload + len, 0, RX_FRAME_MIN - len);
		/* Only shortens the pbuf: lwIP's heap (MEM_LIBC_MALLOC) never trims. */
		pbuf_realloc(p, (u16_t)len);
	}
	return p;
}

/*
 * Whether the frame may go up in the driver's buffers: lwIP's early header
 * reads stay inside it, its headers are in the first segment, and the device
 * is within its bound on held buffers.
 */
static bool rx_wrappable(const struct glue_if *gif, const struct netbuf *nb)
{
	return nb->tot_len >= RX_FRAME_MIN && nb->len >= MIN(nb->tot_len, RX_HEADERS_MAX) &&
	       gif->stats.rx_frames_held + rx_nr_frames(nb) <= RX_HELD_MAX;
}

/* A frame under the copybreak that is not TCP (over IPv4, or IPv6 without extension headers). */
static bool rx_copybreak(const struct netbuf *nb)
{
	const u8 *d = nb->data;

	if (nb->tot_len > RX_COPYBREAK)
		return false;
	if (nb->len >= SIZEOF_ETH_HDR + IP_HLEN && d[12] == (ETHTYPE_IP >> 8) &&
	    d[13] == (ETHTYPE_IP & 0xff))
		return d[SIZEOF_ETH_HDR + 9] != IP_PROTO_TCP;
	if (nb->len >= SIZEOF_ETH_HDR + IP6_HLEN && d[12] == (ETHTYPE_IPV6 >> 8) &&
	    d[13] == (ETHTYPE_IPV6 & 0xff))
		return d[SIZEOF_ETH_HDR + 6] != IP6_NEXTH_TCP;
	return true;
}

/* The pbuf chain lwIP will see, or NULL (the frame is then still the caller's). */
static struct pbuf *rx_to_pbuf(struct glue_if *gif, struct netbuf *nb)
{
	struct pbuf *p;

	/* A pbuf chain describes at most 64 KiB - 1. */
	if (unlikely(nb->tot_len > 0xffff))
		return NULL;
	/* A small frame wrapped only when the heap has no room for its copy; others the reverse. */
	if (rx_copybreak(nb) || !rx_wrappable(gif, nb)) {
		p = rx_copy(nb);
		if (p) {
			gif->stats.rx_copied++;
			netbuf_free(nb);
			return p;
		}
	}
	return rx_wrappable(gif, nb) ? rx_wrap(gif, nb) : NULL;
}

/*
 * Hardware verdicts cover one frame, but lwIP checks reassembled datagrams
 * with the flags in force when the last fragment arrives: never trust a
 * fragment's verdict for the whole.
 */
static bool rx_is_fragment(const struct netbuf *nb)
{
	const u8 *d = nb->data;
	u16 type;

	/* Too short to tell means do not trust. */
	if (nb->len < SIZEOF_ETH_HDR + IP_HLEN)
		return true;
	type = (u16)((d[12] << 8) | d[13]);
	if (type == ETHTYPE_IP) {
		u16 frag = (u16)((d[SIZEOF_ETH_HDR + 6] << 8) | d[SIZEOF_ETH_HDR + 7]);

		return (frag & (IP_MF | IP_OFFMASK)) != 0;
	}
	if (type == ETHTYPE_IPV6 && nb->len >= SIZEOF_ETH_HDR + IP6_HLEN)
		return d[SIZEOF_ETH_HDR + 6] == IP6_NEXTH_FRAGMENT;
	return true;
}

static u16 rx_chksum_flags(struct glue_if *gif, const struct netbuf *nb)
{
	u16 flags = gif->chksum_flags;

	/* The device's verdict, when it is on, or net/'s own (GRO checked it in software). */
	if (nb->csum == NETBUF_CSUM_UNNECESSARY &&
	    ((gif->dev->features & NETIF_F_RXCSUM) || (nb->flags & NETBUF_F_RX_CSUM_SW)) &&
	    !rx_is_fragment(nb)) {
		flags &= (u16) ~(NETIF_CHECKSUM_CHECK_IP | NETIF_CHECKSUM_CHECK_UDP |
				 NETIF_CHECKSUM_CHECK_TCP);
		gif->stats.rx_csum_trusted++;
	}
	return flags;
}

int glue_rx(struct net_device *dev, struct netbuf *nb)
{
	struct glue_if *gif = dev->stack_priv;
	struct netif *netif;
	struct pbuf *p;
	u64 input_start;
	u16 flags;

	if (unlikely(!gif || !netif_is_up(&gif->netif))) {
		if (gif)
			gif->stats.rx_dropped++;
		netbuf_free(nb);
		return NET_RX_DROP;
	}
	netif = &gif->netif;
	if (unlikely(!glue_rx_options_ok(nb, dev->name))) {
		gif->stats.rx_dropped++;
		netbuf_free(nb);
		return NET_RX_DROP;
	}
	/* Decide before lwIP sees (and may rewrite) the headers. */
	flags = rx_chksum_flags(gif, nb);
	p = rx_to_pbuf(gif, nb);
	if (unlikely(!p)) {
		gif->stats.rx_dropped++;
		netbuf_free(nb);
		return NET_RX_DROP;
	}
	gif->stats.rx_frames++;
	/* lwIP runs to completion here: the per-frame flags cannot leak into another frame. */
	NETIF_SET_CHECKSUM_CTRL(netif, flags);
	/* What lwIP costs per frame, for bench/capacity.py: its PCB lookups walk lists. */
	input_start = ktime_get_ns();
	if (netif->input(p, netif) != ERR_OK)
		pbuf_free(p);
	glue_rx_input.ns += ktime_get_ns() - input_start;
	glue_rx_input.frames++;
	NETIF_SET_CHECKSUM_CTRL(netif, gif->chksum_flags);
	return NET_RX_SUCCESS;
}

/*
 * lwIP acknowledges every second segment and delays the first. A segment
 * larger than the connection's MSS stands for several the sender sent (GRO,
 * or the host's GUEST_TSO frames): acknowledge it at once, as a receiver of
 * the wire segments would have done several times over. Waiting for a second
 * one halves the acknowledgements again and stalls the sender's window.
 */
void glue_rx_large_segment_ack(struct tcp_pcb *pcb, const struct pbuf *p)
{
	if (pcb->state == ESTABLISHED && p->tot_len > pcb->mss)
		tcp_set_flags(pcb, TF_ACK_NOW);
}

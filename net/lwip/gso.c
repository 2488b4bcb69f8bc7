// SPDX-License-Identifier: BSD-2-Clause
/*
 * Transmit segmentation offload without touching lwIP. lwIP's TCP builds
 * MSS-sized segments; a device's cost is per frame. So the glue gathers the
 * segments of one connection that lwIP emits in one output burst into one
 * super-segment, and the device cuts it back into exactly those segments.
 *
 * A segment joins the one being gathered when the device would recreate it
 * byte for byte from the first one's headers: same addresses and ports, next
 * sequence number, next IPv4 id, same ack, window, flags (ACK, PSH only on
 * the last) and options, and every earlier segment full-sized. Nothing is
 * copied: the netbuf chain of the first frame continues into the payloads of
 * the others, and the first frame's release returns them all.
 *
 * The burst ends, and the super-segment goes to the device, when a segment
 * does not fit, carries PSH, the size or segment limit is reached, another
 * frame is sent on the device, or lwIP returns to the main loop
 * (glue_gso_flush_all from the loop hook, which runs every round after the
 * softirqs that fed lwIP its ACKs). A gathered segment therefore never waits
 * past the round that produced it.
 */
#define pr_fmt(fmt) "lwip: " fmt

#include <string.h>
#include "kernel/console/printk.h"
#include "lwip/prot/ethernet.h"
#include "lwip/prot/ip.h"
#include "lwip/prot/ip4.h"
#include "lwip/prot/ip6.h"
#include "lwip/prot/tcp.h"
#include "net/lwip/glue.h"

#define TCPF_FIN 0x01
#define TCPF_SYN 0x02
#define TCPF_RST 0x04
#define TCPF_PSH 0x08
#define TCPF_ACK 0x10

static bool gso_allowed = true;

void lwip_stack_set_tso(bool on)
{
	gso_allowed = on;
}

void glue_gso_setup(struct glue_if *gif)
{
	u32 f = gif->dev->features;

	gif->gso_on = gso_allowed && (f & NETIF_F_SG) && (f & (NETIF_F_TSO | NETIF_F_TSO6));
	memset(&gif->gso, 0, sizeof(gif->gso));
}

static u16 rd16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static u32 rd32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

/* What one frame is, as far as merging cares. */
struct gso_seg {
	u8 hdr[sizeof(((struct glue_gso *)0)->hdr)];
	u16 l3, l4, hdr_len;
	u16 payload;
	bool ipv6;
	u8 flags;
};

/* A TCP data segment the device could cut back out of a super-segment, or false. */
static bool gso_parse(const struct glue_if *gif, const struct tx_frame *f, struct gso_seg *s)
{
	const struct netbuf *nb = &f->seg[0];
	u32 total = nb->tot_len, l4len, got;
	u16 type;

	/* Only a TCP checksum left to the device (a UDP one sits at offset 6): copy nothing else. */
	if (nb->csum != NETBUF_CSUM_PARTIAL || nb->csum_offset != 16)
		return false;
	got = pbuf_copy_partial(f->p, s->hdr, sizeof(s->hdr), 0);
	if (got < SIZEOF_ETH_HDR + IP_HLEN + TCP_HLEN)
		return false;
	s->l3 = SIZEOF_ETH_HDR;
	type = rd16(s->hdr + 12);
	if (type == ETHTYPE_IP && (gif->dev->features & NETIF_F_TSO)) {
		const u8 *ip = s->hdr + s->l3;

		/* No IP options (lwIP sends none with TCP); not a fragment. */
		if (ip[0] != 0x45 || ip[9] != IP_PROTO_TCP || (rd16(ip + 6) & (IP_MF | IP_OFFMASK)))
			return false;
		if ((u32)s->l3 + rd16(ip + 2) != total)
			return false;
		s->l4 = s->l3 + IP_HLEN;
		s->ipv6 = false;
	} else if (type == ETHTYPE_IPV6 && (gif->dev->features & NETIF_F_TSO6)) {
		const u8 *ip = s->hdr + s->l3;

		if ((ip[0] >> 4) != 6 || ip[6] != IP6_NEXTH_TCP ||
		    (u32)s->l3 + IP6_HLEN + rd16(ip + 4) != total)
			return false;
		s->l4 = s->l3 + IP6_HLEN;
		s->ipv6 = true;
	} else {
		return false;
	}
	if ((u32)s->l4 + TCP_HLEN > got)
		return false;
	s->hdr_len = (u16)(s->l4 + (s->hdr[s->l4 + 12] >> 4) * 4u);
	s->flags = s->hdr[s->l4 + 13];
	if (s->hdr_len < s->l4 + TCP_HLEN || s->hdr_len > got || s->hdr_len >= total)
		return false;
	/* Data with ACK, and PSH at most: SYN, FIN, RST, URG and ECN bits stay alone. */
	if ((s->flags & ~(TCPF_ACK | TCPF_PSH)) || !(s->flags & TCPF_ACK) ||
	    nb->csum_start != s->l4 || nb->csum_offset != 16)
		return false;
	l4len = total - s->l4;
	s->payload = (u16)(l4len - (s->hdr_len - s->l4));
	return true;
}

/* Would the device, cutting the gathered super-segment, produce s next? */
static bool gso_fits(const struct glue_if *gif, const struct glue_gso *g, const struct gso_seg *s,
		     unsigned int extra_segs)
{
	const u8 *a = g->hdr, *b = s->hdr;
	u16 l3 = SIZEOF_ETH_HDR, l4 = (u16)(g->ipv6 ? l3 + IP6_HLEN : l3 + IP_HLEN);
	unsigned int max_segs = gif->dev->gso_max_segs;

	if (s->ipv6 != g->ipv6 || s->hdr_len != g->hdr_len || g->last_payload != g->mss ||
	    s->payload > g->mss)
		return false;
	if ((u32)g->bytes + s->payload > NETDEV_GSO_MAX_SIZE ||
	    (max_segs && g->nsegs + extra_segs > max_segs))
		return false;
	/* Ethernet header. */
	if (memcmp(a, b, SIZEOF_ETH_HDR))
		return false;
	if (g->ipv6) {
		/* Version, class, flow label; next header, hop limit, addresses. */
		if (memcmp(a + l3, b + l3, 4) || memcmp(a + l3 + 6, b + l3 + 6, 34))
			return false;
	} else {
		/* Version to length aside: TOS; then id, DF, TTL, protocol; addresses. */
		if (a[l3 + 1] != b[l3 + 1] || rd16(b + l3 + 4) != (u16)(g->last_ip_id + 1) ||
		    memcmp(a + l3 + 6, b + l3 + 6, 4) || memcmp(a + l3 + 12, b + l3 + 12, 8))
			return false;
	}
	/* Ports, next sequence number, ack, header length, window, urgent, options. */
	if (memcmp(a + l4, b + l4, 4) || rd32(b + l4 + 4) != g->next_seq ||
	    memcmp(a + l4 + 8, b + l4 + 8, 5) || (b[l4 + 13] & ~TCPF_PSH) != a[l4 + 13] ||
	    memcmp(a + l4 + 14, b + l4 + 14, 2) || memcmp(a + l4 + 18, b + l4 + 18, 2) ||
	    memcmp(a + l4 + TCP_HLEN, b + l4 + TCP_HLEN, g->hdr_len - l4 - TCP_HLEN))
		return false;
	return true;
}

static void gso_start(struct glue_gso *g, struct tx_frame *f, const struct gso_seg *s)
{
	memcpy(g->hdr, s->hdr, s->hdr_len);
	g->head = g->tail = f;
	g->frames = 1;
	g->nsegs = f->nsegs;
	g->bytes = f->seg[0].tot_len;
	g->hdr_len = s->hdr_len;
	g->mss = s->payload;
	g->last_payload = s->payload;
	g->ipv6 = s->ipv6;
	g->last_ip_id = s->ipv6 ? 0 : rd16(s->hdr + s->l3 + 4);
	g->next_seq = rd32(s->hdr + s->l4 + 4) + s->payload;
}

/* Netbufs of f past its headers, which its predecessor's chain continues into. */
static struct netbuf *gso_payload_of(struct tx_frame *f, u16 hdr_len, unsigned int *nsegs)
{
	u32 skip = hdr_len;
	unsigned int i = 0;

	while (i < f->nsegs && skip >= f->seg[i].len)
		skip -= f->seg[i++].len;
	if (i == f->nsegs)
		return NULL;
	if (skip) {
		/* Headers and payload share a buffer (copied data): start inside it. */
		f->seg[i].data += skip;
		f->seg[i].dma += skip;
		f->seg[i].len -= skip;
		f->trim_seg = (u8)i;
		f->trim = (u16)skip;
	}
	*nsegs = f->nsegs - i;
	return &f->seg[i];
}

/* Payload netbufs of a frame, without changing it (to check the limits first). */
static unsigned int gso_payload_segs(const struct tx_frame *f, u16 hdr_len)
{
	u32 skip = hdr_len;
	unsigned int i = 0;

	while (i < f->nsegs && skip >= f->seg[i].len)
		skip -= f->seg[i++].len;
	return f->nsegs - i;
}

static void gso_append(struct glue_gso *g, struct tx_frame *f, const struct gso_seg *s)
{
	struct netbuf *last = &g->tail->seg[g->tail->nsegs - 1], *first;
	unsigned int n = 0;

	first = gso_payload_of(f, g->hdr_len, &n);
	last->next = first;
	g->tail->merged_next = f;
	g->tail = f;
	g->frames++;
	g->nsegs += n;
	g->bytes += s->payload;
	g->last_payload = s->payload;
	g->next_seq += s->payload;
	g->last_ip_id = s->ipv6 ? 0 : rd16(s->hdr + s->l3 + 4);
	/* The first netbuf speaks for the frame; the others' are unused now. */
	f->seg[0].release = NULL;
}

static void put16(struct pbuf *p, u16 off, u16 v)
{
	pbuf_put_at(p, off, (u8)(v >> 8));
	pbuf_put_at(p, (u16)(off + 1), (u8)v);
}

static u16 csum_fold(u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)sum;
}

/*
 * Turn the first frame's headers into the super-segment's: lengths for all of
 * it, PSH when the last segment had it, checksums to match.
 */
static void gso_finish(struct glue_if *gif, struct glue_gso *g)
{
	struct tx_frame *f = g->head;
	struct netbuf *nb = &f->seg[0];
	u16 l3 = SIZEOF_ETH_HDR, l4 = (u16)(g->ipv6 ? l3 + IP6_HLEN : l3 + IP_HLEN);
	u32 l4len = g->bytes - l4, sum = 0;
	u8 last_flags = 0, *h = g->hdr;

	pbuf_copy_partial(g->tail->p, &last_flags, 1, l4 + 13);
	if (last_flags != h[l4 + 13]) {
		f->restore_tcp_flags = true;
		f->tcp_flags = h[l4 + 13];
		f->tcp_flags_offset = (u16)(l4 + 13);
		pbuf_put_at(f->p, (u16)(l4 + 13), last_flags);
	}
	if (g->ipv6) {
		put16(f->p, (u16)(l3 + 4), (u16)l4len);
		for (int i = 8; i < 40; i += 2)
			sum += rd16(h + l3 + i);
	} else {
		put16(f->p, (u16)(l3 + 2), (u16)(g->bytes - l3));
		if (!(nb->flags & NETBUF_F_TX_IPHDR_CSUM)) {
			u32 ipsum = 0;

			/* lwIP summed the header for one segment's length: redo it for this one. */
			put16(f->p, (u16)(l3 + 10), 0);
			h[l3 + 2] = (u8)((g->bytes - l3) >> 8);
			h[l3 + 3] = (u8)(g->bytes - l3);
			h[l3 + 10] = h[l3 + 11] = 0;
			for (int i = 0; i < IP_HLEN; i += 2)
				ipsum += rd16(h + l3 + i);
			put16(f->p, (u16)(l3 + 10), (u16)~csum_fold(ipsum));
		}
		for (int i = 12; i < 20; i += 2)
			sum += rd16(h + l3 + i);
	}
	/* The pseudo-header over the whole TCP length; devices adjust it per segment. */
	sum += IP_PROTO_TCP + l4len;
	put16(f->p, (u16)(l4 + 16), csum_fold(sum));
	nb->tot_len = g->bytes;
	nb->gso_type = g->ipv6 ? NETBUF_GSO_TCPV6 : NETBUF_GSO_TCPV4;
	nb->gso_size = g->mss;
	nb->gso_hdr_len = g->hdr_len;
	nb->gso_segs = (u16)g->frames;
	gif->stats.tx_gso_frames++;
	gif->stats.tx_gso_segs += g->frames;
}

void glue_gso_flush(struct glue_if *gif)
{
	struct glue_gso *g = &gif->gso;
	struct tx_frame *f = g->head;

	if (!f)
		return;
	if (g->frames > 1)
		gso_finish(gif, g);
	g->head = g->tail = NULL;
	g->frames = 0;
	glue_tx_send(gif, &f->seg[0]);
}

void glue_gso_flush_all(void)
{
	for (struct glue_if *gif = glue_if_first(); gif; gif = glue_if_next(gif))
		glue_gso_flush(gif);
}

void glue_gso_purge(struct glue_if *gif)
{
	struct glue_gso *g = &gif->gso;
	struct tx_frame *f = g->head;

	if (!f)
		return;
	g->head = g->tail = NULL;
	g->frames = 0;
	gif->stats.tx_dropped++;
	netbuf_free(&f->seg[0]);
}

bool glue_gso_add(struct glue_if *gif, struct tx_frame *f)
{
	struct glue_gso *g = &gif->gso;
	struct gso_seg s;

	if (!gso_parse(gif, f, &s)) {
		/* Whatever else goes out on the device goes out after what came before it. */
		glue_gso_flush(gif);
		return false;
	}
	if (g->head && gso_fits(gif, g, &s, gso_payload_segs(f, g->hdr_len))) {
		gso_append(g, f, &s);
	} else {
		glue_gso_flush(gif);
		if (gif->dev->gso_max_segs && f->nsegs > gif->dev->gso_max_segs)
			return false;
		gso_start(g, f, &s);
	}
	/* PSH closes what the application wrote; nothing may follow it in one cut. */
	if (s.flags & TCPF_PSH)
		glue_gso_flush(gif);
	return true;
}

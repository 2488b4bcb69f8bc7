// SPDX-License-Identifier: BSD-2-Clause
/*
 * Receive aggregation: see gro.h for what is merged and why. One CPU and one
 * softirq: the flow table is only touched from polls, never from interrupts
 * (netif_receive_from() sends frames that arrive in an interrupt to the backlog).
 */
#include <string.h>
#include "net/core/backlog.h"
#include "net/core/gro.h"
#include "net/core/inet_csum.h"
#include "net/core/netbuf.h"
#include "net/core/netdev.h"

#define ETHERTYPE_IPV4 0x0800
#define IPV4_HLEN      20
#define IPPROTO_TCP_NR 6
#define TCP_HLEN_MIN   20

/* TCP flag bits (byte 13 of the header). */
#define TCPF_FIN 0x01
#define TCPF_SYN 0x02
#define TCPF_RST 0x04
#define TCPF_PSH 0x08
#define TCPF_ACK 0x10
#define TCPF_URG 0x20
#define TCPF_ECE 0x40
#define TCPF_CWR 0x80

/* What a frame is to GRO. */
enum gro_class {
	GRO_OTHER,     /* not TCP over IPv4 as GRO reads it: goes straight up */
	GRO_TCP_ALONE, /* TCP, but must not be merged: pushes its flow out, then goes up */
	GRO_TCP_DATA,  /* a pure data segment: may be merged */
};

/* The parts of a TCP/IPv4 frame GRO compares; offsets are into the first segment. */
struct gro_seg {
	u32 saddr, daddr;
	u16 sport, dport;
	u32 seq, ack;
	u16 window;
	u8 tcp_flags;
	u8 tcp_hlen;
	u8 tos, ttl;
	u16 payload; /* TCP payload bytes */
	u16 hdr_len; /* Ethernet + IPv4 + TCP header bytes */
};

struct gro_flow {
	struct netbuf *head; /* first frame: its headers stand for the whole */
	struct netbuf *tail; /* last frame linked behind it */
	struct gro_seg first;
	u32 next_seq; /* the sequence number a segment must carry to be merged */
	u16 frames;
};

struct gro_stats gro_stats;

static bool gro_on;
static struct gro_flow flows[GRO_MAX_FLOWS]; /* oldest first */
static unsigned int nr_flows;

void gro_set_enabled(bool on)
{
	gro_flush();
	gro_on = on;
}

bool gro_enabled(void)
{
	return gro_on;
}

bool gro_applies(const struct net_device *dev)
{
	return gro_on;
}

unsigned int gro_held(void)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < nr_flows; i++)
		n += flows[i].frames;
	return n;
}

static u16 rd16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static u32 rd32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static void wr16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

/*
 * The device did not vouch for this frame: check its IPv4 header and TCP
 * checksums here, once, so lwIP need not (a bad one is left for lwIP to
 * drop and count).
 */
static bool gro_verify(struct netbuf *nb, u32 ip_len)
{
	const u8 *ip = nb->data + ETH_HLEN;
	u8 pseudo[12];
	u64 sum;

	if (nb->next)
		return false; /* headers and payload in one buffer only; rare enough to leave */
	memcpy(pseudo, ip + 12, 8);
	pseudo[8] = 0;
	pseudo[9] = IPPROTO_TCP_NR;
	wr16(pseudo + 10, (u16)(ip_len - IPV4_HLEN));
	sum = inet_csum_add(0, pseudo, sizeof(pseudo));
	sum = inet_csum_add(sum, ip + IPV4_HLEN, ip_len - IPV4_HLEN);
	if (inet_csum_fold(inet_csum_add(0, ip, IPV4_HLEN)) || inet_csum_fold(sum)) {
		gro_stats.csum_bad++;
		return false;
	}
	nb->csum = NETBUF_CSUM_UNNECESSARY;
	nb->flags |= NETBUF_F_RX_CSUM_SW;
	gro_stats.csum_sw++;
	return true;
}

static enum gro_class gro_parse(struct netbuf *nb, struct gro_seg *s)
{
	const u8 *d = nb->data, *ip = d + ETH_HLEN, *tcp;
	u16 ip_len, frag;
	u32 hdrs;

	/* Headers must sit in the first segment; a frame's first buffer holds at least 128 bytes. */
	if (nb->len < ETH_HLEN + IPV4_HLEN + TCP_HLEN_MIN || rd16(d + 12) != ETHERTYPE_IPV4)
		return GRO_OTHER;
	if (ip[0] != 0x45 || ip[9] != IPPROTO_TCP_NR)
		return GRO_OTHER; /* IP options, or not TCP: never merged, nothing held to push */
	frag = rd16(ip + 6);
	if (frag & 0x3fff)
		return GRO_OTHER; /* a fragment: lwIP reassembles, and the ports may be absent */
	tcp = ip + IPV4_HLEN;
	s->saddr = rd32(ip + 12);
	s->daddr = rd32(ip + 16);
	s->sport = rd16(tcp);
	s->dport = rd16(tcp + 2);
	s->seq = rd32(tcp + 4);
	s->ack = rd32(tcp + 8);
	s->tcp_hlen = (u8)((tcp[12] >> 4) * 4);
	s->tcp_flags = tcp[13];
	s->window = rd16(tcp + 14);
	s->tos = ip[1];
	s->ttl = ip[8];
	ip_len = rd16(ip + 2);
	hdrs = ETH_HLEN + IPV4_HLEN + s->tcp_hlen;
	s->hdr_len = (u16)hdrs;
	if (s->tcp_hlen < TCP_HLEN_MIN || nb->len < hdrs)
		return GRO_TCP_ALONE;
	/* Padding or a short frame: the IP length must be exactly what arrived. */
	if (ETH_HLEN + (u32)ip_len != nb->tot_len || ip_len <= IPV4_HLEN + s->tcp_hlen)
		return GRO_TCP_ALONE;
	if ((s->tcp_flags & ~TCPF_PSH) != TCPF_ACK)
		return GRO_TCP_ALONE;
	s->payload = (u16)(ip_len - IPV4_HLEN - s->tcp_hlen);
	if (!(nb->csum == NETBUF_CSUM_UNNECESSARY && (nb->dev->features & NETIF_F_RXCSUM)) &&
	    !gro_verify(nb, ip_len))
		return GRO_TCP_ALONE;
	return GRO_TCP_DATA;
}

static struct gro_flow *gro_find(const struct net_device *dev, const struct gro_seg *s)
{
	for (unsigned int i = 0; i < nr_flows; i++) {
		struct gro_flow *f = &flows[i];

		if (f->head->dev == dev && f->first.saddr == s->saddr &&
		    f->first.daddr == s->daddr && f->first.sport == s->sport &&
		    f->first.dport == s->dport)
			return f;
	}
	return NULL;
}

/* The first frame's IPv4 header now describes every frame behind it. */
static void gro_fix_headers(struct gro_flow *f)
{
	u8 *ip = f->head->data + ETH_HLEN;
	u32 sum = 0;

	wr16(ip + 2, (u16)(f->head->tot_len - ETH_HLEN));
	wr16(ip + 10, 0);
	for (int i = 0; i < IPV4_HLEN; i += 2)
		sum += rd16(ip + i);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	wr16(ip + 10, (u16)~sum);
}

static int gro_deliver(struct netbuf *nb)
{
	gro_stats.delivered++;
	if (nb->gro_next)
		gro_stats.large++;
	return netdev_deliver(nb);
}

/* Hand flow i up and take it out of the table. */
static int gro_push(unsigned int i)
{
	struct netbuf *head = flows[i].head;

	if (flows[i].frames > 1)
		gro_fix_headers(&flows[i]);
	memmove(&flows[i], &flows[i + 1], (nr_flows - i - 1) * sizeof(flows[0]));
	nr_flows--;
	return gro_deliver(head);
}

void gro_flush(void)
{
	while (nr_flows)
		gro_push(0);
}

static bool gro_fits(const struct gro_flow *f, const struct netbuf *nb, const struct gro_seg *s)
{
	const u8 *held_opts = f->head->data + ETH_HLEN + IPV4_HLEN + TCP_HLEN_MIN;
	const u8 *opts = nb->data + ETH_HLEN + IPV4_HLEN + TCP_HLEN_MIN;

	return s->seq == f->next_seq && s->ack == f->first.ack && s->window == f->first.window &&
	       s->tcp_hlen == f->first.tcp_hlen && s->tos == f->first.tos &&
	       s->ttl == f->first.ttl && f->frames < GRO_MAX_FRAMES &&
	       (u32)f->head->tot_len + s->payload <= 0xffff &&
	       !memcmp(held_opts, opts, s->tcp_hlen - TCP_HLEN_MIN);
}

static void gro_start(struct netbuf *nb, const struct gro_seg *s)
{
	struct gro_flow *f;

	if (nr_flows == GRO_MAX_FLOWS) {
		gro_stats.evicted++;
		gro_push(0);
	}
	f = &flows[nr_flows++];
	f->head = f->tail = nb;
	f->first = *s;
	f->next_seq = s->seq + s->payload;
	f->frames = 1;
}

int gro_receive(struct netbuf *nb)
{
	struct gro_seg s;
	enum gro_class class = gro_parse(nb, &s);
	struct gro_flow *f;
	int ret = NET_RX_SUCCESS;

	nb->gro_next = NULL;
	nb->gro_skip = 0;
	if (class == GRO_OTHER)
		return gro_deliver(nb);
	f = gro_find(nb->dev, &s);
	if (class == GRO_TCP_ALONE) {
		if (f)
			gro_push((unsigned int)(f - flows));
		return gro_deliver(nb);
	}
	if (f && gro_fits(f, nb, &s)) {
		nb->gro_skip = s.hdr_len;
		f->tail->gro_next = nb;
		f->tail = nb;
		f->frames++;
		f->head->tot_len += s.payload;
		f->next_seq += s.payload;
		gro_stats.merged++;
		/* PSH ends what the sender meant as one write: give it up now. */
		if (s.tcp_flags & TCPF_PSH) {
			f->head->data[ETH_HLEN + IPV4_HLEN + 13] |= TCPF_PSH;
			return gro_push((unsigned int)(f - flows));
		}
		return NET_RX_SUCCESS;
	}
	if (f)
		ret = gro_push((unsigned int)(f - flows));
	/* A segment that ends a write has nothing to wait for. */
	if (s.tcp_flags & TCPF_PSH)
		return gro_deliver(nb) == NET_RX_SUCCESS ? ret : NET_RX_DROP;
	gro_start(nb, &s);
	return ret;
}

// SPDX-License-Identifier: BSD-2-Clause
/* The chip's offloads, planned and read as pure functions; see e1000_offload.h. */
#include <errno.h>
#include <string.h>
#include "drivers/e1000/e1000_offload.h"
#include "net/core/netdev.h"

#define IPV4_HDR_CSUM_OFFSET 10
/* Start and offset fields of a context descriptor are 8 bits wide. */
#define CTX_FIELD_MAX 255

/* Receive descriptors. */

static u8 rx_csum_state(u8 status, u8 errors, bool *csum_error)
{
	/* IXSM: the checksum engine was off or skipped this frame (QEMU's e1000 always sets it). */
	if (status & E1000_RXD_STAT_IXSM)
		return NETBUF_CSUM_NONE;
	if (errors & (E1000_RXD_ERR_TCPE | E1000_RXD_ERR_IPE)) {
		/* Let the stack verify and drop it: it counts the error where it belongs. */
		*csum_error = true;
		return NETBUF_CSUM_NONE;
	}
	/*
	 * Only vouch for a frame when both the IPv4 header and the TCP/UDP
	 * checksums were checked: IPv6, fragments and ICMP get verified by the
	 * stack.
	 */
	if ((status & E1000_RXD_STAT_IPCS) &&
	    (status & (E1000_RXD_STAT_TCPCS | E1000_RXD_STAT_UDPCS)))
		return NETBUF_CSUM_UNNECESSARY;
	return NETBUF_CSUM_NONE;
}

struct e1000_rx_info e1000_rx_classify(u8 status, u8 errors, u16 length, u16 buf_size,
				       bool *spanning)
{
	struct e1000_rx_info info = { .verdict = E1000_RX_PASS, .csum = NETBUF_CSUM_NONE };

	if (*spanning) {
		if (status & E1000_RXD_STAT_EOP)
			*spanning = false;
		info.verdict = E1000_RX_DROP_TAIL;
		return info;
	}
	if (!(status & E1000_RXD_STAT_EOP)) {
		*spanning = true;
		info.verdict = E1000_RX_DROP_SPANNING;
		return info;
	}
	if (errors & E1000_RXD_ERR_FRAME) {
		info.verdict = E1000_RX_DROP_ERROR;
		return info;
	}
	if (length < ETH_HLEN || length > buf_size) {
		info.verdict = E1000_RX_DROP_LENGTH;
		return info;
	}
	info.csum = rx_csum_state(status, errors, &info.csum_error);
	return info;
}

const char *e1000_rx_verdict_name(enum e1000_rx_verdict v)
{
	switch (v) {
	case E1000_RX_PASS: return "pass";
	case E1000_RX_DROP_ERROR: return "frame error";
	case E1000_RX_DROP_LENGTH: return "impossible length";
	case E1000_RX_DROP_SPANNING: return "frame spans descriptors";
	case E1000_RX_DROP_TAIL: return "rest of a spanning frame";
	}
	return "?";
}

/* Transmit checksum offload. */

u8 *e1000_frame_byte(const struct netbuf *nb, u32 offset)
{
	for (; nb; nb = nb->next) {
		if (offset < nb->len)
			return nb->data + offset;
		offset -= nb->len;
	}
	return NULL;
}

static int plan_ip_header(const struct netbuf *nb, struct e1000_tx_csum_plan *p)
{
	const u8 *vihl = e1000_frame_byte(nb, ETH_HLEN);
	u32 hdr_len;

	if (!vihl || (*vihl >> 4) != 4 || (*vihl & 0xF) < 5)
		return -EINVAL;
	hdr_len = (u32)(*vihl & 0xF) * 4;
	if (ETH_HLEN + hdr_len > nb->tot_len)
		return -EINVAL;
	p->hw_ip = true;
	p->ipcss = ETH_HLEN;
	p->ipcso = ETH_HLEN + IPV4_HDR_CSUM_OFFSET;
	p->ipcse = (u16)(ETH_HLEN + hdr_len - 1);
	return 0;
}

static int plan_l4(const struct netbuf *nb, struct e1000_tx_csum_plan *p)
{
	u32 start = nb->csum_start, field = (u32)nb->csum_start + nb->csum_offset;

	if (start < ETH_HLEN || start >= nb->tot_len || field + 2 > nb->tot_len)
		return -EINVAL;
	if (start > CTX_FIELD_MAX || field > CTX_FIELD_MAX) {
		p->sw_l4 = true;
		p->l4_start = (u16)start;
		p->l4_field = (u16)field;
		return 0;
	}
	p->hw_l4 = true;
	p->tucss = (u8)start;
	p->tucso = (u8)field;
	return 0;
}

int e1000_tx_csum_plan(const struct netbuf *nb, struct e1000_tx_csum_plan *plan)
{
	int err;

	memset(plan, 0, sizeof(*plan));
	if (nb->flags & NETBUF_F_TX_IPHDR_CSUM) {
		err = plan_ip_header(nb, plan);
		if (err)
			return err;
	}
	if (nb->csum == NETBUF_CSUM_PARTIAL) {
		err = plan_l4(nb, plan);
		if (err)
			return err;
	}
	return 0;
}

void e1000_tx_ctx_fill(struct e1000_tx_ctx_desc *d, const struct e1000_tx_csum_plan *p)
{
	memset(d, 0, sizeof(*d));
	if (p->hw_ip) {
		d->ipcss = p->ipcss;
		d->ipcso = p->ipcso;
		d->ipcse = p->ipcse;
	}
	if (p->hw_l4) {
		d->tucss = p->tucss;
		d->tucso = p->tucso;
		d->tucse = 0; /* to the end of the frame */
	}
	d->cmd_len = E1000_TXD_DTYP_CTX | E1000_TXD_DCMD_DEXT | (p->hw_ip ? E1000_TXD_TUCMD_IP : 0);
}

bool e1000_tx_ctx_same(const struct e1000_tx_csum_plan *a, const struct e1000_tx_csum_plan *b)
{
	if (a->hw_ip != b->hw_ip || a->hw_l4 != b->hw_l4)
		return false;
	if (a->hw_ip && (a->ipcss != b->ipcss || a->ipcso != b->ipcso || a->ipcse != b->ipcse))
		return false;
	if (a->hw_l4 && (a->tucss != b->tucss || a->tucso != b->tucso))
		return false;
	return true;
}

void e1000_tx_csum_sw(struct netbuf *nb, const struct e1000_tx_csum_plan *plan)
{
	u32 sum = 0, pos = 0, start = plan->l4_start;
	u8 *hi, *lo;
	u16 folded;

	/* One's complement sum of big-endian 16-bit words over [start, end), across segments. */
	for (struct netbuf *seg = nb; seg && pos < nb->tot_len; seg = seg->next) {
		for (u32 i = 0; i < seg->len && pos < nb->tot_len; i++, pos++) {
			if (pos < start)
				continue;
			sum += ((pos - start) & 1) ? seg->data[i] : (u32)seg->data[i] << 8;
		}
	}
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	folded = (u16)~sum;
	/* A UDP checksum of 0 means "none"; 0xFFFF is the same value in one's complement. */
	if (folded == 0)
		folded = 0xFFFF;
	hi = e1000_frame_byte(nb, plan->l4_field);
	lo = e1000_frame_byte(nb, plan->l4_field + 1u);
	if (hi && lo) {
		*hi = (u8)(folded >> 8);
		*lo = (u8)folded;
	}
}

/* TCP segmentation offload. */

#define IPV4_HLEN	20
#define TCP_CSUM_OFFSET 16
#define TCP_HLEN_MIN	20
#define TSO_PAYLEN_MAX	0xFFFFFu

static u16 frame_get16(const struct netbuf *nb, u32 off)
{
	const u8 *hi = e1000_frame_byte(nb, off), *lo = e1000_frame_byte(nb, off + 1);

	return hi && lo ? (u16)(*hi << 8 | *lo) : 0;
}

static void frame_put16(struct netbuf *nb, u32 off, u16 v)
{
	u8 *hi = e1000_frame_byte(nb, off), *lo = e1000_frame_byte(nb, off + 1);

	if (hi && lo) {
		*hi = (u8)(v >> 8);
		*lo = (u8)v;
	}
}

int e1000_tso_plan(const struct netbuf *nb, struct e1000_tso_plan *p, const char **why)
{
	const u8 *vihl = e1000_frame_byte(nb, ETH_HLEN);
	u32 ihl, l4, hdr_len;

	memset(p, 0, sizeof(*p));
	*why = NULL;
	if (nb->gso_type != NETBUF_GSO_TCPV4)
		*why = "segmentation of anything but TCP over IPv4";
	else if (!vihl || (*vihl >> 4) != 4 || (*vihl & 0xF) < 5)
		*why = "segmentation of a frame without an IPv4 header";
	if (*why)
		return -EINVAL;
	ihl = (u32)(*vihl & 0xF) * 4;
	l4 = ETH_HLEN + ihl;
	hdr_len = nb->gso_hdr_len;
	if (nb->csum != NETBUF_CSUM_PARTIAL || nb->csum_start != l4 ||
	    nb->csum_offset != TCP_CSUM_OFFSET)
		*why = "segmentation without the TCP checksum to fill";
	else if (hdr_len < l4 + TCP_HLEN_MIN || hdr_len > CTX_FIELD_MAX ||
		 l4 + TCP_CSUM_OFFSET + 1 > CTX_FIELD_MAX)
		*why = "segmentation headers too long for the context descriptor";
	else if (!nb->gso_size || nb->tot_len <= hdr_len || nb->tot_len - hdr_len > TSO_PAYLEN_MAX)
		*why = "segmentation sizes out of range";
	if (*why)
		return -EINVAL;
	p->ipcss = ETH_HLEN;
	p->ipcso = ETH_HLEN + IPV4_HDR_CSUM_OFFSET;
	p->ipcse = (u16)(l4 - 1);
	p->tucss = (u8)l4;
	p->tucso = (u8)(l4 + TCP_CSUM_OFFSET);
	p->hdr_len = (u8)hdr_len;
	p->mss = nb->gso_size;
	p->paylen = nb->tot_len - hdr_len;
	return 0;
}

void e1000_tso_ctx_fill(struct e1000_tx_ctx_desc *d, const struct e1000_tso_plan *p)
{
	memset(d, 0, sizeof(*d));
	d->ipcss = p->ipcss;
	d->ipcso = p->ipcso;
	d->ipcse = p->ipcse;
	d->tucss = p->tucss;
	d->tucso = p->tucso;
	d->tucse = 0; /* to the end of each piece */
	d->cmd_len = p->paylen | E1000_TXD_DTYP_CTX | E1000_TXD_DCMD_DEXT | E1000_TXD_TUCMD_IP |
		     E1000_TXD_TUCMD_TCP | E1000_TXD_TUCMD_TSE;
	d->hdrlen = p->hdr_len;
	d->mss = p->mss;
}

void e1000_tso_prepare(struct netbuf *nb, const struct e1000_tso_plan *p)
{
	u32 l4len = nb->tot_len - p->tucss;
	u32 seed = frame_get16(nb, p->tucso);

	/* Ones' complement subtraction of the TCP length: add its complement. */
	seed += (u16) ~(u16)l4len;
	while (seed >> 16)
		seed = (seed & 0xFFFF) + (seed >> 16);
	frame_put16(nb, p->tucso, (u16)seed);
	/* The hardware sums the IP header with its checksum field in it. */
	frame_put16(nb, p->ipcso, 0);
}

/* The receive address filter. */

u16 e1000_mta_hash(const u8 addr[6], unsigned int mo)
{
	/* Address bits 47:32 live in bytes 5 (high) and 4 (low). */
	static const u8 shift_for_mo[4] = { 4, 3, 2, 0 };
	u32 top16 = ((u32)addr[5] << 8) | addr[4];

	return (u16)((top16 >> shift_for_mo[mo & 3]) & 0xFFF);
}

void e1000_mta_build(u32 mta[E1000_MTA_WORDS], const u8 (*addrs)[6], int n, unsigned int mo)
{
	memset(mta, 0, E1000_MTA_WORDS * sizeof(mta[0]));
	for (int i = 0; i < n; i++) {
		u16 h = e1000_mta_hash(addrs[i], mo);

		mta[e1000_mta_word(h)] |= e1000_mta_bit(h);
	}
}

u32 e1000_rctl_filter(u32 rctl, bool promisc, bool all_multi)
{
	rctl &= ~(E1000_RCTL_UPE | E1000_RCTL_MPE);
	if (promisc)
		rctl |= E1000_RCTL_UPE | E1000_RCTL_MPE;
	else if (all_multi)
		rctl |= E1000_RCTL_MPE;
	return rctl;
}

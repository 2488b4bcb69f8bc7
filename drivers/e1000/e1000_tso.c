// SPDX-License-Identifier: BSD-2-Clause
/* TCP segmentation offload planning; see e1000_tso.h. */
#include <errno.h>
#include <string.h>
#include "drivers/e1000/e1000_tso.h"
#include "drivers/e1000/e1000_txcsum.h"
#include "net/core/netdev.h"

#define IPV4_HLEN	 20
#define IPV4_CSUM_OFFSET 10
#define TCP_CSUM_OFFSET	 16
#define TCP_HLEN_MIN	 20
#define CTX_FIELD_MAX	 255
#define TSO_PAYLEN_MAX	 0xFFFFFu

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
	p->ipcso = ETH_HLEN + IPV4_CSUM_OFFSET;
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

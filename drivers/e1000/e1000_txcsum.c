// SPDX-License-Identifier: BSD-2-Clause
/* Transmit checksum offload planning and the software fallback; see e1000_txcsum.h. */
#include <errno.h>
#include <string.h>
#include "drivers/e1000/e1000_txcsum.h"
#include "net/core/netdev.h"

#define IPV4_HDR_CSUM_OFFSET 10
#define CTX_FIELD_MAX	     255

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

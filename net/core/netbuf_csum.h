/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Finishing a transmit checksum in software: for a driver handed a
 * NETBUF_CSUM_PARTIAL frame its chip cannot checksum (an erratum, an odd
 * layout, offload switched off since). The stack left the pseudo-header sum
 * in the field; the sum from csum_start to the end, field included, is what
 * goes there.
 */
#ifndef NAPKIN_NET_NETBUF_CSUM_H
#define NAPKIN_NET_NETBUF_CSUM_H

#include "net/core/inet_csum.h"
#include "net/core/netbuf.h"

#define NETBUF_CSUM_OFFSET_UDP 6u /* csum_offset of UDP's field; TCP's is 16 */

/* Byte at frame offset off, walking the segments; NULL past the end. */
static inline u8 *netbuf_frame_byte(struct netbuf *nb, u32 off)
{
	for (; nb; nb = nb->next) {
		if (off < nb->len)
			return nb->data + off;
		off -= nb->len;
	}
	return NULL;
}

/* Returns false when the field lies outside the frame (nothing written). */
static inline bool netbuf_csum_finish_sw(struct netbuf *nb)
{
	u32 off = nb->csum_start;
	bool odd = false; /* the next byte is the low half of a 16-bit word */
	u64 sum = 0;
	u8 *hi, *lo;
	u16 c;

	hi = netbuf_frame_byte(nb, (u32)nb->csum_start + nb->csum_offset);
	lo = netbuf_frame_byte(nb, (u32)nb->csum_start + nb->csum_offset + 1u);
	if (!hi || !lo)
		return false;
	/* The stack mapped the frame for the device: borrow it back to write. */
	netbuf_tx_sync_for_cpu(nb);
	for (struct netbuf *seg = nb; seg; seg = seg->next) {
		const u8 *d;
		bool next_odd;
		u32 n;

		if (off >= seg->len) {
			off -= seg->len;
			continue;
		}
		d = seg->data + off;
		n = seg->len - off;
		off = 0;
		next_odd = odd ^ ((n & 1) != 0);
		if (odd) {
			sum += *d++;
			n--;
		}
		if (n)
			sum = inet_csum_add(sum, d, n);
		odd = next_odd;
	}
	c = inet_csum_fold(sum);
	if (!c && nb->csum_offset == NETBUF_CSUM_OFFSET_UDP)
		c = 0xFFFF; /* UDP: zero means "no checksum" */
	*hi = (u8)(c >> 8);
	*lo = (u8)c;
	netbuf_tx_sync_for_device(nb);
	return true;
}

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Transmit checksum offload. The stack marks a frame NETBUF_CSUM_PARTIAL
 * (TCP/UDP checksum from csum_start to the end, stored at csum_start +
 * csum_offset, pseudo-header sum already in place) and/or
 * NETBUF_F_TX_IPHDR_CSUM (IPv4 header checksum). The hardware does both from
 * a context descriptor, whose start and offset fields are 8 bits wide: a
 * checksum that starts or lands past byte 255 (deep IPv6 extension headers)
 * is computed here in software instead.
 */
#ifndef NAPKIN_DRIVERS_E1000_TXCSUM_H
#define NAPKIN_DRIVERS_E1000_TXCSUM_H

#include "kernel/core/compiler.h"
#include "drivers/e1000/e1000_reg.h"
#include "net/core/netbuf.h"

struct e1000_tx_csum_plan {
	bool hw_ip; /* IPv4 header checksum by the hardware */
	bool hw_l4; /* TCP/UDP checksum by the hardware */
	bool sw_l4; /* TCP/UDP checksum computed by e1000_tx_csum_sw() */
	u8 ipcss, ipcso;
	u16 ipcse;
	u8 tucss, tucso;
	u16 l4_start, l4_field; /* for sw_l4: where the sum starts and where it goes */
};

/*
 * Work out what a frame needs. Returns 0 with *plan filled (all false: no
 * checksum work), or -EINVAL when the frame's offsets cannot be right
 * (outside the frame, not IPv4 when an IPv4 header checksum is asked for):
 * the caller drops it.
 */
int e1000_tx_csum_plan(const struct netbuf *nb, struct e1000_tx_csum_plan *plan);

static inline bool e1000_tx_csum_needs_ctx(const struct e1000_tx_csum_plan *p)
{
	return p->hw_ip || p->hw_l4;
}

/* POPTS for the first data descriptor. */
static inline u8 e1000_tx_csum_popts(const struct e1000_tx_csum_plan *p)
{
	return (u8)((p->hw_ip ? E1000_TXD_POPTS_IXSM : 0) | (p->hw_l4 ? E1000_TXD_POPTS_TXSM : 0));
}

/* Fill a context descriptor for the plan's hardware checksums. */
void e1000_tx_ctx_fill(struct e1000_tx_ctx_desc *d, const struct e1000_tx_csum_plan *p);

/* True when a context descriptor for b would say the same as one for a. */
bool e1000_tx_ctx_same(const struct e1000_tx_csum_plan *a, const struct e1000_tx_csum_plan *b);

/* Compute the TCP/UDP checksum of plan->sw_l4 into the frame. */
void e1000_tx_csum_sw(struct netbuf *nb, const struct e1000_tx_csum_plan *plan);

/* The byte at offset in a (possibly multi-segment) frame, or NULL past its end. */
u8 *e1000_frame_byte(const struct netbuf *nb, u32 offset);

#endif

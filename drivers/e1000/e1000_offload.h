/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the chip does for the driver beyond moving bytes, worked out as pure
 * functions so the host unit tests cover every branch without a device:
 * reading a completed receive descriptor (verdict and checksum state),
 * planning the transmit checksum and TCP segmentation context descriptors,
 * and the receive address filter (multicast hash table, promiscuous bits).
 */
#ifndef NAPKIN_DRIVERS_E1000_OFFLOAD_H
#define NAPKIN_DRIVERS_E1000_OFFLOAD_H

#include "kernel/core/compiler.h"
#include "drivers/e1000/e1000_reg.h"
#include "net/core/netbuf.h"

/*
 * What a completed receive descriptor means: hand the frame up, or drop it
 * and why, and what the hardware said about its checksums. Pure, so the host
 * unit tests cover every branch without a device.
 */

enum e1000_rx_verdict {
	E1000_RX_PASS,		/* a whole, good frame in one buffer */
	E1000_RX_DROP_ERROR,	/* the hardware flagged a CRC, symbol or data error */
	E1000_RX_DROP_LENGTH,	/* a length no frame can have (0, < header, > buffer) */
	E1000_RX_DROP_SPANNING, /* first buffer of a frame that does not fit one buffer */
	E1000_RX_DROP_TAIL,	/* a later buffer of such a frame (already counted) */
};

struct e1000_rx_info {
	enum e1000_rx_verdict verdict;
	u8 csum;	 /* enum netbuf_csum, for PASS */
	bool csum_error; /* the hardware found a bad IP or TCP/UDP checksum */
};

/*
 * Classify one descriptor with DD set. *spanning carries state across calls:
 * it is set while the buffers of an oversized frame are being skipped, and
 * cleared by the one that ends it.
 */
struct e1000_rx_info e1000_rx_classify(u8 status, u8 errors, u16 length, u16 buf_size,
				       bool *spanning);

const char *e1000_rx_verdict_name(enum e1000_rx_verdict v);

/*
 * Transmit checksum offload. The stack marks a frame NETBUF_CSUM_PARTIAL
 * (TCP/UDP checksum from csum_start to the end, stored at csum_start +
 * csum_offset, pseudo-header sum already in place) and/or
 * NETBUF_F_TX_IPHDR_CSUM (IPv4 header checksum). The hardware does both from
 * a context descriptor, whose start and offset fields are 8 bits wide: a
 * checksum that starts or lands past byte 255 (deep IPv6 extension headers)
 * is computed here in software instead.
 */

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

/*
 * TCP segmentation offload: a TCP/IPv4 super-segment (netbuf.h, gso_*) goes
 * out as one TSO context descriptor and data descriptors with DCMD.TSE. The
 * context says where the IP and TCP headers are, how long the headers are,
 * the MSS and the payload length; the hardware cuts the payload into MSS
 * pieces, copies the headers in front of each, and fills the IP length, the
 * IP id (counting up), the sequence number, the flags (PSH and FIN only on
 * the last) and both checksums. The datasheets want the TCP checksum field
 * seeded with the pseudo-header sum *without* the length, which the hardware
 * adds per piece: the stack's seed includes it, so it is taken out here.
 */

struct e1000_tso_plan {
	u8 ipcss, ipcso, tucss, tucso;
	u16 ipcse;
	u8 hdr_len;
	u16 mss;
	u32 paylen; /* TCP payload bytes of the whole super-segment */
};

/*
 * Check a super-segment against what the context descriptor can say (IPv4,
 * offsets in 8 bits, payload in 20). Returns 0 with *plan filled, or -EINVAL
 * with why set: the caller drops the frame.
 */
int e1000_tso_plan(const struct netbuf *nb, struct e1000_tso_plan *plan, const char **why);

void e1000_tso_ctx_fill(struct e1000_tx_ctx_desc *d, const struct e1000_tso_plan *plan);

/* Seed the checksum fields as the hardware expects them (see above). */
void e1000_tso_prepare(struct netbuf *nb, const struct e1000_tso_plan *plan);

/*
 * The receive address filter: the multicast table array (a 4096-bit hash
 * filter) and the RCTL promiscuous bits. Pure functions, so the host unit
 * tests can check them against hand-computed values.
 */

/*
 * The 12-bit hash the hardware computes from a destination address: address
 * bits 47:36 for multicast offset 0, 46:35 for 1, 45:34 for 2, 43:32 for 3
 * (bit 0 being the first byte's lowest bit). Its upper 7 bits pick the MTA
 * word, the lower 5 the bit in it.
 */
u16 e1000_mta_hash(const u8 addr[6], unsigned int mo);

static inline unsigned int e1000_mta_word(u16 hash)
{
	return (hash >> 5) & (E1000_MTA_WORDS - 1);
}

static inline u32 e1000_mta_bit(u16 hash)
{
	return BIT(hash & 31);
}

/* Zero mta[] and set the bit of each of the n addresses. */
void e1000_mta_build(u32 mta[E1000_MTA_WORDS], const u8 (*addrs)[6], int n, unsigned int mo);

/*
 * RCTL with its filter bits (UPE, MPE) set for the netdev flags; every other
 * bit of rctl is kept. all_multi also asks for every multicast frame (the
 * device's list overflowed, or IFF_ALLMULTI).
 */
u32 e1000_rctl_filter(u32 rctl, bool promisc, bool all_multi);

#endif

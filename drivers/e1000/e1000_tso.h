/* SPDX-License-Identifier: BSD-2-Clause */
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
#ifndef NAPKIN_DRIVERS_E1000_TSO_H
#define NAPKIN_DRIVERS_E1000_TSO_H

#include "kernel/core/compiler.h"
#include "drivers/e1000/e1000_reg.h"
#include "net/core/netbuf.h"

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

#endif

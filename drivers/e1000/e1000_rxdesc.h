/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a completed receive descriptor means: hand the frame up, or drop it
 * and why, and what the hardware said about its checksums. Pure, so the host
 * unit tests cover every branch without a device.
 */
#ifndef NAPKIN_DRIVERS_E1000_RXDESC_H
#define NAPKIN_DRIVERS_E1000_RXDESC_H

#include "kernel/core/compiler.h"

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

#endif

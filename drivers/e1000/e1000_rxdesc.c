// SPDX-License-Identifier: BSD-2-Clause
/* Receive descriptor classification; see e1000_rxdesc.h. */
#include "drivers/e1000/e1000_reg.h"
#include "drivers/e1000/e1000_rxdesc.h"
#include "net/core/netbuf.h"
#include "net/core/netdev.h"

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

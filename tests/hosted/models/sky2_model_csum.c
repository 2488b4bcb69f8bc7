// SPDX-License-Identifier: BSD-2-Clause
/*
 * Yukon-2 model: checksum offload, on request only.
 *
 * Transmit, old LE format (XL, EC, EC Ultra): a checksum LE (opcodes
 * 0x10..0x1F: bit 0 sets the write offset from addr[15:0], bit 1 the start
 * offset from addr[31:16], bit 2 the initial value from len) programs the
 * queue, and stays until changed or the prefetch unit resets. A PACKET LE
 * with CALSUM in ctrl has the ones-complement sum from the start offset to
 * the end, plus the initial value, complemented and written big-endian at
 * the write offset (0 becomes 0xFFFF with UDPTCP). New LE format (FE+,
 * Optima): CALSUM makes the chip parse IPv4 and fill the TCP/UDP checksum
 * itself, pseudo-header included (the field's old contents are ignored).
 *
 * Receive, with the BMU's Rx checksum on: old format chips report an RXCHKS
 * LE before the frame's RXSTAT, holding two sums (from the two start offsets
 * a TCPSTART LE set: status[15:0] and status[31:16]); new format chips put
 * a verdict in the RXSTAT css byte instead. Encodings UNVERIFIED beyond the
 * msk header's bit names (css: 0x02 IPv4, 0x04 IPv4 header OK, 0x10
 * fragment, 0x20 TCP, 0x40 UDP, 0x80 TCP/UDP checksum OK).
 */
#include "tests/hosted/frames.h"
#include "tests/hosted/models/sky2_model_internal.h"

#define CTRL_UDPTCP BIT(0)
#define CTRL_CALSUM BIT(1)
#define CSS_IPV4    0x02u
#define CSS_IP_OK   0x04u
#define CSS_FRAG    0x10u
#define CSS_TCP	    0x20u
#define CSS_UDP	    0x40u
#define CSS_L4_OK   0x80u

void ym_csum_le(struct ym_queue *q, u8 op, u32 addr, u16 len)
{
	if (op & BIT(0))
		q->csum_write = addr & 0xFFFF;
	if (op & BIT(1))
		q->csum_start = addr >> 16;
	if (op & BIT(2))
		q->csum_init = len;
	if (!q->tx) { /* receive: TCPSTART gives both engines' start offsets */
		q->rx_start[0] = addr & 0xFFFF;
		q->rx_start[1] = addr >> 16;
		q->rx_start_set = true;
	}
}

/* Sum of little-endian 16-bit words from `start`, folded, as the chip reports it. */
static u16 le_sum(const u8 *f, u32 len, u32 start)
{
	u16 be = start < len ? fr_fold(fr_sum(f + start, len - start, 0)) : 0;

	return (u16)(be << 8 | be >> 8);
}

void ym_csum_tx(struct sky2_model *m, struct ym_queue *q, u8 *f, u32 len)
{
	struct fr_info info;
	u16 c;

	if (!(q->tx_ctrl & CTRL_CALSUM))
		return;
	if (m->new_le) {
		if (fr_parse(f, len, &info) && info.ipv4 && !info.fragment &&
		    (info.proto == FR_PROTO_TCP || info.proto == FR_PROTO_UDP))
			fr_fill_l4_csum(f, &info);
		return;
	}
	if (q->csum_start >= len || q->csum_write + 2 > len) {
		ym_fail(m, "queue %s: checksum start %u / write %u outside a %u-byte frame",
			q->name, q->csum_start, q->csum_write, len);
		return;
	}
	c = (u16)~fr_fold(fr_sum(f + q->csum_start, len - q->csum_start, q->csum_init));
	if (!c && (q->tx_ctrl & CTRL_UDPTCP))
		c = 0xFFFF;
	f[q->csum_write] = (u8)(c >> 8);
	f[q->csum_write + 1] = (u8)c;
}

bool ym_csum_rx(struct sky2_model *m, struct ym_queue *q, const u8 *f, u32 len, u8 *css)
{
	struct fr_info info;

	if (!q->rx_csum)
		return true;
	if (!m->new_le) {
		if (!q->rx_start_set)
			return true;
		return ym_status_put(
		    m, (u32)le_sum(f, len, q->rx_start[1]) << 16 | le_sum(f, len, q->rx_start[0]),
		    0, *css & YM_CSS_PORT, YM_OP_RXCHKS);
	}
	if (!fr_parse(f, len, &info) || !info.ipv4)
		return true;
	*css |= CSS_IPV4 | (fr_ip_csum_ok(f, &info) ? CSS_IP_OK : 0);
	if (info.fragment) {
		*css |= CSS_FRAG;
		return true;
	}
	if (info.proto == FR_PROTO_TCP)
		*css |= CSS_TCP;
	else if (info.proto == FR_PROTO_UDP)
		*css |= CSS_UDP;
	else
		return true;
	if (fr_l4_csum_ok(f, &info))
		*css |= CSS_L4_OK;
	return true;
}

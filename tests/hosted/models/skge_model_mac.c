// SPDX-License-Identifier: BSD-2-Clause
/*
 * skge model: what the XMAC and the GMAC share as the receive engine sees
 * them: whether the receiver and transmitter are on, the address filter
 * (station address, 64-bit multicast hash, promiscuous), the receive status
 * word each MAC writes into the descriptor, and the counters.
 *
 * The two MACs hash multicast addresses differently (XMAC: complement of
 * the little-endian CRC-32; GMAC: the big-endian CRC-32), both keeping the
 * low six bits as the bit index into four 16-bit hash registers.
 */
#include <string.h>

#include "tests/hosted/models/skge_model_internal.h"

#define ETH_ALEN 6

static u32 crc32_le(const u8 *p, unsigned int len)
{
	u32 crc = ~0u;

	for (unsigned int i = 0; i < len; i++) {
		crc ^= p[i];
		for (unsigned int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (crc & 1 ? 0xEDB88320u : 0);
	}
	return crc;
}

static u32 crc32_be(const u8 *p, unsigned int len)
{
	u32 crc = ~0u;

	for (unsigned int i = 0; i < len; i++) {
		u8 byte = p[i];

		for (unsigned int b = 0; b < 8; b++, byte >>= 1) {
			u32 bit = (crc >> 31) ^ (byte & 1);

			crc <<= 1;
			if (bit)
				crc ^= 0x04C11DB7u;
		}
	}
	return crc;
}

/* The 16-bit MAC register at window offset `off` (both MACs space them 4 bytes apart). */
static u16 mreg(const struct skm_port *p, u32 off)
{
	return p->mac_regs[off / 4];
}

static u32 xm_mode(const struct skm_port *p)
{
	/* XMAC register r sits at window offset 2r. */
	return mreg(p, 2 * SKR_XM_MODE) | (u32)mreg(p, 2 * (SKR_XM_MODE + 2)) << 16;
}

static bool hash_hit(const struct skm_port *p, u32 first_reg_off, unsigned int bit)
{
	return mreg(p, first_reg_off + 4 * (bit / 16)) & BIT(bit % 16);
}

static bool station_match(const struct skm_port *p, u32 first_reg_off, const u8 *da)
{
	for (unsigned int i = 0; i < 3; i++) {
		u16 w = mreg(p, first_reg_off + 4 * i);

		if (da[2 * i] != (u8)w || da[2 * i + 1] != (u8)(w >> 8))
			return false;
	}
	return true;
}

bool skm_mac_accepts(struct skm_port *p, const u8 *frame, u32 len)
{
	static const u8 bcast[ETH_ALEN] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
	bool is_bcast, is_mcast;

	if (len < 14)
		return false;
	is_bcast = !memcmp(frame, bcast, ETH_ALEN);
	is_mcast = (frame[0] & 1) && !is_bcast;
	if (skm_is_genesis(p->m)) {
		u32 mode = xm_mode(p);

		if (mode & SKR_XM_MD_PROMISC)
			return true;
		if (is_bcast)
			return !(mode & SKR_XM_MD_NO_BROAD);
		if (is_mcast) {
			if (mode & SKR_XM_MD_NO_MULTI)
				return false;
			return !(mode & SKR_XM_MD_ENA_HASH) ||
			       hash_hit(p, 2 * SKR_XM_HSM, ~crc32_le(frame, ETH_ALEN) & 63);
		}
		return !(mode & SKR_XM_MD_NO_UNI) && station_match(p, 2 * SKR_XM_SA, frame);
	} else {
		u16 rx = mreg(p, SKR_GM_RX_CTRL);

		if (mreg(p, SKR_GM_GP_CTRL) & SKR_GM_GPCR_PROM_ENA)
			return true;
		if (is_bcast)
			return true;
		if (is_mcast)
			return !(rx & SKR_GM_RXCR_MCF_ENA) ||
			       hash_hit(p, SKR_GM_MC_ADDR_H1, crc32_be(frame, ETH_ALEN) & 63);
		return !(rx & SKR_GM_RXCR_UCF_ENA) || station_match(p, SKR_GM_SRC_ADDR_1L, frame) ||
		       station_match(p, SKR_GM_SRC_ADDR_2L, frame);
	}
}

bool skm_mac_rx_enabled(const struct skm_port *p)
{
	if (p->mac_reset || !p->phy.link || !p->rx_fifo_on)
		return false;
	if (skm_is_genesis(p->m))
		return mreg(p, 2 * SKR_XM_MMU_CMD) & SKR_XM_MMU_RX_ENA;
	return mreg(p, SKR_GM_GP_CTRL) & SKR_GM_GPCR_RX_ENA;
}

bool skm_mac_tx_enabled(const struct skm_port *p)
{
	if (p->mac_reset || !p->tx_fifo_on)
		return false;
	if (skm_is_genesis(p->m))
		return mreg(p, 2 * SKR_XM_MMU_CMD) & SKR_XM_MMU_TX_ENA;
	return mreg(p, SKR_GM_GP_CTRL) & SKR_GM_GPCR_TX_ENA;
}

/* Whether the MAC hands the FCS on to the FIFO (and so to host memory). */
bool skm_mac_keeps_fcs(const struct skm_port *p)
{
	if (skm_is_genesis(p->m))
		return !(mreg(p, 2 * SKR_XM_RX_CMD) & SKR_XM_RX_STRIP_FCS);
	return !(mreg(p, SKR_GM_RX_CTRL) & SKR_GM_RXCR_CRC_DIS);
}

u32 skm_fcs(const u8 *frame, u32 len)
{
	return ~crc32_le(frame, len);
}

/* Add n to the 32-bit counter kept as two 16-bit MAC registers (low, high) at lo/hi. */
static void count(struct skm_port *p, u32 lo, u32 hi, u32 n)
{
	u32 v = mreg(p, lo) | (u32)mreg(p, hi) << 16;

	v += n;
	p->mac_regs[lo / 4] = (u16)v;
	p->mac_regs[hi / 4] = (u16)(v >> 16);
}

static void count_frame(struct skm_port *p, const u8 *frame, u32 len, bool rx)
{
	bool bcast = frame[0] == 0xFF && frame[1] == 0xFF && frame[2] == 0xFF;
	bool mcast = (frame[0] & 1) && !bcast;

	if (skm_is_genesis(p->m)) {
		u32 f = rx ? SKR_XM_RXF_OK : SKR_XM_TXF_OK;
		u32 o = rx ? SKR_XM_RXO_OK_LO : SKR_XM_TXO_OK_LO;

		count(p, 2 * f, 2 * (f + 2), 1);
		count(p, 2 * o, 2 * (o + 2), len);
	} else {
		u32 f = rx ? (bcast   ? SKR_GM_MIB_RXF_BC
			      : mcast ? SKR_GM_MIB_RXF_MC
				      : SKR_GM_MIB_RXF_UC)
			   : (bcast   ? SKR_GM_MIB_TXF_BC
			      : mcast ? SKR_GM_MIB_TXF_MC
				      : SKR_GM_MIB_TXF_UC);
		u32 o = rx ? SKR_GM_MIB_RXO_OK : SKR_GM_MIB_TXO_OK;

		count(p, f, f + 4, 1);
		count(p, o, o + 4, len);
	}
}

void skm_mac_count_tx(struct skm_port *p, const u8 *frame, u32 len)
{
	count_frame(p, frame, len, false);
}

/*
 * A frame the MAC could not store: the receive buffer behind it was full.
 * Counted, and latched as the MAC's receive FIFO overflow interrupt source
 * (raised on INTx when the driver left it unmasked in the MAC).
 */
void skm_mac_count_rx_overflow(struct skm_port *p)
{
	if (skm_is_genesis(p->m)) {
		count(p, 2 * SKR_XM_RXE_FIFO_OV, 2 * (SKR_XM_RXE_FIFO_OV + 2), 1);
		p->xm_isr |= SKR_XM_IS_RXF_OV;
	} else {
		count(p, SKR_GM_MIB_RXE_OV, SKR_GM_MIB_RXE_OV + 4, 1);
		p->gmac_irq_src |= SKR_GM_IS_RX_FF_OR;
	}
	skm_update_irq(p->m);
}

u32 skm_mac_rx_status(struct skm_port *p, const u8 *frame, u32 len, bool truncated, bool bad_fcs)
{
	bool bcast = frame[0] == 0xFF && frame[1] == 0xFF && frame[2] == 0xFF;
	bool mcast = (frame[0] & 1) && !bcast;
	u32 st;

	if (!truncated && !bad_fcs)
		count_frame(p, frame, len, true);
	else if (bad_fcs && skm_is_genesis(p->m))
		count(p, 2 * SKR_XM_RXF_FCS_ERR, 2 * (SKR_XM_RXF_FCS_ERR + 2), 1);
	else if (bad_fcs)
		count(p, SKR_GM_MIB_RXF_FCS, SKR_GM_MIB_RXF_FCS + 4, 1);
	if (skm_is_genesis(p->m)) {
		st = len << SKR_XMR_LEN_SHIFT;
		st |= bcast ? SKR_XMR_BC : mcast ? SKR_XMR_MC : SKR_XMR_UC;
		if (truncated)
			st |= SKR_XMR_LNG_ERR | SKR_XMR_ERR;
		if (bad_fcs)
			st |= SKR_XMR_FCS_ERR | SKR_XMR_ERR;
		return st;
	}
	st = len << SKR_GMR_LEN_SHIFT;
	st |= bcast ? SKR_GMR_BC : mcast ? SKR_GMR_MC : 0;
	if (truncated)
		st |= SKR_GMR_LONG_ERR;
	if (bad_fcs)
		st |= SKR_GMR_CRC_ERR;
	if (!truncated && !bad_fcs)
		st |= SKR_GMR_RX_OK;
	return st;
}

u32 skm_mac_sources(const struct skge_model *m)
{
	u32 src = 0;
	bool phy_irq = false;

	for (unsigned int n = 0; n < m->nports; n++) {
		const struct skm_port *p = &m->port[n];
		bool mac;

		if (skm_is_genesis(m)) {
			mac = p->xm_isr & ~mreg(p, 2 * SKR_XM_IMSK);
			phy_irq |= !p->phy.in_reset && !(p->phy.ext_ctrl & SKR_BCOM_PEC_INT_DIS) &&
				   (p->phy.int_stat & ~p->phy.int_mask);
		} else {
			mac = p->gmac_irq_src & p->gmac_irq_msk;
			phy_irq |= !p->phy.in_reset && (p->phy.int_stat & p->phy.int_mask);
		}
		if (mac)
			src |= n ? SKR_IS_MAC2 : SKR_IS_MAC1;
	}
	if (phy_irq)
		src |= SKR_IS_EXT_REG;
	return src;
}

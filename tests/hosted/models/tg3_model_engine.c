// SPDX-License-Identifier: BSD-2-Clause
/*
 * The model's data path: mailboxes, the send and receive engines, host
 * coalescing (status block writes) and the interrupt line or MSI message.
 *
 * Every descriptor, buffer and the status block are reached through
 * hosted_dma_*, so each address the driver gave the chip is checked against
 * live DMA memory. Work happens in the device tick, never inside the
 * register write that announced it: a driver that assumed otherwise would
 * fail here as it would on the chip.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/hosted/frames.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/models/tg3_model_internal.h"

/* ---- Interrupts ---- */

static bool tagged(const struct tg3_model *m)
{
	return m->mhc & BGEM_MHC_TAGGED_STATUS;
}

/*
 * Interrupt mailbox 0 masks while nonzero; in tagged-status mode its top
 * byte is the tag the driver has processed up to and only the rest masks.
 */
static bool irq_open(const struct tg3_model *m)
{
	u32 mask = tagged(m) ? m->mbox_irq0 & 0x00FFFFFFu : m->mbox_irq0;

	return mask == 0 && !(m->mhc & BGEM_MHC_MASK_INTX);
}

/* The irq-lost fault: true when this interrupt is to be dropped. */
static bool lose_irq(struct tg3_model *m)
{
	if (m->irq_lost_latched)
		return true;
	if (!m->fault_irqs_to_lose)
		return false;
	m->fault_irqs_to_lose--;
	m->ctr.irqs_lost++;
	m->irq_lost_latched = true;
	return true;
}

void tm_update_irq(struct tg3_model *m)
{
	bool want = m->hc_pending && irq_open(m);
	bool msi =
	    hosted_pci_msi_enabled(m->pci) && (tm_reg(m, BGEM_MSI_MODE) & BGEM_MSIMODE_ENABLE);

	if (msi) {
		if (m->intx_level) {
			m->intx_level = false;
			hosted_pci_intx(m->pci, false);
		}
		/* One message per status update: the next waits for an acknowledge. */
		if (want && !m->msi_sent_for_pending) {
			m->msi_sent_for_pending = true;
			if (m->fault_msi_lost) {
				m->ctr.msi_lost++;
				return;
			}
			if (lose_irq(m))
				return;
			m->ctr.msi_sent++;
			hosted_pci_msi_send(m->pci, 0);
		}
		return;
	}
	if (want && !m->intx_level && lose_irq(m))
		want = false;
	if (want != m->intx_level) {
		m->intx_level = want;
		if (want)
			m->ctr.intx_assertions++;
		hosted_pci_intx(m->pci, want);
	}
}

/* A write to interrupt mailbox 0: acknowledges, and masks while nonzero. */
void tm_irq_ack(struct tg3_model *m, u32 val)
{
	m->ctr.irq_acks++;
	m->mbox_irq0 = val;
	m->irq_lost_latched = false;
	/*
	 * Tagged status: acknowledging an older tag than the last status block
	 * carried leaves the interrupt pending, so no update is ever lost
	 * between the driver's last look and its unmask (Linux tg3_int_reenable).
	 */
	m->hc_pending = tagged(m) && m->sb_tag_valid && (val >> 24) != (m->sb_tag & 0xFF);
	m->msi_sent_for_pending = false;
	tm_update_irq(m);
}

/* MAC or error attention: the status block is written at once. */
void tm_attention(struct tg3_model *m)
{
	m->coal_now = true;
}

static void write_status_block(struct tg3_model *m)
{
	struct bgem_status_block sb;
	u64 addr = (u64)tm_reg(m, BGEM_HCC_SB_ADDR_HI) << 32 | tm_reg(m, BGEM_HCC_SB_ADDR_LO);

	memset(&sb, 0, sizeof(sb));
	sb.status = BGEM_SBF_UPDATED;
	if (tagged(m)) {
		m->sb_tag = (m->sb_tag + 1) & 0xFF;
		m->sb_tag_valid = true;
		sb.tag = m->sb_tag;
	}
	if (m->sb_link_changed)
		sb.status |= BGEM_SBF_LINK_CHANGE;
	if (m->sb_error)
		sb.status |= BGEM_SBF_ERROR;
	sb.std_con = (u16)m->std_cons;
	sb.ring[0].ret_prod = (u16)m->ret_prod;
	sb.ring[0].send_con = (u16)m->send_cons;
	/* The update is spent even if the address was bad: no retry storm. */
	m->sb_link_changed = false;
	m->rx_events = 0;
	m->tx_events = 0;
	m->coal_now = false;
	hosted_tamper_status(m->tamper, &sb, sizeof(sb));
	if (!hosted_dma_write(m->pci, addr, &sb, sizeof(sb), "status block"))
		return;
	m->ctr.status_updates++;
	if (!irq_open(m))
		m->ctr.events_while_masked++;
	m->hc_pending = true;
	tm_update_irq(m);
}

/* Host coalescing: update when enough frames or time gathered, or asked to. */
static u64 coalesce(struct tg3_model *m, u64 now)
{
	u32 rx_ticks = tm_reg(m, BGEM_HCC_RX_TICKS), tx_ticks = tm_reg(m, BGEM_HCC_TX_TICKS);
	u32 rx_bds = tm_reg(m, BGEM_HCC_RX_MAX_BDS), tx_bds = tm_reg(m, BGEM_HCC_TX_MAX_BDS);
	u64 rx_due = m->rx_first_ns + (u64)rx_ticks * 1000;
	u64 tx_due = m->tx_first_ns + (u64)tx_ticks * 1000;
	u64 next = UINT64_MAX;
	bool due = m->coal_now;

	if (!tm_block_on(m, BGEM_HCC_MODE))
		return UINT64_MAX;
	if (m->rx_events) {
		due |= rx_bds && m->rx_events >= rx_bds;
		due |= rx_ticks && now >= rx_due;
		if (rx_ticks)
			next = MIN(next, rx_due);
	}
	if (m->tx_events) {
		due |= tx_bds && m->tx_events >= tx_bds;
		due |= tx_ticks && now >= tx_due;
		if (tx_ticks)
			next = MIN(next, tx_due);
	}
	if (!due)
		return next;
	write_status_block(m);
	return UINT64_MAX;
}

static void note_rx_event(struct tg3_model *m, u64 now)
{
	if (!m->rx_events++)
		m->rx_first_ns = now;
}

static void note_tx_event(struct tg3_model *m, u64 now, u32 bds)
{
	if (!m->tx_events)
		m->tx_first_ns = now;
	m->tx_events += bds;
}

/* ---- Mailboxes ---- */

static u32 ring_used(u32 prod, u32 cons, u32 n)
{
	return (prod + n - cons) % n;
}

/*
 * What the chip is entitled to fetch from the moment the producer index moves:
 * a copy of each newly posted descriptor, to compare with what the engine reads
 * when it gets there. A driver that fills a descriptor after posting its index
 * (or changes it before the chip is done) races the chip's prefetch.
 */
static void snapshot_posted(struct tg3_model *m, const struct tm_ring *r, u32 from, u32 to,
			    void *shadow, u32 bd_size, const char *what)
{
	for (u32 i = from; i != to; i = (i + 1) % r->entries)
		if (!hosted_dma_read(m->pci, r->host + (u64)i * bd_size, (u8 *)shadow + i * bd_size,
				     bd_size, what))
			return;
}

/* Checks a new producer index; true when the chip may take it. */
static bool producer_write(struct tg3_model *m, const char *ring, const struct tm_ring *r,
			   u32 *prod, u32 cons, u32 val)
{
	u32 used, added;

	if (!r->valid) {
		if (val)
			tm_violation(m,
				     "%s producer index %u posted before the ring's control "
				     "block was set (ring used before it is enabled)",
				     ring, val);
		*prod = val;
		return false;
	}
	if (val >= r->entries) {
		tm_violation(m, "%s producer index %u is outside the %u-entry ring", ring, val,
			     r->entries);
		return false;
	}
	used = ring_used(*prod, cons, r->entries);
	added = ring_used(val, *prod, r->entries);
	if (used + added > r->entries - 1) {
		tm_violation(m,
			     "%s producer index %u overruns the chip's consumer %u (%u "
			     "entries in use, %u more posted)",
			     ring, val, cons, used, added);
		return false;
	}
	return true;
}

void tm_mailbox_write(struct tg3_model *m, u32 off, u32 val)
{
	for (unsigned int i = 1; i < BGEM_MBOX_IRQ_COUNT; i++) {
		if (off == BGEM_MBOX_IRQ0_LO + 8 * i) {
			m->mbox_irq[i] = val; /* RSS vectors: never raised without MSI-X */
			return;
		}
	}
	/* Rings the model does not have: setting them to 0 is what a reset does. */
	if (!val && (off == BGEM_MBOX_JMB_PROD_LO ||
		     (off >= BGEM_MBOX_RET_CON_LO(1) && off <= BGEM_MBOX_RET_CON_LO(15)) ||
		     (off >= BGEM_MBOX_TX_PROD_LO(1) && off <= BGEM_MBOX_TX_PROD_LO(15))))
		return;
	switch (off) {
	case BGEM_MBOX_IRQ0_LO: tm_irq_ack(m, val); return;
	case BGEM_MBOX_STD_PROD_LO:
		if (producer_write(m, "standard ring", &m->std, &m->std_prod, m->std_cons, val)) {
			snapshot_posted(m, &m->std, m->std_prod, val, m->std_posted,
					sizeof(struct bgem_rx_bd), "standard ring BD");
			m->std_prod = val;
			m->std_full_reported = false;
		}
		return;
	case BGEM_MBOX_TX0_PROD_LO:
		if (val && !(tm_reg(m, BGEM_GRC_MODE) & BGEM_GRCMODE_HOST_SEND_BDS))
			tm_violation(m, "send ring in host memory used without MODE_CTRL "
					"HOST_SEND_BDS: the chip would fetch BDs from NIC memory");
		if (producer_write(m, "send ring", &m->send, &m->send_prod, m->send_cons, val)) {
			snapshot_posted(m, &m->send, m->send_prod, val, m->send_posted,
					sizeof(struct bgem_send_bd), "send BD");
			m->send_prod = val;
		}
		return;
	case BGEM_MBOX_RET0_CON_LO:
		if (!m->ret.valid) {
			if (val)
				tm_violation(m,
					     "return ring consumer %u written before the ring's "
					     "control block was set",
					     val);
			return;
		}
		if (val >= m->ret.entries ||
		    ring_used(val, m->ret_cons, m->ret.entries) >
			ring_used(m->ret_prod, m->ret_cons, m->ret.entries)) {
			tm_violation(m, "return ring consumer %u passes the producer %u (was %u)",
				     val, m->ret_prod, m->ret_cons);
			return;
		}
		m->ret_cons = val;
		return;
	default:
		/* High words of the 64-bit mailboxes: only zero makes sense here. */
		if ((off == BGEM_MBOX_IRQ0_LO - 4 || off == BGEM_MBOX_STD_PROD_LO - 4 ||
		     off == BGEM_MBOX_RET0_CON_LO - 4 || off == BGEM_MBOX_TX0_PROD_LO - 4) &&
		    !val)
			return;
		tm_violation(m,
			     "write 0x%08x to mailbox 0x%04x, which the model does not "
			     "implement",
			     val, off);
	}
}

/* ---- Send engine ---- */

static bool send_path_on(const struct tg3_model *m)
{
	return m->send.valid && tm_block_on(m, BGEM_SBDI_MODE) && tm_block_on(m, BGEM_SDI_MODE) &&
	       tm_block_on(m, BGEM_SDC_MODE) && tm_block_on(m, BGEM_SBDC_MODE) &&
	       tm_block_on(m, BGEM_RDMA_MODE);
}

static void stat_by_dest(struct tg3_model *m, const u8 *f, u32 ucast, u32 mcast, u32 bcast)
{
	static const u8 bc[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };

	if (!memcmp(f, bc, 6))
		tm_stat_add(m, bcast, 1);
	else if (f[0] & 1)
		tm_stat_add(m, mcast, 1);
	else
		tm_stat_add(m, ucast, 1);
}

static void tx_offload(struct tg3_model *m, u8 *f, u32 len, u16 flags)
{
	struct fr_info info;

	if (!(flags & (BGEM_TXF_IP_CSUM | BGEM_TXF_L4_CSUM)) || !fr_parse(f, len, &info))
		return;
	if (flags & BGEM_TXF_IP_CSUM)
		fr_fill_ip_csum(f, &info);
	if ((flags & BGEM_TXF_L4_CSUM) && !info.fragment &&
	    (info.proto == FR_PROTO_TCP || info.proto == FR_PROTO_UDP)) {
		u32 field = info.l4_off + fr_l4_csum_field(info.proto);
		u32 sum;
		u16 c;

		if (tm_reg(m, BGEM_GRC_MODE) & BGEM_GRCMODE_TX_NO_PSEUDO) {
			/* The host seeded the field with the pseudo-header sum. */
			sum = fr_sum(f + info.l4_off, info.l4_len, 0);
		} else {
			f[field] = 0;
			f[field + 1] = 0;
			sum = fr_sum(f + info.l4_off, info.l4_len, fr_pseudo_sum(f, &info));
		}
		/*
		 * No 0 -> 0xFFFF for UDP: Broadcom's send engine puts a sum of zero
		 * on the wire as it is, which a receiver takes for "no checksum"
		 * (FreeBSD's bge keeps UDP offload off by default for this; RFC 768
		 * wants 0xFFFF). Counted so a test can see the driver never lets it.
		 */
		c = (u16)~fr_fold(sum);
		if (!c && info.proto == FR_PROTO_UDP)
			m->ctr.tx_udp_zero_csum++;
		f[field] = (u8)(c >> 8);
		f[field + 1] = (u8)c;
	}
}

static bool port_mode_matches(struct tg3_model *m)
{
	u32 mode = tm_reg(m, BGEM_MAC_MODE);
	u32 want = m->phy.speed == 1000 ? BGEM_MACMODE_PORT_GMII : BGEM_MACMODE_PORT_MII;
	bool half = mode & BGEM_MACMODE_HALF;

	if ((mode & BGEM_MACMODE_PORT) == want && half == !m->phy.full) {
		m->port_mismatch_reported = false;
		return true;
	}
	if (!m->port_mismatch_reported)
		tm_violation(m,
			     "transmitting with MAC_MODE 0x%08x while the PHY runs %u Mbps "
			     "%s duplex: the MAC port mode does not match, frames would be "
			     "garbled",
			     mode, m->phy.speed, m->phy.full ? "full" : "half");
	m->port_mismatch_reported = true;
	return false;
}

/*
 * TSO: one TCP/IPv4 frame of headers and a long payload, cut into segments
 * of the MSS the BD carries, each with its own IP length, identification
 * and checksum, sequence number, flags (FIN and PSH on the last only, CWR
 * on the first only) and TCP checksum (the driver zeroed it). The header
 * length the BD also carries is recomputed from the frame itself.
 */
#define TCP_FLAG_FIN 0x01
#define TCP_FLAG_PSH 0x08
#define TCP_FLAG_CWR 0x80

static bool send_wire(struct tg3_model *m, u8 *f, u32 len);

static void tx_tso(struct tg3_model *m, struct tm_tx_frame *fr, u32 mss)
{
	u8 *f = fr->data, seg[TM_MAX_FRAME];
	u32 ihl, thl, hdr, payload, seq;
	u16 id;
	u8 flags;

	if (fr->len < FR_ETH_HLEN + 40 || f[12] != 0x08 || f[13] != 0x00 || (f[14] >> 4) != 4 ||
	    f[FR_ETH_HLEN + 9] != FR_PROTO_TCP) {
		tm_violation(m, "TSO on a frame that is not TCP over IPv4 (the model segments "
				"only those)");
		return;
	}
	ihl = (f[FR_ETH_HLEN] & 0xF) * 4u;
	thl = (f[FR_ETH_HLEN + ihl + 12] >> 4) * 4u;
	hdr = FR_ETH_HLEN + ihl + thl;
	if (ihl < 20 || thl < 20 || hdr > fr->len || !mss || hdr + mss > TM_MAX_FRAME) {
		tm_violation(m, "TSO frame with headers of %u bytes and MSS %u: malformed", hdr,
			     mss);
		return;
	}
	payload = fr->len - hdr;
	id = (u16)(f[FR_ETH_HLEN + 4] << 8 | f[FR_ETH_HLEN + 5]);
	seq = (u32)f[FR_ETH_HLEN + ihl + 4] << 24 | (u32)f[FR_ETH_HLEN + ihl + 5] << 16 |
	      (u32)f[FR_ETH_HLEN + ihl + 6] << 8 | f[FR_ETH_HLEN + ihl + 7];
	flags = f[FR_ETH_HLEN + ihl + 13];
	for (u32 off = 0, i = 0; off < payload || (!payload && !i); off += mss, i++) {
		u32 chunk = MIN(mss, payload - off);
		bool last = off + chunk >= payload;
		struct fr_info info;
		u8 *tcp = seg + FR_ETH_HLEN + ihl;
		u32 sq = seq + off;

		memcpy(seg, f, hdr);
		memcpy(seg + hdr, f + hdr + off, chunk);
		fr_put16(seg + FR_ETH_HLEN + 2, (u16)(ihl + thl + chunk));
		fr_put16(seg + FR_ETH_HLEN + 4, (u16)(id + i));
		tcp[4] = (u8)(sq >> 24), tcp[5] = (u8)(sq >> 16), tcp[6] = (u8)(sq >> 8),
		tcp[7] = (u8)sq;
		tcp[13] =
		    flags & ~(last ? 0 : TCP_FLAG_FIN | TCP_FLAG_PSH) & ~(i ? TCP_FLAG_CWR : 0);
		if (fr_parse(seg, hdr + chunk, &info)) {
			fr_fill_ip_csum(seg, &info);
			fr_fill_l4_csum(seg, &info);
		}
		if (!send_wire(m, seg, hdr + chunk))
			return;
		if (!payload)
			break;
	}
}

/* Take one frame's BDs from send_cons. False when nothing could be done. */
static bool send_one(struct tg3_model *m, u64 now)
{
	struct tm_tx_frame *fr = &m->scratch;
	u32 idx = m->send_cons, nbds = 0;
	u16 flags = 0, mss = 0;
	bool end = false;

	fr->len = 0;
	while (!end) {
		struct bgem_send_bd bd;
		u64 bd_addr = m->send.host + (u64)idx * sizeof(bd), buf;

		if (idx == m->send_prod) {
			tm_violation(m,
				     "send ring: the producer index %u ends inside a frame (no "
				     "END flag from BD %u on)",
				     m->send_prod, m->send_cons);
			m->send_cons = idx;
			return false;
		}
		if (m->fault_dma_error) {
			m->fault_dma_error = false;
			m->tx_halted = true;
			tm_reg_set(m, BGEM_BLK_STATUS(BGEM_RDMA_MODE),
				   tm_reg(m, BGEM_BLK_STATUS(BGEM_RDMA_MODE)) |
				       BGEM_DMASTAT_MASTER_ABORT);
			tm_reg_set(m, BGEM_HCC_FLOW_ATTN, tm_reg(m, BGEM_HCC_FLOW_ATTN) | BIT(31));
			m->sb_error = true;
			if (tm_reg(m, BGEM_GRC_LOCAL_CTL) & BGEM_LCTL_INT_ON_ATTN)
				tm_attention(m);
			return false;
		}
		if (!hosted_dma_read(m->pci, bd_addr, &bd, sizeof(bd), "send BD"))
			return false;
		if (memcmp(&bd, &m->send_posted[idx], sizeof(bd)))
			tm_violation(m,
				     "send BD %u changed after its producer index was posted: the "
				     "chip may have fetched it before the driver finished it",
				     idx);
		buf = (u64)bd.addr_hi << 32 | bd.addr_lo;
		if (!nbds)
			mss = bd.mss;
		if (!bd.len || fr->len + bd.len > (mss ? TM_MAX_TSO_FRAME : TM_MAX_FRAME)) {
			tm_violation(m, "send BD %u: length %u (frame so far %u bytes)", idx,
				     bd.len, fr->len);
			return false;
		}
		if (!hosted_dma_read(m->pci, buf, fr->data + fr->len, bd.len, "send buffer"))
			return false;
		fr->len += bd.len;
		flags |= bd.flags;
		end = bd.flags & BGEM_TXF_END;
		idx = (idx + 1) % m->send.entries;
		if (++nbds > TM_MAX_SEND_BDS_PER_FRAME) {
			tm_violation(m, "send ring: a frame of more than %u BDs",
				     TM_MAX_SEND_BDS_PER_FRAME);
			return false;
		}
	}
	m->send_cons = idx;
	note_tx_event(m, now, nbds);
	if (fr->len < FR_ETH_ZLEN) {
		memset(fr->data + fr->len, 0, FR_ETH_ZLEN - fr->len); /* the MAC pads */
		fr->len = FR_ETH_ZLEN;
	}
	if (mss) {
		tx_tso(m, fr, mss & m->var->tso_mss_mask);
		return true;
	}
	tx_offload(m, fr->data, fr->len, flags);
	send_wire(m, fr->data, fr->len);
	return true;
}

/* One finished frame to the wire, if the MAC and the link let it; false if not. */
static bool send_wire(struct tg3_model *m, u8 *f, u32 len)
{
	if (!(tm_reg(m, BGEM_MAC_TX_MODE) & BGEM_TXMODE_ENABLE) ||
	    !(tm_reg(m, BGEM_MAC_MODE) & BGEM_MACMODE_TX_DMA) || !m->phy.link || !tm_carrier(m) ||
	    !port_mode_matches(m)) {
		m->ctr.tx_dropped++;
		return false;
	}
	hosted_port_transmit(&m->port, f, len);
	m->ctr.tx_frames++;
	tm_stat_add(m, BGEM_STAT_TX_OCTETS, len + BGEM_FCS_LEN);
	stat_by_dest(m, f, BGEM_STAT_TX_UCAST, BGEM_STAT_TX_MCAST, BGEM_STAT_TX_BCAST);
	return true;
}

static void send_engine(struct tg3_model *m, u64 now)
{
	if (m->fault_tx_stuck || m->tx_halted || !send_path_on(m) || now < m->tx_paused_until)
		return;
	while (m->send_cons != m->send_prod) {
		if (!send_one(m, now)) {
			/* A chip that hit a bad descriptor stops until it is reset. */
			m->tx_halted = true;
			break;
		}
	}
}

/* ---- Receive engine ---- */

/* ---- Flow control (IEEE 802.3 Annex 31B) ---- */

static bool tx_flow_control(const struct tg3_model *m)
{
	return (tm_reg(m, BGEM_MAC_TX_MODE) & BGEM_TXMODE_FLOW_CTRL) && m->phy.link;
}

/* The partner is held (XOFF sent) until the backlog drains below the XON level. */
bool tm_rx_can_receive(const struct tg3_model *m)
{
	return !m->xoff_sent;
}

static void flow_control_update(struct tg3_model *m)
{
	if (!m->xoff_sent && tx_flow_control(m) && m->rx_count >= TM_RX_XOFF_AT) {
		m->xoff_sent = true;
		tm_stat_add(m, BGEM_STAT_TX_XOFF_SENT, 1);
	} else if (m->xoff_sent && (m->rx_count <= TM_RX_XON_AT || !tx_flow_control(m))) {
		m->xoff_sent = false;
		tm_stat_add(m, BGEM_STAT_TX_XON_SENT, 1);
	}
}

/*
 * A MAC control frame (01-80-C2-00-00-01, type 0x8808) stops at the MAC:
 * counted, and a PAUSE (opcode 1) holds the send engine for its quanta of
 * 512 bit times when receive flow control is on. The host sees it only if
 * asked to (KEEP_PAUSE / KEEP_MAC_CTRL). True when the frame was consumed.
 */
bool tm_rx_pause_frame(struct tg3_model *m, const u8 *f, u32 len)
{
	static const u8 group[6] = { 0x01, 0x80, 0xC2, 0x00, 0x00, 0x01 };
	u32 mode = tm_reg(m, BGEM_MAC_RX_MODE);
	u16 opcode, quanta;

	if (len < 18 || memcmp(f, group, 6) || f[12] != 0x88 || f[13] != 0x08)
		return false;
	opcode = (u16)(f[14] << 8 | f[15]);
	quanta = (u16)(f[16] << 8 | f[17]);
	if (opcode != 1) {
		tm_stat_add(m, BGEM_STAT_RX_MAC_CTRL, 1);
		return !(mode & BGEM_RXMODE_KEEP_MACCTL);
	}
	tm_stat_add(m, quanta ? BGEM_STAT_RX_XOFF : BGEM_STAT_RX_XON, 1);
	if ((mode & BGEM_RXMODE_FLOW_CTRL) && m->phy.speed)
		m->tx_paused_until =
		    quanta ? hosted_now() + (u64)quanta * 512 * 1000 / m->phy.speed : 0;
	return !(mode & BGEM_RXMODE_KEEP_PAUSE);
}

void tm_rx_enqueue(struct tg3_model *m, const u8 *frame, u32 len)
{
	struct tm_frame *f;

	if (m->rx_count == TM_RX_FIFO || len > TM_MAX_FRAME - BGEM_FCS_LEN) {
		m->ctr.rx_dropped++;
		tm_stat_add(m, BGEM_RXLP_STAT_DISCARDS, 1);
		return;
	}
	f = malloc(sizeof(*f));
	if (!f)
		return;
	f->len = len;
	memcpy(f->data, frame, len);
	m->rx_fifo[(m->rx_head + m->rx_count++) % TM_RX_FIFO] = f;
	flow_control_update(m);
}

void tm_rx_flush(struct tg3_model *m)
{
	while (m->rx_count) {
		free(m->rx_fifo[m->rx_head]);
		m->rx_head = (m->rx_head + 1) % TM_RX_FIFO;
		m->rx_count--;
	}
	m->xoff_sent = false;
}

static bool receive_path_on(const struct tg3_model *m)
{
	return (tm_reg(m, BGEM_MAC_RX_MODE) & BGEM_RXMODE_ENABLE) &&
	       (tm_reg(m, BGEM_MAC_MODE) & BGEM_MACMODE_RX_DMA) && tm_block_on(m, BGEM_RBDI_MODE) &&
	       tm_block_on(m, BGEM_RDBDI_MODE) && tm_block_on(m, BGEM_RDC_MODE) &&
	       tm_block_on(m, BGEM_RBDC_MODE) && tm_block_on(m, BGEM_RXLP_MODE) &&
	       tm_block_on(m, BGEM_WDMA_MODE) && m->std.valid && m->ret.valid;
}

static u32 hash_bit(const u8 *addr)
{
	u32 crc = ~fr_crc32(addr, 6); /* the filter uses the CRC before its final complement */

	return crc & 0x7F;
}

static bool accepted(const struct tg3_model *m, const u8 *dst)
{
	if (tm_reg(m, BGEM_MAC_RX_MODE) & BGEM_RXMODE_PROMISC)
		return true;
	if (dst[0] & 1) {
		static const u8 bc[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
		u32 h;

		if (!memcmp(dst, bc, 6))
			return true;
		h = hash_bit(dst);
		return tm_reg(m, BGEM_MAC_HASH(h >> 5)) & BIT(h & 31);
	}
	for (unsigned int i = 0; i < BGEM_MAC_ADDR_COUNT; i++) {
		u32 hi = tm_reg(m, BGEM_MAC_ADDR_HI(i)), lo = tm_reg(m, BGEM_MAC_ADDR_LO(i));
		u8 a[6] = { (u8)(hi >> 8),  (u8)hi,	   (u8)(lo >> 24),
			    (u8)(lo >> 16), (u8)(lo >> 8), (u8)lo };

		if (!memcmp(a, dst, 6))
			return true;
	}
	return false;
}

static void rx_csum(const u8 *f, u32 len, struct bgem_rx_bd *rbd)
{
	struct fr_info info;

	if (!fr_parse(f, len, &info))
		return;
	rbd->flags |= BGEM_RXF_IP_CSUM;
	rbd->ip_csum = fr_fold(fr_sum(f + FR_ETH_HLEN, info.ihl, 0));
	if (!fr_ip_csum_ok(f, &info))
		rbd->error |= BGEM_RXE_IP_CSUM;
	if (info.fragment || (info.proto != FR_PROTO_TCP && info.proto != FR_PROTO_UDP))
		return;
	rbd->flags |= BGEM_RXF_L4_CSUM;
	if (info.proto == FR_PROTO_TCP)
		rbd->flags |= BGEM_RXF_IS_TCP;
	rbd->l4_csum = fr_l4_csum_ok(f, &info)
			   ? 0xFFFF
			   : fr_fold(fr_sum(f + info.l4_off, info.l4_len, fr_pseudo_sum(f, &info)));
}

/*
 * The chip sees the standard ring empty (producer == consumer). If every BD
 * in it is nevertheless a buffer the driver wrote since the chip last took
 * that slot, the driver posted a whole ring and its producer index wrapped
 * onto the consumer: a ring of N entries holds at most N - 1, or full and
 * empty look the same. A driver that is refilling has at most N - 1 new BDs
 * written, so this cannot fire on a correct one.
 */
static void check_full_looks_empty(struct tg3_model *m)
{
	struct bgem_rx_bd bd;

	if (m->std_full_reported)
		return;
	for (u32 i = 0; i < m->std.entries; i++) {
		if (!hosted_dma_read(m->pci, m->std.host + (u64)i * sizeof(bd), &bd, sizeof(bd),
				     "standard ring BD"))
			return;
		if (!(bd.flags & BGEM_RXF_END) || !(bd.addr_hi | bd.addr_lo) ||
		    !memcmp(&bd, &m->std_posted[i], sizeof(bd)))
			return; /* empty, or what the chip already took */
	}
	m->std_full_reported = true;
	tm_violation(m,
		     "standard ring: producer index %u equals the consumer (the ring looks "
		     "empty) while all %u BDs hold buffers written since the chip took "
		     "each slot: the driver filled the whole ring and its producer wrapped "
		     "onto the consumer (a ring keeps one slot empty)",
		     m->std_prod, m->std.entries);
}

/* Place one frame; false when the engine must stop (DMA failure). */
static bool receive_one(struct tg3_model *m, struct tm_frame *f, u64 now)
{
	struct bgem_rx_bd sbd, rbd;
	u64 sbd_addr, buf, rbd_addr;
	u32 wire_len = f->len + BGEM_FCS_LEN, fcs, room;

	if (f->len < FR_ETH_ZLEN) {
		tm_stat_add(m, BGEM_STAT_RX_UNDERSIZE, 1);
		m->ctr.rx_dropped++;
		return true;
	}
	if (wire_len > tm_reg(m, BGEM_MAC_RX_MTU)) {
		tm_stat_add(m, BGEM_STAT_RX_TOO_LONG, 1);
		m->ctr.rx_dropped++;
		return true;
	}
	if (!accepted(m, f->data)) {
		m->ctr.rx_filtered++;
		return true;
	}
	if (m->fault_no_buffer || m->std_cons == m->std_prod) {
		if (m->fault_no_buffer)
			m->fault_no_buffer--;
		else
			check_full_looks_empty(m);
		m->ctr.rx_no_buffer++;
		tm_stat_add(m, BGEM_RXLP_STAT_NO_BD, 1);
		tm_stat_add(m, BGEM_RXLP_STAT_DISCARDS, 1);
		return true;
	}
	if ((m->ret_prod + 1) % m->ret.entries == m->ret_cons) {
		m->ctr.rx_dropped++;
		tm_stat_add(m, BGEM_RXLP_STAT_DISCARDS, 1);
		return true;
	}
	sbd_addr = m->std.host + (u64)m->std_cons * sizeof(sbd);
	if (!hosted_dma_read(m->pci, sbd_addr, &sbd, sizeof(sbd), "standard ring BD"))
		return false;
	if (memcmp(&sbd, &m->std_posted[m->std_cons], sizeof(sbd)))
		tm_violation(m,
			     "standard ring BD %u changed after its producer index was posted: the "
			     "chip may have fetched it before the driver finished it",
			     m->std_cons);
	buf = (u64)sbd.addr_hi << 32 | sbd.addr_lo;
	room = MIN((u32)sbd.len, m->std.max_len);
	if (!(sbd.flags & BGEM_RXF_END) || sbd.len < FR_ETH_ZLEN + BGEM_FCS_LEN) {
		tm_violation(m,
			     "standard ring BD %u: flags 0x%04x, length %u (a buffer BD must "
			     "say END and hold at least a minimal frame)",
			     m->std_cons, sbd.flags, sbd.len);
		return false;
	}
	memset(&rbd, 0, sizeof(rbd));
	rbd.addr_hi = sbd.addr_hi;
	rbd.addr_lo = sbd.addr_lo;
	rbd.index = sbd.index;
	rbd.opaque = sbd.opaque;
	rbd.flags = BGEM_RXF_END;
	if (wire_len > room) {
		rbd.flags |= BGEM_RXF_ERROR;
		rbd.error |= BGEM_RXE_TRUNC;
		wire_len = room;
	}
	fcs = fr_crc32(f->data, f->len);
	memcpy(f->data + f->len, &fcs, BGEM_FCS_LEN); /* FCS goes to memory too, LSB first */
	if (!hosted_dma_write(m->pci, buf, f->data, wire_len, "receive buffer"))
		return false;
	rbd.len = (u16)wire_len;
	rx_csum(f->data, f->len, &rbd);
	if (m->fault_rx_errors) {
		m->fault_rx_errors--;
		rbd.flags |= BGEM_RXF_ERROR;
		rbd.error |= m->fault_rx_error_bits;
		if (m->fault_rx_error_bits & BGEM_RXE_BAD_CRC)
			tm_stat_add(m, BGEM_STAT_RX_FCS_ERR, 1);
		tm_stat_add(m, BGEM_RXLP_STAT_ERRORS, 1);
	}
	rbd_addr = m->ret.host + (u64)m->ret_prod * sizeof(rbd);
	hosted_tamper_rx_desc(m->tamper, &rbd, sizeof(rbd));
	if (!hosted_dma_write(m->pci, rbd_addr, &rbd, sizeof(rbd), "return ring BD"))
		return false;
	m->std_cons = (m->std_cons + 1) % m->std.entries;
	m->ret_prod = (m->ret_prod + 1) % m->ret.entries;
	m->ctr.rx_frames++;
	tm_stat_add(m, BGEM_STAT_RX_OCTETS, f->len + BGEM_FCS_LEN);
	stat_by_dest(m, f->data, BGEM_STAT_RX_UCAST, BGEM_STAT_RX_MCAST, BGEM_STAT_RX_BCAST);
	note_rx_event(m, now);
	return true;
}

static void receive_engine(struct tg3_model *m, u64 now)
{
	bool on = receive_path_on(m) && !m->rx_halted;

	while (m->rx_count) {
		struct tm_frame *f = m->rx_fifo[m->rx_head];

		/*
		 * With flow control the MAC keeps frames it has no buffer for and
		 * pauses the partner instead of dropping them.
		 */
		if (on && tx_flow_control(m) && m->std_cons == m->std_prod && !m->fault_no_buffer)
			break;
		if (on && !receive_one(m, f, now)) {
			m->rx_halted = true; /* until reset, like the chip after a bad BD */
			on = false;
		}
		if (!on)
			m->ctr.rx_dropped++;
		m->rx_fifo[m->rx_head] = NULL;
		m->rx_head = (m->rx_head + 1) % TM_RX_FIFO;
		m->rx_count--;
		free(f);
	}
	flow_control_update(m);
}

u64 tm_engine_tick(struct tg3_model *m, u64 now)
{
	u64 next;

	send_engine(m, now);
	receive_engine(m, now);
	next = coalesce(m, now);
	if (now < m->tx_paused_until)
		next = MIN(next, m->tx_paused_until);
	return next;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Yukon-2 model: the four queues a driver uses (R1, R2, XA1, XA2), each a
 * BMU with its prefetch unit walking a ring of 8-byte list elements, plus
 * the XL's RAM buffers, and the receive and transmit engines on top.
 *
 * Per-queue opcodes (the hardware list is UNVERIFIED; this is what the
 * model accepts, everything else raises the queue's descriptor check):
 *   receive:  PACKET (a buffer, starts a frame), BUFFER (continues one),
 *             ADDR64 (high half for what follows), TCPSTART (checksum
 *             start, accepted and ignored);
 *   transmit: PACKET, BUFFER, ADDR64, VLAN, ADDR64|VLAN, 0x10..0x1F
 *             (checksum set-up, accepted and ignored); MSS, LRGLEN and
 *             LARGESEND (TSO) are known but not modelled: reported.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/hosted/frames.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/models/sky2_model_internal.h"

#define BMU_PAIRS_LOW 0x5155u
#define RB_PAIRS_LOW  0x15u
#define MIN_FRAME     60 /* the MAC pads shorter frames */

struct le {
	u32 addr;
	u16 len;
	u8 ctrl, op;
};

static const u32 queue_bases[YM_NQUEUES] = { YM_Q_R1, YM_Q_R2, YM_Q_XA1, YM_Q_XA2 };
static const char *const queue_names[YM_NQUEUES] = { "R1", "R2", "XA1", "XA2" };

void ym_queue_init(struct sky2_model *m)
{
	for (unsigned int i = 0; i < YM_NQUEUES; i++) {
		struct ym_queue *q = &m->q[i];

		q->name = queue_names[i];
		q->base = queue_bases[i];
		q->tx = i >= YM_QXA1;
		q->port = i & 1;
	}
}

static void prefetch_reset(struct ym_queue *q)
{
	q->pref_reset = true;
	q->pref_on = false;
	q->last_idx = q->get = q->put = 0;
	q->ring = 0;
	q->addr_hi = 0; /* the ADDR64 high half goes with the unit's reset */
	q->halted = false;
	q->tx_len = 0;
	q->tx_bad = false;
	q->csum_start = q->csum_write = q->csum_init = 0;
	q->rx_start_set = false;
}

static void bmu_reset(struct ym_queue *q)
{
	q->bmu_reset = true;
	q->bmu_op = q->fifo_ena = q->fifo_op = q->started = false;
}

void ym_queue_chip_reset(struct sky2_model *m)
{
	for (unsigned int i = 0; i < YM_NQUEUES; i++) {
		struct ym_queue *q = &m->q[i];

		bmu_reset(q);
		prefetch_reset(q);
		q->chk_irq = false;
		q->rx_csum = false;
		q->wm = q->al = q->flags = q->fifo_wm = 0;
		q->rb_reset = true;
		q->rb_on = false;
		memset(q->rb, 0, sizeof(q->rb));
		q->rb_ctrl = 0;
	}
}

void ym_bad_le(struct sky2_model *m, struct ym_queue *q, const char *fmt, ...)
{
	char msg[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	ym_fail(m, "queue %s descriptor check (GET %u PUT %u LAST %u): %s", q->name, q->get, q->put,
		q->last_idx, msg);
	q->chk_irq = true;
	q->halted = true;
	ym_update_irq(m);
}

static struct ym_queue *queue_at(struct sky2_model *m, u32 qoff)
{
	for (unsigned int i = 0; i < YM_NQUEUES; i++)
		if (m->q[i].base == qoff)
			return m->q[i].port < m->nports ? &m->q[i] : NULL;
	return NULL;
}

static bool ring_ready(const struct sky2_model *m, const struct ym_queue *q)
{
	return !m->master_reset && !q->bmu_reset && q->bmu_op && q->fifo_ena && q->fifo_op &&
	       q->started && q->pref_on && !q->halted && (!m->has_ram_buffer || q->rb_on) &&
	       m->su_on;
}

/* ---- BMU and prefetch registers ---- */

static void csr_write(struct sky2_model *m, struct ym_queue *q, u32 val)
{
	char reg[24];

	snprintf(reg, sizeof(reg), "Q_CSR(%s)", q->name);
	if (ym_pairs_conflict(m, reg, val, BMU_PAIRS_LOW))
		return;
	if (val & YM_BMU_RST_SET)
		bmu_reset(q);
	if (val & YM_BMU_RST_CLR)
		q->bmu_reset = false;
	if (q->bmu_reset &&
	    (val & (YM_BMU_OP_ON | YM_BMU_START | YM_BMU_FIFO_ENA | YM_BMU_FIFO_OP_ON)))
		ym_fail(m, "%s 0x%08x turns the BMU on while it is held in reset", reg, val);
	if (q->bmu_reset)
		return;
	if (val & YM_BMU_OP_ON)
		q->bmu_op = true;
	if (val & YM_BMU_OP_OFF)
		q->bmu_op = false;
	if (val & YM_BMU_FIFO_ENA)
		q->fifo_ena = true;
	if (val & YM_BMU_FIFO_RST)
		q->fifo_ena = false;
	if (val & YM_BMU_FIFO_OP_ON)
		q->fifo_op = true;
	if (val & YM_BMU_FIFO_OP_OFF)
		q->fifo_op = false;
	if (val & YM_BMU_START)
		q->started = true;
	if (val & YM_BMU_STOP)
		q->started = false;
	if (!q->tx && (val & YM_BMU_RX_CSUM_ON))
		q->rx_csum = true;
	if (!q->tx && (val & YM_BMU_RX_CSUM_OFF))
		q->rx_csum = false;
	if (val & YM_BMU_CLR_IRQ_CHK)
		q->chk_irq = false;
	if (val & YM_BMU_CLR_IRQ_PAR) /* Rx parity / Tx TCP length: hardware-error bits */
		m->hwe_isrc &= ~((q->tx ? 0x1u : 0x4u) << (8 * q->port));
	ym_update_irq(m);
}

static u32 csr_read(const struct ym_queue *q)
{
	u32 v = q->bmu_reset ? YM_BMU_RST_SET : YM_BMU_RST_CLR;

	v |= q->bmu_op ? YM_BMU_OP_ON : YM_BMU_OP_OFF;
	v |= q->fifo_ena ? YM_BMU_FIFO_ENA : YM_BMU_FIFO_RST;
	v |= q->fifo_op ? YM_BMU_FIFO_OP_ON : YM_BMU_FIFO_OP_OFF;
	v |= q->started ? YM_BMU_START : YM_BMU_STOP;
	if (!q->tx)
		v |= q->rx_csum ? YM_BMU_RX_CSUM_ON : YM_BMU_RX_CSUM_OFF;
	if (q->get == q->put && !q->tx_len)
		v |= YM_BMU_IDLE;
	return v;
}

static u32 next_idx(const struct ym_queue *q, u32 i);

/*
 * The prefetch unit reads list elements as soon as PUT moves past them, not
 * when a frame needs them: an LE that is not the hardware's yet (HW_OWNER
 * clear) at that moment is the driver's bug even if the bit lands later
 * (PUT written before the owner bit). The copy taken here is what the
 * engines use; changing an LE after PUT passed it is caught when it is used.
 */
static void prefetch(struct sky2_model *m, struct ym_queue *q, u32 from, u32 to)
{
	for (u32 i = from; i != to; i = next_idx(q, i)) {
		u8 *raw = q->fetched[i];

		if (!hosted_dma_read(m->pci, q->ring + (u64)i * YM_LE_SIZE, raw, YM_LE_SIZE,
				     q->tx ? "sky2 tx list element (prefetch)"
					   : "sky2 rx list element (prefetch)")) {
			q->halted = true;
			return;
		}
		if (!(raw[7] & YM_LE_HW_OWNER)) {
			ym_bad_le(m, q,
				  "LE %u opcode 0x%02x without HW_OWNER when PUT moved past it "
				  "(PUT written before the LE was handed over)",
				  i, raw[7]);
			return;
		}
	}
}

static void put_write(struct sky2_model *m, struct ym_queue *q, u32 put)
{
	u32 n = q->last_idx + 1, before, after;

	if (!q->pref_on) {
		ym_bad_le(m, q, "PUT %u written before the prefetch unit is on", put);
		return;
	}
	if (put > q->last_idx) {
		ym_bad_le(m, q, "PUT %u beyond LAST_IDX %u", put, q->last_idx);
		return;
	}
	before = (q->put + n - q->get) % n;
	after = (put + n - q->get) % n;
	if (after < before) {
		ym_bad_le(m, q,
			  "PUT moved from %u to %u: backwards, or past GET (more LEs outstanding "
			  "than the ring holds)",
			  q->put, put);
		return;
	}
	prefetch(m, q, q->put, put);
	q->put = put;
}

static void pref_ctrl_write(struct sky2_model *m, struct ym_queue *q, u32 val)
{
	char reg[24];

	snprintf(reg, sizeof(reg), "PREF_CTRL(%s)", q->name);
	if (ym_pairs_conflict(m, reg, val, 0x5))
		return;
	if (val & YM_UNIT_RST_SET)
		prefetch_reset(q);
	if (val & YM_UNIT_RST_CLR)
		q->pref_reset = false;
	if (val & YM_UNIT_OP_OFF)
		q->pref_on = false;
	if (!(val & YM_UNIT_OP_ON))
		return;
	if (q->pref_reset) {
		ym_fail(m, "%s: turned on while held in reset", reg);
		return;
	}
	if (!q->ring || (q->ring & (YM_LE_SIZE - 1)))
		ym_fail(m, "%s: turned on with list address 0x%llx (zero or not 8-byte aligned)",
			reg, (unsigned long long)q->ring);
	else if (!q->last_idx)
		ym_fail(m, "%s: turned on with LAST_IDX 0", reg);
	else
		q->pref_on = true;
}

static bool pref_write(struct sky2_model *m, struct ym_queue *q, u32 reg, u32 val, u32 be)
{
	if (reg == YM_PREF_CTRL) {
		pref_ctrl_write(m, q, val);
		return true;
	}
	if (reg != YM_PREF_LAST_IDX && reg != YM_PREF_ADDR_LO && reg != YM_PREF_ADDR_HI &&
	    reg != YM_PREF_PUT_IDX && reg != YM_PREF_FIFO_WM)
		return false;
	if (reg == YM_PREF_PUT_IDX) { /* "before the unit is on" covers reset too */
		put_write(m, q, val & YM_PREF_IDX_MASK);
		return true;
	}
	if (q->pref_reset) {
		ym_fail(m, "prefetch unit %s register 0x%02x written while held in reset", q->name,
			reg);
		return true;
	}
	if (reg == YM_PREF_FIFO_WM) {
		q->fifo_wm = val & 0xFF;
		return true;
	}
	if (q->pref_on) {
		ym_fail(m, "prefetch unit %s register 0x%02x changed while the unit runs", q->name,
			reg);
		return true;
	}
	if (reg == YM_PREF_LAST_IDX)
		q->last_idx = val & YM_PREF_IDX_MASK;
	else if (reg == YM_PREF_ADDR_LO)
		q->ring = (q->ring & ~0xFFFFFFFFull) | val;
	else
		q->ring = (q->ring & 0xFFFFFFFFull) | (u64)val << 32;
	(void)be;
	return true;
}

bool ym_queue_read(struct sky2_model *m, u32 dw, u32 be, u32 *val)
{
	struct ym_queue *q = queue_at(m, (dw - YM_Q_BASE) & ~0x7Fu);
	u32 reg = (dw - YM_Q_BASE) & 0x7F;

	if (!q)
		return false;
	switch (reg) {
	case YM_Q_CSR: *val = csr_read(q); return true;
	case YM_Q_F: *val = q->flags; return true;
	case YM_Q_WM: *val = q->wm | q->al << 16; return true;
	case 0x44: /* FIFO read/write pointers and levels: the model's FIFOs are empty */
	case 0x48:
	case 0x4C: *val = 0; return true;
	}
	if (reg < 0x50)
		return false;
	switch (reg - 0x50) {
	case YM_PREF_CTRL:
		*val = (q->pref_reset ? YM_UNIT_RST_SET : YM_UNIT_RST_CLR) |
		       (q->pref_on ? YM_UNIT_OP_ON : YM_UNIT_OP_OFF);
		return true;
	case YM_PREF_LAST_IDX: *val = q->last_idx; return true;
	case YM_PREF_ADDR_LO: *val = (u32)q->ring; return true;
	case YM_PREF_ADDR_HI: *val = (u32)(q->ring >> 32); return true;
	case YM_PREF_GET_IDX: *val = q->get; return true;
	case YM_PREF_PUT_IDX: *val = q->put; return true;
	case YM_PREF_FIFO_WM: *val = q->fifo_wm; return true;
	}
	return false;
}

bool ym_queue_write(struct sky2_model *m, u32 dw, u32 val, u32 be)
{
	struct ym_queue *q = queue_at(m, (dw - YM_Q_BASE) & ~0x7Fu);
	u32 reg = (dw - YM_Q_BASE) & 0x7F;

	if (!q)
		return false;
	switch (reg) {
	case YM_Q_CSR: csr_write(m, q, val); return true;
	case YM_Q_F: q->flags = val; return true; /* flag/test bits: accepted, ignored */
	case YM_Q_WM:
		if (q->bmu_reset) {
			ym_fail(m, "queue %s watermark written while the BMU is held in reset",
				q->name);
			return true;
		}
		if (be & 3)
			q->wm = val & 0xFFFF;
		if (be & 4)
			q->al = (val >> 16) & 0xFF;
		return true;
	}
	if (reg < 0x50)
		return false;
	return pref_write(m, q, reg - 0x50, val, be);
}

/* ---- RAM buffers (XL) ---- */

static u32 ram_qwords(const struct sky2_model *m)
{
	return YM_RAM_KB_XL * 1024 / 8;
}

static void rb_enable(struct sky2_model *m, struct ym_queue *q)
{
	u32 start = q->rb[YM_RB_START / 4], end = q->rb[YM_RB_END / 4];

	if (q->rb_reset) {
		ym_fail(m, "RAM buffer %s enabled while held in reset", q->name);
		return;
	}
	if (start > end || end >= ram_qwords(m)) {
		ym_fail(m, "RAM buffer %s range 0x%x..0x%x is empty or beyond the %u KiB RAM",
			q->name, start, end, YM_RAM_KB_XL);
		return;
	}
	/*
	 * Each MAC has a RAM of its own, addressed from 0: Linux's sky2 lays
	 * both ports of a dual-port XL out from 0 (tests/hosted/models/README.md).
	 */
	for (unsigned int i = 0; i < YM_NQUEUES; i++) {
		struct ym_queue *o = &m->q[i];

		if (o == q || !o->rb_on || o->port != q->port)
			continue;
		if (start <= o->rb[YM_RB_END / 4] && o->rb[YM_RB_START / 4] <= end) {
			ym_fail(m, "RAM buffer %s range 0x%x..0x%x overlaps %s's 0x%x..0x%x",
				q->name, start, end, o->name, o->rb[YM_RB_START / 4],
				o->rb[YM_RB_END / 4]);
			return;
		}
	}
	q->rb_on = true;
}

bool ym_rb_read(struct sky2_model *m, u32 dw, u32 be, u32 *val)
{
	struct ym_queue *q = queue_at(m, (dw - YM_RB_BASE) & ~0x7Fu);
	u32 reg = (dw - YM_RB_BASE) & 0x7F;

	if (!q)
		return false;
	/*
	 * Both BSD and Linux wait for a receive RAM buffer to drain by comparing
	 * the bytes at +0x46 and +0x4A of its block (the BMU's read shadow level
	 * and read level offsets): the model's buffers are always drained.
	 */
	if (reg == 0x44 || reg == 0x48) {
		*val = 0;
		return true;
	}
	if (!m->has_ram_buffer)
		return false;
	if (reg < YM_RB_CTRL) {
		*val = q->rb[reg / 4];
		return true;
	}
	if (reg == YM_RB_CTRL) {
		*val = (q->rb_reset ? 1u : 2u) | (q->rb_on ? 8u : 4u) | (q->rb_ctrl & 0x30);
		return true;
	}
	return false;
}

bool ym_rb_write(struct sky2_model *m, u32 dw, u32 val, u32 be)
{
	struct ym_queue *q = queue_at(m, (dw - YM_RB_BASE) & ~0x7Fu);
	u32 reg = (dw - YM_RB_BASE) & 0x7F;

	if (!q) {
		/* The sync Tx queues' RAM buffers may be held in reset, nothing else. */
		u32 qoff = (dw - YM_RB_BASE) & ~0x7Fu;

		return (qoff == 0x200 || qoff == 0x300) && reg == YM_RB_CTRL && (be & 1) &&
		       (val & 0xFF) == YM_UNIT_RST_SET;
	}
	if (reg == YM_RB_CTRL && (be & 1)) {
		u8 v = val & 0xFF;

		if (ym_pairs_conflict(m, "RB_CTRL", v, RB_PAIRS_LOW))
			return true;
		/* No RAM on the chip: reset and operation-off are accepted (drivers send them). */
		if (!m->has_ram_buffer)
			return !(v & ~7u);
		if (v & YM_UNIT_RST_SET) {
			q->rb_reset = true;
			q->rb_on = false;
		}
		if (v & YM_UNIT_RST_CLR)
			q->rb_reset = false;
		if (v & 0x30)
			q->rb_ctrl = (q->rb_ctrl & ~0x30) | (v & 0x20 ? 0x20 : 0x10);
		if (v & 0x4)
			q->rb_on = false;
		if (v & 0x8)
			rb_enable(m, q);
		return true;
	}
	if (!m->has_ram_buffer || reg >= YM_RB_PC)
		return false;
	if (q->rb_reset || q->rb_on) {
		ym_fail(m, "RAM buffer %s register 0x%02x written while %s", q->name, reg,
			q->rb_reset ? "held in reset" : "operating");
		return true;
	}
	if (val >= ram_qwords(m))
		ym_fail(m, "RAM buffer %s register 0x%02x = 0x%x is beyond the RAM", q->name, reg,
			val);
	q->rb[reg / 4] = val;
	return true;
}

/* ---- List elements ---- */

static bool read_le(struct sky2_model *m, struct ym_queue *q, u32 idx, struct le *le)
{
	const u8 *raw = q->fetched[idx];
	u8 now[YM_LE_SIZE];

	/* The driver may not touch an LE the chip holds (it owns it until GET passes). */
	if (hosted_dma_read(m->pci, q->ring + (u64)idx * YM_LE_SIZE, now, sizeof(now),
			    q->tx ? "sky2 tx list element" : "sky2 rx list element") &&
	    memcmp(now, raw, sizeof(now))) {
		ym_bad_le(m, q, "LE %u changed after PUT moved past it (opcode 0x%02x, now 0x%02x)",
			  idx, raw[7], now[7]);
		return false;
	}
	le->addr = raw[0] | raw[1] << 8 | raw[2] << 16 | (u32)raw[3] << 24;
	le->len = (u16)(raw[4] | raw[5] << 8);
	le->ctrl = raw[6];
	le->op = raw[7];
	if (!(le->op & YM_LE_HW_OWNER)) {
		ym_bad_le(m, q, "LE %u opcode 0x%02x without HW_OWNER", idx, le->op);
		return false;
	}
	le->op &= ~YM_LE_HW_OWNER;
	return true;
}

static u32 next_idx(const struct ym_queue *q, u32 i)
{
	return i == q->last_idx ? 0 : i + 1;
}

unsigned int ym_rx_buffers(const struct sky2_model *m, const struct ym_queue *q)
{
	unsigned int n = 0;

	if (!q->pref_on)
		return 0;
	for (u32 i = q->get; i != q->put; i = next_idx(q, i))
		if ((q->fetched[i][7] & ~YM_LE_HW_OWNER) == YM_OP_PACKET)
			n++;
	return n;
}

/* ---- Receive ---- */

/* Bytes the port's receive store holds: the RAM buffer's receive part, or the MAC FIFO. */
static u32 rx_store_bytes(const struct ym_port *p)
{
	const struct ym_queue *q = p->rxq;

	if (p->m->has_ram_buffer && q->rb_on)
		return (q->rb[YM_RB_END / 4] - q->rb[YM_RB_START / 4] + 1) * 8;
	return YM_MAC_RX_FIFO_BYTES;
}

/*
 * The fill levels at which the chip sends PAUSE and releases it: the RAM
 * buffer's RX_UTPP/RX_LTPP (8-byte units) with a RAM buffer, the MAC FIFO's
 * RX_GMF_UP_THR/LP_THR (8-byte units) without. 0 for the upper: never set.
 */
static void rx_pause_levels(const struct ym_port *p, u32 *upper, u32 *lower)
{
	const struct ym_queue *q = p->rxq;

	if (p->m->has_ram_buffer && q->rb_on) {
		*upper = q->rb[YM_RB_RX_UTPP / 4] * 8;
		*lower = q->rb[YM_RB_RX_LTPP / 4] * 8;
	} else {
		u32 thr = p->rxf_regs[(YM_RX_GMF_UP_THR - YM_RX_GMF_EA) / 4];

		*upper = (thr & 0xFFFF) * 8;
		*lower = (thr >> 16) * 8;
	}
}

bool ym_rx_can_receive(struct ym_port *p)
{
	/* A PAUSE is only in force while the MAC may send them (link up, flow control on). */
	return !p->rx_paused || !ym_mac_sends_pause(p);
}

void ym_rx_flush(struct ym_port *p)
{
	p->rx_count = 0;
	p->rx_level = 0;
	p->rx_paused = false;
}

/* A frame left the store: below the lower level, a PAUSE with time 0 lets the partner go. */
static void rx_level_dropped(struct ym_port *p, u32 len)
{
	u32 upper, lower;

	p->rx_level -= MIN(p->rx_level, len);
	if (!p->rx_paused)
		return;
	rx_pause_levels(p, &upper, &lower);
	if (p->rx_level <= lower || !ym_mac_sends_pause(p)) {
		p->rx_paused = false;
		if (ym_mac_sends_pause(p))
			p->mib[YM_MIB_TX_PAUSE]++;
	}
}

/*
 * A frame from the wire goes into the receive store if it fits; the receive
 * engine (ym_queue_tick) moves it to host buffers. A full store loses the
 * frame as the chip does: the MIB's FIFO-overflow counter and the GMAC's
 * Rx FIFO overrun interrupt. With flow control on, crossing the upper level
 * sends PAUSE (counted in the MIB) and the wire holds further frames until
 * the level falls below the lower one.
 */
void ym_rx_enqueue(struct ym_port *p, const u8 *frame, u32 len)
{
	struct sky2_model *m = p->m;
	struct sky2_model_port_counters *c = &m->ctr.port[p->idx];
	u16 smode = p->gm[YM_GM_SERIAL_MODE / 4];
	u32 stored = len, upper, lower;
	struct ym_frame *f;
	unsigned int slot;

	if (!p->phy.link || !ym_mac_rx_on(p)) {
		c->rx_dropped++;
		return;
	}
	if (!ym_mac_accepts(p, frame, len)) {
		c->rx_filtered++;
		return;
	}
	/* Longest frame without FCS: jumbo mode, VLAN mode, or plain 802.3. */
	if (len > (smode & BIT(8) ? YM_MAX_FRAME - 4 : smode & BIT(9) ? 1518u : 1514u)) {
		c->rx_dropped++;
		p->mib[YM_MIB_RX_LONG]++;
		return;
	}
	/* Without CRC_DIS the MAC keeps the FCS: 4 more bytes in buffer and status. */
	if (!(p->gm[YM_GM_RX_CTRL / 4] & YM_RXCR_CRC_DIS))
		stored += 4;
	if (p->rx_count == YM_RX_SLOTS || p->rx_level + stored > rx_store_bytes(p)) {
		p->gmac_irq_src |= YM_GM_IS_RX_FF_OR;
		p->mib[YM_MIB_RX_FIFO_OV]++;
		ym_update_irq(m);
		if (p->rxq->get == p->rxq->put)
			c->rx_no_buffer++;
		else
			c->rx_overrun++;
		return;
	}
	slot = (p->rx_head + p->rx_count) % YM_RX_SLOTS;
	f = p->rx_fifo[slot];
	if (!f) {
		f = malloc(sizeof(*f));
		if (!f) {
			c->rx_dropped++;
			return;
		}
		p->rx_fifo[slot] = f;
	}
	memcpy(f->data, frame, len);
	f->len = len;
	if (stored > len) {
		u32 fcs = fr_crc32(frame, len);

		for (unsigned int b = 0; b < 4; b++)
			f->data[len + b] = (u8)(fcs >> (8 * b));
		f->len += 4;
	}
	p->rx_count++;
	p->rx_level += stored;
	rx_pause_levels(p, &upper, &lower);
	if (!p->rx_paused && upper && p->rx_level >= upper && ym_mac_sends_pause(p)) {
		p->rx_paused = true;
		p->mib[YM_MIB_TX_PAUSE]++;
	}
}

static bool rx_opcode_ok(u8 op)
{
	return op == YM_OP_PACKET || op == YM_OP_BUFFER || op == YM_OP_ADDR64 ||
	       op == YM_OP_TCPSTART;
}

static u32 gmac_status(struct ym_port *p, const struct ym_frame *f)
{
	u32 st = f->len << YM_GMR_LEN_SHIFT | YM_GMR_RX_OK;
	static const u8 bcast[6] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };

	if (!memcmp(f->data, bcast, 6))
		st |= YM_GMR_BC;
	else if (f->data[0] & 1)
		st |= YM_GMR_MC;
	if (f->len >= 14 && f->data[12] == 0x81 && f->data[13] == 0x00)
		st |= YM_GMR_VLAN;
	if (p->fault_rx_err_frames) {
		p->fault_rx_err_frames--;
		st = (st & ~YM_GMR_RX_OK) | (p->fault_rx_err_bits & 0xFFFF);
	}
	return st;
}

/*
 * Move the oldest frame of the port's MAC FIFO into posted buffers: a
 * PACKET LE and any BUFFER LEs behind it. Returns false when it has to wait
 * for the driver (no complete set of LEs yet).
 */
static bool rx_one(struct sky2_model *m, struct ym_port *p)
{
	struct ym_queue *q = p->rxq;
	struct ym_frame *f = p->rx_fifo[p->rx_head];
	const u8 *data = f->data;
	u32 idx = q->get, done = 0, want = f->len, status;
	u8 css;
	bool started = false, stripped = false;
	struct le le;
	u16 tag = 0;

	/*
	 * VLAN stripping: the tag leaves the frame and goes to the driver in
	 * an RXVLAN status LE (network byte order in the length field) ahead
	 * of the frame's RXSTAT; the GMAC status length still counts it.
	 */
	if (p->vlan_strip && f->len >= 18 && f->data[12] == 0x81 && f->data[13] == 0x00) {
		memcpy(m->scratch.data, f->data, 12);
		memcpy(m->scratch.data + 12, f->data + 16, f->len - 16);
		tag = (u16)(f->data[14] | f->data[15] << 8);
		data = m->scratch.data;
		want = f->len - 4;
		stripped = true;
	}
	if (p->fault_trunc_frames) {
		p->fault_trunc_frames--;
		want = MAX(f->len / 2, 14u);
	}
	while (idx != q->put) {
		if (!read_le(m, q, idx, &le))
			return false;
		if (!rx_opcode_ok(le.op)) {
			ym_bad_le(m, q, "LE %u opcode 0x%02x is not a receive opcode", idx, le.op);
			return false;
		}
		if (le.op == YM_OP_ADDR64) {
			q->addr_hi = le.addr;
		} else if (le.op == YM_OP_TCPSTART) {
			ym_csum_le(q, le.op, le.addr, le.len);
		} else if (le.op == YM_OP_PACKET || le.op == YM_OP_BUFFER) {
			u64 bus = (u64)q->addr_hi << 32 | le.addr;
			u32 n;

			if (le.op == YM_OP_BUFFER && !started) {
				ym_bad_le(m, q, "LE %u: BUFFER without a PACKET before it", idx);
				return false;
			}
			if (le.op == YM_OP_PACKET && started)
				break; /* the frame ends in the buffers it has */
			if (!le.len) {
				ym_bad_le(m, q, "LE %u: receive buffer of length 0", idx);
				return false;
			}
			started = true;
			n = MIN((u32)le.len, want - done);
			hosted_dma_write(m->pci, bus, data + done, n, "sky2 rx buffer");
			done += n;
		}
		idx = next_idx(q, idx);
		if (started && done == want)
			break;
	}
	if (!started)
		return false;
	/* Out of buffers before the end: the rest is cut off (DMA length < frame). */
	q->get = idx;
	status = gmac_status(p, f);
	css = p->idx ? YM_CSS_PORT : 0;
	if ((!stripped || ym_status_put(m, 0, tag, css, YM_OP_RXVLAN)) &&
	    ym_csum_rx(m, q, data, done, &css) &&
	    ym_status_put(m, status, (u16)done, css, YM_OP_RXSTAT)) {
		/* The MIB counts a damaged frame as an FCS error, not by its kind. */
		if (status & YM_GMR_CRC_ERR)
			p->mib[YM_MIB_RX_FCS]++;
		else
			ym_mib_count(p, false, f->data, f->len);
		m->ctr.port[p->idx].rx_frames++;
	} else {
		m->ctr.port[p->idx].rx_dropped++;
	}
	p->rx_head = (p->rx_head + 1) % YM_RX_SLOTS;
	p->rx_count--;
	rx_level_dropped(p, f->len);
	return true;
}

/* ---- Transmit ---- */

/* The VLAN bit (0x02) rides on ADDR64, LRGLEN and MSS. */
static bool tx_opcode_ok(u8 op)
{
	u8 base = op & ~YM_OP_VLAN_BIT;

	return op == YM_OP_PACKET || op == YM_OP_BUFFER || op == YM_OP_LARGESEND ||
	       op == YM_OP_VLAN || base == YM_OP_ADDR64 || base == YM_OP_LRGLEN ||
	       base == YM_OP_MSS || (op >= YM_OP_TCP_FIRST && op <= YM_OP_TCP_LAST);
}

/* One frame to the wire: the tag the LE asked for, padding, counters. */
static void tx_wire(struct sky2_model *m, struct ym_queue *q, u8 *frame, u32 len)
{
	struct ym_port *p = &m->port[q->port];

	if ((q->tx_ctrl & YM_LE_CTRL_INS_VLAN) && len >= 12) {
		memmove(frame + 16, frame + 12, len - 12);
		frame[12] = 0x81;
		frame[13] = 0x00;
		frame[14] = (u8)(q->vlan_tag >> 8);
		frame[15] = (u8)q->vlan_tag;
		len += 4;
	}
	if (len < MIN_FRAME) {
		memset(frame + len, 0, MIN_FRAME - len);
		len = MIN_FRAME;
	}
	ym_mib_count(p, true, frame, len);
	m->ctr.port[p->idx].tx_frames++;
	hosted_port_transmit(&p->hp, frame, len);
}

/*
 * Large send: one TCP/IPv4 frame from the driver leaves as segments of the
 * size the last LRGLEN (whole frame, headers included) or MSS (payload) LE
 * set. Each segment gets the headers, its IP total length and ID (counted
 * up from the driver's), its sequence number, FIN and PSH on the last only,
 * CWR on the first only, and both checksums computed whole.
 */
static void tx_large_send(struct sky2_model *m, struct ym_queue *q, u8 *frame, u32 len)
{
	struct fr_info info;
	u32 thl, hdr, seg, seq;
	u16 id;
	u8 *out = m->scratch.data;

	if (!fr_parse(frame, len, &info) || !info.ipv4 || info.proto != FR_PROTO_TCP ||
	    info.fragment || info.l4_off + 20 > len) {
		ym_bad_le(m, q, "LARGESEND of a frame that is not TCP over IPv4 (%u bytes)", len);
		return;
	}
	thl = (frame[info.l4_off + 12] >> 4) * 4u;
	hdr = info.l4_off + thl;
	if (thl < 20 || hdr > len) {
		ym_bad_le(m, q, "LARGESEND with a TCP header of %u bytes in %u", thl, len);
		return;
	}
	seg = q->tso_is_mss ? q->tso_len : (q->tso_len > hdr ? q->tso_len - hdr : 0);
	if (!seg || hdr + seg > YM_MAX_FRAME - 4) {
		ym_bad_le(m, q, "LARGESEND with segment size %u (%s %u, headers %u)", seg,
			  q->tso_is_mss ? "MSS" : "LRGLEN", q->tso_len, hdr);
		return;
	}
	seq = (u32)frame[info.l4_off + 4] << 24 | (u32)frame[info.l4_off + 5] << 16 |
	      (u32)frame[info.l4_off + 6] << 8 | frame[info.l4_off + 7];
	id = (u16)(frame[18] << 8 | frame[19]);
	for (u32 off = hdr, n = 0; off < len || (off == hdr && len == hdr); n++) {
		u32 chunk = MIN(seg, len - off), s = seq + (off - hdr);
		bool first = off == hdr, last = off + chunk >= len;
		struct fr_info si = info;
		u8 *tcp = out + info.l4_off;

		memcpy(out, frame, hdr);
		memcpy(out + hdr, frame + off, chunk);
		fr_put16(out + 16, (u16)(info.ihl + thl + chunk));
		fr_put16(out + 18, (u16)(id + n));
		tcp[4] = (u8)(s >> 24);
		tcp[5] = (u8)(s >> 16);
		tcp[6] = (u8)(s >> 8);
		tcp[7] = (u8)s;
		if (!last)
			tcp[13] &= (u8)~0x09; /* FIN, PSH */
		if (!first)
			tcp[13] &= (u8)~0x80; /* CWR */
		si.l4_len = thl + chunk;
		fr_fill_ip_csum(out, &si);
		fr_fill_l4_csum(out, &si);
		tx_wire(m, q, out, hdr + chunk);
		off += chunk;
		if (!chunk)
			break;
	}
}

static void tx_send(struct sky2_model *m, struct ym_queue *q)
{
	struct ym_port *p = &m->port[q->port];
	u8 *frame = q->tx_buf;
	u32 len = q->tx_len;
	bool large = q->tx_large;

	q->tx_len = 0;
	q->tx_large = false;
	if (q->tx_bad)
		return;
	if (!p->phy.link || !ym_mac_tx_on(p) || !(m->txa_ctrl[p->idx] & YM_TXA_ENA_ARB)) {
		m->ctr.port[p->idx].tx_dropped++;
		return;
	}
	if (large) {
		tx_large_send(m, q, frame, len);
		return;
	}
	ym_csum_tx(m, q, frame, len);
	tx_wire(m, q, frame, len);
}

static void tx_run(struct sky2_model *m, struct ym_queue *q)
{
	u8 *frame = q->tx_buf;
	bool sent = false;
	u32 done = q->get;
	struct le le;

	while (q->get != q->put && !q->halted) {
		if (!read_le(m, q, q->get, &le))
			break;
		if (!tx_opcode_ok(le.op)) {
			ym_bad_le(m, q, "LE %u opcode 0x%02x is not a transmit opcode", q->get,
				  le.op);
			break;
		}
		if ((le.op & ~YM_OP_VLAN_BIT) == YM_OP_ADDR64)
			q->addr_hi = le.addr;
		if ((le.op & ~YM_OP_VLAN_BIT) == YM_OP_LRGLEN ||
		    (le.op & ~YM_OP_VLAN_BIT) == YM_OP_MSS) {
			q->tso_len = le.addr;
			q->tso_is_mss = (le.op & ~YM_OP_VLAN_BIT) == YM_OP_MSS;
		}
		/* The tag, in network byte order, in the length field. */
		if (le.op == YM_OP_VLAN ||
		    (le.op >= YM_OP_ADDR64 && le.op < YM_OP_BUFFER && (le.op & YM_OP_VLAN_BIT)))
			q->vlan_tag = (u16)((le.len & 0xFF) << 8 | le.len >> 8);
		if (le.op >= YM_OP_TCP_FIRST && le.op <= YM_OP_TCP_LAST)
			ym_csum_le(q, le.op, le.addr, le.len);
		if (le.op == YM_OP_PACKET || le.op == YM_OP_LARGESEND || le.op == YM_OP_BUFFER) {
			u64 bus = (u64)q->addr_hi << 32 | le.addr;
			bool first = le.op != YM_OP_BUFFER;

			if (first && le.op == YM_OP_LARGESEND && !q->tso_len) {
				ym_bad_le(m, q, "LE %u: LARGESEND before any LRGLEN or MSS LE",
					  q->get);
				break;
			}
			if (first)
				q->tx_ctrl = le.ctrl;
			if (first && !q->tx_len)
				q->tx_large = le.op == YM_OP_LARGESEND;
			if (first && q->tx_len) {
				ym_bad_le(m, q, "LE %u: PACKET inside a frame that had no EOP",
					  q->get);
				break;
			}
			if (!first && !q->tx_len) {
				ym_bad_le(m, q, "LE %u: BUFFER without a PACKET before it", q->get);
				break;
			}
			if (!le.len || q->tx_len + le.len >
					   (q->tx_large ? YM_TX_BUF_BYTES - 4 : YM_MAX_FRAME)) {
				ym_bad_le(m, q, "LE %u: fragment of %u bytes (frame so far %u)",
					  q->get, le.len, q->tx_len);
				break;
			}
			if (!hosted_dma_read(m->pci, bus, frame + q->tx_len, le.len,
					     "sky2 tx buffer"))
				q->tx_bad = true;
			q->tx_len += le.len;
			if (le.ctrl & YM_LE_CTRL_EOP) {
				q->get = next_idx(q, q->get);
				tx_send(m, q);
				sent = true;
				done = q->get;
				continue;
			}
		}
		q->get = next_idx(q, q->get);
	}
	/* Report up to the end of the last whole frame, even if a bad LE follows. */
	if (sent)
		ym_status_tx_done(m, q->port, done);
}

u64 ym_queue_tick(struct sky2_model *m, u64 now)
{
	for (unsigned int i = 0; i < m->nports; i++) {
		struct ym_port *p = &m->port[i];

		if (ring_ready(m, p->txq))
			tx_run(m, p->txq);
		while (p->rx_count && ring_ready(m, p->rxq) && ym_mac_rx_on(p))
			if (!rx_one(m, p))
				break;
	}
	(void)now;
	return UINT64_MAX;
}

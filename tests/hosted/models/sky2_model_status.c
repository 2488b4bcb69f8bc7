// SPDX-License-Identifier: BSD-2-Clause
/*
 * Yukon-2 model: the status unit. One ring of 8-byte status LEs for both
 * ports: the receive engine reports each frame (RXSTAT), the transmit side
 * reports done indexes of both ports in one TXINDEXLE. Each LE is written
 * with HW_OWNER and then PUT_IDX advances; there is no consumer index, so a
 * slot the driver has not handed back (HW_OWNER still set) means the driver
 * fell a whole ring behind: the model reports it instead of overwriting.
 *
 * Interrupt (STAT_BMU) policy, on the simulated core clock:
 *  - new LEs since the last raise or clear make it due;
 *  - with the level timer running, not before level-INI ticks after the
 *    oldest of them; with the ISR timer running, not before ISR-INI ticks
 *    after the last STAT_CTRL clear-IRQ; otherwise at once;
 *  - clear-IRQ forgets LEs written before it: only later ones raise again.
 * Transmit reports: when the done index of a port moved by at least the Tx
 * index threshold, or Tx-INI ticks after the oldest unreported completion
 * with the Tx timer running, or at once when the threshold is 0 and the
 * timer stopped. The FIFO watermarks are stored and otherwise ignored.
 */
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/models/sky2_model_internal.h"

static u32 ring_len(const struct sky2_model *m)
{
	return m->su_last_idx + 1;
}

void ym_status_chip_reset(struct sky2_model *m)
{
	m->su_reset = true;
	m->su_on = false;
	m->su_ring = 0;
	m->su_last_idx = m->su_put = m->su_tx_th = 0;
	m->su_wm = m->su_isr_wm = 0;
	m->lev_timer = m->tx_timer = m->isr_timer = (struct ym_timer){ 0 };
	m->stat_irq = false;
	m->unsignalled = 0;
	for (unsigned int i = 0; i < 2; i++) {
		m->tx_done[i] = m->tx_reported[i] = 0;
		m->tx_first_unreported[i] = 0;
	}
}

bool ym_status_put(struct sky2_model *m, u32 status, u16 len, u8 css, u8 opcode)
{
	u64 slot;
	u8 raw[YM_LE_SIZE], owner;

	if (!m->su_on) {
		ym_fail(m, "status LE 0x%02x to report with the status unit off", opcode);
		return false;
	}
	slot = m->su_ring + (u64)m->su_put * YM_LE_SIZE;
	if (!hosted_dma_read(m->pci, slot + 7, &owner, 1, "sky2 status LE"))
		return false;
	if (owner & YM_LE_HW_OWNER) {
		ym_fail(m,
			"status entry %u overwritten while still owned by hardware: the "
			"driver did not consume the ring in time (opcode 0x%02x dropped)",
			m->su_put, opcode);
		return false;
	}
	for (unsigned int b = 0; b < 4; b++)
		raw[b] = (u8)(status >> (8 * b));
	raw[4] = (u8)len;
	raw[5] = (u8)(len >> 8);
	raw[6] = css;
	raw[7] = opcode | YM_LE_HW_OWNER;
	/* Fuzzing: receive reports count as receive descriptors, the rest as status. */
	if (opcode >= YM_OP_RXSTAT && opcode < YM_OP_TXINDEXLE)
		hosted_tamper_rx_desc(m->tamper, raw, sizeof(raw));
	else
		hosted_tamper_status(m->tamper, raw, sizeof(raw));
	if (!hosted_dma_write(m->pci, slot, raw, sizeof(raw), "sky2 status LE"))
		return false;
	m->su_put = (m->su_put + 1) % ring_len(m);
	m->ctr.status_les++;
	if (!m->unsignalled++)
		m->first_unsignalled = hosted_now();
	return true;
}

static u64 stat_irq_due(struct sky2_model *m)
{
	u64 due = 0;

	if (m->lev_timer.running)
		due = m->first_unsignalled + ym_ticks_to_ns(m, m->lev_timer.ini);
	if (m->isr_timer.running)
		due = MAX(due, m->last_clear + ym_ticks_to_ns(m, m->isr_timer.ini));
	return due;
}

static u64 tx_report_due(struct sky2_model *m, unsigned int port)
{
	u32 n = m->q[port ? YM_QXA2 : YM_QXA1].last_idx + 1;
	u32 moved = (m->tx_done[port] + n - m->tx_reported[port]) % n;

	if (m->tx_done[port] == m->tx_reported[port])
		return UINT64_MAX;
	if (m->su_tx_th && moved >= m->su_tx_th)
		return 0;
	if (m->tx_timer.running)
		return m->tx_first_unreported[port] + ym_ticks_to_ns(m, m->tx_timer.ini);
	return m->su_tx_th ? UINT64_MAX : 0;
}

static void tx_report(struct sky2_model *m)
{
	u32 p1 = m->tx_done[0] & YM_PREF_IDX_MASK, p2 = m->tx_done[1] & YM_PREF_IDX_MASK;

	/* Port 1 in status[11:0], port 2 split: status[31:24] and len[3:0]. */
	if (!ym_status_put(m, p1 | (p2 & 0xFF) << 24, (u16)(p2 >> 8), 0, YM_OP_TXINDEXLE))
		return;
	for (unsigned int i = 0; i < 2; i++)
		m->tx_reported[i] = m->tx_done[i];
}

void ym_status_tx_done(struct sky2_model *m, unsigned int port, u32 get)
{
	if (m->tx_done[port] == m->tx_reported[port])
		m->tx_first_unreported[port] = hosted_now();
	m->tx_done[port] = get;
	ym_status_tick(m, hosted_now());
}

u64 ym_status_tick(struct sky2_model *m, u64 now)
{
	u64 next = UINT64_MAX, due;

	if (!m->su_on)
		return next;
	for (unsigned int i = 0; i < m->nports; i++) {
		due = tx_report_due(m, i);
		if (due <= now)
			tx_report(m);
		else
			next = MIN(next, due);
	}
	if (m->unsignalled && !m->stat_irq) {
		due = stat_irq_due(m);
		if (due <= now) {
			m->stat_irq = true;
			m->unsignalled = 0;
			ym_update_irq(m);
		} else {
			next = MIN(next, due);
		}
	}
	return next;
}

static void ctrl_write(struct sky2_model *m, u32 val)
{
	if (ym_pairs_conflict(m, "STAT_CTRL", val, 0x5))
		return;
	if (val & YM_UNIT_RST_SET)
		ym_status_chip_reset(m);
	if (val & YM_UNIT_RST_CLR)
		m->su_reset = false;
	if (val & YM_UNIT_OP_OFF)
		m->su_on = false;
	if (val & YM_STAT_CLR_IRQ) {
		m->stat_irq = false;
		m->unsignalled = 0;
		m->last_clear = hosted_now();
		ym_update_irq(m);
	}
	if (!(val & YM_UNIT_OP_ON))
		return;
	if (m->su_reset)
		ym_fail(m, "status unit turned on while held in reset");
	else if (!m->su_ring || (m->su_ring & (YM_LE_SIZE - 1)))
		ym_fail(m, "status unit turned on with ring address 0x%llx (zero or unaligned)",
			(unsigned long long)m->su_ring);
	else if (!m->su_last_idx || (ring_len(m) & m->su_last_idx))
		ym_fail(m,
			"status unit turned on with LAST_IDX %u: the ring must be a power of "
			"two of 2..4096 entries",
			m->su_last_idx);
	else
		m->su_on = true;
}

static struct ym_timer *timer_of(struct sky2_model *m, u32 base, const char **name)
{
	if (base == YM_STAT_LEV_TIMER) {
		*name = "STAT_LEV_TIMER";
		return &m->lev_timer;
	}
	if (base == YM_STAT_TX_TIMER) {
		*name = "STAT_TX_TIMER";
		return &m->tx_timer;
	}
	if (base == YM_STAT_ISR_TIMER) {
		*name = "STAT_ISR_TIMER";
		return &m->isr_timer;
	}
	return NULL;
}

bool ym_status_read(struct sky2_model *m, u32 dw, u32 be, u32 *val)
{
	const char *name;
	struct ym_timer *t = timer_of(m, dw & ~0xFu, &name);

	if (t) {
		switch (dw & 0xF) {
		case YM_TIMER_INI: *val = t->ini; return true;
		case YM_TIMER_CNT: *val = 0; return true;
		case YM_TIMER_CTRL: *val = t->running ? YM_TIM_START : YM_TIM_STOP; return true;
		}
		return false;
	}
	switch (dw) {
	case YM_STAT_CTRL:
		*val = (m->su_reset ? YM_UNIT_RST_SET : YM_UNIT_RST_CLR) |
		       (m->su_on ? YM_UNIT_OP_ON : YM_UNIT_OP_OFF);
		return true;
	case YM_STAT_LAST_IDX: *val = m->su_last_idx; return true;
	case YM_STAT_ADDR_LO: *val = (u32)m->su_ring; return true;
	case YM_STAT_ADDR_HI: *val = (u32)(m->su_ring >> 32); return true;
	case YM_STAT_TXA1_RIDX: *val = m->tx_reported[0]; return true;
	case YM_STAT_TXA2_RIDX: *val = m->tx_reported[1]; return true;
	case YM_STAT_TX_IDX_TH: *val = m->su_tx_th; return true;
	case YM_STAT_PUT_IDX: *val = m->su_put; return true;
	case YM_STAT_FIFO_WM: *val = m->su_wm | m->su_isr_wm << 8; return true;
	}
	return false;
}

bool ym_status_write(struct sky2_model *m, u32 dw, u32 val, u32 be)
{
	const char *name;
	struct ym_timer *t = timer_of(m, dw & ~0xFu, &name);

	if (dw == YM_STAT_CTRL) {
		ctrl_write(m, val);
		return true;
	}
	if (dw == YM_STAT_TXA1_RIDX || dw == YM_STAT_TXA2_RIDX || dw == YM_STAT_PUT_IDX) {
		ym_fail(m, "write to read-only status unit register 0x%04x", dw);
		return true;
	}
	if (!t && dw != YM_STAT_LAST_IDX && dw != YM_STAT_ADDR_LO && dw != YM_STAT_ADDR_HI &&
	    dw != YM_STAT_TX_IDX_TH && dw != YM_STAT_FIFO_WM)
		return false;
	if (m->su_reset) {
		ym_fail(m, "status unit register 0x%04x written while the unit is held in reset",
			dw);
		return true;
	}
	if (t) {
		if ((dw & 0xF) == YM_TIMER_INI) {
			t->ini = val;
		} else if ((dw & 0xF) == YM_TIMER_CTRL) {
			u8 c = val & 0xFF;

			if (!(be & 1))
				return true; /* the test byte: accepted, ignored */
			if (ym_pairs_conflict(m, name, c & 6, YM_TIM_STOP))
				return true;
			if (c & YM_TIM_STOP)
				t->running = false;
			if (c & YM_TIM_START)
				t->running = true; /* INI 0 (BSD keeps the default): no delay */
		} else {
			return false;
		}
		ym_status_tick(m, hosted_now());
		return true;
	}
	if (dw == YM_STAT_TX_IDX_TH) {
		m->su_tx_th = val & YM_PREF_IDX_MASK;
		return true;
	}
	if (dw == YM_STAT_FIFO_WM) {
		if (be & 1)
			m->su_wm = val & 0xFF;
		if (be & 2)
			m->su_isr_wm = (val >> 8) & 0xFF;
		return true;
	}
	if (m->su_on) {
		ym_fail(m, "status ring register 0x%04x changed while the unit runs", dw);
		return true;
	}
	if (dw == YM_STAT_LAST_IDX)
		m->su_last_idx = val & YM_PREF_IDX_MASK;
	else if (dw == YM_STAT_ADDR_LO)
		m->su_ring = (m->su_ring & ~0xFFFFFFFFull) | val;
	else
		m->su_ring = (m->su_ring & 0xFFFFFFFFull) | (u64)val << 32;
	return true;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * skge model: the six descriptor engines (BMUs) and their RAM buffers.
 *
 * A queue is programmed with the bus address of its current descriptor and
 * started through its CSR. The receive BMU puts frames into the descriptors
 * it owns, following `next`, and stops at the first one it does not own; it
 * then sits idle until the driver starts it again. The transmit BMU sends
 * FIRST..LAST chains it owns and goes idle at the first it does not own
 * until the next start. Completion clears OWN and writes back; the queue's
 * end-of-frame source is raised only when the descriptor asks for it.
 *
 * The chip family does 32-bit DMA only: every descriptor and buffer address
 * must have a zero high dword (so a ring cannot cross 4 GiB either), and
 * descriptors must be 8-byte aligned. Host memory is reached only through
 * hosted_dma_read/write, which check the addresses are live.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/models/skge_model_internal.h"

#define ALL_SM_PAIRS 0x7Fu

/* Run/reset bit pairs of the seven state machines, in SKR_CSR_* order. */
static const u32 sm_run[7] = { SKR_CSR_DESC_CLR, SKR_CSR_FIFO_CLR,  SKR_CSR_HPI_RUN,
			       SKR_CSR_SV_RUN,	 SKR_CSR_DREAD_RUN, SKR_CSR_DWRITE_RUN,
			       SKR_CSR_TRANS_RUN };
static const u32 sm_rst[7] = { SKR_CSR_DESC_SET, SKR_CSR_FIFO_SET,  SKR_CSR_HPI_RST,
			       SKR_CSR_SV_RST,	 SKR_CSR_DREAD_RST, SKR_CSR_DWRITE_RST,
			       SKR_CSR_TRANS_RST };

static const struct {
	u16 base;
	unsigned int port;
	bool rx;
	const char *name;
	u32 eof_source;
} queue_defs[SKM_NR_QUEUES] = {
	{ SKR_Q_R1, 0, true, "RXQ1", SKR_IS_R1_F },
	{ SKR_Q_R2, 1, true, "RXQ2", SKR_IS_R2_F },
	{ SKR_Q_XS1, 0, false, "TXQS1", SKR_IS_XS1_F },
	{ SKR_Q_XA1, 0, false, "TXQA1", SKR_IS_XA1_F },
	{ SKR_Q_XS2, 1, false, "TXQS2", SKR_IS_XS2_F },
	{ SKR_Q_XA2, 1, false, "TXQA2", SKR_IS_XA2_F },
};

static bool q_running(const struct skm_queue *q)
{
	return q->sm_running == ALL_SM_PAIRS;
}

/*
 * Whether OWN gives descriptors to this queue: its state machines run and no
 * STOP has been written since its last start. A start the chip lost does not
 * change it: a BMU may fetch an owned descriptor at any time (polling).
 */
bool skm_owns_descriptors(const struct skm_queue *q)
{
	return q_running(q) && !q->stop_seen;
}

static struct skm_queue *queue_at(struct skge_model *m, u32 base)
{
	for (unsigned int i = 0; i < SKM_NR_QUEUES; i++)
		if (m->q[i].base == base)
			return &m->q[i];
	return NULL;
}

static struct skm_rambuf *rb_of(struct skge_model *m, const struct skm_queue *q)
{
	return &m->rb[q - m->q];
}

void skm_bmu_init(struct skge_model *m)
{
	for (unsigned int i = 0; i < SKM_NR_QUEUES; i++) {
		struct skm_queue *q = &m->q[i];
		u32 rb = q->base + SKR_RB_BASE_FROM_Q;

		q->base = queue_defs[i].base;
		q->port = queue_defs[i].port;
		q->rx = queue_defs[i].rx;
		q->name = queue_defs[i].name;
		rb = q->base + SKR_RB_BASE_FROM_Q;
		if (q->port >= m->nports)
			continue;
		skm_define(m, q->base, SKR_Q_END, SKM_SPECIAL);
		skm_define(m, rb, SKR_RB_RX_UTPP, SKM_SPECIAL);
		if (q->rx)
			skm_define(m, rb + SKR_RB_RX_UTPP, 0x10, SKM_SPECIAL);
		skm_define(m, rb + SKR_RB_PC, 8, SKM_SPECIAL);
		skm_define(m, rb + SKR_RB_CTRL, 4, SKM_SPECIAL);
	}
	for (unsigned int n = 0; n < 2; n++) {
		struct skm_port *p = &m->port[n];

		p->rxq = &m->q[n];
		p->txs = &m->q[2 + 2 * n];
		p->txa = &m->q[3 + 2 * n];
	}
}

void skm_bmu_reset(struct skge_model *m)
{
	for (unsigned int i = 0; i < SKM_NR_QUEUES; i++) {
		struct skm_queue *q = &m->q[i];
		unsigned int lose = q->starts_to_lose;

		skm_own_clear(m, q);
		memset(&q->sm_running, 0, sizeof(*q) - offsetof(struct skm_queue, sm_running));
		q->starts_to_lose = lose;
		q->idle = true;
		memset(&m->rb[i], 0, sizeof(m->rb[i]));
		m->rb[i].in_reset = true;
	}
}

u32 skm_queue_sources(const struct skge_model *m)
{
	u32 src = 0;

	for (unsigned int i = 0; i < SKM_NR_QUEUES; i++)
		if (m->q[i].eof_irq)
			src |= queue_defs[i].eof_source;
	return src;
}

/* ---- CSR ---- */

u32 skm_csr_read(const struct skge_model *m, const struct skm_queue *q)
{
	u32 v = 0;

	for (unsigned int i = 0; i < 7; i++)
		v |= (q->sm_running & BIT(i)) ? sm_run[i] : sm_rst[i];
	if (!q->started || q->idle)
		v |= SKR_CSR_SV_IDLE;
	if (q->started)
		v |= SKR_CSR_START;
	else
		v |= SKR_CSR_STOP;
	return v;
}

static void start_queue(struct skge_model *m, struct skm_queue *q)
{
	struct skm_port *p = &m->port[q->port];

	if (!q_running(q)) {
		skm_fail(m,
			 "%s started while its state machines are held in reset (CSR run bits "
			 "0x%02x of 0x7f released)",
			 q->name, q->sm_running);
		return;
	}
	if (!q->da_written) {
		skm_fail(m, "%s started before its descriptor address was written", q->name);
		return;
	}
	if (!rb_of(m, q)->on)
		skm_fail(m, "%s started while its RAM buffer is not in operational mode", q->name);
	if (!q->rx && q->starts_to_lose) {
		/* The start write is lost: frames wait for a later start. */
		q->starts_to_lose--;
		p->ctr.tx_starts_lost++;
		return;
	}
	if (q->rx && q->started && q->idle)
		p->ctr.rx_bmu_restarts++;
	q->started = true;
	q->idle = false;
	q->kick = true;
}

void skm_csr_write(struct skge_model *m, struct skm_queue *q, u32 val)
{
	int r;

	for (unsigned int i = 0; i < 7; i++) {
		r = skm_pair(m, val, sm_run[i], sm_rst[i], q->name);
		if (r > 0) {
			q->sm_running |= BIT(i);
		} else if (r < 0) {
			q->sm_running &= ~BIT(i);
			q->started = false;
			q->idle = true;
			q->kick = false;
		}
	}
	/* Polling on or off: the model only fetches on a start (see README). */
	skm_pair(m, val, SKR_CSR_DIS_POL, SKR_CSR_ENA_POL, "BMU CSR descriptor polling");
	if (val & (SKR_CSR_IRQ_CL_F))
		q->eof_irq = false;
	if ((val & SKR_CSR_IRQ_CL_P) && q->rx)
		skm_hwe_clear(m, q->port ? SKR_HWE_R2_PAR : SKR_HWE_R1_PAR);
	r = skm_pair(m, val, SKR_CSR_STOP, SKR_CSR_START, "BMU CSR start/stop");
	if (r > 0) {
		q->started = false;
		q->kick = false;
		q->stop_seen = true;
	} else if (r < 0) {
		q->stop_seen = false;
		start_queue(m, q);
	}
	/* Stopped or held in reset: the driver may take everything back now. */
	if (!skm_owns_descriptors(q))
		skm_own_clear(m, q);
	skm_update_irq(m);
}

u32 skm_bmu_read(struct skge_model *m, u32 off, unsigned int size)
{
	struct skm_queue *q = queue_at(m, off & ~0x7Fu);
	u32 reg = off & 0x7F;

	if (!q) {
		skm_fail(m, "queue register 0x%03x read: no such queue", off);
		return ~0u;
	}
	if (reg >= SKR_Q_CSR && reg < SKR_Q_CSR + 4)
		return skm_csr_read(m, q) >> (8 * (reg - SKR_Q_CSR));
	if (reg < SKR_Q_DA_L && size == 4)
		return q->desc_copy[reg / 4];
	switch (reg) {
	case SKR_Q_DA_L: return q->da_lo;
	case SKR_Q_DA_H: return q->da_hi;
	}
	return skm_get(m, off, size);
}

void skm_bmu_write(struct skge_model *m, u32 off, unsigned int size, u32 val)
{
	struct skm_queue *q = queue_at(m, off & ~0x7Fu);
	u32 reg = off & 0x7F;

	if (!q) {
		skm_fail(m, "queue register 0x%03x written: no such queue", off);
		return;
	}
	if (reg == SKR_Q_CSR) {
		skm_csr_write(m, q, val);
		return;
	}
	if (reg == SKR_Q_DA_L || reg == SKR_Q_DA_H) {
		if (size != 4) {
			skm_fail(m, "%s descriptor address written %u bytes wide", q->name, size);
			return;
		}
		if (q->sm_running != ALL_SM_PAIRS)
			skm_fail(m, "%s descriptor address written while the BMU is held in reset",
				 q->name);
		if (q->started && !q->idle)
			skm_fail(m, "%s descriptor address changed under a running BMU", q->name);
		if (reg == SKR_Q_DA_L) {
			q->da_lo = val;
			q->da_written = true;
		} else {
			q->da_hi = val;
		}
		return;
	}
	if (reg >= SKR_Q_F && reg < SKR_Q_END) {
		skm_put(m, off, size, val); /* watermark and test registers: kept */
		return;
	}
	skm_fail(m, "%s register +0x%02x is read-only (wrote 0x%x)", q->name, reg, val);
}

/* ---- RAM buffers ---- */

static const char *rb_overlap(struct skge_model *m, const struct skm_rambuf *rb)
{
	for (unsigned int i = 0; i < SKM_NR_QUEUES; i++) {
		const struct skm_rambuf *o = &m->rb[i];

		if (o == rb || !o->on)
			continue;
		if (rb->start <= o->end && o->start <= rb->end)
			return m->q[i].name;
	}
	return NULL;
}

static void rb_ctrl_write(struct skge_model *m, struct skm_queue *q, u32 val)
{
	struct skm_rambuf *rb = rb_of(m, q);
	int r = skm_pair(m, val, SKR_RB_RST_SET, SKR_RB_RST_CLR, "RB_CTRL reset");
	int op = skm_pair(m, val, SKR_RB_ENA_OP, SKR_RB_DIS_OP, "RB_CTRL operational mode");
	const char *other;

	skm_pair(m, val, SKR_RB_ENA_STFWD, SKR_RB_DIS_STFWD, "RB_CTRL store-and-forward");
	if (r > 0) {
		rb->in_reset = true;
		rb->on = false;
		rb->bounds_written = 0;
		if (q->rx)
			skm_rx_flush(&m->port[q->port]); /* what the buffer held is gone */
	} else if (r < 0) {
		rb->in_reset = false;
	}
	if (op < 0)
		rb->on = false;
	if (op <= 0)
		return;
	if (rb->in_reset) {
		skm_fail(m, "%s RAM buffer switched on while held in reset", q->name);
		return;
	}
	if (m->ri_reset) {
		skm_fail(m,
			 "%s RAM buffer switched on while B3_RI_CTRL holds the RAM interface "
			 "in reset",
			 q->name);
		return;
	}
	if ((rb->bounds_written & 0xF) != 0xF) {
		skm_fail(m,
			 "%s RAM buffer switched on before start/end/write/read pointers were "
			 "all set (have 0x%x)",
			 q->name, rb->bounds_written);
		return;
	}
	if (rb->start > rb->end || (u64)(rb->end + 1) * 8 > m->ram_size) {
		skm_fail(m, "%s RAM buffer [0x%x, 0x%x] (8-byte units) outside the %u KiB of RAM",
			 q->name, rb->start, rb->end, m->ram_size / 1024);
		return;
	}
	other = rb_overlap(m, rb);
	if (other) {
		skm_fail(m, "%s RAM buffer [0x%x, 0x%x] overlaps %s's", q->name, rb->start, rb->end,
			 other);
		return;
	}
	rb->on = true;
}

u32 skm_rb_read(struct skge_model *m, u32 off, unsigned int size)
{
	struct skm_queue *q = queue_at(m, (off & ~0x7Fu) - SKR_RB_BASE_FROM_Q);
	struct skm_rambuf *rb = rb_of(m, q);
	u32 reg = off & 0x7F;

	switch (reg) {
	case SKR_RB_START: return rb->start;
	case SKR_RB_END: return rb->end;
	case SKR_RB_WP: return rb->wp;
	case SKR_RB_RP: return rb->rp;
	case SKR_RB_CTRL:
		return (skm_get(m, off + 1, 3) << 8) |
		       (rb->in_reset ? SKR_RB_RST_SET : SKR_RB_RST_CLR) |
		       (rb->on ? SKR_RB_ENA_OP : SKR_RB_DIS_OP) | rb->ctrl_bits;
	}
	if (reg >= SKR_RB_RX_UTPP && reg < SKR_RB_PC)
		return rb->thr[(reg - SKR_RB_RX_UTPP) / 4];
	return skm_get(m, off, size);
}

void skm_rb_write(struct skge_model *m, u32 off, unsigned int size, u32 val)
{
	struct skm_queue *q = queue_at(m, (off & ~0x7Fu) - SKR_RB_BASE_FROM_Q);
	struct skm_rambuf *rb = rb_of(m, q);
	u32 reg = off & 0x7F;

	if (reg == SKR_RB_CTRL) {
		rb_ctrl_write(m, q, val & 0xFF);
		return;
	}
	if (reg > SKR_RB_CTRL) {
		skm_put(m, off, size, val);
		return;
	}
	if (reg >= SKR_RB_PC) {
		skm_fail(m, "%s RAM buffer register +0x%02x is read-only", q->name, reg);
		return;
	}
	if (size != 4) {
		skm_fail(m, "%s RAM buffer register +0x%02x written %u bytes wide", q->name, reg,
			 size);
		return;
	}
	if (rb->in_reset) {
		skm_fail(m,
			 "%s RAM buffer register +0x%02x written while held in reset (clear "
			 "the reset first)",
			 q->name, reg);
		return;
	}
	if (rb->on) {
		skm_fail(m, "%s RAM buffer register +0x%02x changed while operational", q->name,
			 reg);
		return;
	}
	switch (reg) {
	case SKR_RB_START: rb->start = val; break;
	case SKR_RB_END: rb->end = val; break;
	case SKR_RB_WP: rb->wp = val; break;
	case SKR_RB_RP: rb->rp = val; break;
	default: rb->thr[(reg - SKR_RB_RX_UTPP) / 4] = val; return;
	}
	rb->bounds_written |= (u8)BIT(reg / 4);
}

/* ---- Descriptors ---- */

struct skm_desc {
	u32 w[8];
};

static bool desc_addr_ok(struct skge_model *m, struct skm_queue *q, u64 *bus)
{
	if (q->da_hi) {
		skm_fail(m, "%s descriptor address high dword 0x%x: the chip does 32-bit DMA only",
			 q->name, q->da_hi);
		return false;
	}
	if (q->da_lo & 7) {
		skm_fail(m, "%s descriptor at 0x%08x is not 8-byte aligned", q->name, q->da_lo);
		return false;
	}
	if ((u64)q->da_lo + SKR_DESC_SIZE > (1ull << 32)) {
		skm_fail(m, "%s descriptor at 0x%08x crosses 4 GiB", q->name, q->da_lo);
		return false;
	}
	*bus = q->da_lo;
	return true;
}

static bool read_desc(struct skge_model *m, struct skm_queue *q, u64 bus, struct skm_desc *d)
{
	u8 raw[SKR_DESC_SIZE];

	if (!hosted_dma_read(m->pci, bus, raw, sizeof(raw), q->name))
		return false;
	for (unsigned int i = 0; i < 8; i++)
		d->w[i] = (u32)raw[4 * i] | (u32)raw[4 * i + 1] << 8 | (u32)raw[4 * i + 2] << 16 |
			  (u32)raw[4 * i + 3] << 24;
	memcpy(q->desc_copy, d->w, sizeof(d->w));
	return true;
}

static bool write_desc_words(struct skge_model *m, struct skm_queue *q, u64 bus,
			     const struct skm_desc *d, unsigned int first, unsigned int count)
{
	u8 raw[SKR_DESC_SIZE];

	for (unsigned int i = first; i < first + count; i++)
		for (unsigned int b = 0; b < 4; b++)
			raw[4 * i + b] = (u8)(d->w[i] >> (8 * b));
	return hosted_dma_write(m->pci, bus + 4 * first, &raw[4 * first], 4 * count, q->name);
}

static bool opcode_ok(struct skge_model *m, struct skm_queue *q, u32 ctl)
{
	u32 opc = (ctl & SKR_CTL_OPC_MASK) >> SKR_CTL_OPC_SHIFT;

	if (opc == SKR_OPC_DEFAULT || opc == SKR_OPC_TCP ||
	    (opc == SKR_OPC_UDP && !skm_is_genesis(m)))
		return true;
	skm_fail(m, "%s descriptor at 0x%08x has BMU check opcode 0x%02x (0x55/0x56%s expected)",
		 q->name, q->da_lo, opc, skm_is_genesis(m) ? "" : "/0x57");
	return false;
}

static bool buffer_ok(struct skge_model *m, struct skm_queue *q, const struct skm_desc *d)
{
	if (d->w[SKR_DESC_ADDR_HI / 4]) {
		skm_fail(m,
			 "%s descriptor at 0x%08x: buffer address high dword 0x%x (32-bit DMA "
			 "only)",
			 q->name, q->da_lo, d->w[SKR_DESC_ADDR_HI / 4]);
		return false;
	}
	if ((u64)d->w[SKR_DESC_ADDR_LO / 4] + (d->w[0] & SKR_CTL_LEN_MASK) > (1ull << 32)) {
		skm_fail(m, "%s descriptor at 0x%08x: buffer 0x%08x+%u crosses 4 GiB", q->name,
			 q->da_lo, d->w[SKR_DESC_ADDR_LO / 4], d->w[0] & SKR_CTL_LEN_MASK);
		return false;
	}
	if (!(d->w[0] & SKR_CTL_LEN_MASK)) {
		skm_fail(m, "%s descriptor at 0x%08x has a zero-length buffer", q->name, q->da_lo);
		return false;
	}
	return opcode_ok(m, q, d->w[0]);
}

/*
 * Ones' complement sum of frame[start..len) taken as little-endian 16-bit words,
 * as the receive checksum unit stores it (both reference drivers byte-swap it to
 * get the network-order sum).
 */
static u16 rx_csum(const u8 *frame, u32 len, u32 start)
{
	u32 sum = 0;

	for (u32 i = start; i < len; i++)
		sum += (i - start) & 1 ? (u32)frame[i] << 8 : frame[i];
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	return (u16)sum;
}

/* ---- Receive ---- */

/* Whether a frame from the wire gets past the MAC into the receive FIFO. */
static bool rx_admit(struct skm_port *p, const u8 *frame, u32 len)
{
	struct skge_model *m = p->m;

	/* During a cable flap the PHY passes nothing up to the MAC. */
	if (!skm_mac_rx_enabled(p) || !m->rb[p->rxq - m->q].on || !skm_carrier(p)) {
		p->ctr.rx_dropped++;
		return false;
	}
	if (len > SKM_MAX_FRAME - 4) {
		p->ctr.rx_dropped++;
		return false;
	}
	if (!skm_mac_accepts(p, frame, len)) {
		p->ctr.rx_filtered++;
		return false;
	}
	return true;
}

/* Bytes the port's receive RAM buffer holds, as the driver programmed it (0: not on). */
static u32 rx_ram_size(const struct skm_port *p)
{
	const struct skm_rambuf *rb = &p->m->rb[p->rxq - p->m->q];

	return rb->on ? (rb->end - rb->start + 1) * SKM_RB_WORD : 0;
}

static void rx_tick(struct skm_port *p);

/*
 * A frame from the wire goes into the port's receive RAM buffer, and on to
 * host memory at once if the BMU is running (the wire delivers a burst at
 * once; the chip would move frames to the host while more arrive). When the
 * RAM buffer cannot hold it the MAC drops it and counts an overflow: that is
 * the only receive loss a driver that keeps descriptors posted can cause.
 */
void skm_rx_enqueue(struct skm_port *p, const u8 *frame, u32 len)
{
	struct skm_frame *f;
	u32 cost = SKM_RB_FRAME_COST(len);

	if (!rx_admit(p, frame, len))
		return;
	if (p->rb_used + cost > rx_ram_size(p)) {
		p->ctr.rx_overruns++;
		if (!q_running(p->rxq) || !p->rxq->started || p->rxq->idle)
			p->ctr.rx_no_buffer++;
		skm_mac_count_rx_overflow(p);
		return;
	}
	f = malloc(sizeof(*f));
	if (!f) {
		p->ctr.rx_dropped++;
		return;
	}
	f->next = NULL;
	f->len = len;
	memcpy(f->data, frame, len);
	if (p->rb_tail)
		p->rb_tail->next = f;
	else
		p->rb_head = f;
	p->rb_tail = f;
	p->rb_used += cost;
	rx_tick(p);
	skm_update_irq(p->m);
}

static struct skm_frame *fifo_pop(struct skm_port *p)
{
	struct skm_frame *f = p->rb_head;

	p->rb_head = f->next;
	if (!p->rb_head)
		p->rb_tail = NULL;
	p->rb_used -= SKM_RB_FRAME_COST(f->len);
	return f;
}

void skm_rx_flush(struct skm_port *p)
{
	while (p->rb_head)
		free(fifo_pop(p));
}

u32 skge_model_rx_ram_used(const struct skge_model *m, unsigned int port)
{
	return port < m->nports ? m->port[port].rb_used : 0;
}

u32 skge_model_rx_ram_size(const struct skge_model *m, unsigned int port)
{
	return port < m->nports ? rx_ram_size(&m->port[port]) : 0;
}

/* Put one frame into the current descriptor; false when the BMU cannot take it. */
static bool rx_one(struct skm_port *p, const struct skm_frame *f)
{
	struct skge_model *m = p->m;
	struct skm_queue *q = p->rxq;
	struct skm_desc d, out;
	u64 bus;
	u32 ctl, buflen, n, starts, wire_len;
	const u8 *data;
	bool bad_fcs;

	if (!desc_addr_ok(m, q, &bus) || !read_desc(m, q, bus, &d)) {
		q->idle = true;
		return false;
	}
	ctl = d.w[0];
	if (!(ctl & SKR_CTL_OWN)) {
		q->idle = true;
		return false;
	}
	if (!buffer_ok(m, q, &d)) {
		q->idle = true;
		return false;
	}
	buflen = ctl & SKR_CTL_LEN_MASK;
	data = f->data;
	wire_len = f->len;
	if (skm_mac_keeps_fcs(p)) {
		u32 fcs = skm_fcs(f->data, f->len);

		memcpy(m->scratch.data, f->data, f->len);
		for (unsigned int i = 0; i < 4; i++)
			m->scratch.data[f->len + i] = (u8)(fcs >> (8 * i));
		data = m->scratch.data;
		wire_len += 4;
	}
	n = MIN(wire_len, buflen);
	if (!hosted_dma_write(m->pci, d.w[SKR_DESC_ADDR_LO / 4], data, n, "skge rx buffer")) {
		q->idle = true;
		return false;
	}
	bad_fcs = p->rx_error_frames != 0;
	if (bad_fcs)
		p->rx_error_frames--;
	starts = d.w[SKR_DESC_CSUM_ST / 4];
	d.w[0] = (ctl & (SKR_CTL_IRQ_EOF | SKR_CTL_IRQ_EOB | SKR_CTL_OPC_MASK)) | SKR_CTL_STF |
		 SKR_CTL_EOF | SKR_CTL_STAT_VAL | n;
	d.w[SKR_DESC_STATUS / 4] = skm_mac_rx_status(p, f->data, wire_len, n < wire_len, bad_fcs);
	d.w[SKR_DESC_TSTAMP / 4] = 0;
	d.w[SKR_DESC_CSUM / 4] =
	    rx_csum(data, n, starts & 0xFFFF) | (u32)rx_csum(data, n, starts >> 16) << 16;
	/* Status words first, then the control word that hands the descriptor back. */
	out = d;
	hosted_tamper_rx_desc(m->tamper, out.w, sizeof(out.w));
	if (!write_desc_words(m, q, bus, &out, 4, 3) || !write_desc_words(m, q, bus, &out, 0, 1)) {
		q->idle = true;
		return false;
	}
	skm_own_release(m, q, (u32)bus);
	q->da_lo = d.w[SKR_DESC_NEXT / 4];
	if (ctl & SKR_CTL_IRQ_EOF)
		q->eof_irq = true;
	p->ctr.rx_frames++;
	return true;
}

static void rx_tick(struct skm_port *p)
{
	struct skm_queue *q = p->rxq;

	while (p->rb_head) {
		struct skm_frame *f = p->rb_head;

		if (!q->started || q->idle || !q_running(q))
			break;
		if (!rx_one(p, f))
			break;
		free(fifo_pop(p));
	}
}

/* ---- Transmit ---- */

/*
 * Checksum insertion the first descriptor asks for with opcode 0x56/0x57: the
 * ones' complement of the sum from `start` to the end (seeded with the initial
 * value) goes into the frame at `write`, in network order.
 */
static void tx_csum(struct skge_model *m, struct skm_queue *q, const struct skm_desc *d,
		    struct skm_frame *f)
{
	u32 opc = (d->w[0] & SKR_CTL_OPC_MASK) >> SKR_CTL_OPC_SHIFT;
	u32 pos = d->w[SKR_DESC_TX_CSUM_POS / 4];
	u32 start = pos >> 16, write = pos & 0xFFFF;
	u32 sum = d->w[SKR_DESC_TX_CSUM_INIT / 4] & 0xFFFF;

	if (opc == SKR_OPC_DEFAULT)
		return;
	if (start >= f->len || write + 2 > f->len) {
		skm_fail(m, "%s checksum start %u / write %u outside the %u-byte frame", q->name,
			 start, write, f->len);
		return;
	}
	for (u32 i = start; i < f->len; i++)
		sum += (i - start) & 1 ? f->data[i] : (u32)f->data[i] << 8;
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	sum = ~sum & 0xFFFF;
	if (!sum && opc == SKR_OPC_UDP)
		sum = 0xFFFF;
	f->data[write] = (u8)(sum >> 8);
	f->data[write + 1] = (u8)sum;
}

/* Send one FIRST..LAST chain from the current descriptor; false when idle. */
static bool tx_one(struct skm_port *p, struct skm_queue *q)
{
	struct skge_model *m = p->m;
	struct skm_frame *f = &m->scratch;
	u64 at[SKM_MAX_TX_FRAGS];
	struct skm_desc d[SKM_MAX_TX_FRAGS];
	u32 first_da = q->da_lo, da = q->da_lo;
	unsigned int n = 0;
	bool irq = false;

	f->len = 0;
	for (;;) {
		u32 ctl, len;

		q->da_lo = da;
		if (!desc_addr_ok(m, q, &at[n]) || !read_desc(m, q, at[n], &d[n]))
			return false;
		ctl = d[n].w[0];
		if (!(ctl & SKR_CTL_OWN)) {
			q->da_lo = first_da;
			if (n)
				skm_fail(m,
					 "%s frame at 0x%08x handed to the chip without its LAST "
					 "descriptor (0x%08x not owned)",
					 q->name, first_da, da);
			return false;
		}
		if (!n && !(ctl & SKR_CTL_STF)) {
			skm_fail(m, "%s descriptor at 0x%08x starts a frame without FIRST", q->name,
				 da);
			return false;
		}
		if (n && (ctl & SKR_CTL_STF)) {
			skm_fail(m, "%s descriptor at 0x%08x has FIRST inside a frame", q->name,
				 da);
			return false;
		}
		if (!buffer_ok(m, q, &d[n]))
			return false;
		len = ctl & SKR_CTL_LEN_MASK;
		if (f->len + len > SKM_MAX_FRAME) {
			skm_fail(m, "%s frame at 0x%08x longer than %u bytes", q->name, first_da,
				 SKM_MAX_FRAME);
			return false;
		}
		if (!hosted_dma_read(m->pci, d[n].w[SKR_DESC_ADDR_LO / 4], f->data + f->len, len,
				     "skge tx buffer"))
			return false;
		f->len += len;
		irq |= (ctl & SKR_CTL_IRQ_EOF) != 0;
		da = d[n].w[SKR_DESC_NEXT / 4];
		n++;
		if (ctl & SKR_CTL_EOF)
			break;
		if (n == SKM_MAX_TX_FRAGS) {
			skm_fail(m, "%s frame at 0x%08x has more than %u fragments", q->name,
				 first_da, SKM_MAX_TX_FRAGS);
			return false;
		}
	}
	tx_csum(m, q, &d[0], f);
	if (skm_mac_tx_enabled(p) && skm_carrier(p) && p->phy.link && m->rb[q - m->q].on) {
		hosted_port_transmit(&p->hp, f->data, f->len);
		skm_mac_count_tx(p, f->data, f->len);
		p->ctr.tx_frames++;
	} else {
		p->ctr.tx_dropped++;
	}
	for (unsigned int i = 0; i < n; i++) {
		struct skm_desc out;

		d[i].w[0] &= ~SKR_CTL_OWN;
		/* Fuzzing: a transmit completion is this chip's status report. */
		out = d[i];
		hosted_tamper_status(m->tamper, out.w, 4);
		if (!write_desc_words(m, q, at[i], &out, 0, 1))
			return false;
		skm_own_release(m, q, (u32)at[i]);
	}
	q->da_lo = da;
	if (irq)
		q->eof_irq = true;
	return true;
}

static void tx_tick(struct skm_port *p, struct skm_queue *q)
{
	if (!q->kick || !q->started || !q_running(q))
		return;
	if (!p->tx_arbiter_on) {
		/* Nothing reaches the MAC without the arbiter; the frames wait. */
		skm_fail(p->m, "%s started while port %u's transmit arbiter (TXA_CTRL) is off",
			 q->name, p->idx);
		q->kick = false;
		return;
	}
	while (tx_one(p, q))
		;
	q->kick = false;
	q->idle = true;
}

u64 skm_bmu_tick(struct skge_model *m, u64 now)
{
	/* What the driver did to owned descriptors since the last tick, before the BMUs act. */
	for (unsigned int i = 0; i < SKM_NR_QUEUES; i++)
		skm_own_scan(m, &m->q[i], skm_owns_descriptors(&m->q[i]));
	for (unsigned int n = 0; n < m->nports; n++) {
		struct skm_port *p = &m->port[n];

		tx_tick(p, p->txs);
		tx_tick(p, p->txa);
		rx_tick(p);
	}
	skm_update_irq(m);
	return UINT64_MAX;
}

static bool seen_before(const u32 *seen, unsigned int n, u32 da)
{
	for (unsigned int i = 0; i < n; i++)
		if (seen[i] == da)
			return true;
	return false;
}

unsigned int skge_model_rx_buffers(const struct skge_model *m, unsigned int port)
{
	static u32 seen[SKM_MAX_RING_WALK];
	const struct skm_queue *q;
	unsigned int count = 0;
	u32 da;

	if (port >= m->nports)
		return 0;
	q = m->port[port].rxq;
	if (!q->da_written || q->da_hi || (q->da_lo & 7))
		return 0;
	/* Walk the owned run from the current descriptor, as the BMU would. */
	da = q->da_lo;
	while (count < SKM_MAX_RING_WALK && !seen_before(seen, count, da)) {
		u8 raw[8];
		u32 ctl, next;

		if (!hosted_dma_read(NULL, da, raw, sizeof(raw), "skge rx buffer count"))
			break;
		ctl = (u32)raw[0] | (u32)raw[1] << 8 | (u32)raw[2] << 16 | (u32)raw[3] << 24;
		next = (u32)raw[4] | (u32)raw[5] << 8 | (u32)raw[6] << 16 | (u32)raw[7] << 24;
		if (!(ctl & SKR_CTL_OWN))
			break;
		seen[count++] = da;
		da = next;
	}
	return count;
}

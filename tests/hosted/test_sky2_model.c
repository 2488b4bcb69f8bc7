// SPDX-License-Identifier: BSD-2-Clause
/*
 * Self-test of the Yukon-2 model (tests/hosted/models/sky2_model*): a tiny
 * scripted "driver" of raw register accesses on the BAR pci_iomap() gives,
 * checking what the model does and that each strictness rule it claims is
 * caught (hosted_failures_take). It knows the register layout from the
 * model's own description; the real driver (drivers/sky2/) has its own.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kernel/mm/dma.h"
#include "kernel/mm/io.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci.h"
#include "kernel/core/time.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/models/sky2_model.h"
#include "tests/hosted/models/sky2_model_regs.h"
#include "tests/unit/fakes/stub_printk.h"

#define RING	 64 /* LEs per rx/tx ring */
#define ST_RING	 256
#define BUF_SIZE 1536
#define NBUFS	 16

static const u8 mac0[6] = { 0x00, 0x00, 0x5A, 0x11, 0x22, 0x33 };
static const u8 mac1[6] = { 0x00, 0x00, 0x5A, 0x11, 0x22, 0x34 };

static struct sky2_model *model;
static struct pci_dev *pdev;
static u8 *regs;
static struct hosted_wire *wire[2];
static u8 *st_ring, *ring[4], *buf[2];
static dma_addr_t st_dma, ring_dma[4], buf_dma[2];
static unsigned int st_idx;

/* ---- Register helpers ---- */

static u32 rd32(u32 off)
{
	return readl(regs + off);
}

static void wr32(u32 off, u32 v)
{
	writel(v, regs + off);
}

static u16 rd16(u32 off)
{
	return readw(regs + off);
}

static void wr16(u32 off, u16 v)
{
	writew(v, regs + off);
}

static u8 rd8(u32 off)
{
	return readb(regs + off);
}

static void wr8(u32 off, u8 v)
{
	writeb(v, regs + off);
}

static u32 q_csr(u32 q)
{
	return YM_Q_BASE + q + YM_Q_CSR;
}

static u32 pref(u32 q, u32 reg)
{
	return YM_PREF_BASE + q + reg;
}

static u32 gmac(unsigned int port, u32 reg)
{
	return YM_GMAC_BASE(port) + reg;
}

static const u32 qbase[4] = { YM_Q_R1, YM_Q_R2, YM_Q_XA1, YM_Q_XA2 };

/* ---- Setup ---- */

static void create(enum sky2_model_chip chip, unsigned int ports, bool no_msi)
{
	struct sky2_model_config cfg = {
		.bus = 0,
		.dev = 4,
		.fn = 0,
		.chip = chip,
		.ports = ports,
		.no_msi = no_msi,
	};

	hosted_init();
	stub_printk_reset();
	memcpy(cfg.mac[0], mac0, 6);
	memcpy(cfg.mac[1], mac1, 6);
	model = sky2_model_create(&cfg);
	ck_assert_ptr_nonnull(model);
	for (unsigned int i = 0; i < 2; i++)
		wire[i] = sky2_model_port(model, i) ? hosted_wire_script(sky2_model_port(model, i))
						    : NULL;
	pci_init();
	pdev = pci_get_device(0x11AB, 0, NULL);
	if (!pdev)
		pdev = pci_dev_next(NULL);
	ck_assert_ptr_nonnull(pdev);
	pci_enable_device(pdev);
	pci_set_master(pdev);
	regs = pci_iomap(pdev, 0);
	ck_assert_ptr_nonnull(regs);
	st_idx = 0;
}

static void finish(void)
{
	for (unsigned int i = 0; i < hosted_failures(); i++)
		fprintf(stderr, "unexpected: %s\n", hosted_failure(i));
	ck_assert_uint_eq(hosted_failures(), 0);
	hosted_fini();
	sky2_model_destroy(model);
}

/* ---- A tiny scripted driver ---- */

static unsigned int irqs;
static u32 last_isr;
static int vector = -1;

static irqreturn_t isr(void *ctx)
{
	irqs++;
	last_isr = rd32(YM_B0_SP_ISRC2); /* masks until ICR=2 */
	return last_isr ? IRQ_HANDLED : IRQ_NONE;
}

static void irq_setup(unsigned int types)
{
	ck_assert_int_eq(pci_alloc_irq_vectors(pdev, 1, 1, types), 1);
	vector = pci_irq_vector(pdev, 0);
	ck_assert_int_eq(request_irq((u8)vector, isr, NULL, "sky2 test"), 0);
	irqs = 0;
}

static void put_le(u8 *r, unsigned int i, u32 addr, u16 len, u8 ctrl, u8 op)
{
	u8 *le = r + 8 * i;

	for (unsigned int b = 0; b < 4; b++)
		le[b] = (u8)(addr >> (8 * b));
	le[4] = (u8)len;
	le[5] = (u8)(len >> 8);
	le[6] = ctrl;
	le[7] = op;
}

static void queue_up(unsigned int qi)
{
	u32 q = qbase[qi];

	wr32(q_csr(q), YM_BMU_FIFO_RST | YM_BMU_OP_OFF | YM_BMU_RST_CLR);
	wr32(q_csr(q), YM_BMU_CLR_IRQ_PAR | YM_BMU_CLR_IRQ_CHK | YM_BMU_START | YM_BMU_FIFO_ENA |
			   YM_BMU_OP_ON);
	wr32(q_csr(q), YM_BMU_FIFO_OP_ON);
	wr32(pref(q, YM_PREF_CTRL), YM_UNIT_RST_SET);
	wr32(pref(q, YM_PREF_CTRL), YM_UNIT_RST_CLR);
	wr32(pref(q, YM_PREF_ADDR_HI), (u32)(ring_dma[qi] >> 32));
	wr32(pref(q, YM_PREF_ADDR_LO), (u32)ring_dma[qi]);
	wr16(pref(q, YM_PREF_LAST_IDX), RING - 1);
	wr32(pref(q, YM_PREF_CTRL), YM_UNIT_OP_ON);
}

static void ram_buffer_up(unsigned int qi, u32 start, u32 end)
{
	u32 rb = YM_RB_BASE + qbase[qi];

	wr8(rb + YM_RB_CTRL, YM_UNIT_RST_CLR);
	wr32(rb + YM_RB_START, start);
	wr32(rb + YM_RB_END, end);
	wr32(rb + YM_RB_WP, start);
	wr32(rb + YM_RB_RP, start);
	wr8(rb + YM_RB_CTRL, 0x08); /* operation mode on */
}

/* Post `n` receive buffers of `size` bytes on a port: ADDR64 + PACKET each. */
static u32 rx_post(unsigned int port, u32 put, unsigned int n, u16 size)
{
	for (unsigned int i = 0; i < n; i++) {
		dma_addr_t a = buf_dma[port] + (u64)(i % NBUFS) * BUF_SIZE;

		put_le(ring[port], put, (u32)(a >> 32), 0, 0, YM_OP_ADDR64 | YM_LE_HW_OWNER);
		put = (put + 1) % RING;
		put_le(ring[port], put, (u32)a, size, 0, YM_OP_PACKET | YM_LE_HW_OWNER);
		put = (put + 1) % RING;
	}
	wr16(pref(qbase[port], YM_PREF_PUT_IDX), (u16)put);
	return put;
}

static void bring_up(enum sky2_model_chip chip, unsigned int ports, bool no_msi)
{
	create(chip, ports, no_msi);
	wr8(YM_B0_CTST, YM_CTST_RST_CLR);
	wr8(YM_B0_CTST, YM_CTST_RST_SET);
	wr8(YM_B0_CTST, YM_CTST_RST_CLR);
	wr8(YM_B0_CTST, YM_CTST_MRST_CLR);
	for (unsigned int p = 0; p < ports; p++) {
		u32 pc = p * YM_PORT_STRIDE;

		wr32(YM_GPHY_CTRL + pc, YM_GPC_RST_SET);
		wr32(YM_GPHY_CTRL + pc, YM_GPC_RST_CLR);
		wr32(YM_GMAC_CTRL + pc, YM_GMC_RST_SET);
		wr32(YM_GMAC_CTRL + pc, YM_GMC_RST_CLR);
	}
	wr32(YM_B0_IMSK, 0);
	wr32(YM_B0_HWE_IMSK, 0);
	for (unsigned int p = 0; p < ports; p++)
		wr8(YM_TXA_CTRL + p * YM_PORT_STRIDE, YM_TXA_ENA_ARB);

	st_ring = dma_alloc(ST_RING * 8, 4096, 0, &st_dma);
	memset(st_ring, 0, ST_RING * 8);
	wr32(YM_STAT_CTRL, YM_UNIT_RST_SET);
	wr32(YM_STAT_CTRL, YM_UNIT_RST_CLR);
	wr32(YM_STAT_ADDR_LO, (u32)st_dma);
	wr32(YM_STAT_ADDR_HI, (u32)(st_dma >> 32));
	wr16(YM_STAT_LAST_IDX, ST_RING - 1);
	wr16(YM_STAT_TX_IDX_TH, 0); /* report every transmit at once */
	wr32(YM_STAT_CTRL, YM_UNIT_OP_ON);

	for (unsigned int p = 0; p < ports; p++) {
		u32 pc = p * YM_PORT_STRIDE;
		const u8 *mac = p ? mac1 : mac0;

		for (unsigned int i = 0; i < 3; i++)
			wr16(gmac(p, YM_GM_SRC_ADDR_1 + 4 * i),
			     (u16)(mac[2 * i] | mac[2 * i + 1] << 8));
		wr16(gmac(p, YM_GM_RX_CTRL), YM_RXCR_UCF_ENA | YM_RXCR_MCF_ENA | YM_RXCR_CRC_DIS);
		wr16(gmac(p, YM_GM_GP_CTRL), YM_GPCR_TX_ENA | YM_GPCR_RX_ENA);
		wr32(YM_RX_GMF_CTRL_T + pc, YM_UNIT_RST_CLR);
		wr32(YM_RX_GMF_CTRL_T + pc, YM_UNIT_OP_ON);
		wr32(YM_TX_GMF_CTRL_T + pc, YM_UNIT_RST_CLR);
		wr32(YM_TX_GMF_CTRL_T + pc, YM_UNIT_OP_ON);
		for (unsigned int k = 0; k < 2; k++) {
			unsigned int qi = k ? p + 2 : p;

			ring[qi] = dma_alloc(RING * 8, 4096, 0, &ring_dma[qi]);
			memset(ring[qi], 0, RING * 8);
			if (chip == SKY2_MODEL_XL)
				ram_buffer_up(qi, qi * 0x400, qi * 0x400 + 0x3FF);
			queue_up(qi);
		}
		buf[p] = dma_alloc(NBUFS * BUF_SIZE, 4096, 0, &buf_dma[p]);
	}
	hosted_run_for(3000 * NSEC_PER_MSEC); /* autonegotiation */
}

/* Next status LE the chip handed over, or false. */
static bool st_next(u32 *status, u16 *len, u8 *css, u8 *op)
{
	u8 *le = st_ring + 8 * st_idx;

	if (!(le[7] & YM_LE_HW_OWNER))
		return false;
	*status = le[0] | le[1] << 8 | le[2] << 16 | (u32)le[3] << 24;
	*len = (u16)(le[4] | le[5] << 8);
	*css = le[6];
	*op = le[7] & ~YM_LE_HW_OWNER;
	le[7] = 0;
	st_idx = (st_idx + 1) % ST_RING;
	return true;
}

static void frame_to(u8 *f, const u8 *dst, u32 len, u8 fill)
{
	memset(f, fill, len);
	memcpy(f, dst, 6);
	memcpy(f + 6, "\x02\x00\x00\x00\x00\x99", 6);
	f[12] = 0x08;
	f[13] = 0x00;
}

/* ---- Tests ---- */

START_TEST(test_identity_and_ports)
{
	create(SKY2_MODEL_EC, 1, false);
	ck_assert_uint_eq(rd8(YM_B2_CHIP_ID), 0xB6);
	ck_assert_uint_eq(rd8(YM_B2_HW_RES) & 3, 1);
	ck_assert_uint_ne(rd8(YM_B2_CLK_GATE) & YM_CLK_GATE_LNK2_INAC, 0);
	for (unsigned int i = 0; i < 6; i++)
		ck_assert_uint_eq(rd8(YM_B2_MAC_1 + i), mac0[i]);
	ck_assert_uint_eq(pdev->vendor, 0x11AB);
	ck_assert_uint_ne(pdev->msi_cap, 0);
	ck_assert_ptr_null(sky2_model_port(model, 1));
	finish();

	create(SKY2_MODEL_XL, 2, false);
	ck_assert_uint_eq(rd8(YM_B2_CHIP_ID), 0xB3);
	ck_assert_uint_eq(rd8(YM_B2_HW_RES) & 3, 3);
	ck_assert_uint_eq(rd8(YM_B2_CLK_GATE) & YM_CLK_GATE_LNK2_INAC, 0);
	for (unsigned int i = 0; i < 6; i++)
		ck_assert_uint_eq(rd8(YM_B2_MAC_2 + i), mac1[i]);
	ck_assert_ptr_nonnull(sky2_model_port(model, 1));
	finish();
}
END_TEST

START_TEST(test_unknown_chip_is_left_alone)
{
	create(SKY2_MODEL_UNKNOWN, 1, false);
	hosted_failures_quiet(true);
	ck_assert_uint_eq(rd8(YM_B2_CHIP_ID), 0xBB);
	ck_assert_uint_eq(hosted_failures(), 0);
	wr8(YM_B0_CTST, YM_CTST_RST_SET);
	(void)rd32(YM_B0_ISRC);
	ck_assert_uint_eq(hosted_failures_take("unknown ID 0xbb"), 2);
	finish();
}
END_TEST

START_TEST(test_rx_status_ring_both_ports)
{
	u8 f[200], got[200];
	u32 status;
	u16 len;
	u8 css, op;

	bring_up(SKY2_MODEL_XL, 2, false);
	rx_post(0, 0, 4, BUF_SIZE);
	rx_post(1, 0, 4, BUF_SIZE);
	ck_assert_uint_eq(sky2_model_rx_buffers(model, 1), 4);
	frame_to(f, mac1, 150, 0xA5);
	hosted_wire_inject(wire[1], f, 150);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(op, YM_OP_RXSTAT);
	ck_assert_uint_eq(css & YM_CSS_PORT, 1);
	ck_assert_uint_eq(len, 150);
	ck_assert_uint_eq(status >> 16, 150);
	ck_assert_uint_ne(status & YM_GMR_RX_OK, 0);
	memcpy(got, buf[1], 150);
	ck_assert_mem_eq(got, f, 150);
	ck_assert_uint_eq(sky2_model_rx_buffers(model, 1), 3);
	ck_assert_uint_eq(rd16(pref(YM_Q_R2, YM_PREF_GET_IDX)), 2);

	frame_to(f, mac0, 64, 0x3C);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(css & YM_CSS_PORT, 0);
	ck_assert_uint_eq(len, 64);
	ck_assert_uint_eq(rd16(YM_STAT_PUT_IDX), 2);
	ck_assert(!st_next(&status, &len, &css, &op));

	/* The address filter: another station's frame is dropped, promiscuous takes it. */
	frame_to(f, mac1, 64, 0);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(!st_next(&status, &len, &css, &op));
	wr16(gmac(0, YM_GM_RX_CTRL), YM_RXCR_CRC_DIS);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	{
		struct sky2_model_counters c;

		sky2_model_get_counters(model, &c);
		ck_assert_uint_eq(c.port[0].rx_filtered, 1);
		ck_assert_uint_eq(c.port[0].rx_frames, 2);
		ck_assert_uint_eq(c.port[1].rx_frames, 1);
	}
	/* MIB: two unicast frames on port 1... one; read, then clear. */
	ck_assert_uint_eq(rd16(gmac(1, YM_GM_MIB_BASE)), 1);
	wr16(gmac(1, YM_GM_PHY_ADDR), YM_PAR_MIB_CLR);
	(void)rd16(gmac(1, YM_GM_MIB_BASE));
	wr16(gmac(1, YM_GM_PHY_ADDR), 0);
	ck_assert_uint_eq(rd16(gmac(1, YM_GM_MIB_BASE)), 0);
	finish();
}
END_TEST

START_TEST(test_rx_truncation_and_faults)
{
	u8 f[300];
	u32 status;
	u16 len;
	u8 css, op;

	bring_up(SKY2_MODEL_EC, 1, false);
	rx_post(0, 0, 4, 100);
	frame_to(f, mac0, 300, 1);
	hosted_wire_inject(wire[0], f, 300);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(len, 100);	      /* what went into the buffer */
	ck_assert_uint_eq(status >> 16, 300); /* what the MAC received */

	sky2_model_fault_rx_errors(model, 0, 1, YM_GMR_CRC_ERR);
	hosted_wire_inject(wire[0], f, 80);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(status & (YM_GMR_RX_OK | YM_GMR_CRC_ERR), YM_GMR_CRC_ERR);

	sky2_model_fault_rx_truncated(model, 0, 1);
	hosted_wire_inject(wire[0], f, 80);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_ne(len, status >> 16);
	finish();
}
END_TEST

START_TEST(test_tx_index_both_ports)
{
	u8 f[100], out[200];
	u32 status, p1, p2;
	u16 len;
	u8 css, op;
	u32 put[2] = { 0, 0 };

	bring_up(SKY2_MODEL_XL, 2, false);
	for (unsigned int port = 0; port < 2; port++) {
		frame_to(f, mac1, 100, (u8)(0x10 + port));
		memcpy(buf[port], f, 100);
		/* Three frames on port 1, one on port 0: indexes 9 and 3 (ADDR64 + PACKET). */
		for (unsigned int n = 0; n < (port ? 3u : 1u); n++) {
			put_le(ring[2 + port], put[port]++, (u32)(buf_dma[port] >> 32), 0, 0,
			       YM_OP_ADDR64 | YM_LE_HW_OWNER);
			put_le(ring[2 + port], put[port]++, (u32)buf_dma[port], 60, 0,
			       YM_OP_PACKET | YM_LE_HW_OWNER);
			put_le(ring[2 + port], put[port]++, (u32)buf_dma[port] + 60, 40,
			       YM_LE_CTRL_EOP, YM_OP_BUFFER | YM_LE_HW_OWNER);
		}
	}
	wr16(pref(YM_Q_XA2, YM_PREF_PUT_IDX), (u16)put[1]);
	wr16(pref(YM_Q_XA1, YM_PREF_PUT_IDX), (u16)put[0]);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(hosted_wire_pending(wire[0]), 1);
	ck_assert_uint_eq(hosted_wire_pending(wire[1]), 3);
	ck_assert_uint_eq(hosted_wire_take(wire[0], out, sizeof(out)), 100);
	ck_assert_mem_eq(out, buf[0], 100);
	p1 = p2 = 0;
	while (st_next(&status, &len, &css, &op)) {
		ck_assert_uint_eq(op, YM_OP_TXINDEXLE);
		p1 = status & 0xFFF;
		p2 = (status >> 24) | (u32)(len & 0xF) << 8;
	}
	ck_assert_uint_eq(p1, 3);
	ck_assert_uint_eq(p2, 9);
	finish();
}
END_TEST

START_TEST(test_isr_masking_icr_and_sw_irq_msi)
{
	struct sky2_model_counters c;

	bring_up(SKY2_MODEL_EC, 1, false);
	irq_setup(PCI_IRQ_MSI);
	wr32(YM_B0_IMSK, YM_IS_IRQ_SW);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_SET);
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 1);
	ck_assert_uint_eq(last_isr, YM_IS_IRQ_SW);
	/* Still pending but masked by the ISRC2 read: nothing more arrives. */
	ck_assert_uint_ne(rd32(YM_B0_ISRC) & YM_IS_IRQ_SW, 0); /* ISRC does not mask */
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(irqs, 1);
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK); /* still pending: a new MSI */
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 2);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_CLR);
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(irqs, 2);
	sky2_model_get_counters(model, &c);
	ck_assert_uint_eq(c.msi_sent, 2);
	ck_assert_uint_eq(c.intx_assertions, 0);
	ck_assert_uint_eq(c.sw_irqs, 1);
	ck_assert_uint_eq(c.isr_masking_reads, 2);
	ck_assert_uint_eq(c.icr_unmasks, 2);

	/* A lost MSI: the chip believes it sent it; the driver's watchdog reads ISRC. */
	sky2_model_fault_msi_lost(model, true);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_SET);
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 2);
	ck_assert_uint_ne(rd32(YM_B0_ISRC) & YM_IS_IRQ_SW, 0);
	sky2_model_get_counters(model, &c);
	ck_assert_uint_eq(c.msi_lost, 1);
	finish();
}
END_TEST

START_TEST(test_intx_level)
{
	struct sky2_model_counters c;

	bring_up(SKY2_MODEL_EC, 1, true);
	ck_assert_uint_eq(pdev->msi_cap, 0);
	irq_setup(PCI_IRQ_INTX);
	wr32(YM_B0_IMSK, YM_IS_IRQ_SW);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_SET);
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 1);
	ck_assert(!hosted_pci_intx_asserted(sky2_model_pci(model))); /* masked by the read */
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK);
	ck_assert_uint_eq(irqs, 2); /* level: asserted again at once */
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_CLR);
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK);
	ck_assert(!hosted_pci_intx_asserted(sky2_model_pci(model)));
	sky2_model_get_counters(model, &c);
	ck_assert_uint_eq(c.intx_assertions, 2);
	ck_assert_uint_eq(c.msi_sent, 0);
	finish();
}
END_TEST

START_TEST(test_status_irq_raised_again_after_clear)
{
	u8 f[64];
	u32 status;
	u16 len;
	u8 css, op;

	bring_up(SKY2_MODEL_EC, 1, false);
	irq_setup(PCI_IRQ_MSI);
	rx_post(0, 0, 4, BUF_SIZE);
	wr32(YM_B0_IMSK, YM_IS_STAT_BMU);
	frame_to(f, mac0, 64, 0);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(irqs, 1);
	ck_assert_uint_eq(last_isr, YM_IS_STAT_BMU);
	ck_assert(st_next(&status, &len, &css, &op));
	wr32(YM_STAT_CTRL, YM_STAT_CLR_IRQ);
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(irqs, 1);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(irqs, 2);

	/* Irq moderation-free level timer: 100 us at 125 MHz delays the next one. */
	ck_assert(st_next(&status, &len, &css, &op));
	wr32(YM_STAT_LEV_TIMER + YM_TIMER_INI, 100 * 125);
	wr8(YM_STAT_LEV_TIMER + YM_TIMER_CTRL, YM_TIM_START);
	wr32(YM_STAT_CTRL, YM_STAT_CLR_IRQ);
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(50 * NSEC_PER_USEC);
	ck_assert_uint_eq(irqs, 2);
	hosted_run_for(60 * NSEC_PER_USEC);
	ck_assert_uint_eq(irqs, 3);
	finish();
}
END_TEST

static bool napi_busy;

static bool probe_napi(void *ctx)
{
	return napi_busy;
}

START_TEST(test_irq_while_napi_scheduled_fails)
{
	bring_up(SKY2_MODEL_EC, 1, false);
	irq_setup(PCI_IRQ_MSI);
	sky2_model_set_napi_probe(model, probe_napi, NULL);
	hosted_failures_quiet(true);
	wr32(YM_B0_IMSK, YM_IS_IRQ_SW);
	napi_busy = true;
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_SET);
	hosted_run_idle();
	ck_assert_uint_eq(hosted_failures_take("NAPI is still scheduled"), 1);
	napi_busy = false;
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_CLR);
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_SET);
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 2);
	finish();
}
END_TEST

START_TEST(test_phy_autoneg_and_link_irq)
{
	u16 v;

	bring_up(SKY2_MODEL_FE_PLUS, 1, false);
	wr16(gmac(0, YM_GM_SMI_CTRL), YM_PHY_SPEC_STAT << YM_SMI_REG_SHIFT | YM_SMI_OP_READ);
	while (!((v = rd16(gmac(0, YM_GM_SMI_CTRL))) & YM_SMI_READ_VALID))
		ck_assert_uint_ne(v & YM_SMI_BUSY, 0);
	v = rd16(gmac(0, YM_GM_SMI_DATA));
	/* FE+ advertises 10/100 only: 100 full against an all-speeds partner. */
	ck_assert_uint_eq(v & (YM_PSS_LINK | YM_PSS_SPEED_100 | YM_PSS_SPEED_1000 | YM_PSS_FULL),
			  YM_PSS_LINK | YM_PSS_SPEED_100 | YM_PSS_FULL);
	ck_assert_uint_ne(rd16(gmac(0, YM_GM_GP_STAT)) & YM_GPSR_LINK_UP, 0);

	/* Unmask link changes in the PHY; the cable goes away: PHY interrupt source. */
	wr16(gmac(0, YM_GM_SMI_DATA), YM_PIS_LINK_CHG);
	wr16(gmac(0, YM_GM_SMI_CTRL), YM_PHY_INT_MASK << YM_SMI_REG_SHIFT);
	while (rd16(gmac(0, YM_GM_SMI_CTRL)) & YM_SMI_BUSY)
		;
	hosted_wire_set_carrier(wire[0], false);
	hosted_run_idle();
	ck_assert_uint_ne(rd32(YM_B0_ISRC) & YM_IS_PHY, 0);
	ck_assert_uint_eq(rd16(gmac(0, YM_GM_GP_STAT)) & YM_GPSR_LINK_UP, 0);
	finish();
}
END_TEST

START_TEST(test_strict_registers_and_resets)
{
	bring_up(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	(void)rd32(0x0300);
	ck_assert_uint_eq(hosted_failures_take("does not know"), 1);
	wr32(0x0E30, 1);
	ck_assert_uint_eq(hosted_failures_take("does not know"), 1);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_SET | YM_CTST_SW_IRQ_CLR);
	ck_assert_uint_eq(hosted_failures_take("both halves"), 1);
	wr32(YM_GMAC_CTRL, YM_GMC_RST_SET);
	wr16(gmac(0, YM_GM_GP_CTRL), 0);
	ck_assert_uint_eq(hosted_failures_take("held in reset"), 1);
	(void)readl(regs + gmac(0, YM_GM_GP_CTRL));
	ck_assert_uint_eq(hosted_failures_take("16-bit"), 1);
	wr32(YM_STAT_CTRL, YM_UNIT_RST_SET);
	wr16(YM_STAT_LAST_IDX, 7);
	ck_assert_uint_eq(hosted_failures_take("held in reset"), 1);
	wr8(YM_B0_CTST, YM_CTST_RST_SET);
	(void)rd32(q_csr(YM_Q_R1));
	ck_assert_uint_eq(hosted_failures_take("software reset"), 1);
	wr8(YM_B0_CTST, YM_CTST_RST_CLR);
	/* The standard header takes mirror writes only with TST_CTRL1 write-on... */
	wr32(YM_CFG_MIRROR + PCI_COMMAND, 0x00060000);
	ck_assert_uint_eq(hosted_failures_take("without TST_CTRL1 write-on"), 1);
	/* ...the chip's own registers without: Linux's sky2_init ungates clocks so. */
	wr32(YM_CFG_MIRROR + YM_PCI_OUR_REG_3, 0x5678);
	ck_assert_uint_eq(hosted_failures(), 0);
	ck_assert_uint_eq(pci_read_config_dword(pdev, YM_PCI_OUR_REG_3), 0x5678);
	wr8(YM_B2_TST_CTRL1, YM_TST_CFG_WRITE_ON);
	wr32(YM_CFG_MIRROR + YM_PCI_OUR_REG_3, 0x1234);
	wr8(YM_B2_TST_CTRL1, YM_TST_CFG_WRITE_OFF);
	ck_assert_uint_eq(pci_read_config_dword(pdev, YM_PCI_OUR_REG_3), 0x1234);
	finish();
}
END_TEST

START_TEST(test_strict_put_index)
{
	bring_up(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	rx_post(0, 0, 2, BUF_SIZE); /* PUT 4 */
	hosted_run_idle();
	wr16(pref(YM_Q_R1, YM_PREF_PUT_IDX), 2);
	ck_assert_uint_eq(hosted_failures_take("backwards"), 1);
	ck_assert_uint_ne(rd32(YM_B0_ISRC) & YM_IS_CHK_RX, 0);
	wr32(q_csr(YM_Q_R1), YM_BMU_CLR_IRQ_CHK);
	ck_assert_uint_eq(rd32(YM_B0_ISRC) & YM_IS_CHK_RX, 0);
	wr16(pref(YM_Q_R1, YM_PREF_PUT_IDX), RING + 3);
	ck_assert_uint_eq(hosted_failures_take("beyond LAST_IDX"), 1);
	wr32(pref(YM_Q_XA1, YM_PREF_CTRL), YM_UNIT_OP_OFF);
	wr16(pref(YM_Q_XA1, YM_PREF_PUT_IDX), 1);
	ck_assert_uint_eq(hosted_failures_take("before the prefetch unit is on"), 1);
	finish();
}
END_TEST

START_TEST(test_strict_list_elements)
{
	u8 f[64];

	bring_up(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	put_le(ring[0], 0, (u32)buf_dma[0], BUF_SIZE, 0, YM_OP_PACKET); /* no HW_OWNER */
	wr16(pref(YM_Q_R1, YM_PREF_PUT_IDX), 1);
	frame_to(f, mac0, 64, 0);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(hosted_failures_take("without HW_OWNER"), 1);
	ck_assert_uint_ne(rd32(YM_B0_ISRC) & YM_IS_CHK_RX, 0);
	finish();

	bring_up(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	put_le(ring[2], 0, (u32)buf_dma[0], 64, YM_LE_CTRL_EOP, YM_OP_RXSTAT | YM_LE_HW_OWNER);
	wr16(pref(YM_Q_XA1, YM_PREF_PUT_IDX), 1);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(hosted_failures_take("not a transmit opcode"), 1);
	ck_assert_uint_ne(rd32(YM_B0_ISRC) & YM_IS_CHK_TXA, 0);
	finish();

	/* A misaligned list: the prefetch unit refuses to start. */
	create(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	wr32(q_csr(YM_Q_R1), YM_BMU_RST_CLR);
	wr32(pref(YM_Q_R1, YM_PREF_CTRL), YM_UNIT_RST_CLR);
	wr32(pref(YM_Q_R1, YM_PREF_ADDR_LO), 0x1004);
	wr16(pref(YM_Q_R1, YM_PREF_LAST_IDX), 15);
	wr32(pref(YM_Q_R1, YM_PREF_CTRL), YM_UNIT_OP_ON);
	ck_assert_uint_eq(hosted_failures_take("not 8-byte aligned"), 1);
	finish();
}
END_TEST

/*
 * The prefetch unit reads LEs when PUT passes them: the owner bit must be set
 * by then, even if the frame that would use the LE comes much later, and an
 * LE may not change while the chip holds it.
 */
START_TEST(test_strict_prefetch_at_put)
{
	u8 f[64];

	bring_up(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	put_le(ring[0], 0, (u32)buf_dma[0], BUF_SIZE, 0, YM_OP_PACKET);
	wr16(pref(YM_Q_R1, YM_PREF_PUT_IDX), 1);
	/* The owner bit lands after PUT, before any frame: too late all the same. */
	ring[0][7] |= YM_LE_HW_OWNER;
	ck_assert_uint_eq(hosted_failures_take("without HW_OWNER when PUT moved past it"), 1);
	finish();

	bring_up(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	put_le(ring[0], 0, (u32)buf_dma[0], BUF_SIZE, 0, YM_OP_PACKET | YM_LE_HW_OWNER);
	wr16(pref(YM_Q_R1, YM_PREF_PUT_IDX), 1);
	/* Rewritten while the chip holds it: another buffer length. */
	put_le(ring[0], 0, (u32)buf_dma[0], 64, 0, YM_OP_PACKET | YM_LE_HW_OWNER);
	frame_to(f, mac0, 64, 0);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(hosted_failures_take("changed after PUT moved past it"), 1);
	finish();
}
END_TEST

START_TEST(test_strict_status_overwrite)
{
	u8 f[64];

	bring_up(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	/* Fill the whole status ring without consuming it. */
	memset(st_ring, 0, ST_RING * 8);
	for (unsigned int i = 0; i < ST_RING; i++)
		st_ring[8 * i + 7] = YM_LE_HW_OWNER;
	rx_post(0, 0, 1, BUF_SIZE);
	frame_to(f, mac0, 64, 0);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(hosted_failures_take("overwritten while still owned"), 1);
	finish();
}
END_TEST

START_TEST(test_strict_smi_and_ram_buffer)
{
	bring_up(SKY2_MODEL_XL, 1, false);
	hosted_failures_quiet(true);
	wr16(gmac(0, YM_GM_SMI_CTRL), YM_PHY_STAT << YM_SMI_REG_SHIFT | YM_SMI_OP_READ);
	wr16(gmac(0, YM_GM_SMI_CTRL), YM_PHY_STAT << YM_SMI_REG_SHIFT | YM_SMI_OP_READ);
	ck_assert_uint_eq(hosted_failures_take("while the previous one is busy"), 1);
	/* R2's RAM buffer does not exist on one port; XA1 overlapping R1 does. */
	wr8(YM_RB_BASE + YM_Q_XA1 + YM_RB_CTRL, YM_UNIT_RST_SET);
	ram_buffer_up(2, 0x100, 0x500);
	ck_assert_uint_eq(hosted_failures_take("overlaps"), 1);
	finish();
}
END_TEST

START_TEST(test_hw_error_and_desc_check_faults)
{
	bring_up(SKY2_MODEL_EC, 1, false);
	irq_setup(PCI_IRQ_MSI);
	wr32(YM_B0_HWE_IMSK, YM_HWE_PCI_EXP);
	wr32(YM_B0_IMSK, YM_IS_HW_ERR | YM_IS_CHK_RX);
	sky2_model_fault_hw_error(model, YM_HWE_PCI_EXP);
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 1);
	ck_assert_uint_eq(last_isr, YM_IS_HW_ERR);
	ck_assert_uint_eq(rd32(YM_B0_HWE_ISRC), YM_HWE_PCI_EXP);
	/* Cleared where it comes from: the PCIe uncorrectable error status. */
	wr8(YM_B2_TST_CTRL1, YM_TST_CFG_WRITE_ON);
	wr32(YM_CFG_MIRROR + YM_PCI_AER_UNC_STAT, 0xFFFFFFFF);
	wr8(YM_B2_TST_CTRL1, YM_TST_CFG_WRITE_OFF);
	ck_assert_uint_eq(rd32(YM_B0_HWE_ISRC), 0);
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK);
	sky2_model_fault_irq_lost(model, 1);
	sky2_model_fault_desc_check(model, 0);
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 1); /* lost */
	ck_assert_uint_ne(rd32(YM_B0_ISRC) & YM_IS_CHK_RX, 0);
	finish();
}
END_TEST

START_TEST(test_tx_report_threshold_timer_and_arbiter)
{
	u8 f[64];
	u32 status;
	u16 len;
	u8 css, op;
	struct sky2_model_counters c;

	bring_up(SKY2_MODEL_EC, 1, false);
	frame_to(f, mac1, 64, 7);
	memcpy(buf[0], f, 64);
	/* Threshold 3 LEs and a 1 ms Tx timer: one 1-LE frame waits for the timer. */
	wr16(YM_STAT_TX_IDX_TH, 3);
	wr32(YM_STAT_TX_TIMER + YM_TIMER_INI, 1000 * 125);
	wr8(YM_STAT_TX_TIMER + YM_TIMER_CTRL, YM_TIM_START);
	put_le(ring[2], 0, (u32)(buf_dma[0] >> 32), 0, 0, YM_OP_ADDR64 | YM_LE_HW_OWNER);
	put_le(ring[2], 1, (u32)buf_dma[0], 64, YM_LE_CTRL_EOP, YM_OP_PACKET | YM_LE_HW_OWNER);
	wr16(pref(YM_Q_XA1, YM_PREF_PUT_IDX), 2);
	hosted_run_for(500 * NSEC_PER_USEC);
	ck_assert_uint_eq(hosted_wire_pending(wire[0]), 1);
	ck_assert(!st_next(&status, &len, &css, &op));
	hosted_run_for(600 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(op, YM_OP_TXINDEXLE);
	ck_assert_uint_eq(status & 0xFFF, 2);
	/* Two more frames reach the threshold at once. */
	for (unsigned int i = 2; i < 6; i += 2) {
		put_le(ring[2], i, (u32)(buf_dma[0] >> 32), 0, 0, YM_OP_ADDR64 | YM_LE_HW_OWNER);
		put_le(ring[2], i + 1, (u32)buf_dma[0], 64, YM_LE_CTRL_EOP,
		       YM_OP_PACKET | YM_LE_HW_OWNER);
	}
	wr16(pref(YM_Q_XA1, YM_PREF_PUT_IDX), 6);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(status & 0xFFF, 6);
	ck_assert_uint_eq(rd16(YM_STAT_TXA1_RIDX), 6);

	/* Arbiter off: taken from the ring, not sent. */
	wr8(YM_TXA_CTRL, YM_TXA_DIS_ARB);
	put_le(ring[2], 6, (u32)(buf_dma[0] >> 32), 0, 0, YM_OP_ADDR64 | YM_LE_HW_OWNER);
	put_le(ring[2], 7, (u32)buf_dma[0], 64, YM_LE_CTRL_EOP, YM_OP_PACKET | YM_LE_HW_OWNER);
	wr16(pref(YM_Q_XA1, YM_PREF_PUT_IDX), 8);
	hosted_run_for(2 * NSEC_PER_MSEC);
	sky2_model_get_counters(model, &c);
	ck_assert_uint_eq(c.port[0].tx_frames, 3);
	ck_assert_uint_eq(c.port[0].tx_dropped, 1);
	finish();
}
END_TEST

START_TEST(test_fcs_kept_without_crc_dis)
{
	u8 f[64];
	u32 status;
	u16 len;
	u8 css, op;

	bring_up(SKY2_MODEL_OPTIMA, 1, false);
	wr16(gmac(0, YM_GM_RX_CTRL), YM_RXCR_UCF_ENA | YM_RXCR_MCF_ENA);
	rx_post(0, 0, 1, BUF_SIZE);
	frame_to(f, mac0, 60, 0);
	hosted_wire_inject(wire[0], f, 60);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(len, 64);
	ck_assert_uint_eq(status >> 16, 64);
	finish();
}
END_TEST

static void phy_write(unsigned int port, u8 reg, u16 val)
{
	wr16(gmac(port, YM_GM_SMI_DATA), val);
	wr16(gmac(port, YM_GM_SMI_CTRL), (u16)(reg << YM_SMI_REG_SHIFT));
	while (rd16(gmac(port, YM_GM_SMI_CTRL)) & YM_SMI_BUSY)
		;
}

static u32 mib(unsigned int port, unsigned int counter)
{
	u32 lo = rd16(gmac(port, YM_GM_MIB_BASE + 8 * counter));

	return lo | (u32)rd16(gmac(port, YM_GM_MIB_BASE + 8 * counter + 4)) << 16;
}

/*
 * The receive store is the XL's RAM buffer by bytes (8 KiB here): frames
 * wait there for buffers, and one that does not fit is lost, counted in the
 * MIB's FIFO-overflow counter with the GMAC's overrun source. With PAUSE
 * negotiated and an upper level set, the port pauses its wire instead and
 * lets it go below the lower level; the MIB counts both PAUSE frames.
 */
START_TEST(test_rx_store_overrun_and_pause)
{
	u32 rb = YM_RB_BASE + qbase[0];
	u8 f[1000];
	u32 status;
	u16 len;
	u8 css, op;
	unsigned int got = 0;

	bring_up(SKY2_MODEL_XL, 1, false);
	frame_to(f, mac0, sizeof(f), 0x5A);
	/* No flow control (auto-update: the PHY did not advertise PAUSE), no buffers: 8 fit. */
	for (unsigned int i = 0; i < 10; i++)
		hosted_wire_inject(wire[0], f, sizeof(f));
	ck_assert_uint_eq(hosted_wire_held(wire[0]), 0);
	ck_assert_uint_eq(mib(0, YM_MIB_RX_FIFO_OV), 2);
	ck_assert_uint_ne(rd8(YM_GMAC_IRQ_SRC) & YM_GM_IS_RX_FF_OR, 0);
	rx_post(0, 0, 10, BUF_SIZE);
	hosted_run_for(NSEC_PER_MSEC);
	while (st_next(&status, &len, &css, &op))
		got += op == YM_OP_RXSTAT && len == sizeof(f);
	ck_assert_uint_eq(got, 8);

	/* PAUSE advertised and renegotiated; levels at 4 KiB (send) and 1 KiB (release). */
	phy_write(0, YM_PHY_ADV, YM_ADV_PAUSE | YM_ADV_100FD | YM_ADV_10FD | 0x0001);
	phy_write(0, YM_PHY_CTRL, YM_BMCR_ANE | YM_BMCR_RESTART);
	hosted_run_for(3000 * NSEC_PER_MSEC);
	wr8(rb + YM_RB_CTRL, YM_UNIT_RST_SET);
	wr8(rb + YM_RB_CTRL, YM_UNIT_RST_CLR);
	wr32(rb + YM_RB_START, 0);
	wr32(rb + YM_RB_END, 0x3FF);
	wr32(rb + YM_RB_RX_UTPP, 0x200);
	wr32(rb + YM_RB_RX_LTPP, 0x80);
	wr8(rb + YM_RB_CTRL, 0x08);
	for (unsigned int i = 0; i < 10; i++)
		hosted_wire_inject(wire[0], f, sizeof(f));
	/* Four frames reach 4000 bytes, the fifth crosses 4 KiB: PAUSE, the rest held. */
	ck_assert_uint_eq(hosted_wire_held(wire[0]), 5);
	ck_assert_uint_eq(mib(0, YM_MIB_TX_PAUSE), 1);
	ck_assert_uint_eq(mib(0, YM_MIB_RX_FIFO_OV), 2);
	rx_post(0, 20, 10, BUF_SIZE);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(hosted_wire_held(wire[0]), 0);
	got = 0;
	while (st_next(&status, &len, &css, &op))
		got += op == YM_OP_RXSTAT && len == sizeof(f);
	ck_assert_uint_eq(got, 10);
	ck_assert_uint_ge(mib(0, YM_MIB_TX_PAUSE), 2);
	ck_assert_uint_eq(mib(0, YM_MIB_RX_FIFO_OV), 2);
	finish();
}
END_TEST

START_TEST(test_eisr_lisr_and_moderation)
{
	bring_up(SKY2_MODEL_EC, 1, false);
	irq_setup(PCI_IRQ_MSI);
	wr32(YM_B0_IMSK, YM_IS_IRQ_SW);
	(void)rd32(YM_B0_SP_EISR); /* masks like ISRC2 */
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_SET);
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 0);
	ck_assert_uint_eq(rd32(YM_B0_SP_LISR), YM_IS_IRQ_SW); /* unmasks: sent now */
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 1);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_CLR);
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK);

	/* Moderation: 200 us at 125 MHz between interrupts of moderated sources. */
	wr32(YM_B2_IRQM_MSK, YM_IS_IRQ_SW);
	wr32(YM_B2_IRQM_INI, 200 * 125);
	wr8(YM_B2_IRQM_CTRL, YM_TIM_START);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_SET);
	hosted_run_idle();
	ck_assert_uint_eq(irqs, 2);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_CLR);
	wr32(YM_B0_SP_ICR, YM_ICR_UNMASK);
	wr8(YM_B0_CTST, YM_CTST_SW_IRQ_SET);
	hosted_run_for(100 * NSEC_PER_USEC);
	ck_assert_uint_eq(irqs, 2);
	hosted_run_for(150 * NSEC_PER_USEC);
	ck_assert_uint_eq(irqs, 3);
	finish();
}
END_TEST

START_TEST(test_checksum_offload)
{
	u8 f[200], out[256];
	u32 status, field;
	u16 len;
	u8 css, op;
	struct fr_info info;

	/* Old LE format: the driver programs start/write, the stack seeded the pseudo-header. */
	bring_up(SKY2_MODEL_EC, 1, false);
	fr_build(f, 200, mac1, mac0, FR_PROTO_UDP, 5, true);
	ck_assert(fr_parse(f, 200, &info));
	field = info.l4_off + fr_l4_csum_field(FR_PROTO_UDP);
	{
		u16 seed = fr_fold(fr_pseudo_sum(f, &info));

		f[field] = (u8)(seed >> 8);
		f[field + 1] = (u8)seed;
	}
	memcpy(buf[0], f, 200);
	put_le(ring[2], 0, info.l4_off << 16 | field, 0, 1, 0x1F | YM_LE_HW_OWNER);
	put_le(ring[2], 1, (u32)(buf_dma[0] >> 32), 0, 0, YM_OP_ADDR64 | YM_LE_HW_OWNER);
	put_le(ring[2], 2, (u32)buf_dma[0], 200, YM_LE_CTRL_EOP | 0x1F,
	       YM_OP_PACKET | YM_LE_HW_OWNER);
	wr16(pref(YM_Q_XA1, YM_PREF_PUT_IDX), 3);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(hosted_wire_take(wire[0], out, sizeof(out)), 200);
	ck_assert(fr_l4_csum_ok(out, &info));
	while (st_next(&status, &len, &css, &op)) /* the transmit report */
		ck_assert_uint_eq(op, YM_OP_TXINDEXLE);

	/* Receive sums: TCPSTART at the IP header, the BMU's checksum on. */
	wr32(q_csr(YM_Q_R1), YM_BMU_RX_CSUM_ON);
	put_le(ring[0], 0, 14 << 16 | 14, 0, 0, YM_OP_TCPSTART | YM_LE_HW_OWNER);
	wr16(pref(YM_Q_R1, YM_PREF_PUT_IDX), 1);
	rx_post(0, 1, 1, BUF_SIZE);
	fr_build(f, 200, mac0, mac1, FR_PROTO_UDP, 9, true);
	hosted_wire_inject(wire[0], f, 200);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(op, YM_OP_RXCHKS);
	ck_assert_uint_eq(status >> 16, status & 0xFFFF);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(op, YM_OP_RXSTAT);
	finish();

	/* New LE format: the chip fills the checksum itself and reports a verdict in css. */
	bring_up(SKY2_MODEL_OPTIMA, 1, false);
	fr_build(f, 200, mac1, mac0, FR_PROTO_TCP, 3, false);
	memcpy(buf[0], f, 200);
	put_le(ring[2], 0, (u32)(buf_dma[0] >> 32), 0, 0, YM_OP_ADDR64 | YM_LE_HW_OWNER);
	put_le(ring[2], 1, (u32)buf_dma[0], 200, YM_LE_CTRL_EOP | 0x02,
	       YM_OP_PACKET | YM_LE_HW_OWNER);
	wr16(pref(YM_Q_XA1, YM_PREF_PUT_IDX), 2);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(hosted_wire_take(wire[0], out, sizeof(out)), 200);
	ck_assert(fr_parse(out, 200, &info));
	ck_assert(fr_l4_csum_ok(out, &info));
	while (st_next(&status, &len, &css, &op))
		ck_assert_uint_eq(op, YM_OP_TXINDEXLE);
	wr32(q_csr(YM_Q_R1), YM_BMU_RX_CSUM_ON);
	rx_post(0, 0, 1, BUF_SIZE);
	fr_build(f, 200, mac0, mac1, FR_PROTO_TCP, 4, true);
	hosted_wire_inject(wire[0], f, 200);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(op, YM_OP_RXSTAT);
	ck_assert_uint_eq(css, 0x02 | 0x04 | 0x20 | 0x80);
	finish();
}
END_TEST

START_TEST(test_strict_forced_mac_mode)
{
	u8 f[64];

	bring_up(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	/* Auto-update off, forced to 100 full, while the PHY resolved 1000 full. */
	wr16(gmac(0, YM_GM_GP_CTRL), YM_GPCR_TX_ENA | YM_GPCR_RX_ENA | YM_GPCR_AU_SPD_DIS |
					 YM_GPCR_AU_DUP_DIS | YM_GPCR_SPEED_100 | YM_GPCR_DUP_FULL);
	rx_post(0, 0, 1, BUF_SIZE);
	frame_to(f, mac0, 64, 0);
	hosted_wire_inject(wire[0], f, 64);
	hosted_run_for(10 * NSEC_PER_USEC);
	ck_assert_uint_eq(hosted_failures_take("GMAC forced to 100"), 1);
	finish();
}
END_TEST

START_TEST(test_port2_sources_and_registers)
{
	bring_up(SKY2_MODEL_XL, 2, false);
	hosted_failures_quiet(true);
	rx_post(1, 0, 2, BUF_SIZE);
	wr16(pref(YM_Q_R2, YM_PREF_PUT_IDX), 1);
	ck_assert_uint_eq(hosted_failures_take("backwards"), 1);
	ck_assert_uint_eq(rd32(YM_B0_ISRC) & 0x1F1F, YM_IS_CHK_RX << YM_IS_PORT_SHIFT);
	/* Port 2's PHY: link change unmasked, cable pulled. */
	wr16(gmac(1, YM_GM_SMI_DATA), YM_PIS_LINK_CHG);
	wr16(gmac(1, YM_GM_SMI_CTRL), YM_PHY_INT_MASK << YM_SMI_REG_SHIFT);
	while (rd16(gmac(1, YM_GM_SMI_CTRL)) & YM_SMI_BUSY)
		;
	hosted_wire_set_carrier(wire[1], false);
	hosted_run_idle();
	ck_assert_uint_ne(rd32(YM_B0_ISRC) & (YM_IS_PHY << YM_IS_PORT_SHIFT), 0);
	ck_assert_uint_eq(rd32(YM_B0_ISRC) & YM_IS_PHY, 0);
	finish();

	/* A one-port board has no second GMAC or port block. */
	bring_up(SKY2_MODEL_EC, 1, false);
	hosted_failures_quiet(true);
	(void)rd16(gmac(1, YM_GM_GP_STAT));
	wr32(YM_GMAC_CTRL + YM_PORT_STRIDE, YM_GMC_RST_CLR);
	ck_assert_uint_eq(hosted_failures_take("port 2 does not exist"), 2);
	finish();
}
END_TEST

/* Config write through the mirror, as drivers do it: write-on, write, write-off. */
static void mirror_wr32(u32 cfg, u32 v)
{
	wr8(YM_B2_TST_CTRL1, YM_TST_CFG_WRITE_ON);
	wr32(YM_CFG_MIRROR + cfg, v);
	wr8(YM_B2_TST_CTRL1, YM_TST_CFG_WRITE_OFF);
}

/*
 * The bring-up order of the facts (section 1, after FreeBSD msk), with the
 * values BSD uses, then a stop: the model must accept all of it silently.
 */
START_TEST(test_reference_bringup_and_stop_are_accepted)
{
	u8 f[100], out[200];
	u32 status;
	u16 len;
	u8 css, op;

	create(SKY2_MODEL_XL, 2, false);
	mirror_wr32(YM_PCI_OUR_REG_3, 0); /* clocks on */
	wr16(YM_B0_CTST, YM_CTST_RST_CLR);
	ck_assert_uint_eq(rd8(YM_B2_CHIP_ID), 0xB3);
	ck_assert_uint_eq(rd8(YM_B2_HW_RES) & 3, 3);
	ck_assert_uint_eq(rd8(YM_B2_CLK_GATE) & YM_CLK_GATE_LNK2_INAC, 0);
	wr16(YM_B0_CTST, YM_CTST_ASF_DIS);
	wr16(YM_B0_CTST, YM_CTST_RST_SET);
	wr16(YM_B0_CTST, YM_CTST_RST_CLR);
	wr8(YM_B2_TST_CTRL1, YM_TST_CFG_WRITE_ON);
	wr16(YM_CFG_MIRROR + 0x06, 0xF900); /* PCI status errors */
	wr32(YM_CFG_MIRROR + YM_PCI_AER_UNC_STAT, 0xFFFFFFFF);
	wr8(YM_B2_TST_CTRL1, YM_TST_CFG_WRITE_OFF);
	wr16(YM_B0_CTST, YM_CTST_MRST_CLR);
	wr8(YM_B0_POWER_CTRL, 0x80 | 0x20 | 0x04 | 0x02);
	pci_write_config_dword(pdev, YM_PCI_OUR_REG_1, 0);
	for (unsigned int p = 0; p < 2; p++) {
		u32 pc = p * YM_PORT_STRIDE;

		wr32(YM_GPHY_CTRL + pc, YM_GPC_RST_SET);
		wr32(YM_GPHY_CTRL + pc, YM_GPC_RST_CLR);
		wr32(YM_GMAC_CTRL + pc, YM_GMC_RST_SET);
		wr32(YM_GMAC_CTRL + pc, YM_GMC_RST_CLR);
		wr32(YM_GMAC_CTRL + pc, BIT(4)); /* FIFO loopback off */
		wr16(YM_GMAC_LINK_CTRL + pc, 1);
		wr16(YM_GMAC_LINK_CTRL + pc, 2);
	}
	wr16(YM_B0_CTST, YM_CTST_LED_ON);
	wr32(YM_B2_I2C_IRQ, 1);
	wr8(YM_B2_TI_CTRL, YM_TIM_STOP);
	wr8(YM_B2_TI_CTRL, YM_TIM_CLR_IRQ);
	wr8(YM_B28_DPT_CTRL, 1);
	wr8(YM_GMAC_TI_ST_CTRL, 2);
	wr8(YM_GMAC_TI_ST_CTRL, 1);
	for (unsigned int sel = 0; sel < 2; sel++) {
		wr8(YM_B3_RI_CTRL + (sel << 6), YM_RI_RST_CLR);
		for (u32 r = YM_B3_RI_FIRST; r <= YM_B3_RI_LAST; r++)
			wr8(r + (sel << 6), 36);
	}
	wr32(YM_B0_HWE_IMSK, 0);
	(void)rd32(YM_B0_HWE_IMSK);
	wr32(YM_B0_IMSK, 0);
	(void)rd32(YM_B0_IMSK);

	st_ring = dma_alloc(ST_RING * 8, 4096, 0, &st_dma);
	memset(st_ring, 0, ST_RING * 8);
	wr32(YM_STAT_CTRL, YM_UNIT_RST_SET);
	wr32(YM_STAT_CTRL, YM_UNIT_RST_CLR);
	wr32(YM_STAT_ADDR_LO, (u32)st_dma);
	wr32(YM_STAT_ADDR_HI, (u32)(st_dma >> 32));
	wr16(YM_STAT_LAST_IDX, ST_RING - 1);
	wr16(YM_STAT_TX_IDX_TH, 10);
	wr8(YM_STAT_FIFO_WM, 0x10);
	wr8(YM_STAT_FIFO_WM + 1, 0x10);
	wr32(YM_STAT_ISR_TIMER + YM_TIMER_INI, 0x190);
	wr32(YM_STAT_TX_TIMER + YM_TIMER_INI, 1000 * 156);
	wr32(YM_STAT_CTRL, YM_UNIT_OP_ON);
	wr8(YM_STAT_TX_TIMER + YM_TIMER_CTRL, YM_TIM_START);
	wr8(YM_STAT_LEV_TIMER + YM_TIMER_CTRL, YM_TIM_START);
	wr8(YM_STAT_ISR_TIMER + YM_TIMER_CTRL, YM_TIM_START);
	wr32(YM_B2_IRQM_INI, 100 * 156);
	wr32(YM_B2_IRQM_MSK, YM_IS_STAT_BMU | YM_IS_HW_ERR);
	wr8(YM_B2_IRQM_CTRL, YM_TIM_START);

	for (unsigned int p = 0; p < 2; p++) {
		u32 pc = p * YM_PORT_STRIDE;
		const u8 *mac = p ? mac1 : mac0;

		wr16(gmac(p, YM_GM_GP_CTRL), 0);
		(void)rd8(YM_GMAC_IRQ_SRC + pc);
		wr16(gmac(p, YM_GM_PHY_ADDR), rd16(gmac(p, YM_GM_PHY_ADDR)) | YM_PAR_MIB_CLR);
		for (u32 r = YM_GM_MIB_BASE; r < YM_GM_MIB_BASE + YM_GM_MIB_COUNT * 8; r += 4)
			(void)rd16(gmac(p, r));
		wr16(gmac(p, YM_GM_PHY_ADDR), rd16(gmac(p, YM_GM_PHY_ADDR)) & ~YM_PAR_MIB_CLR);
		wr16(gmac(p, YM_GM_RX_CTRL), YM_RXCR_CRC_DIS);
		wr16(gmac(p, YM_GM_TX_CTRL), 4 << 10);
		wr16(gmac(p, YM_GM_TX_FLOW_CTRL), 0xFFFF);
		wr16(gmac(p, YM_GM_TX_PARAM), 0x3 << 14 | 0xB << 9 | 0x1C << 4 | 4);
		wr16(gmac(p, YM_GM_SERIAL_MODE), 4 << 11 | BIT(9) | 0x1E);
		for (unsigned int i = 0; i < 3; i++) {
			u16 w = (u16)(mac[2 * i] | mac[2 * i + 1] << 8);

			wr16(gmac(p, YM_GM_SRC_ADDR_1 + 4 * i), w);
			wr16(gmac(p, YM_GM_SRC_ADDR_2 + 4 * i), w);
		}
		wr16(gmac(p, YM_GM_TX_IRQ_MSK), 0);
		wr16(gmac(p, YM_GM_RX_IRQ_MSK), 0);
		wr16(gmac(p, YM_GM_TR_IRQ_MSK), 0);
		wr32(YM_RX_GMF_CTRL_T + pc, YM_UNIT_RST_SET);
		wr32(YM_RX_GMF_CTRL_T + pc, YM_UNIT_RST_CLR);
		wr32(YM_RX_GMF_CTRL_T + pc, YM_UNIT_OP_ON | YM_GMF_RX_FLUSH_ON);
		wr16(gmac(p, YM_GM_RX_CTRL), YM_RXCR_CRC_DIS | YM_RXCR_UCF_ENA | YM_RXCR_MCF_ENA);
		for (unsigned int i = 0; i < 4; i++)
			wr16(gmac(p, YM_GM_MC_HASH + 4 * i), 0);
		wr32(YM_RX_GMF_FL_MSK + pc, 0); /* XL: flush mask cleared */
		wr32(YM_RX_GMF_FL_THR + pc, 0x0B);
		wr32(YM_TX_GMF_CTRL_T + pc, YM_UNIT_RST_SET);
		wr32(YM_TX_GMF_CTRL_T + pc, YM_UNIT_RST_CLR);
		wr32(YM_TX_GMF_CTRL_T + pc, YM_UNIT_OP_ON);
		wr8(YM_TXA_CTRL + pc, BIT(6) | BIT(4) | BIT(2)); /* no fsync, alloc, rate ctl */
		wr8(YM_TXA_CTRL + pc, YM_TXA_ENA_ARB);
		ram_buffer_up(p, p * 0x600, p * 0x600 + 0x4FF);
		ram_buffer_up(p + 2, p * 0x600 + 0x500, p * 0x600 + 0x5FF);
		wr8(YM_RB_BASE + 0x200 + p * 0x100 + YM_RB_CTRL, YM_UNIT_RST_SET);
		for (unsigned int k = 0; k < 2; k++) {
			unsigned int qi = k ? p : p + 2; /* Tx first, as BSD does */

			ring[qi] = dma_alloc(RING * 8, 4096, 0, &ring_dma[qi]);
			memset(ring[qi], 0, RING * 8);
			queue_up(qi);
			wr16(YM_Q_BASE + qbase[qi] + YM_Q_WM, 0x600);
		}
		wr32(q_csr(qbase[p]), YM_BMU_RX_CSUM_OFF);
		buf[p] = dma_alloc(NBUFS * BUF_SIZE, 4096, 0, &buf_dma[p]);
		rx_post(p, 0, 8, BUF_SIZE);
	}
	wr32(YM_B0_IMSK, YM_IS_HW_ERR | YM_IS_STAT_BMU | 0x1D1D);
	(void)rd32(YM_B0_IMSK);
	hosted_run_for(3000 * NSEC_PER_MSEC);
	ck_assert_uint_ne(rd16(gmac(1, YM_GM_GP_STAT)) & YM_GPSR_LINK_UP, 0);
	wr16(gmac(1, YM_GM_GP_CTRL), YM_GPCR_TX_ENA | YM_GPCR_RX_ENA);

	frame_to(f, mac1, 100, 0x77);
	hosted_wire_inject(wire[1], f, 100);
	memcpy(buf[1] + BUF_SIZE * 8, f, 100);
	put_le(ring[3], 0, (u32)((buf_dma[1] + BUF_SIZE * 8) >> 32), 0, 0,
	       YM_OP_ADDR64 | YM_LE_HW_OWNER);
	put_le(ring[3], 1, (u32)(buf_dma[1] + BUF_SIZE * 8), 100, YM_LE_CTRL_EOP,
	       YM_OP_PACKET | YM_LE_HW_OWNER);
	wr16(pref(YM_Q_XA2, YM_PREF_PUT_IDX), 2);
	hosted_run_for(2 * NSEC_PER_MSEC);
	ck_assert_uint_eq(hosted_wire_take(wire[1], out, sizeof(out)), 100);
	ck_assert(st_next(&status, &len, &css, &op));
	ck_assert_uint_eq(op, YM_OP_RXSTAT);
	ck_assert_uint_eq(css & YM_CSS_PORT, 1);
	ck_assert(st_next(&status, &len, &css, &op)); /* the Tx timer's report */
	ck_assert_uint_eq(op, YM_OP_TXINDEXLE);
	ck_assert_uint_eq((status >> 24) | (len & 0xF) << 8, 2);

	/* Stop port 2 in BSD's order. */
	{
		u32 pc = YM_PORT_STRIDE;

		wr8(YM_GMAC_IRQ_MSK + pc, 0);
		wr32(q_csr(YM_Q_XA2), YM_BMU_STOP);
		ck_assert_uint_ne(rd32(q_csr(YM_Q_XA2)) & YM_BMU_STOP, 0);
		wr8(YM_RB_BASE + YM_Q_XA2 + YM_RB_CTRL, YM_UNIT_RST_SET | YM_UNIT_OP_OFF);
		wr16(gmac(1, YM_GM_GP_CTRL), 0);
		wr8(YM_TXA_CTRL + pc, YM_TXA_DIS_ARB);
		wr32(q_csr(YM_Q_XA2), YM_BMU_RST_SET | YM_BMU_FIFO_RST);
		wr32(pref(YM_Q_XA2, YM_PREF_CTRL), YM_UNIT_RST_SET);
		wr8(YM_RB_BASE + YM_Q_XA2 + YM_RB_CTRL, YM_UNIT_RST_SET);
		wr32(YM_TX_GMF_CTRL_T + pc, YM_UNIT_RST_SET);
		wr32(YM_GMAC_CTRL + pc, BIT(2)); /* pause off */
		wr8(YM_RB_BASE + YM_Q_R2 + YM_RB_CTRL, YM_UNIT_OP_OFF);
		ck_assert_uint_eq(rd8(YM_RB_BASE + YM_Q_R2 + 0x46),
				  rd8(YM_RB_BASE + YM_Q_R2 + 0x4A));
		wr32(q_csr(YM_Q_R2), YM_BMU_RST_SET | YM_BMU_FIFO_RST);
		wr32(pref(YM_Q_R2, YM_PREF_CTRL), YM_UNIT_RST_SET);
		wr8(YM_RB_BASE + YM_Q_R2 + YM_RB_CTRL, YM_UNIT_RST_SET);
		wr32(YM_RX_GMF_CTRL_T + pc, YM_UNIT_RST_SET);
		wr8(YM_GPHY_CTRL + pc, YM_GPC_RST_SET);
		wr8(YM_GMAC_CTRL + pc, YM_GMC_RST_SET);
	}
	finish();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sky2 model");
	TCase *tc = tcase_create("model");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_identity_and_ports);
	tcase_add_test(tc, test_unknown_chip_is_left_alone);
	tcase_add_test(tc, test_rx_status_ring_both_ports);
	tcase_add_test(tc, test_rx_truncation_and_faults);
	tcase_add_test(tc, test_tx_index_both_ports);
	tcase_add_test(tc, test_isr_masking_icr_and_sw_irq_msi);
	tcase_add_test(tc, test_intx_level);
	tcase_add_test(tc, test_status_irq_raised_again_after_clear);
	tcase_add_test(tc, test_irq_while_napi_scheduled_fails);
	tcase_add_test(tc, test_phy_autoneg_and_link_irq);
	tcase_add_test(tc, test_strict_registers_and_resets);
	tcase_add_test(tc, test_strict_put_index);
	tcase_add_test(tc, test_strict_list_elements);
	tcase_add_test(tc, test_strict_prefetch_at_put);
	tcase_add_test(tc, test_strict_status_overwrite);
	tcase_add_test(tc, test_strict_smi_and_ram_buffer);
	tcase_add_test(tc, test_hw_error_and_desc_check_faults);
	tcase_add_test(tc, test_tx_report_threshold_timer_and_arbiter);
	tcase_add_test(tc, test_fcs_kept_without_crc_dis);
	tcase_add_test(tc, test_rx_store_overrun_and_pause);
	tcase_add_test(tc, test_eisr_lisr_and_moderation);
	tcase_add_test(tc, test_checksum_offload);
	tcase_add_test(tc, test_strict_forced_mac_mode);
	tcase_add_test(tc, test_port2_sources_and_registers);
	tcase_add_test(tc, test_reference_bringup_and_stop_are_accepted);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

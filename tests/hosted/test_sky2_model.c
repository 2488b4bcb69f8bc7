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

#include "kernel/dma.h"
#include "kernel/io.h"
#include "kernel/irq.h"
#include "kernel/msi.h"
#include "kernel/pci.h"
#include "kernel/time.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/models/sky2_model.h"
#include "tests/hosted/models/sky2_model_regs.h"
#include "tests/unit/stub_printk.h"

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

START_TEST(test_identity)
{
	create(SKY2_MODEL_EC, 1, false);
	ck_assert_uint_eq(rd8(YM_B2_CHIP_ID), 0xB6);
	ck_assert_uint_eq(rd8(YM_B2_HW_RES) & 3, 1);
	for (unsigned int i = 0; i < 6; i++)
		ck_assert_uint_eq(rd8(YM_B2_MAC_1 + i), mac0[i]);
	ck_assert_uint_eq(pdev->vendor, 0x11AB);
	ck_assert_uint_ne(pdev->msi_cap, 0);
	finish();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sky2 model");
	TCase *tc = tcase_create("model");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_identity);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

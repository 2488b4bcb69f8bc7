// SPDX-License-Identifier: BSD-2-Clause
/*
 * Self-test of the skge model (tests/hosted/models/skge_model*): a tiny
 * scripted driver drives it through raw MMIO after pci_init(), checking
 * that it behaves like the chip and that each strictness rule fires.
 */
#include <check.h>
#include <string.h>

#include "kernel/dma.h"
#include "kernel/io.h"
#include "kernel/pci.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/models/skge_model.h"
#include "tests/unit/stub_printk.h"

static struct skge_model *model;
static u8 *regs;

static struct skge_model *setup(enum skge_model_chip chip, unsigned int ports)
{
	struct skge_model_config cfg = {
		.dev = 3,
		.chip = chip,
		.ports = ports,
		.mac = { { 0x00, 0x00, 0x5A, 0x11, 0x22, 0x33 },
			 { 0x00, 0x00, 0x5A, 0x11, 0x22, 0x34 } },
	};
	struct pci_dev *pdev;

	hosted_init();
	stub_printk_reset();
	model = skge_model_create(&cfg);
	ck_assert_ptr_nonnull(model);
	pci_init();
	pdev = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	ck_assert_ptr_nonnull(pdev);
	pci_enable_device(pdev);
	pci_set_master(pdev);
	regs = pci_iomap(pdev, 0);
	ck_assert_ptr_nonnull(regs);
	return model;
}

static void teardown(void)
{
	skge_model_destroy(model);
	model = NULL;
	hosted_fini();
}

START_TEST(test_identity)
{
	setup(SKGE_MODEL_GENESIS, 2);
	ck_assert_uint_eq(readb(regs + 0x11B), 0x0A);
	ck_assert_uint_eq(readb(regs + 0x11A) & 1, 0);
	ck_assert_uint_eq(readb(regs + 0x100 + 5), 0x33);
	ck_assert_uint_eq(readb(regs + 0x108 + 5), 0x34);
	ck_assert_uint_eq(hosted_failures(), 0);
	teardown();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("skge model");
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

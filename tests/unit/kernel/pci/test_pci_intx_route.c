// SPDX-License-Identifier: BSD-2-Clause
/*
 * kernel/pci/pci_intx.c with a router (what ACPI's _PRT glue installs): the
 * router's GSI and polarity win over the config-space byte, a disagreement
 * is logged as a mismatch, a router without an answer falls back to the byte
 * with a warning, and with neither the device polls. Then `pci=nomsi`
 * (kernel/pci/pci_params.c) keeping every driver on INTx.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci_intx.h"
#include "kernel/pci/pci_internal.h"
#include "tests/unit/fakes/pci_fake.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/pci_test_log.h"
#include "tests/unit/fakes/pci_test_reset.h"

/* The fake router: slot 3 -> GSI 22 active high, slot 4 agrees with its line, others fail. */
static unsigned int router_calls;

static int fake_router(const struct pci_dev *pdev, struct pci_intx_route *r)
{
	router_calls++;
	switch (PCI_SLOT(pdev->devfn)) {
	case 3:
		*r = (struct pci_intx_route){ 22, true, false, "_PRT entry 00:03 INTA -> LNKG" };
		return 0;
	case 4:
		*r = (struct pci_intx_route){ 11, true, true, "_PRT entry 00:04 INTA -> GSI" };
		return 0;
	default:
		snprintf(r->how, sizeof(r->how), "no _PRT entry for 00:%02x INTA",
			 PCI_SLOT(pdev->devfn));
		return -ENOENT;
	}
}

static void setup(void)
{
	pci_test_reset();
	router_calls = 0;
}

static void nic(u8 slot, u8 pin, u8 line)
{
	fake_intx(fake_add(0, slot, 0, 0x8086, 0x100e, 0x020000, 0), pin, line);
}

START_TEST(router_wins_and_mismatch_is_logged)
{
	struct pci_dev *p;

	nic(3, 1, 11);
	pci_scan_root(0, 0, 255);
	pci_intx_set_router(fake_router);
	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_INTX), 1);
	ck_assert_uint_eq(p->intx_gsi, 22);
	ck_assert(stub_hw.gsi[22].routed && stub_hw.gsi[22].level && !stub_hw.gsi[22].active_low);
	ck_assert(!stub_hw.gsi[11].routed);
	ck_assert(log_contains("00:03.0: INTx pin A -> GSI 22 (level, active high) via _PRT entry "
			       "00:03 INTA -> LNKG; mismatch: config-space line 11 means GSI 11"));
}
END_TEST

START_TEST(router_agreeing_says_so)
{
	struct pci_dev *p;

	nic(4, 1, 11);
	pci_scan_root(0, 0, 255);
	pci_intx_set_router(fake_router);
	p = pci_find_bdf(0, 0, PCI_DEVFN(4, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_ALL_TYPES), 1);
	ck_assert_uint_eq(p->intx_gsi, 11);
	ck_assert(stub_hw.gsi[11].routed && stub_hw.gsi[11].active_low);
	ck_assert(log_contains("config-space line 11 agrees"));
	ck_assert_uint_eq(log_count("mismatch"), 0);
}
END_TEST

START_TEST(no_answer_falls_back_to_the_line)
{
	struct pci_dev *p;

	nic(5, 1, 10);
	pci_scan_root(0, 0, 255);
	pci_intx_set_router(fake_router);
	p = pci_find_bdf(0, 0, PCI_DEVFN(5, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_INTX), 1);
	ck_assert_uint_eq(p->intx_gsi, 10);
	ck_assert(stub_hw.gsi[10].routed);
	ck_assert_uint_eq(log_count_warn("00:05.0: INTx pin A: no ACPI route (no _PRT entry for "
					 "00:05 INTA): falling back to the config-space line 10"),
			  1);
}
END_TEST

START_TEST(no_answer_and_no_line_polls)
{
	struct pci_dev *p;

	nic(6, 1, 0xff);
	pci_scan_root(0, 0, 255);
	pci_intx_set_router(fake_router);
	p = pci_find_bdf(0, 0, PCI_DEVFN(6, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_INTX), 0);
	ck_assert(pci_irq_polling(p));
	ck_assert_uint_eq(log_count_warn("no ACPI route (no _PRT entry for 00:06 INTA) and no "
					 "config-space line"),
			  1);
}
END_TEST

START_TEST(router_serves_an_unset_line)
{
	struct pci_dev *p;

	nic(3, 1, 0xff);
	pci_scan_root(0, 0, 255);
	pci_intx_set_router(fake_router);
	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_INTX), 1);
	ck_assert_uint_eq(p->intx_gsi, 22);
	ck_assert(log_contains("config-space line unset"));
}
END_TEST

START_TEST(line_shared_with_a_non_pci_source)
{
	struct pci_dev *p;
	u8 vec;

	/* The SCI takes GSI 22 first; a device routed there shares its vector. */
	ck_assert_int_eq(intx_line_get(22, true, false, &vec), 0);
	nic(3, 1, 11);
	pci_scan_root(0, 0, 255);
	pci_intx_set_router(fake_router);
	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_INTX), 1);
	ck_assert_int_eq(pci_irq_vector(p, 0), vec);
	pci_free_irq_vectors(p);
	ck_assert(irq_vector_owned(vec)); /* still the SCI's */
	intx_line_put(22);
	ck_assert(!irq_vector_owned(vec));
}
END_TEST

START_TEST(nomsi_from_the_command_line)
{
	struct pci_dev *p;

	cmdline_init("pci=nomsi,bogus");
	pci_read_params();
	ck_assert(pci_nomsi());
	ck_assert_uint_eq(log_count_warn("unknown option 'bogus'"), 1);
	nic(4, 1, 11);
	pci_scan_root(0, 0, 255);
	p = pci_find_bdf(0, 0, PCI_DEVFN(4, 0));
	/* MSI-only asks are refused outright; mixed asks get INTx. */
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 4, PCI_IRQ_MSI | PCI_IRQ_MSIX), -ENOSPC);
	ck_assert(log_contains("pci=nomsi: MSI/MSI-X refused"));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 4, PCI_IRQ_ALL_TYPES), 1);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_INTX);
}
END_TEST

START_TEST(nomsi_absent_by_default)
{
	cmdline_init("pci=");
	pci_read_params();
	ck_assert(!pci_nomsi());
	cmdline_init("");
	pci_read_params();
	ck_assert(!pci_nomsi());
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pci_intx_route");
	TCase *tc = tcase_create("route");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, router_wins_and_mismatch_is_logged);
	tcase_add_test(tc, router_agreeing_says_so);
	tcase_add_test(tc, no_answer_falls_back_to_the_line);
	tcase_add_test(tc, no_answer_and_no_line_polls);
	tcase_add_test(tc, router_serves_an_unset_line);
	tcase_add_test(tc, line_shared_with_a_non_pci_source);
	tcase_add_test(tc, nomsi_from_the_command_line);
	tcase_add_test(tc, nomsi_absent_by_default);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The tg3 driver against the BCM5719 model: bring-up, link, traffic, NAPI
 * behaviour, faults and recovery, teardown. Every test ends in tt_teardown(),
 * which fails it if the model or harness reported anything (a strict-model
 * violation, a stray DMA address, an interrupt storm) or DMA memory leaked.
 */
#include <check.h>
#include <string.h>

#include "drivers/tg3/tg3.h"
#include "kernel/pci.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/tg3_test_util.h"
#include "tests/unit/stub_printk.h"

START_TEST(test_probe)
{
	struct tg3_model *m = tt_setup_default();
	struct net_device *dev = tt_dev();
	struct tg3_model_counters c;

	ck_assert_ptr_nonnull(dev);
	ck_assert_mem_eq(dev->dev_addr, tt_mac0, 6);
	ck_assert(stub_printk_contains("BCM5719 (chip 0x05719001)"));
	tg3_model_get_counters(m, &c);
	ck_assert_uint_eq(c.core_resets, 1); /* probe resets once, with the handshake */
	ck_assert(!netif_carrier_ok(dev));
	tt_teardown();
}
END_TEST

START_TEST(test_open_link_msi)
{
	tt_setup_default();
	struct net_device *dev = tt_dev();

	ck_assert(tt_open_and_link(dev));
	ck_assert(stub_printk_contains("eth0: up, MSI interrupts"));
	ck_assert(stub_printk_contains("eth0: link up, 1000 Mbps, full duplex"));
	ck_assert_uint_eq(dev->speed_mbps, 1000);
	ck_assert(dev->full_duplex);
	tt_teardown();
}
END_TEST

static Suite *tg3_suite(void)
{
	Suite *s = suite_create("tg3 hosted");
	TCase *tc = tcase_create("bring-up");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_probe);
	tcase_add_test(tc, test_open_link_msi);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(tg3_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

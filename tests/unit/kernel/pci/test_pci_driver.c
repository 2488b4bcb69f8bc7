// SPDX-License-Identifier: BSD-2-Clause
/* Match tables, probe/remove, and the helpers drivers call on their device. */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/mm/io.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_internal.h"
#include "tests/unit/fakes/pci_fake.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/pci_test_log.h"

static void setup(void)
{
	fake_reset();
	stub_hw_reset();
	log_clear();
	pci_reset_for_test();
	pci_cfg_reset_for_test();
	pci_cfg_set_ops(&fake_ops);
}

struct probe_log {
	unsigned int probes, removes;
	struct pci_dev *last;
	unsigned long last_data;
	int result;
};

static struct probe_log plog;

static int log_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	plog.probes++;
	plog.last = pdev;
	plog.last_data = id->driver_data;
	if (!plog.result)
		pci_set_drvdata(pdev, &plog);
	return plog.result;
}

static void log_remove(struct pci_dev *pdev)
{
	plog.removes++;
	ck_assert_ptr_eq(pci_get_drvdata(pdev), &plog);
}

static const struct pci_device_id e1000_ids[] = { { PCI_DEVICE(0x8086, 0x100e), .driver_data = 1 },
						  { PCI_DEVICE(0x8086, 0x10d3), .driver_data = 2 },
						  { 0 } };

static struct pci_driver e1000_like = {
	.name = "e1000",
	.id_table = e1000_ids,
	.probe = log_probe,
	.remove = log_remove,
};

START_TEST(match_rules)
{
	struct pci_dev d;
	const struct pci_device_id ids[] = { { .vendor = 0x14e4,
					       .device = 0x1677,
					       .subvendor = 0x1028,
					       .subdevice = PCI_ANY_ID,
					       .driver_data = 10 },
					     { .vendor = 0x14e4,
					       .device = PCI_ANY_ID,
					       .subvendor = PCI_ANY_ID,
					       .subdevice = PCI_ANY_ID,
					       .class = 0x020000,
					       .class_mask = 0xFFFF00,
					       .driver_data = 11 },
					     { .vendor = PCI_ANY_ID,
					       .device = PCI_ANY_ID,
					       .subvendor = PCI_ANY_ID,
					       .subdevice = PCI_ANY_ID,
					       .class = 0x028000,
					       .class_mask = 0xFF0000,
					       .driver_data = 12 },
					     { 0 } };

	memset(&d, 0, sizeof(d));
	d.vendor = 0x14e4;
	d.device = 0x1677;
	d.subvendor = 0x1028;
	d.class = 0x020000;
	ck_assert_uint_eq(pci_match_id(ids, &d)->driver_data, 10);
	d.subvendor = 0x103c;
	ck_assert_uint_eq(pci_match_id(ids, &d)->driver_data, 11);
	d.class = 0x028000; /* other network controller: only the class-wide entry */
	ck_assert_uint_eq(pci_match_id(ids, &d)->driver_data, 12);
	d.class = 0x030000;
	ck_assert_ptr_null(pci_match_id(ids, &d));
	ck_assert_ptr_null(pci_match_id(NULL, &d));
}
END_TEST

START_TEST(register_before_and_after_enumeration)
{
	struct fake_fn *f;

	fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	f = fake_add(0, 4, 0, 0x8086, 0x10d3, 0x020000, 0);
	fake_add(0, 5, 0, 0x1af4, 0x1000, 0x020000, 0);
	(void)f;

	/* Registered first: bound by pci_init(). */
	ck_assert_int_eq(pci_register_driver(&e1000_like), 0);
	ck_assert_int_eq(pci_init(), 0);
	ck_assert_uint_eq(plog.probes, 2);
	ck_assert_uint_eq(plog.last_data, 2);
	ck_assert_ptr_eq(pci_find_bdf(0, 0, PCI_DEVFN(3, 0))->driver, &e1000_like);
	ck_assert_ptr_null(pci_find_bdf(0, 0, PCI_DEVFN(5, 0))->driver);
	ck_assert(log_contains("pci: 00:03.0 [0200] 8086:100e e1000 irq none"));
	ck_assert_int_eq(pci_register_driver(&e1000_like), -EEXIST);

	pci_unregister_driver(&e1000_like);
	ck_assert_uint_eq(plog.removes, 2);
	ck_assert_ptr_null(pci_find_bdf(0, 0, PCI_DEVFN(3, 0))->driver);
	ck_assert_ptr_null(pci_get_drvdata(pci_find_bdf(0, 0, PCI_DEVFN(3, 0))));

	/* Registered after enumeration: bound at once, and announced. */
	log_clear();
	ck_assert_int_eq(pci_register_driver(&e1000_like), 0);
	ck_assert_uint_eq(plog.probes, 4);
	ck_assert(log_contains("pci: 00:04.0 [0200] 8086:10d3 e1000"));
}
END_TEST

START_TEST(failed_probe_leaves_device_unbound)
{
	fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	plog.result = -EIO;
	ck_assert_int_eq(pci_register_driver(&e1000_like), 0);
	ck_assert_int_eq(pci_init(), 0);
	ck_assert_uint_eq(plog.probes, 1);
	ck_assert_ptr_null(pci_find_bdf(0, 0, PCI_DEVFN(3, 0))->driver);
	ck_assert(log_contains("00:03.0: e1000 probe failed (-5): left unbound"));
	pci_unregister_driver(&e1000_like);
	ck_assert_uint_eq(plog.removes, 0);
}
END_TEST

START_TEST(incomplete_driver_refused)
{
	struct pci_driver nameless = { .id_table = e1000_ids, .probe = log_probe };
	struct pci_driver no_probe = { .name = "np", .id_table = e1000_ids };

	ck_assert_int_eq(pci_register_driver(&nameless), -EINVAL);
	ck_assert_int_eq(pci_register_driver(&no_probe), -EINVAL);
	ck_assert(log_contains("driver np registered without name, id table or probe"));
}
END_TEST

START_TEST(enable_device_sets_decode_for_its_bars)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct fake_fn *g = fake_add(0, 4, 0, 0x10ec, 0x8139, 0x020000, 0);
	struct pci_dev *p;

	fake_bar_mem32(f, 0, 0xfebc0000, 0x20000, false);
	fake_bar_io(g, 0, 0xc100, 0x100);
	pci_scan_root(0, 0, 255);
	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	ck_assert_int_eq(pci_enable_device(p), 0);
	ck_assert_uint_eq(fake_get16(f, PCI_COMMAND) & 7, PCI_COMMAND_MEMORY);
	pci_set_master(p);
	ck_assert_uint_eq(fake_get16(f, PCI_COMMAND) & 7, PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	pci_clear_master(p);
	ck_assert_uint_eq(fake_get16(f, PCI_COMMAND) & 7, PCI_COMMAND_MEMORY);

	p = pci_find_bdf(0, 0, PCI_DEVFN(4, 0));
	ck_assert_int_eq(pci_enable_device(p), 0);
	ck_assert_uint_eq(fake_get16(g, PCI_COMMAND) & 7, PCI_COMMAND_IO);
	ck_assert_uint_eq(pci_ioport(p, 0), 0xc100);
	ck_assert_uint_eq(pci_ioport(p, 1), 0);
	ck_assert_ptr_null(pci_iomap(p, 0)); /* I/O BARs are not mapped */
	ck_assert(log_contains("pci_iomap of BAR0: not a usable memory BAR"));
	ck_assert_uint_eq(stub_hw.mdelay_total_ms, 0); /* no PM capability, no wait */
}
END_TEST

START_TEST(disable_device_undoes_enable)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct fake_fn *g = fake_add(0, 4, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;

	fake_bar_mem32(f, 0, 0xfebc0000, 0x20000, false);
	fake_bar_mem32(g, 0, 0xfeb80000, 0x20000, false);
	fake_bar_io(g, 1, 0xc100, 0x100);
	/* Firmware left memory decode on for g (a console, say): that stays. */
	fake_set16(g, PCI_COMMAND, PCI_COMMAND_MEMORY);
	pci_scan_root(0, 0, 255);

	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	ck_assert_int_eq(pci_enable_device(p), 0);
	pci_set_master(p);
	ck_assert_uint_eq(fake_get16(f, PCI_COMMAND) & 7, PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	pci_disable_device(p);
	ck_assert_uint_eq(fake_get16(f, PCI_COMMAND) & 7, 0);

	p = pci_find_bdf(0, 0, PCI_DEVFN(4, 0));
	ck_assert_int_eq(pci_enable_device(p), 0);
	pci_set_master(p);
	ck_assert_uint_eq(fake_get16(g, PCI_COMMAND) & 7,
			  PCI_COMMAND_MEMORY | PCI_COMMAND_IO | PCI_COMMAND_MASTER);
	pci_disable_device(p);
	ck_assert_uint_eq(fake_get16(g, PCI_COMMAND) & 7, PCI_COMMAND_MEMORY);
	/* Twice is harmless: nothing left to undo. */
	pci_disable_device(p);
	ck_assert_uint_eq(fake_get16(g, PCI_COMMAND) & 7, PCI_COMMAND_MEMORY);
}
END_TEST

START_TEST(enable_device_wakes_from_d3hot)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;
	u8 pm = fake_add_cap(f, PCI_CAP_ID_PM, 8);

	fake_bar_mem32(f, 0, 0xfebc0000, 0x20000, false);
	fake_intx(f, 1, 11);
	fake_set16(f, pm + PCI_PM_CTRL, PCI_PM_STATE_D3HOT);
	pci_scan_root(0, 0, 255);
	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	/* The function loses its BAR (No_Soft_Reset clear) on the way to D0. */
	fake_set32(f, PCI_BAR0, 0);
	fake_set8(f, PCI_INTERRUPT_LINE, 0);
	ck_assert_int_eq(pci_enable_device(p), 0);
	ck_assert_uint_eq(fake_get16(f, pm + PCI_PM_CTRL) & 3, PCI_PM_STATE_D0);
	ck_assert_uint_ge(stub_hw.mdelay_total_ms, PCI_PM_D3_TO_D0_MS);
	ck_assert_uint_eq(fake_get32(f, PCI_BAR0), 0xfebc0000);
	ck_assert_uint_eq(fake_get8(f, PCI_INTERRUPT_LINE), 11);
	ck_assert(log_contains("00:03.0: woken from D3 to D0"));
}
END_TEST

START_TEST(enable_device_stuck_in_d3)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;
	u8 pm = fake_add_cap(f, PCI_CAP_ID_PM, 8);

	fake_set16(f, pm + PCI_PM_CTRL, PCI_PM_STATE_D3HOT);
	fake_writable(f, pm + PCI_PM_CTRL, 2, 0x00); /* ignores the state change */
	pci_scan_root(0, 0, 255);
	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	ck_assert_int_eq(pci_enable_device(p), -EIO);
	ck_assert(log_contains("00:03.0: still in D3 after asking for D0"));
	ck_assert_uint_eq(fake_get16(f, PCI_COMMAND) & 7, 0);
}
END_TEST

START_TEST(iomap_maps_once)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	static u8 regs[0x20000];
	struct pci_dev *p;
	u8 *m;

	fake_bar_mem32(f, 0, 0xfebc0000, 0x20000, false);
	fake_bar_mem32(f, 1, 0, 0x1000, false);
	stub_ioremap_add(0xfebc0000, regs, sizeof(regs));
	pci_scan_root(0, 0, 255);
	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	/* Mapping before decode is on works but says the driver got the order wrong. */
	m = pci_iomap(p, 0);
	ck_assert_ptr_eq(m, regs);
	ck_assert(log_contains("BAR0 mapped while memory decode is off"));
	ck_assert_uint_eq(stub_hw.ioremap_calls, 1);
	writel(0x12345678, m + 0xC8);
	ck_assert_uint_eq(readl(regs + 0xC8), 0x12345678);
	ck_assert_uint_eq(readw(regs + 0xCA), 0x1234);
	ck_assert_ptr_eq(pci_iomap(p, 0), m);
	ck_assert_uint_eq(stub_hw.ioremap_calls, 1);
	ck_assert_ptr_null(pci_iomap(p, 1)); /* unassigned */
	ck_assert_ptr_null(pci_iomap(p, 6));
	ck_assert(log_contains("BAR6: no such BAR"));
	ck_assert_uint_eq(pci_resource_start(p, 0), 0xfebc0000);
	ck_assert_uint_eq(pci_resource_len(p, 0), 0x20000);
	ck_assert_uint_eq(pci_resource_len(p, 9), 0);
}
END_TEST

START_TEST(config_helpers)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;

	fake_writable(f, 0x40, 4, 0xFF);
	pci_scan_root(0, 0, 255);
	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	pci_write_config_dword(p, 0x40, 0xA1B2C3D4);
	ck_assert_uint_eq(pci_read_config_byte(p, 0x41), 0xC3);
	ck_assert_uint_eq(pci_read_config_word(p, 0x42), 0xA1B2);
	pci_write_config_word(p, 0x40, 0x0102);
	pci_write_config_byte(p, 0x43, 0xEE);
	ck_assert_uint_eq(pci_read_config_dword(p, 0x40), 0xEEB20102);
	pci_intx(p, false);
	ck_assert(pci_read_config_word(p, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE);
	pci_intx(p, true);
	ck_assert(!(pci_read_config_word(p, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE));
}
END_TEST

static Suite *driver_suite(void)
{
	Suite *s = suite_create("pci_driver");
	TCase *tc = tcase_create("driver");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, match_rules);
	tcase_add_test(tc, register_before_and_after_enumeration);
	tcase_add_test(tc, failed_probe_leaves_device_unbound);
	tcase_add_test(tc, incomplete_driver_refused);
	tcase_add_test(tc, enable_device_sets_decode_for_its_bars);
	tcase_add_test(tc, disable_device_undoes_enable);
	tcase_add_test(tc, enable_device_wakes_from_d3hot);
	tcase_add_test(tc, enable_device_stuck_in_d3);
	tcase_add_test(tc, iomap_maps_once);
	tcase_add_test(tc, config_helpers);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(driver_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

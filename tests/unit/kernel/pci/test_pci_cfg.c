// SPDX-License-Identifier: BSD-2-Clause
/*
 * Configuration access: the checks every access goes through, ECAM address
 * arithmetic over a buffer standing in for the MCFG window, fallback to the
 * port mechanism outside the windows, and MCFG entries that must be refused.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_internal.h"
#include "tests/unit/fakes/pci_fake.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/pci_test_log.h"

#define ECAM_PHYS 0xB0000000ull
#define MiB	  (1ull << 20)

static u8 *ecam_mem;

static void setup(void)
{
	fake_reset();
	stub_hw_reset();
	log_clear();
	pci_reset_for_test();
	pci_cfg_reset_for_test();
	ecam_mem = calloc(1, 4 * MiB);
	/* Absent functions read all ones through ECAM too. */
	memset(ecam_mem, 0xFF, 4 * MiB);
}

static void teardown(void)
{
	free(ecam_mem);
}

/* Config bytes of (bus, devfn) inside a window mapped from bus `first`. */
static u8 *ecam_fn(u8 first, u8 bus, u8 devfn)
{
	return ecam_mem + ((u64)(bus - first) << 20) + ((u64)devfn << 12);
}

static void put16(u8 *p, u16 v)
{
	memcpy(p, &v, 2);
}

static void put32(u8 *p, u32 v)
{
	memcpy(p, &v, 4);
}

static void ecam_function(u8 first, u8 bus, u8 devfn, u16 vendor, u16 device)
{
	u8 *c = ecam_fn(first, bus, devfn);

	memset(c, 0, 4096);
	put16(c + PCI_VENDOR_ID, vendor);
	put16(c + PCI_DEVICE_ID, device);
}

START_TEST(refused_accesses)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);

	pci_cfg_set_ops(&fake_ops);
	fake_set32(f, 0x40, 0x11223344);
	ck_assert_uint_eq(pci_cfg_read(0, 0, PCI_DEVFN(3, 0), 0x40, 4), 0x11223344);
	ck_assert_uint_eq(pci_cfg_read(0, 0, PCI_DEVFN(3, 0), 0x42, 2), 0x1122);
	ck_assert_uint_eq(pci_cfg_read(0, 0, PCI_DEVFN(3, 0), 0x43, 1), 0x11);

	ck_assert_uint_eq(pci_cfg_read(0, 0, PCI_DEVFN(3, 0), 0x41, 2), 0xFFFF);
	ck_assert(log_contains("00:03.0: config read of 2 bytes at 0x41 refused: misaligned"));
	ck_assert_uint_eq(pci_cfg_read(0, 0, PCI_DEVFN(3, 0), 0x40, 3), 0xFFFFFF);
	ck_assert(log_contains("bad access size"));
	ck_assert_uint_eq(pci_cfg_read(0, 0, PCI_DEVFN(3, 0), 0x1000, 4), 0xFFFFFFFF);
	ck_assert(log_contains("offset beyond 4 KiB"));
	ck_assert_uint_eq(pci_cfg_read(0, 0, PCI_DEVFN(3, 0), 0x100, 4), 0xFFFFFFFF);
	ck_assert(log_contains("at 0x100 refused: extended space needs ECAM"));

	fake_writable(f, 0x40, 4, 0xFF);
	pci_cfg_write(0, 0, PCI_DEVFN(3, 0), 0x42, 4, 0);
	ck_assert(log_contains("config write of 4 bytes at 0x42 refused"));
	ck_assert_uint_eq(fake_get32(f, 0x40), 0x11223344);
	pci_cfg_write(0, 0, PCI_DEVFN(3, 0), 0x41, 1, 0xAA);
	ck_assert_uint_eq(fake_get32(f, 0x40), 0x1122AA44);
}
END_TEST

START_TEST(no_mechanism)
{
	ck_assert_int_eq(pci_cfg_setup(NULL), -ENODEV);
	ck_assert(!pci_cfg_ready());
	ck_assert_uint_eq(pci_cfg_read(0, 0, 0, 0, 2), 0xFFFF);
	ck_assert(log_contains("no configuration mechanism"));
}
END_TEST

START_TEST(ecam_addresses_and_fallback)
{
	struct fake_fn *f;

	stub_ioremap_add(ECAM_PHYS, ecam_mem, 2 * MiB);
	ecam_function(0, 0, 0, 0x8086, 0x29c0);
	ecam_function(0, 1, PCI_DEVFN(2, 3), 0x1af4, 0x1041);
	put32(ecam_fn(0, 1, PCI_DEVFN(2, 3)) + 0x104, 0xCAFEF00D);
	/* The port mechanism sees the same host bridge, and something on bus 5. */
	fake_add(0, 0, 0, 0x8086, 0x29c0, 0x060000, 0);
	f = fake_add(5, 1, 0, 0x10ec, 0x8139, 0x020000, 0);
	(void)f;

	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, 0, 0, 1), 0);
	ck_assert_int_eq(pci_cfg_setup(&fake_legacy_ops), 0);
	ck_assert_str_eq(pci_cfg_method(), "ECAM");
	ck_assert_uint_eq(pci_ecam_count(), 1);
	ck_assert(log_contains("config access through ECAM, falling back to fake ports"));

	ck_assert_uint_eq(pci_cfg_read(0, 1, PCI_DEVFN(2, 3), 0, 2), 0x1af4);
	ck_assert_uint_eq(pci_cfg_read(0, 1, PCI_DEVFN(2, 3), 0x104, 4), 0xCAFEF00D);
	ck_assert_uint_eq(pci_cfg_read(0, 1, PCI_DEVFN(2, 3), 0x106, 2), 0xCAFE);
	ck_assert(pci_cfg_has_ext(0, 1));

	pci_cfg_write(0, 1, PCI_DEVFN(2, 3), 0x200, 2, 0xBEEF);
	ck_assert_uint_eq(ecam_fn(0, 1, PCI_DEVFN(2, 3))[0x200], 0xEF);
	ck_assert_uint_eq(ecam_fn(0, 1, PCI_DEVFN(2, 3))[0x201], 0xBE);

	/* Bus 5 is outside the window: ports, and no extended space. */
	ck_assert(!pci_cfg_has_ext(0, 5));
	ck_assert_uint_eq(pci_cfg_read(0, 5, PCI_DEVFN(1, 0), 0, 2), 0x10ec);
	ck_assert_uint_eq(pci_cfg_read(0, 5, PCI_DEVFN(1, 0), 0x100, 4), 0xFFFFFFFF);
	ck_assert(log_contains("05:01.0: config read of 4 bytes at 0x100 refused"));
}
END_TEST

START_TEST(ecam_window_starting_above_bus_0)
{
	u16 seg;
	u8 s, e;

	/* MCFG's base is bus 0's address: buses 2-3 start 2 MiB further on. */
	stub_ioremap_add(ECAM_PHYS + 2 * MiB, ecam_mem, 2 * MiB);
	ecam_function(2, 2, 0, 0x1b36, 0x000c);
	ecam_function(2, 3, PCI_DEVFN(0, 1), 0x8086, 0x10d3);
	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, 1, 2, 3), 0);
	ck_assert_int_eq(pci_cfg_setup(NULL), 0);
	ck_assert(pci_ecam_range(0, &seg, &s, &e));
	ck_assert_uint_eq(seg, 1);
	ck_assert_uint_eq(s, 2);
	ck_assert_uint_eq(e, 3);
	ck_assert(!pci_ecam_range(1, &seg, &s, &e));
	ck_assert_uint_eq(pci_cfg_read(1, 3, PCI_DEVFN(0, 1), 2, 2), 0x10d3);
	ck_assert_uint_eq(pci_cfg_read(1, 2, 0, 0, 2), 0x1b36);
	/* Segment 0 has neither window nor ports. */
	ck_assert_uint_eq(pci_cfg_read(0, 2, 0, 0, 2), 0xFFFF);
}
END_TEST

START_TEST(ecam_disagreeing_with_ports_is_dropped)
{
	stub_ioremap_add(ECAM_PHYS, ecam_mem, 1 * MiB);
	/* ECAM memory reads all ones where the ports see a host bridge. */
	fake_add(0, 0, 0, 0x8086, 0x29c0, 0x060000, 0);
	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, 0, 0, 0), 0);
	ck_assert_int_eq(pci_cfg_setup(&fake_legacy_ops), 0);
	ck_assert(log_contains("ECAM seg 0 buses 0-0 at 0xb0000000 disagrees with fake ports"));
	ck_assert_str_eq(pci_cfg_method(), "fake ports");
	ck_assert_uint_eq(pci_ecam_count(), 0);
	ck_assert_uint_eq(pci_cfg_read(0, 0, 0, 0, 2), 0x8086);
}
END_TEST

START_TEST(bad_mcfg_entries)
{
	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, 0, 5, 4), -EINVAL);
	ck_assert(log_contains("end bus 4 before start bus 5"));
	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS + 0x1000, 0, 0, 4), -EINVAL);
	ck_assert(log_contains("not 1 MiB aligned"));
	ck_assert_int_eq(pci_ecam_add(0, 0, 0, 4), -EINVAL);
	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, 0, 0, 4), 0);
	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, 0, 4, 8), -EEXIST);
	ck_assert(log_contains("overlaps an earlier one"));
	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, 1, 4, 8), 0); /* other segment: fine */
	for (unsigned int i = 2; i < PCI_MAX_ECAM_REGIONS; i++)
		ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, (u16)i, 0, 0), 0);
	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, 99, 0, 0), -ENOSPC);
	/* No ioremap window registered: none can be mapped, setup says so. */
	ck_assert_int_eq(pci_cfg_setup(NULL), -ENODEV);
	ck_assert(log_contains("cannot map ECAM seg 0 buses 0-4"));
}
END_TEST

static int probed;

static int count_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	probed++;
	return 0;
}

static const struct pci_device_id any_net[] = { { .vendor = PCI_ANY_ID,
						  .device = PCI_ANY_ID,
						  .subvendor = PCI_ANY_ID,
						  .subdevice = PCI_ANY_ID,
						  .class = PCI_CLASS_NETWORK_ETHERNET,
						  .class_mask = 0xFFFF00 },
						{ 0 } };

static struct pci_driver net_driver = {
	.name = "anynet",
	.id_table = any_net,
	.probe = count_probe,
};

START_TEST(pci_init_scans_ecam_windows)
{
	u8 *c;
	struct pci_dev *p;

	stub_ioremap_add(ECAM_PHYS, ecam_mem, 4 * MiB);
	ecam_function(0, 0, 0, 0x8086, 0x29c0);
	/* A root port to bus 1 with a PCIe NIC that has AER in extended space. */
	ecam_function(0, 0, PCI_DEVFN(0x1c, 0), 0x8086, 0x2940);
	c = ecam_fn(0, 0, PCI_DEVFN(0x1c, 0));
	c[PCI_HEADER_TYPE] = 1;
	put32(c + PCI_REVISION_ID, 0x06040000);
	c[PCI_PRIMARY_BUS] = 0;
	c[PCI_SECONDARY_BUS] = 1;
	c[PCI_SUBORDINATE_BUS] = 1;
	ecam_function(0, 1, 0, 0x8086, 0x10d3);
	c = ecam_fn(0, 1, 0);
	put32(c + PCI_REVISION_ID, 0x02000000);
	put16(c + PCI_STATUS, PCI_STATUS_CAP_LIST);
	c[PCI_CAPABILITY_LIST] = 0x40;
	c[0x40] = PCI_CAP_ID_EXP;
	c[0x41] = 0;
	put32(c + 0x100, PCI_EXT_CAP_ID_AER | 1u << 16 | 0x140u << 20);
	put32(c + 0x140, PCI_EXT_CAP_ID_DSN | 1u << 16);

	ck_assert_int_eq(pci_register_driver(&net_driver), 0);
	ck_assert_int_eq(pci_ecam_add(ECAM_PHYS, 0, 0, 3), 0);
	ck_assert_int_eq(pci_cfg_setup(NULL), 0);
	ck_assert_int_eq(pci_init(), 0);
	ck_assert_uint_eq(pci_dev_count(), 3);
	p = pci_find_bdf(0, 1, 0);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(p->nr_ext_caps, 2);
	ck_assert_uint_eq(pci_find_ext_capability(p, PCI_EXT_CAP_ID_DSN), 0x140);
	ck_assert_int_eq(probed, 1);
	ck_assert_ptr_eq(p->driver, &net_driver);
	ck_assert(log_contains("01:00.0 [0200] 8086:10d3 anynet irq none caps pcie ext-caps 2"));
	ck_assert(log_contains("3 functions found"));
	/* A second pci_init() does nothing. */
	ck_assert_int_eq(pci_init(), 0);
	ck_assert_uint_eq(pci_dev_count(), 3);
	ck_assert_int_eq(probed, 1);
}
END_TEST

static Suite *cfg_suite(void)
{
	Suite *s = suite_create("pci_cfg");
	TCase *tc = tcase_create("cfg");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, refused_accesses);
	tcase_add_test(tc, no_mechanism);
	tcase_add_test(tc, ecam_addresses_and_fallback);
	tcase_add_test(tc, ecam_window_starting_above_bus_0);
	tcase_add_test(tc, ecam_disagreeing_with_ports_is_dropped);
	tcase_add_test(tc, bad_mcfg_entries);
	tcase_add_test(tc, pci_init_scans_ecam_windows);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(cfg_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

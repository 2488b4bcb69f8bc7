// SPDX-License-Identifier: BSD-2-Clause
/*
 * Config spaces recorded from QEMU's e1000e, PCIe root port and virtio-net
 * (tests/unit/kernel/pci/pci_fixtures.c) decoded the same way the real devices are:
 * BARs, both capability lists, the bridge, and MSI/MSI-X programming into a
 * buffer standing in for the BAR that holds the MSI-X table.
 */
#include <check.h>
#include <string.h>
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci_internal.h"
#include "tests/unit/fakes/pci_fake.h"
#include "tests/unit/kernel/pci/pci_fixtures.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/pci_test_log.h"
#include "tests/unit/fakes/pci_test_reset.h"

static u8 e1000e_bar3[0x4000];
static u8 virtio_bar1[0x1000];

static struct fake_fn *load(u8 bus, u8 dev, const struct cfg_row *rows, size_t n)
{
	struct fake_fn *f = fake_add(bus, dev, 0, 0, 0, 0, 0);

	for (size_t i = 0; i < n; i++)
		for (unsigned int w = 0; w < 4; w++)
			fake_set32(f, (u16)(rows[i].off + 4 * w), rows[i].v[w]);
	return f;
}

/* What the recorded devices let software change, as far as these tests write. */
static void msi_writable(struct fake_fn *f, u8 cap)
{
	fake_writable(f, cap + PCI_MSI_FLAGS, 1, 0x71);
	fake_writable(f, cap + PCI_MSI_ADDRESS_LO, 12, 0xFF);
}

static void msix_writable(struct fake_fn *f, u8 cap)
{
	fake_writable(f, cap + PCI_MSIX_FLAGS + 1, 1, 0xC0);
}

static void setup(void)
{
	struct fake_fn *rp, *nic, *vn;

	pci_test_reset();
	fake_ext_enabled = true; /* recorded through ECAM */
	memset(e1000e_bar3, 0, sizeof(e1000e_bar3));
	memset(virtio_bar1, 0, sizeof(virtio_bar1));
	stub_ioremap_add(0xfe880000, e1000e_bar3, sizeof(e1000e_bar3));
	stub_ioremap_add(0xfea51000, virtio_bar1, sizeof(virtio_bar1));

	rp = load(0, 6, qemu_pcie_root_port_cfg, qemu_pcie_root_port_cfg_rows);
	rp->bar_size[0] = 0x1000;

	nic = load(1, 0, qemu_e1000e_cfg, qemu_e1000e_cfg_rows);
	nic->bar_size[0] = 0x20000;
	nic->bar_size[1] = 0x20000;
	nic->bar_size[2] = 0x20;
	nic->bar_size[3] = 0x4000;
	msi_writable(nic, 0xd0);
	msix_writable(nic, 0xa0);

	vn = load(0, 5, qemu_virtio_net_cfg, qemu_virtio_net_cfg_rows);
	vn->bar_size[0] = 0x20;
	vn->bar_size[1] = 0x1000;
	vn->bar_size[4] = 0x4000;
	vn->bar_size[5] = 0x4000;
	msix_writable(vn, 0x98);

	pci_scan_root(0, 0, 255);
}

START_TEST(root_port_and_e1000e_decode)
{
	struct pci_dev *rp = pci_find_bdf(0, 0, PCI_DEVFN(6, 0));
	struct pci_dev *nic = pci_find_bdf(0, 1, 0);

	ck_assert_uint_eq(pci_dev_count(), 3);
	ck_assert_uint_eq(log_count_warn(""), 0);

	ck_assert_uint_eq(rp->vendor, 0x1b36);
	ck_assert_uint_eq(rp->device, 0x000c);
	ck_assert_uint_eq(rp->class, 0x060400);
	ck_assert_uint_eq(rp->secondary_bus, 1);
	ck_assert_uint_eq(rp->subordinate_bus, 1);
	ck_assert_uint_eq(rp->pcie_cap, 0x54);
	ck_assert_uint_eq(rp->msix_cap, 0x48);
	ck_assert_uint_eq(pci_find_capability(rp, 0x0d), 0x40); /* bridge subsystem ids */
	ck_assert_uint_eq(pci_find_ext_capability(rp, PCI_EXT_CAP_ID_AER), 0x100);
	ck_assert_uint_eq(pci_find_ext_capability(rp, 0x000d), 0x148); /* ACS */
	ck_assert_uint_eq(rp->bar[0].base, 0xfea52000);
	ck_assert_uint_eq(rp->bar[0].size, 0x1000);

	ck_assert_uint_eq(nic->vendor, 0x8086);
	ck_assert_uint_eq(nic->device, 0x10d3);
	ck_assert_uint_eq(nic->subvendor, 0x8086);
	ck_assert_uint_eq(nic->pm_cap, 0xc8);
	ck_assert_uint_eq(nic->msi_cap, 0xd0);
	ck_assert_uint_eq(nic->pcie_cap, 0xe0);
	ck_assert_uint_eq(nic->msix_cap, 0xa0);
	ck_assert_uint_eq(nic->nr_ext_caps, 2);
	ck_assert_uint_eq(pci_find_ext_capability(nic, PCI_EXT_CAP_ID_AER), 0x100);
	ck_assert_uint_eq(pci_find_ext_capability(nic, PCI_EXT_CAP_ID_DSN), 0x140);
	ck_assert_uint_eq(nic->irq_pin, 1);
	ck_assert_uint_eq(nic->irq_line, 11);
	ck_assert_uint_eq(nic->bar[0].flags, PCI_BAR_VALID);
	ck_assert_uint_eq(nic->bar[0].base, 0xfe840000);
	ck_assert_uint_eq(nic->bar[1].base, 0xfe860000);
	ck_assert_uint_eq(nic->bar[2].flags, PCI_BAR_VALID | PCI_BAR_IO);
	ck_assert_uint_eq(nic->bar[2].base, 0xc000);
	ck_assert_uint_eq(nic->bar[2].size, 0x20);
	ck_assert_uint_eq(nic->bar[3].base, 0xfe880000);
	ck_assert_uint_eq(nic->bar[3].size, 0x4000);
	ck_assert_uint_eq(pci_msi_vec_count(nic), 1);
	ck_assert_uint_eq(pci_msix_vec_count(nic), 5);
}
END_TEST

START_TEST(virtio_decode)
{
	struct pci_dev *vn = pci_find_bdf(0, 0, PCI_DEVFN(5, 0));

	ck_assert_uint_eq(vn->vendor, 0x1af4);
	ck_assert_uint_eq(vn->device, 0x1000);
	ck_assert_uint_eq(vn->subdevice, 0x0001);
	ck_assert_uint_eq(vn->msix_cap, 0x98);
	ck_assert_uint_eq(vn->nr_caps, 6); /* MSI-X and five virtio vendor capabilities */
	ck_assert_uint_eq(vn->pcie_cap, 0);
	ck_assert_uint_eq(vn->nr_ext_caps, 0);
	ck_assert_uint_eq(vn->bar[0].flags, PCI_BAR_VALID | PCI_BAR_IO);
	ck_assert_uint_eq(vn->bar[0].base, 0xd040);
	ck_assert_uint_eq(vn->bar[1].base, 0xfea51000);
	ck_assert_uint_eq(vn->bar[4].flags, PCI_BAR_VALID | PCI_BAR_MEM64 | PCI_BAR_PREFETCH);
	ck_assert_uint_eq(vn->bar[4].base, 0xfe200000);
	ck_assert_uint_eq(vn->bar[4].size, 0x4000);
	ck_assert_uint_eq(vn->irq_line, 10);
	ck_assert_uint_eq(pci_msix_vec_count(vn), 4);
}
END_TEST

static u32 entry(const u8 *table, unsigned int i, unsigned int field)
{
	u32 v;

	memcpy(&v, table + i * PCI_MSIX_ENTRY_SIZE + field, 4);
	return v;
}

START_TEST(e1000e_msix_then_msi)
{
	struct pci_dev *nic = pci_find_bdf(0, 1, 0);
	struct fake_fn *f = fake_find(0, 1, 0);

	pci_enable_device(nic);
	ck_assert_int_eq(pci_alloc_irq_vectors(nic, 1, 8, PCI_IRQ_ALL_TYPES), 5);
	for (unsigned int i = 0; i < 5; i++) {
		ck_assert_uint_eq(entry(e1000e_bar3, i, PCI_MSIX_ENTRY_ADDR_LO), STUB_MSI_ADDRESS);
		ck_assert_uint_eq(entry(e1000e_bar3, i, PCI_MSIX_ENTRY_DATA),
				  STUB_MSI_DATA(pci_irq_vector(nic, i)));
		ck_assert_uint_eq(entry(e1000e_bar3, i, PCI_MSIX_ENTRY_CTRL), 1);
	}
	ck_assert_uint_eq(fake_get16(f, 0xa2) & 0xC000, PCI_MSIX_FLAGS_ENABLE);
	ck_assert(fake_get16(f, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE);
	pci_free_irq_vectors(nic);
	ck_assert_uint_eq(fake_get16(f, 0xa2) & 0xC000, 0);

	ck_assert_int_eq(pci_alloc_irq_vectors(nic, 1, 8, PCI_IRQ_MSI), 1);
	ck_assert_uint_eq(fake_get32(f, 0xd4), STUB_MSI_ADDRESS);
	ck_assert_uint_eq(fake_get32(f, 0xd8), 0);
	ck_assert_uint_eq(fake_get16(f, 0xdc), STUB_MSI_DATA(pci_irq_vector(nic, 0)));
	ck_assert_uint_eq(fake_get16(f, 0xd2) & PCI_MSI_FLAGS_ENABLE, 1);
}
END_TEST

START_TEST(virtio_msix_table_in_bar1)
{
	struct pci_dev *vn = pci_find_bdf(0, 0, PCI_DEVFN(5, 0));

	ck_assert_int_eq(pci_alloc_irq_vectors(vn, 1, 4, PCI_IRQ_MSIX), 4);
	for (unsigned int i = 0; i < 4; i++) {
		ck_assert_uint_eq(entry(virtio_bar1, i, PCI_MSIX_ENTRY_ADDR_LO), STUB_MSI_ADDRESS);
		ck_assert_uint_eq(entry(virtio_bar1, i, PCI_MSIX_ENTRY_DATA),
				  STUB_MSI_DATA(pci_irq_vector(vn, i)));
	}
	/* The PBA sits at 0x800 in the same BAR: the table must not reach it. */
	for (unsigned int off = 0x800; off < 0x1000; off++)
		ck_assert_uint_eq(virtio_bar1[off], 0);
}
END_TEST

static Suite *fixture_suite(void)
{
	Suite *s = suite_create("pci_fixtures");
	TCase *tc = tcase_create("qemu");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, root_port_and_e1000e_decode);
	tcase_add_test(tc, virtio_decode);
	tcase_add_test(tc, e1000e_msix_then_msi);
	tcase_add_test(tc, virtio_msix_table_in_bar1);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(fixture_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

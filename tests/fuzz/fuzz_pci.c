// SPDX-License-Identifier: BSD-2-Clause
/*
 * PCI enumeration, BAR sizing, capability walks and MSI/MSI-X/INTx setup on
 * configuration space from the input: what firmware and broken or hostile
 * devices may present. Each input builds up to 8 functions in the unit
 * tests' fake config space (tests/unit/fakes/pci_fake.h), scans the buses, lists
 * every device found and tries each interrupt mode on it.
 *
 * Input: [flags: bit 0 extended config space reachable] then per function
 *   [bus (mod 4)][devfn][6 x BAR size as log2, 0 = not implemented]
 *   [u16 length][config bytes from offset 0, at most 4096]
 * A 16 KiB buffer at MSIX_WINDOW plays device memory, so an MSI-X table a
 * BAR places there is reachable.
 */
#include <stdlib.h>
#include <string.h>
#include "kernel/pci/msi.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_internal.h"
#include "kernel/x86/irq.h"
#include "tests/fuzz/fuzz.h"
#include "tests/unit/fakes/pci_fake.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/pci_test_reset.h"
#include "tests/unit/fakes/stub_printk.h"

#define MAX_FUNCTIONS 8
#define MSIX_WINDOW   0xfebf0000u
#define WINDOW_SIZE   0x4000u

static u8 window[WINDOW_SIZE];

static void add_function(struct fuzz_in *in)
{
	u8 bus = fuzz_u8(in) % 4, devfn = fuzz_u8(in), bar_log2[6];
	size_t len, got;
	const u8 *cfg;
	struct fake_fn *f;

	for (unsigned int i = 0; i < 6; i++)
		bar_log2[i] = fuzz_u8(in) % 64;
	len = fuzz_u16(in) % (sizeof(f->cfg) + 1);
	cfg = fuzz_bytes(in, len, &got);
	if (fake_find(0, bus, devfn))
		return;
	f = fake_add(bus, devfn >> 3, devfn & 7, 0, 0, 0, 0);
	if (!f)
		return;
	memcpy(f->cfg, cfg, got);
	for (unsigned int i = 0; i < 6; i++)
		if (bar_log2[i])
			fake_bar_raw(f, i, fake_get32(f, PCI_BAR0 + 4 * i), 1ull << bar_log2[i]);
}

static void exercise(struct pci_dev *pdev)
{
	static const u8 caps[] = { PCI_CAP_ID_PM,   PCI_CAP_ID_MSI, PCI_CAP_ID_EXP,
				   PCI_CAP_ID_MSIX, 0x09,	    0xff };
	char line[256];

	pci_format_dev(pdev, line, sizeof(line));
	fuzz_consume_string(line);
	for (unsigned int i = 0; i < 6; i++) {
		pci_format_bar(pdev, i, line, sizeof(line));
		fuzz_consume_string(line);
	}
	pci_log_dev(pdev);
	for (unsigned int i = 0; i < ARRAY_SIZE(caps); i++)
		(void)pci_find_capability(pdev, caps[i]);
	for (u16 id = 0; id < 0x30; id += 7)
		(void)pci_find_ext_capability(pdev, id);
	(void)pci_msi_vec_count(pdev);
	(void)pci_msix_vec_count(pdev);
	if (pci_enable_device(pdev) == 0) {
		if (pci_alloc_irq_vectors(pdev, 1, 8, PCI_IRQ_ALL_TYPES) > 0)
			pci_free_irq_vectors(pdev);
		pci_disable_device(pdev);
	}
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct fuzz_in in;

	pci_test_reset();
	memset(window, 0, sizeof(window));
	stub_ioremap_add(MSIX_WINDOW, window, sizeof(window));

	fuzz_in_init(&in, data, size);
	fake_ext_enabled = fuzz_u8(&in) & 1;
	for (unsigned int i = 0; i < MAX_FUNCTIONS && !fuzz_in_empty(&in); i++)
		add_function(&in);
	pci_scan_root(0, 0, 255);
	for (struct pci_dev *pdev = pci_dev_next(NULL); pdev; pdev = pci_dev_next(pdev))
		exercise(pdev);
	return 0;
}

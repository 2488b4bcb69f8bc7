// SPDX-License-Identifier: BSD-2-Clause
#include "tests/unit/fakes/pci_test_reset.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci_cfg.h"
#include "kernel/pci/pci_internal.h"
#include "kernel/x86/irq.h"
#include "tests/unit/fakes/pci_fake.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/stub_printk.h"

void pci_test_reset(void)
{
	fake_reset();
	stub_hw_reset();
	stub_printk_reset();
	irq_reset_for_test();
	pci_intx_reset_for_test();
	pci_reset_for_test();
	pci_cfg_reset_for_test();
	pci_cfg_set_ops(&fake_ops);
}

/* SPDX-License-Identifier: BSD-2-Clause */
/* Config spaces recorded from QEMU devices (see pci_fixtures.c), as 16-byte rows. */
#ifndef NAPKIN_TESTS_PCI_FIXTURES_H
#define NAPKIN_TESTS_PCI_FIXTURES_H

#include <stddef.h>
#include "kernel/core/compiler.h"

struct cfg_row {
	u16 off;
	u32 v[4];
};

extern const struct cfg_row qemu_virtio_net_cfg[];
extern const size_t qemu_virtio_net_cfg_rows;
extern const struct cfg_row qemu_pcie_root_port_cfg[];
extern const size_t qemu_pcie_root_port_cfg_rows;
extern const struct cfg_row qemu_e1000e_cfg[];
extern const size_t qemu_e1000e_cfg_rows;

#endif

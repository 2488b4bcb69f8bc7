// SPDX-License-Identifier: BSD-2-Clause
/*
 * The network core's start at boot, as a core initcall: NAPI, the backlog
 * and the net.* tunables (net_core_init()), and how a NIC registered inside
 * a PCI probe learns its function. Before any driver registers, so the
 * first probe finds the core ready. Host tests call net_core_init()
 * themselves and do not link this file.
 */
#include "kernel/core/initcall.h"
#include "kernel/pci/pci.h"
#include "net/core/netdev_stack.h"

static void net_core_boot(void)
{
	net_core_init();
	netdev_set_parent_lookup(pci_probing_dev);
}
core_initcall(net_core_boot);

# SPDX-License-Identifier: BSD-2-Clause
# Groups of product sources that host builds (unit tests, the hosted harness,
# the fuzz harnesses, the hosted cost bench) link together. Each group is
# named here once, so moving or splitting one of its files changes one line;
# the .mk files of tests/ and mk/ use the names, never the files. (The kernel
# itself takes whole folders by wildcard: KSRCS in the Makefile.)
# Read with mk/*.mk, before every test fragment, so users may take `:=`.

# The NAPI core alone, with the timer wheel its deferred work runs on.
NAPI_SRCS := net/core/napi.c kernel/core/ktimer.c

# The network core a driver talks to: NAPI, the devices, frame buffers, GRO,
# the backlog, checksums and the net.* parameters (which read the command line).
NET_CORE_SRCS := $(NAPI_SRCS) net/core/netdev.c net/core/gro.c net/core/inet_csum.c net/core/backlog.c \
	net/core/netbuf.c net/core/params.c kernel/core/cmdline.c

# What drivers share beyond the core: the adapter's lifetime while the stack
# holds its receive buffers, and the table that fills `ethtool -S`.
NET_DRIVER_HELPER_SRCS := net/core/netdev_adapter.c net/core/ethtool_table.c

# The PCI core: enumeration, config space, BARs, capabilities, the driver list.
PCI_CORE_SRCS := kernel/pci/pci.c kernel/pci/pci_cfg.c kernel/pci/pci_bar.c kernel/pci/pci_cap.c \
	kernel/pci/pci_driver.c kernel/pci/pci_show.c

# A function's interrupts on top of the core: MSI/MSI-X, INTx routing, vectors.
PCI_IRQ_SRCS := kernel/pci/msi.c kernel/pci/pci_irq.c kernel/pci/pci_intx.c kernel/x86/irq.c

# napkin's side of lwIP: the glue, the address configuration and start-up,
# and the random numbers lwIP asks for (NET_RANDOM_SRCS, mk/random.mk). The
# shell's commands (shell_glue.c) need the kernel shell and are left out.
# Recursive: NET_RANDOM_SRCS is another fragment's.
LWIP_GLUE_SRCS = $(filter-out net/lwip/shell_glue.c,$(wildcard net/lwip/*.c net/lwip/*/*.c)) \
	net/inet/ipconfig.c net/net_init.c $(NET_RANDOM_SRCS)

# The services without the status page (net/services/webstatus/), which reads
# the whole kernel.
NET_SERVICES_SRCS := $(wildcard net/services/*.c)

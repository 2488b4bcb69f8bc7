# SPDX-License-Identifier: BSD-2-Clause
# The devices of napkin's test QEMU (configs/devices/x86_64-softmmu/napkin.mak):
# the two PC machines, the NICs napkin drives (QEMU's own and napkin's
# models), what a CD boot under SeaBIOS and OVMF needs, and the IOMMU that
# lets firmware hand over in x2APIC mode. Kconfig adds what these select.
CONFIG_PCI_DEVICES=n
CONFIG_ISAPC=n
CONFIG_MICROVM=n
CONFIG_NITRO_ENCLAVE=n
CONFIG_I440FX=y
CONFIG_Q35=y
CONFIG_E1000_PCI=y
CONFIG_E1000E_PCI_EXPRESS=y
CONFIG_VIRTIO_PCI=y
CONFIG_VIRTIO_NET=y
CONFIG_PCIE_PORT=y
CONFIG_VGA_PCI=y
CONFIG_VTD=y
CONFIG_HPET=y
CONFIG_ISA_DEBUG=y
CONFIG_NAPKIN_NICS=y

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Configuration-space layout from the PCI Local Bus and PCI Express base
 * specifications: the common header, type 0 (endpoint) and type 1 (bridge)
 * fields napkin uses, and the capability structures it programs.
 */
#ifndef NAPKIN_KERNEL_PCI_REGS_H
#define NAPKIN_KERNEL_PCI_REGS_H

#include "kernel/core/compiler.h"

#define PCI_CFG_SIZE	 256  /* reachable through ports 0xCF8/0xCFC */
#define PCI_CFG_EXT_SIZE 4096 /* PCI Express, reachable through ECAM only */

/* Common header. */
#define PCI_VENDOR_ID		 0x00
#define PCI_DEVICE_ID		 0x02
#define PCI_COMMAND		 0x04
#define PCI_COMMAND_IO		 BIT(0)
#define PCI_COMMAND_MEMORY	 BIT(1)
#define PCI_COMMAND_MASTER	 BIT(2)
#define PCI_COMMAND_INTX_DISABLE BIT(10)
#define PCI_STATUS		 0x06
#define PCI_STATUS_INTERRUPT	 BIT(3)
#define PCI_STATUS_CAP_LIST	 BIT(4)
#define PCI_REVISION_ID		 0x08
#define PCI_CLASS_PROG		 0x09 /* dword at 0x08: class << 8 | revision */
#define PCI_HEADER_TYPE		 0x0E
#define PCI_HEADER_TYPE_MASK	 0x7F
#define PCI_HEADER_MULTIFUNCTION BIT(7)
#define PCI_HEADER_NORMAL	 0
#define PCI_HEADER_BRIDGE	 1
#define PCI_HEADER_CARDBUS	 2

#define PCI_BAR0	      0x10
#define PCI_BAR_SPACE_IO      BIT(0)
#define PCI_BAR_MEM_TYPE_MASK 0x6
#define PCI_BAR_MEM_TYPE_32   0x0
#define PCI_BAR_MEM_TYPE_1M   0x2 /* "below 1 MiB", withdrawn from the spec */
#define PCI_BAR_MEM_TYPE_64   0x4
#define PCI_BAR_MEM_PREFETCH  BIT(3)
#define PCI_BAR_MEM_MASK      0xFFFFFFF0u
#define PCI_BAR_IO_MASK	      0xFFFFFFFCu

/* Type 0 header. */
#define PCI_SUBSYSTEM_VENDOR_ID	 0x2C
#define PCI_SUBSYSTEM_ID	 0x2E
#define PCI_CAPABILITY_LIST	 0x34
#define PCI_INTERRUPT_LINE	 0x3C
#define PCI_INTERRUPT_PIN	 0x3D
#define PCI_INTERRUPT_LINE_UNSET 0xFF

/* Type 1 header (PCI-PCI bridge). */
#define PCI_PRIMARY_BUS	    0x18
#define PCI_SECONDARY_BUS   0x19
#define PCI_SUBORDINATE_BUS 0x1A
/* Type 2 header (CardBus bridge) keeps its capability pointer elsewhere. */
#define PCI_CB_CAPABILITY_LIST 0x14

/* Standard capability IDs and the header every capability starts with. */
#define PCI_CAP_ID_PM	    0x01
#define PCI_CAP_ID_MSI	    0x05
#define PCI_CAP_ID_EXP	    0x10
#define PCI_CAP_ID_MSIX	    0x11
#define PCI_CAP_NEXT	    1
#define PCI_CAP_FIRST_VALID 0x40 /* capabilities live after the header */

/* Power management capability. */
#define PCI_PM_CTRL	       4
#define PCI_PM_CTRL_STATE_MASK 0x3
#define PCI_PM_STATE_D0	       0
#define PCI_PM_STATE_D3HOT     3
#define PCI_PM_D3_TO_D0_MS     10 /* recovery time before the function may be touched */

/* MSI capability. */
#define PCI_MSI_FLAGS	      2
#define PCI_MSI_FLAGS_ENABLE  BIT(0)
#define PCI_MSI_FLAGS_QMASK   0x000E /* log2 of vectors the function can send */
#define PCI_MSI_FLAGS_QSIZE   0x0070 /* log2 of vectors software enabled */
#define PCI_MSI_FLAGS_64BIT   BIT(7)
#define PCI_MSI_FLAGS_MASKBIT BIT(8)
#define PCI_MSI_ADDRESS_LO    4
#define PCI_MSI_ADDRESS_HI    8 /* 64-bit capable only */
#define PCI_MSI_DATA_32	      8
#define PCI_MSI_DATA_64	      12
#define PCI_MSI_MASK_32	      12
#define PCI_MSI_MASK_64	      16
#define PCI_MSI_PENDING_32    16
#define PCI_MSI_PENDING_64    20

/* MSI-X capability and table. */
#define PCI_MSIX_FLAGS		   2
#define PCI_MSIX_FLAGS_QSIZE	   0x07FF /* table size - 1 */
#define PCI_MSIX_FLAGS_MASKALL	   BIT(14)
#define PCI_MSIX_FLAGS_ENABLE	   BIT(15)
#define PCI_MSIX_TABLE		   4
#define PCI_MSIX_PBA		   8
#define PCI_MSIX_BIR_MASK	   0x7
#define PCI_MSIX_OFFSET_MASK	   0xFFFFFFF8u
#define PCI_MSIX_ENTRY_SIZE	   16
#define PCI_MSIX_ENTRY_ADDR_LO	   0
#define PCI_MSIX_ENTRY_ADDR_HI	   4
#define PCI_MSIX_ENTRY_DATA	   8
#define PCI_MSIX_ENTRY_CTRL	   12
#define PCI_MSIX_ENTRY_CTRL_MASKED BIT(0)

/* PCI Express extended capabilities (offset 0x100 onwards). */
#define PCI_EXT_CAP_START   0x100
#define PCI_EXT_CAP_ID(h)   ((h)&0xFFFF)
#define PCI_EXT_CAP_VER(h)  (((h) >> 16) & 0xF)
#define PCI_EXT_CAP_NEXT(h) (((h) >> 20) & 0xFFF)
#define PCI_EXT_CAP_ID_AER  0x0001
#define PCI_EXT_CAP_ID_DSN  0x0003

/* Base classes used in messages and matching. */
#define PCI_CLASS_NETWORK_ETHERNET 0x020000
#define PCI_CLASS_BRIDGE_HOST	   0x060000
#define PCI_CLASS_BRIDGE_PCI	   0x060400

#endif

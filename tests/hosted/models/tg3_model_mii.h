/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The clause 22 PHY registers of IEEE 802.3 the model's PHY implements,
 * checked against the BCM5719's own PHY description in meklort/bcm5719-fw
 * (libs/MII/include/bcm5719_MII.h). The model's own copy, not the driver's.
 */
#ifndef NAPKIN_TESTS_HOSTED_TG3_MODEL_MII_H
#define NAPKIN_TESTS_HOSTED_TG3_MODEL_MII_H

#include "kernel/core/compiler.h"

#define BGEM_MII_BMCR	     0x00 /* control */
#define BGEM_BMCR_RESET	     BIT(15)
#define BGEM_BMCR_LOOPBACK   BIT(14)
#define BGEM_BMCR_SPEED_LSB  BIT(13)
#define BGEM_BMCR_ANEG	     BIT(12)
#define BGEM_BMCR_POWER_DOWN BIT(11)
#define BGEM_BMCR_ISOLATE    BIT(10)
#define BGEM_BMCR_ANEG_RERUN BIT(9)
#define BGEM_BMCR_FULL	     BIT(8)
#define BGEM_BMCR_SPEED_MSB  BIT(6)

#define BGEM_MII_BMSR	     0x01 /* status */
#define BGEM_BMSR_100X_FULL  BIT(14)
#define BGEM_BMSR_100X_HALF  BIT(13)
#define BGEM_BMSR_10_FULL    BIT(12)
#define BGEM_BMSR_10_HALF    BIT(11)
#define BGEM_BMSR_EXT_STATUS BIT(8)
#define BGEM_BMSR_ANEG_DONE  BIT(5)
#define BGEM_BMSR_ANEG_ABLE  BIT(3)
#define BGEM_BMSR_LINK	     BIT(2) /* latches low until read */
#define BGEM_BMSR_EXT_CAP    BIT(0)

#define BGEM_MII_ID_HI 0x02
#define BGEM_MII_ID_LO 0x03

/* Base-page abilities: ours in ANAR, the partner's in ANLPAR (same bits). */
#define BGEM_MII_ANAR	      0x04
#define BGEM_MII_ANLPAR	      0x05
#define BGEM_AN_SELECTOR_8023 0x0001u
#define BGEM_AN_10_HALF	      BIT(5)
#define BGEM_AN_10_FULL	      BIT(6)
#define BGEM_AN_100_HALF      BIT(7)
#define BGEM_AN_100_FULL      BIT(8)
#define BGEM_AN_PAUSE	      BIT(10) /* IEEE 802.3 Annex 28B: symmetric PAUSE */
#define BGEM_AN_ASYM_PAUSE    BIT(11)

#define BGEM_MII_GBCR	       0x09 /* 1000BASE-T control */
#define BGEM_GBCR_ADV_HALF     BIT(8)
#define BGEM_GBCR_ADV_FULL     BIT(9)
#define BGEM_MII_GBSR	       0x0A /* 1000BASE-T status */
#define BGEM_GBSR_PARTNER_HALF BIT(10)
#define BGEM_GBSR_PARTNER_FULL BIT(11)

/* IEEE 802.3 clause 22 access to clause 45 registers */
#define BGEM_MII_MMD_CTRL   0x0D
#define BGEM_MMD_CTRL_DATA  0xC000u /* function: 0 = address, else data */
#define BGEM_MMD_CTRL_DEVAD 0x001Fu
#define BGEM_MII_MMD_ADDR   0x0E

/* Broadcom vendor registers [lx] tg3.h MII_TG3_* */
#define BGEM_MII_EXT_CTRL      0x10
#define BGEM_MII_EXT_STAT      0x11
#define BGEM_MII_RXR_COUNTERS  0x14
#define BGEM_MII_DSP_RW	       0x15
#define BGEM_MII_DSP_CTRL      0x16
#define BGEM_MII_DSP_ADDR      0x17
#define BGEM_MII_AUX_CTRL      0x18 /* shadowed: bits 2:0 select */
#define BGEM_AUXCTL_SEL	       0x0007u
#define BGEM_AUXCTL_SEL_MISC   7 /* its write-enable bit 15 or read select in 14:12 */
#define BGEM_AUXCTL_MISC_WREN  BIT(15)
#define BGEM_MII_AUX_STAT      0x19
#define BGEM_AUXSTAT_FULL      BIT(0)
#define BGEM_AUXSTAT_LPASS     BIT(2)
#define BGEM_AUXSTAT_100       BIT(3)
#define BGEM_AUXSTAT_SPD_SHIFT 8    /* 1/2 10 half/full, 3/5 100, 6/7 1000 */
#define BGEM_MII_ISTAT	       0x1A /* interrupt status, cleared by reading */
#define BGEM_ISTAT_LINKCHG     BIT(1)
#define BGEM_MII_IMASK	       0x1B
#define BGEM_MII_MISC_SHDW     0x1C /* shadowed: bits 14:10 select, bit 15 writes */
#define BGEM_MISCSHDW_WREN     BIT(15)
#define BGEM_MII_TEST1	       0x1E

#define BGEM_MII_ESR	    0x0F /* extended status */
#define BGEM_ESR_1000T_HALF BIT(12)
#define BGEM_ESR_1000T_FULL BIT(13)

#endif

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

#define BGEM_MII_GBCR	       0x09 /* 1000BASE-T control */
#define BGEM_GBCR_ADV_HALF     BIT(8)
#define BGEM_GBCR_ADV_FULL     BIT(9)
#define BGEM_MII_GBSR	       0x0A /* 1000BASE-T status */
#define BGEM_GBSR_PARTNER_HALF BIT(10)
#define BGEM_GBSR_PARTNER_FULL BIT(11)

#define BGEM_MII_ESR	    0x0F /* extended status */
#define BGEM_ESR_1000T_HALF BIT(12)
#define BGEM_ESR_1000T_FULL BIT(13)

#endif

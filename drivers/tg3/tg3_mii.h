/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The IEEE 802.3 clause 22 PHY registers tg3 uses (standard for every
 * 10/100/1000BASE-T PHY, the Tigon3's integrated one included).
 */
#ifndef NAPKIN_DRIVERS_TG3_MII_H
#define NAPKIN_DRIVERS_TG3_MII_H

#include "kernel/core/compiler.h"

#define MII_CONTROL	     0x00
#define MII_CTRL_RESET	     BIT(15)
#define MII_CTRL_LOOPBACK    BIT(14)
#define MII_CTRL_SPEED100    BIT(13)
#define MII_CTRL_AN_ENABLE   BIT(12)
#define MII_CTRL_POWER_DOWN  BIT(11)
#define MII_CTRL_ISOLATE     BIT(10)
#define MII_CTRL_AN_RESTART  BIT(9)
#define MII_CTRL_FULL_DUPLEX BIT(8)
#define MII_CTRL_SPEED1000   BIT(6)

#define MII_STATUS	      0x01
#define MII_STAT_100FD	      BIT(14)
#define MII_STAT_100HD	      BIT(13)
#define MII_STAT_10FD	      BIT(12)
#define MII_STAT_10HD	      BIT(11)
#define MII_STAT_EXT_STATUS   BIT(8)
#define MII_STAT_AN_COMPLETE  BIT(5)
#define MII_STAT_REMOTE_FAULT BIT(4)
#define MII_STAT_AN_ABLE      BIT(3)
#define MII_STAT_LINK	      BIT(2) /* latched low: reads 0 once after any link loss */
#define MII_STAT_EXT_CAPS     BIT(0)

#define MII_PHY_ID1 0x02
#define MII_PHY_ID2 0x03

#define MII_ADVERTISE	   0x04 /* our abilities; the link partner's are in MII_LP_ABILITY */
#define MII_LP_ABILITY	   0x05
#define MII_ADV_CSMA	   0x0001u
#define MII_ADV_10HD	   BIT(5)
#define MII_ADV_10FD	   BIT(6)
#define MII_ADV_100HD	   BIT(7)
#define MII_ADV_100FD	   BIT(8)
#define MII_ADV_PAUSE	   BIT(10)
#define MII_ADV_ASYM_PAUSE BIT(11)
#define MII_ADV_ALL_10_100 (MII_ADV_10HD | MII_ADV_10FD | MII_ADV_100HD | MII_ADV_100FD)

#define MII_1000_CONTROL 0x09
#define MII_1000C_ADV_HD BIT(8)
#define MII_1000C_ADV_FD BIT(9)
#define MII_1000_STATUS	 0x0A
#define MII_1000S_LP_HD	 BIT(10)
#define MII_1000S_LP_FD	 BIT(11)

#define MII_EXT_STATUS	   0x0F
#define MII_ESTAT_1000T_FD BIT(13)
#define MII_ESTAT_1000T_HD BIT(12)

#endif

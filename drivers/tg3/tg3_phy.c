// SPDX-License-Identifier: BSD-2-Clause
/*
 * The integrated copper PHY over MDIO, and link state. The MAC's autopoll
 * watches the PHY's link bit and raises a link-change attention; register
 * access needs autopoll off, so every access pauses it.
 */
#define pr_fmt(fmt) "tg3: " fmt

#include <errno.h>

#include "drivers/tg3/tg3.h"
#include "drivers/tg3/tg3_reg.h"
#include "kernel/console/printk.h"

#define MDIO_POLL_US	10
#define MDIO_TIMEOUT_US 5000
/* Let a started autopoll cycle finish before the first manual transaction. */
#define AUTOPOLL_SETTLE_US 80

static u32 autopoll_pause(struct tg3 *tp)
{
	u32 mode = tg3_read(tp, T3_MI_MODE);

	if (mode & T3_MIMODE_AUTOPOLL) {
		tg3_write(tp, T3_MI_MODE, mode & ~T3_MIMODE_AUTOPOLL);
		udelay(AUTOPOLL_SETTLE_US);
	}
	return mode;
}

static void autopoll_resume(struct tg3 *tp, u32 mode)
{
	if (mode & T3_MIMODE_AUTOPOLL)
		tg3_write(tp, T3_MI_MODE, mode);
}

static int mdio(struct tg3 *tp, u32 cmd, u8 reg, u16 data, u16 *out)
{
	u32 mode = autopoll_pause(tp);
	u32 v = 0;
	int ret = -ETIMEDOUT;

	tg3_write(tp, T3_MI_COMM,
		  cmd | T3_MICOMM_BUSY | (u32)tp->phy_addr << T3_MICOMM_PHY_SHIFT |
		      (u32)reg << T3_MICOMM_REG_SHIFT | data);
	for (unsigned int t = 0; t < MDIO_TIMEOUT_US; t += MDIO_POLL_US) {
		udelay(MDIO_POLL_US);
		v = tg3_read(tp, T3_MI_COMM);
		if (!(v & T3_MICOMM_BUSY)) {
			ret = (v & T3_MICOMM_READ_FAILED) ? -EIO : 0;
			break;
		}
	}
	autopoll_resume(tp, mode);
	if (ret) {
		pr_warn("%s: MDIO %s of PHY %u register %u failed (%s, MI_COMM 0x%08x)\n",
			tg3_name(tp), cmd == T3_MICOMM_CMD_READ ? "read" : "write", tp->phy_addr,
			reg, ret == -EIO ? "no answer" : "timed out", v);
		return ret;
	}
	if (out)
		*out = (u16)(v & T3_MICOMM_DATA_MASK);
	return 0;
}

int tg3_phy_read(struct tg3 *tp, u8 reg, u16 *val)
{
	return mdio(tp, T3_MICOMM_CMD_READ, reg, 0, val);
}

int tg3_phy_write(struct tg3 *tp, u8 reg, u16 val)
{
	return mdio(tp, T3_MICOMM_CMD_WRITE, reg, val, NULL);
}

/* Advertise every 10/100/1000 mode (no pause) and restart autonegotiation. */
int tg3_phy_start(struct tg3 *tp)
{
	u16 id1 = 0, id2 = 0;
	int err;

	tg3_write(tp, T3_MI_MODE, T3_MIMODE_CLOCK_BASE | T3_MIMODE_CONST_CLOCK);
	udelay(AUTOPOLL_SETTLE_US);
	err = tg3_phy_read(tp, MII_PHY_ID1, &id1);
	if (!err)
		err = tg3_phy_read(tp, MII_PHY_ID2, &id2);
	if (!err)
		err = tg3_phy_write(tp, MII_ADVERTISE, MII_ADV_CSMA | MII_ADV_ALL_10_100);
	if (!err)
		err = tg3_phy_write(tp, MII_1000_CONTROL, MII_1000C_ADV_FD | MII_1000C_ADV_HD);
	if (!err)
		err = tg3_phy_write(tp, MII_CONTROL, MII_CTRL_AN_ENABLE | MII_CTRL_AN_RESTART);
	tg3_write(tp, T3_MI_MODE,
		  T3_MIMODE_CLOCK_BASE | T3_MIMODE_CONST_CLOCK | T3_MIMODE_AUTOPOLL);
	if (err) {
		pr_err("%s: PHY at MDIO address %u does not answer\n", tg3_name(tp), tp->phy_addr);
		return err;
	}
	pr_info("%s: PHY %04x:%04x at MDIO address %u, autonegotiating\n", tg3_name(tp), id1, id2,
		tp->phy_addr);
	return 0;
}

/* Resolve the negotiated mode; false when the partners share none. */
static bool resolve(struct tg3 *tp, u32 *speed, bool *full)
{
	u16 adv, lpa, c1000, s1000;

	if (tg3_phy_read(tp, MII_ADVERTISE, &adv) || tg3_phy_read(tp, MII_LP_ABILITY, &lpa) ||
	    tg3_phy_read(tp, MII_1000_CONTROL, &c1000) || tg3_phy_read(tp, MII_1000_STATUS, &s1000))
		return false;
	if ((c1000 & MII_1000C_ADV_FD) && (s1000 & MII_1000S_LP_FD)) {
		*speed = 1000;
		*full = true;
	} else if ((c1000 & MII_1000C_ADV_HD) && (s1000 & MII_1000S_LP_HD)) {
		*speed = 1000;
		*full = false;
	} else if (adv & lpa & MII_ADV_100FD) {
		*speed = 100;
		*full = true;
	} else if (adv & lpa & MII_ADV_100HD) {
		*speed = 100;
		*full = false;
	} else if (adv & lpa & MII_ADV_10FD) {
		*speed = 10;
		*full = true;
	} else if (adv & lpa & MII_ADV_10HD) {
		*speed = 10;
		*full = false;
	} else {
		return false;
	}
	return true;
}

void tg3_link_update(struct tg3 *tp)
{
	struct net_device *dev = &tp->netdev;
	u16 bmsr;
	u32 speed = 0;
	bool full = false, up;

	/* The link bit latches low: the first read reports any drop since the last one. */
	if (tg3_phy_read(tp, MII_STATUS, &bmsr) || tg3_phy_read(tp, MII_STATUS, &bmsr))
		return;
	up = (bmsr & MII_STAT_LINK) && (bmsr & MII_STAT_AN_COMPLETE) && resolve(tp, &speed, &full);
	tg3_write(tp, T3_MAC_STATUS, T3_MACSTAT_LINK_CHANGED);
	if (up) {
		tp->mac_mode &= ~(T3_MACMODE_PORT_MASK | T3_MACMODE_HALF_DUPLEX);
		tp->mac_mode |= speed == 1000 ? T3_MACMODE_PORT_GMII : T3_MACMODE_PORT_MII;
		if (!full)
			tp->mac_mode |= T3_MACMODE_HALF_DUPLEX;
		tg3_write(tp, T3_MAC_MODE, tp->mac_mode);
	}
	if (up == tp->link_up && (!up || (speed == dev->speed_mbps && full == dev->full_duplex)))
		return;
	tp->ctr.link_changes++;
	if (up && tp->link_up)
		netif_carrier_off(dev); /* renegotiated to another mode: report both edges */
	tp->link_up = up;
	if (up) {
		dev->speed_mbps = speed;
		dev->full_duplex = full;
		netif_carrier_on(dev);
	} else {
		dev->speed_mbps = 0;
		netif_carrier_off(dev);
	}
}

/* After a core reset: MDIO clocking and autopoll back, the PHY itself untouched. */
void tg3_phy_resume(struct tg3 *tp)
{
	tg3_write(tp, T3_MI_MODE,
		  T3_MIMODE_CLOCK_BASE | T3_MIMODE_CONST_CLOCK | T3_MIMODE_AUTOPOLL);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Chip-level operations: reset, the station address (receive address
 * registers, or the EEPROM when they hold nothing valid), link status. Every
 * wait on the hardware is bounded and a timeout is logged naming the device.
 */
#include <errno.h>
#include <string.h>
#include "drivers/e1000/e1000.h"

/* Reset completes within a few microseconds on real chips; allow plenty. */
#define E1000_RESET_TIMEOUT_US		100000
#define E1000_NVM_AUTORD_TIMEOUT_US	20000
#define E1000_EERD_TIMEOUT_US		10000
#define E1000_MASTER_DISABLE_TIMEOUT_US 10000
#define E1000_POLL_STEP_US		10

int e1000_wait_reg(struct e1000_adapter *a, u32 reg, u32 mask, u32 want, u32 timeout_us)
{
	for (u32 waited = 0;; waited += E1000_POLL_STEP_US) {
		u32 v = e1000_rd(a, reg);

		if (v == 0xFFFFFFFFu && mask != 0xFFFFFFFFu)
			return -ENODEV; /* the device stopped answering */
		if ((v & mask) == want)
			return 0;
		if (waited >= timeout_us)
			return -ETIMEDOUT;
		udelay(E1000_POLL_STEP_US);
	}
}

static void e1000_quiesce(struct e1000_adapter *a)
{
	e1000_wr(a, E1000_IMC, E1000_ICR_ALL);
	e1000_wr(a, E1000_RCTL, 0);
	e1000_wr(a, E1000_TCTL, E1000_TCTL_PSP);
	e1000_flush(a);
	/* Let DMA in flight finish before the reset pulls the rings away. */
	mdelay(10);
	if (e1000_has(a, E1000_CHIP_PCIE)) {
		/* PCIe parts: stop new master requests and wait for pending ones, as the 82574 asks. */
		e1000_wr(a, E1000_CTRL, e1000_rd(a, E1000_CTRL) | E1000_CTRL_GIO_MASTER_DISABLE);
		if (e1000_wait_reg(a, E1000_STATUS, E1000_STATUS_GIO_MASTER_EN, 0,
				   E1000_MASTER_DISABLE_TIMEOUT_US))
			pr_warn(
			    "%s: PCIe master requests still pending before reset (STATUS=%#x)\n",
			    e1000_name(a), e1000_rd(a, E1000_STATUS));
	}
}

int e1000_hw_reset(struct e1000_adapter *a)
{
	u32 status = e1000_rd(a, E1000_STATUS);
	int err;

	if (status == 0xFFFFFFFFu) {
		pr_err("%s: registers read all ones: device absent or BAR0 not decoded\n",
		       e1000_name(a));
		return -ENODEV;
	}
	e1000_quiesce(a);
	e1000_wr(a, E1000_CTRL, e1000_rd(a, E1000_CTRL) | E1000_CTRL_RST);
	/* The 8254x manuals ask for a pause before touching the device again. */
	udelay(20);
	err = e1000_wait_reg(a, E1000_CTRL, E1000_CTRL_RST, 0, E1000_RESET_TIMEOUT_US);
	if (err) {
		pr_err("%s: reset %s (CTRL=%#x)\n", e1000_name(a),
		       err == -ENODEV ? "lost the device" : "bit never cleared",
		       e1000_rd(a, E1000_CTRL));
		return err == -ENODEV ? err : -EIO;
	}
	if (e1000_has(a, E1000_CHIP_EERD_82574)) {
		/* The 82574 reloads its NVM after reset; the MAC comes from it. */
		err = e1000_wait_reg(a, E1000_EECD, E1000_EECD_AUTO_RD, E1000_EECD_AUTO_RD,
				     E1000_NVM_AUTORD_TIMEOUT_US);
		if (err)
			pr_warn("%s: NVM auto-read not reported done after reset (EECD=%#x)\n",
				e1000_name(a), e1000_rd(a, E1000_EECD));
	}
	/* Reset leaves interrupts enabled on some parts: mask and clear everything. */
	e1000_wr(a, E1000_IMC, E1000_ICR_ALL);
	(void)e1000_rd(a, E1000_ICR);
	if (e1000_has(a, E1000_CHIP_ICR_W1C))
		e1000_wr(a, E1000_ICR, E1000_ICR_ALL);
	/* No interrupt moderation in the chip: NAPI's masking does that job. */
	e1000_wr(a, E1000_ITR, 0);
	return 0;
}

int e1000_eeprom_read(struct e1000_adapter *a, u16 word, u16 *out)
{
	bool layout_82574 = e1000_has(a, E1000_CHIP_EERD_82574);
	u32 done = layout_82574 ? E1000_EERD_82574_DONE : E1000_EERD_8254X_DONE;
	u32 shift = layout_82574 ? E1000_EERD_82574_ADDR_SHIFT : E1000_EERD_8254X_ADDR_SHIFT;
	int err;

	e1000_wr(a, E1000_EERD, ((u32)word << shift) | E1000_EERD_START);
	err = e1000_wait_reg(a, E1000_EERD, done, done, E1000_EERD_TIMEOUT_US);
	if (err) {
		pr_err("%s: EEPROM word %u: read never completed (EERD=%#x)\n", e1000_name(a), word,
		       e1000_rd(a, E1000_EERD));
		return -EIO;
	}
	*out = (u16)(e1000_rd(a, E1000_EERD) >> E1000_EERD_DATA_SHIFT);
	return 0;
}

static bool mac_is_valid(const u8 mac[ETH_ALEN])
{
	static const u8 zero[ETH_ALEN], ones[ETH_ALEN] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };

	return !(mac[0] & 1) && memcmp(mac, zero, ETH_ALEN) && memcmp(mac, ones, ETH_ALEN);
}

int e1000_hw_read_mac(struct e1000_adapter *a, u8 mac[ETH_ALEN], const char **source)
{
	u32 ral = e1000_rd(a, E1000_RAL(0)), rah = e1000_rd(a, E1000_RAH(0));

	for (int i = 0; i < 4; i++)
		mac[i] = (u8)(ral >> (8 * i));
	mac[4] = (u8)rah;
	mac[5] = (u8)(rah >> 8);
	if ((rah & E1000_RAH_AV) && mac_is_valid(mac)) {
		*source = "RAL/RAH";
		return 0;
	}
	for (u16 w = 0; w < 3; w++) {
		u16 v;

		if (e1000_eeprom_read(a, E1000_EEPROM_MAC_WORD + w, &v))
			return -EIO;
		mac[2 * w] = (u8)v;
		mac[2 * w + 1] = (u8)(v >> 8);
	}
	if (!mac_is_valid(mac)) {
		pr_err("%s: no valid MAC address in RAL/RAH or EEPROM "
		       "(%02x:%02x:%02x:%02x:%02x:%02x)\n",
		       e1000_name(a), mac[0], mac[1], mac[2], mac[3], mac[4], mac[5]);
		return -EINVAL;
	}
	*source = "EEPROM";
	return 0;
}

void e1000_hw_write_mac(struct e1000_adapter *a, const u8 mac[ETH_ALEN])
{
	u32 ral = (u32)mac[0] | (u32)mac[1] << 8 | (u32)mac[2] << 16 | (u32)mac[3] << 24;
	u32 rah = (u32)mac[4] | (u32)mac[5] << 8 | E1000_RAH_AV;

	e1000_wr(a, E1000_RAL(0), ral);
	e1000_wr(a, E1000_RAH(0), rah);
}

void e1000_hw_clear_filters(struct e1000_adapter *a)
{
	for (unsigned int i = 0; i < E1000_MTA_WORDS; i++)
		e1000_wr(a, E1000_MTA(i), 0);
	for (unsigned int i = 0; i < 128; i++)
		e1000_wr(a, E1000_VFTA(i), 0);
	/* Receive address slots 1..15: only our own address (slot 0) is wanted. */
	for (unsigned int i = 1; i < 16; i++) {
		e1000_wr(a, E1000_RAH(i), 0);
		e1000_wr(a, E1000_RAL(i), 0);
	}
	e1000_flush(a);
}

void e1000_hw_start_link(struct e1000_adapter *a)
{
	u32 ctrl = e1000_rd(a, E1000_CTRL);

	/* Copper: let the MAC follow the PHY's auto-negotiated speed and duplex. */
	ctrl |= E1000_CTRL_SLU | E1000_CTRL_ASDE;
	/* Master disable too: reset clears it on silicon, not necessarily in emulators. */
	ctrl &= ~(E1000_CTRL_LRST | E1000_CTRL_ILOS | E1000_CTRL_FRCSPD | E1000_CTRL_FRCDPLX |
		  E1000_CTRL_PHY_RST | E1000_CTRL_VME | E1000_CTRL_GIO_MASTER_DISABLE);
	e1000_wr(a, E1000_CTRL, ctrl);
	if (e1000_has(a, E1000_CHIP_DRV_LOAD))
		e1000_wr(a, E1000_CTRL_EXT, e1000_rd(a, E1000_CTRL_EXT) | E1000_CTRL_EXT_DRV_LOAD);
	e1000_flush(a);
}

void e1000_status_decode(u32 status, bool *up, u32 *speed_mbps, bool *full_duplex)
{
	static const u32 speeds[4] = { 10, 100, 1000, 1000 };

	*up = status & E1000_STATUS_LU;
	*speed_mbps = speeds[(status & E1000_STATUS_SPEED_MASK) >> E1000_STATUS_SPEED_SHIFT];
	*full_duplex = status & E1000_STATUS_FD;
}

void e1000_hw_release(struct e1000_adapter *a)
{
	e1000_wr(a, E1000_IMC, E1000_ICR_ALL);
	e1000_wr(a, E1000_RCTL, 0);
	e1000_wr(a, E1000_TCTL, 0);
	if (e1000_has(a, E1000_CHIP_DRV_LOAD))
		e1000_wr(a, E1000_CTRL_EXT, e1000_rd(a, E1000_CTRL_EXT) & ~E1000_CTRL_EXT_DRV_LOAD);
	e1000_flush(a);
}

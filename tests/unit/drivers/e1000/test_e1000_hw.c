// SPDX-License-Identifier: BSD-2-Clause
/*
 * e1000 chip operations against a fake register file: reset (including a
 * reset bit that never clears and a device that reads all ones), the MAC
 * address from RAL/RAH or the EEPROM in both EERD layouts, bounded EEPROM
 * waits, and STATUS decoding. The "device" reacts in the delay functions,
 * which the code under test calls while it waits.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/e1000/e1000.h"
#include "tests/unit/fakes/stub_printk.h"

static u32 regs[0x20000 / 4];
static struct e1000_adapter adapter;
static const struct e1000_chip chip_8254x = { .name = "82540EM", .flags = 0 };
static const struct e1000_chip chip_82574 = { .name = "82574L",
					      .flags = E1000_CHIP_EERD_82574 | E1000_CHIP_ICR_W1C };

/* Fake device behaviour. */
static bool reset_completes;
static bool masters_go_idle;
static bool eeprom_answers;
static u16 eeprom[64];
static unsigned long delays;

#define REG(off) regs[(off) / 4]

static void device_step(void)
{
	delays++;
	if (reset_completes)
		REG(E1000_CTRL) &= ~E1000_CTRL_RST;
	if (masters_go_idle && (REG(E1000_CTRL) & E1000_CTRL_GIO_MASTER_DISABLE))
		REG(E1000_STATUS) &= ~E1000_STATUS_GIO_MASTER_EN;
	if ((REG(E1000_EERD) & E1000_EERD_START) && eeprom_answers) {
		bool l82574 = adapter.chip->flags & E1000_CHIP_EERD_82574;
		u32 shift = l82574 ? E1000_EERD_82574_ADDR_SHIFT : E1000_EERD_8254X_ADDR_SHIFT;
		u32 mask = l82574 ? 0x3FFF : 0xFF;
		u32 addr = (REG(E1000_EERD) >> shift) & mask;

		REG(E1000_EERD) = (u32)eeprom[addr % 64] << E1000_EERD_DATA_SHIFT |
				  (addr << shift) |
				  (l82574 ? E1000_EERD_82574_DONE : E1000_EERD_8254X_DONE);
	}
	REG(E1000_EECD) |= E1000_EECD_AUTO_RD;
}

void udelay(u32 usecs)
{
	device_step();
}

void mdelay(u32 msecs)
{
	device_step();
}

u64 ktime_get_ns(void)
{
	return delays * 1000;
}

static void setup(const struct e1000_chip *chip)
{
	memset(regs, 0, sizeof(regs));
	memset(&adapter, 0, sizeof(adapter));
	adapter.mmio = (u8 *)regs;
	adapter.chip = chip;
	strcpy(adapter.label, "e1000 00:03.0");
	reset_completes = true;
	masters_go_idle = true;
	eeprom_answers = true;
	delays = 0;
	REG(E1000_STATUS) = E1000_STATUS_LU;
	stub_printk_reset();
}

START_TEST(reset_succeeds_and_masks_interrupts)
{
	setup(&chip_82574);
	REG(E1000_ITR) = 1234;
	ck_assert_int_eq(e1000_hw_reset(&adapter), 0);
	ck_assert_uint_eq(REG(E1000_CTRL) & E1000_CTRL_RST, 0);
	ck_assert_uint_eq(REG(E1000_IMC), E1000_ICR_ALL);
	ck_assert_uint_eq(REG(E1000_ITR), 0);
	ck_assert_uint_eq(REG(E1000_RCTL), 0);
	ck_assert_uint_eq(REG(E1000_TCTL) & E1000_TCTL_EN, 0);
}
END_TEST

START_TEST(reset_bit_stuck_times_out_with_a_named_error)
{
	setup(&chip_8254x);
	reset_completes = false;
	ck_assert_int_eq(e1000_hw_reset(&adapter), -EIO);
	ck_assert(stub_printk_contains("e1000 00:03.0: reset bit never cleared"));
	/* Bounded: about 100 ms of 10 us steps, not forever. */
	ck_assert_uint_lt(delays, 20000);
}
END_TEST

START_TEST(reset_of_absent_device)
{
	setup(&chip_8254x);
	REG(E1000_STATUS) = 0xFFFFFFFF;
	ck_assert_int_eq(e1000_hw_reset(&adapter), -ENODEV);
	ck_assert(stub_printk_contains("e1000 00:03.0: registers read all ones"));
	ck_assert_uint_eq(REG(E1000_CTRL) & E1000_CTRL_RST, 0); /* never touched */
}
END_TEST

START_TEST(mac_from_receive_address_registers)
{
	u8 mac[ETH_ALEN];
	const char *src = NULL;

	setup(&chip_8254x);
	REG(E1000_RAL(0)) = 0x00545252; /* 52:52:54:00 */
	REG(E1000_RAH(0)) = E1000_RAH_AV | 0x3412;
	ck_assert_int_eq(e1000_hw_read_mac(&adapter, mac, &src), 0);
	ck_assert_str_eq(src, "RAL/RAH");
	ck_assert_mem_eq(mac, ((u8[]){ 0x52, 0x52, 0x54, 0x00, 0x12, 0x34 }), ETH_ALEN);
	ck_assert_uint_eq(REG(E1000_EERD), 0); /* the EEPROM was not needed */

	e1000_hw_write_mac(&adapter, (u8[]){ 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 });
	ck_assert_uint_eq(REG(E1000_RAL(0)), 0x33221102);
	ck_assert_uint_eq(REG(E1000_RAH(0)), E1000_RAH_AV | 0x5544);
}
END_TEST

static void check_mac_from_eeprom(const struct e1000_chip *chip)
{
	u8 mac[ETH_ALEN];
	const char *src = NULL;

	setup(chip);
	/* Looks like an address, but not marked valid. */
	REG(E1000_RAL(0)) = 0x00545252;
	REG(E1000_RAH(0)) = 0x3412;
	eeprom[0] = 0x0002;
	eeprom[1] = 0x3344;
	eeprom[2] = 0x6655;
	ck_assert_int_eq(e1000_hw_read_mac(&adapter, mac, &src), 0);
	ck_assert_str_eq(src, "EEPROM");
	ck_assert_mem_eq(mac, ((u8[]){ 0x02, 0x00, 0x44, 0x33, 0x55, 0x66 }), ETH_ALEN);
}

START_TEST(mac_from_eeprom_8254x_layout)
{
	check_mac_from_eeprom(&chip_8254x);
}
END_TEST

START_TEST(mac_from_eeprom_82574_layout)
{
	check_mac_from_eeprom(&chip_82574);
}
END_TEST

START_TEST(eeprom_word_addressing)
{
	u16 v;

	for (int layout = 0; layout < 2; layout++) {
		setup(layout ? &chip_82574 : &chip_8254x);
		for (u16 w = 0; w < 64; w++)
			eeprom[w] = (u16)(0xA500 + w);
		for (u16 w = 0; w < 64; w++) {
			ck_assert_int_eq(e1000_eeprom_read(&adapter, w, &v), 0);
			ck_assert_uint_eq(v, 0xA500 + w);
		}
	}
}
END_TEST

START_TEST(eeprom_that_never_answers)
{
	u8 mac[ETH_ALEN];
	const char *src = NULL;

	setup(&chip_8254x);
	eeprom_answers = false;
	ck_assert_int_eq(e1000_hw_read_mac(&adapter, mac, &src), -EIO);
	ck_assert(stub_printk_contains("e1000 00:03.0: EEPROM word 0: read never completed"));
	ck_assert_uint_lt(delays, 5000);
}
END_TEST

START_TEST(no_valid_mac_anywhere)
{
	u8 mac[ETH_ALEN];
	const char *src = NULL;

	setup(&chip_8254x);
	memset(eeprom, 0xFF, sizeof(eeprom));
	ck_assert_int_eq(e1000_hw_read_mac(&adapter, mac, &src), -EINVAL);
	ck_assert(stub_printk_contains("no valid MAC address"));
	setup(&chip_8254x);
	eeprom[0] = 0x0001; /* multicast bit set */
	eeprom[1] = 0x0000;
	eeprom[2] = 0x0100;
	ck_assert_int_eq(e1000_hw_read_mac(&adapter, mac, &src), -EINVAL);
}
END_TEST

START_TEST(status_decoding)
{
	bool up, fd;
	u32 speed;

	e1000_status_decode(E1000_STATUS_LU | E1000_STATUS_FD | (2u << 6), &up, &speed, &fd);
	ck_assert(up && fd);
	ck_assert_uint_eq(speed, 1000);
	e1000_status_decode(1u << 6, &up, &speed, &fd);
	ck_assert(!up && !fd);
	ck_assert_uint_eq(speed, 100);
	e1000_status_decode(E1000_STATUS_LU, &up, &speed, &fd);
	ck_assert_uint_eq(speed, 10);
	e1000_status_decode(E1000_STATUS_LU | (3u << 6), &up, &speed, &fd);
	ck_assert_uint_eq(speed, 1000);
}
END_TEST

START_TEST(start_link_forces_nothing)
{
	setup(&chip_82574);
	REG(E1000_CTRL) = E1000_CTRL_FRCSPD | E1000_CTRL_FRCDPLX | E1000_CTRL_PHY_RST |
			  E1000_CTRL_LRST | E1000_CTRL_ILOS;
	e1000_hw_start_link(&adapter);
	ck_assert_uint_eq(REG(E1000_CTRL), E1000_CTRL_SLU | E1000_CTRL_ASDE);
}
END_TEST

START_TEST(clear_filters)
{
	setup(&chip_8254x);
	for (int i = 0; i < 128; i++)
		REG(E1000_MTA(i)) = 0xFFFFFFFF;
	REG(E1000_RAH(3)) = E1000_RAH_AV | 0x1234;
	REG(E1000_RAH(0)) = E1000_RAH_AV | 0x5678;
	e1000_hw_clear_filters(&adapter);
	for (int i = 0; i < 128; i++)
		ck_assert_uint_eq(REG(E1000_MTA(i)), 0);
	ck_assert_uint_eq(REG(E1000_RAH(3)), 0);
	ck_assert_uint_eq(REG(E1000_RAH(0)), E1000_RAH_AV | 0x5678); /* our own address stays */
}
END_TEST

START_TEST(pcie_master_disable_before_reset)
{
	static const struct e1000_chip pcie = { .name = "82574L",
						.flags = E1000_CHIP_EERD_82574 | E1000_CHIP_PCIE };

	setup(&pcie);
	REG(E1000_STATUS) |= E1000_STATUS_GIO_MASTER_EN;
	ck_assert_int_eq(e1000_hw_reset(&adapter), 0);
	ck_assert(!(REG(E1000_STATUS) & E1000_STATUS_GIO_MASTER_EN));
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "master requests"), 0);
	/* Bringing the link up lets the device master again. */
	e1000_hw_start_link(&adapter);
	ck_assert(!(REG(E1000_CTRL) & E1000_CTRL_GIO_MASTER_DISABLE));

	/* Requests that never drain: said so, bounded, and the reset still happens. */
	setup(&pcie);
	masters_go_idle = false;
	REG(E1000_STATUS) |= E1000_STATUS_GIO_MASTER_EN;
	ck_assert_int_eq(e1000_hw_reset(&adapter), 0);
	ck_assert(stub_printk_contains("e1000 00:03.0: PCIe master requests still pending"));
	ck_assert_uint_lt(delays, 5000);
}
END_TEST

START_TEST(release_hands_the_device_back)
{
	static const struct e1000_chip managed = { .name = "82574L", .flags = E1000_CHIP_DRV_LOAD };

	setup(&managed);
	e1000_hw_start_link(&adapter);
	ck_assert(REG(E1000_CTRL_EXT) & E1000_CTRL_EXT_DRV_LOAD);
	REG(E1000_RCTL) = E1000_RCTL_EN;
	e1000_hw_release(&adapter);
	ck_assert(!(REG(E1000_CTRL_EXT) & E1000_CTRL_EXT_DRV_LOAD));
	ck_assert_uint_eq(REG(E1000_RCTL), 0);
	ck_assert_uint_eq(REG(E1000_IMC), E1000_ICR_ALL);
}
END_TEST

static Suite *e1000_hw_suite(void)
{
	Suite *s = suite_create("e1000_hw");
	TCase *t = tcase_create("core");

	tcase_add_test(t, reset_succeeds_and_masks_interrupts);
	tcase_add_test(t, reset_bit_stuck_times_out_with_a_named_error);
	tcase_add_test(t, reset_of_absent_device);
	tcase_add_test(t, mac_from_receive_address_registers);
	tcase_add_test(t, mac_from_eeprom_8254x_layout);
	tcase_add_test(t, mac_from_eeprom_82574_layout);
	tcase_add_test(t, eeprom_word_addressing);
	tcase_add_test(t, eeprom_that_never_answers);
	tcase_add_test(t, no_valid_mac_anywhere);
	tcase_add_test(t, status_decoding);
	tcase_add_test(t, start_link_forces_nothing);
	tcase_add_test(t, clear_filters);
	tcase_add_test(t, pcie_master_disable_before_reset);
	tcase_add_test(t, release_hands_the_device_back);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	SRunner *r = srunner_create(e1000_hw_suite());
	int failed;

	srunner_run_all(r, CK_NORMAL);
	failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

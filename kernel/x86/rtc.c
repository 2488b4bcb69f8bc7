// SPDX-License-Identifier: BSD-2-Clause
/*
 * The CMOS real-time clock, read once at boot (rtc.h). Its registers sit
 * behind an index port (0x70) and a data port (0x71). While the chip updates
 * its time registers (about once a second, for under 2 ms, flagged in
 * register A) a read may mix two seconds, so the registers are read until two
 * passes agree. Firmware keeps it in UTC on the machines napkin targets, and
 * QEMU's default is UTC too; a clock kept in local time shows as a boot time
 * off by the zone's offset.
 */
#define pr_fmt(fmt) "rtc: " fmt

#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "kernel/x86/irqflags.h"
#include "kernel/x86/rtc.h"
#include "kernel/x86/x86.h"

#define RTC_INDEX 0x70
#define RTC_DATA  0x71

#define RTC_SECONDS 0x00
#define RTC_MINUTES 0x02
#define RTC_HOURS   0x04
#define RTC_DAY	    0x07
#define RTC_MONTH   0x08
#define RTC_YEAR    0x09
#define RTC_REG_A   0x0a
#define RTC_REG_B   0x0b

#define RTC_A_UPDATING BIT(7) /* the time registers are changing now */
#define RTC_B_24H      BIT(1) /* hours 0-23; else 1-12 with bit 7 for PM */
#define RTC_B_BINARY   BIT(2) /* values in binary; else BCD */
#define RTC_HOUR_PM    BIT(7)

#define RTC_READ_TRIES 10000 /* update-in-progress polls; an update takes under 2 ms */

struct rtc_time {
	u8 sec, min, hour, day, month, year;
};

static bool have_boot_time;
static u64 boot_unix;

static u8 rtc_reg(u8 reg)
{
	outb(RTC_INDEX, reg); /* bit 7 clear: NMIs stay enabled */
	return inb(RTC_DATA);
}

static bool rtc_read_raw(struct rtc_time *t)
{
	for (int i = 0; i < RTC_READ_TRIES; i++) {
		if (!(rtc_reg(RTC_REG_A) & RTC_A_UPDATING)) {
			t->sec = rtc_reg(RTC_SECONDS);
			t->min = rtc_reg(RTC_MINUTES);
			t->hour = rtc_reg(RTC_HOURS);
			t->day = rtc_reg(RTC_DAY);
			t->month = rtc_reg(RTC_MONTH);
			t->year = rtc_reg(RTC_YEAR);
			return true;
		}
	}
	return false;
}

static u8 from_bcd(u8 v)
{
	return (u8)((v >> 4) * 10 + (v & 0xf));
}

static bool leap(unsigned int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

u64 rtc_unix_seconds(unsigned int year, unsigned int month, unsigned int day, unsigned int hour,
		     unsigned int min, unsigned int sec)
{
	static const u16 days_before_month[12] = { 0,	31,  59,  90,  120, 151,
						   181, 212, 243, 273, 304, 334 };
	u64 days = 0;

	for (unsigned int y = 1970; y < year; y++)
		days += leap(y) ? 366 : 365;
	days += days_before_month[(month - 1) % 12];
	if (month > 2 && leap(year))
		days++;
	days += day - 1;
	return ((days * 24 + hour) * 60 + min) * 60 + sec;
}

void rtc_read_boot_time(bool absent)
{
	struct rtc_time a, b;
	unsigned long flags;
	bool ok = false;
	u64 read_at;
	u8 regb;
	bool pm;

	if (absent) {
		pr_info("ACPI says there is no CMOS clock; boot time unknown\n");
		return;
	}
	flags = local_irq_save();
	for (int pass = 0; pass < 5 && !ok; pass++)
		ok = rtc_read_raw(&a) && rtc_read_raw(&b) && a.sec == b.sec && a.min == b.min &&
		     a.hour == b.hour && a.day == b.day && a.month == b.month && a.year == b.year;
	regb = rtc_reg(RTC_REG_B);
	read_at = ktime_get_ns();
	local_irq_restore(flags);
	if (!ok) {
		pr_warn("clock never held still; boot time unknown\n");
		return;
	}
	pm = !(regb & RTC_B_24H) && (a.hour & RTC_HOUR_PM);

	a.hour &= (u8)~RTC_HOUR_PM;
	if (!(regb & RTC_B_BINARY)) {
		a.sec = from_bcd(a.sec);
		a.min = from_bcd(a.min);
		a.hour = from_bcd(a.hour);
		a.day = from_bcd(a.day);
		a.month = from_bcd(a.month);
		a.year = from_bcd(a.year);
	}
	if (!(regb & RTC_B_24H))
		a.hour = (u8)(a.hour % 12 + (pm ? 12 : 0));
	/* Two digits of year; the century register is not where every chip has it. */
	if (a.sec > 59 || a.min > 59 || a.hour > 23 || !a.day || a.day > 31 || !a.month ||
	    a.month > 12 || a.year > 99) {
		pr_warn(
		    "clock reads %02u-%02u-%02u %02u:%02u:%02u, not a time; boot time unknown\n",
		    a.year, a.month, a.day, a.hour, a.min, a.sec);
		return;
	}
	boot_unix = rtc_unix_seconds(2000u + a.year, a.month, a.day, a.hour, a.min, a.sec) -
		    read_at / NSEC_PER_SEC;
	have_boot_time = true;
	pr_info("20%02u-%02u-%02u %02u:%02u:%02u UTC; booted at Unix time %llu\n", a.year, a.month,
		a.day, a.hour, a.min, a.sec, (unsigned long long)boot_unix);
}

int rtc_boot_time(u64 *unix_seconds)
{
	if (!have_boot_time)
		return -1;
	*unix_seconds = boot_unix;
	return 0;
}

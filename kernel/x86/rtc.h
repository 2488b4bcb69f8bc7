/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PC's battery-backed clock (the CMOS RTC), read once at boot to learn
 * the wall-clock time napkin started at. napkin keeps no calendar of its own:
 * the boot time is all /metrics needs (napkin_boot_time_seconds), and the
 * rest of the kernel counts from boot.
 */
#ifndef NAPKIN_KERNEL_X86_RTC_H
#define NAPKIN_KERNEL_X86_RTC_H

#include "kernel/core/compiler.h"

/*
 * Read the RTC and remember when, in Unix seconds, the kernel started.
 * absent: ACPI says the machine has no CMOS RTC, so the ports are not read.
 */
void rtc_read_boot_time(bool absent);
/* 0 with the boot time in Unix seconds (UTC), -1 when the RTC gave none. */
int rtc_boot_time(u64 *unix_seconds);

/* Seconds from 1970-01-01 to the given UTC date and time (year >= 1970). */
u64 rtc_unix_seconds(unsigned int year, unsigned int month, unsigned int day, unsigned int hour,
		     unsigned int min, unsigned int sec);

#endif

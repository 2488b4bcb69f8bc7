/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel log. Levels follow Linux: a message may start with KERN_<LEVEL>
 * ("\001" + digit); without one it is logged at KERN_INFO. Every message goes
 * into the log ring (read by dmesg and netconsole) and, when its level is below
 * the console loglevel, to the consoles.
 */
#ifndef NAPKIN_KERNEL_PRINTK_H
#define NAPKIN_KERNEL_PRINTK_H

#include <stdarg.h>
#include "kernel/core/compiler.h"

#define KERN_SOH     "\001"
#define KERN_EMERG   KERN_SOH "0"
#define KERN_ALERT   KERN_SOH "1"
#define KERN_CRIT    KERN_SOH "2"
#define KERN_ERR     KERN_SOH "3"
#define KERN_WARNING KERN_SOH "4"
#define KERN_NOTICE  KERN_SOH "5"
#define KERN_INFO    KERN_SOH "6"
#define KERN_DEBUG   KERN_SOH "7"

enum {
	LOGLEVEL_EMERG,
	LOGLEVEL_ALERT,
	LOGLEVEL_CRIT,
	LOGLEVEL_ERR,
	LOGLEVEL_WARNING,
	LOGLEVEL_NOTICE,
	LOGLEVEL_INFO,
	LOGLEVEL_DEBUG
};

int printk(const char *fmt, ...) __printf(1, 2);
int vprintk(const char *fmt, va_list ap);

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif
#define pr_emerg(fmt, ...)  printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)   printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)    printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)   printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...) printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)   printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)  printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)

/* Fires once per call site: for driver bugs that would otherwise flood the log. */
#define WARN_ONCE(cond, fmt, ...)                                \
	({                                                       \
		static bool warned_;                             \
		bool c_ = !!(cond);                              \
		if (unlikely(c_) && !warned_) {                  \
			warned_ = true;                          \
			printk(KERN_WARNING fmt, ##__VA_ARGS__); \
		}                                                \
		c_;                                              \
	})

void panic(const char *fmt, ...) __printf(1, 2) __noreturn;

#endif

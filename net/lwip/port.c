// SPDX-License-Identifier: BSD-2-Clause
/*
 * What lwIP asks of its platform with NO_SYS=1: a millisecond clock, random
 * numbers, a log for diagnostics and assertions. Timeouts are run by the loop
 * hook in net/lwip/stack.c.
 */
#define pr_fmt(fmt) "lwip: " fmt

#include <stdarg.h>
#include <stdio.h>
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "kernel/random/random.h"
#include "lwip/arch.h"
#include "lwip/sys.h"

u32_t sys_now(void)
{
	/* lwIP compares timestamps with wrap-around arithmetic; truncation is fine. */
	return (u32_t)(ktime_get_ns() / NSEC_PER_MSEC);
}

void lwip_port_diag(const char *fmt, ...)
{
	char line[160];
	va_list ap;

	/*
	 * lwIP builds one line from several calls (stats_display); printk would
	 * log each piece as a message of its own, which is still readable.
	 */
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	printk(KERN_INFO "%s", line);
}

void lwip_port_assert(const char *msg, const char *file, int line)
{
	/* An lwIP invariant broke: continuing would corrupt its pools or queues. */
	panic("lwip: assertion \"%s\" failed at %s:%d\n", msg, file, line);
}

/*
 * Random numbers for lwIP: DHCP transaction ids, the starting points of its
 * port counters, MLD report delays, chargen's lengths. They come from the
 * kernel's one generator (kernel/random/random.h), ChaCha20 seeded from the
 * CPU and interrupt timing.
 */
uint32_t lwip_port_rand(void)
{
	return random_u32();
}

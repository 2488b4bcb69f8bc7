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
#include "lwip/arch.h"
#include "lwip/sys.h"

u32_t sys_now(void)
{
	/* lwIP compares timestamps with wrap-around arithmetic; truncation is fine. */
	return (u32_t)(ktime_get_ns() / NSEC_PER_MSEC);
}

void napkin_lwip_diag(const char *fmt, ...)
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

void napkin_lwip_assert(const char *msg, const char *file, int line)
{
	/* An lwIP invariant broke: continuing would corrupt its pools or queues. */
	panic("lwip: assertion \"%s\" failed at %s:%d\n", msg, file, line);
}

/*
 * splitmix64 over a counter stirred with the clock. Not cryptographic: it only
 * has to make TCP sequence numbers, ports and DHCP transaction ids differ
 * between boots and connections.
 */
static u64 rand_state;

uint32_t napkin_lwip_rand(void)
{
	u64 z;

	rand_state += 0x9e3779b97f4a7c15ull ^ ktime_get_ns();
	z = rand_state;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return (uint32_t)((z ^ (z >> 31)) >> 16);
}

/* Called once per boot with something that differs between machines (the MAC). */
void napkin_lwip_rand_seed(u64 seed)
{
	rand_state ^= seed;
}

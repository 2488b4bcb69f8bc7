// SPDX-License-Identifier: BSD-2-Clause
/* Host fakes for net/ unit tests: see napi_fakes.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "kernel/core/softirq.h"
#include "kernel/core/time.h"
#include "net/core/backlog.h"
#include "net/core/gro.h"
#include "net/core/netbuf.h"
#include "tests/unit/fakes/napi_fakes.h"
#include "tests/unit/fakes/stub_printk.h"

/* ---- clock ---- */
static u64 fake_now;

void fake_clock_set(u64 ns)
{
	fake_now = ns;
}
void fake_clock_advance(u64 ns)
{
	fake_now += ns;
}
u64 fake_clock_now(void)
{
	return fake_now;
}
u64 ktime_get_ns(void)
{
	return fake_now;
}

/* ---- softirqs ---- */
static softirq_handler_t handlers[NR_SOFTIRQS];
static bool pending[NR_SOFTIRQS];
static unsigned int raised[NR_SOFTIRQS];

void open_softirq(enum softirq_nr nr, softirq_handler_t fn)
{
	handlers[nr] = fn;
}

void raise_softirq(enum softirq_nr nr)
{
	pending[nr] = true;
	raised[nr]++;
}

bool softirq_pending(void)
{
	for (int i = 0; i < NR_SOFTIRQS; i++)
		if (pending[i])
			return true;
	return false;
}

bool fake_softirq_run(enum softirq_nr nr)
{
	if (!pending[nr] || !handlers[nr])
		return false;
	pending[nr] = false;
	handlers[nr]();
	return true;
}

bool do_softirq(void)
{
	bool ran = false;

	for (int i = 0; i < NR_SOFTIRQS; i++)
		ran |= fake_softirq_run(i);
	return ran;
}

unsigned int fake_softirq_run_net_rx(unsigned int max_rounds)
{
	unsigned int n = 0;

	while (n < max_rounds && fake_softirq_run(NET_RX_SOFTIRQ))
		n++;
	return n;
}

unsigned int fake_softirq_raised(enum softirq_nr nr)
{
	return raised[nr];
}
bool fake_softirq_is_pending(enum softirq_nr nr)
{
	return pending[nr];
}

void fake_softirq_reset(void)
{
	memset(pending, 0, sizeof(pending));
	memset(raised, 0, sizeof(raised));
}

void fake_reset_all(void)
{
	fake_clock_set(0);
	fake_softirq_reset();
	fake_irqflags_reset();
	stub_printk_reset();
}

/*
 * ---- receive aggregation: the NAPI core flushes it after every poll. Tests
 * without net/core/gro.c hold nothing; those that link it get the real one. ----
 */
__attribute__((weak)) void gro_flush(void) {}

/*
 * ---- the receive family's path up (napi.c): tests without backlog.c, gro.c
 * or netdev.c never receive a frame, so reaching one of these is a test bug,
 * not a drop to count. ----
 */
static void fake_unlinked(const char *fn)
{
	fprintf(stderr, "napi_fakes: %s called, but the test does not link it\n", fn);
	abort();
}

__attribute__((weak)) bool gro_applies(const struct net_device *dev)
{
	fake_unlinked("gro_applies");
	return false;
}

__attribute__((weak)) int gro_receive(struct netbuf *nb)
{
	fake_unlinked("gro_receive");
	return NET_RX_DROP;
}

__attribute__((weak)) int backlog_enqueue(struct netbuf *nb)
{
	fake_unlinked("backlog_enqueue");
	return NET_RX_DROP;
}

__attribute__((weak)) int netdev_deliver(struct netbuf *nb)
{
	fake_unlinked("netdev_deliver");
	return NET_RX_DROP;
}

__attribute__((weak)) void netbuf_free(struct netbuf *nb)
{
	fake_unlinked("netbuf_free");
}

// SPDX-License-Identifier: BSD-2-Clause
/* Host fakes for net/ unit tests: see napi_fakes.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/irqflags.h"
#include "kernel/printk.h"
#include "kernel/softirq.h"
#include "kernel/time.h"
#include "tests/unit/napi_fakes.h"

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

/* ---- interrupt masking ---- */
static bool irqs_on = true;
static int save_depth;
static void (*irq_window)(void);

void fake_set_irq_window(void (*fn)(void))
{
	irq_window = fn;
}

/* A real CPU takes a pending interrupt the moment IF is set again. */
static void irq_window_open(void)
{
	static bool inside;

	if (!irq_window || inside)
		return;
	inside = true;
	irq_window();
	inside = false;
}

#define FAKE_IF BIT(9)

unsigned long local_irq_save(void)
{
	unsigned long flags = irqs_on ? FAKE_IF : 0;

	irqs_on = false;
	save_depth++;
	return flags;
}

void local_irq_restore(unsigned long flags)
{
	if (save_depth <= 0) {
		fprintf(stderr, "fake: local_irq_restore without a save\n");
		abort();
	}
	save_depth--;
	irqs_on = flags & FAKE_IF;
	if (irqs_on)
		irq_window_open();
}

void local_irq_disable(void)
{
	irqs_on = false;
}
void local_irq_enable(void)
{
	irqs_on = true;
	irq_window_open();
}
bool irqs_disabled(void)
{
	return !irqs_on;
}
bool fake_irqs_enabled(void)
{
	return irqs_on;
}
int fake_irq_save_depth(void)
{
	return save_depth;
}

static bool hardirq_saved_on;

void fake_hardirq_enter(void)
{
	hardirq_saved_on = irqs_on;
	irqs_on = false;
}

void fake_hardirq_exit(void)
{
	irqs_on = hardirq_saved_on;
}

/* ---- log capture ---- */
#define LOG_SLOTS 128
#define LOG_LEN	  256

static char log_msgs[LOG_SLOTS][LOG_LEN];
static int log_levels[LOG_SLOTS];
static unsigned int log_total;

int vprintk(const char *fmt, va_list ap)
{
	char buf[LOG_LEN];
	const char *text = buf;
	int level = LOGLEVEL_INFO;
	unsigned int slot;
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);

	if (buf[0] == KERN_SOH[0] && buf[1] >= '0' && buf[1] <= '7') {
		level = buf[1] - '0';
		text = buf + 2;
	}
	slot = log_total++ % LOG_SLOTS;
	snprintf(log_msgs[slot], LOG_LEN, "%s", text);
	log_levels[slot] = level;
	if (getenv("NAPI_TEST_LOG"))
		fprintf(stderr, "<%d>%s", level, text);
	return n;
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

void panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	abort();
}

static unsigned int log_first(void)
{
	return log_total > LOG_SLOTS ? log_total - LOG_SLOTS : 0;
}

void fake_log_clear(void)
{
	log_total = 0;
}

unsigned int fake_log_count(const char *needle)
{
	unsigned int i, count = 0;

	for (i = log_first(); i < log_total; i++)
		if (strstr(log_msgs[i % LOG_SLOTS], needle))
			count++;
	return count;
}

bool fake_log_contains(const char *needle)
{
	return fake_log_count(needle) > 0;
}

int fake_log_level_of(const char *needle)
{
	int level = -1;

	for (unsigned int i = log_first(); i < log_total; i++)
		if (strstr(log_msgs[i % LOG_SLOTS], needle))
			level = log_levels[i % LOG_SLOTS];
	return level;
}

void fake_log_dump(void)
{
	for (unsigned int i = log_first(); i < log_total; i++)
		fprintf(stderr, "log[%u] <%d> %s", i, log_levels[i % LOG_SLOTS],
			log_msgs[i % LOG_SLOTS]);
}

void fake_reset_all(void)
{
	fake_clock_set(0);
	fake_softirq_reset();
	irqs_on = true;
	save_depth = 0;
	irq_window = NULL;
	fake_log_clear();
}

/*
 * ---- receive aggregation: the NAPI core flushes it after every poll. Tests
 * without net/gro.c hold nothing; those that link it get the real one. ----
 */
__attribute__((weak)) void gro_flush(void) {}

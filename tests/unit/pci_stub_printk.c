// SPDX-License-Identifier: BSD-2-Clause
/* Captures printk output of code under test; see pci_stub_printk.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/printk.h"
#include "tests/unit/pci_stub_printk.h"

struct logline {
	int level;
	char text[PCI_STUB_LOG_LEN];
};

static struct logline ring[PCI_STUB_LOG_LINES];
static unsigned int head, stored;

void log_clear(void)
{
	head = 0;
	stored = 0;
}

int vprintk(const char *fmt, va_list ap)
{
	struct logline *l = &ring[head];
	int level = LOGLEVEL_INFO;
	int n;

	if (fmt[0] == KERN_SOH[0] && fmt[1] >= '0' && fmt[1] <= '7') {
		level = fmt[1] - '0';
		fmt += 2;
	}
	n = vsnprintf(l->text, sizeof(l->text), fmt, ap);
	l->level = level;
	head = (head + 1) % PCI_STUB_LOG_LINES;
	if (stored < PCI_STUB_LOG_LINES)
		stored++;
	if (getenv("NAPKIN_TEST_ECHO"))
		fprintf(stderr, "<%d>%s", level, l->text);
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
	fprintf(stderr, "panic: ");
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	abort();
}

static unsigned int count(const char *needle, int max_level)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < stored; i++) {
		const struct logline *l = &ring[(head + PCI_STUB_LOG_LINES - 1 - i) % PCI_STUB_LOG_LINES];

		if (l->level <= max_level && strstr(l->text, needle))
			n++;
	}
	return n;
}

unsigned int log_count(const char *needle)
{
	return count(needle, LOGLEVEL_DEBUG);
}

unsigned int log_count_warn(const char *needle)
{
	return count(needle, LOGLEVEL_WARNING);
}

bool log_contains(const char *needle)
{
	return log_count(needle) > 0;
}

void log_dump(void)
{
	for (unsigned int i = stored; i > 0; i--) {
		const struct logline *l = &ring[(head + PCI_STUB_LOG_LINES - i) % PCI_STUB_LOG_LINES];

		fprintf(stderr, "  <%d>%s", l->level, l->text);
	}
}

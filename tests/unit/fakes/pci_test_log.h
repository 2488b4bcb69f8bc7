/* SPDX-License-Identifier: BSD-2-Clause */
/* Log assertions for the PCI and IRQ tests, over the shared stub_printk. */
#ifndef NAPKIN_TESTS_PCI_TEST_LOG_H
#define NAPKIN_TESTS_PCI_TEST_LOG_H

#include "kernel/console/printk.h"
#include "tests/unit/fakes/stub_printk.h"

static inline void log_clear(void)
{
	stub_printk_reset();
}

/* Kept messages containing needle, at any level. */
static inline unsigned int log_count(const char *needle)
{
	return (unsigned int)stub_printk_count(STUB_ANY_LEVEL, needle);
}

/* Kept messages containing needle at warning level or more severe. */
static inline unsigned int log_count_warn(const char *needle)
{
	unsigned int n = 0;

	for (int level = LOGLEVEL_EMERG; level <= LOGLEVEL_WARNING; level++)
		n += (unsigned int)stub_printk_count(level, needle);
	return n;
}

static inline bool log_contains(const char *needle)
{
	return stub_printk_contains(needle);
}

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-in for kernel/printk.c used by the PCI and IRQ unit tests: keeps
 * the last messages in a ring (without their KERN_ level prefix, with the
 * level remembered) so tests can assert on what was logged.
 */
#ifndef NAPKIN_TESTS_PCI_STUB_PRINTK_H
#define NAPKIN_TESTS_PCI_STUB_PRINTK_H

#include <stdbool.h>

#define PCI_STUB_LOG_LINES 256
#define PCI_STUB_LOG_LEN 256

void log_clear(void);
/* Messages containing `needle` since the last log_clear(). */
unsigned int log_count(const char *needle);
/* Same, only at warning level or more severe. */
unsigned int log_count_warn(const char *needle);
bool log_contains(const char *needle);
/* Print the captured messages to stderr (for failing tests). */
void log_dump(void);
/* Set NAPKIN_TEST_ECHO=1 in the environment to echo every message as logged. */

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host replacement for the kernel log: printk() and panic() for unit tests.
 * The last STUB_PRINTK_KEEP messages are kept (level prefix stripped, trailing
 * newline removed) so a test can assert that a bad input was reported.
 */
#ifndef NAPKIN_TESTS_STUB_PRINTK_H
#define NAPKIN_TESTS_STUB_PRINTK_H

#include <setjmp.h>
#include <stdbool.h>

#define STUB_PRINTK_KEEP    256
#define STUB_PRINTK_MSG_MAX 512
/* Matches any level in stub_printk_count(). */
#define STUB_ANY_LEVEL (-1)

/* Forgets every kept message and zeroes the counters. */
void stub_printk_reset(void);

/* Kept messages at `level` (or any level) containing `needle` (NULL: all). */
int stub_printk_count(int level, const char *needle);

/* True when any kept message contains needle. */
bool stub_printk_contains(const char *needle);

/* The newest message containing needle, or NULL. */
const char *stub_printk_find(const char *needle);

/* The level of the newest message containing needle, or -1. */
int stub_printk_level_of(const char *needle);

/* The newest message, or "" when there is none. */
const char *stub_printk_last(void);

/* Messages logged since the last reset, including ones no longer kept. */
unsigned long stub_printk_total(void);

/* Prints the kept messages to stderr, for a failing test's diagnosis. */
void stub_printk_dump(void);

/*
 * When set, panic() records its message and longjmp()s here with value 1;
 * when NULL, it prints the message and aborts the test process.
 */
extern jmp_buf *stub_panic_jmp;

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The log ring: every printk message as a record with sequence number, level
 * and timestamp, kept until newer messages need the room. dmesg and netconsole
 * read it; a reader that falls behind skips to the oldest record still kept
 * and learns how many it missed.
 */
#ifndef NAPKIN_KERNEL_LOG_H
#define NAPKIN_KERNEL_LOG_H

#include "kernel/core/compiler.h"

#define LOG_TEXT_MAX 2000

struct log_record {
	u64 seq;
	u64 ts_ns;
	u16 len; /* bytes of text, no trailing newline, no NUL */
	u8 level;
	u8 reserved;
	char text[];
};

/* Appends a record; returns its sequence number. */
u64 log_store(u8 level, u64 ts_ns, const char *text, size_t len);

/*
 * Copies the first record with seq >= *next_seq into rec (which must have
 * room for LOG_TEXT_MAX bytes of text) and advances *next_seq past it.
 * Returns false when no such record exists yet. Records overwritten before
 * being read show up as a gap in rec->seq.
 */
bool log_read(u64 *next_seq, struct log_record *rec);

u64 log_next_seq(void);
u64 log_first_seq(void);

/* Formats "[    1.234567] " for a timestamp; returns the length. */
size_t log_format_time(char *buf, size_t size, u64 ts_ns);

#endif

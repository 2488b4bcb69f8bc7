/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the sinks (discard, the iperf server) do with the bytes they take.
 * By default they free each buffer unread: the cost measured is the stack's.
 * A Linux server pays at least a copy to user space for every byte, so for a
 * comparison of equal work the sinks can be told to touch every byte:
 *
 *   copy  copy it into a 64 KiB buffer, as recv() into a user buffer does
 *   sum   add it to a running sum of bytes, which a test can check against
 *         the sum of what it sent
 *
 * sink.touch= on the command line, `set sink.touch` at run time; `sink`
 * shows the counters.
 */
#ifndef NAPKIN_NET_SERVICES_SINK_H
#define NAPKIN_NET_SERVICES_SINK_H

#include "kernel/core/compiler.h"

struct pbuf;

enum sink_touch { SINK_TOUCH_OFF, SINK_TOUCH_COPY, SINK_TOUCH_SUM, SINK_TOUCH_COUNT };

#define SINK_COPY_BUF_SIZE 65536

struct sink_stats {
	u64 taken_bytes;   /* every byte a sink took, touched or not */
	u64 touched_bytes; /* of those, the bytes copied or summed */
	u64 byte_sum;	   /* sum of every summed byte, modulo 2^64 */
};

extern enum sink_touch sink_touch_mode;
extern struct sink_stats sink_stats;
extern const char *const sink_touch_names[SINK_TOUCH_COUNT];

/* A sink took p (the whole chain): count it and touch it as the mode says. */
void sink_take(const struct pbuf *p);

/* sum + the value of each of the len bytes at p. */
u64 sink_byte_sum(u64 sum, const void *p, size_t len);

/* Where copy mode put the bytes: the buffer is a ring, written from the start. */
const u8 *sink_copy_buffer(void);

#endif

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Byte ring of variable-length records. A record never wraps: when it does not
 * fit before the end, a zero-length marker sends readers back to offset 0.
 * Writers evict the oldest records until the new one fits. All access happens
 * with interrupts off, which on one CPU is the whole of the locking.
 */
#include <stdio.h>
#include <string.h>
#include "kernel/x86/irqflags.h"
#include "kernel/console/log.h"

#define LOG_RING_BYTES (256 * 1024)
#define REC_ALIGN      8
#define WRAP_MARK      0xffff

static u8 ring[LOG_RING_BYTES] __aligned(8);
static size_t head;   /* where the next record goes */
static size_t tail;   /* oldest record */
static u64 first_seq; /* seq of the record at tail */
static u64 next_seq;  /* seq the next record gets */

static size_t record_bytes(size_t text_len)
{
	return ALIGN_UP(sizeof(struct log_record) + text_len, REC_ALIGN);
}

static struct log_record *rec_at(size_t off)
{
	return (struct log_record *)(void *)&ring[off];
}

/* The record at off, following a wrap marker if there is one. */
static size_t resolve(size_t off)
{
	if (off + sizeof(struct log_record) > LOG_RING_BYTES || rec_at(off)->len == WRAP_MARK)
		return 0;
	return off;
}

/* tail always names a real record (never a wrap marker), so that a new record
 * written over an old marker cannot be mistaken for live data. */
static void drop_oldest(void)
{
	tail = resolve(tail + record_bytes(rec_at(tail)->len));
	first_seq++;
	if (first_seq == next_seq)
		head = tail = 0;
}

/* True if [off, off+bytes) overlaps live data between tail and head. */
static bool overlaps_live(size_t off, size_t bytes)
{
	size_t t;

	if (first_seq == next_seq)
		return false;
	t = tail;
	if (t < head)
		return off < head && off + bytes > t;
	/* Live data wraps: [t, end) and [0, head). */
	return off + bytes > t || off < head;
}

u64 log_store(u8 level, u64 ts_ns, const char *text, size_t len)
{
	unsigned long flags = local_irq_save();
	size_t bytes;
	struct log_record *rec;
	u64 seq;

	if (len > LOG_TEXT_MAX)
		len = LOG_TEXT_MAX;
	bytes = record_bytes(len);
	if (head + bytes > LOG_RING_BYTES) {
		/* Mark the rest of the ring unused and start over at 0. */
		while (first_seq != next_seq && tail >= head && tail != 0)
			drop_oldest();
		if (head + sizeof(struct log_record) <= LOG_RING_BYTES)
			rec_at(head)->len = WRAP_MARK;
		head = 0;
	}
	while (overlaps_live(head, bytes))
		drop_oldest();

	rec = rec_at(head);
	rec->seq = seq = next_seq++;
	rec->ts_ns = ts_ns;
	rec->level = level;
	rec->len = (u16)len;
	memcpy(rec->text, text, len);
	head += bytes;
	local_irq_restore(flags);
	return seq;
}

bool log_read(u64 *want, struct log_record *out)
{
	unsigned long flags = local_irq_save();
	size_t off;
	bool found = false;

	if (*want < first_seq)
		*want = first_seq;
	if (*want < next_seq) {
		/* Walk from the oldest record; the ring is small enough. */
		off = tail;
		for (u64 s = first_seq; s < *want; s++)
			off = resolve(off + record_bytes(rec_at(off)->len));
		memcpy(out, rec_at(off), sizeof(*out) + rec_at(off)->len);
		*want = out->seq + 1;
		found = true;
	}
	local_irq_restore(flags);
	return found;
}

u64 log_next_seq(void)
{
	return READ_ONCE(next_seq);
}

u64 log_first_seq(void)
{
	return READ_ONCE(first_seq);
}

size_t log_format_time(char *buf, size_t size, u64 ts_ns)
{
	return (size_t)snprintf(buf, size, "[%5llu.%06llu] ",
				(unsigned long long)(ts_ns / 1000000000ull),
				(unsigned long long)(ts_ns % 1000000000ull / 1000));
}

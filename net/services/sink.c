// SPDX-License-Identifier: BSD-2-Clause
/*
 * The sinks' touch modes (sink.h). The copy goes round a ring of 64 KiB
 * wrapped at its end, as a server reusing one receive buffer would; the sum
 * reads eight bytes at a time and adds their bytes in 16-bit lanes, so it
 * costs about what the copy does and not eight times more.
 */
#include <string.h>
#include "lwip/pbuf.h"
#include "net/services/sink.h"

enum sink_touch sink_touch_mode = SINK_TOUCH_OFF;
struct sink_stats sink_stats;
const char *const sink_touch_names[SINK_TOUCH_COUNT] = { "off", "copy", "sum" };

static u8 copy_buf[SINK_COPY_BUF_SIZE];
static size_t copy_pos;

const u8 *sink_copy_buffer(void)
{
	return copy_buf;
}

#define LOW_BYTES 0x00ff00ff00ff00ffull
/* Each 16-bit lane gains at most 2 * 255 per word: flush before it could wrap. */
#define WORDS_PER_FLUSH 128

/* The four 16-bit lanes of v added together. */
static u64 fold_lanes(u64 v)
{
	return (v & 0xffff) + ((v >> 16) & 0xffff) + ((v >> 32) & 0xffff) + (v >> 48);
}

u64 sink_byte_sum(u64 sum, const void *p, size_t len)
{
	const u8 *b = p;

	while (len >= 8) {
		u64 lanes = 0;
		size_t words = MIN(len / 8, (size_t)WORDS_PER_FLUSH);

		for (size_t i = 0; i < words; i++, b += 8) {
			u64 w;

			/* Any alignment; the builtin stays one load under -fno-builtin. */
			__builtin_memcpy(&w, b, 8);
			lanes += (w & LOW_BYTES) + ((w >> 8) & LOW_BYTES);
		}
		sum += fold_lanes(lanes);
		len -= words * 8;
	}
	while (len--)
		sum += *b++;
	return sum;
}

static void copy_in(const u8 *p, size_t len)
{
	while (len) {
		size_t n = MIN(len, sizeof(copy_buf) - copy_pos);

		memcpy(copy_buf + copy_pos, p, n);
		copy_pos = (copy_pos + n) % sizeof(copy_buf);
		p += n;
		len -= n;
	}
}

void sink_take(const struct pbuf *p)
{
	enum sink_touch mode = sink_touch_mode;

	sink_stats.taken_bytes += p->tot_len;
	if (mode == SINK_TOUCH_OFF)
		return;
	for (const struct pbuf *q = p; q; q = q->next) {
		if (mode == SINK_TOUCH_COPY)
			copy_in(q->payload, q->len);
		else
			sink_stats.byte_sum =
			    sink_byte_sum(sink_stats.byte_sum, q->payload, q->len);
		sink_stats.touched_bytes += q->len;
	}
}

// SPDX-License-Identifier: BSD-2-Clause
/* RFC 6528 initial sequence numbers; the reasoning is in tcp_isn.h. */
#include "kernel/random/random.h"
#include "kernel/random/siphash.h"
#include "net/inet/tcp_isn.h"

/* RFC 6528's M: a 32-bit counter of 4-microsecond ticks. */
#define ISN_TICK_NS 4000ull

static struct siphash_key isn_secret;
static bool have_secret;

u32 tcp_isn(const u8 *local_addr, const u8 *remote_addr, size_t addr_len, u16 local_port,
	    u16 remote_port, u64 now_ns)
{
	u8 msg[2 * 16 + 4];
	size_t n = 0;

	/* Drawn on first use: after the boot seed, before any connection exists. */
	if (!have_secret) {
		random_bytes(&isn_secret, sizeof(isn_secret));
		have_secret = true;
	}
	if (addr_len > 16)
		addr_len = 16;
	__builtin_memcpy(msg, local_addr, addr_len);
	n += addr_len;
	__builtin_memcpy(msg + n, remote_addr, addr_len);
	n += addr_len;
	msg[n++] = (u8)(local_port >> 8);
	msg[n++] = (u8)local_port;
	msg[n++] = (u8)(remote_port >> 8);
	msg[n++] = (u8)remote_port;
	return (u32)(now_ns / ISN_TICK_NS) + (u32)siphash24(&isn_secret, msg, n);
}

#ifdef NAPKIN_HOSTED
void tcp_isn_forget_secret(void)
{
	have_secret = false;
}
#endif

// SPDX-License-Identifier: BSD-2-Clause
/* RFC 6056 ephemeral ports; the algorithms and why are in ephemeral_port.h. */
#include "kernel/random/random.h"
#include "kernel/random/siphash.h"
#include "net/inet/ephemeral_port.h"

#define PORT_COUNT (EPHEMERAL_PORT_MAX - EPHEMERAL_PORT_MIN + 1)
#define COUNTERS   256

static struct {
	bool keyed;
	struct siphash_key offset_key, index_key;
	u16 counter[COUNTERS];
} st;

static void key_once(void)
{
	if (st.keyed)
		return;
	random_bytes(&st.offset_key, sizeof(st.offset_key));
	random_bytes(&st.index_key, sizeof(st.index_key));
	st.keyed = true;
}

u16 ephemeral_port_for(const u8 *local_addr, const u8 *remote_addr, size_t addr_len,
		       u16 remote_port, ephemeral_port_ok_fn port_ok, void *ctx)
{
	u8 msg[2 * 16 + 2];
	size_t n = 0;
	u32 offset;
	u16 *counter;

	key_once();
	if (addr_len > 16)
		addr_len = 16;
	__builtin_memcpy(msg, local_addr, addr_len);
	n += addr_len;
	__builtin_memcpy(msg + n, remote_addr, addr_len);
	n += addr_len;
	msg[n++] = (u8)(remote_port >> 8);
	msg[n++] = (u8)remote_port;
	offset = (u32)(siphash24(&st.offset_key, msg, n) % PORT_COUNT);
	counter = &st.counter[siphash24(&st.index_key, msg, n) % COUNTERS];
	for (u32 tries = 0; tries < PORT_COUNT; tries++) {
		u16 port = (u16)(EPHEMERAL_PORT_MIN + (offset + *counter) % PORT_COUNT);

		(*counter)++;
		if (port_ok(port, ctx))
			return port;
	}
	return 0;
}

u16 ephemeral_port_random(ephemeral_port_ok_fn port_ok, void *ctx)
{
	u32 start = random_below(PORT_COUNT);

	/* Random first; on a collision walk on from there so the search ends. */
	for (u32 tries = 0; tries < PORT_COUNT; tries++) {
		u16 port = (u16)(EPHEMERAL_PORT_MIN + (start + tries) % PORT_COUNT);

		if (port_ok(port, ctx))
			return port;
	}
	return 0;
}

#ifdef NAPKIN_HOSTED
void ephemeral_port_reset_for_test(void)
{
	__builtin_memset(&st, 0, sizeof(st));
}
#endif

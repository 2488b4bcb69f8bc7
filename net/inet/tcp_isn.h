/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TCP initial sequence numbers as RFC 6528 asks: ISN = M + F(local address,
 * local port, remote address, remote port, secret), where M is a clock
 * ticking every 4 microseconds and F a keyed hash (SipHash-2-4) with a
 * secret drawn from the generator once per boot. Connections between the
 * same two endpoints get increasing numbers, as RFC 793's quiet-time rules
 * expect; other 4-tuples' numbers tell an observer nothing.
 */
#ifndef NAPKIN_NET_TCP_ISN_H
#define NAPKIN_NET_TCP_ISN_H

#include "kernel/core/compiler.h"

/* Addresses are in network order, 4 bytes each (IPv4) or 16 (IPv6); ports in host order. */
u32 tcp_isn(const u8 *local_addr, const u8 *remote_addr, size_t addr_len, u16 local_port,
	    u16 remote_port, u64 now_ns);

#ifdef NAPKIN_HOSTED
/* Tests: draw a new secret on the next call, as after a reboot. */
void tcp_isn_forget_secret(void);
#endif

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Local ports for connections and datagrams napkin originates, chosen as RFC
 * 6056 asks so that an off-path attacker cannot guess them.
 *
 * Toward a known remote endpoint (TCP): algorithm 4, "double-hash port
 * selection". A keyed hash of (local address, remote address, remote port)
 * gives an offset; a second keyed hash picks one of 256 counters. The port
 * is the range's start + (offset + counter) mod the range's size, and the
 * counter steps on every try. Ports toward one endpoint advance one by one
 * (no reuse of a recent 4-tuple), ports toward different endpoints are
 * unrelated, and nobody learns another endpoint's next port.
 *
 * Without a remote endpoint (a UDP socket bound before sending): algorithm
 * 1, a random port in the range, tried again on collision.
 *
 * port_ok() reports whether a port can be used (lwIP's bind succeeded); the
 * whole range is tried before giving up with 0.
 */
#ifndef NAPKIN_NET_EPHEMERAL_PORT_H
#define NAPKIN_NET_EPHEMERAL_PORT_H

#include "kernel/core/compiler.h"

/* IANA's dynamic range (RFC 6335), which RFC 6056 recommends. */
#define EPHEMERAL_PORT_MIN 49152u
#define EPHEMERAL_PORT_MAX 65535u

typedef bool (*ephemeral_port_ok_fn)(u16 port, void *ctx);

/* Addresses in network order, addr_len 4 or 16; remote_port in host order. */
u16 ephemeral_port_for(const u8 *local_addr, const u8 *remote_addr, size_t addr_len,
		       u16 remote_port, ephemeral_port_ok_fn port_ok, void *ctx);
u16 ephemeral_port_random(ephemeral_port_ok_fn port_ok, void *ctx);

#ifdef NAPKIN_HOSTED
void ephemeral_port_reset_for_test(void);
#endif

#endif

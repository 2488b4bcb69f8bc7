/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal to net/services/: open lwIP sockets on every address, IPv4 and IPv6. */
#ifndef NAPKIN_NET_SERVICES_LISTEN_H
#define NAPKIN_NET_SERVICES_LISTEN_H

#include "kernel/core/compiler.h"
#include "lwip/tcp.h"
#include "lwip/udp.h"
#include "net/lwip/admission.h"

/* A listening TCP socket calling accept; NULL (logged, naming the service) on failure. */
struct tcp_pcb *service_tcp_listen(const char *name, u16 port, tcp_accept_fn accept);

/*
 * Give port a connection limit (its listener may be opened elsewhere): a->port
 * and a->name are filled in, a->limit comes from <name>.max_conns= on the command line (0 or
 * absent: the machine's TCP connection limit), and a is registered, so SYNs
 * past the limit are dropped before the handshake and counted in a->refused.
 * The service calls lwip_admission_opened/closed as connections come and go.
 */
void service_tcp_limit(const char *name, u16 port, struct lwip_admission *a);

/* service_tcp_limit, then service_tcp_listen. */
struct tcp_pcb *service_tcp_listen_limited(const char *name, u16 port, tcp_accept_fn accept,
					   struct lwip_admission *a);

/* A bound UDP socket calling recv; NULL (logged) on failure. */
struct udp_pcb *service_udp_bind(const char *name, u16 port, udp_recv_fn recv, void *arg);

/*
 * Detach the callbacks and tcp_close; when lwIP has no memory to close
 * gracefully, tcp_abort. Returns ERR_ABRT in that case, which a callback
 * that called this must return to lwIP; ERR_OK otherwise. Inside the
 * brackets below the close waits until lwIP is done with the connection and
 * this returns ERR_OK.
 */
err_t service_tcp_close(struct tcp_pcb *pcb);

/* Detach the callbacks and tcp_abort: returns ERR_ABRT, or ERR_OK inside a sent callback. */
err_t service_tcp_abort(struct tcp_pcb *pcb);

/*
 * A sent callback runs its work between these, and so does a receive
 * callback that may refuse data (return ERR_MEM); service_callback_end() returns
 * the callback's result. A close or abort asked for in between waits until
 * lwIP is done with the connection (tcp_end.c says why).
 */
void service_sent_begin(struct tcp_pcb *pcb);
void service_recv_begin(struct tcp_pcb *pcb);
err_t service_callback_end(err_t err);

/* Registers the loop hook that ends connections closed from sent callbacks. */
void service_tcp_end_init(void);

/* tcp_recved for any byte count (lwIP takes at most 64 KiB - 1 per call). */
void service_tcp_recved(struct tcp_pcb *pcb, u32 len);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Admission of new TCP connections, decided on the SYN before lwIP answers
 * it (lwIP's LWIP_HOOK_TCP_INPACKET_PCB on a listening PCB). A SYN that
 * cannot be served is dropped and counted; the client sends it again after
 * its retransmission timeout. lwIP's own answers to a full machine are worse
 * for a client: the services reset connections they had no state for, and a
 * SYN flood holds every half-open slot for 20 s.
 *
 * In order, for a SYN to a listening port:
 *  1. The machine holds lwip_capacity()->tcp_conns PCBs: the oldest TIME_WAIT
 *     PCB is recycled (no data is lost, lwIP does the same when a pool is
 *     empty); with none, the SYN is dropped.
 *  2. The port's service is at its limit (established plus half-open): the
 *     SYN is dropped and counted on the service.
 *  3. The port holds half_open connections in SYN_RCVD: the oldest of them
 *     is recycled, so spoofed SYNs cannot lock real clients out.
 * Established connections are never closed to make room.
 */
#ifndef NAPKIN_NET_LWIP_ADMISSION_H
#define NAPKIN_NET_LWIP_ADMISSION_H

#include "kernel/core/compiler.h"

struct tcp_pcb;
struct tcp_hdr;
struct pbuf;

/* One listening port's connection limit; a service registers one per port. */
struct lwip_admission {
	const char *name;
	u16 port;
	u32 limit;  /* established plus half-open connections at most */
	u32 active; /* established: the service counts them, unless count_active is set */
	u32 active_hwm;
	u64 refused;	    /* SYNs dropped because the service was full */
	u64 *owner_refused; /* the service's own refusal counter, counted too (may be NULL) */
	/* For a service that counts its connections its own way (webstatus): counts them. */
	u32 (*count_active)(const struct lwip_admission *a);
	struct lwip_admission *next;
};

struct lwip_admission_stats {
	u64 syns_seen;		/* SYNs to a listening port */
	u64 refused_machine;	/* dropped: tcp_conns PCBs and no TIME_WAIT to recycle */
	u64 refused_service;	/* dropped: the port's service at its limit */
	u64 timewait_recycled;	/* TIME_WAIT PCBs freed for a new connection */
	u64 half_open_recycled; /* SYN_RCVD PCBs dropped for a newer SYN */
	u64 refused_half_open; /* dropped: net.tcp_half_open reached, none stale enough to recycle */
};

/* Registers a; its limit defaults to the machine's when 0. */
void lwip_admission_register(struct lwip_admission *a);
/* The service's connection count moves; keeps the high-water mark. */
void lwip_admission_opened(struct lwip_admission *a);
void lwip_admission_closed(struct lwip_admission *a);
/* NULL when no service registered port. */
struct lwip_admission *lwip_admission_find(u16 port);
/* Each registered port, for the shell. */
struct lwip_admission *lwip_admission_first(void);
void lwip_admission_get_stats(struct lwip_admission_stats *out);
/* PCBs in TIME_WAIT now (walks lwIP's list; for the shell and tests). */
u32 lwip_admission_timewait_count(void);

/* lwIP's LWIP_HOOK_TCP_INPACKET_PCB (lwip_hooks.h): ERR_OK lets the segment in. */
s8 lwip_admission_inpacket(struct tcp_pcb *pcb, struct tcp_hdr *hdr, u16 optlen, u16 opt1len,
			   u8 *opt2, struct pbuf *p);

#endif

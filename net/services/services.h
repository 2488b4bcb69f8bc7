/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The services napkin offers on every interface, IPv4 and IPv6. Each start
 * function opens its listening sockets and returns 0 or a negative errno
 * (logged). Counters are cumulative since boot.
 */
#ifndef NAPKIN_NET_SERVICES_H
#define NAPKIN_NET_SERVICES_H

#include "kernel/core/compiler.h"

#define SERVICE_PORT_ECHO    7
#define SERVICE_PORT_DISCARD 9
#define SERVICE_PORT_CHARGEN 19
#define SERVICE_PORT_IPERF   5001

struct service_stats {
	u64 connections; /* TCP connections accepted */
	u64 refused;	 /* TCP connections reset after the handshake: no memory for state */
	u64 datagrams;	 /* UDP datagrams received */
	u64 rx_bytes;
	u64 tx_bytes;
	u64 errors; /* sends that failed, connections that died */
};

/* Start every service; returns how many failed to start. */
int net_services_start(void);

int echo_tcp_start(void);
int echo_udp_start(void);
int discard_start(void);
int chargen_start(void);
int iperf_start(void);
/* The web status page (docs/WEBSTATUS.md); 0 also when webstatus=off. */
int webstatus_start(void);

extern struct service_stats echo_tcp_stats, echo_udp_stats, discard_stats, chargen_stats,
    iperf_stats;

/* Connection limits and refusals per TCP service (net/lwip/admission.h). */
struct lwip_admission;
extern struct lwip_admission echo_admission, discard_admission, chargen_admission, iperf_admission;

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * netpoll: send a UDP datagram out of a device without the TCP/IP stack and
 * without interrupts, from any context: an interrupt handler, inside a NAPI
 * poll, the panic path. It builds Ethernet/IPv4/UDP headers itself and calls
 * the driver's start_xmit; when the ring is full it reaps transmit
 * completions by calling the device's NAPI poll with a budget of 0 (the
 * Linux convention: clean transmit only), holding the instance's NPSVC bit so
 * the softirq never polls it at the same time.
 */
#ifndef NAPKIN_NET_NETPOLL_H
#define NAPKIN_NET_NETPOLL_H

#include "kernel/core/compiler.h"

struct net_device;

struct netpoll {
	struct net_device *dev;
	u32 local_ip, remote_ip; /* host byte order */
	u16 local_port, remote_port;
	u8 remote_mac[6];
	u16 ip_id;
	/* Counters: what went out, what could not (and why). */
	u64 sent, dropped_busy, dropped_no_buffer, dropped_reentrant, dropped_down;
};

/* Fills a frame (Ethernet+IPv4+UDP) into buf; returns its length, or 0 if it cannot fit. */
size_t netpoll_build_udp(struct netpoll *np, const u8 *src_mac, u8 *buf, size_t size,
			 const void *payload, size_t len);
/* Sends one datagram. Returns 0, or a negative errno with the failure counted. */
int netpoll_send_udp(struct netpoll *np, const void *payload, size_t len);
/*
 * True when sending now would re-enter the device's driver: netpoll itself,
 * the stack's transmit or a poll of the device is on the stack below us (a
 * line logged from a driver, from lwIP inside a poll, or from an interrupt
 * that arrived there). The caller should try again from a clean context.
 */
bool netpoll_would_reenter(const struct netpoll *np);
/*
 * On the way down: skip the re-entry check except for netpoll's own nesting.
 * Entering a driver that was interrupted mid-transmit may garble a frame, but
 * a panic dump that never leaves is worse.
 */
void netpoll_set_panic(void);
/* Reaps transmit completions on every NAPI instance of dev that is free to poll. */
void netpoll_poll_dev(struct net_device *dev);
/* Frames handed to a driver that it has not given back yet (not yet sent). */
int netpoll_in_flight(void);
/* The frame pool for netpoll's transmit buffers; called once at network init. */
int netpoll_init(void);

u16 ip_checksum(const void *data, size_t len);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * netconsole: every log line as a UDP datagram to one or more listeners,
 * configured with Linux's netconsole= syntax (net/netconsole/netconsole_config.h). It is
 * a console like the serial port, sending through netpoll, so it works from
 * interrupt handlers and the panic path. Lines logged before the network was
 * up are sent from the log ring once a target is ready.
 */
#ifndef NAPKIN_NET_NETCONSOLE_H
#define NAPKIN_NET_NETCONSOLE_H

#include "net/netconsole/netconsole_config.h"
#include "net/core/netpoll.h"

struct net_device;

/* What netconsole needs from the TCP/IP stack, registered by its glue. */
struct netconsole_stack_ops {
	/* The device's IPv4 address (host order), 0 if it has none yet. */
	u32 (*dev_ipv4)(struct net_device *dev);
	/* Its IPv4 netmask (host order), 0 if it has none yet. */
	u32 (*dev_ipv4_netmask)(struct net_device *dev);
	/* 0 with mac filled when known; -EAGAIN after starting a resolution. */
	int (*resolve)(struct net_device *dev, u32 ip, u8 mac[6]);
};
void netconsole_set_stack(const struct netconsole_stack_ops *ops);

enum netconsole_state { NC_UNUSED, NC_WAITING, NC_RESOLVING, NC_READY, NC_FAILED };

struct netconsole_target {
	struct netconsole_config cfg;
	struct netpoll np;
	enum netconsole_state state;
	u64 next_seq;	/* next log record to send */
	u64 started_ns; /* when resolution began */
	u64 lines, fragments, lost_records;
	u64 deferred;	   /* times a record waited for a better moment (see flush_target) */
	size_t resume_off; /* bytes of the record at next_seq already sent */
	bool stalled;	   /* a send failed: only the retry timer tries again */
	bool broadcast;
};

/* Reads netconsole= from the command line; targets start once the stack is up. */
void netconsole_init(void);
/* Adds a target at run time (the shell); returns its index or a negative errno. */
int netconsole_add(const char *spec);
int netconsole_remove(int index);
const struct netconsole_target *netconsole_target(int index);
/* Sends whatever the ring holds that ready targets have not sent yet. */
void netconsole_flush(void);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The collectors the shell and the web status page share: each subsystem's
 * numbers are read by one function here (or by the subsystem's own getter),
 * so the serial shell and /stats.json can never disagree on what a counter
 * means. The TCP/IP stack's part (addresses, its memory pools) comes through
 * ops its glue registers, since net/ below the glue never includes lwIP.
 */
#ifndef NAPKIN_NET_NET_STATS_H
#define NAPKIN_NET_NET_STATS_H

#include "kernel/core/compiler.h"
#include "net/napi.h"
#include "net/netdev.h"

struct softnet_snapshot {
	struct softnet_stats sn;
	struct backlog_copy_stats copy;
	unsigned int backlog_len; /* frames queued right now */
};

void softnet_snapshot(struct softnet_snapshot *out);

/* "netpoll", "polling", "disabled", "scheduled" or "idle". */
const char *napi_state_name(unsigned long state);

#define NET_ADDR_STRLEN 48 /* fits an IPv6 address in text */
#define NET_ADDRS_V6	4

struct netdev_addrs {
	bool has_inet; /* the stack knows the device (it may still be 0.0.0.0) */
	char inet[NET_ADDR_STRLEN], netmask[NET_ADDR_STRLEN], gateway[NET_ADDR_STRLEN];
	int nr_inet6;
	struct {
		char addr[NET_ADDR_STRLEN];
		const char *state; /* "tentative", "preferred", "deprecated" */
	} inet6[NET_ADDRS_V6];
};

/* One memory pool of the stack; index 0 is its heap. */
struct net_pool_stat {
	const char *name;
	u64 used, used_hwm, avail, failed;
};

struct net_stats_stack_ops {
	void (*get_addrs)(struct net_device *dev, struct netdev_addrs *out);
	/* Fills *out for pool idx and returns 0; -1 past the last one. */
	int (*pool_stat)(int idx, struct net_pool_stat *out);
};

void net_stats_set_stack(const struct net_stats_stack_ops *ops);
/* Without a stack: has_inet false, no inet6. */
void netdev_get_addrs(struct net_device *dev, struct netdev_addrs *out);
/* 0 with *out filled, -1 when idx is past the last pool (or there is no stack). */
int net_pool_stat(int idx, struct net_pool_stat *out);

#endif

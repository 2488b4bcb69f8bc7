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
#include "net/core/gro.h"
#include "net/core/napi.h"
#include "net/core/netdev_stack.h"

/* Everything `softnet` prints: totals (with TSO's), the backlog, receive aggregation. */
struct softnet_snapshot {
	struct softnet_stats sn;
	struct backlog_copy_stats copy;
	unsigned int backlog_len; /* frames queued right now */
	struct gro_stats gro;
	bool gro_on; /* net.gro */
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

/* The stack's heap refusals, TCP admission and input, as `mem` prints them. */
struct net_stack_stat {
	u64 heap_over_budget;	      /* refused: the stack's memory budget was spent */
	u64 heap_no_memory;	      /* refused: the kernel heap had nothing */
	u64 tcp_conns, tcp_conns_hwm; /* TCP connections (PCBs) now, most ever */
	u32 tcp_conns_max;	      /* the machine's limit */
	u32 tcp_timewait;	      /* of them in TIME_WAIT now */
	u32 tcp_half_open_max;	      /* half-open connections per port (net.tcp_half_open) */
	/* SYNs to a listening port, and what admission did with them (net/lwip/admission.h). */
	u64 syns_seen, syns_dropped_machine, syns_dropped_service, syns_dropped_half_open;
	u64 timewait_recycled, half_open_recycled;
	u64 input_frames, input_ns; /* frames the stack took in, time it spent on them */
	u64 tcp_persist_stopped;    /* persist timers stopped with nothing to send */
	u64 tcp_mss_ignored;	    /* MSS options blanked outside the handshake */
	u64 tcp_tiny_window;	    /* connections whose peer opened with a 0 or 1 byte window */
	/* IP fragments in, refused on arrival; IPv6 datagrams reassembled wrong, dropped. */
	u64 ip4_fragments, ip4_fragments_refused, ip6_fragments, ip6_fragments_refused;
	u64 ip6_reass_bad;
};

/* One TCP service's connection limit (a registered listening port). */
struct net_service_stat {
	const char *name;
	u16 port;
	u32 active, active_hwm, limit;
	u64 refused; /* SYNs dropped because the service was at its limit */
};

/* What one device's received frames met on their way into the stack. */
struct net_dev_rx_stat {
	u64 frames;	  /* handed over in the driver's own buffers ... */
	u64 copied;	  /* ... except these, copied */
	u64 dropped;	  /* dropped at the hand-off */
	u64 csum_trusted; /* checksums the hardware had verified */
	u64 held;	  /* driver frames the stack holds now */
};

struct net_stats_stack_ops {
	void (*get_addrs)(struct net_device *dev, struct netdev_addrs *out);
	/* Fills *out for pool idx and returns 0; -1 past the last one. */
	int (*pool_stat)(int idx, struct net_pool_stat *out);
	void (*stack_stat)(struct net_stack_stat *out);
	/* Fills *out for service idx and returns 0; -1 past the last one. */
	int (*service_stat)(int idx, struct net_service_stat *out);
	/* 0 with *out filled, -1 when the stack does not drive dev. */
	int (*dev_rx_stat)(struct net_device *dev, struct net_dev_rx_stat *out);
};

void net_stats_set_stack(const struct net_stats_stack_ops *ops);
/* Without a stack: has_inet false, no inet6. */
void netdev_get_addrs(struct net_device *dev, struct netdev_addrs *out);
/* 0 with *out filled, -1 when idx is past the last pool (or there is no stack). */
int net_pool_stat(int idx, struct net_pool_stat *out);
/* All zero without a stack. */
void net_stack_stat(struct net_stack_stat *out);
/* 0 with *out filled, -1 past the last service (or without a stack). */
int net_service_stat(int idx, struct net_service_stat *out);
/* 0 with *out filled, -1 when no stack drives dev. */
int net_dev_rx_stat(struct net_device *dev, struct net_dev_rx_stat *out);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Network devices, the stack's side: what the TCP/IP glue, the shell, the
 * status page and the boot code use, and no driver needs. Drivers include
 * net/core/netdev.h only.
 */
#ifndef NAPKIN_NET_NETDEV_STACK_H
#define NAPKIN_NET_NETDEV_STACK_H

#include "net/core/netdev.h"

/*
 * The network stack plugs in here. rx consumes the frame whatever it returns
 * (it frees it on NET_RX_DROP). The others are notifications and may be NULL.
 * None of them is ever called from an interrupt handler.
 */
struct netdev_stack_ops {
	int (*rx)(struct net_device *dev, struct netbuf *nb);
	void (*dev_added)(struct net_device *dev);
	void (*dev_removed)(struct net_device *dev);
	void (*link_changed)(struct net_device *dev);
	/* The driver woke its stopped transmit queue (netif_wake_queue()). */
	void (*tx_woken)(struct net_device *dev);
};

/* Installs the stack and reports every already registered device to it. NULL detaches. */
void netdev_set_stack(const struct netdev_stack_ops *ops);

/*
 * Set up the NAPI softirq and the backlog and apply the tunables given on the
 * command line; once, after cmdline_init() and before any driver probes.
 */
void net_core_init(void);

/*
 * How register_netdev() learns which bus device a net_device sits on when the
 * driver did not set dev->pdev: the kernel passes pci_probing_dev() (drivers
 * register from probe()). Hosted builds leave it unset.
 */
void netdev_set_parent_lookup(struct pci_dev *(*lookup)(void));

/* Calls fn for each registered device until it returns nonzero; returns that value. */
int netdev_for_each(int (*fn)(struct net_device *dev, void *ctx), void *ctx);
struct net_device *netdev_get_by_name(const char *name);

/*
 * Transmit a frame (the stack glue's entry). NETDEV_TX_OK: consumed, sent or
 * dropped (device down, link off). NETDEV_TX_BUSY: the queue is stopped, the
 * caller still owns the frame.
 */
netdev_tx_t netdev_start_xmit(struct net_device *dev, struct netbuf *nb);

/* dev->stats with the driver's hardware counters folded in. */
void netdev_get_stats(struct net_device *dev, struct net_device_stats *out);
/* The driver's named counters; 0 when it has none. */
int netdev_get_ethtool_stats(struct net_device *dev, struct ethtool_stat *out, int max);

/* net.max_backlog: frames the backlog holds before dropping (1..100000, default 1000). */
#define NET_MAX_BACKLOG_DEFAULT 1000
#define NET_MAX_BACKLOG_MAX	100000
int netdev_set_max_backlog(long frames);
int netdev_get_max_backlog(void);
unsigned int netdev_backlog_len(void);

/* Frames the backlog copied out of driver buffers, and why it could not. */
struct backlog_copy_stats {
	u64 copied;
	u64 pool_empty; /* kept in the driver's buffer: every copy in use */
	u64 too_big;	/* kept in the driver's buffer: larger than a copy */
};
void backlog_get_copy_stats(struct backlog_copy_stats *out);

/* Make the softirq run deferred work (netbuf releases, link events). */
void netdev_backlog_kick(void);

#endif

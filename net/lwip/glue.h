/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to net/lwip/: the state the glue keeps per network device and the
 * functions its files share. Other code uses net/lwip/stack.h.
 */
#ifndef NAPKIN_NET_LWIP_GLUE_H
#define NAPKIN_NET_LWIP_GLUE_H

#include "kernel/compiler.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "net/lwip/stack.h"
#include "net/netdev.h"

/* Devices the stack can drive at once. */
#define LWIP_GLUE_MAX_IFS 8

/* Frames a device refused (its ring was full) that wait for the next try. */
#define LWIP_GLUE_TX_PENDING_MAX 128

struct glue_if {
	struct netif netif;
	struct net_device *dev;
	bool in_use;
	/* Checksum flags derived from the device's features; rx adjusts them per frame. */
	u16 chksum_flags;
	/* Frames refused with NETDEV_TX_BUSY, oldest first, linked by the first netbuf's qnext. */
	struct netbuf *pending_head, *pending_tail;
	unsigned int pending_len;
	/* A TCP segment was refused outright: let TCP retry once the queue drains. */
	bool tcp_refused;
	char hostname[64];
	struct lwip_glue_stats stats;
};

static inline struct glue_if *glue_if_from_netif(struct netif *netif)
{
	return container_of(netif, struct glue_if, netif);
}

/* rx.c */
/* Frames lwIP took in and the time it spent on them (all devices). */
struct glue_rx_input_stats {
	u64 frames, ns;
};
extern struct glue_rx_input_stats glue_rx_input;
int glue_rx(struct net_device *dev, struct netbuf *nb);

/* tx.c */
err_t glue_linkoutput(struct netif *netif, struct pbuf *p);
void glue_tx_flush(struct glue_if *gif);
void glue_tx_purge(struct glue_if *gif);
u16 glue_tx_chksum_flags(const struct net_device *dev);
void glue_tx_set_mode(enum lwip_tx_mode mode);
void glue_tx_init(void);

/* netif.c */
void glue_dev_added(struct net_device *dev);
void glue_dev_removed(struct net_device *dev);
void glue_link_changed(struct net_device *dev);
struct glue_if *glue_if_first(void);
struct glue_if *glue_if_next(struct glue_if *gif);

/* netconsole_glue.c */
void glue_netconsole_init(void);
/* route, arp, ping, addresses under ifconfig, pools under mem. */
void glue_shell_init(void);

/* addrconf.c */
void glue_ipconfig_apply(struct glue_if *gif);
void glue_ipconfig_init(const struct ipconfig *cfg);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * napkin's TCP/IP stack: lwIP bound to the netdev layer. One lwIP netif per
 * net_device; frames arrive from the NET_RX softirq, lwIP's timeouts run from
 * a main loop hook. See docs/NETWORK.md.
 */
#ifndef NAPKIN_NET_LWIP_STACK_H
#define NAPKIN_NET_LWIP_STACK_H

#include "kernel/core/compiler.h"
#include "net/inet/ipconfig.h"

struct net_device;
struct netif;
struct tcp_pcb;
struct udp_pcb;
struct ip_addr;

/* How transmitted frames reach the driver; net.tx= on the command line. */
enum lwip_tx_mode {
	/* The driver sends from lwIP's own buffers, which stay referenced until it is done. */
	LWIP_TX_ZEROCOPY,
	/* Every frame is copied into one contiguous buffer first. */
	LWIP_TX_COPY,
};

/* Counters per device, for the shell and the tests. */
struct lwip_glue_stats {
	u64 rx_frames; /* frames handed to lwIP, in the driver's own buffers ... */
	u64 rx_copied; /* ... except these: small (copybreak), a runt, headers past the first
			  segment, or past the bound on held buffers */
	u64 rx_dropped; /* frames dropped: interface down, empty, oversized, no memory, bad TCP options */
	u64 rx_csum_trusted; /* frames whose checksums the hardware had verified */
	u64 tx_frames;	     /* frames handed to the driver */
	u64 tx_zerocopy;     /* ... from lwIP's buffers */
	u64 tx_copied;	     /* ... copied (net.tx=copy, too many segments, no SG) */
	u64 tx_queued;	     /* frames the driver refused once and that waited */
	u64 tx_dropped;	     /* frames given up: no memory, pending queue full */
	u64 tx_csum_offload; /* frames whose TCP/UDP checksum the device computes */
	u64 tx_csum_soft;    /* ... left to the device but summed by the glue instead: an IP
			      * version the device cannot do, or a datagram lwIP fragments */
	u64 tx_gso_frames;   /* TCP super-segments handed to the device to cut (TSO) */
	u64 tx_gso_segs;     /* ... the lwIP segments merged into them */
	u64 rx_frames_held;  /* received frames lwIP still holds (driver buffers) */
	u64 tx_frames_held;  /* sent frames the driver or the pending queue still hold */
};

/*
 * Bring up lwIP, hook it into the main loop and attach it to the netdev layer
 * (every device registered so far gets a netif, later ones on registration).
 * cfg says how to configure IPv4 (NULL: DHCP everywhere). Once per boot.
 */
/* net.tso: merge TCP segments into super-segments for TSO devices (default on). */
void lwip_stack_set_tso(bool on);

void lwip_stack_init(const struct ipconfig *cfg, enum lwip_tx_mode tx_mode);

/*
 * A device of its own IPv4 configuration (ip.<dev>=), instead of what ip=
 * says: so each port of a multi-port NIC can have its own static address.
 * Call before lwip_stack_init(). Returns 0, or -ENOSPC past
 * LWIP_IPCONFIG_DEVICES overrides (logged).
 */
#define LWIP_IPCONFIG_DEVICES 8
int lwip_stack_set_device_ipconfig(const char *dev, const struct ipconfig *cfg);

/* Run lwIP's due timeouts and retry refused frames; returns the next deadline in ns. */
u64 lwip_stack_poll(u64 now_ns);

enum lwip_tx_mode lwip_stack_tx_mode(void);
const struct ipconfig *lwip_stack_ipconfig(void);

/* The netif lwIP uses for dev, or NULL. */
struct netif *lwip_netif_of(const struct net_device *dev);

/*
 * Code that originates a connection or a datagram binds its socket with
 * these first, before tcp_connect()/udp_sendto(): RFC 6056 ports
 * (net/lwip/ephemeral.c) instead of lwIP's counter. 0, or -1 when every
 * port in the range is taken.
 */
int lwip_tcp_bind_ephemeral(struct tcp_pcb *pcb, const struct ip_addr *remote_ip, u16 remote_port);
int lwip_udp_bind_ephemeral(struct udp_pcb *pcb);

/* Copy dev's glue counters; returns -ENODEV when the stack does not drive dev. */
int lwip_glue_get_stats(const struct net_device *dev, struct lwip_glue_stats *out);

#endif

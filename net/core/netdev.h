/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Network devices, the driver's side: everything a NIC driver may use
 * (registration, NAPI and receive, transmit flow control and its wake, link,
 * counters, the receive filter its shell may set). Drivers include this
 * header and no other from net/core/ but napi.h and netbuf.h, which it
 * brings in. The stack's side (installing the stack, finding devices,
 * transmitting, the backlog's tunables) is net/core/netdev_stack.h.
 *
 * Drivers embed struct net_device in their adapter state (there is no heap
 * allocator to hand out one with a private area) and point priv at it, or
 * recover the adapter with container_of().
 */
#ifndef NAPKIN_NET_NETDEV_H
#define NAPKIN_NET_NETDEV_H

#include "kernel/core/compiler.h"
#include "kernel/core/list.h"
#include "net/core/napi.h"
#include "net/core/netbuf.h"

#define IFNAMSIZ     16
#define ETH_ALEN     6
#define ETH_HLEN     14
#define ETH_DATA_LEN 1500
#define ETH_MIN_MTU  68
#define ETH_MAX_MTU  9000

/* Multicast addresses a device filters before it falls back to all-multicast. */
#define NETDEV_MC_MAX 16

/* Offloads the device can do; the stack glue reads them. */
#define NETIF_F_SG	   BIT(0) /* transmit frames made of several netbufs */
#define NETIF_F_IP_CSUM	   BIT(1) /* transmit TCP/UDP checksum over IPv4 */
#define NETIF_F_IPV6_CSUM  BIT(2) /* transmit TCP/UDP checksum over IPv6 */
#define NETIF_F_IPHDR_CSUM BIT(3) /* transmit IPv4 header checksum */
#define NETIF_F_RXCSUM	   BIT(4) /* receive checksum verification */
#define NETIF_F_TSO	   BIT(5) /* cut TCP/IPv4 super-segments (netbuf.h, gso_*) */
#define NETIF_F_TSO6	   BIT(6) /* cut TCP/IPv6 super-segments */
/*
 * With NETIF_F_IP_CSUM/NETIF_F_IPV6_CSUM: TCP only, UDP summed by the stack
 * (a chip that can send a computed UDP sum of 0, which means "none").
 */
#define NETIF_F_NO_UDP_CSUM BIT(7)

/* Largest super-segment (Ethernet frame bytes) a TSO device is ever handed. */
#define NETDEV_GSO_MAX_SIZE 65535

/* dev->flags */
#define IFF_UP	     BIT(0) /* opened */
#define IFF_PROMISC  BIT(1) /* receive every frame */
#define IFF_ALLMULTI BIT(2) /* receive every multicast frame */

typedef enum netdev_tx {
	NETDEV_TX_OK = 0x00,   /* the driver took the frame and will free it */
	NETDEV_TX_BUSY = 0x10, /* ring full: the caller keeps the frame */
} netdev_tx_t;

enum { NET_RX_SUCCESS, NET_RX_DROP };

/* The standard counters, as Linux's `ip -s link` shows them. */
struct net_device_stats {
	u64 rx_packets; /* counted by netif_receive_from() */
	u64 tx_packets; /* counted by netdev_start_xmit() */
	u64 rx_bytes;
	u64 tx_bytes;
	u64 rx_errors; /* the rest are counted by drivers */
	u64 tx_errors;
	u64 rx_dropped; /* no buffer to hand up, no stack, backlog full */
	u64 tx_dropped; /* device down or link off */
	u64 multicast;	/* received frames with the group bit (broadcast too) */
	u64 collisions;
	u64 rx_length_errors;
	u64 rx_crc_errors;
	u64 rx_missed_errors; /* the device had no free receive buffer */
	u64 rx_csum_errors;   /* hardware found a bad checksum */
	u64 tx_carrier_errors;
};

/* One named driver counter, `ethtool -S` style. name must outlive the device. */
struct ethtool_stat {
	const char *name;
	u64 value;
};

struct net_device;
struct pci_dev;

struct net_device_ops {
	int (*open)(struct net_device *dev);
	int (*stop)(struct net_device *dev);
	/* Required. Takes the frame (NETDEV_TX_OK) or refuses it (NETDEV_TX_BUSY). */
	netdev_tx_t (*start_xmit)(struct netbuf *nb, struct net_device *dev);
	/* Optional: fold hardware counters into *stats (a copy of dev->stats). */
	void (*get_stats)(struct net_device *dev, struct net_device_stats *stats);
	/* Optional: fill at most max named counters; returns how many. */
	int (*get_ethtool_stats)(struct net_device *dev, struct ethtool_stat *out, int max);
	/* Optional: program dev->flags (PROMISC, ALLMULTI) and dev->mc_list into the filter. */
	void (*set_rx_mode)(struct net_device *dev);
};

struct net_device {
	char name[IFNAMSIZ]; /* "eth0", ...: assigned by register_netdev() when empty */
	u8 dev_addr[ETH_ALEN];
	u32 mtu;      /* 0 at register means ETH_DATA_LEN */
	u32 flags;    /* IFF_* */
	u32 features; /* NETIF_F_* */
	/* With NETIF_F_TSO: netbufs one super-segment may span (0: as many as any frame). */
	u16 gso_max_segs;
	bool link_up; /* change with netif_carrier_on/off() */
	bool full_duplex;
	u32 speed_mbps; /* 0 when unknown */
	bool tx_stopped;
	int ifindex; /* 1, 2, ... assigned at register */
	const struct net_device_ops *ops;
	struct net_device_stats stats;
	u64 carrier_changes;
	u64 tx_queue_stops;
	u64 tx_busy; /* transmits refused because the queue was stopped or full */
	/* Super-segments the device took, the segments it cuts them into, their bytes. */
	u64 tx_gso_frames;
	u64 tx_gso_segs;
	u64 tx_gso_bytes;
	/* Inside the driver's start_xmit from netdev_start_xmit: netpoll must not enter. */
	bool in_xmit;
	u8 mc_list[NETDEV_MC_MAX][ETH_ALEN];
	u8 mc_users[NETDEV_MC_MAX];
	int mc_count;
	int mc_overflow;	    /* addresses that did not fit: IFF_ALLMULTI while nonzero */
	struct list_head napi_list; /* its NAPI instances */
	struct list_head dev_list;  /* link in the registered devices */
	bool registered;
	bool link_event_pending; /* carrier change to report once out of the interrupt */
	bool tx_wake_pending;	 /* queue woken inside an interrupt, to report likewise */
	struct pci_dev *pdev;	 /* the PCI function it sits on (found at register), or NULL */
	void *priv;		 /* the driver's */
	void *stack_priv;	 /* the stack glue's (its netif) */
};

static inline void *netdev_priv(const struct net_device *dev)
{
	return dev->priv;
}

/* Returns 0, -EINVAL (missing ops/start_xmit, bad MTU), -EEXIST (name taken) or -ENOSPC. */
int register_netdev(struct net_device *dev);
/* Closes it if open, deletes its NAPI instances, drops its queued frames. */
void unregister_netdev(struct net_device *dev);
/* Bring a device up or down: the stack does, and a driver's own shell commands may. */
int dev_open(struct net_device *dev);
int dev_close(struct net_device *dev);

/* Link state, logged like Linux: "eth0: link up, 1000 Mbps, full duplex". */
void netif_carrier_on(struct net_device *dev);
void netif_carrier_off(struct net_device *dev);
static inline bool netif_carrier_ok(const struct net_device *dev)
{
	return READ_ONCE(dev->link_up);
}

/* Transmit flow control: a driver stops the queue when its ring is full. */
static inline void netif_stop_queue(struct net_device *dev)
{
	if (!dev->tx_stopped)
		dev->tx_queue_stops++;
	WRITE_ONCE(dev->tx_stopped, true);
}

/*
 * The ring has room again. When the queue was stopped, the stack is told
 * (netdev_stack_ops.tx_woken), so frames it held back go out now rather than
 * on the main loop's next pass; from inside an interrupt handler the backlog
 * tells it once the handler is done.
 */
void netif_wake_queue(struct net_device *dev);

static inline bool netif_queue_stopped(const struct net_device *dev)
{
	return READ_ONCE(dev->tx_stopped);
}

/* Where a received frame is handed over from, as its caller knows. */
enum netif_rx_context {
	NETIF_RX_SOFTIRQ, /* the main loop (a poll run by the softirq): straight to the stack */
	NETIF_RX_IRQ,	  /* inside an interrupt handler: the stack is not reentrant, so
			   * the frame waits in the backlog for the softirq */
};

/*
 * Hand a received frame to the stack. Counts rx_packets and bytes. Without a
 * stack the frame is freed and counted as dropped. Returns NET_RX_SUCCESS or
 * NET_RX_DROP; the frame is consumed either way.
 */
int netif_receive_from(struct net_device *dev, struct netbuf *nb, enum netif_rx_context ctx);
/*
 * What a driver's poll() calls: the context is the one the NAPI core runs
 * this poll in (inside the interrupt handler in napi.mode=irq, else the
 * softirq), recorded in the instance's state, not guessed from the CPU.
 */
int napi_receive(struct napi_struct *napi, struct netbuf *nb);
/*
 * napi_receive() for one instance that serves several devices (sky2: one
 * status unit, one poll, both ports): the frame counts against `dev`.
 */
int napi_receive_dev(struct napi_struct *napi, struct net_device *dev, struct netbuf *nb);

/* Drivers report frames lost before netif_receive_from(): no buffer, ring overrun. */
void netdev_rx_dropped(struct net_device *dev, unsigned int count);
void netdev_rx_missed(struct net_device *dev, unsigned int count);

/*
 * Receive filter, reference counted per address. Past NETDEV_MC_MAX addresses
 * IFF_ALLMULTI is on until enough are deleted again. Return 0 or -errno. Set
 * by the stack, and by a driver's own shell commands.
 */
int netdev_mc_add(struct net_device *dev, const u8 *addr);
int netdev_mc_del(struct net_device *dev, const u8 *addr);
void netdev_set_promisc(struct net_device *dev, bool on);

#endif

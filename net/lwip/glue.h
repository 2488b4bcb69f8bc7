/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to net/lwip/: the state the glue keeps per network device and the
 * functions its files share. Other code uses net/lwip/stack.h.
 */
#ifndef NAPKIN_NET_LWIP_GLUE_H
#define NAPKIN_NET_LWIP_GLUE_H

#include "kernel/core/compiler.h"
#include "lwip/netif.h"
#include "lwip/pbuf.h"
#include "net/lwip/stack.h"
#include "net/core/netdev.h"

/* Devices the stack can drive at once. */
#define LWIP_GLUE_MAX_IFS 8

/* Frames a device refused (its ring was full) that wait for the next try. */
#define LWIP_GLUE_TX_PENDING_MAX 128

/* Segments one frame may have before it is copied into a single buffer. */
#define TX_MAX_SEGS 8

/* One frame lwIP handed to linkoutput, as netbufs pointing into its pbufs. */
struct tx_frame {
	struct netbuf seg[TX_MAX_SEGS];
	unsigned int nsegs;
	struct pbuf *p; /* the chain seg[] points into; one reference is ours */
	struct glue_if *gif;
	/* gso.c: the next frame merged into the same super-segment, and what to undo. */
	struct tx_frame *merged_next;
	/* seg[trim_seg] was advanced past trim header bytes: unmap what was mapped. */
	u8 trim_seg;
	u16 trim;
	bool restore_tcp_flags;
	bool cached; /* tx.c: waiting in the record cache, owned by no frame */
	u8 tcp_flags;
	u16 tcp_flags_offset;
};

/* gso.c: the TCP super-segment being gathered on one device. */
struct glue_gso {
	struct tx_frame *head, *tail;
	unsigned int frames;
	unsigned int nsegs; /* netbufs over all its frames */
	u32 bytes;	    /* frame bytes: one set of headers and all payloads */
	u16 hdr_len;	    /* Ethernet + IP + TCP */
	u16 mss;	    /* payload of the first frame */
	u16 last_payload;   /* payload of the last frame */
	u16 last_ip_id;
	u32 next_seq;
	bool ipv6;
	u8 hdr[128]; /* the first frame's headers, to compare the next ones with */
};

struct glue_if {
	struct netif netif;
	struct net_device *dev;
	/* Checksum flags derived from the device's features; rx adjusts them per frame. */
	u16 chksum_flags;
	/* Frames refused with NETDEV_TX_BUSY, oldest first, linked by the first netbuf's qnext. */
	struct netbuf *pending_head, *pending_tail;
	unsigned int pending_len;
	bool flushing; /* glue_tx_flush() runs: a wake from inside it must not reorder */
	/* A TCP segment was refused outright: let TCP retry once the queue drains. */
	bool tcp_refused;
	/* Merging TCP segments into super-segments for the device to cut (gso.c). */
	bool gso_on;
	struct glue_gso gso;
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

/* tcp_persist.c: persist timers stopped over an empty send queue (lwIP would assert). */
extern u64 glue_tcp_persist_stopped;
void glue_tcp_persist_repair(void);
/* rx_tcpmss.c: MSS options blanked outside the handshake, opening windows under 2 bytes. */
extern u64 glue_tcp_mss_ignored, glue_tcp_tiny_window;
/* rx_reass6.c: IPv6 datagrams lwIP reassembled with a hole (or past their end), dropped. */
extern u64 glue_ip6_reass_bad;
int glue_rx(struct net_device *dev, struct netbuf *nb);
/*
 * False, with a warning naming dev the first time, for a frame whose TCP or
 * IPv6 options lwIP would read past (rx_tcpopt.c): drop it.
 */
bool glue_rx_options_ok(const struct netbuf *nb, const char *dev);

/* gso.c */
void glue_gso_setup(struct glue_if *gif);
/* Takes the frame into the super-segment being gathered (true) or leaves it to the caller. */
bool glue_gso_add(struct glue_if *gif, struct tx_frame *f);
/* Hand what is gathered to the device: the end of lwIP's output burst. */
void glue_gso_flush(struct glue_if *gif);
void glue_gso_flush_all(void);
/* Drop what is gathered (device going away). */
void glue_gso_purge(struct glue_if *gif);

/* tx.c */
/* Hand a built frame to the driver, or queue it behind frames already waiting. */
void glue_tx_send(struct glue_if *gif, struct netbuf *nb);
err_t glue_linkoutput(struct netif *netif, struct pbuf *p);

/*
 * tx_csum.c: the TCP/UDP checksum lwIP left to the device, for one frame
 * whose Ethernet header says IPv4 or IPv6 (version 4 or 6): offloaded, or
 * summed when the device cannot; and for one whole datagram about to be
 * fragmented: summed.
 */
void glue_tx_l4_csum(struct glue_if *gif, struct pbuf *p, struct netbuf *nb, u8 version);
void glue_tx_csum_datagram(struct netif *netif, struct pbuf *p, u8 version);

/* netif->output and ->output_ip6 (ip_out.c): IP ids rewritten, then ARP and ND. */
err_t glue_ip4_output(struct netif *netif, struct pbuf *p, const ip4_addr_t *ipaddr);
err_t glue_ip6_output(struct netif *netif, struct pbuf *p, const ip6_addr_t *ipaddr);
void glue_tx_flush(struct glue_if *gif);
void glue_tx_woken(struct net_device *dev);
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

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lwIP configuration for napkin. Every choice is explained; anything not set
 * here keeps lwIP's default from lwip/opt.h. docs/NETWORK.md discusses the
 * throughput-related ones.
 *
 * napkin runs lwIP on one CPU with no threads: the NET_RX softirq delivers
 * frames, the main loop hook runs timeouts, and nothing touches lwIP from an
 * interrupt handler. Hence NO_SYS and no locking at all.
 */
#ifndef NAPKIN_LWIPOPTS_H
#define NAPKIN_LWIPOPTS_H

/* ---- system ---- */

/* No threads, no semaphores: the raw (callback) API only. */
#define NO_SYS 1
/* lwIP keeps its timeouts; net/lwip/stack.c runs them from a main loop hook. */
#define LWIP_TIMERS 1
/* lwIP is never entered from an interrupt, so its critical sections are empty. */
#define SYS_LIGHTWEIGHT_PROT 0
#define LWIP_NETCONN	     0
#define LWIP_SOCKET	     0

/* ---- memory ---- */

/*
 * lwIP copies addresses and headers of a few bytes with SMEMCPY. The kernel
 * is built -fno-builtin, so a plain memcpy is a call each time; the builtin
 * is a move or two.
 */
#define SMEMCPY(dst, src, len) __builtin_memcpy((dst), (src), (len))

/* 8-byte alignment suits x86-64 and lets pbuf payloads hold u64 fields. */
#define MEM_ALIGNMENT 8
/*
 * No static pools: how much the network may hold is sized from the machine
 * at boot (net/lwip/capacity.c), so every pool element and every PBUF_RAM
 * comes from the kernel heap through a byte budget (net/lwip/heap.c). lwIP's
 * alternatives are all fixed at compile time: its own heap is one static
 * array of MEM_SIZE bytes, and MEMP_USE_CUSTOM_POOLS only changes which
 * static pools exist. A pool element is now a heap allocation (a slab object
 * of the kernel heap, about as cheap as a pool pop); a refusal looks to lwIP
 * like an empty pool. The counts below (MEMP_NUM_*) then only feed lwIP's
 * compile-time sanity checks and size nothing; the TCP connection limit is
 * net.tcp_conns=, enforced on the SYN (net/lwip/admission.c).
 */
#define MEM_LIBC_MALLOC 1
#define MEMP_MEM_MALLOC 1
#include <stddef.h>
void *lwip_heap_alloc(size_t size);
void lwip_heap_free(void *p);
void *lwip_heap_calloc(size_t n, size_t size);
#define mem_clib_malloc lwip_heap_alloc
#define mem_clib_free	lwip_heap_free
#define mem_clib_calloc lwip_heap_calloc
/* Only selects a 32-bit mem_size_t now (the budget is net.mem=). */
#define MEM_SIZE		(4 * 1024 * 1024)
#define MEMP_NUM_PBUF		256
#define MEMP_NUM_UDP_PCB	12
#define MEMP_NUM_TCP_PCB	32
#define MEMP_NUM_TCP_PCB_LISTEN 8
/* Segments queued for sending or out of order: a few connections' full windows. */
#define MEMP_NUM_TCP_SEG 2048
/* Datagrams being reassembled at once (IPv4 and IPv6). */
#define MEMP_NUM_REASSDATA 16
/* Fragments of outgoing datagrams in flight: a 64 KiB datagram is 45 of them. */
#define MEMP_NUM_FRAG_PBUF 128
/* Packets waiting for an ARP reply. */
#define MEMP_NUM_ARP_QUEUE 64
/*
 * PBUF_POOL is for drivers that copy; napkin's receive path hands lwIP the
 * driver's own buffers (custom pbufs). lwIP's sanity check still wants a pool
 * that could hold one TCP window (176 segments), and keeping that check is
 * worth 288 KiB (and leaves room to grow the window).
 */
#define PBUF_POOL_SIZE	  192
#define PBUF_POOL_BUFSIZE 1536

/* ---- link layer ---- */

#define LWIP_ARP       1
#define LWIP_ETHERNET  1
#define ARP_TABLE_SIZE 32
/* Keep packets sent before the peer's MAC is known instead of dropping them. */
#define ARP_QUEUEING  1
#define ARP_QUEUE_LEN 16
/* One netif per napkin net_device; keep ARP entries per interface. */
#define ETHARP_TABLE_MATCH_NETIF 1

/* ---- IPv4 ---- */

#define LWIP_IPV4 1
/* 8000-byte pings and large UDP echoes arrive fragmented and leave fragmented. */
#define IP_REASSEMBLY 1
#define IP_FRAG	      1
/* Enough fragments for a 64 KiB datagram (45 at MTU 1500). */
#define IP_REASS_MAX_PBUFS 64
/* Reassembly gives up on an incomplete datagram after this many seconds. */
#define IP_REASS_MAXAGE 5
#define IP_DEFAULT_TTL	64
#define LWIP_ICMP	1
#define LWIP_RAW	1 /* the shell's ping */
#define LWIP_IGMP	0

/* DHCP client; the ARP check of an offered address would add a second to every boot. */
#define LWIP_DHCP	    1
#define DHCP_DOES_ARP_CHECK 0
#define LWIP_AUTOIP	    0
#define LWIP_DNS	    0

/* ---- IPv6 ---- */

#define LWIP_IPV6 1
/* Link-local plus up to two SLAAC addresses. */
#define LWIP_IPV6_NUM_ADDRESSES	      3
#define LWIP_IPV6_AUTOCONFIG	      1
#define LWIP_IPV6_SEND_ROUTER_SOLICIT 1
#define LWIP_ND6_ALLOW_RA_UPDATES     1
/* Join the solicited-node groups through the NIC's multicast filter (netdev_mc_add). */
#define LWIP_IPV6_MLD	1
#define LWIP_ICMP6	1
#define LWIP_IPV6_FRAG	1
#define LWIP_IPV6_REASS 1
/* Pointers are 8 bytes: lwIP's reassembly bookkeeping no longer fits over the fragment header. */
#define IPV6_FRAG_COPYHEADER 1
#define LWIP_IPV6_DHCP6	     0
/* Duplicate address detection for link-local and SLAAC addresses (one probe). */
#define LWIP_IPV6_DUP_DETECT_ATTEMPTS 1
#define MEMP_NUM_ND6_QUEUE	      32

/* ---- UDP and TCP ---- */

#define LWIP_UDP 1
#define LWIP_TCP 1
/* Ethernet MTU 1500 minus 40 bytes of IPv4 and TCP headers. */
#define TCP_MSS 1460
/*
 * Receive window: 176 full segments = 251 KiB, with window scaling (shift 2).
 * 64 KiB without scaling capped a connection at one window per round trip:
 * measured under TCG, the 4x window raised host-to-guest TCP from 1.7 to
 * 3.2 Gbit/s on virtio and 1.3 to 1.6 on e1000e (docs/PERFORMANCE.md). An
 * application that reads as data arrives holds no driver buffers; frames
 * queued from interrupts are copied out of them (net/core/backlog.c); out-of-order
 * data is bounded by TCP_OOSEQ_MAX_PBUFS.
 */
#define TCP_WND (4 * 44 * TCP_MSS)
/*
 * Send buffer of 251 KiB, so a sender is bounded by the peer's window and not
 * by 64 KiB in flight (guest-to-host TCP rose by 10-20%).
 */
#define TCP_SND_BUF	 (4 * 44 * TCP_MSS)
#define TCP_SND_QUEUELEN (4 * TCP_SND_BUF / TCP_MSS)
/* Wake a writer once 32 KiB are free again (lwIP keeps this below 64 KiB). */
#define TCP_SNDLOWAT (32 * 1024)
/* Keep out-of-order segments, but never more than a window's worth of driver buffers. */
#define TCP_QUEUE_OOSEQ	    1
#define TCP_OOSEQ_MAX_PBUFS 44
/*
 * Tell the peer which out-of-order data we kept (SACK, RFC 2018). Without
 * it a peer that lost frames in the middle of a 176-segment window resends
 * the whole tail, the out-of-order queue overflows again at the same spot,
 * and the connection can crawl at retransmission-timeout pace for good:
 * seen in the hosted sky2 stack test with a receive FIFO that drops and no
 * flow control (TCP echo killed after 60 s, iperf never finishing).
 */
#define LWIP_TCP_SACK_OUT     1
#define LWIP_TCP_MAX_SACK_NUM 4
/* Announce the reopened window after 4 segments are consumed, not a quarter window. */
#define TCP_WND_UPDATE_THRESHOLD (4 * TCP_MSS)
#define LWIP_TCP_TIMESTAMPS	 0
#define LWIP_WND_SCALE		 1
/* Our window scale shift: 65535 << 2 covers TCP_WND. */
#define TCP_RCV_SCALE 2
/*
 * Count half-open connections per listener (accepts_pending), which the SYN
 * admission hook bounds and recycles (net/lwip/admission.c).
 */
#define TCP_LISTEN_BACKLOG 1
/* Fold the checksum into tcp_write's copy instead of a second pass over the data. */
#define LWIP_CHECKSUM_ON_COPY 1
/* Let linkoutput see chains: the glue sends them scatter-gather or copies them itself. */
#define LWIP_NETIF_TX_SINGLE_PBUF 0

/* ---- interfaces ---- */

#define LWIP_NETIF_HOSTNAME 1
/* net/lwip/ipconfig.c logs address changes (the DHCP lease, IPv6 addresses) from here. */
#define LWIP_NETIF_EXT_STATUS_CALLBACK 1
#define LWIP_NETIF_STATUS_CALLBACK     0
#define LWIP_NETIF_LINK_CALLBACK       0
#define LWIP_NETIF_LOOPBACK	       0
#define LWIP_HAVE_LOOPIF	       0
/* Received frames are the driver's DMA buffers wrapped as custom pbufs. */
#define LWIP_SUPPORT_CUSTOM_PBUF 1
/* Checksum offload is decided per interface from the device's features. */
#define LWIP_CHECKSUM_CTRL_PER_NETIF 1
#define CHECKSUM_GEN_IP		     1
#define CHECKSUM_GEN_UDP	     1
#define CHECKSUM_GEN_TCP	     1
#define CHECKSUM_GEN_ICMP	     1
#define CHECKSUM_GEN_ICMP6	     1
#define CHECKSUM_CHECK_IP	     1
#define CHECKSUM_CHECK_UDP	     1
#define CHECKSUM_CHECK_TCP	     1
#define CHECKSUM_CHECK_ICMP	     1
#define CHECKSUM_CHECK_ICMP6	     1
/*
 * napkin's checksum loop (net/core/inet_csum.c) sums 32 bytes a round where lwIP's
 * portable one sums two: for a device that does not check receive checksums
 * it was the largest single cost of an echoed datagram (docs/PERFORMANCE.md).
 */
unsigned short inet_csum_native(const void *p, unsigned int len);
#define LWIP_CHKSUM(data, len) inet_csum_native((data), (unsigned int)(len))

/* ---- hooks ---- */

/* LWIP_HOOK_TCP_INPACKET_PCB: admission of new connections on the SYN. */
#define LWIP_HOOK_FILENAME "lwip_hooks.h"

/* ---- statistics and debugging ---- */

/* Counters for the shell (pool usage, drops); 32-bit so they do not wrap under load. */
#define LWIP_STATS	   1
#define LWIP_STATS_LARGE   1
#define LWIP_STATS_DISPLAY 1
#define LINK_STATS	   1
#define ETHARP_STATS	   1
#define IP_STATS	   1
#define IPFRAG_STATS	   1
#define ICMP_STATS	   1
#define UDP_STATS	   1
#define TCP_STATS	   1
#define MEM_STATS	   1
#define MEMP_STATS	   1
#define SYS_STATS	   0
#define IP6_STATS	   1
#define IP6_FRAG_STATS	   1
#define ICMP6_STATS	   1
#define MLD6_STATS	   1
#define ND6_STATS	   1
#define MIB2_STATS	   0

/* Debug output is compiled out; flip LWIP_DEBUG and a *_DEBUG to LWIP_DBG_ON when needed. */
#define LWIP_DBG_MIN_LEVEL LWIP_DBG_LEVEL_ALL
#define LWIP_DBG_TYPES_ON  LWIP_DBG_ON

#endif

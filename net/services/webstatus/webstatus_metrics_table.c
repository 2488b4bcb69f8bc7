// SPDX-License-Identifier: BSD-2-Clause
/*
 * Every metric /metrics serves, in the order it serves them. docs/METRICS.md
 * lists the same names with the /stats.json field each comes from; they are
 * an interface: a metric is added, never renamed or removed without saying
 * so there. Rows of one metric must follow each other (webstatus_metrics.h).
 */
#include "net/services/webstatus/webstatus_metrics.h"

#define ROW(sc, n, t, u, val, lbl, h)                                                  \
	{                                                                              \
		.name = n, .type = t, .help = h, .scope = sc, .unit = u, .value = val, \
		.label = lbl                                                           \
	}
/* A device's stack_rx rows: only for devices the stack drives. */
#define PART(n, t, val, h)                                                                   \
	{                                                                                    \
		.name = n, .type = t, .help = h, .scope = WM_DEV, .value = val, .part = true \
	}
#define CTR(sc, n, val, h)	    ROW(sc, n, "counter", WM_PLAIN, val, NULL, h)
#define GAUGE(sc, n, val, h)	    ROW(sc, n, "gauge", WM_PLAIN, val, NULL, h)
#define CTR_L(sc, n, val, lbl, h)   ROW(sc, n, "counter", WM_PLAIN, val, lbl, h)
#define GAUGE_L(sc, n, val, lbl, h) ROW(sc, n, "gauge", WM_PLAIN, val, lbl, h)
#define CUSTOM(n, t, fn, h)                                   \
	{                                                     \
		.name = n, .type = t, .help = h, .custom = fn \
	}

#define G  WM_GLOBAL
#define NA WM_NAPI
#define DV WM_DEV

const struct wm_row wm_rows[] = {
	CUSTOM("build_info", "gauge", wm_build_info,
	       "Always 1; labelled with the napkin release and the commit it was built from."),
	CUSTOM("boot_time_seconds", "gauge", wm_boot_time,
	       "When napkin booted, in Unix seconds, from the CMOS clock (absent without one)."),
	ROW(G, "uptime_seconds", "gauge", WM_NS_TO_S, G_UPTIME_NS, NULL,
	    "Seconds since boot when this scrape was built."),
	CTR(G, "log_records_total", G_LOG_NEXT, "Kernel log records written since boot."),

	/* softnet */
	CTR(G, "softnet_processed_total", G_SN_PROCESSED, "Frames handed to the network stack."),
	CTR(G, "softnet_dropped_total", G_SN_DROPPED,
	    "Frames dropped before the stack (ring empty, no stack, backlog full)."),
	CTR(G, "softnet_time_squeeze_total", G_SN_SQUEEZE,
	    "NET_RX rounds that stopped with work left."),
	CTR_L(G, "softnet_squeeze_causes_total", G_SN_BUDGET, "cause=\"budget\"",
	      "NET_RX rounds that stopped with work left, by what ran out (net.budget or "
	      "net.budget_usecs)."),
	CTR_L(G, "softnet_squeeze_causes_total", G_SN_TIME, "cause=\"time\"", NULL),
	CTR(G, "softnet_polls_total", G_SN_POLLS, "NAPI poll() calls."),
	CTR(G, "softnet_rounds_total", G_SN_ROUNDS, "NET_RX softirq rounds."),
	GAUGE(G, "softnet_backlog_frames", G_SN_BACKLOG_LEN, "Frames in the netdev backlog now."),
	CTR(G, "softnet_backlog_copied_total", G_SN_BACKLOG_COPIED,
	    "Backlog frames copied out of driver buffers."),
	CTR_L(G, "softnet_backlog_kept_total", G_SN_BACKLOG_NO_COPY, "reason=\"no_copy\"",
	      "Backlog frames kept in the driver's buffer, by why they were not copied."),
	CTR_L(G, "softnet_backlog_kept_total", G_SN_BACKLOG_TOO_BIG, "reason=\"too_big\"", NULL),
	CTR(G, "softnet_tx_gso_frames_total", G_SN_GSO_FRAMES,
	    "TCP super-segments handed to devices to cut (TSO)."),
	CTR(G, "softnet_tx_gso_segments_total", G_SN_GSO_SEGS,
	    "Segments those super-segments stood for."),
	CTR(G, "softnet_tx_gso_bytes_total", G_SN_GSO_BYTES, "Bytes of those super-segments."),
	CTR(G, "softnet_gro_merged_total", G_GRO_MERGED, "Frames GRO merged behind others."),
	CTR(G, "softnet_gro_delivered_total", G_GRO_DELIVERED, "Frames GRO handed up."),
	CTR(G, "softnet_gro_large_total", G_GRO_LARGE,
	    "Frames GRO handed up made of several wire frames."),
	CTR(G, "softnet_gro_evicted_total", G_GRO_EVICTED, "GRO flows pushed out early."),
	GAUGE(G, "softnet_gro_enabled", G_GRO_ON, "1 when net.gro is on."),
	GAUGE_L(G, "napi_mode", G_MODE_NAPI, "mode=\"napi\"",
		"1 for the napi.mode in force, 0 for the others."),
	GAUGE_L(G, "napi_mode", G_MODE_IRQ, "mode=\"irq\"", NULL),
	GAUGE_L(G, "napi_mode", G_MODE_BUSYPOLL, "mode=\"busypoll\"", NULL),

	/* NAPI instances */
	GAUGE(NA, "napi_weight", N_WEIGHT, "The instance's poll weight."),
	GAUGE_L(NA, "napi_state", N_IDLE, "state=\"idle\"",
		"1 for the instance's state now, 0 for the others."),
	GAUGE_L(NA, "napi_state", N_SCHEDULED, "state=\"scheduled\"", NULL),
	GAUGE_L(NA, "napi_state", N_POLLING, "state=\"polling\"", NULL),
	GAUGE_L(NA, "napi_state", N_DISABLED, "state=\"disabled\"", NULL),
	GAUGE_L(NA, "napi_state", N_NETPOLL, "state=\"netpoll\"", NULL),
	CTR(NA, "napi_polls_total", N_POLLS, "poll() calls."),
	CTR(NA, "napi_packets_total", N_PACKETS, "Work poll() reported, after clamping."),
	CTR(NA, "napi_full_polls_total", N_FULL_POLLS, "Polls that used their whole weight."),
	CTR(NA, "napi_completions_total", N_COMPLETIONS, "Completions (interrupts unmasked)."),
	CTR(NA, "napi_interrupts_total", N_INTERRUPTS, "Interrupts that scheduled the instance."),
	CTR(NA, "napi_over_budget_total", N_OVER_BUDGET, "Polls that reported more than weight."),
	CTR(NA, "napi_missed_total", N_MISSED, "Schedules that came during a poll."),
	CTR(NA, "napi_netpoll_skips_total", N_NETPOLL_SKIPS, "Rounds skipped for netpoll."),
	CTR(NA, "napi_irq_deferred_total", N_IRQ_DEFERRED, "irq-mode polls left to the softirq."),
	CTR(NA, "napi_defers_total", N_DEFERS,
	    "Completions that kept the interrupt masked for a timer re-poll."),
	CTR(NA, "napi_rx_bytes_total", N_RX_BYTES, "Bytes of the frames the polls handed up."),

	/* devices */
	ROW(DV, "net_info", "gauge", WM_INFO, 0, NULL,
	    "Always 1; labelled with the device's interface index and MAC address."),
	GAUGE(DV, "net_up", D_UP, "1 when the device is up (IFF_UP)."),
	GAUGE(DV, "net_carrier", D_LINK, "1 when the link is up (LOWER_UP)."),
	GAUGE(DV, "net_mtu_bytes", D_MTU, "The device's MTU."),
	ROW(DV, "net_speed_bytes", "gauge", WM_MBPS_TO_BPS, D_SPEED_MBPS, NULL,
	    "Link speed in bytes per second (0: unknown)."),
	GAUGE(DV, "net_full_duplex", D_FULL_DUPLEX, "1 when the link is full duplex."),
	CUSTOM("net_inet_info", "gauge", wm_inet,
	       "Always 1; the device's IPv4 address, netmask and gateway as labels."),
	CUSTOM("net_inet6_info", "gauge", wm_inet6,
	       "Always 1; one of the device's IPv6 addresses and its state as labels."),
	CTR(DV, "net_rx_packets_total", D_RX_PACKETS, "Frames received."),
	CTR(DV, "net_rx_bytes_total", D_RX_BYTES, "Bytes received."),
	CTR(DV, "net_rx_errors_total", D_RX_ERRORS, "Receive errors."),
	CTR(DV, "net_rx_dropped_total", D_RX_DROPPED, "Received frames dropped."),
	CTR(DV, "net_rx_missed_errors_total", D_RX_MISSED, "Frames the device missed."),
	CTR(DV, "net_rx_length_errors_total", D_RX_LENGTH, "Frames of a wrong length."),
	CTR(DV, "net_rx_crc_errors_total", D_RX_CRC, "Frames with a bad CRC."),
	CTR(DV, "net_rx_csum_errors_total", D_RX_CSUM, "Frames the device found bad checksums in."),
	CTR(DV, "net_rx_multicast_packets_total", D_MULTICAST, "Multicast frames received."),
	CTR(DV, "net_tx_packets_total", D_TX_PACKETS, "Frames sent."),
	CTR(DV, "net_tx_bytes_total", D_TX_BYTES, "Bytes sent."),
	CTR(DV, "net_tx_errors_total", D_TX_ERRORS, "Transmit errors."),
	CTR(DV, "net_tx_dropped_total", D_TX_DROPPED, "Frames dropped on the way out."),
	CTR(DV, "net_tx_carrier_errors_total", D_TX_CARRIER, "Transmit carrier errors."),
	CTR(DV, "net_collisions_total", D_COLLISIONS, "Collisions."),
	CTR(DV, "net_carrier_changes_total", D_CARRIER_CHANGES, "Link state changes."),
	CTR(DV, "net_tx_queue_stops_total", D_TX_QUEUE_STOPS, "Transmit queue stops."),
	CTR(DV, "net_tx_busy_total", D_TX_BUSY, "Transmits refused on a stopped queue."),
	CUSTOM("net_driver_stat", "untyped", wm_driver_stats,
	       "The driver's own counters (ethtool -S), by name; per-queue ones with a queue "
	       "label."),
	PART("net_stack_rx_frames_total", "counter", D_STACK_FRAMES,
	     "Frames the stack took in the driver's buffers."),
	PART("net_stack_rx_copied_total", "counter", D_STACK_COPIED,
	     "Frames the stack copied out of the driver's buffers."),
	PART("net_stack_rx_dropped_total", "counter", D_STACK_DROPPED,
	     "Frames dropped at the hand-off to the stack."),
	PART("net_stack_rx_csum_trusted_total", "counter", D_STACK_CSUM,
	     "Frames whose checksums the stack trusted from the hardware."),
	PART("net_stack_rx_held_frames", "gauge", D_STACK_HELD,
	     "Driver frames the stack holds now."),

	/* interrupts */
	ROW(WM_IRQ, "irq_info", "gauge", WM_INFO, 0, NULL,
	    "Always 1; labelled with how the vector is delivered (MSI-X, MSI, IO-APIC ...)."),
	CTR(WM_IRQ, "irq_delivered_total", I_DELIVERED, "Interrupts delivered on the vector."),
	CTR(WM_IRQ, "irq_spurious_total", I_SPURIOUS, "Spurious interrupts on the vector."),
	CTR(WM_IRQ, "irq_unhandled_total", I_UNHANDLED, "Interrupts no handler claimed."),
	GAUGE(WM_IRQ, "irq_disabled", I_DISABLED, "1 when the vector is disabled."),
	CTR_L(G, "kernel_interrupts_total", G_IRQ_TIMER, "kind=\"timer\"",
	      "Interrupts the kernel handles itself: local timer, spurious, stray PIC."),
	CTR_L(G, "kernel_interrupts_total", G_IRQ_SPURIOUS, "kind=\"spurious\"", NULL),
	CTR_L(G, "kernel_interrupts_total", G_IRQ_PIC_STRAY, "kind=\"pic_stray\"", NULL),

	/* memory */
	ROW(G, "memory_total_bytes", "gauge", WM_KIB_TO_BYTES, G_PAGES_TOTAL_KIB, NULL,
	    "Usable RAM."),
	ROW(G, "memory_free_bytes", "gauge", WM_KIB_TO_BYTES, G_PAGES_FREE_KIB, NULL, "Free RAM."),
	ROW(G, "memory_used_bytes", "gauge", WM_KIB_TO_BYTES, G_PAGES_USED_KIB, NULL,
	    "RAM handed out by the page allocator."),
	ROW(G, "memory_used_max_bytes", "gauge", WM_KIB_TO_BYTES, G_PAGES_HWM_KIB, NULL,
	    "Most RAM ever handed out at once."),
	ROW(G, "memory_reserved_bytes", "gauge", WM_KIB_TO_BYTES, G_PAGES_RESERVED_KIB, NULL,
	    "RAM reserved after boot."),
	CTR(G, "page_allocs_total", G_PAGES_ALLOCS, "Page allocations."),
	CTR(G, "page_frees_total", G_PAGES_FREES, "Page frees."),
	CTR(G, "page_alloc_failures_total", G_PAGES_FAILED, "Page allocations that failed."),
	CTR(G, "page_bad_frees_total", G_PAGES_BAD_FREES, "Frees of pages not handed out."),
	GAUGE(G, "heap_in_use_bytes", G_HEAP_BYTES, "Kernel heap bytes in use."),
	GAUGE(G, "heap_in_use_max_bytes", G_HEAP_BYTES_HWM, "Most kernel heap bytes ever in use."),
	GAUGE(G, "heap_pages", G_HEAP_PAGES, "Pages the kernel heap holds."),
	GAUGE(G, "heap_pages_max", G_HEAP_PAGES_HWM, "Most pages the kernel heap ever held."),
	CTR(G, "heap_allocs_total", G_HEAP_ALLOCS, "Kernel heap allocations."),
	CTR(G, "heap_frees_total", G_HEAP_FREES, "Kernel heap frees."),
	CTR(G, "heap_alloc_failures_total", G_HEAP_FAILED, "Kernel heap allocations that failed."),
	GAUGE(WM_POOL, "lwip_pool_used", P_USED, "Pool entries in use (bytes for the heap)."),
	GAUGE(WM_POOL, "lwip_pool_used_max", P_USED_HWM, "Most pool entries ever in use."),
	GAUGE(WM_POOL, "lwip_pool_size", P_AVAIL,
	      "What lwIP counts as available in the pool (bytes for the heap; 0 for pools on it)."),
	CTR(WM_POOL, "lwip_pool_failures_total", P_FAILED, "Allocations the pool refused."),
	CTR_L(G, "lwip_heap_refusals_total", G_NET_HEAP_OVER_BUDGET, "cause=\"over_budget\"",
	      "The stack's heap refusals, by cause."),
	CTR_L(G, "lwip_heap_refusals_total", G_NET_HEAP_NO_MEMORY, "cause=\"no_memory\"", NULL),

	/* TCP */
	GAUGE(G, "tcp_connections", G_TCP_CONNS, "TCP connections now."),
	GAUGE(G, "tcp_connections_max_seen", G_TCP_CONNS_HWM, "Most TCP connections ever."),
	GAUGE(G, "tcp_connections_limit", G_TCP_CONNS_MAX, "The machine's TCP connection limit."),
	GAUGE(G, "tcp_timewait_connections", G_TCP_TIMEWAIT, "TCP connections in TIME_WAIT now."),
	GAUGE(G, "tcp_half_open_limit", G_TCP_HALF_OPEN_MAX,
	      "Half-open connections allowed per port."),
	CTR(G, "tcp_syns_total", G_TCP_SYNS, "SYNs to a listening port."),
	CTR_L(G, "tcp_syns_dropped_total", G_TCP_SYNS_MACHINE, "reason=\"machine_full\"",
	      "SYNs admission dropped, by reason."),
	CTR_L(G, "tcp_syns_dropped_total", G_TCP_SYNS_SERVICE, "reason=\"service_full\"", NULL),
	CTR_L(G, "tcp_syns_dropped_total", G_TCP_SYNS_HALF_OPEN, "reason=\"half_open_full\"", NULL),
	CTR(G, "tcp_timewait_recycled_total", G_TCP_TIMEWAIT_RECYCLED,
	    "TIME_WAIT connections recycled for a new one."),
	CTR(G, "tcp_half_open_recycled_total", G_TCP_HALF_OPEN_RECYCLED,
	    "Half-open connections recycled for a new one."),
	CTR(G, "tcp_persist_stopped_empty_total", G_TCP_PERSIST_STOPPED,
	    "Persist timers stopped with nothing left to send."),
	CTR(G, "tcp_mss_options_ignored_total", G_TCP_MSS_IGNORED,
	    "MSS options blanked outside the handshake."),
	CTR(G, "tcp_tiny_opening_windows_total", G_TCP_TINY_WINDOW,
	    "Connections whose peer opened with a window under 2 bytes."),
	GAUGE(WM_TCP_SERVICE, "tcp_service_connections", T_ACTIVE,
	      "A listening TCP service's connections now."),
	GAUGE(WM_TCP_SERVICE, "tcp_service_connections_max_seen", T_ACTIVE_HWM,
	      "Most connections the service ever had."),
	GAUGE(WM_TCP_SERVICE, "tcp_service_connections_limit", T_LIMIT,
	      "The service's connection limit."),
	CTR(WM_TCP_SERVICE, "tcp_service_refused_total", T_REFUSED,
	    "SYNs dropped because the service was at its limit."),

	/* the stack's input and IP reassembly */
	CTR(G, "stack_input_frames_total", G_INPUT_FRAMES, "Frames the stack took in."),
	ROW(G, "stack_input_seconds_total", "counter", WM_NS_TO_S, G_INPUT_NS, NULL,
	    "Time the stack spent on its input."),
	CTR_L(G, "ip_fragments_total", G_IP4_FRAGS, "family=\"ipv4\"", "IP fragments received."),
	CTR_L(G, "ip_fragments_total", G_IP6_FRAGS, "family=\"ipv6\"", NULL),
	CTR_L(G, "ip_fragments_refused_total", G_IP4_REFUSED, "family=\"ipv4\"",
	      "IP fragments refused on arrival (duplicate, overlap, no room)."),
	CTR_L(G, "ip_fragments_refused_total", G_IP6_REFUSED, "family=\"ipv6\"", NULL),
	CTR(G, "ipv6_reassembly_holes_dropped_total", G_IP6_HOLES,
	    "IPv6 datagrams made whole with a hole or bytes past their end, dropped."),

	/* services */
	CTR(WM_SERVICE, "service_connections_total", S_CONNECTIONS, "TCP connections accepted."),
	CTR(WM_SERVICE, "service_refused_total", S_REFUSED,
	    "TCP connections reset after the handshake for want of memory."),
	CTR(WM_SERVICE, "service_datagrams_total", S_DATAGRAMS, "UDP datagrams received."),
	CTR(WM_SERVICE, "service_received_bytes_total", S_RX_BYTES, "Bytes received."),
	CTR(WM_SERVICE, "service_sent_bytes_total", S_TX_BYTES, "Bytes sent."),
	CTR(WM_SERVICE, "service_errors_total", S_ERRORS, "Failed sends and dead connections."),

	/* PCI */
	ROW(WM_PCI, "pci_device_info", "gauge", WM_INFO, 0, NULL,
	    "Always 1; a PCI function's ids, interrupt mode and driver as labels."),

	/* the status page itself */
	GAUGE(G, "webstatus_port", G_WS_PORT, "TCP port of the status page and /metrics."),
	GAUGE(G, "webstatus_connections_limit", G_WS_MAX_CONNS, "webstatus.conns."),
	CTR(G, "webstatus_connections_total", G_WS_CONNECTIONS, "Connections accepted."),
	CTR(G, "webstatus_refused_total", G_WS_REFUSED, "Connections turned away."),
	CTR(G, "webstatus_forbidden_total", G_WS_FORBIDDEN,
	    "Connections reset: the client is not in webstatus.allow."),
	CTR(G, "webstatus_requests_total", G_WS_REQUESTS, "Whole requests parsed."),
	CTR_L(G, "webstatus_responses_total", G_WS_OK, "code=\"200\"", "Answers by status code."),
	CTR_L(G, "webstatus_responses_total", G_WS_BAD_REQUESTS, "code=\"400\"", NULL),
	CTR_L(G, "webstatus_responses_total", G_WS_NOT_FOUND, "code=\"404\"", NULL),
	CTR_L(G, "webstatus_responses_total", G_WS_BAD_METHODS, "code=\"405\"", NULL),
	CTR_L(G, "webstatus_responses_total", G_WS_TOO_LARGE, "code=\"431\"", NULL),
	CTR_L(G, "webstatus_responses_total", G_WS_NO_MEMORY, "code=\"503\"", NULL),
	CTR(G, "webstatus_header_timeouts_total", G_WS_HEADER_TIMEOUTS,
	    "Requests begun and not finished in time."),
	CTR(G, "webstatus_idle_closes_total", G_WS_IDLE_CLOSES,
	    "Kept-alive connections closed for silence."),
	CTR(G, "webstatus_send_timeouts_total", G_WS_SEND_TIMEOUTS,
	    "Answers reset because the peer stopped reading."),
	CTR(G, "webstatus_truncated_total", G_WS_TRUNCATED,
	    "JSON answers cut at their buffer, /metrics lines too long to send."),
	CTR(G, "webstatus_errors_total", G_WS_ERRORS,
	    "Connections lwIP reported dead, failed writes."),
	CTR(G, "webstatus_overflows_total", G_WS_OVERFLOWS, "Received bytes dropped."),
	CTR(G, "webstatus_deferred_total", G_WS_DEFERRED,
	    "Times a whole request waited for a later loop round."),
	ROW(G, "webstatus_build_seconds_max", "gauge", WM_NS_TO_S, G_WS_BUILD_NS_MAX, NULL,
	    "Longest time building one JSON answer or one /metrics chunk."),
	CTR(G, "webstatus_received_bytes_total", G_WS_RX_BYTES, "Bytes received."),
	CTR(G, "webstatus_sent_bytes_total", G_WS_TX_BYTES, "Bytes sent."),
	GAUGE(G, "webstatus_connections", G_WS_ACTIVE, "Connections open now."),
	GAUGE(G, "webstatus_connections_max_seen", G_WS_ACTIVE_HWM, "Most connections ever open."),
};

const unsigned int wm_nr_rows = ARRAY_SIZE(wm_rows);

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to /metrics (docs/METRICS.md): the table of metrics
 * (webstatus_metrics_table.c), the snapshots of the objects they describe
 * (webstatus_metrics_snap.c) and the writer that walks them a line at a time
 * (webstatus_metrics.c).
 *
 * A row of the table is one metric, or one constant-labelled part of one
 * (napkin_tcp_syns_dropped_total{reason="machine_full"}); rows of one metric
 * follow each other, so its samples come out together under one # HELP and
 * # TYPE, as the text format wants. A row of an object scope has one sample
 * per object (device, NAPI instance, vector, ...), labelled with the object's
 * identity; its value is one of the numbers the scope's snapshot holds.
 */
#ifndef NAPKIN_NET_SERVICES_WEBSTATUS_METRICS_H
#define NAPKIN_NET_SERVICES_WEBSTATUS_METRICS_H

#include "kernel/core/compiler.h"
#include "net/core/netdev_stack.h"
#include "net/services/webstatus/webstatus.h"

enum wm_scope {
	WM_GLOBAL,	/* one sample */
	WM_NAPI,	/* per NAPI instance: napi, dev */
	WM_DEV,		/* per device: dev */
	WM_IRQ,		/* per listed vector: vector, owner */
	WM_POOL,	/* per lwIP memory pool: pool */
	WM_TCP_SERVICE, /* per listening TCP service: service, port */
	WM_SERVICE,	/* per service's traffic counters: service */
	WM_PCI,		/* per PCI function: bdf */
	WM_SCOPES,
};

enum wm_unit {
	WM_PLAIN,	 /* the number as it is */
	WM_NS_TO_S,	 /* nanoseconds, shown as seconds */
	WM_KIB_TO_BYTES, /* KiB, shown as bytes */
	WM_MBPS_TO_BPS,	 /* Mbit/s, shown as bytes per second */
	WM_INFO,	 /* value 1, with the object's descriptive labels added */
};

/* Values of the global snapshot, by index. */
enum wm_global {
	G_UPTIME_NS,
	G_LOG_NEXT,
	G_SN_PROCESSED,
	G_SN_DROPPED,
	G_SN_SQUEEZE,
	G_SN_BUDGET,
	G_SN_TIME,
	G_SN_POLLS,
	G_SN_ROUNDS,
	G_SN_BACKLOG_LEN,
	G_SN_BACKLOG_COPIED,
	G_SN_BACKLOG_NO_COPY,
	G_SN_BACKLOG_TOO_BIG,
	G_SN_GSO_FRAMES,
	G_SN_GSO_SEGS,
	G_SN_GSO_BYTES,
	G_GRO_MERGED,
	G_GRO_DELIVERED,
	G_GRO_LARGE,
	G_GRO_EVICTED,
	G_GRO_ON,
	G_MODE_NAPI,
	G_MODE_IRQ,
	G_MODE_BUSYPOLL,
	G_IRQ_TIMER,
	G_IRQ_SPURIOUS,
	G_IRQ_PIC_STRAY,
	G_PAGES_TOTAL_KIB,
	G_PAGES_FREE_KIB,
	G_PAGES_USED_KIB,
	G_PAGES_HWM_KIB,
	G_PAGES_RESERVED_KIB,
	G_PAGES_ALLOCS,
	G_PAGES_FREES,
	G_PAGES_FAILED,
	G_PAGES_BAD_FREES,
	G_HEAP_BYTES,
	G_HEAP_BYTES_HWM,
	G_HEAP_PAGES,
	G_HEAP_PAGES_HWM,
	G_HEAP_ALLOCS,
	G_HEAP_FREES,
	G_HEAP_FAILED,
	G_NET_HEAP_OVER_BUDGET,
	G_NET_HEAP_NO_MEMORY,
	G_TCP_CONNS,
	G_TCP_CONNS_HWM,
	G_TCP_CONNS_MAX,
	G_TCP_TIMEWAIT,
	G_TCP_HALF_OPEN_MAX,
	G_TCP_SYNS,
	G_TCP_SYNS_MACHINE,
	G_TCP_SYNS_SERVICE,
	G_TCP_SYNS_HALF_OPEN,
	G_TCP_TIMEWAIT_RECYCLED,
	G_TCP_HALF_OPEN_RECYCLED,
	G_TCP_PERSIST_STOPPED,
	G_TCP_MSS_IGNORED,
	G_TCP_TINY_WINDOW,
	G_INPUT_FRAMES,
	G_INPUT_NS,
	G_IP4_FRAGS,
	G_IP4_REFUSED,
	G_IP6_FRAGS,
	G_IP6_REFUSED,
	G_IP6_HOLES,
	G_WS_PORT,
	G_WS_MAX_CONNS,
	G_WS_CONNECTIONS,
	G_WS_REFUSED,
	G_WS_FORBIDDEN,
	G_WS_REQUESTS,
	G_WS_OK,
	G_WS_NOT_FOUND,
	G_WS_BAD_REQUESTS,
	G_WS_BAD_METHODS,
	G_WS_TOO_LARGE,
	G_WS_NO_MEMORY,
	G_WS_HEADER_TIMEOUTS,
	G_WS_IDLE_CLOSES,
	G_WS_SEND_TIMEOUTS,
	G_WS_TRUNCATED,
	G_WS_ERRORS,
	G_WS_OVERFLOWS,
	G_WS_DEFERRED,
	G_WS_BUILD_NS_MAX,
	G_WS_RX_BYTES,
	G_WS_TX_BYTES,
	G_WS_ACTIVE,
	G_WS_ACTIVE_HWM,
	G_COUNT,
};

enum wm_napi {
	N_WEIGHT,
	N_IDLE,
	N_SCHEDULED,
	N_POLLING,
	N_DISABLED,
	N_NETPOLL,
	N_POLLS,
	N_PACKETS,
	N_FULL_POLLS,
	N_COMPLETIONS,
	N_INTERRUPTS,
	N_OVER_BUDGET,
	N_MISSED,
	N_NETPOLL_SKIPS,
	N_IRQ_DEFERRED,
	N_DEFERS,
	N_RX_BYTES,
};

enum wm_dev {
	D_UP,
	D_LINK,
	D_MTU,
	D_SPEED_MBPS,
	D_FULL_DUPLEX,
	D_RX_PACKETS,
	D_RX_BYTES,
	D_RX_ERRORS,
	D_RX_DROPPED,
	D_RX_MISSED,
	D_RX_LENGTH,
	D_RX_CRC,
	D_RX_CSUM,
	D_MULTICAST,
	D_TX_PACKETS,
	D_TX_BYTES,
	D_TX_ERRORS,
	D_TX_DROPPED,
	D_TX_CARRIER,
	D_COLLISIONS,
	D_CARRIER_CHANGES,
	D_TX_QUEUE_STOPS,
	D_TX_BUSY,
	D_STACK_FRAMES, /* the stack_rx values exist only where the stack drives the device */
	D_STACK_COPIED,
	D_STACK_DROPPED,
	D_STACK_CSUM,
	D_STACK_HELD,
};

enum wm_irq { I_DELIVERED, I_SPURIOUS, I_UNHANDLED, I_DISABLED };
enum wm_pool { P_USED, P_USED_HWM, P_AVAIL, P_FAILED };
enum wm_tcp_service { T_ACTIVE, T_ACTIVE_HWM, T_LIMIT, T_REFUSED };
enum wm_service { S_CONNECTIONS, S_REFUSED, S_DATAGRAMS, S_RX_BYTES, S_TX_BYTES, S_ERRORS };

#define WM_VALUES_MAX G_COUNT
#define WM_LABELS_MAX 160
#define WM_INFO_MAX   256

/* One object as a scope's snapshot reads it. */
struct wm_obj {
	char labels[WM_LABELS_MAX]; /* its identity: name="value",... */
	char info[WM_INFO_MAX];	    /* descriptive labels for its _info row */
	bool has_part;		    /* rows marked part apply (a device's stack_rx) */
	u64 v[WM_VALUES_MAX];
};

/* Fill *o for object idx of scope; -1 past the last one. */
int wm_snapshot(enum wm_scope scope, u32 idx, struct wm_obj *o);

struct net_device;
/* The device netdev_for_each() visits idx-th, or NULL. */
struct net_device *wm_dev_at(u32 idx);

/* Append `,name="value"` (no comma when dst is empty), the value escaped for the format. */
void wm_label(char *dst, size_t cap, const char *name, const char *value);

struct wm_row;
/*
 * A row whose samples are not one per object: writes the sample cur->obj,
 * cur->sub points at, and moves them on; false once there are no more.
 */
typedef bool (*wm_custom_fn)(struct ws_metrics_cursor *cur, struct ws_buf *b,
			     const struct wm_row *row);

struct wm_row {
	const char *name;  /* after "napkin_" */
	const char *type;  /* counter, gauge, untyped */
	const char *help;  /* the first row of a metric's carries it */
	u8 scope;	   /* enum wm_scope */
	u8 unit;	   /* enum wm_unit */
	bool part;	   /* only for objects with has_part */
	u16 value;	   /* index into wm_obj.v */
	const char *label; /* constant label pair of this row, or NULL */
	wm_custom_fn custom;
};

extern const struct wm_row wm_rows[];
extern const unsigned int wm_nr_rows;

/* The custom rows (webstatus_metrics.c). */
bool wm_build_info(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row);
bool wm_boot_time(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row);
bool wm_inet(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row);
bool wm_inet6(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row);
bool wm_driver_stats(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row);

#endif

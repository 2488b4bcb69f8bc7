// SPDX-License-Identifier: BSD-2-Clause
/*
 * The numbers /metrics shows, read from the same collectors /stats.json and
 * the shell read (webstatus_json.c lists them), one object at a time: the
 * writer asks for object idx of a scope whenever it writes one of its lines,
 * so a scrape holds no list of the machine's objects, however many it has.
 */
#include <stdio.h>
#include <string.h>
#include "kernel/console/log.h"
#include "kernel/core/time.h"
#include "kernel/mm/heap.h"
#include "kernel/mm/pmm.h"
#include "kernel/pci/pci.h"
#include "kernel/x86/irq.h"
#include "kernel/x86/trap.h"
#include "net/core/napi.h"
#include "net/shell/net_stats.h"
#include "net/core/netdev_stack.h"
#include "net/services/services.h"
#include "net/services/webstatus/webstatus_metrics.h"

void wm_label(char *dst, size_t cap, const char *name, const char *value)
{
	size_t start = strlen(dst), n = start;
	int w = snprintf(dst + n, cap - n, "%s%s=\"", n ? "," : "", name);

	if (w < 0 || (size_t)w >= cap - n)
		goto full;
	n += (size_t)w;
	for (const char *s = value; *s; s++) {
		/* The text format escapes exactly these three in label values. */
		const char *esc = *s == '\\'   ? "\\\\"
				  : *s == '"'  ? "\\\""
				  : *s == '\n' ? "\\n"
					       : NULL;
		size_t len = esc ? 2 : 1;

		if (n + len + 2 > cap)
			goto full;
		memcpy(dst + n, esc ? esc : s, len);
		n += len;
	}
	memcpy(dst + n, "\"", 2);
	return;
full:
	/* Names are short; a label that does not fit is left out whole, never cut. */
	dst[start] = '\0';
}

static void snap_global(struct wm_obj *o)
{
	struct softnet_snapshot s;
	struct pmm_stats p;
	struct heap_stats h;
	struct net_stack_stat st;
	const struct webstatus_stats *w = &webstatus_stats;
	enum napi_mode mode = napi_get_mode();
	u64 *v = o->v;

	softnet_snapshot(&s);
	pmm_get_stats(&p);
	heap_get_stats(&h);
	net_stack_stat(&st);
	v[G_UPTIME_NS] = ktime_get_ns();
	v[G_LOG_NEXT] = log_next_seq();
	v[G_SN_PROCESSED] = s.sn.processed;
	v[G_SN_DROPPED] = s.sn.dropped;
	v[G_SN_SQUEEZE] = s.sn.time_squeeze;
	v[G_SN_BUDGET] = s.sn.budget_exhausted;
	v[G_SN_TIME] = s.sn.time_exhausted;
	v[G_SN_POLLS] = s.sn.polls;
	v[G_SN_ROUNDS] = s.sn.rounds;
	v[G_SN_BACKLOG_LEN] = s.backlog_len;
	v[G_SN_BACKLOG_COPIED] = s.copy.copied;
	v[G_SN_BACKLOG_NO_COPY] = s.copy.pool_empty;
	v[G_SN_BACKLOG_TOO_BIG] = s.copy.too_big;
	v[G_SN_GSO_FRAMES] = s.sn.tx_gso_frames;
	v[G_SN_GSO_SEGS] = s.sn.tx_gso_segs;
	v[G_SN_GSO_BYTES] = s.sn.tx_gso_bytes;
	v[G_GRO_MERGED] = s.gro.merged;
	v[G_GRO_DELIVERED] = s.gro.delivered;
	v[G_GRO_LARGE] = s.gro.large;
	v[G_GRO_EVICTED] = s.gro.evicted;
	v[G_GRO_ON] = s.gro_on;
	v[G_MODE_NAPI] = mode == NAPI_MODE_NAPI;
	v[G_MODE_IRQ] = mode == NAPI_MODE_IRQ;
	v[G_MODE_BUSYPOLL] = mode == NAPI_MODE_BUSYPOLL;
	v[G_IRQ_TIMER] = kernel_vector_counts.timer;
	v[G_IRQ_SPURIOUS] = kernel_vector_counts.spurious;
	v[G_IRQ_PIC_STRAY] = kernel_vector_counts.pic_stray;
	v[G_PAGES_TOTAL_KIB] = p.total_pages * 4;
	v[G_PAGES_FREE_KIB] = p.free_pages * 4;
	v[G_PAGES_USED_KIB] = p.used_pages * 4;
	v[G_PAGES_HWM_KIB] = p.used_hwm_pages * 4;
	v[G_PAGES_RESERVED_KIB] = p.reserved_pages * 4;
	v[G_PAGES_ALLOCS] = p.allocs;
	v[G_PAGES_FREES] = p.frees;
	v[G_PAGES_FAILED] = p.failed_allocs;
	v[G_PAGES_BAD_FREES] = p.bad_frees;
	v[G_HEAP_BYTES] = h.bytes_in_use;
	v[G_HEAP_BYTES_HWM] = h.bytes_hwm;
	v[G_HEAP_PAGES] = h.pages_in_use;
	v[G_HEAP_PAGES_HWM] = h.pages_hwm;
	v[G_HEAP_ALLOCS] = h.allocs;
	v[G_HEAP_FREES] = h.frees;
	v[G_HEAP_FAILED] = h.failed;
	v[G_NET_HEAP_OVER_BUDGET] = st.heap_over_budget;
	v[G_NET_HEAP_NO_MEMORY] = st.heap_no_memory;
	v[G_TCP_CONNS] = st.tcp_conns;
	v[G_TCP_CONNS_HWM] = st.tcp_conns_hwm;
	v[G_TCP_CONNS_MAX] = st.tcp_conns_max;
	v[G_TCP_TIMEWAIT] = st.tcp_timewait;
	v[G_TCP_HALF_OPEN_MAX] = st.tcp_half_open_max;
	v[G_TCP_SYNS] = st.syns_seen;
	v[G_TCP_SYNS_MACHINE] = st.syns_dropped_machine;
	v[G_TCP_SYNS_SERVICE] = st.syns_dropped_service;
	v[G_TCP_SYNS_HALF_OPEN] = st.syns_dropped_half_open;
	v[G_TCP_TIMEWAIT_RECYCLED] = st.timewait_recycled;
	v[G_TCP_HALF_OPEN_RECYCLED] = st.half_open_recycled;
	v[G_TCP_PERSIST_STOPPED] = st.tcp_persist_stopped;
	v[G_TCP_MSS_IGNORED] = st.tcp_mss_ignored;
	v[G_TCP_TINY_WINDOW] = st.tcp_tiny_window;
	v[G_INPUT_FRAMES] = st.input_frames;
	v[G_INPUT_NS] = st.input_ns;
	v[G_IP4_FRAGS] = st.ip4_fragments;
	v[G_IP4_REFUSED] = st.ip4_fragments_refused;
	v[G_IP6_FRAGS] = st.ip6_fragments;
	v[G_IP6_REFUSED] = st.ip6_fragments_refused;
	v[G_IP6_HOLES] = st.ip6_reass_bad;
	v[G_WS_PORT] = webstatus_config.port;
	v[G_WS_MAX_CONNS] = webstatus_config.max_conns;
	v[G_WS_CONNECTIONS] = w->connections;
	v[G_WS_REFUSED] = w->refused;
	v[G_WS_FORBIDDEN] = w->forbidden;
	v[G_WS_REQUESTS] = w->requests;
	v[G_WS_OK] = w->ok;
	v[G_WS_NOT_FOUND] = w->not_found;
	v[G_WS_BAD_REQUESTS] = w->bad_requests;
	v[G_WS_BAD_METHODS] = w->bad_methods;
	v[G_WS_TOO_LARGE] = w->too_large;
	v[G_WS_NO_MEMORY] = w->no_memory;
	v[G_WS_HEADER_TIMEOUTS] = w->header_timeouts;
	v[G_WS_IDLE_CLOSES] = w->idle_closes;
	v[G_WS_SEND_TIMEOUTS] = w->send_timeouts;
	v[G_WS_TRUNCATED] = w->truncated;
	v[G_WS_ERRORS] = w->errors;
	v[G_WS_OVERFLOWS] = w->overflows;
	v[G_WS_DEFERRED] = w->deferred;
	v[G_WS_BUILD_NS_MAX] = w->build_ns_max;
	v[G_WS_RX_BYTES] = w->rx_bytes;
	v[G_WS_TX_BYTES] = w->tx_bytes;
	v[G_WS_ACTIVE] = w->active;
	v[G_WS_ACTIVE_HWM] = w->active_hwm;
}

/* napi_for_each() and netdev_for_each() walk lists: find entry idx by counting. */
struct wm_find {
	u32 left;
	void *found;
};

static int find_napi(struct napi_struct *n, void *ctx)
{
	struct wm_find *f = ctx;

	if (f->left--)
		return 0;
	f->found = n;
	return 1;
}

static int find_dev(struct net_device *dev, void *ctx)
{
	struct wm_find *f = ctx;

	if (f->left--)
		return 0;
	f->found = dev;
	return 1;
}

struct net_device *wm_dev_at(u32 idx)
{
	struct wm_find f = { .left = idx };

	netdev_for_each(find_dev, &f);
	return f.found;
}

static int snap_napi(u32 idx, struct wm_obj *o)
{
	struct wm_find f = { .left = idx };
	const struct napi_struct *n;
	const struct napi_stats *st;
	const char *state;

	napi_for_each(find_napi, &f);
	n = f.found;
	if (!n)
		return -1;
	st = &n->stats;
	state = napi_state_name(n->state);
	wm_label(o->labels, sizeof(o->labels), "napi", n->name ? n->name : "?");
	wm_label(o->labels, sizeof(o->labels), "dev", n->dev ? n->dev->name : "-");
	o->v[N_WEIGHT] = (u64)n->weight;
	o->v[N_IDLE] = !strcmp(state, "idle");
	o->v[N_SCHEDULED] = !strcmp(state, "scheduled");
	o->v[N_POLLING] = !strcmp(state, "polling");
	o->v[N_DISABLED] = !strcmp(state, "disabled");
	o->v[N_NETPOLL] = !strcmp(state, "netpoll");
	o->v[N_POLLS] = st->polls;
	o->v[N_PACKETS] = st->packets;
	o->v[N_FULL_POLLS] = st->full_polls;
	o->v[N_COMPLETIONS] = st->completions;
	o->v[N_INTERRUPTS] = st->irq_schedules;
	o->v[N_OVER_BUDGET] = st->over_budget;
	o->v[N_MISSED] = st->missed;
	o->v[N_NETPOLL_SKIPS] = st->npsvc_skips;
	o->v[N_IRQ_DEFERRED] = st->irq_deferred;
	o->v[N_DEFERS] = st->defers;
	o->v[N_RX_BYTES] = st->rx_bytes;
	return 0;
}

static int snap_dev(u32 idx, struct wm_obj *o)
{
	struct net_device *dev = wm_dev_at(idx);
	struct net_device_stats st;
	struct net_dev_rx_stat rx;
	char text[24];
	const u8 *m;

	if (!dev)
		return -1;
	m = dev->dev_addr;
	netdev_get_stats(dev, &st);
	wm_label(o->labels, sizeof(o->labels), "dev", dev->name);
	snprintf(text, sizeof(text), "%d", dev->ifindex);
	wm_label(o->info, sizeof(o->info), "ifindex", text);
	snprintf(text, sizeof(text), "%02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2], m[3], m[4],
		 m[5]);
	wm_label(o->info, sizeof(o->info), "mac", text);
	o->v[D_UP] = !!(dev->flags & IFF_UP);
	o->v[D_LINK] = dev->link_up;
	o->v[D_MTU] = dev->mtu;
	o->v[D_SPEED_MBPS] = dev->speed_mbps;
	o->v[D_FULL_DUPLEX] = dev->full_duplex;
	o->v[D_RX_PACKETS] = st.rx_packets;
	o->v[D_RX_BYTES] = st.rx_bytes;
	o->v[D_RX_ERRORS] = st.rx_errors;
	o->v[D_RX_DROPPED] = st.rx_dropped;
	o->v[D_RX_MISSED] = st.rx_missed_errors;
	o->v[D_RX_LENGTH] = st.rx_length_errors;
	o->v[D_RX_CRC] = st.rx_crc_errors;
	o->v[D_RX_CSUM] = st.rx_csum_errors;
	o->v[D_MULTICAST] = st.multicast;
	o->v[D_TX_PACKETS] = st.tx_packets;
	o->v[D_TX_BYTES] = st.tx_bytes;
	o->v[D_TX_ERRORS] = st.tx_errors;
	o->v[D_TX_DROPPED] = st.tx_dropped;
	o->v[D_TX_CARRIER] = st.tx_carrier_errors;
	o->v[D_COLLISIONS] = st.collisions;
	o->v[D_CARRIER_CHANGES] = dev->carrier_changes;
	o->v[D_TX_QUEUE_STOPS] = dev->tx_queue_stops;
	o->v[D_TX_BUSY] = dev->tx_busy;
	if (net_dev_rx_stat(dev, &rx) == 0) {
		o->has_part = true;
		o->v[D_STACK_FRAMES] = rx.frames;
		o->v[D_STACK_COPIED] = rx.copied;
		o->v[D_STACK_DROPPED] = rx.dropped;
		o->v[D_STACK_CSUM] = rx.csum_trusted;
		o->v[D_STACK_HELD] = rx.held;
	}
	return 0;
}

static int snap_irq(u32 idx, struct wm_obj *o)
{
	struct irq_stat st;
	char text[8];
	int v = -1;

	/* The listed vectors change only when a driver allocates one: count to idx. */
	for (u32 i = 0; i <= idx; i++)
		if ((v = irq_stat_next(v, &st)) < 0)
			return -1;
	snprintf(text, sizeof(text), "%u", st.vector);
	wm_label(o->labels, sizeof(o->labels), "vector", text);
	wm_label(o->labels, sizeof(o->labels), "owner", st.owner ? st.owner : "-");
	wm_label(o->info, sizeof(o->info), "mode", st.mode);
	o->v[I_DELIVERED] = st.delivered;
	o->v[I_SPURIOUS] = st.spurious;
	o->v[I_UNHANDLED] = st.unhandled;
	o->v[I_DISABLED] = st.disabled;
	return 0;
}

static int snap_pool(u32 idx, struct wm_obj *o)
{
	struct net_pool_stat ps;

	if (net_pool_stat((int)idx, &ps))
		return -1;
	wm_label(o->labels, sizeof(o->labels), "pool", ps.name);
	o->v[P_USED] = ps.used;
	o->v[P_USED_HWM] = ps.used_hwm;
	o->v[P_AVAIL] = ps.avail;
	o->v[P_FAILED] = ps.failed;
	return 0;
}

static int snap_tcp_service(u32 idx, struct wm_obj *o)
{
	struct net_service_stat sv;
	char port[8];

	if (net_service_stat((int)idx, &sv))
		return -1;
	snprintf(port, sizeof(port), "%u", sv.port);
	wm_label(o->labels, sizeof(o->labels), "service", sv.name);
	wm_label(o->labels, sizeof(o->labels), "port", port);
	o->v[T_ACTIVE] = sv.active;
	o->v[T_ACTIVE_HWM] = sv.active_hwm;
	o->v[T_LIMIT] = sv.limit;
	o->v[T_REFUSED] = sv.refused;
	return 0;
}

static int snap_service(u32 idx, struct wm_obj *o)
{
	static const struct {
		const char *name;
		const struct service_stats *st;
	} services[] = {
		{ "echo_tcp", &echo_tcp_stats }, { "echo_udp", &echo_udp_stats },
		{ "discard", &discard_stats },	 { "chargen", &chargen_stats },
		{ "iperf", &iperf_stats },
	};
	const struct service_stats *s;

	if (idx >= ARRAY_SIZE(services))
		return -1;
	s = services[idx].st;
	wm_label(o->labels, sizeof(o->labels), "service", services[idx].name);
	o->v[S_CONNECTIONS] = s->connections;
	o->v[S_REFUSED] = s->refused;
	o->v[S_DATAGRAMS] = s->datagrams;
	o->v[S_RX_BYTES] = s->rx_bytes;
	o->v[S_TX_BYTES] = s->tx_bytes;
	o->v[S_ERRORS] = s->errors;
	return 0;
}

static int snap_pci(u32 idx, struct wm_obj *o)
{
	struct pci_dev *d = pci_dev_next(NULL);
	char text[8];

	for (u32 i = 0; d && i < idx; i++)
		d = pci_dev_next(d);
	if (!d)
		return -1;
	wm_label(o->labels, sizeof(o->labels), "bdf", d->name);
	snprintf(text, sizeof(text), "%04x", d->vendor);
	wm_label(o->info, sizeof(o->info), "vendor", text);
	snprintf(text, sizeof(text), "%04x", d->device);
	wm_label(o->info, sizeof(o->info), "device", text);
	snprintf(text, sizeof(text), "%04x", d->class >> 8);
	wm_label(o->info, sizeof(o->info), "class", text);
	snprintf(text, sizeof(text), "%u", d->revision);
	wm_label(o->info, sizeof(o->info), "revision", text);
	wm_label(o->info, sizeof(o->info), "irq_mode", pci_irq_mode_name(d->irq_mode));
	wm_label(o->info, sizeof(o->info), "driver", d->driver ? d->driver->name : "");
	return 0;
}

int wm_snapshot(enum wm_scope scope, u32 idx, struct wm_obj *o)
{
	o->labels[0] = o->info[0] = '\0';
	o->has_part = false;
	switch (scope) {
	case WM_GLOBAL:
		if (idx)
			return -1;
		snap_global(o);
		return 0;
	case WM_NAPI: return snap_napi(idx, o);
	case WM_DEV: return snap_dev(idx, o);
	case WM_IRQ: return snap_irq(idx, o);
	case WM_POOL: return snap_pool(idx, o);
	case WM_TCP_SERVICE: return snap_tcp_service(idx, o);
	case WM_SERVICE: return snap_service(idx, o);
	case WM_PCI: return snap_pci(idx, o);
	case WM_SCOPES: break;
	}
	return -1;
}

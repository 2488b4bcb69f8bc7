// SPDX-License-Identifier: BSD-2-Clause
/*
 * /stats.json and /log for the web status page. Every number comes from the
 * collector the shell prints from (net/shell/net_stats.h, netdev_get_stats,
 * netdev_get_ethtool_stats, irq_stat_next, pmm_get_stats, heap_get_stats),
 * under the names docs/WEBSTATUS.md lists: they are an interface, so a field
 * is added, never renamed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "kernel/mm/heap.h"
#include "kernel/x86/irq.h"
#include "kernel/console/log.h"
#include "kernel/pci/pci.h"
#include "kernel/mm/pmm.h"
#include "kernel/core/time.h"
#include "kernel/x86/trap.h"
#include "net/core/napi.h"
#include "net/shell/net_stats.h"
#include "net/core/netdev_stack.h"
#include "net/services/services.h"
#include "net/services/webstatus/webstatus.h"

#define WS_ETHTOOL_MAX 128
#define WS_LOG_MAX     200 /* records per /log answer; the page asks again from "next" */

void ws_printf(struct ws_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->overflow)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= b->cap - b->len) {
		b->overflow = true;
		return;
	}
	b->len += (size_t)n;
}

void ws_json_str(struct ws_buf *b, const char *s, long len)
{
	size_t n = len < 0 ? strlen(s) : (size_t)len;

	ws_printf(b, "\"");
	for (size_t i = 0; i < n && !b->overflow; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch == '"' || ch == '\\')
			ws_printf(b, "\\%c", ch);
		else if (ch < 0x20 || ch >= 0x7f)
			ws_printf(b, "\\u%04x",
				  ch); /* log text is ASCII; anything else stays visible */
		else if (b->len + 1 < b->cap)
			b->data[b->len++] = (char)ch;
		else
			b->overflow = true;
	}
	ws_printf(b, "\"");
}

static void ws_u64(struct ws_buf *b, const char *name, u64 v, bool last)
{
	ws_printf(b, "\"%s\":%llu%s", name, (unsigned long long)v, last ? "" : ",");
}

static void json_softnet(struct ws_buf *b)
{
	struct softnet_snapshot s;

	softnet_snapshot(&s);
	ws_printf(b, "\"softnet\":{");
	ws_u64(b, "processed", s.sn.processed, false);
	ws_u64(b, "dropped", s.sn.dropped, false);
	ws_u64(b, "time_squeeze", s.sn.time_squeeze, false);
	ws_u64(b, "budget_exhausted", s.sn.budget_exhausted, false);
	ws_u64(b, "time_exhausted", s.sn.time_exhausted, false);
	ws_u64(b, "polls", s.sn.polls, false);
	ws_u64(b, "rounds", s.sn.rounds, false);
	ws_u64(b, "backlog_len", s.backlog_len, false);
	ws_u64(b, "backlog_copied", s.copy.copied, false);
	ws_u64(b, "backlog_kept_no_copy", s.copy.pool_empty, false);
	ws_u64(b, "backlog_kept_too_big", s.copy.too_big, false);
	ws_u64(b, "tx_gso_frames", s.sn.tx_gso_frames, false);
	ws_u64(b, "tx_gso_segs", s.sn.tx_gso_segs, false);
	ws_u64(b, "tx_gso_bytes", s.sn.tx_gso_bytes, false);
	ws_u64(b, "gro_merged", s.gro.merged, false);
	ws_u64(b, "gro_delivered", s.gro.delivered, false);
	ws_u64(b, "gro_large", s.gro.large, false);
	ws_u64(b, "gro_evicted", s.gro.evicted, false);
	ws_printf(b, "\"gro_enabled\":%s},", s.gro_on ? "true" : "false");
}

static int json_napi_one(struct napi_struct *n, void *ctx)
{
	struct ws_buf *b = ctx;
	const struct napi_stats *st = &n->stats;

	ws_printf(b, "%s{\"name\":", b->data[b->len - 1] == '[' ? "" : ",");
	ws_json_str(b, n->name ? n->name : "?", -1);
	ws_printf(b, ",\"dev\":");
	ws_json_str(b, n->dev ? n->dev->name : "-", -1);
	ws_printf(b, ",\"weight\":%d,\"state\":\"%s\",", n->weight, napi_state_name(n->state));
	ws_u64(b, "polls", st->polls, false);
	ws_u64(b, "packets", st->packets, false);
	ws_u64(b, "full_polls", st->full_polls, false);
	ws_u64(b, "completions", st->completions, false);
	ws_u64(b, "interrupts", st->irq_schedules, false);
	ws_u64(b, "over_budget", st->over_budget, false);
	ws_u64(b, "missed", st->missed, false);
	ws_u64(b, "netpoll_skips", st->npsvc_skips, false);
	ws_u64(b, "irq_deferred", st->irq_deferred, false);
	ws_u64(b, "defers", st->defers, false);
	ws_u64(b, "rx_bytes", st->rx_bytes, true);
	ws_printf(b, "}");
	return 0;
}

static int json_dev_one(struct net_device *dev, void *ctx)
{
	static struct ethtool_stat es[WS_ETHTOOL_MAX];
	struct ws_buf *b = ctx;
	struct net_device_stats st;
	struct netdev_addrs a;
	struct net_dev_rx_stat rx;
	const u8 *m = dev->dev_addr;
	int n;

	netdev_get_stats(dev, &st);
	netdev_get_addrs(dev, &a);
	ws_printf(b, "%s{\"name\":", b->data[b->len - 1] == '[' ? "" : ",");
	ws_json_str(b, dev->name, -1);
	ws_printf(b,
		  ",\"ifindex\":%d,\"up\":%s,\"link\":%s,\"mtu\":%u,\"speed_mbps\":%u,"
		  "\"full_duplex\":%s,\"mac\":\"%02x:%02x:%02x:%02x:%02x:%02x\",",
		  dev->ifindex, dev->flags & IFF_UP ? "true" : "false",
		  dev->link_up ? "true" : "false", dev->mtu, dev->speed_mbps,
		  dev->full_duplex ? "true" : "false", m[0], m[1], m[2], m[3], m[4], m[5]);
	ws_printf(b, "\"inet\":");
	if (a.has_inet)
		ws_printf(b, "{\"addr\":\"%s\",\"netmask\":\"%s\",\"gateway\":\"%s\"}", a.inet,
			  a.netmask, a.gateway);
	else
		ws_printf(b, "null");
	ws_printf(b, ",\"inet6\":[");
	for (int i = 0; i < a.nr_inet6; i++)
		ws_printf(b, "%s{\"addr\":\"%s\",\"state\":\"%s\"}", i ? "," : "", a.inet6[i].addr,
			  a.inet6[i].state);
	ws_printf(b, "],\"stats\":{");
	ws_u64(b, "rx_packets", st.rx_packets, false);
	ws_u64(b, "rx_bytes", st.rx_bytes, false);
	ws_u64(b, "rx_errors", st.rx_errors, false);
	ws_u64(b, "rx_dropped", st.rx_dropped, false);
	ws_u64(b, "rx_missed_errors", st.rx_missed_errors, false);
	ws_u64(b, "rx_length_errors", st.rx_length_errors, false);
	ws_u64(b, "rx_crc_errors", st.rx_crc_errors, false);
	ws_u64(b, "rx_csum_errors", st.rx_csum_errors, false);
	ws_u64(b, "multicast", st.multicast, false);
	ws_u64(b, "tx_packets", st.tx_packets, false);
	ws_u64(b, "tx_bytes", st.tx_bytes, false);
	ws_u64(b, "tx_errors", st.tx_errors, false);
	ws_u64(b, "tx_dropped", st.tx_dropped, false);
	ws_u64(b, "tx_carrier_errors", st.tx_carrier_errors, false);
	ws_u64(b, "collisions", st.collisions, false);
	ws_u64(b, "carrier_changes", dev->carrier_changes, false);
	ws_u64(b, "tx_queue_stops", dev->tx_queue_stops, false);
	ws_u64(b, "tx_busy", dev->tx_busy, true);
	ws_printf(b, "},\"ethtool\":{");
	n = netdev_get_ethtool_stats(dev, es, WS_ETHTOOL_MAX);
	for (int i = 0; i < n; i++) {
		ws_json_str(b, es[i].name, -1);
		ws_printf(b, ":%llu%s", (unsigned long long)es[i].value, i + 1 < n ? "," : "");
	}
	ws_printf(b, "},\"stack_rx\":");
	if (net_dev_rx_stat(dev, &rx) == 0) {
		ws_printf(b, "{");
		ws_u64(b, "frames", rx.frames, false);
		ws_u64(b, "copied", rx.copied, false);
		ws_u64(b, "dropped", rx.dropped, false);
		ws_u64(b, "csum_trusted", rx.csum_trusted, false);
		ws_u64(b, "held", rx.held, true);
		ws_printf(b, "}");
	} else {
		ws_printf(b, "null");
	}
	ws_printf(b, "}");
	return 0;
}

static void json_irq(struct ws_buf *b)
{
	struct irq_stat st;
	int v = -1;
	bool first = true;

	ws_printf(b, "\"irq\":[");
	while ((v = irq_stat_next(v, &st)) >= 0) {
		ws_printf(b, "%s{\"vector\":%u,", first ? "" : ",", st.vector);
		ws_u64(b, "delivered", st.delivered, false);
		ws_u64(b, "spurious", st.spurious, false);
		ws_u64(b, "unhandled", st.unhandled, false);
		ws_printf(b, "\"mode\":");
		ws_json_str(b, st.mode, -1);
		ws_printf(b, ",\"owner\":");
		ws_json_str(b, st.owner ? st.owner : "-", -1);
		ws_printf(b, ",\"disabled\":%s}", st.disabled ? "true" : "false");
		first = false;
	}
	ws_printf(b, "],\"irq_kernel\":{");
	ws_u64(b, "timer", kernel_vector_counts.timer, false);
	ws_u64(b, "spurious", kernel_vector_counts.spurious, false);
	ws_u64(b, "pic_stray", kernel_vector_counts.pic_stray, true);
	ws_printf(b, "},");
}

/* The stack's part of `mem`: heap refusals by cause, TCP admission, input, services. */
static void json_mem_stack(struct ws_buf *b)
{
	struct net_stack_stat st;
	struct net_service_stat sv;

	net_stack_stat(&st);
	ws_printf(b, "\"net_heap\":{");
	ws_u64(b, "over_budget", st.heap_over_budget, false);
	ws_u64(b, "no_memory", st.heap_no_memory, true);
	ws_printf(b, "},\"tcp\":{");
	ws_u64(b, "connections", st.tcp_conns, false);
	ws_u64(b, "connections_hwm", st.tcp_conns_hwm, false);
	ws_u64(b, "connections_max", st.tcp_conns_max, false);
	ws_u64(b, "timewait", st.tcp_timewait, false);
	ws_u64(b, "half_open_max", st.tcp_half_open_max, false);
	ws_u64(b, "syns_seen", st.syns_seen, false);
	ws_u64(b, "syns_dropped_machine_full", st.syns_dropped_machine, false);
	ws_u64(b, "syns_dropped_service_full", st.syns_dropped_service, false);
	ws_u64(b, "syns_dropped_half_open_full", st.syns_dropped_half_open, false);
	ws_u64(b, "timewait_recycled", st.timewait_recycled, false);
	ws_u64(b, "half_open_recycled", st.half_open_recycled, false);
	ws_u64(b, "persist_stopped_empty", st.tcp_persist_stopped, false);
	ws_u64(b, "mss_option_ignored", st.tcp_mss_ignored, false);
	ws_u64(b, "tiny_opening_window", st.tcp_tiny_window, true);
	ws_printf(b, "},\"stack_input\":{");
	ws_u64(b, "frames", st.input_frames, false);
	ws_u64(b, "ns", st.input_ns, true);
	ws_printf(b, "},\"reassembly\":{");
	ws_u64(b, "ip4_fragments", st.ip4_fragments, false);
	ws_u64(b, "ip4_refused", st.ip4_fragments_refused, false);
	ws_u64(b, "ip6_fragments", st.ip6_fragments, false);
	ws_u64(b, "ip6_refused", st.ip6_fragments_refused, false);
	ws_u64(b, "ip6_holes_dropped", st.ip6_reass_bad, true);
	ws_printf(b, "},\"tcp_services\":[");
	for (int i = 0; net_service_stat(i, &sv) == 0; i++) {
		ws_printf(b, "%s{\"name\":", i ? "," : "");
		ws_json_str(b, sv.name, -1);
		ws_printf(b, ",\"port\":%u,", sv.port);
		ws_u64(b, "active", sv.active, false);
		ws_u64(b, "active_hwm", sv.active_hwm, false);
		ws_u64(b, "limit", sv.limit, false);
		ws_u64(b, "refused", sv.refused, true);
		ws_printf(b, "}");
	}
	ws_printf(b, "]");
}

static void json_mem(struct ws_buf *b)
{
	struct pmm_stats p;
	struct heap_stats h;
	struct net_pool_stat ps;

	pmm_get_stats(&p);
	heap_get_stats(&h);
	ws_printf(b, "\"mem\":{\"pages\":{");
	ws_u64(b, "total_kib", p.total_pages * 4, false);
	ws_u64(b, "free_kib", p.free_pages * 4, false);
	ws_u64(b, "used_kib", p.used_pages * 4, false);
	ws_u64(b, "used_hwm_kib", p.used_hwm_pages * 4, false);
	ws_u64(b, "reserved_kib", p.reserved_pages * 4, false);
	ws_u64(b, "allocs", p.allocs, false);
	ws_u64(b, "frees", p.frees, false);
	ws_u64(b, "failed", p.failed_allocs, false);
	ws_u64(b, "bad_frees", p.bad_frees, true);
	ws_printf(b, "},\"heap\":{");
	ws_u64(b, "bytes_in_use", h.bytes_in_use, false);
	ws_u64(b, "bytes_hwm", h.bytes_hwm, false);
	ws_u64(b, "pages_in_use", h.pages_in_use, false);
	ws_u64(b, "pages_hwm", h.pages_hwm, false);
	ws_u64(b, "allocs", h.allocs, false);
	ws_u64(b, "frees", h.frees, false);
	ws_u64(b, "failed", h.failed, true);
	ws_printf(b, "},\"net_pools\":[");
	for (int i = 0; net_pool_stat(i, &ps) == 0; i++) {
		ws_printf(b, "%s{\"name\":", i ? "," : "");
		ws_json_str(b, ps.name, -1);
		ws_printf(b, ",");
		ws_u64(b, "used", ps.used, false);
		ws_u64(b, "used_hwm", ps.used_hwm, false);
		ws_u64(b, "avail", ps.avail, false);
		ws_u64(b, "failed", ps.failed, true);
		ws_printf(b, "}");
	}
	ws_printf(b, "],");
	json_mem_stack(b);
	ws_printf(b, "},");
}

static void json_pci(struct ws_buf *b)
{
	bool first = true;

	ws_printf(b, "\"pci\":[");
	for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d)) {
		ws_printf(b,
			  "%s{\"bdf\":\"%s\",\"vendor\":\"%04x\",\"device\":\"%04x\","
			  "\"class\":\"%04x\",\"revision\":%u,\"irq_mode\":\"%s\",\"driver\":",
			  first ? "" : ",", d->name, d->vendor, d->device, d->class >> 8,
			  d->revision, pci_irq_mode_name(d->irq_mode));
		if (d->driver)
			ws_json_str(b, d->driver->name, -1);
		else
			ws_printf(b, "null");
		ws_printf(b, "}");
		first = false;
	}
	ws_printf(b, "],");
}

static void json_service(struct ws_buf *b, const char *name, const struct service_stats *s,
			 bool last)
{
	ws_printf(b, "\"%s\":{", name);
	ws_u64(b, "connections", s->connections, false);
	ws_u64(b, "refused", s->refused, false);
	ws_u64(b, "datagrams", s->datagrams, false);
	ws_u64(b, "rx_bytes", s->rx_bytes, false);
	ws_u64(b, "tx_bytes", s->tx_bytes, false);
	ws_u64(b, "errors", s->errors, true);
	ws_printf(b, "}%s", last ? "" : ",");
}

static void json_webstatus(struct ws_buf *b)
{
	const struct webstatus_stats *w = &webstatus_stats;

	ws_printf(b, "\"webstatus\":{\"port\":%u,\"max_conns\":%u,", webstatus_config.port,
		  webstatus_config.max_conns);
	{
		char who[160];

		ws_allow_describe(&webstatus_config.allow, who, sizeof(who));
		ws_printf(b, "\"allow\":");
		ws_json_str(b, who, -1);
		ws_printf(b, ",");
	}
	ws_u64(b, "connections", w->connections, false);
	ws_u64(b, "refused", w->refused, false);
	ws_u64(b, "forbidden", w->forbidden, false);
	ws_u64(b, "requests", w->requests, false);
	ws_u64(b, "ok", w->ok, false);
	ws_u64(b, "not_found", w->not_found, false);
	ws_u64(b, "bad_requests", w->bad_requests, false);
	ws_u64(b, "bad_methods", w->bad_methods, false);
	ws_u64(b, "too_large", w->too_large, false);
	ws_u64(b, "header_timeouts", w->header_timeouts, false);
	ws_u64(b, "idle_closes", w->idle_closes, false);
	ws_u64(b, "send_timeouts", w->send_timeouts, false);
	ws_u64(b, "no_memory", w->no_memory, false);
	ws_u64(b, "truncated", w->truncated, false);
	ws_u64(b, "errors", w->errors, false);
	ws_u64(b, "overflows", w->overflows, false);
	ws_u64(b, "deferred", w->deferred, false);
	ws_u64(b, "build_ns_max", w->build_ns_max, false);
	ws_u64(b, "rx_bytes", w->rx_bytes, false);
	ws_u64(b, "tx_bytes", w->tx_bytes, false);
	ws_u64(b, "active", w->active, false);
	ws_u64(b, "active_hwm", w->active_hwm, true);
	ws_printf(b, "}");
}

const char *webstatus_stats_json(struct ws_buf *b)
{
	ws_printf(b, "{\"version\":1,");
	ws_u64(b, "uptime_ns", ktime_get_ns(), false);
	ws_u64(b, "log_next_seq", log_next_seq(), false);
	json_softnet(b);
	ws_printf(b, "\"napi_mode\":\"%s\",\"napi\":[", napi_mode_name(napi_get_mode()));
	napi_for_each(json_napi_one, b);
	ws_printf(b, "],\"devices\":[");
	netdev_for_each(json_dev_one, b);
	ws_printf(b, "],");
	json_irq(b);
	json_mem(b);
	json_pci(b);
	ws_printf(b, "\"services\":{");
	json_service(b, "echo_tcp", &echo_tcp_stats, false);
	json_service(b, "echo_udp", &echo_udp_stats, false);
	json_service(b, "discard", &discard_stats, false);
	json_service(b, "chargen", &chargen_stats, false);
	json_service(b, "iperf", &iperf_stats, true);
	ws_printf(b, "},");
	json_webstatus(b);
	ws_printf(b, "}\n");
	return "application/json";
}

const char *webstatus_log_json(struct ws_buf *b, u64 since)
{
	static union {
		struct log_record rec;
		char bytes[sizeof(struct log_record) + LOG_TEXT_MAX];
	} r;
	u64 seq = since, next = since;
	size_t saved;

	ws_printf(b, "{\"first_seq\":%llu,\"records\":[", (unsigned long long)log_first_seq());
	for (int n = 0; n < WS_LOG_MAX; n++) {
		/* The worst record escapes every byte to six: stop while it still fits. */
		if (b->cap - b->len < 6 * LOG_TEXT_MAX + 128)
			break;
		if (!log_read(&seq, &r.rec))
			break;
		saved = b->len;
		ws_printf(b, "%s{\"seq\":%llu,\"ts_ns\":%llu,\"level\":%u,\"text\":", n ? "," : "",
			  (unsigned long long)r.rec.seq, (unsigned long long)r.rec.ts_ns,
			  r.rec.level);
		ws_json_str(b, r.rec.text, r.rec.len);
		ws_printf(b, "}");
		if (b->overflow) {
			b->len = saved;
			break;
		}
		next = seq;
	}
	b->overflow = false;
	ws_printf(b, "],\"next\":%llu}\n", (unsigned long long)next);
	return "application/json";
}

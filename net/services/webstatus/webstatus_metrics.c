// SPDX-License-Identifier: BSD-2-Clause
/*
 * /metrics in Prometheus's text exposition format 0.0.4 (docs/METRICS.md).
 * The answer is written a line at a time from the table in
 * webstatus_metrics_table.c, as many whole lines as fit the caller's buffer;
 * the cursor says where to go on, so the HTTP server streams it in chunks
 * (webstatus.c) and no machine is too big for one scrape. A line that does
 * not fit is taken back whole and written at the start of the next buffer.
 */
#include <stdio.h>
#include <string.h>
#include "kernel/core/version.h"
#include "kernel/x86/rtc.h"
#include "net/shell/net_stats.h"
#include "net/core/netdev_stack.h"
#include "net/services/webstatus/webstatus_metrics.h"

#define WM_DRIVER_STATS_MAX 128

const char webstatus_metrics_type[] = "text/plain; version=0.0.4; charset=utf-8";

/*
 * Snapshots too big for a callback's stack. The global one and a device's
 * driver counters are read once per call and reused for its lines.
 */
static struct wm_obj obj, global;
static bool global_valid;
static struct ethtool_stat driver_stats[WM_DRIVER_STATS_MAX];
static int driver_stats_n;
static s64 driver_stats_dev = -1;

static void wm_value(struct ws_buf *b, u64 v, enum wm_unit unit)
{
	switch (unit) {
	case WM_NS_TO_S:
		ws_printf(b, "%llu.%09llu\n", (unsigned long long)(v / 1000000000ull),
			  (unsigned long long)(v % 1000000000ull));
		return;
	case WM_KIB_TO_BYTES: v *= 1024; break;
	case WM_MBPS_TO_BPS: v *= 125000; break;
	case WM_INFO: v = 1; break;
	case WM_PLAIN: break;
	}
	ws_printf(b, "%llu\n", (unsigned long long)v);
}

/* napkin_NAME{a,b,c} (braces only when there are labels), then the value's space. */
static void wm_series(struct ws_buf *b, const char *name, const char *a, const char *l2,
		      const char *l3)
{
	const char *parts[3] = { a, l2, l3 };
	bool any = false;

	ws_printf(b, "napkin_%s", name);
	for (int i = 0; i < 3; i++) {
		if (!parts[i] || !parts[i][0])
			continue;
		ws_printf(b, "%s%s", any ? "," : "{", parts[i]);
		any = true;
	}
	ws_printf(b, "%s ", any ? "}" : "");
}

static bool wm_starts_metric(u32 r)
{
	return r == 0 || strcmp(wm_rows[r].name, wm_rows[r - 1].name) != 0;
}

static void wm_next_row(struct ws_metrics_cursor *cur)
{
	cur->row++;
	cur->obj = cur->sub = 0;
	cur->header_done = false;
}

bool wm_build_info(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row)
{
	char labels[96] = "";

	if (cur->obj++)
		return false;
	wm_label(labels, sizeof(labels), "version", NAPKIN_VERSION);
	wm_label(labels, sizeof(labels), "commit", napkin_commit);
	wm_series(b, row->name, labels, NULL, NULL);
	wm_value(b, 1, WM_PLAIN);
	return true;
}

bool wm_boot_time(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row)
{
	u64 t;

	if (cur->obj++)
		return false;
	if (rtc_boot_time(&t) == 0) {
		wm_series(b, row->name, NULL, NULL, NULL);
		wm_value(b, t, WM_PLAIN);
	}
	return true;
}

bool wm_inet(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row)
{
	struct net_device *dev = wm_dev_at(cur->obj);
	struct netdev_addrs a;

	if (!dev)
		return false;
	cur->obj++;
	netdev_get_addrs(dev, &a);
	if (!a.has_inet)
		return true;
	obj.labels[0] = '\0';
	wm_label(obj.labels, sizeof(obj.labels), "dev", dev->name);
	wm_label(obj.labels, sizeof(obj.labels), "addr", a.inet);
	wm_label(obj.labels, sizeof(obj.labels), "netmask", a.netmask);
	wm_label(obj.labels, sizeof(obj.labels), "gateway", a.gateway);
	wm_series(b, row->name, obj.labels, NULL, NULL);
	wm_value(b, 1, WM_PLAIN);
	return true;
}

bool wm_inet6(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row)
{
	struct net_device *dev = wm_dev_at(cur->obj);
	struct netdev_addrs a;

	if (!dev)
		return false;
	netdev_get_addrs(dev, &a);
	if (cur->sub >= (u32)a.nr_inet6) {
		cur->obj++;
		cur->sub = 0;
		return true;
	}
	obj.labels[0] = '\0';
	wm_label(obj.labels, sizeof(obj.labels), "dev", dev->name);
	wm_label(obj.labels, sizeof(obj.labels), "addr", a.inet6[cur->sub].addr);
	wm_label(obj.labels, sizeof(obj.labels), "state", a.inet6[cur->sub].state);
	cur->sub++;
	wm_series(b, row->name, obj.labels, NULL, NULL);
	wm_value(b, 1, WM_PLAIN);
	return true;
}

/*
 * A driver counter named like "rx_queue_3_packets" is one queue's: it
 * becomes stat="rx_queue_packets" with queue="3", so one query sums or
 * compares the queues.
 */
static void wm_driver_stat_labels(const char *name, char *labels, size_t cap)
{
	const char *q = strstr(name, "queue_");
	const char *digits = q ? q + 6 : NULL, *end = digits;
	char stat[64], queue[12];

	while (end && *end >= '0' && *end <= '9')
		end++;
	if (!q || end == digits || *end != '_' || (size_t)(end - digits) >= sizeof(queue) ||
	    strlen(name) >= sizeof(stat)) {
		wm_label(labels, cap, "stat", name);
		return;
	}
	memcpy(queue, digits, (size_t)(end - digits));
	queue[end - digits] = '\0';
	memcpy(stat, name, (size_t)(digits - name));
	memcpy(stat + (digits - name), end + 1, strlen(end + 1) + 1);
	wm_label(labels, cap, "queue", queue);
	wm_label(labels, cap, "stat", stat);
}

bool wm_driver_stats(struct ws_metrics_cursor *cur, struct ws_buf *b, const struct wm_row *row)
{
	struct net_device *dev = wm_dev_at(cur->obj);
	const struct ethtool_stat *es;

	if (!dev)
		return false;
	if (driver_stats_dev != (s64)cur->obj) {
		driver_stats_n = netdev_get_ethtool_stats(dev, driver_stats, WM_DRIVER_STATS_MAX);
		driver_stats_dev = cur->obj;
	}
	if (cur->sub >= (u32)MAX(driver_stats_n, 0)) {
		cur->obj++;
		cur->sub = 0;
		return true;
	}
	es = &driver_stats[cur->sub++];
	obj.labels[0] = '\0';
	wm_label(obj.labels, sizeof(obj.labels), "dev", dev->name);
	wm_driver_stat_labels(es->name, obj.labels, sizeof(obj.labels));
	wm_series(b, row->name, obj.labels, NULL, NULL);
	wm_value(b, es->value, WM_PLAIN);
	return true;
}

/* The object a row's next sample is about; false when the row has no more. */
static const struct wm_obj *wm_object(const struct wm_row *row, u32 idx)
{
	if (row->scope != WM_GLOBAL)
		return wm_snapshot(row->scope, idx, &obj) ? NULL : &obj;
	if (idx)
		return NULL;
	if (!global_valid && wm_snapshot(WM_GLOBAL, 0, &global))
		return NULL;
	global_valid = true;
	return &global;
}

/* One step: a row's header, one of its samples, or moving past it. False once all is out. */
static bool wm_step(struct ws_metrics_cursor *cur, struct ws_buf *b)
{
	const struct wm_row *row;
	const struct wm_obj *o;

	if (cur->row >= wm_nr_rows)
		return false;
	row = &wm_rows[cur->row];
	if (!cur->header_done) {
		if (wm_starts_metric(cur->row))
			ws_printf(b, "# HELP napkin_%s %s\n# TYPE napkin_%s %s\n", row->name,
				  row->help, row->name, row->type);
		cur->header_done = true;
		return true;
	}
	if (row->custom) {
		if (!row->custom(cur, b, row))
			wm_next_row(cur);
		return true;
	}
	o = wm_object(row, cur->obj);
	if (!o) {
		wm_next_row(cur);
		return true;
	}
	cur->obj++;
	if (row->part && !o->has_part)
		return true;
	wm_series(b, row->name, o->labels, row->unit == WM_INFO ? o->info : NULL, row->label);
	wm_value(b, o->v[row->value], row->unit);
	return true;
}

bool webstatus_metrics_fill(struct ws_metrics_cursor *cur, struct ws_buf *b)
{
	/* Read afresh for every chunk: a long scrape shows numbers of its own moment. */
	global_valid = false;
	driver_stats_dev = -1;
	for (;;) {
		struct ws_metrics_cursor before = *cur;
		size_t len = b->len;

		if (!wm_step(cur, b))
			return true;
		if (!b->overflow)
			continue;
		b->overflow = false;
		b->len = len;
		if (len) {
			*cur = before; /* whole lines only: this one starts the next buffer */
			return false;
		}
		/* Longer than a whole buffer: left out, counted, never cut. */
		webstatus_stats.truncated++;
	}
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * Shell commands that show what the network loop does: every NAPI instance,
 * the softnet counters, each device's standard and driver counters, and a
 * periodic one-line summary (stats=N). Setting network tunables (net.*,
 * napi.mode, napi.<instance>.weight) also lives here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/initcall.h"
#include "kernel/core/cmdline.h"
#include "kernel/x86/irq.h"
#include "kernel/console/printk.h"
#include "kernel/console/shell.h"
#include "kernel/core/time.h"
#include "kernel/x86/trap.h"
#include "net/core/napi.h"
#include "net/shell/net_shell.h"
#include "net/shell/net_stats.h"
#include "net/core/netdev_stack.h"
#include "net/core/params.h"

#define ETHTOOL_MAX 160

static const struct net_shell_stack_ops *stack;

void net_shell_set_stack(const struct net_shell_stack_ops *ops)
{
	stack = ops;
}

static int show_napi(struct napi_struct *n, void *ctx)
{
	shell_printf("%-14s %-6s %6d %-9s %10llu %12llu %10llu %11llu %10llu %8llu\n",
		     n->name ? n->name : "?", n->dev ? n->dev->name : "-", n->weight,
		     napi_state_name(n->state), (unsigned long long)n->stats.polls,
		     (unsigned long long)n->stats.packets, (unsigned long long)n->stats.full_polls,
		     (unsigned long long)n->stats.completions,
		     (unsigned long long)n->stats.irq_schedules,
		     (unsigned long long)n->stats.over_budget);
	return 0;
}

static int cmd_napi(int argc, char **argv)
{
	shell_printf("%-14s %-6s %6s %-9s %10s %12s %10s %11s %10s %8s\n", "instance", "dev",
		     "weight", "state", "polls", "packets", "full", "completions", "interrupts",
		     "overrun");
	napi_for_each(show_napi, NULL);
	shell_printf("mode %s\n", napi_mode_name(napi_get_mode()));
	if (napi_get_defer_hard_irqs() && napi_get_flush_timeout())
		shell_printf("interrupt deferral: up to %d empty polls, every %ld ns\n",
			     napi_get_defer_hard_irqs(), napi_get_flush_timeout());
	return 0;
}

static int cmd_softnet(int argc, char **argv)
{
	struct softnet_snapshot s;

	softnet_snapshot(&s);
	/* Linux's /proc/net/softnet_stat columns, in hex, one line for our one CPU. */
	shell_printf("processed dropped  squeeze  00000000 00000000 00000000 00000000 00000000 "
		     "collision rps      flow_lim backlog  cpu\n");
	shell_printf("%08llx %08llx %08llx %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x\n",
		     (unsigned long long)s.sn.processed, (unsigned long long)s.sn.dropped,
		     (unsigned long long)s.sn.time_squeeze, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
	shell_printf("rounds %llu, polls %llu, out of budget %llu, out of time %llu\n",
		     (unsigned long long)s.sn.rounds, (unsigned long long)s.sn.polls,
		     (unsigned long long)s.sn.budget_exhausted,
		     (unsigned long long)s.sn.time_exhausted);
	shell_printf(
	    "tso: %llu super-segments sent, %llu segments merged into them, %llu bytes "
	    "(%llu each on average)\n",
	    (unsigned long long)s.sn.tx_gso_frames, (unsigned long long)s.sn.tx_gso_segs,
	    (unsigned long long)s.sn.tx_gso_bytes,
	    (unsigned long long)(s.sn.tx_gso_frames ? s.sn.tx_gso_bytes / s.sn.tx_gso_frames : 0));
	shell_printf("gro: %llu frames merged behind others, %llu handed up (%llu of them merged), "
		     "%llu flows pushed out early, %s\n",
		     (unsigned long long)s.gro.merged, (unsigned long long)s.gro.delivered,
		     (unsigned long long)s.gro.large, (unsigned long long)s.gro.evicted,
		     s.gro_on ? "on" : "off");
	shell_printf("backlog: %u queued, %llu copied out of driver buffers, %llu kept (no copy "
		     "free), %llu kept (too big)\n",
		     s.backlog_len, (unsigned long long)s.copy.copied,
		     (unsigned long long)s.copy.pool_empty, (unsigned long long)s.copy.too_big);
	return 0;
}

static void show_addrs(struct net_device *dev)
{
	struct netdev_addrs a;

	netdev_get_addrs(dev, &a);
	if (a.has_inet)
		shell_printf("    inet %s netmask %s gateway %s\n", a.inet, a.netmask, a.gateway);
	for (int i = 0; i < a.nr_inet6; i++)
		shell_printf("    inet6 %s %s\n", a.inet6[i].addr, a.inet6[i].state);
}

static int show_dev(struct net_device *dev, void *ctx)
{
	struct net_device_stats st;
	const u8 *m = dev->dev_addr;

	netdev_get_stats(dev, &st);
	shell_printf("%s: flags <%s%s> mtu %u\n", dev->name, dev->flags & IFF_UP ? "UP" : "DOWN",
		     dev->link_up ? ",LOWER_UP" : ",NO-CARRIER", dev->mtu);
	shell_printf("    ether %02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2], m[3], m[4], m[5]);
	if (dev->link_up && dev->speed_mbps)
		shell_printf("  link %u Mbps %s duplex", dev->speed_mbps,
			     dev->full_duplex ? "full" : "half");
	shell_printf("\n");
	show_addrs(dev);
	shell_printf("    RX packets %llu bytes %llu errors %llu dropped %llu missed %llu\n",
		     (unsigned long long)st.rx_packets, (unsigned long long)st.rx_bytes,
		     (unsigned long long)st.rx_errors, (unsigned long long)st.rx_dropped,
		     (unsigned long long)st.rx_missed_errors);
	shell_printf("    TX packets %llu bytes %llu errors %llu dropped %llu\n",
		     (unsigned long long)st.tx_packets, (unsigned long long)st.tx_bytes,
		     (unsigned long long)st.tx_errors, (unsigned long long)st.tx_dropped);
	return 0;
}

static int cmd_ifconfig(int argc, char **argv)
{
	struct net_device *dev;

	if (argc > 2)
		return -EINVAL;
	if (argc == 2) {
		dev = netdev_get_by_name(argv[1]);
		if (!dev) {
			shell_printf("ifconfig: no device %s\n", argv[1]);
			return -ENODEV;
		}
		return show_dev(dev, NULL);
	}
	netdev_for_each(show_dev, NULL);
	return 0;
}

static int cmd_ip(int argc, char **argv)
{
	if (argc >= 2 && (!strcmp(argv[1], "addr") || !strcmp(argv[1], "a")))
		return cmd_ifconfig(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "route") && stack && stack->show_routes)
		return stack->show_routes(), 0;
	return -EINVAL;
}

static int cmd_ethtool(int argc, char **argv)
{
	static struct ethtool_stat st[ETHTOOL_MAX];
	struct net_device *dev;
	int n;

	if (argc != 3 || strcmp(argv[1], "-S"))
		return -EINVAL;
	dev = netdev_get_by_name(argv[2]);
	if (!dev) {
		shell_printf("ethtool: no device %s\n", argv[2]);
		return -ENODEV;
	}
	n = netdev_get_ethtool_stats(dev, st, ETHTOOL_MAX);
	shell_printf("NIC statistics:\n");
	for (int i = 0; i < n; i++)
		shell_printf("     %s: %llu\n", st[i].name, (unsigned long long)st[i].value);
	return 0;
}

/* napi.<instance>.weight: find the instance by name. */
struct weight_change {
	const char *name;
	size_t name_len;
	int weight;
	int found;
};

static int set_weight(struct napi_struct *n, void *ctx)
{
	struct weight_change *wc = ctx;

	if (n->name && strlen(n->name) == wc->name_len &&
	    !strncmp(n->name, wc->name, wc->name_len)) {
		n->weight = wc->weight;
		wc->found = 1;
		return 1;
	}
	return 0;
}

static int net_setter(const char *key, const char *value)
{
	int ret;

	if (!strncmp(key, "napi.", 5) && strlen(key) > 12 &&
	    !strcmp(key + strlen(key) - 7, ".weight")) {
		struct weight_change wc = { key + 5, strlen(key) - 12, 0, 0 };
		char *end;
		long w = strtol(value, &end, 10);

		if (end == value || *end || w < 1 || w > NAPI_MAX_WEIGHT) {
			shell_printf("%s: '%s' is not a weight from 1 to %d\n", key, value,
				     NAPI_MAX_WEIGHT);
			return -ERANGE;
		}
		wc.weight = (int)w;
		napi_for_each(set_weight, &wc);
		if (!wc.found) {
			shell_printf("set: no NAPI instance named '%.*s' (see 'napi')\n",
				     (int)wc.name_len, wc.name);
			return -ENOENT;
		}
		shell_printf("%s = %ld\n", key, w);
		return 0;
	}
	ret = net_param_set(key, value);
	if (ret == 0) {
		char buf[32];

		net_param_get(key, buf, sizeof(buf));
		shell_printf("%s = %s\n", key, buf);
	} else if (ret == -EINVAL) {
		shell_printf("%s: '%s' is not a valid value\n", key, value);
		ret = -ERANGE;
	}
	return ret;
}

static int list_param(const char *name, const char *value, void *ctx)
{
	shell_printf("%-24s %s\n", name, value);
	return 0;
}

static void net_setter_list(void)
{
	net_param_for_each(list_param, NULL);
}

/* ---- stats=N: one line every N seconds ---- */

static struct ktimer stats_timer;
static u64 stats_interval_ns;
static struct {
	u64 at_ns, irqs, polls, squeeze, dropped;
	u64 rx_packets[8], rx_bytes[8], tx_packets[8], tx_bytes[8];
} last;

static u64 total_device_irqs(void)
{
	struct irq_stat st;
	int v = -1;
	u64 sum = 0;

	while ((v = irq_stat_next(v, &st)) >= 0)
		sum += st.delivered;
	return sum;
}

struct stats_line {
	char buf[384];
	size_t len;
	u64 secs_x1000; /* interval in ms */
	int index;
};

static int append_dev(struct net_device *dev, void *ctx)
{
	struct stats_line *sl = ctx;
	struct net_device_stats st;
	int i = sl->index++;
	u64 ms = sl->secs_x1000 ? sl->secs_x1000 : 1;

	if (i >= 8)
		return 1;
	netdev_get_stats(dev, &st);
	sl->len +=
	    (size_t)snprintf(sl->buf + sl->len, sizeof(sl->buf) - sl->len,
			     "%s rx %llu pps %llu kB/s tx %llu pps %llu kB/s | ", dev->name,
			     (unsigned long long)((st.rx_packets - last.rx_packets[i]) * 1000 / ms),
			     (unsigned long long)((st.rx_bytes - last.rx_bytes[i]) / ms),
			     (unsigned long long)((st.tx_packets - last.tx_packets[i]) * 1000 / ms),
			     (unsigned long long)((st.tx_bytes - last.tx_bytes[i]) / ms));
	last.rx_packets[i] = st.rx_packets;
	last.rx_bytes[i] = st.rx_bytes;
	last.tx_packets[i] = st.tx_packets;
	last.tx_bytes[i] = st.tx_bytes;
	return 0;
}

static void stats_tick(struct ktimer *t)
{
	u64 now = ktime_get_ns();
	u64 ms = (now - last.at_ns) / NSEC_PER_MSEC;
	struct stats_line sl = { .secs_x1000 = ms };
	u64 irqs = total_device_irqs() + kernel_vector_counts.timer;

	if (!ms)
		ms = 1;
	netdev_for_each(append_dev, &sl);
	pr_info("stats: %sirq/s %llu polls/s %llu squeeze +%llu drops +%llu\n", sl.buf,
		(unsigned long long)((irqs - last.irqs) * 1000 / ms),
		(unsigned long long)((softnet.polls - last.polls) * 1000 / ms),
		(unsigned long long)(softnet.time_squeeze - last.squeeze),
		(unsigned long long)(softnet.dropped - last.dropped));
	last.irqs = irqs;
	last.polls = softnet.polls;
	last.squeeze = softnet.time_squeeze;
	last.dropped = softnet.dropped;
	last.at_ns = now;
	ktimer_arm(t, now + stats_interval_ns);
}

static void stats_start(u64 secs)
{
	ktimer_cancel(&stats_timer);
	stats_interval_ns = secs * NSEC_PER_SEC;
	if (!secs)
		return;
	last.at_ns = ktime_get_ns();
	stats_timer.fn = stats_tick;
	ktimer_arm(&stats_timer, last.at_ns + stats_interval_ns);
}

static int cmd_stats(int argc, char **argv)
{
	char *end;
	long secs;

	if (argc == 1) {
		shell_printf("stats every %llu s (0: off)\n",
			     (unsigned long long)(stats_interval_ns / NSEC_PER_SEC));
		return 0;
	}
	secs = strtol(argv[1], &end, 10);
	if (argc != 2 || end == argv[1] || *end || secs < 0 || secs > 3600) {
		shell_printf("stats: '%s' is not a number of seconds from 0 to 3600\n", argv[1]);
		return -ERANGE;
	}
	stats_start((u64)secs);
	return 0;
}

static struct shell_cmd net_cmds[] = {
	{ .name = "napi",
	  .usage = "napi",
	  .help = "every NAPI instance and its counters",
	  .run = cmd_napi },
	{ .name = "softnet",
	  .usage = "softnet",
	  .help = "softnet_stat: processed, dropped, squeeze",
	  .run = cmd_softnet },
	{ .name = "ifconfig",
	  .usage = "ifconfig [DEV]",
	  .help = "devices, addresses, counters",
	  .run = cmd_ifconfig },
	{ .name = "ip", .usage = "ip addr|route", .help = "addresses or routes", .run = cmd_ip },
	{ .name = "ethtool",
	  .usage = "ethtool -S DEV",
	  .help = "a device's named counters",
	  .run = cmd_ethtool },
	{ .name = "stats",
	  .usage = "stats [SECONDS]",
	  .help = "print a stats line every N s",
	  .run = cmd_stats },
};

static struct shell_setter net_shell_setter = { .set = net_setter, .list = net_setter_list };

/* A core initcall: napi, softnet, ifconfig, ip, ethtool, stats; reads stats=N. */
static void net_shell_init(void)
{
	u64 secs = 0;

	for (size_t i = 0; i < ARRAY_SIZE(net_cmds); i++)
		shell_register(&net_cmds[i]);
	shell_register_setter(&net_shell_setter);
	sink_shell_init();
	if (cmdline_get_u64("stats", &secs, 0, 3600) == 0)
		stats_start(secs);
}
core_initcall(net_shell_init);

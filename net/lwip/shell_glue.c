// SPDX-License-Identifier: BSD-2-Clause
/*
 * What the shell shows from lwIP: addresses under ifconfig, routes, the ARP
 * table, pool usage under mem, and `ping`. The loop must keep running while a
 * ping waits for replies, so ping is a timer-driven state machine that prints
 * each reply as it comes and a summary at the end, like ping(8).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/console/shell.h"
#include "kernel/core/time.h"
#include "lwip/etharp.h"
#include "lwip/inet_chksum.h"
#include "lwip/ip4_addr.h"
#include "lwip/netif.h"
#include "lwip/prot/icmp.h"
#include "lwip/raw.h"
#include "lwip/stats.h"
#include "lwip/tcp.h"
#include "net/lwip/admission.h"
#include "net/lwip/capacity.h"
#include "net/lwip/glue.h"
#include "net/lwip/stack.h"
#include "net/shell/net_shell.h"
#include "net/shell/net_stats.h"
#include "net/core/netdev.h"

#define PING_ID		 0x4e50 /* "NP" */
#define PING_PAYLOAD	 56
#define PING_INTERVAL_NS (1 * NSEC_PER_SEC)
#define PING_TIMEOUT_NS	 (2 * NSEC_PER_SEC)
#define PING_MAX_COUNT	 1000

static void get_addrs(struct net_device *dev, struct netdev_addrs *out)
{
	struct netif *netif = lwip_netif_of(dev);

	if (!netif)
		return;
	out->has_inet = true;
	ip4addr_ntoa_r(netif_ip4_addr(netif), out->inet, sizeof(out->inet));
	ip4addr_ntoa_r(netif_ip4_netmask(netif), out->netmask, sizeof(out->netmask));
	ip4addr_ntoa_r(netif_ip4_gw(netif), out->gateway, sizeof(out->gateway));
	for (int i = 0; i < LWIP_IPV6_NUM_ADDRESSES && out->nr_inet6 < NET_ADDRS_V6; i++) {
		u8 st = netif_ip6_addr_state(netif, i);
		int n = out->nr_inet6;

		if (ip6_addr_isinvalid(st))
			continue;
		ip6addr_ntoa_r(netif_ip6_addr(netif, i), out->inet6[n].addr,
			       sizeof(out->inet6[n].addr));
		out->inet6[n].state = ip6_addr_istentative(st)	 ? "tentative"
				      : ip6_addr_ispreferred(st) ? "preferred"
								 : "deprecated";
		out->nr_inet6++;
	}
}

/*
 * Index 0 is lwIP's heap (the budgeted kernel heap, net/lwip/heap.c), then
 * its pools in lwIP's order (all have stats with MEMP_STATS). Under
 * MEMP_MEM_MALLOC a pool has no size of its own: avail is the machine's
 * TCP connection limit for TCP_PCB, 0 for the others.
 */
static int pool_stat(int idx, struct net_pool_stat *out)
{
	const struct stats_mem *s;

	if (idx > MEMP_MAX)
		return -1;
	if (!idx) {
		struct lwip_heap_stats h;

		lwip_heap_get_stats(&h);
		*out = (struct net_pool_stat){ .name = "heap",
					       .used = h.in_use,
					       .used_hwm = h.in_use_hwm,
					       .avail = h.budget,
					       .failed = h.over_budget + h.no_memory };
		return 0;
	}
	s = lwip_stats.memp[idx - 1];
	if (idx - 1 == MEMP_TCP_PCB) {
		out->name = s->name;
		out->used = s->used;
		out->used_hwm = s->max;
		out->avail = lwip_capacity()->tcp_conns;
		out->failed = s->err;
		return 0;
	}
	out->name = idx ? (s ? s->name : "?") : "heap";
	out->used = s ? s->used : 0;
	out->used_hwm = s ? s->max : 0;
	out->avail = s ? s->avail : 0;
	out->failed = s ? s->err : 0;
	return 0;
}

static void stack_stat(struct net_stack_stat *out)
{
	const struct lwip_capacity *cap = lwip_capacity();
	const struct stats_mem *pcbs = lwip_stats.memp[MEMP_TCP_PCB];
	struct lwip_heap_stats h;
	struct lwip_admission_stats ad;

	lwip_heap_get_stats(&h);
	lwip_admission_get_stats(&ad);
	out->heap_over_budget = h.over_budget;
	out->heap_no_memory = h.no_memory;
	out->tcp_conns = pcbs->used;
	out->tcp_conns_hwm = pcbs->max;
	out->tcp_conns_max = cap->tcp_conns;
	out->tcp_timewait = lwip_admission_timewait_count();
	out->tcp_half_open_max = cap->half_open;
	out->syns_seen = ad.syns_seen;
	out->syns_dropped_machine = ad.refused_machine;
	out->syns_dropped_service = ad.refused_service;
	out->syns_dropped_half_open = ad.refused_half_open;
	out->timewait_recycled = ad.timewait_recycled;
	out->half_open_recycled = ad.half_open_recycled;
	out->input_frames = glue_rx_input.frames;
	out->input_ns = glue_rx_input.ns;
	out->tcp_persist_stopped = glue_tcp_persist_stopped;
	out->tcp_mss_ignored = glue_tcp_mss_ignored;
	out->tcp_tiny_window = glue_tcp_tiny_window;
	out->ip4_fragments = lwip_stats.ip_frag.recv;
	out->ip4_fragments_refused = lwip_stats.ip_frag.drop;
	out->ip6_fragments = lwip_stats.ip6_frag.recv;
	out->ip6_fragments_refused = lwip_stats.ip6_frag.drop;
	out->ip6_reass_bad = glue_ip6_reass_bad;
}

/* The registered TCP services in their list's order (a handful: walking is cheap). */
static int service_stat(int idx, struct net_service_stat *out)
{
	const struct lwip_admission *a = lwip_admission_first();

	for (; a && idx > 0; idx--)
		a = a->next;
	if (!a)
		return -1;
	*out =
	    (struct net_service_stat){ .name = a->name,
				       .port = a->port,
				       .active = a->count_active ? a->count_active(a) : a->active,
				       .active_hwm = a->active_hwm,
				       .limit = a->limit,
				       .refused = a->refused };
	return 0;
}

static int dev_rx_stat(struct net_device *dev, struct net_dev_rx_stat *out)
{
	struct lwip_glue_stats gs;

	if (lwip_glue_get_stats(dev, &gs))
		return -1;
	*out = (struct net_dev_rx_stat){ .frames = gs.rx_frames,
					 .copied = gs.rx_copied,
					 .dropped = gs.rx_dropped,
					 .csum_trusted = gs.rx_csum_trusted,
					 .held = gs.rx_frames_held };
	return 0;
}

static void show_routes(void)
{
	struct netif *netif;
	char a[IP4ADDR_STRLEN_MAX], m[IP4ADDR_STRLEN_MAX];

	NETIF_FOREACH(netif)
	{
		ip4_addr_t net;

		if (ip4_addr_isany_val(*netif_ip4_addr(netif)))
			continue;
		ip4_addr_set_u32(&net, ip4_addr_get_u32(netif_ip4_addr(netif)) &
					   ip4_addr_get_u32(netif_ip4_netmask(netif)));
		ip4addr_ntoa_r(&net, a, sizeof(a));
		ip4addr_ntoa_r(netif_ip4_netmask(netif), m, sizeof(m));
		shell_printf("%-15s %-15s %-15s %c%c%c\n", a, "0.0.0.0", m, netif->name[0],
			     netif->name[1], '0' + netif->num);
		if (!ip4_addr_isany_val(*netif_ip4_gw(netif))) {
			ip4addr_ntoa_r(netif_ip4_gw(netif), a, sizeof(a));
			shell_printf("%-15s %-15s %-15s %c%c%c%s\n", "default", a, "0.0.0.0",
				     netif->name[0], netif->name[1], '0' + netif->num,
				     netif == netif_default ? " (default)" : "");
		}
	}
}

static const struct net_shell_stack_ops shell_ops = {
	.show_routes = show_routes,
};

static const struct net_stats_stack_ops stats_ops = {
	.get_addrs = get_addrs,
	.pool_stat = pool_stat,
	.stack_stat = stack_stat,
	.service_stat = service_stat,
	.dev_rx_stat = dev_rx_stat,
};

static int cmd_route(int argc, char **argv)
{
	shell_printf("%-15s %-15s %-15s %s\n", "Destination", "Gateway", "Genmask", "Iface");
	show_routes();
	return 0;
}

static int cmd_arp(int argc, char **argv)
{
	int shown = 0;

	shell_printf("%-15s %-17s %s\n", "Address", "HWaddress", "Iface");
	for (size_t i = 0; i < ARP_TABLE_SIZE; i++) {
		ip4_addr_t *ip;
		struct netif *netif;
		struct eth_addr *eth;
		char a[IP4ADDR_STRLEN_MAX];

		if (!etharp_get_entry(i, &ip, &netif, &eth))
			continue;
		ip4addr_ntoa_r(ip, a, sizeof(a));
		shell_printf("%-15s %02x:%02x:%02x:%02x:%02x:%02x %c%c%u\n", a, eth->addr[0],
			     eth->addr[1], eth->addr[2], eth->addr[3], eth->addr[4], eth->addr[5],
			     netif->name[0], netif->name[1], netif->num);
		shown++;
	}
	if (!shown)
		shell_printf("(empty)\n");
	return 0;
}

/* Printed from the collectors /stats.json reads (net/shell/net_stats.h), so the two agree. */
static void show_capacity(void)
{
	struct net_pool_stat heap;
	struct net_stack_stat st;
	struct net_service_stat sv;

	net_pool_stat(0, &heap);
	net_stack_stat(&st);
	shell_printf(
	    "lwIP heap: %llu bytes used (high-water %llu) of %llu budget, %llu over budget, "
	    "%llu no memory\n",
	    (unsigned long long)heap.used, (unsigned long long)heap.used_hwm,
	    (unsigned long long)heap.avail, (unsigned long long)st.heap_over_budget,
	    (unsigned long long)st.heap_no_memory);
	shell_printf("TCP connections: %llu (high-water %llu) of %u, %u in TIME_WAIT; half-open "
		     "%u per port\n",
		     (unsigned long long)st.tcp_conns, (unsigned long long)st.tcp_conns_hwm,
		     st.tcp_conns_max, st.tcp_timewait, st.tcp_half_open_max);
	shell_printf("TCP SYNs: %llu seen, %llu dropped machine full, %llu dropped service full, "
		     "%llu TIME_WAIT recycled, %llu half-open recycled, %llu dropped half-open "
		     "full\n",
		     (unsigned long long)st.syns_seen, (unsigned long long)st.syns_dropped_machine,
		     (unsigned long long)st.syns_dropped_service,
		     (unsigned long long)st.timewait_recycled,
		     (unsigned long long)st.half_open_recycled,
		     (unsigned long long)st.syns_dropped_half_open);
	shell_printf("lwIP input: %llu frames, %llu ns\n", (unsigned long long)st.input_frames,
		     (unsigned long long)st.input_ns);
	shell_printf("TCP persist timers stopped with nothing left to send: %llu\n",
		     (unsigned long long)st.tcp_persist_stopped);
	shell_printf("TCP send size kept: %llu MSS options ignored outside the handshake, %llu "
		     "opening windows under 2 bytes\n",
		     (unsigned long long)st.tcp_mss_ignored,
		     (unsigned long long)st.tcp_tiny_window);
	shell_printf(
	    "IP reassembly: IPv4 %llu fragments, %llu refused; IPv6 %llu fragments, %llu "
	    "refused, %llu datagrams made whole with a hole dropped\n",
	    (unsigned long long)st.ip4_fragments, (unsigned long long)st.ip4_fragments_refused,
	    (unsigned long long)st.ip6_fragments, (unsigned long long)st.ip6_fragments_refused,
	    (unsigned long long)st.ip6_reass_bad);
	for (int i = 0; net_service_stat(i, &sv) == 0; i++)
		shell_printf("service %-8s tcp/%-5u %5u connections (high-water %5u) of %5u, %llu "
			     "refused\n",
			     sv.name, sv.port, sv.active, sv.active_hwm, sv.limit,
			     (unsigned long long)sv.refused);
}

/* What each device's frames met on their way into lwIP (nothing dropped unseen). */
static void show_glue_rx(void)
{
	struct netif *netif;

	NETIF_FOREACH(netif)
	{
		struct glue_if *gif = netif->state;
		struct net_dev_rx_stat rx;

		if (!gif || !gif->dev || net_dev_rx_stat(gif->dev, &rx))
			continue;
		shell_printf("%s: lwIP took %llu frames in place, copied %llu, dropped %llu, "
			     "checksums trusted %llu, holds %llu driver frames now\n",
			     gif->dev->name, (unsigned long long)rx.frames,
			     (unsigned long long)rx.copied, (unsigned long long)rx.dropped,
			     (unsigned long long)rx.csum_trusted, (unsigned long long)rx.held);
	}
}

static void show_pools(void)
{
	struct net_pool_stat p;

	show_capacity();
	show_glue_rx();
	/* Index 0 is the heap, shown above with its budget. */
	for (int i = 1; net_pool_stat(i, &p) == 0; i++)
		shell_printf(
		    "lwIP pool %-16s %6llu used (high-water %6llu) of %6llu, %llu failures\n",
		    p.name, (unsigned long long)p.used, (unsigned long long)p.used_hwm,
		    (unsigned long long)p.avail, (unsigned long long)p.failed);
}

/* `set <service>.max_conns N`: a new limit applies to the next SYN. */
static int capacity_setter(const char *key, const char *value)
{
	const char *dot = strchr(key, '.');
	struct lwip_admission *a;
	char *end;
	unsigned long v;

	if (!dot || strcmp(dot, ".max_conns"))
		return -ENOENT;
	for (a = lwip_admission_first(); a; a = a->next) {
		if (strlen(a->name) == (size_t)(dot - key) && !strncmp(a->name, key, dot - key))
			break;
	}
	if (!a)
		return -ENOENT;
	v = strtoul(value, &end, 10);
	if (end == value || *end || v < 1 || v > LWIP_TCP_CONNS_MAX) {
		shell_printf("%s: '%s' is not a count from 1 to %u\n", key, value,
			     LWIP_TCP_CONNS_MAX);
		return -ERANGE;
	}
	a->limit = (u32)v;
	shell_printf("%s = %u\n", key, a->limit);
	return 0;
}

static void capacity_setter_list(void)
{
	for (const struct lwip_admission *a = lwip_admission_first(); a; a = a->next)
		shell_printf("%s.max_conns = %u\n", a->name, a->limit);
}

static struct shell_setter capacity_shell_setter = { .set = capacity_setter,
						     .list = capacity_setter_list };

/* ---- ping ---- */

static struct {
	struct raw_pcb *pcb;
	ip4_addr_t target;
	u32 count, sent, received;
	u16 seq;
	u64 sent_at[PING_MAX_COUNT];
	u64 min_ns, max_ns, sum_ns;
	struct ktimer timer;
	bool active;
} ping;

static void ping_finish(void)
{
	u32 loss = ping.sent ? (ping.sent - ping.received) * 100 / ping.sent : 0;

	shell_printf("--- %s ping statistics ---\n%u packets transmitted, %u received, %u%% packet "
		     "loss\n",
		     ip4addr_ntoa(&ping.target), ping.sent, ping.received, loss);
	if (ping.received)
		shell_printf("rtt min/avg/max = %llu.%03llu/%llu.%03llu/%llu.%03llu ms\n",
			     (unsigned long long)(ping.min_ns / 1000000),
			     (unsigned long long)(ping.min_ns / 1000 % 1000),
			     (unsigned long long)(ping.sum_ns / ping.received / 1000000),
			     (unsigned long long)(ping.sum_ns / ping.received / 1000 % 1000),
			     (unsigned long long)(ping.max_ns / 1000000),
			     (unsigned long long)(ping.max_ns / 1000 % 1000));
	raw_remove(ping.pcb);
	ping.pcb = NULL;
	ping.active = false;
}

static u8 ping_recv(void *arg, struct raw_pcb *pcb, struct pbuf *p, const ip_addr_t *addr)
{
	struct icmp_echo_hdr hdr;
	u16 iphlen;
	u8 vhl;
	u64 rtt;
	u16 seq;

	if (p->tot_len < 1 || pbuf_copy_partial(p, &vhl, 1, 0) != 1)
		return 0;
	iphlen = (u16)((vhl & 0x0f) * 4);
	if (pbuf_copy_partial(p, &hdr, sizeof(hdr), iphlen) != sizeof(hdr) || hdr.type != ICMP_ER ||
	    hdr.id != PP_HTONS(PING_ID) || !ip4_addr_cmp(ip_2_ip4(addr), &ping.target))
		return 0; /* not ours: let lwIP have it */
	seq = lwip_ntohs(hdr.seqno);
	if (seq >= ping.sent || !ping.sent_at[seq]) {
		pbuf_free(p);
		return 1;
	}
	rtt = ktime_get_ns() - ping.sent_at[seq];
	ping.sent_at[seq] = 0;
	ping.received++;
	ping.sum_ns += rtt;
	ping.min_ns = ping.received == 1 ? rtt : MIN(ping.min_ns, rtt);
	ping.max_ns = MAX(ping.max_ns, rtt);
	shell_printf("%u bytes from %s: icmp_seq=%u time=%llu.%03llu ms\n",
		     (unsigned)(p->tot_len - iphlen), ip4addr_ntoa(&ping.target), seq,
		     (unsigned long long)(rtt / 1000000), (unsigned long long)(rtt / 1000 % 1000));
	pbuf_free(p);
	if (ping.received + 0 == ping.count) {
		ktimer_cancel(&ping.timer);
		ping_finish();
	}
	return 1;
}

static void ping_send_one(void)
{
	struct pbuf *p = pbuf_alloc(PBUF_IP, sizeof(struct icmp_echo_hdr) + PING_PAYLOAD, PBUF_RAM);
	struct icmp_echo_hdr *hdr;
	ip_addr_t dst;

	if (!p) {
		shell_printf("ping: no buffer for request %u\n", ping.seq);
		return;
	}
	hdr = p->payload;
	hdr->type = ICMP_ECHO;
	hdr->code = 0;
	hdr->chksum = 0;
	hdr->id = PP_HTONS(PING_ID);
	hdr->seqno = lwip_htons(ping.seq);
	for (int i = 0; i < PING_PAYLOAD; i++)
		((u8 *)(hdr + 1))[i] = (u8)i;
	hdr->chksum = inet_chksum(hdr, sizeof(*hdr) + PING_PAYLOAD);
	ip_addr_copy_from_ip4(dst, ping.target);
	ping.sent_at[ping.seq] = ktime_get_ns();
	raw_sendto(ping.pcb, p, &dst);
	pbuf_free(p);
	ping.seq++;
	ping.sent++;
}

static void ping_tick(struct ktimer *t)
{
	if (ping.sent < ping.count) {
		ping_send_one();
		ktimer_arm(t, ktime_get_ns() + PING_INTERVAL_NS);
		return;
	}
	ping_finish(); /* the last reply's wait is over */
}

static int cmd_ping(int argc, char **argv)
{
	char *end;
	unsigned long count = 4;

	if (argc < 2 || argc > 3)
		return -EINVAL;
	if (ping.active) {
		shell_printf("ping: one is already running\n");
		return -EBUSY;
	}
	if (!ip4addr_aton(argv[1], &ping.target)) {
		shell_printf("ping: '%s' is not an IPv4 address\n", argv[1]);
		return -ERANGE;
	}
	if (argc == 3) {
		count = strtoul(argv[2], &end, 10);
		if (end == argv[2] || *end || count < 1 || count > PING_MAX_COUNT) {
			shell_printf("ping: count '%s' is not from 1 to %d\n", argv[2],
				     PING_MAX_COUNT);
			return -ERANGE;
		}
	}
	ping.pcb = raw_new(IP_PROTO_ICMP);
	if (!ping.pcb) {
		shell_printf("ping: no raw socket available\n");
		return -ENOMEM;
	}
	raw_recv(ping.pcb, ping_recv, NULL);
	ping.count = (u32)count;
	ping.sent = ping.received = 0;
	ping.seq = 0;
	ping.min_ns = ping.max_ns = ping.sum_ns = 0;
	memset(ping.sent_at, 0, sizeof(ping.sent_at));
	ping.active = true;
	shell_printf("PING %s %d data bytes\n", ip4addr_ntoa(&ping.target), PING_PAYLOAD);
	ping.timer.fn = ping_tick;
	/* The first request now; each tick sends the next, the last waits for stragglers. */
	ping_send_one();
	ktimer_arm(&ping.timer,
		   ktime_get_ns() + (ping.count == 1 ? PING_TIMEOUT_NS : PING_INTERVAL_NS));
	return 0;
}

static struct shell_cmd lwip_cmds[] = {
	{ .name = "route", .usage = "route", .help = "IPv4 routes", .run = cmd_route },
	{ .name = "arp", .usage = "arp", .help = "the ARP table", .run = cmd_arp },
	{ .name = "ping",
	  .usage = "ping ADDRESS [COUNT]",
	  .help = "ICMP echo from napkin",
	  .run = cmd_ping },
};

static struct shell_setter pool_reporter = { .list = show_pools };

void glue_shell_init(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(lwip_cmds); i++)
		shell_register(&lwip_cmds[i]);
	shell_register_mem_reporter(&pool_reporter);
	shell_register_setter(&capacity_shell_setter);
	net_shell_set_stack(&shell_ops);
	net_stats_set_stack(&stats_ops);
}

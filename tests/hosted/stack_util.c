// SPDX-License-Identifier: BSD-2-Clause
/* See stack_util.h. */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/core/cmdline.h"
#include "kernel/core/time.h"
#include "lwip/ip4_addr.h"
#include "lwip/netif.h"
#include "net/lwip/stack.h"
#include "net/core/napi.h"
#include "net/net_init.h"
#include "net/services/services.h"
#include "net/netconsole/netconsole.h"
#include "net/core/netdev_stack.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_proc.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/stack_util.h"
#include "tests/unit/fakes/stub_printk.h"

#define NET_PEER "tests/qemu/net_peer.py"
/* Seconds any one client may run before it is killed (net_peer gives up after 30). */
#define CLIENT_TIMEOUT 60
/* Seconds to get carrier, an address, or napkin's iperf report. */
#define STACK_WAIT   15
#define UDP_SIZE_MAX 1472 /* one 1500-byte MTU's worth */

/* ---- What the kernel would provide around lwIP ---- */

/* netconsole and the shell are not part of these tests. */
void netconsole_set_stack(const struct netconsole_stack_ops *ops) {}
void glue_shell_init(void);
void glue_shell_init(void) {}

/* ---- State ---- */

static const char *test_name = "stack";
static int home_netns = -1; /* to go back to; -1 from a user namespace */
static bool entered;	    /* stack_enter() made our namespace */
static struct stack_config config;
static bool up;
/* lwIP starts once per boot, so once per process: set by the first stack_up(). */
static bool stack_started;
static struct hosted_proc dnsmasq = { .out_fd = -1 };
static char napkin_ip[STACK_MAX_PORTS][24], linux_ip[STACK_MAX_PORTS][24];

/* One short command (setting up the namespace), to its successful end. */
#define RUN(...)                                                     \
	do {                                                         \
		struct hosted_cmd c_ = { 0 };                        \
		const char *v_[] = { __VA_ARGS__ };                  \
		for (unsigned int i_ = 0; i_ < ARRAY_SIZE(v_); i_++) \
			hosted_cmd_add(&c_, "%s", v_[i_]);           \
		hosted_proc_run(&c_, CLIENT_TIMEOUT);                \
	} while (0)

/* ---- The namespace ---- */

/* The suites' one policy (tests/qemu/README.md): run, or fail naming what is missing. */
static bool fail_missing(const char *what)
{
	ck_abort_msg("%s cannot run; missing: %s", test_name, what);
	return false;
}

static bool write_proc(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	bool ok = fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text);

	if (fd >= 0)
		close(fd);
	return ok;
}

/*
 * A network namespace of our own. As root a plain one; as a normal user one
 * inside a new user namespace where we are root (uid and gid mapped to ours),
 * which is all TAPs, addresses, dnsmasq and ping need.
 */
static bool enter_netns(bool *in_userns)
{
	char map[64];
	uid_t uid = geteuid();
	gid_t gid = getegid();

	*in_userns = uid != 0;
	if (!*in_userns)
		return unshare(CLONE_NEWNET) == 0;
	if (unshare(CLONE_NEWUSER | CLONE_NEWNET))
		return false;
	snprintf(map, sizeof(map), "0 %u 1", (unsigned int)uid);
	if (!write_proc("/proc/self/setgroups", "deny") || !write_proc("/proc/self/uid_map", map))
		return false;
	snprintf(map, sizeof(map), "0 %u 1", (unsigned int)gid);
	return write_proc("/proc/self/gid_map", map);
}

bool stack_enter(const char *test)
{
	/* Whatever an earlier test in this process left (CK_FORK=no after a failure). */
	stack_down();
	test_name = test;
	static const char *const tools[] = { "ip", "ping", "iperf", "python3", "dnsmasq" };
	char cmd[96], why[160];
	bool in_userns;

	if (access("/dev/net/tun", R_OK | W_OK))
		return fail_missing("/dev/net/tun (modprobe tun)");
	for (unsigned int i = 0; i < ARRAY_SIZE(tools); i++) {
		snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null", tools[i]);
		if (system(cmd) != 0) {
			snprintf(why, sizeof(why), "%s (scripts/deps.sh installs it)", tools[i]);
			return fail_missing(why);
		}
	}
	if (access(NET_PEER, R_OK))
		return fail_missing("the repository's top as working directory (" NET_PEER ")");
	home_netns = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
	if (home_netns < 0 || !enter_netns(&in_userns)) {
		snprintf(why, sizeof(why),
			 "root, or unprivileged user namespaces (sysctl "
			 "kernel.unprivileged_userns_clone=1): %s",
			 strerror(errno));
		return fail_missing(why);
	}
	if (in_userns) {
		/* The first namespace is not ours to go back to from in here. */
		close(home_netns);
		home_netns = -1;
	}
	entered = true;
	return true;
}

static bool carrier_and_address(void *ctx)
{
	const struct stack_config *cfg = ctx;

	for (unsigned int i = 0; i < cfg->nr_ports; i++) {
		struct netif *netif = lwip_netif_of(cfg->ports[i].dev);
		ip4_addr_t want;

		if (!netif_carrier_ok(cfg->ports[i].dev) || !netif)
			return false;
		ip4addr_aton(napkin_ip[i], &want);
		if (!ip4_addr_cmp(netif_ip4_addr(netif), &want))
			return false;
	}
	return true;
}

/* One dnsmasq for every TAP, each with exactly napkin's one address to lease. */
static void start_dnsmasq(const struct stack_config *cfg)
{
	struct hosted_cmd a = { 0 };

	hosted_cmd_add(&a, "dnsmasq");
	hosted_cmd_add(&a, "--keep-in-foreground");
	hosted_cmd_add(&a, "--conf-file=/dev/null");
	hosted_cmd_add(&a, "--port=0"); /* no DNS */
	/*
	 * No change of user or group: staying who we are keeps PR_SET_PDEATHSIG
	 * (a change of user clears it), and in a user namespace changing groups
	 * is not allowed at all.
	 */
	hosted_cmd_add(&a, "--user=");
	hosted_cmd_add(&a, "--group=");
	hosted_cmd_add(&a, "--bind-interfaces");
	hosted_cmd_add(&a, "--except-interface=lo");
	hosted_cmd_add(&a, "--leasefile-ro");
	hosted_cmd_add(&a, "--pid-file=");
	hosted_cmd_add(&a, "--no-hosts");
	hosted_cmd_add(&a, "--no-resolv");
	hosted_cmd_add(&a, "--no-ping");
	hosted_cmd_add(&a, "--dhcp-authoritative");
	hosted_cmd_add(&a, "--log-dhcp");
	hosted_cmd_add(&a, "--log-facility=-");
	for (unsigned int i = 0; i < cfg->nr_ports; i++) {
		hosted_cmd_add(&a, "--interface=%s", cfg->ports[i].tap);
		hosted_cmd_add(&a, "--dhcp-range=%s,%s,255.255.255.0,1h", napkin_ip[i],
			       napkin_ip[i]);
	}
	hosted_proc_start(&dnsmasq, &a);
}

void stack_up(const struct stack_config *cfg)
{
	char cmdline[512];

	ck_assert_msg(entered, "stack_up() before stack_enter()");
	ck_assert(cfg->nr_ports >= 1 && cfg->nr_ports <= STACK_MAX_PORTS);
	ck_assert_msg(!stack_started, "napkin's stack starts once per process: under CK_FORK=no "
				      "run one case (CK_RUN_CASE=...)");
	stack_started = true;
	config = *cfg;
	RUN("ip", "link", "set", "lo", "up");
	for (unsigned int i = 0; i < cfg->nr_ports; i++) {
		const struct stack_port *p = &cfg->ports[i];
		char cidr[24];

		ck_assert_msg(p->port && p->dev && p->tap, "port %u not filled in", i);
		snprintf(napkin_ip[i], sizeof(napkin_ip[i]), "10.201.%u.2", i + 1);
		snprintf(linux_ip[i], sizeof(linux_ip[i]), "10.201.%u.1", i + 1);
		snprintf(cidr, sizeof(cidr), "%s/24", linux_ip[i]);
		hosted_wire_unplug(p->port);
		ck_assert_msg(hosted_wire_tap(p->port, p->tap), "TAP %s", p->tap);
		RUN("ip", "addr", "add", cidr, "dev", p->tap);
		RUN("ip", "link", "set", p->tap, "up");
	}
	if (cfg->addressing == STACK_ADDR_DHCP) {
		start_dnsmasq(cfg);
		snprintf(cmdline, sizeof(cmdline), "ip=dhcp ipv6.disable=1 %s",
			 cfg->cmdline ? cfg->cmdline : "");
	} else {
		/* ip= for the first port (Linux's syntax); ip.<dev>= for each further one. */
		int n = snprintf(cmdline, sizeof(cmdline),
				 "ip=%s:::255.255.255.0::%s:off ipv6.disable=1 %s", napkin_ip[0],
				 cfg->ports[0].dev->name, cfg->cmdline ? cfg->cmdline : "");

		for (unsigned int i = 1; i < cfg->nr_ports; i++)
			n += snprintf(cmdline + n, sizeof(cmdline) - (size_t)n,
				      " ip.%s=%s:::255.255.255.0", cfg->ports[i].dev->name,
				      napkin_ip[i]);
		ck_assert((size_t)n < sizeof(cmdline));
	}

	/* What kmain does once the drivers probed: the stack, the services. */
	hosted_realtime(true);
	cmdline_init(cmdline);
	net_init();
	ck_assert_int_eq(net_services_start(), 0);
	up = true;
	if (!hosted_run_until(carrier_and_address, &config, STACK_WAIT * NSEC_PER_SEC)) {
		stub_printk_dump();
		if (dnsmasq.out_fd >= 0)
			fprintf(stderr, "dnsmasq:\n%s\n", hosted_proc_output(&dnsmasq));
		ck_abort_msg("%s: no carrier or no address within %d s", test_name, STACK_WAIT);
	}
	if (cfg->addressing == STACK_ADDR_DHCP)
		ck_assert_msg(!hosted_proc_reap(&dnsmasq, false), "dnsmasq exited: %s",
			      hosted_proc_output(&dnsmasq));
}

void stack_down(void)
{
	/* No poll over the whole run reported more than its budget (clamped, counted). */
	ck_assert_uint_eq(softnet.over_budget, 0);
	hosted_proc_kill_all();
	hosted_proc_release(&dnsmasq);
	up = false;
	entered = false;
	hosted_realtime(false);
	if (home_netns >= 0) {
		if (setns(home_netns, CLONE_NEWNET))
			fprintf(stderr, "%s: back to the first namespace: %s\n", test_name,
				strerror(errno));
		close(home_netns);
		home_netns = -1;
	}
}

const char *stack_napkin_ip(unsigned int port)
{
	return port < STACK_MAX_PORTS ? napkin_ip[port] : "?";
}

const char *stack_linux_ip(unsigned int port)
{
	return port < STACK_MAX_PORTS ? linux_ip[port] : "?";
}

struct mac_search {
	const u8 *mac;
	struct net_device *found;
};

static int match_mac(struct net_device *dev, void *ctx)
{
	struct mac_search *search = ctx;

	if (memcmp(dev->dev_addr, search->mac, ETH_ALEN))
		return 0;
	search->found = dev;
	return 1;
}

struct net_device *stack_dev_by_mac(const u8 mac[6])
{
	struct mac_search search = { mac, NULL };

	netdev_for_each(match_mac, &search);
	return search.found;
}

/* ---- Checks on every port at once ---- */

/* Start one client per port (build fills in its command line), wait for all of them. */
static void run_on_every_port(struct hosted_proc c[], const char *what,
			      void (*build)(struct hosted_cmd *a, unsigned int port, void *ctx),
			      void *ctx)
{
	ck_assert_msg(up, "%s before stack_up()", what);
	for (unsigned int i = 0; i < config.nr_ports; i++) {
		struct hosted_cmd a = { 0 };

		build(&a, i, ctx);
		hosted_proc_start(&c[i], &a);
	}
	hosted_proc_wait(c, config.nr_ports, CLIENT_TIMEOUT);
}

static void build_ping(struct hosted_cmd *a, unsigned int port, void *ctx)
{
	unsigned int count = *(unsigned int *)ctx;

	hosted_cmd_add(a, "ping");
	hosted_cmd_add(a, "-c");
	hosted_cmd_add(a, "%u", count);
	hosted_cmd_add(a, "-i");
	hosted_cmd_add(a, "0.02");
	hosted_cmd_add(a, "-W");
	hosted_cmd_add(a, "2");
	hosted_cmd_add(a, "-w"); /* its own deadline: ping keeps no PR_SET_PDEATHSIG */
	hosted_cmd_add(a, "%u", count / 50 + 10);
	hosted_cmd_add(a, "%s", napkin_ip[port]);
}

/*
 * The replies ping's summary counts ("N packets transmitted, M received"), or
 * 0. With -w, ping sends until count replies are in, so on a slow host it
 * may send (and get back) more than count: at least count is the success.
 */
static unsigned int ping_received(const char *out)
{
	const char *r = strstr(out, " received");
	unsigned int n = 0, scale = 1;

	while (r && r > out && r[-1] >= '0' && r[-1] <= '9') {
		n += (unsigned int)(r[-1] - '0') * scale;
		scale *= 10;
		r--;
	}
	return n;
}

void stack_ping(unsigned int count)
{
	struct hosted_proc c[STACK_MAX_PORTS];

	run_on_every_port(c, "ping", build_ping, &count);
	for (unsigned int i = 0; i < config.nr_ports; i++) {
		const char *out = hosted_proc_output(&c[i]);

		ck_assert_msg(hosted_proc_ok(&c[i]) && ping_received(out) >= count,
			      "ping %s (%s): %s", napkin_ip[i], hosted_proc_how(&c[i]), out);
		hosted_proc_release(&c[i]);
	}
}

struct udp_plan {
	unsigned int datagrams;
	unsigned int seed;
};

static void build_udp(struct hosted_cmd *a, unsigned int port, void *ctx)
{
	const struct udp_plan *plan = ctx;
	unsigned int state = plan->seed + port;

	hosted_cmd_add(a, "python3");
	hosted_cmd_add(a, NET_PEER);
	hosted_cmd_add(a, "udp-echo");
	hosted_cmd_add(a, "%s", napkin_ip[port]);
	hosted_cmd_add(a, "1");
	hosted_cmd_add(a, "%d", UDP_SIZE_MAX);
	hosted_cmd_add(a, "4000"); /* three IP fragments each way */
	for (unsigned int i = 0; i < plan->datagrams; i++)
		hosted_cmd_add(a, "%d", 1 + rand_r(&state) % UDP_SIZE_MAX);
}

void stack_udp_echo(unsigned int datagrams, unsigned int seed)
{
	struct hosted_proc c[STACK_MAX_PORTS];
	struct udp_plan plan = { datagrams, seed };

	ck_assert_msg(datagrams + 8 <= HOSTED_CMD_ARGS, "at most %d datagrams",
		      HOSTED_CMD_ARGS - 8);
	run_on_every_port(c, "udp-echo", build_udp, &plan);
	for (unsigned int i = 0; i < config.nr_ports; i++) {
		ck_assert_msg(hosted_proc_ok(&c[i]) &&
				  strstr(hosted_proc_output(&c[i]), "\"ok\": true"),
			      "udp echo %s (seed %u, %s): %s", napkin_ip[i], seed,
			      hosted_proc_how(&c[i]), hosted_proc_output(&c[i]));
		hosted_proc_release(&c[i]);
	}
}

static void build_tcp(struct hosted_cmd *a, unsigned int port, void *ctx)
{
	hosted_cmd_add(a, "python3");
	hosted_cmd_add(a, NET_PEER);
	hosted_cmd_add(a, "tcp-echo");
	hosted_cmd_add(a, "%s", napkin_ip[port]);
	hosted_cmd_add(a, "%u", *(u32 *)ctx);
}

void stack_tcp_echo(u32 bytes)
{
	struct hosted_proc c[STACK_MAX_PORTS];

	run_on_every_port(c, "tcp-echo", build_tcp, &bytes);
	for (unsigned int i = 0; i < config.nr_ports; i++) {
		const char *out = hosted_proc_output(&c[i]);

		ck_assert_msg(hosted_proc_ok(&c[i]) && strstr(out, "\"ok\": true") &&
				  strstr(out, "\"hash_match\": true"),
			      "tcp echo %s (%s): %s", napkin_ip[i], hosted_proc_how(&c[i]), out);
		hosted_proc_release(&c[i]);
	}
}

static void build_iperf(struct hosted_cmd *a, unsigned int port, void *ctx)
{
	hosted_cmd_add(a, "iperf");
	hosted_cmd_add(a, "-c");
	hosted_cmd_add(a, "%s", napkin_ip[port]);
	hosted_cmd_add(a, "-t");
	hosted_cmd_add(a, "%u", *(unsigned int *)ctx);
	hosted_cmd_add(a, "-y");
	hosted_cmd_add(a, "C");
}

/* napkin's report for the connection from `client_port` of port i's Linux address. */
struct iperf_wait {
	char needle[STACK_MAX_PORTS][64];
};

static bool iperf_reported(void *ctx)
{
	const struct iperf_wait *w = ctx;

	for (unsigned int i = 0; i < config.nr_ports; i++)
		if (!stub_printk_find(w->needle[i]))
			return false;
	return true;
}

/*
 * The client's CSV report, a line time,src,src_port,dst,dst_port,id,interval,
 * bytes,rate among whatever else it printed: takes the client's port
 * (field 3) and the bytes it sent (field 8).
 */
static bool parse_iperf_csv(const char *out, unsigned int *client_port, u64 *bytes)
{
	for (const char *line = out; *line; line = strchrnul(line, '\n'), line += *line == '\n') {
		const char *f = line, *eol = strchrnul(line, '\n');
		unsigned long long b;
		int comma = 0;

		for (; f < eol && comma < 2; f++)
			comma += *f == ',';
		if (comma < 2 || sscanf(f, "%u", client_port) != 1)
			continue;
		for (; f < eol && comma < 7; f++)
			comma += *f == ',';
		if (comma == 7 && sscanf(f, "%llu", &b) == 1) {
			*bytes = b;
			return true;
		}
	}
	return false;
}

void stack_iperf(unsigned int seconds, struct stack_rate out[])
{
	struct hosted_proc c[STACK_MAX_PORTS];
	struct iperf_wait w;

	run_on_every_port(c, "iperf", build_iperf, &seconds);
	for (unsigned int i = 0; i < config.nr_ports; i++) {
		const char *text = hosted_proc_output(&c[i]);
		unsigned int client_port = 0;

		memset(&out[i], 0, sizeof(out[i]));
		ck_assert_msg(hosted_proc_ok(&c[i]) &&
				  parse_iperf_csv(text, &client_port, &out[i].client_bytes),
			      "iperf -c %s (%s): %s", napkin_ip[i], hosted_proc_how(&c[i]), text);
		hosted_proc_release(&c[i]);
		snprintf(w.needle[i], sizeof(w.needle[i]), "iperf: %s port %u: ", linux_ip[i],
			 client_port);
	}
	ck_assert_msg(hosted_run_until(iperf_reported, &w, STACK_WAIT * NSEC_PER_SEC),
		      "napkin never reported every iperf run (%s...)", w.needle[0]);
	for (unsigned int i = 0; i < config.nr_ports; i++) {
		const char *line = stub_printk_find(w.needle[i]);
		const char *done = strstr(line, ": done, ");
		unsigned long long bytes;
		unsigned int ms;

		ck_assert_msg(done && sscanf(done + 8, "%llu bytes in %u ms", &bytes, &ms) == 2,
			      "%s", line);
		out[i].napkin_bytes = bytes;
		out[i].napkin_ms = ms ? ms : 1;
		out[i].mbit_s = (u32)(bytes * 8 / out[i].napkin_ms / 1000);
		/* napkin counts the client's settings header too; the client may not. */
		ck_assert_msg(out[i].client_bytes > 1000000 &&
				  out[i].napkin_bytes + 64 >= out[i].client_bytes,
			      "port %u: iperf client sent %llu, napkin counted %llu", i,
			      (unsigned long long)out[i].client_bytes, bytes);
	}
}

void stack_assert_not_starved(const struct stack_rate rates[])
{
	u64 slowest = UINT64_MAX, fastest = 0;

	for (unsigned int i = 0; i < config.nr_ports; i++) {
		/* bits per ms = kbit/s: finer than the Mbit/s reported */
		u64 kbit_s = rates[i].napkin_bytes * 8 / rates[i].napkin_ms;

		fprintf(stderr, "%s: port %u (%s): %u Mbit/s, %llu bytes in %u ms\n", test_name, i,
			config.ports[i].dev->name, rates[i].mbit_s,
			(unsigned long long)rates[i].napkin_bytes, rates[i].napkin_ms);
		slowest = MIN(slowest, kbit_s);
		fastest = MAX(fastest, kbit_s);
	}
	ck_assert_msg(slowest * STACK_STARVED_RATIO >= fastest,
		      "a port was starved: %llu kbit/s against %llu kbit/s (limit 1/%d)",
		      (unsigned long long)slowest, (unsigned long long)fastest,
		      STACK_STARVED_RATIO);
}

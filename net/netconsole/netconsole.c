// SPDX-License-Identifier: BSD-2-Clause
/*
 * Each target walks the log ring with its own sequence number, so catching
 * up on the boot log, live lines and lines missed while the target was still
 * resolving its peer are one mechanism: send every record from next_seq to
 * the ring's end. A timer drives targets from WAITING (no address yet)
 * through RESOLVING (ARP) to READY; after RESOLVE_TIMEOUT without an answer
 * the target falls back to broadcast and says so.
 */
#define pr_fmt(fmt) "netconsole: " fmt
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/initcall.h"
#include "kernel/core/cmdline.h"
#include "kernel/console/console.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/log.h"
#include "kernel/core/panic.h"
#include "kernel/console/printk.h"
#include "kernel/console/shell.h"
#include "kernel/core/time.h"
#include "net/netconsole/netconsole.h"
#include "net/core/netdev_stack.h"

#define CHUNK_MAX	   1000 /* payload bytes per datagram, as Linux's netconsole */
#define RESOLVE_RETRY_NS   (200 * NSEC_PER_MSEC)
#define RESOLVE_TIMEOUT_NS (3 * NSEC_PER_SEC)
/* When a record could not go: soon if the device was busy, slower while it is down. */
#define RETRY_SOON_NS (1 * NSEC_PER_MSEC)
#define RETRY_DOWN_NS (100 * NSEC_PER_MSEC)
/* How long the machine may wait, when it stops, for the lines still owed. */
#define DRAIN_LIMIT_NS (1 * NSEC_PER_SEC)

static struct netconsole_target targets[NETCONSOLE_MAX_TARGETS];
static const struct netconsole_stack_ops *stack;
static struct ktimer setup_timer, retry_timer;
static bool sending;
static union {
	struct log_record rec;
	char bytes[sizeof(struct log_record) + LOG_TEXT_MAX];
} scratch;

void netconsole_set_stack(const struct netconsole_stack_ops *ops)
{
	stack = ops;
}

static int send_chunk(struct netconsole_target *t, const char *buf, size_t len)
{
	int err = netpoll_send_udp(&t->np, buf, len);

	if (err == 0)
		t->fragments++;
	return err;
}

/*
 * Linux's extended format: "level,seq,timestamp_us,flag;text", split with
 * ncfrag. Sends from byte *off of the text; on failure *off is where to
 * resume, so a retry never repeats a fragment the listener already has.
 */
static int send_extended(struct netconsole_target *t, const struct log_record *r, size_t *off)
{
	char buf[CHUNK_MAX + 64];
	unsigned long long us = r->ts_ns / 1000;
	int hdr, err;

	hdr =
	    snprintf(buf, sizeof(buf), "%u,%llu,%llu,-;", r->level, (unsigned long long)r->seq, us);
	if ((size_t)hdr + r->len + 1 <= CHUNK_MAX) {
		memcpy(buf + hdr, r->text, r->len);
		buf[hdr + r->len] = '\n';
		return send_chunk(t, buf, (size_t)hdr + r->len + 1);
	}
	while (*off < r->len) {
		size_t n;

		hdr = snprintf(buf, sizeof(buf), "%u,%llu,%llu,-,ncfrag=%zu/%u;", r->level,
			       (unsigned long long)r->seq, us, *off, r->len);
		n = MIN((size_t)(CHUNK_MAX - hdr), (size_t)r->len - *off);
		memcpy(buf + hdr, r->text + *off, n);
		err = send_chunk(t, buf, (size_t)hdr + n);
		if (err)
			return err;
		*off += n;
	}
	return 0;
}

static int send_plain(struct netconsole_target *t, const struct log_record *r, size_t *off)
{
	char buf[CHUNK_MAX];

	/* Long lines go out in CHUNK_MAX pieces; the newline ends the last one. */
	do {
		size_t n = MIN((size_t)CHUNK_MAX - 1, (size_t)r->len - *off);
		int err;

		memcpy(buf, r->text + *off, n);
		if (*off + n == r->len)
			buf[n++] = '\n';
		err = send_chunk(t, buf, n);
		if (err)
			return err;
		*off += MIN((size_t)CHUNK_MAX - 1, (size_t)r->len - *off);
	} while (*off < r->len);
	return 0;
}

static void arm_retry(u64 delay_ns);

/*
 * Sends the records this target has not sent yet. A record that cannot go
 * now (we are inside the driver, its ring stayed full, the link is down)
 * stays where it is and the retry timer comes back for it from the main
 * loop: a line is late, never skipped. Only records the ring overwrote
 * before their turn are lost, and they are counted.
 */
static void flush_target(struct netconsole_target *t)
{
	for (;;) {
		u64 seq = t->next_seq;
		int err;

		if (!log_read(&seq, &scratch.rec))
			return;
		if (scratch.rec.seq > t->next_seq) {
			t->lost_records += scratch.rec.seq - t->next_seq;
			t->next_seq = scratch.rec.seq;
			t->resume_off = 0;
		}
		if (scratch.rec.level >= console_loglevel && console_loglevel > 0) {
			t->next_seq = seq;
			continue;
		}
		if (netpoll_would_reenter(&t->np)) {
			t->deferred++;
			arm_retry(RETRY_SOON_NS);
			return;
		}
		if (t->cfg.extended)
			err = send_extended(t, &scratch.rec, &t->resume_off);
		else
			err = send_plain(t, &scratch.rec, &t->resume_off);
		if (err) {
			/* Nothing more from printk until the timer has had a go. */
			t->deferred++;
			t->stalled = true;
			arm_retry(err == -ENODEV ? RETRY_DOWN_NS : RETRY_SOON_NS);
			return;
		}
		t->resume_off = 0;
		t->next_seq = seq;
		t->lines++;
	}
}

static void flush_all(bool from_timer)
{
	unsigned long flags = local_irq_save();

	/* netconsole's own sends never log, but a driver it calls might. */
	if (!sending) {
		sending = true;
		for (int i = 0; i < NETCONSOLE_MAX_TARGETS; i++) {
			struct netconsole_target *t = &targets[i];

			if (t->state != NC_READY)
				continue;
			if (from_timer)
				t->stalled = false;
			if (!t->stalled)
				flush_target(t);
		}
		sending = false;
	}
	local_irq_restore(flags);
}

void netconsole_flush(void)
{
	flush_all(false);
}

static void retry_tick(struct ktimer *timer)
{
	flush_all(true);
}

static void arm_retry(u64 delay_ns)
{
	u64 when = ktime_get_ns() + delay_ns;

	/* An earlier deadline already set stands. */
	if (!retry_timer.armed || retry_timer.deadline_ns > when) {
		retry_timer.fn = retry_tick;
		ktimer_arm(&retry_timer, when);
	}
}

static void netconsole_write_record(struct console *con, const struct log_record *rec)
{
	netconsole_flush();
}

static struct console netconsole_console = {
	.name = "netcon",
	.write_record = netconsole_write_record,
	/* Filtering happens per record in flush_target(). */
	.loglevel = 9,
};

/* Prefers the first device with a link, else the first device at all. */
static int consider_device(struct net_device *dev, void *ctx)
{
	struct net_device **found = ctx;

	if (dev->link_up || !*found)
		*found = dev;
	return dev->link_up;
}

static struct net_device *pick_device(const char *name)
{
	struct net_device *found = NULL;

	if (name[0])
		return netdev_get_by_name(name);
	netdev_for_each(consider_device, &found);
	return found;
}

/* The limited broadcast, or the broadcast address of the subnet ip is in. */
static bool is_broadcast(u32 target, u32 ip, u32 mask)
{
	if (target == 0xffffffffu)
		return true;
	/* A /31 or /32 has no broadcast address of its own. */
	if (mask == 0 || (~mask & 0xfffffffeu) == 0)
		return false;
	return (target & mask) == (ip & mask) && (target | mask) == 0xffffffffu;
}

static void say_ready(const struct netconsole_target *t)
{
	pr_info("target %u.%u.%u.%u:%u via %s from %u.%u.%u.%u:%u%s%s ready\n",
		t->np.remote_ip >> 24, (t->np.remote_ip >> 16) & 0xff,
		(t->np.remote_ip >> 8) & 0xff, t->np.remote_ip & 0xff, t->np.remote_port,
		t->np.dev->name, t->np.local_ip >> 24, (t->np.local_ip >> 16) & 0xff,
		(t->np.local_ip >> 8) & 0xff, t->np.local_ip & 0xff, t->np.local_port,
		t->cfg.extended ? " (extended)" : "", t->broadcast ? " (broadcast)" : "");
}

static void advance(struct netconsole_target *t, u64 now)
{
	struct net_device *dev;
	u32 ip, mask;
	int ret;

	if (t->state == NC_WAITING) {
		dev = pick_device(t->cfg.dev_name);
		ip = t->cfg.local_ip;
		if (!dev)
			return;
		/* Like Linux's netpoll setup: a console needs its device open. */
		if (!(dev->flags & IFF_UP) && dev_open(dev)) {
			pr_err("cannot open %s for netconsole\n", dev->name);
			t->state = NC_FAILED;
			return;
		}
		if (!ip && stack)
			ip = stack->dev_ipv4(dev);
		if (!ip)
			return;
		mask = stack && stack->dev_ipv4_netmask ? stack->dev_ipv4_netmask(dev) : 0;
		t->np.dev = dev;
		t->np.local_ip = ip;
		t->np.local_port = t->cfg.local_port;
		t->np.remote_ip = t->cfg.remote_ip;
		/* No netmask known (no stack, or none yet): the limited broadcast. */
		if (t->cfg.subnet_broadcast)
			t->np.remote_ip = ip | ~mask;
		t->np.remote_port = t->cfg.remote_port;
		t->started_ns = now;
		if (t->cfg.mac_given) {
			memcpy(t->np.remote_mac, t->cfg.remote_mac, 6);
			t->state = NC_READY;
		} else if (is_broadcast(t->np.remote_ip, ip, mask)) {
			/* Nobody answers ARP for a broadcast address: every station's MAC. */
			memset(t->np.remote_mac, 0xff, 6);
			t->broadcast = true;
			t->state = NC_READY;
			say_ready(t);
		} else {
			t->state = NC_RESOLVING;
		}
	}
	if (t->state == NC_RESOLVING) {
		ret =
		    stack ? stack->resolve(t->np.dev, t->np.remote_ip, t->np.remote_mac) : -ENOSYS;
		if (ret == 0) {
			t->state = NC_READY;
		} else if (now - t->started_ns > RESOLVE_TIMEOUT_NS) {
			memset(t->np.remote_mac, 0xff, 6);
			t->broadcast = true;
			t->state = NC_READY;
			pr_warn("no ARP answer from %u.%u.%u.%u; sending to broadcast\n",
				t->np.remote_ip >> 24, (t->np.remote_ip >> 16) & 0xff,
				(t->np.remote_ip >> 8) & 0xff, t->np.remote_ip & 0xff);
		} else {
			return;
		}
		say_ready(t);
	}
}

static void setup_tick(struct ktimer *timer)
{
	u64 now = ktime_get_ns();
	bool pending = false;

	for (int i = 0; i < NETCONSOLE_MAX_TARGETS; i++) {
		struct netconsole_target *t = &targets[i];

		if (t->state == NC_WAITING || t->state == NC_RESOLVING) {
			advance(t, now);
			pending |= t->state != NC_READY;
		}
	}
	netconsole_flush();
	if (pending)
		ktimer_arm(timer, now + RESOLVE_RETRY_NS);
}

static int add_config(const struct netconsole_config *cfg)
{
	for (int i = 0; i < NETCONSOLE_MAX_TARGETS; i++) {
		if (targets[i].state != NC_UNUSED)
			continue;
		memset(&targets[i], 0, sizeof(targets[i]));
		targets[i].cfg = *cfg;
		targets[i].state = NC_WAITING;
		targets[i].next_seq = log_first_seq();
		setup_timer.fn = setup_tick;
		ktimer_arm(&setup_timer, ktime_get_ns());
		return i;
	}
	return -ENOSPC;
}

int netconsole_add(const char *spec)
{
	struct netconsole_config cfg;
	const char *why = "";

	if (netconsole_parse_target(spec, strlen(spec), &cfg, &why)) {
		pr_err("bad target \"%s\": %s\n", spec, why);
		return -EINVAL;
	}
	return add_config(&cfg);
}

int netconsole_remove(int index)
{
	if (index < 0 || index >= NETCONSOLE_MAX_TARGETS || targets[index].state == NC_UNUSED)
		return -ENOENT;
	targets[index].state = NC_UNUSED;
	return 0;
}

const struct netconsole_target *netconsole_target(int index)
{
	if (index < 0 || index >= NETCONSOLE_MAX_TARGETS)
		return NULL;
	return &targets[index];
}

static void netconsole_shell_init(void);

static bool can_send(const struct netconsole_target *t)
{
	const struct net_device *dev = t->np.dev;

	return t->state == NC_READY && dev && (dev->flags & IFF_UP) && dev->link_up;
}

/* Every target that can send has sent the whole ring, and the NICs sent every frame. */
static bool drained(void)
{
	u64 end = log_next_seq();

	for (int i = 0; i < NETCONSOLE_MAX_TARGETS; i++)
		if (can_send(&targets[i]) && targets[i].next_seq < end)
			return false;
	return netpoll_in_flight() == 0;
}

/*
 * The machine is about to stop, and no timer will come back for a target
 * whose NIC was busy: send and reap here until everything owed is on the
 * wire. A target whose link is down is not waited for.
 */
static void netconsole_drain(void)
{
	u64 deadline = ktime_get_ns() + DRAIN_LIMIT_NS;

	while (!drained()) {
		if (ktime_get_ns() > deadline) {
			pr_warn("%d frames and some lines not sent before the machine stopped\n",
				netpoll_in_flight());
			return;
		}
		flush_all(true);
		for (int i = 0; i < NETCONSOLE_MAX_TARGETS; i++)
			if (can_send(&targets[i]))
				netpoll_poll_dev(targets[i].np.dev);
		udelay(20);
	}
}

/* On the way down nothing will answer ARP: use what we have, or broadcast. */
static void netconsole_panic_hook(void)
{
	u64 now = ktime_get_ns();

	netpoll_set_panic();
	for (int i = 0; i < NETCONSOLE_MAX_TARGETS; i++) {
		struct netconsole_target *t = &targets[i];

		if (t->state == NC_WAITING)
			advance(t, now);
		if (t->state == NC_RESOLVING) {
			t->started_ns = now - RESOLVE_TIMEOUT_NS - 1;
			advance(t, now);
		}
	}
	/* panic_end() drains next, through the stop hook: no timer will run again. */
}

void netconsole_init(void)
{
	struct netconsole_config cfgs[NETCONSOLE_MAX_TARGETS];
	const char *spec = NULL, *why = "";
	int n, bad = 0;

	if (netpoll_init())
		return;
	register_console(&netconsole_console);
	panic_register_hook(netconsole_panic_hook);
	machine_stop_register_hook(netconsole_drain);
	netconsole_shell_init();
	if (!cmdline_get("netconsole", &spec) || !spec)
		return;
	n = netconsole_parse(spec, cfgs, NETCONSOLE_MAX_TARGETS, &why, &bad);
	if (n < 0) {
		pr_err("cmdline: invalid value \"%s\" for netconsole: target %d: %s\n", spec,
		       bad + 1, why);
		return;
	}
	for (int i = 0; i < n; i++)
		add_config(&cfgs[i]);
	/* Start at once: with addresses on the command line no stack is needed. */
	setup_tick(&setup_timer);
}
late_initcall(netconsole_init);

/* ---- shell: show and change targets ---- */

static const char *const state_names[] = { "unused", "waiting", "resolving", "ready", "failed" };

static int cmd_netconsole(int argc, char **argv)
{
	if (argc == 1) {
		for (int i = 0; i < NETCONSOLE_MAX_TARGETS; i++) {
			const struct netconsole_target *t = &targets[i];
			/* Known once the target left WAITING ("broadcast" needs the address). */
			u32 ip = t->np.dev ? t->np.remote_ip : t->cfg.remote_ip;

			if (t->state == NC_UNUSED)
				continue;
			shell_printf("%d: %u.%u.%u.%u:%u via %s %s%s%s lines %llu datagrams %llu "
				     "lost %llu deferred %llu\n",
				     i, ip >> 24, (ip >> 16) & 0xff, (ip >> 8) & 0xff, ip & 0xff,
				     t->cfg.remote_port, t->np.dev ? t->np.dev->name : "-",
				     state_names[t->state], t->cfg.extended ? " extended" : "",
				     t->broadcast ? " broadcast" : "", (unsigned long long)t->lines,
				     (unsigned long long)t->fragments,
				     (unsigned long long)t->lost_records,
				     (unsigned long long)t->deferred);
		}
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "add")) {
		int i = netconsole_add(argv[2]);

		if (i == -EINVAL) {
			shell_printf("netconsole: bad target (see the log line above)\n");
			return -ERANGE;
		}
		if (i < 0)
			return i;
		shell_printf("netconsole: target %d added\n", i);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "del")) {
		char *end;
		long i = strtol(argv[2], &end, 10);

		if (end == argv[2] || *end || netconsole_remove((int)i)) {
			shell_printf("netconsole: no target '%s'\n", argv[2]);
			return -ENOENT;
		}
		shell_printf("netconsole: target %ld removed\n", i);
		return 0;
	}
	return -EINVAL;
}

static struct shell_cmd netconsole_cmd = {
	.name = "netconsole",
	.usage = "netconsole [add SPEC | del N]",
	.help = "show, add or remove netconsole targets",
	.run = cmd_netconsole,
};

static void netconsole_shell_init(void)
{
	shell_register(&netconsole_cmd);
}

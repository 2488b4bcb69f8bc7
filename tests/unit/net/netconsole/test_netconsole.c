// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for net/netconsole/netconsole.c's delivery: the real log ring
 * (kernel/console/log.c) and target parser, with netpoll played by the test. A
 * record that cannot go now must wait, go later exactly once and resume at
 * the fragment where it stopped; only records the ring overwrote are lost,
 * and they are counted.
 */
#include <check.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/console/console.h"
#include "kernel/console/log.h"
#include "kernel/console/shell.h"
#include "kernel/core/time.h"
#include "net/netconsole/netconsole.h"
#include "net/core/netdev_stack.h"
#include "tests/unit/fakes/stub_printk.h"

/* ---- the kernel around netconsole ---- */

int console_loglevel = 8;
static struct console *registered;
static struct ktimer *timers[4];
static unsigned int nr_timers;
static u64 now_ns;

void register_console(struct console *con)
{
	registered = con;
}

void panic_register_hook(void (*fn)(void)) {}

/* What the machine runs before it stops: netconsole's drain. */
static void (*stop_hook)(void);
void machine_stop_register_hook(void (*fn)(void))
{
	stop_hook = fn;
}
void shell_register(struct shell_cmd *cmd) {}
int shell_printf(const char *fmt, ...)
{
	return 0;
}

bool cmdline_get(const char *key, const char **value)
{
	return false;
}

u64 ktime_get_ns(void)
{
	return now_ns;
}

/* Busy-waiting moves the clock but runs no timer: the machine is stopping. */
void udelay(u32 usecs)
{
	now_ns += (u64)usecs * 1000;
}

void ktimer_arm(struct ktimer *t, u64 deadline_ns)
{
	t->deadline_ns = deadline_ns;
	if (!t->armed && nr_timers < 4)
		timers[nr_timers++] = t;
	t->armed = true;
}

/* Moves the clock and runs every timer due, as the main loop would. */
static void run_timers(u64 advance_ns)
{
	now_ns += advance_ns;
	for (unsigned int i = 0; i < nr_timers; i++) {
		struct ktimer *t = timers[i];

		if (t->armed && t->deadline_ns <= now_ns) {
			t->armed = false;
			t->fn(t);
		}
	}
}

/* ---- one device, up ---- */

static struct net_device dev = { .name = "eth0" };

int dev_open(struct net_device *d)
{
	return 0;
}

int netdev_for_each(int (*fn)(struct net_device *d, void *ctx), void *ctx)
{
	return fn(&dev, ctx);
}

struct net_device *netdev_get_by_name(const char *name)
{
	return strcmp(name, "eth0") ? NULL : &dev;
}

/* ---- netpoll, played by the test ---- */

#define SENT_MAX 4096
static char *sent[SENT_MAX];
static unsigned int nr_sent;
static bool in_driver;	    /* netpoll_would_reenter() says so */
static int fail_after = -1; /* sends that succeed before the next one fails */
static int fail_err = -ENOBUFS;
static struct netpoll last_np; /* what the last datagram was sent with */
static int nic_holds;	       /* frames the NIC has not given back */
static int reaps_to_free = -1; /* reaps until the NIC frees its ring (-1: never) */
static unsigned int reaps;

int netpoll_in_flight(void)
{
	return nic_holds;
}

/*
 * A reap: after reaps_to_free of them the NIC has caught up, sends succeed
 * again and every later reap finds all it was given sent.
 */
void netpoll_poll_dev(struct net_device *d)
{
	ck_assert_ptr_eq(d, &dev);
	reaps++;
	if (reaps_to_free > 0 && --reaps_to_free == 0)
		fail_after = -1;
	if (reaps_to_free == 0)
		nic_holds = 0;
}

int netpoll_init(void)
{
	return 0;
}

void netpoll_set_panic(void) {}

bool netpoll_would_reenter(const struct netpoll *np)
{
	return in_driver;
}

int netpoll_send_udp(struct netpoll *np, const void *payload, size_t len)
{
	if (fail_after == 0)
		return fail_err;
	if (fail_after > 0)
		fail_after--;
	nic_holds++;
	ck_assert_uint_lt(nr_sent, SENT_MAX);
	last_np = *np;
	sent[nr_sent] = strndup(payload, len);
	nr_sent++;
	return 0;
}

/* ---- helpers ---- */

static void logf_line(const char *fmt, ...) __printf(1, 2);
static void logf_line(const char *fmt, ...)
{
	char buf[LOG_TEXT_MAX + 1];
	va_list ap;
	int n;
	u64 seq;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	seq = log_store(6, now_ns, buf, (size_t)n);
	/* What printk does after storing: every console sees the record. */
	if (registered && registered->write_record) {
		struct log_record rec = { .seq = seq, .level = 6 };

		registered->write_record(registered, &rec);
	}
}

static const struct netconsole_target *target;

static void setup(void)
{
	for (unsigned int i = 0; i < nr_sent; i++)
		free(sent[i]);
	nr_sent = 0;
	in_driver = false;
	fail_after = -1;
	fail_err = -ENOBUFS;
	nic_holds = 0;
	reaps_to_free = -1;
	reaps = 0;
	stub_printk_reset();
	dev.flags = IFF_UP;
	dev.link_up = true;
}

static void init_once(void)
{
	static bool initialised;

	if (!initialised) {
		netconsole_init();
		initialised = true;
	}
}

/* Starts target 0 (extended format, MAC given: ready at once) and drains the ring so far. */
static void start_target(bool extended)
{
	int i;

	init_once();
	netconsole_remove(0);
	i = netconsole_add(extended ? "+@10.0.0.2/eth0,@10.0.0.1/02:00:00:00:00:01"
				    : "@10.0.0.2/eth0,@10.0.0.1/02:00:00:00:00:01");
	ck_assert_int_eq(i, 0);
	run_timers(1);
	target = netconsole_target(0);
	ck_assert_int_eq(target->state, NC_READY);
	setup();
}

static unsigned long long seq_of(const char *datagram)
{
	unsigned int level;
	unsigned long long seq;

	ck_assert_int_eq(sscanf(datagram, "%u,%llu,", &level, &seq), 2);
	return seq;
}

/* ---- the stack: an address that may come later (DHCP), ARP that records its questions ---- */

static u32 stack_ip, stack_mask;
static unsigned int resolves;

static u32 fake_dev_ipv4(struct net_device *d)
{
	return stack_ip;
}

static u32 fake_dev_ipv4_netmask(struct net_device *d)
{
	return stack_mask;
}

static int fake_resolve(struct net_device *d, u32 ip, u8 mac[6])
{
	resolves++;
	return -EAGAIN;
}

static const struct netconsole_stack_ops fake_stack = {
	.dev_ipv4 = fake_dev_ipv4,
	.dev_ipv4_netmask = fake_dev_ipv4_netmask,
	.resolve = fake_resolve,
};

/* Adds spec as target 0 on a stack with ip/mask; returns it after one timer round. */
static const struct netconsole_target *add_on_stack(const char *spec, u32 ip, u32 mask)
{
	init_once();
	for (int i = 0; i < NETCONSOLE_MAX_TARGETS; i++)
		netconsole_remove(i);
	netconsole_set_stack(&fake_stack);
	stack_ip = ip;
	stack_mask = mask;
	resolves = 0;
	ck_assert_int_eq(netconsole_add(spec), 0);
	run_timers(1);
	return netconsole_target(0);
}

static void leave_stack(void)
{
	netconsole_remove(0);
	netconsole_set_stack(NULL);
}

/* ---- tests ---- */

START_TEST(test_broadcast_of_the_learned_subnet)
{
	const struct netconsole_target *t;
	static const u8 all_ones[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

	/* No address yet: the target waits, and nothing is sent. */
	t = add_on_stack("@/,6666@broadcast/", 0, 0);
	ck_assert_int_eq(t->state, NC_WAITING);
	ck_assert_uint_eq(nr_sent, 0);
	/* DHCP gives 192.168.5.20/24: the target is 192.168.5.255, no ARP asked. */
	stack_ip = 0xc0a80514;
	stack_mask = 0xffffff00;
	run_timers(200 * NSEC_PER_MSEC);
	ck_assert_int_eq(t->state, NC_READY);
	ck_assert(t->broadcast);
	ck_assert_uint_eq(resolves, 0);
	logf_line("to everyone on the LAN");
	ck_assert_uint_gt(nr_sent, 0);
	ck_assert_uint_eq(last_np.remote_ip, 0xc0a805ff);
	ck_assert_uint_eq(last_np.local_ip, 0xc0a80514);
	ck_assert_uint_eq(last_np.remote_port, 6666);
	ck_assert_mem_eq(last_np.remote_mac, all_ones, 6);
	ck_assert_str_eq(sent[nr_sent - 1], "to everyone on the LAN\n");
	ck_assert_ptr_nonnull(stub_printk_find("192.168.5.255:6666 via eth0"));
	leave_stack();
}
END_TEST

START_TEST(test_broadcast_addresses_need_no_arp)
{
	const struct netconsole_target *t;

	/* The limited broadcast. */
	t = add_on_stack("@/,@255.255.255.255/", 0x0a000002, 0xff000000);
	ck_assert_int_eq(t->state, NC_READY);
	ck_assert(t->broadcast && t->np.remote_mac[0] == 0xff && resolves == 0);
	/* The subnet's broadcast written out. */
	t = add_on_stack("@/,@10.255.255.255/", 0x0a000002, 0xff000000);
	ck_assert(t->state == NC_READY && t->broadcast && resolves == 0);
	/* Another subnet's broadcast address is just an address: ARP (for the gateway). */
	t = add_on_stack("@/,@10.1.255.255/", 0x0b000002, 0xff000000);
	ck_assert(t->state == NC_RESOLVING && !t->broadcast && resolves == 1);
	/* A host on the subnet: ARP. */
	t = add_on_stack("@/,@10.0.0.1/", 0x0a000002, 0xff000000);
	ck_assert(t->state == NC_RESOLVING && !t->broadcast && resolves == 1);
	/* A /31 has no broadcast address: its other end is a host. */
	t = add_on_stack("@/,@10.0.0.3/", 0x0a000002, 0xfffffffe);
	ck_assert(t->state == NC_RESOLVING && !t->broadcast);
	/* A given MAC is used as given. */
	t = add_on_stack("@/,@broadcast/02:00:00:00:00:09", 0x0a000002, 0xffffff00);
	ck_assert(t->state == NC_READY && !t->broadcast && t->np.remote_mac[5] == 9);
	ck_assert_uint_eq(t->np.remote_ip, 0x0a0000ff);
	/* No netmask from the stack: the limited broadcast. */
	t = add_on_stack("@/,@broadcast/", 0x0a000002, 0);
	ck_assert(t->state == NC_READY && t->broadcast && t->np.remote_ip == 0xffffffffu);
	leave_stack();
}
END_TEST

START_TEST(test_lines_go_out_in_order)
{
	start_target(true);
	for (int i = 0; i < 10; i++)
		logf_line("line %d", i);
	ck_assert_uint_eq(nr_sent, 10);
	for (unsigned int i = 1; i < nr_sent; i++)
		ck_assert_uint_eq(seq_of(sent[i]), seq_of(sent[i - 1]) + 1);
	ck_assert_ptr_nonnull(strstr(sent[9], ";line 9\n"));
}
END_TEST

START_TEST(test_line_logged_inside_the_driver_waits_for_the_timer)
{
	start_target(true);
	in_driver = true;
	logf_line("from inside the poll");
	logf_line("and another");
	ck_assert_uint_eq(nr_sent, 0);
	ck_assert_uint_ge(target->deferred, 1);
	/* Still inside: the timer tries, nothing goes, nothing is lost. */
	run_timers(2 * NSEC_PER_MSEC);
	ck_assert_uint_eq(nr_sent, 0);
	in_driver = false;
	run_timers(2 * NSEC_PER_MSEC);
	ck_assert_uint_eq(nr_sent, 2);
	ck_assert_ptr_nonnull(strstr(sent[0], ";from inside the poll\n"));
	ck_assert_uint_eq(seq_of(sent[1]), seq_of(sent[0]) + 1);
	ck_assert_uint_eq(target->lost_records, 0);
}
END_TEST

START_TEST(test_failed_send_resumes_at_the_fragment_it_stopped_at)
{
	char big[2500];
	u64 lines0;

	start_target(true);
	lines0 = target->lines;
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	/* Three fragments; the second fails the first time. */
	fail_after = 1;
	logf_line("%s", big);
	ck_assert_uint_eq(nr_sent, 1);
	ck_assert_ptr_nonnull(strstr(sent[0], "ncfrag=0/"));
	/* printk does not retry a stalled target; the timer does. */
	logf_line("behind it");
	ck_assert_uint_eq(nr_sent, 1);
	fail_after = -1;
	run_timers(2 * NSEC_PER_MSEC);
	ck_assert_uint_eq(nr_sent, 4);
	ck_assert_ptr_null(strstr(sent[1], "ncfrag=0/"));
	ck_assert_ptr_nonnull(strstr(sent[1], "ncfrag="));
	ck_assert_ptr_nonnull(strstr(sent[2], "ncfrag="));
	ck_assert_uint_eq(seq_of(sent[1]), seq_of(sent[0]));
	ck_assert_ptr_nonnull(strstr(sent[3], ";behind it\n"));
	ck_assert_uint_eq(target->lines - lines0, 2);
}
END_TEST

START_TEST(test_link_down_waits_then_sends_everything)
{
	start_target(false);
	fail_err = -ENODEV;
	fail_after = 0;
	logf_line("while the link is down");
	ck_assert_uint_eq(nr_sent, 0);
	/* Retried slowly while down. */
	run_timers(2 * NSEC_PER_MSEC);
	ck_assert_uint_eq(nr_sent, 0);
	fail_after = -1;
	run_timers(200 * NSEC_PER_MSEC);
	ck_assert_uint_eq(nr_sent, 1);
	ck_assert_str_eq(sent[0], "while the link is down\n");
}
END_TEST

START_TEST(test_records_the_ring_overwrote_are_counted_lost)
{
	char text[900]; /* one datagram per record */
	u64 lost0;

	start_target(true);
	lost0 = target->lost_records;
	memset(text, 'y', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	in_driver = true;
	/* Far more than the 256 KiB ring holds while nothing can go out. */
	for (int i = 0; i < 600; i++)
		logf_line("%04d %s", i, text);
	in_driver = false;
	run_timers(2 * NSEC_PER_MSEC);
	ck_assert_uint_gt(target->lost_records, lost0);
	/* What arrived plus what was counted lost is everything, once. */
	ck_assert_uint_eq(nr_sent + (target->lost_records - lost0), 600);
	ck_assert_ptr_nonnull(strstr(sent[nr_sent - 1], ";0599 "));
	for (unsigned int i = 1; i < nr_sent; i++)
		ck_assert_uint_eq(seq_of(sent[i]), seq_of(sent[i - 1]) + 1);
}
END_TEST

/*
 * A test's exit or a reboot right after a burst: the NIC's ring was full, so
 * the rest waited for a retry timer that will never run. The stop hook must
 * send it all, in order, and wait until the NIC has sent every frame.
 */
START_TEST(test_stopping_sends_what_a_busy_nic_held_back)
{
	start_target(true);
	fail_after = 3;
	for (int i = 0; i < 10; i++)
		logf_line("line %d", i);
	ck_assert_uint_eq(nr_sent, 3);
	reaps_to_free = 5;
	ck_assert_ptr_nonnull(stop_hook);
	stop_hook();
	ck_assert_uint_eq(nr_sent, 10);
	for (unsigned int i = 1; i < nr_sent; i++)
		ck_assert_uint_eq(seq_of(sent[i]), seq_of(sent[i - 1]) + 1);
	ck_assert_ptr_nonnull(strstr(sent[9], ";line 9\n"));
	ck_assert_int_eq(nic_holds, 0);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "not sent before"), 0);
}
END_TEST

/* A NIC that never gives its frames back cannot hold the machine up for more than a second. */
START_TEST(test_stopping_gives_up_on_a_stuck_nic_and_says_so)
{
	u64 t0;

	start_target(true);
	fail_after = 0;
	logf_line("stuck behind a full ring");
	t0 = now_ns;
	stop_hook();
	ck_assert_uint_ge(now_ns - t0, NSEC_PER_SEC);
	ck_assert_uint_lt(now_ns - t0, NSEC_PER_SEC + 10 * NSEC_PER_MSEC);
	ck_assert_uint_gt(reaps, 100);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "not sent before the machine stopped"),
			 1);
	/* Nothing lost that a later retry could not still send. */
	fail_after = -1;
	run_timers(2 * NSEC_PER_MSEC);
	ck_assert_ptr_nonnull(strstr(sent[nr_sent - 1], ";stuck behind a full ring\n"));
}
END_TEST

/* A target whose link is down is not waited for: nothing can go out. */
START_TEST(test_stopping_does_not_wait_for_a_link_that_is_down)
{
	u64 t0;

	start_target(false);
	fail_err = -ENODEV;
	fail_after = 0;
	logf_line("while the link is down");
	dev.link_up = false;
	t0 = now_ns;
	stop_hook();
	ck_assert_uint_eq(now_ns, t0);
	ck_assert_uint_eq(nr_sent, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("netconsole");
	TCase *tc = tcase_create("delivery");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_lines_go_out_in_order);
	tcase_add_test(tc, test_line_logged_inside_the_driver_waits_for_the_timer);
	tcase_add_test(tc, test_failed_send_resumes_at_the_fragment_it_stopped_at);
	tcase_add_test(tc, test_link_down_waits_then_sends_everything);
	tcase_add_test(tc, test_records_the_ring_overwrote_are_counted_lost);
	tcase_add_test(tc, test_broadcast_of_the_learned_subnet);
	tcase_add_test(tc, test_broadcast_addresses_need_no_arp);
	tcase_add_test(tc, test_stopping_sends_what_a_busy_nic_held_back);
	tcase_add_test(tc, test_stopping_gives_up_on_a_stuck_nic_and_says_so);
	tcase_add_test(tc, test_stopping_does_not_wait_for_a_link_that_is_down);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

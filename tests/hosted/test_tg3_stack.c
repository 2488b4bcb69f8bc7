// SPDX-License-Identifier: BSD-2-Clause
/*
 * napkin's whole network path, hosted: lwIP, the glue, the services, NAPI and
 * the tg3 driver, against the modelled BCM5719 whose wire is a TAP device in
 * a network namespace of this process's own. Real Linux tools talk to it
 * there: ping, UDP echo of random payloads, TCP echo compared by checksum,
 * and an iperf2 client against napkin's iperf server. The code is the code
 * the ISO runs; only kernel/ below the drivers is the harness.
 *
 * The harness's clock normally moves only when told; here it follows the
 * real clock, so lwIP's timers and TCP's retransmissions see the same time
 * as the Linux peer.
 *
 * Needs root (a network namespace and a TAP device) and ip, ping, iperf and
 * python3. Without them it fails, unless NAPKIN_SKIP_PRIVILEGED is set.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel/cmdline.h"
#include "kernel/loop.h"
#include "kernel/time.h"
#include "net/net_init.h"
#include "net/netconsole.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/models/tg3_model.h"
#include "tests/hosted/tg3_test_util.h"
#include "tests/unit/stub_printk.h"

#define TAP_NAME     "tg3stk0"
#define NAPKIN_IP    "10.0.0.2"
#define NET_PEER     "tests/qemu/net_peer.py"
#define TOOL_TIMEOUT 90 /* seconds any one tool may run */

/* ---- what the kernel would provide around lwIP ---- */

static struct loop_hook *stack_hook;

void loop_add_hook(struct loop_hook *hook)
{
	stack_hook = hook;
}

/* netconsole and the shell are not part of this test. */
void netconsole_set_stack(const struct netconsole_stack_ops *ops) {}
void glue_shell_init(void);
void glue_shell_init(void) {}

/* ---- the loop, in real time ---- */

static u64 real_start_ns;

static u64 real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

/*
 * One round of kmain's loop: bring the simulated clock up to real time
 * (device events due meanwhile run on the way), one round of wires, devices,
 * interrupts, softirqs and timers, then lwIP's hook, as main_loop runs it.
 * One round at a time, so time moves during a long burst too. Sleeps
 * briefly when nothing happened.
 */
static void pump(void)
{
	u64 target = real_ns() - real_start_ns, now = hosted_now();
	bool busy;

	if (target > now)
		hosted_advance(target - now);
	busy = hosted_run_once();
	stack_hook->run(hosted_now());
	if (!busy) {
		struct timespec nap = { 0, 50000 };

		nanosleep(&nap, NULL);
	}
}

static bool pump_until(bool (*cond)(void *), void *ctx, unsigned int seconds)
{
	u64 deadline = real_ns() + (u64)seconds * NSEC_PER_SEC;

	while (real_ns() < deadline) {
		if (cond(ctx))
			return true;
		pump();
	}
	return cond(ctx);
}

/* ---- tools ---- */

static char out_path[] = "/tmp/tg3stack-XXXXXX";

static const char *out_text(void)
{
	static char buf[65536];
	FILE *f = fopen(out_path, "r");
	size_t n;

	if (!f)
		return "";
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

/* Runs `cmd` (its output to out_path) while the loop keeps napkin going; its exit status. */
static int run_tool(const char *cmd)
{
	u64 deadline = real_ns() + (u64)TOOL_TIMEOUT * NSEC_PER_SEC;
	pid_t pid = fork();
	int status = -1;

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		dup2(fd, 1);
		dup2(fd, 2);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, WNOHANG) != pid) {
		if (real_ns() > deadline) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			ck_abort_msg("'%s' did not finish in %d s: %s", cmd, TOOL_TIMEOUT,
				     out_text());
		}
		pump();
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void sh(const char *cmd)
{
	ck_assert_msg(system(cmd) == 0, "command failed: %s", cmd);
}

/* root, /dev/net/tun, the tools and a namespace of our own; false means skip. */
static bool set_up_namespace(void)
{
	const char *why = NULL;

	if (geteuid() != 0 || access("/dev/net/tun", R_OK | W_OK))
		why = "needs root and /dev/net/tun";
	else if (system("(command -v ip && command -v ping && command -v iperf && "
			"command -v python3) >/dev/null") != 0)
		why = "needs ip, ping, iperf and python3";
	else if (access(NET_PEER, R_OK))
		why = "must run from the repository's top (" NET_PEER ")";
	else if (unshare(CLONE_NEWNET))
		why = strerror(errno);
	if (!why)
		return true;
	if (getenv("NAPKIN_SKIP_PRIVILEGED")) {
		fprintf(stderr, "test_tg3_stack: %s: skipped (NAPKIN_SKIP_PRIVILEGED)\n", why);
		return false;
	}
	ck_abort_msg("test_tg3_stack: %s (set NAPKIN_SKIP_PRIVILEGED=1 to skip)", why);
	return false;
}

static bool carrier(void *dev)
{
	return netif_carrier_ok(dev);
}

static bool iperf_reported(void *unused)
{
	return stub_printk_find("iperf: 10.0.0.1 port ") != NULL;
}

START_TEST(test_linux_tools_against_napkin_hosted)
{
	struct tg3_model_config cfg = { .dev = 2 };
	char cmd[1024];
	const char *line;
	struct net_device *dev;
	int fd, rc, n;
	unsigned long long napkin_bytes;
	unsigned int seed = (unsigned int)time(NULL);

	if (!set_up_namespace())
		return;
	memcpy(cfg.mac, tt_mac0, 6);
	tt_setup(&cfg);
	hosted_wire_unplug(tg3_model_port(tt_model()));
	ck_assert_ptr_nonnull(hosted_wire_tap(tg3_model_port(tt_model()), TAP_NAME));
	sh("ip link set lo up && ip link set " TAP_NAME " up && "
	   "ip addr add 10.0.0.1/24 dev " TAP_NAME);

	/* What kmain does once the drivers probed: the stack, the services. */
	real_start_ns = real_ns() - hosted_now();
	cmdline_init("ip=" NAPKIN_IP ":::255.255.255.0::eth0:off ipv6.disable=1");
	ck_assert_int_eq(net_init(), 0);
	ck_assert_ptr_nonnull(stack_hook);
	dev = tt_dev();
	ck_assert_ptr_nonnull(dev);
	ck_assert_msg(pump_until(carrier, dev, 10), "no link");
	fd = mkstemp(out_path);
	ck_assert_int_ge(fd, 0);
	close(fd);

	rc = run_tool("ping -c 20 -i 0.05 -W 2 " NAPKIN_IP);
	ck_assert_msg(rc == 0 && strstr(out_text(), " 20 received"), "ping (%d): %s", rc,
		      out_text());

	/* Random sizes up to one MTU's worth, and two that need IP fragments. */
	srand(seed);
	n = snprintf(cmd, sizeof(cmd), "python3 " NET_PEER " udp-echo " NAPKIN_IP " 1 1472 4000");
	for (int i = 0; i < 40; i++)
		n += snprintf(cmd + n, sizeof(cmd) - (size_t)n, " %d", 1 + rand() % 1472);
	rc = run_tool(cmd);
	ck_assert_msg(rc == 0 && strstr(out_text(), "\"ok\": true"), "udp echo (seed %u): %s", seed,
		      out_text());

	rc = run_tool("python3 " NET_PEER " tcp-echo " NAPKIN_IP " 3145728");
	ck_assert_msg(rc == 0 && strstr(out_text(), "\"ok\": true") &&
			  strstr(out_text(), "\"hash_match\": true"),
		      "tcp echo: %s", out_text());

	rc = run_tool("iperf -c " NAPKIN_IP " -t 2 -y C");
	ck_assert_msg(rc == 0, "iperf (%d): %s", rc, out_text());
	ck_assert_msg(pump_until(iperf_reported, NULL, 15), "napkin never reported the iperf run");
	line = stub_printk_find("iperf: 10.0.0.1 port ");
	ck_assert_msg(strstr(line, ": done, "), "%s", line);
	ck_assert_int_eq(sscanf(strstr(line, ": done, ") + 8, "%llu bytes", &napkin_bytes), 1);
	/* The client's count (CSV field 8) is what it wrote; napkin got all of it. */
	{
		const char *f = out_text();
		unsigned long long sent = 0;

		for (int comma = 0; *f && comma < 7; f++)
			comma += *f == ',';
		ck_assert_int_eq(sscanf(f, "%llu", &sent), 1);
		/* lwiperf leaves the client's 36-byte settings header out of its count. */
		ck_assert_msg(sent > 1000000 && napkin_bytes + 64 >= sent,
			      "iperf client sent %llu, napkin counted %llu", sent, napkin_bytes);
	}
	fprintf(stderr, "test_tg3_stack: ping, udp echo, 3 MiB tcp echo, iperf %llu bytes\n",
		napkin_bytes);
	unlink(out_path);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tg3 + lwIP over TAP");
	TCase *tc = tcase_create("linux tools");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_linux_tools_against_napkin_hosted);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

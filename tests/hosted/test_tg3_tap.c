// SPDX-License-Identifier: BSD-2-Clause
/*
 * End to end over a TAP interface: real Linux tools (ping, socat) in a
 * private network namespace talk to the modelled BCM5719, driven by tg3,
 * through the harness's TAP wire. A small responder stands in for the IP
 * stack (ARP, ICMP echo, UDP echo on port 7) until the lwIP glue can run
 * hosted. Needs root (a network namespace of its own and a TAP device); says
 * so and passes vacuously without.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel/time.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/models/tg3_model.h"
#include "tests/hosted/tg3_test_util.h"
#include "tests/unit/stub_printk.h"

#define TAP_NAME      "tg3tap0"
#define OUR_IP	      0x0A000002u /* 10.0.0.2: napkin behind the modelled chip */
#define LINUX_IP      0x0A000001u /* 10.0.0.1: the TAP side */
#define REPLY_MAX     64
#define ETH_P_ARP_NR  0x0806
#define PROTO_ICMP    1
#define UDP_ECHO_PORT 7

static u8 replies[REPLY_MAX][TT_MAX_FRAME];
static u32 reply_len[REPLY_MAX];
static unsigned int nr_replies;
static unsigned int arp_answered, icmp_answered, udp_answered;

static u32 get32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static u16 get16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static u8 *new_reply(const u8 *req, u32 len)
{
	u8 *r;

	if (nr_replies == REPLY_MAX || len > TT_MAX_FRAME)
		return NULL;
	r = replies[nr_replies];
	reply_len[nr_replies++] = len;
	memcpy(r, req, len);
	memcpy(r, req + 6, 6); /* back to the sender */
	memcpy(r + 6, tt_mac0, 6);
	return r;
}

static void answer_arp(const u8 *f, u32 len)
{
	const u8 *a = f + FR_ETH_HLEN;
	u8 *r;

	if (len < FR_ETH_HLEN + 28 || get16(a + 6) != 1 || get32(a + 24) != OUR_IP)
		return;
	r = new_reply(f, FR_ETH_HLEN + 28);
	if (!r)
		return;
	r[FR_ETH_HLEN + 7] = 2;			 /* reply */
	memcpy(r + FR_ETH_HLEN + 18, a + 8, 10); /* target = the asker */
	memcpy(r + FR_ETH_HLEN + 8, tt_mac0, 6);
	r[FR_ETH_HLEN + 14] = (u8)(OUR_IP >> 24);
	r[FR_ETH_HLEN + 15] = (u8)(OUR_IP >> 16);
	r[FR_ETH_HLEN + 16] = (u8)(OUR_IP >> 8);
	r[FR_ETH_HLEN + 17] = (u8)OUR_IP;
	arp_answered++;
}

static void answer_ip(const u8 *f, u32 len)
{
	struct fr_info info;
	u8 *r, *ip, *l4;
	u8 tmp[4];
	u16 c;

	if (!fr_parse(f, len, &info) || get32(f + FR_ETH_HLEN + 16) != OUR_IP || info.fragment)
		return;
	l4 = (u8 *)f + info.l4_off;
	if (info.proto == PROTO_ICMP && l4[0] == 8) {
		r = new_reply(f, FR_ETH_HLEN + info.ihl + info.l4_len);
		if (!r)
			return;
		l4 = r + info.l4_off;
		l4[0] = 0; /* echo reply */
		l4[2] = 0;
		l4[3] = 0;
		c = (u16)~fr_fold(fr_sum(l4, info.l4_len, 0));
		l4[2] = (u8)(c >> 8);
		l4[3] = (u8)c;
		icmp_answered++;
	} else if (info.proto == FR_PROTO_UDP && get16(l4 + 2) == UDP_ECHO_PORT) {
		r = new_reply(f, FR_ETH_HLEN + info.ihl + info.l4_len);
		if (!r)
			return;
		l4 = r + info.l4_off;
		memcpy(tmp, l4, 2);
		memcpy(l4, l4 + 2, 2);
		memcpy(l4 + 2, tmp, 2);
		fr_fill_l4_csum(r, &info);
		udp_answered++;
	} else {
		return;
	}
	ip = r + FR_ETH_HLEN;
	memcpy(tmp, ip + 12, 4);
	memcpy(ip + 12, ip + 16, 4);
	memcpy(ip + 16, tmp, 4);
	fr_fill_ip_csum(r, &info);
	if (info.proto == FR_PROTO_UDP)
		fr_fill_l4_csum(r, &info); /* addresses moved: the pseudo-header changed */
}

static int responder_rx(struct net_device *dev, struct netbuf *nb)
{
	u8 f[TT_MAX_FRAME];
	u32 len = netbuf_copy_out(nb, 0, f, sizeof(f));

	netbuf_free(nb);
	if (len < FR_ETH_HLEN)
		return NET_RX_SUCCESS;
	if (get16(f + 12) == ETH_P_ARP_NR)
		answer_arp(f, len);
	else if (get16(f + 12) == FR_ETHERTYPE_IPV4)
		answer_ip(f, len);
	return NET_RX_SUCCESS;
}

static const struct netdev_stack_ops responder = {
	.rx = responder_rx,
};

static void flush_replies(struct net_device *dev)
{
	for (unsigned int i = 0; i < nr_replies; i++)
		tt_send(dev, replies[i], reply_len[i], 1, NETBUF_CSUM_NONE, 0);
	nr_replies = 0;
}

static bool have_privileges(void)
{
	if (geteuid() != 0 || access("/dev/net/tun", R_OK | W_OK)) {
		fprintf(stderr, "test_tg3_tap: not root or no /dev/net/tun: skipped\n");
		return false;
	}
	if (system("(command -v ip && command -v ping && command -v socat) >/dev/null") != 0) {
		fprintf(stderr, "test_tg3_tap: needs ip, ping and socat: skipped\n");
		return false;
	}
	if (unshare(CLONE_NEWNET)) {
		fprintf(stderr, "test_tg3_tap: no network namespace (%s): skipped\n",
			strerror(errno));
		return false;
	}
	return true;
}

static void sh(const char *cmd)
{
	ck_assert_msg(system(cmd) == 0, "command failed: %s", cmd);
}

/* Run `cmd` (output to `out`) while the harness keeps the chip and driver going. */
static int run_tool(struct net_device *dev, const char *cmd, const char *out)
{
	struct timespec start, now, nap = { 0, 200000 };
	pid_t pid = fork();
	int status = -1;

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		dup2(fd, 1);
		dup2(fd, 2);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		hosted_run_for(NSEC_PER_MSEC);
		flush_replies(dev);
		hosted_run_for(NSEC_PER_MSEC);
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec > 20) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			ck_abort_msg("%s did not finish in 20 s", cmd);
		}
		nanosleep(&nap, NULL);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static const char *file_text(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return "";
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static bool file_contains(const char *path, const char *needle)
{
	return strstr(file_text(path), needle) != NULL;
}

START_TEST(test_linux_tools_over_tap)
{
	struct tg3_model_config cfg = { .dev = 2 };
	char out[] = "/tmp/tg3tap-XXXXXX";
	struct tg3_model *m;
	struct hosted_wire *tap;
	struct net_device *dev;
	int fd, rc;

	if (!have_privileges())
		return;
	memcpy(cfg.mac, tt_mac0, 6);
	m = tt_setup(&cfg);
	/* Unplug the scripted wire tt_setup gave the model; plug in a TAP instead. */
	hosted_wire_unplug(tg3_model_port(m));
	tap = hosted_wire_tap(tg3_model_port(m), TAP_NAME);
	ck_assert_ptr_nonnull(tap);
	netdev_set_stack(&responder);
	sh("ip link set lo up && ip link set " TAP_NAME " up && "
	   "ip addr add 10.0.0.1/24 dev " TAP_NAME);
	dev = tt_dev();
	ck_assert(tt_open_and_link(dev));
	fd = mkstemp(out);
	ck_assert_int_ge(fd, 0);
	close(fd);

	rc = run_tool(dev, "ping -c 5 -i 0.2 -W 2 10.0.0.2", out);
	ck_assert_msg(rc == 0, "ping exited %d (ARP answered %u, ICMP %u): %s", rc, arp_answered,
		      icmp_answered, file_text(out));
	ck_assert(file_contains(out, "5 received"));
	ck_assert_uint_ge(arp_answered, 1);
	ck_assert_uint_eq(icmp_answered, 5);

	rc = run_tool(dev, "echo napkin-hosted | socat -t 2 - UDP:10.0.0.2:7", out);
	ck_assert_msg(rc == 0, "socat exited %d: %s", rc, file_text(out));
	ck_assert(file_contains(out, "napkin-hosted"));
	ck_assert_uint_eq(udp_answered, 1);
	unlink(out);
	tt_teardown();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tg3 over TAP");
	TCase *tc = tcase_create("linux tools");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_linux_tools_over_tap);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

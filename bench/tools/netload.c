// SPDX-License-Identifier: BSD-2-Clause
/*
 * netload: the host-side load generator of the network benchmark. It runs in
 * the guest's network namespace and drives either guest (napkin or Linux) the
 * same way. Every mode stops by itself after the given number of seconds and
 * prints one JSON object on stdout.
 *
 *   netload udp-rr    HOST PORT SECONDS WINDOW SIZE
 *       closed loop: WINDOW echo requests of SIZE bytes always outstanding;
 *       requests/s and the round-trip distribution. A request unanswered
 *       for 200 ms is counted lost and replaced.
 *   netload udp-flood HOST PORT SECONDS RATE SIZE
 *       open loop: RATE datagrams/s of SIZE bytes whatever comes back; how
 *       many echo replies arrive (the delivered rate).
 *   netload tcp-recv  HOST PORT SECONDS      read what the guest sends (chargen)
 *   netload tcp-send  HOST PORT SECONDS      write to the guest (discard)
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define LOST_AFTER_NS 200000000ull
#define BATCH	      64
#define SEND_CHUNK    16 /* datagrams due before the sender wakes up */
#define MAX_SIZE      65507

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void die(const char *what)
{
	printf("{\"ok\": false, \"error\": \"%s: %s\"}\n", what, strerror(errno));
	exit(1);
}

static void usage(void)
{
	fprintf(stderr, "usage: netload udp-rr HOST PORT SECONDS WINDOW SIZE\n"
			"       netload udp-flood HOST PORT SECONDS RATE SIZE\n"
			"       netload tcp-recv|tcp-send HOST PORT SECONDS\n");
	exit(2);
}

static long parse_num(const char *s, const char *name, long lo, long hi)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < lo || v > hi) {
		fprintf(stderr, "netload: %s '%s' is not a number from %ld to %ld\n", name, s, lo,
			hi);
		exit(2);
	}
	return v;
}

static struct sockaddr_in parse_addr(const char *host, const char *port)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };

	if (inet_pton(AF_INET, host, &sa.sin_addr) != 1) {
		fprintf(stderr, "netload: '%s' is not an IPv4 address\n", host);
		exit(2);
	}
	sa.sin_port = htons(parse_num(port, "port", 1, 65535));
	return sa;
}

static int udp_socket(const struct sockaddr_in *dst)
{
	int fd = socket(AF_INET, SOCK_DGRAM, 0);
	int big = 8 << 20;

	if (fd < 0)
		die("socket");
	/* Replies must not be lost in our own receive queue: that would be our drop. */
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &big, sizeof(big)) < 0)
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof(big));
	setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &big, sizeof(big));
	if (connect(fd, (const struct sockaddr *)dst, sizeof(*dst)) < 0)
		die("connect");
	return fd;
}

/* Each request carries its sequence number; the reply must carry it back. */
struct request {
	uint64_t seq;
	uint64_t sent_ns;
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int udp_rr(struct sockaddr_in dst, double seconds, int window, int size)
{
	static char buf[MAX_SIZE + 1];
	int fd = udp_socket(&dst);
	struct request *slot = calloc(window, sizeof(*slot));
	size_t cap = 1 << 20, nlat = 0;
	uint64_t *lat = malloc(cap * sizeof(*lat));
	uint64_t next_seq = 1, sent = 0, received = 0, lost = 0, stray = 0;
	uint64_t start = now_ns(), end = start + (uint64_t)(seconds * 1e9);

	if (!slot || !lat)
		die("malloc");
	if (size < (int)sizeof(uint64_t))
		size = sizeof(uint64_t);
	memset(buf, 'x', sizeof(buf));
	for (;;) {
		uint64_t t = now_ns();
		struct pollfd pfd = { .fd = fd, .events = POLLIN };

		if (t >= end)
			break;
		/* (Re)issue every free or expired slot. */
		for (int i = 0; i < window; i++) {
			if (slot[i].seq && t - slot[i].sent_ns < LOST_AFTER_NS)
				continue;
			if (slot[i].seq)
				lost++;
			slot[i].seq = next_seq++ * (uint64_t)window + i;
			slot[i].sent_ns = t;
			memcpy(buf, &slot[i].seq, sizeof(slot[i].seq));
			if (send(fd, buf, size, 0) == size)
				sent++;
		}
		if (poll(&pfd, 1, 10) <= 0)
			continue;
		for (;;) {
			ssize_t n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
			uint64_t seq;
			int i;

			if (n < 0)
				break;
			if (n < (ssize_t)sizeof(seq)) {
				stray++;
				continue;
			}
			memcpy(&seq, buf, sizeof(seq));
			i = seq % window;
			if (slot[i].seq != seq) {
				stray++; /* a reply after we gave up on it */
				continue;
			}
			t = now_ns();
			if (nlat == cap) {
				cap *= 2;
				lat = realloc(lat, cap * sizeof(*lat));
				if (!lat)
					die("realloc");
			}
			lat[nlat++] = t - slot[i].sent_ns;
			received++;
			slot[i].seq = 0;
		}
	}
	double secs = (now_ns() - start) / 1e9, sum = 0;

	qsort(lat, nlat, sizeof(*lat), cmp_u64);
	for (size_t i = 0; i < nlat; i++)
		sum += lat[i];
#define PCT(p) (nlat ? lat[(size_t)((nlat - 1) * (p))] / 1e3 : 0.0)
	printf(
	    "{\"ok\": %s, \"mode\": \"udp-rr\", \"window\": %d, \"size\": %d, \"seconds\": %.3f, "
	    "\"sent\": %lu, \"received\": %lu, \"lost\": %lu, \"stray\": %lu, "
	    "\"rps\": %.0f, \"rtt_us\": {\"min\": %.1f, \"avg\": %.1f, \"p50\": %.1f, "
	    "\"p99\": %.1f, \"max\": %.1f}}\n",
	    received ? "true" : "false", window, size, secs, sent, received, lost, stray,
	    received / secs, PCT(0), nlat ? sum / nlat / 1e3 : 0.0, PCT(0.5), PCT(0.99), PCT(1.0));
#undef PCT
	return received ? 0 : 1;
}

static int udp_flood(struct sockaddr_in dst, double seconds, long rate, int size)
{
	static char buf[MAX_SIZE];
	static char rbuf[BATCH][2048];
	struct mmsghdr msgs[BATCH], rmsgs[BATCH];
	struct iovec iov[BATCH], riov[BATCH];
	int fd = udp_socket(&dst);
	uint64_t sent = 0, send_fail = 0, behind = 0, replies = 0;
	uint64_t start = now_ns(), end = start + (uint64_t)(seconds * 1e9), t;
	uint64_t drain_end;

	memset(buf, 'f', sizeof(buf));
	for (int i = 0; i < BATCH; i++) {
		iov[i] = (struct iovec){ .iov_base = buf, .iov_len = size };
		msgs[i] = (struct mmsghdr){ .msg_hdr = { .msg_iov = &iov[i], .msg_iovlen = 1 } };
		riov[i] = (struct iovec){ .iov_base = rbuf[i], .iov_len = sizeof(rbuf[i]) };
		rmsgs[i] = (struct mmsghdr){ .msg_hdr = { .msg_iov = &riov[i], .msg_iovlen = 1 } };
	}
	fcntl(fd, F_SETFL, O_NONBLOCK);
	while ((t = now_ns()) < end) {
		/*
		 * Send one batch of what the schedule says is due by now. A sender
		 * more than 10 ms behind cannot catch up: those datagrams are
		 * counted as never offered (behind), not sent in a burst.
		 */
		uint64_t due = (uint64_t)((t - start) / 1e9 * rate);
		uint64_t slack = rate / 100 + BATCH;

		if (due > sent + send_fail + behind + slack)
			behind = due - sent - send_fail - slack;
		if (sent + send_fail + behind < due) {
			uint64_t n = due - sent - send_fail - behind;
			int r = sendmmsg(fd, msgs, n < BATCH ? n : BATCH, 0);

			if (r <= 0)
				send_fail++; /* a full socket or device queue: not offered */
			else
				sent += r;
		}
		/* Replies between batches, so our own receive queue never overflows. */
		for (;;) {
			int r = recvmmsg(fd, rmsgs, BATCH, MSG_DONTWAIT, NULL);

			if (r <= 0)
				break;
			replies += r;
		}
		/*
		 * Sleep until a few more datagrams are due or a reply comes: a
		 * spinning sender would take the host CPU QEMU needs.
		 */
		uint64_t next =
		    start + (uint64_t)((sent + send_fail + behind + SEND_CHUNK) * 1e9 / rate);

		t = now_ns();
		if (next > end)
			next = end;
		if (next > t) {
			struct pollfd pfd = { .fd = fd, .events = POLLIN };
			struct timespec ts = { (time_t)((next - t) / 1000000000ull),
					       (long)((next - t) % 1000000000ull) };

			ppoll(&pfd, 1, &ts, NULL);
		}
	}
	double secs = (now_ns() - start) / 1e9;

	/* Replies still in flight when sending stopped count too, for half a second. */
	drain_end = now_ns() + 500000000ull;
	while (now_ns() < drain_end) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int r;

		if (poll(&pfd, 1, 50) <= 0)
			continue;
		r = recvmmsg(fd, rmsgs, BATCH, MSG_DONTWAIT, NULL);
		if (r > 0)
			replies += r;
	}
	printf("{\"ok\": true, \"mode\": \"udp-flood\", \"size\": %d, \"seconds\": %.3f, "
	       "\"target_pps\": %ld, \"sent\": %lu, \"send_fail\": %lu, \"behind\": %lu, "
	       "\"replies\": %lu, "
	       "\"offered_pps\": %.0f, \"delivered_pps\": %.0f}\n",
	       size, secs, rate, sent, send_fail, behind, replies, sent / secs, replies / secs);
	return 0;
}

static int tcp_stream(struct sockaddr_in dst, double seconds, int sending)
{
	static char buf[1 << 18];
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	uint64_t bytes = 0, start, end;
	struct timeval tv = { 1, 0 };

	if (fd < 0)
		die("socket");
	/* Bounded waits: a stalled guest ends the run instead of hanging it. */
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (connect(fd, (struct sockaddr *)&dst, sizeof(dst)) < 0)
		die("connect");
	memset(buf, 's', sizeof(buf));
	start = now_ns();
	end = start + (uint64_t)(seconds * 1e9);
	while (now_ns() < end) {
		ssize_t n = sending ? send(fd, buf, sizeof(buf), MSG_NOSIGNAL)
				    : recv(fd, buf, sizeof(buf), 0);

		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (n <= 0)
			break;
		bytes += n;
	}
	double secs = (now_ns() - start) / 1e9;

	close(fd);
	printf("{\"ok\": %s, \"mode\": \"%s\", \"seconds\": %.3f, \"bytes\": %lu, "
	       "\"mbit_per_s\": %.1f}\n",
	       bytes ? "true" : "false", sending ? "tcp-send" : "tcp-recv", secs, bytes,
	       bytes * 8 / secs / 1e6);
	return bytes ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc < 5)
		usage();
	struct sockaddr_in dst = parse_addr(argv[2], argv[3]);
	double seconds = parse_num(argv[4], "seconds", 1, 600);

	if (!strcmp(argv[1], "udp-rr") && argc == 7)
		return udp_rr(dst, seconds, parse_num(argv[5], "window", 1, 4096),
			      parse_num(argv[6], "size", 0, MAX_SIZE));
	if (!strcmp(argv[1], "udp-flood") && argc == 7)
		return udp_flood(dst, seconds, parse_num(argv[5], "rate", 1, 10000000),
				 parse_num(argv[6], "size", 1, MAX_SIZE));
	if (!strcmp(argv[1], "tcp-recv") && argc == 5)
		return tcp_stream(dst, seconds, 0);
	if (!strcmp(argv[1], "tcp-send") && argc == 5)
		return tcp_stream(dst, seconds, 1);
	usage();
}

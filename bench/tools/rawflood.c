// SPDX-License-Identifier: BSD-2-Clause
/*
 * rawflood: minimum-size Ethernet frames into a tap, as fast as the tap takes
 * them, for measuring how many frames a NIC model in QEMU moves (bench/qdev_rate.py).
 *
 *   rawflood IFACE DSTMAC SECONDS RATE
 *
 * Each frame is 60 bytes (64 on the wire with the CRC the device adds) to
 * DSTMAC, ethertype 0x88B5 (IEEE 802 local experimental): the NIC receives it
 * like any unicast frame, and a guest's stack drops it at the first header it
 * reads, so the guest does as little per frame as it can. A sequence number
 * in the payload keeps the frames distinct. Sends RATE frames a second for
 * SECONDS (at most RATE * SECONDS frames) and prints one JSON object.
 *
 * Open loop: when QEMU has not taken frames, the tap drops them (its
 * tx_dropped, which the caller reads). The sender sleeps between batches of
 * sendmmsg, so that it takes only the host CPU its rate needs: on a
 * two-CPU machine a spinning sender would take a CPU from QEMU's threads.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <linux/if_packet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define FRAME_LEN 60
#define BATCH	  64
#define ETHERTYPE 0x88B5

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

static int parse_mac(const char *s, uint8_t mac[6])
{
	unsigned int b[6];

	if (sscanf(s, "%x:%x:%x:%x:%x:%x", &b[0], &b[1], &b[2], &b[3], &b[4], &b[5]) != 6)
		return -1;
	for (int i = 0; i < 6; i++) {
		if (b[i] > 0xFF)
			return -1;
		mac[i] = (uint8_t)b[i];
	}
	return 0;
}

int main(int argc, char **argv)
{
	static uint8_t frames[BATCH][FRAME_LEN];
	struct mmsghdr msgs[BATCH];
	struct iovec iov[BATCH];
	struct sockaddr_ll to = { .sll_family = AF_PACKET };
	uint8_t dst[6];
	double seconds;
	long rate;
	uint64_t count, sent = 0, full = 0, start, end, t;
	int fd;

	if (argc != 5 || parse_mac(argv[2], dst) < 0) {
		fprintf(stderr, "usage: rawflood IFACE DSTMAC SECONDS RATE\n");
		return 2;
	}
	seconds = atof(argv[3]);
	rate = atol(argv[4]);
	if (seconds <= 0 || seconds > 600 || rate <= 0 || rate > 10000000) {
		fprintf(stderr, "rawflood: SECONDS must be in (0, 600], RATE in 1..10000000\n");
		return 2;
	}
	count = (uint64_t)(seconds * (double)rate);
	fd = socket(AF_PACKET, SOCK_RAW, 0);
	if (fd < 0)
		die("socket(AF_PACKET)");
	to.sll_ifindex = (int)if_nametoindex(argv[1]);
	if (!to.sll_ifindex)
		die(argv[1]);
	to.sll_halen = 6;
	memcpy(to.sll_addr, dst, 6);

	for (int i = 0; i < BATCH; i++) {
		uint8_t *f = frames[i];

		memset(f, 0, FRAME_LEN);
		memcpy(f, dst, 6);
		memcpy(f + 6, (uint8_t[]){ 0x02, 0, 0, 0, 0, 0x01 }, 6); /* locally administered */
		f[12] = ETHERTYPE >> 8;
		f[13] = ETHERTYPE & 0xFF;
		iov[i] = (struct iovec){ .iov_base = f, .iov_len = FRAME_LEN };
		msgs[i] = (struct mmsghdr){ .msg_hdr = { .msg_name = &to,
							 .msg_namelen = sizeof(to),
							 .msg_iov = &iov[i],
							 .msg_iovlen = 1 } };
	}

	start = now_ns();
	end = start + (uint64_t)(seconds * 1e9);
	while (sent < count && (t = now_ns()) < end) {
		uint64_t due = (uint64_t)((double)(t - start) / 1e9 * (double)rate);
		uint64_t left = count - sent;
		unsigned int n = left < BATCH ? (unsigned int)left : BATCH;
		int r;

		if (sent + n > due) {
			/* Ahead of the schedule: sleep until this batch is due. */
			uint64_t at = start + (uint64_t)((double)(sent + n) * 1e9 / (double)rate);

			if (at > t)
				usleep((useconds_t)((at - t) / 1000));
			continue;
		}

		for (unsigned int i = 0; i < n; i++) {
			uint64_t seq = sent + i;

			memcpy(frames[i] + 14, &seq, sizeof(seq));
		}
		r = sendmmsg(fd, msgs, n, 0);
		if (r < 0) {
			if (errno != ENOBUFS && errno != EAGAIN && errno != EINTR)
				die("sendmmsg");
			full++; /* the tap's queue was full: try again */
			continue;
		}
		sent += (uint64_t)r;
	}
	double secs = (now_ns() - start) / 1e9;

	printf("{\"ok\": true, \"mode\": \"rawflood\", \"frame_len\": %d, \"seconds\": %.3f, "
	       "\"target_pps\": %ld, \"sent\": %lu, \"queue_full\": %lu, "
	       "\"offered_pps\": %.0f}\n",
	       FRAME_LEN, secs, rate, (unsigned long)sent, (unsigned long)full, sent / secs);
	return 0;
}

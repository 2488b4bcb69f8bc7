// SPDX-License-Identifier: BSD-2-Clause
/*
 * The tuned Linux anchor's servers: the services napkin offers, written as a
 * performance-minded Linux user would write them, so that a comparison with
 * napkin measures the kernel at its best rather than a naive server.
 *
 *   TCP 7 echo, 9 discard (read() into a buffer: the copy to user space every
 *   real consumer pays), 19 chargen, 1009 discard with recv(MSG_TRUNC) (the
 *   kernel frees the data without copying it: napkin's sinks by default)
 *   UDP 7 echo with recvmmsg/sendmmsg, 9 discard
 *
 * One thread, one epoll set, non-blocking sockets, listen backlog 4096:
 * no process per connection, no copy of the UDP batch. The guest has one
 * CPU (maxcpus=1), so one thread is all that can run anyway. One process
 * holds every connection, so its descriptor limit is raised from the
 * default 1024 (bench/capacity.py holds 4,096 at once).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

enum { PORT_ECHO = 7, PORT_DISCARD = 9, PORT_CHARGEN = 19, PORT_DISCARD_TRUNC = 1009 };
enum {
	BACKLOG = 4096,
	MAX_FDS = 65536,
	IO_SIZE = 65536,
	UDP_BATCH = 64,
	UDP_MAX = 2048,
	EVENTS = 256
};

/* RFC 864: 95 lines of 72 printable characters, each shifted by one. */
enum { CHARGEN_LINE = 74, CHARGEN_LINES = 95, CHARGEN_CYCLE = CHARGEN_LINE * CHARGEN_LINES };

enum kind { LISTEN, UDP_ECHO, UDP_DISCARD, ECHO, DISCARD, DISCARD_TRUNC, CHARGEN };

/* One per socket in the epoll set, found through epoll_event.data.ptr. */
struct conn {
	int fd;
	enum kind kind;
	enum kind serves; /* LISTEN: the kind its connections get */
	size_t off;	  /* CHARGEN: where in the pattern; ECHO: sent of pending */
	size_t pending;	  /* ECHO: bytes in buf not yet written back */
	char *buf;	  /* ECHO: only while a write was short */
};

static int epfd;
static char io_buf[IO_SIZE];
/* Two cycles and a window: any IO_SIZE bytes of the stream are contiguous here. */
static char chargen_pattern[2 * CHARGEN_CYCLE + IO_SIZE];

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void watch(struct conn *c, int op, unsigned int events)
{
	struct epoll_event ev = { .events = events, .data.ptr = c };

	if (epoll_ctl(epfd, op, c->fd, &ev) < 0)
		die("anchor: epoll_ctl");
}

static struct conn *new_conn(int fd, enum kind kind)
{
	struct conn *c = calloc(1, sizeof(*c));

	if (!c)
		die("anchor: calloc");
	c->fd = fd;
	c->kind = kind;
	return c;
}

static void drop(struct conn *c)
{
	/* Closing removes it from the epoll set. */
	close(c->fd);
	free(c->buf);
	free(c);
}

static void serve_socket(int type, int port, enum kind kind)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port) };
	int one = 1;
	int fd = socket(AF_INET, type | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	struct conn *c;

	if (fd < 0)
		die("anchor: socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		fprintf(stderr, "anchor: bind port %d: %s\n", port, strerror(errno));
		exit(1);
	}
	if (type == SOCK_STREAM && listen(fd, BACKLOG) < 0)
		die("anchor: listen");
	c = new_conn(fd, type == SOCK_STREAM ? LISTEN : kind);
	c->serves = kind;
	watch(c, EPOLL_CTL_ADD, EPOLLIN);
}

static void accept_all(struct conn *l)
{
	for (;;) {
		int fd = accept4(l->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		struct conn *c;

		if (fd < 0)
			return; /* EAGAIN, or a connection reset before we took it */
		c = new_conn(fd, l->serves);
		watch(c, EPOLL_CTL_ADD, c->kind == CHARGEN ? EPOLLOUT : EPOLLIN | EPOLLRDHUP);
	}
}

static void udp_batch(struct conn *c)
{
	static char bufs[UDP_BATCH][UDP_MAX];
	static struct sockaddr_in from[UDP_BATCH];
	static struct iovec iov[UDP_BATCH];
	static struct mmsghdr msgs[UDP_BATCH];

	for (;;) {
		int n;

		for (int i = 0; i < UDP_BATCH; i++) {
			iov[i] = (struct iovec){ bufs[i], UDP_MAX };
			msgs[i].msg_hdr = (struct msghdr){ .msg_name = &from[i],
							   .msg_namelen = sizeof(from[i]),
							   .msg_iov = &iov[i],
							   .msg_iovlen = 1 };
		}
		n = recvmmsg(c->fd, msgs, UDP_BATCH, MSG_DONTWAIT, NULL);
		if (n <= 0)
			return;
		if (c->kind == UDP_ECHO) {
			for (int i = 0; i < n; i++)
				iov[i].iov_len = msgs[i].msg_len;
			/* A full socket buffer drops replies, as any UDP server does. */
			sendmmsg(c->fd, msgs, n, MSG_DONTWAIT);
		}
		if (n < UDP_BATCH)
			return;
	}
}

/* Writes what echo still owes; false if the connection is gone. */
static int echo_flush(struct conn *c)
{
	while (c->pending) {
		ssize_t n = write(c->fd, c->buf + c->off, c->pending);

		if (n < 0 && errno == EAGAIN)
			return 1;
		if (n <= 0)
			return 0;
		c->off += n;
		c->pending -= n;
	}
	free(c->buf);
	c->buf = NULL;
	c->off = 0;
	watch(c, EPOLL_CTL_MOD, EPOLLIN | EPOLLRDHUP);
	return 1;
}

static void echo_short_write(struct conn *c, const char *p, size_t len)
{
	c->buf = malloc(len);
	if (!c->buf)
		die("anchor: malloc");
	memcpy(c->buf, p, len);
	c->off = 0;
	c->pending = len;
	/* Read no more until the peer takes what it sent back. */
	watch(c, EPOLL_CTL_MOD, EPOLLOUT);
}

/* Reads until the socket is empty; false once the peer closed or failed. */
static int take_in(struct conn *c)
{
	for (;;) {
		ssize_t n, w = 0;

		if (c->kind == DISCARD_TRUNC)
			n = recv(c->fd, NULL, IO_SIZE, MSG_TRUNC | MSG_DONTWAIT);
		else
			n = read(c->fd, io_buf, sizeof(io_buf));
		if (n < 0)
			return errno == EAGAIN || errno == EINTR;
		if (n == 0)
			return 0;
		if (c->kind != ECHO)
			continue;
		while (w < n) {
			ssize_t k = write(c->fd, io_buf + w, n - w);

			if (k < 0 && errno == EAGAIN) {
				echo_short_write(c, io_buf + w, n - w);
				return 1;
			}
			if (k <= 0)
				return 0;
			w += k;
		}
	}
}

static int chargen_out(struct conn *c)
{
	for (;;) {
		ssize_t n = write(c->fd, chargen_pattern + c->off, IO_SIZE);

		if (n < 0)
			return errno == EAGAIN || errno == EINTR;
		c->off = (c->off + n) % CHARGEN_CYCLE;
	}
}

static void handle(struct conn *c, unsigned int events)
{
	int alive = 1;

	switch (c->kind) {
	case LISTEN: accept_all(c); return;
	case UDP_ECHO:
	case UDP_DISCARD: udp_batch(c); return;
	case CHARGEN: alive = !(events & (EPOLLERR | EPOLLHUP)) && chargen_out(c); break;
	default:
		if (c->pending)
			alive = echo_flush(c);
		else if (events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR))
			alive = take_in(c);
		break;
	}
	if (!alive)
		drop(c);
}

int main(void)
{
	struct epoll_event ev[EVENTS];
	struct rlimit fds = { MAX_FDS, MAX_FDS };

	signal(SIGPIPE, SIG_IGN);
	if (setrlimit(RLIMIT_NOFILE, &fds) < 0)
		perror("anchor: setrlimit NOFILE (connections stay below 1024)");
	for (size_t i = 0; i < sizeof(chargen_pattern); i++) {
		size_t line = (i % CHARGEN_CYCLE) / CHARGEN_LINE, col = i % CHARGEN_LINE;

		chargen_pattern[i] = col < 72 ? 32 + (line + col) % 95 : (col == 72 ? '\r' : '\n');
	}
	epfd = epoll_create1(EPOLL_CLOEXEC);
	if (epfd < 0)
		die("anchor: epoll_create1");
	serve_socket(SOCK_DGRAM, PORT_ECHO, UDP_ECHO);
	serve_socket(SOCK_DGRAM, PORT_DISCARD, UDP_DISCARD);
	serve_socket(SOCK_STREAM, PORT_ECHO, ECHO);
	serve_socket(SOCK_STREAM, PORT_DISCARD, DISCARD);
	serve_socket(SOCK_STREAM, PORT_CHARGEN, CHARGEN);
	serve_socket(SOCK_STREAM, PORT_DISCARD_TRUNC, DISCARD_TRUNC);
	printf("anchor: epoll, serving udp 7 9, tcp 7 9 19, tcp 1009 (MSG_TRUNC)\n");
	fflush(stdout);
	for (;;) {
		int n = epoll_wait(epfd, ev, EVENTS, -1);

		if (n < 0 && errno != EINTR)
			die("anchor: epoll_wait");
		for (int i = 0; i < n; i++)
			handle(ev[i].data.ptr, ev[i].events);
	}
}

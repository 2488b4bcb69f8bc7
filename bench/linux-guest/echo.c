// SPDX-License-Identifier: BSD-2-Clause
/*
 * The services napkin offers, for the Linux comparison guest: UDP and TCP
 * echo (7), discard (9) and chargen (19). Built -static on the host and run
 * from the guest's initramfs, so the Linux guest answers the same host tools
 * the same way napkin does.
 *
 * Plain blocking sockets: one process per UDP port and one per accepted TCP
 * connection. That is how a small Linux service is normally written, so the
 * comparison measures the kernel, not a tuned user-space server.
 */
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

enum { PORT_ECHO = 7, PORT_DISCARD = 9, PORT_CHARGEN = 19 };

/* RFC 864: 95 lines of 72 printable characters, each shifted by one. */
enum { CHARGEN_LINE = 74, CHARGEN_LINES = 95, CHARGEN_CYCLE = CHARGEN_LINE * CHARGEN_LINES };

static int bound_socket(int type, int port)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port) };
	int one = 1;
	int fd = socket(AF_INET, type, 0);

	if (fd < 0) {
		perror("echo: socket");
		exit(1);
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		fprintf(stderr, "echo: bind port %d: %s\n", port, strerror(errno));
		exit(1);
	}
	if (type == SOCK_STREAM && listen(fd, 16) < 0) {
		perror("echo: listen");
		exit(1);
	}
	return fd;
}

static void udp_serve(int port)
{
	static char buf[65536];
	int fd = bound_socket(SOCK_DGRAM, port);

	for (;;) {
		struct sockaddr_in from;
		socklen_t fromlen = sizeof(from);
		ssize_t n = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from, &fromlen);

		if (n < 0)
			continue;
		if (port == PORT_ECHO)
			sendto(fd, buf, n, 0, (struct sockaddr *)&from, fromlen);
	}
}

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

static void tcp_echo_or_discard(int fd, int echo)
{
	static char buf[65536];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || (echo && write_all(fd, buf, n) < 0))
			return;
	}
}

static void tcp_chargen(int fd)
{
	/* Two cycles back to back: any 64 KiB window of the stream is contiguous in it. */
	static char pattern[2 * CHARGEN_CYCLE + 65536];
	size_t off = 0;

	for (size_t i = 0; i < sizeof(pattern); i++) {
		size_t line = (i % CHARGEN_CYCLE) / CHARGEN_LINE, col = i % CHARGEN_LINE;

		pattern[i] = col < 72 ? 32 + (line + col) % 95 : (col == 72 ? '\r' : '\n');
	}
	for (;;) {
		if (write_all(fd, pattern + off, 65536) < 0)
			return;
		off = (off + 65536) % CHARGEN_CYCLE;
	}
}

static void tcp_serve(int port)
{
	int lfd = bound_socket(SOCK_STREAM, port);

	for (;;) {
		int fd = accept(lfd, NULL, NULL);

		if (fd < 0)
			continue;
		if (fork() == 0) {
			close(lfd);
			if (port == PORT_CHARGEN)
				tcp_chargen(fd);
			else
				tcp_echo_or_discard(fd, port == PORT_ECHO);
			_exit(0);
		}
		close(fd);
	}
}

static void spawn(void (*serve)(int), int port)
{
	pid_t pid = fork();

	if (pid < 0) {
		perror("echo: fork");
		exit(1);
	}
	if (pid == 0) {
		serve(port);
		_exit(1);
	}
}

int main(void)
{
	/* Children reap themselves; a closed peer must not kill a writer. */
	signal(SIGCHLD, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	spawn(udp_serve, PORT_ECHO);
	spawn(udp_serve, PORT_DISCARD);
	spawn(tcp_serve, PORT_ECHO);
	spawn(tcp_serve, PORT_DISCARD);
	spawn(tcp_serve, PORT_CHARGEN);
	printf("echo: serving udp 7 9, tcp 7 9 19\n");
	fflush(stdout);
	for (;;)
		pause();
}

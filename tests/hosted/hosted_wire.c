// SPDX-License-Identifier: BSD-2-Clause
/* Ports and wires; see hosted_wire.h. */
#define _GNU_SOURCE /* ppoll */
#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "kernel/core/time.h"

#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_wire.h"

/* Frames a scripted wire keeps for the test before it drops the oldest. */
#define SCRIPT_QUEUE_MAX 4096
#define WIRE_MIN_FRAME	 60 /* without FCS */
#define MAX_WIRES	 16

enum wire_kind { WIRE_SCRIPT, WIRE_CABLE, WIRE_TAP };

struct queued_frame {
	struct queued_frame *next;
	u32 len;
	u8 data[];
};

struct hosted_wire {
	enum wire_kind kind;
	bool carrier;
	u32 partner; /* scripted/TAP far end's advertisement */
	struct hosted_port *end[2];
	struct queued_frame *head, *tail; /* sent by the port, for the test */
	unsigned int queued;
	struct queued_frame *in_head, *in_tail; /* injected, held while the port pauses */
	unsigned int in_queued;
	u64 sent;
	int tap_fd;
};

static struct hosted_wire *wires[MAX_WIRES];
static unsigned int nr_wires;

static struct hosted_wire *new_wire(enum wire_kind kind)
{
	struct hosted_wire *w;

	if (nr_wires == MAX_WIRES) {
		hosted_fail("wire: more than %u wires", MAX_WIRES);
		return NULL;
	}
	w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->kind = kind;
	w->carrier = true;
	w->partner = HOSTED_LINK_DEFAULT_PARTNER;
	w->tap_fd = -1;
	wires[nr_wires++] = w;
	return w;
}

static void attach(struct hosted_wire *w, int side, struct hosted_port *p)
{
	if (p->wire)
		hosted_fail("wire: port %s plugged in twice", p->name);
	w->end[side] = p;
	p->wire = w;
}

struct hosted_wire *hosted_wire_script(struct hosted_port *port)
{
	struct hosted_wire *w = new_wire(WIRE_SCRIPT);

	if (w)
		attach(w, 0, port);
	return w;
}

struct hosted_wire *hosted_wire_cable(struct hosted_port *a, struct hosted_port *b)
{
	struct hosted_wire *w = new_wire(WIRE_CABLE);

	if (w) {
		attach(w, 0, a);
		attach(w, 1, b);
	}
	return w;
}

struct hosted_wire *hosted_wire_tap(struct hosted_port *port, const char *ifname)
{
	struct ifreq ifr;
	struct hosted_wire *w;
	int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK);

	if (fd < 0) {
		fprintf(stderr, "wire: cannot open /dev/net/tun: %s\n", strerror(errno));
		return NULL;
	}
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (ioctl(fd, TUNSETIFF, &ifr) < 0) {
		fprintf(stderr, "wire: TUNSETIFF %s: %s\n", ifname, strerror(errno));
		close(fd);
		return NULL;
	}
	w = new_wire(WIRE_TAP);
	if (!w) {
		close(fd);
		return NULL;
	}
	w->tap_fd = fd;
	attach(w, 0, port);
	return w;
}

void hosted_wire_unplug(struct hosted_port *port)
{
	struct hosted_wire *w = port->wire;

	if (!w)
		return;
	for (int side = 0; side < 2; side++)
		if (w->end[side] == port)
			w->end[side] = NULL;
	port->wire = NULL;
}

static void notify(struct hosted_wire *w)
{
	hosted_model_enter();
	for (int side = 0; side < 2; side++) {
		struct hosted_port *p = w->end[side];

		if (p && p->ops->link_changed)
			p->ops->link_changed(p);
	}
	hosted_model_exit();
}

void hosted_wire_set_carrier(struct hosted_wire *w, bool up)
{
	if (w->carrier == up)
		return;
	w->carrier = up;
	notify(w);
}

void hosted_wire_set_partner(struct hosted_wire *w, u32 abilities)
{
	w->partner = abilities;
	notify(w);
}

bool hosted_port_carrier(const struct hosted_port *port)
{
	return port->wire && port->wire->carrier;
}

u32 hosted_port_partner(const struct hosted_port *port)
{
	const struct hosted_wire *w = port->wire;
	const struct hosted_port *peer;

	if (!w)
		return 0;
	if (w->kind != WIRE_CABLE)
		return w->partner;
	peer = w->end[0] == port ? w->end[1] : w->end[0];
	if (!peer)
		return 0;
	return peer->ops->advertise ? peer->ops->advertise((struct hosted_port *)peer)
				    : HOSTED_LINK_ALL;
}

static void fifo_push(struct queued_frame **head, struct queued_frame **tail, unsigned int *count,
		      const u8 *frame, u32 len)
{
	struct queued_frame *q;

	if (*count == SCRIPT_QUEUE_MAX) {
		q = *head;
		*head = q->next;
		if (!*head)
			*tail = NULL;
		free(q);
		(*count)--;
	}
	q = malloc(sizeof(*q) + len);
	if (!q)
		return;
	q->next = NULL;
	q->len = len;
	memcpy(q->data, frame, len);
	if (*tail)
		(*tail)->next = q;
	else
		*head = q;
	*tail = q;
	(*count)++;
}

static void queue_frame(struct hosted_wire *w, const u8 *frame, u32 len)
{
	fifo_push(&w->head, &w->tail, &w->queued, frame, len);
}

static bool port_can_receive(struct hosted_port *p)
{
	return !p->ops->can_receive || p->ops->can_receive(p);
}

static void deliver(struct hosted_port *p, const u8 *frame, u32 len)
{
	p->frames_in++;
	hosted_model_enter();
	p->ops->receive(p, frame, len);
	hosted_model_exit();
}

void hosted_port_transmit(struct hosted_port *port, const u8 *frame, u32 len)
{
	struct hosted_wire *w = port->wire;

	if (!w || !w->carrier)
		return;
	if (len > HOSTED_FRAME_MAX) {
		hosted_fail("wire: %s sent a %u-byte frame", port->name, len);
		return;
	}
	port->frames_out++;
	w->sent++;
	switch (w->kind) {
	case WIRE_SCRIPT: queue_frame(w, frame, len); break;
	case WIRE_CABLE: {
		struct hosted_port *peer = w->end[0] == port ? w->end[1] : w->end[0];

		if (!peer)
			break;
		peer->frames_in++;
		peer->ops->receive(peer, frame, len);
		break;
	}
	case WIRE_TAP:
		if (write(w->tap_fd, frame, len) != (ssize_t)len && errno != EAGAIN)
			fprintf(stderr, "wire: write to TAP: %s\n", strerror(errno));
		break;
	}
}

void hosted_wire_inject(struct hosted_wire *w, const u8 *frame, u32 len)
{
	struct hosted_port *p = w->end[0];

	if (!w->carrier || !p)
		return;
	/* A paused port: the far end waits, in order behind what it already holds. */
	if (w->kind == WIRE_SCRIPT && (w->in_queued || !port_can_receive(p))) {
		if (w->in_queued == SCRIPT_QUEUE_MAX)
			hosted_fail("wire: %s paused with %u frames held; injecting more drops "
				    "the oldest",
				    p->name, w->in_queued);
		fifo_push(&w->in_head, &w->in_tail, &w->in_queued, frame, len);
		return;
	}
	deliver(p, frame, len);
}

unsigned int hosted_wire_held(const struct hosted_wire *w)
{
	return w->in_queued;
}

unsigned int hosted_wire_pending(const struct hosted_wire *w)
{
	return w->queued;
}

u32 hosted_wire_take(struct hosted_wire *w, u8 *buf, u32 max)
{
	struct queued_frame *q = w->head;
	u32 len;

	if (!q)
		return 0;
	w->head = q->next;
	if (!w->head)
		w->tail = NULL;
	w->queued--;
	len = MIN(q->len, max);
	memcpy(buf, q->data, len);
	free(q);
	return len;
}

u64 hosted_wire_sent(const struct hosted_wire *w)
{
	return w->sent;
}

static bool release_held(struct hosted_wire *w)
{
	struct hosted_port *p = w->end[0];
	bool any = false;

	while (w->in_head && p && w->carrier && port_can_receive(p)) {
		struct queued_frame *q = w->in_head;

		w->in_head = q->next;
		if (!w->in_head)
			w->in_tail = NULL;
		w->in_queued--;
		deliver(p, q->data, q->len);
		free(q);
		any = true;
	}
	return any;
}

bool hosted_wire_poll(void)
{
	static u8 buf[HOSTED_FRAME_MAX];
	bool any = false;

	for (unsigned int i = 0; i < nr_wires; i++) {
		struct hosted_wire *w = wires[i];

		if (w->kind == WIRE_SCRIPT)
			any |= release_held(w);
		if (w->kind != WIRE_TAP || !w->end[0])
			continue;
		/* A paused port reads nothing: the frames wait in the TAP's queue. */
		while (port_can_receive(w->end[0])) {
			ssize_t n = read(w->tap_fd, buf, sizeof(buf));

			if (n <= 0)
				break;
			/* Linux hands TAP frames unpadded; on a wire the sender's MAC pads them. */
			if (n < WIRE_MIN_FRAME) {
				memset(buf + n, 0, WIRE_MIN_FRAME - n);
				n = WIRE_MIN_FRAME;
			}
			hosted_wire_inject(w, buf, (u32)n);
			any = true;
		}
	}
	return any;
}

void hosted_wire_wait(u64 ns)
{
	struct pollfd fds[MAX_WIRES];
	struct timespec timeout = { (time_t)(ns / NSEC_PER_SEC), (long)(ns % NSEC_PER_SEC) };
	nfds_t n = 0;

	for (unsigned int i = 0; i < nr_wires; i++) {
		/* A paused port's TAP is not read, so its frames would wake nothing. */
		if (wires[i]->kind != WIRE_TAP || !wires[i]->end[0] ||
		    !port_can_receive(wires[i]->end[0]))
			continue;
		fds[n].fd = wires[i]->tap_fd;
		fds[n].events = POLLIN;
		n++;
	}
	/* EINTR (a child exiting) just ends the wait early. */
	ppoll(fds, n, &timeout, NULL);
}

void hosted_wire_reset(void)
{
	for (unsigned int i = 0; i < nr_wires; i++) {
		struct hosted_wire *w = wires[i];

		while (w->head) {
			struct queued_frame *q = w->head;

			w->head = q->next;
			free(q);
		}
		while (w->in_head) {
			struct queued_frame *q = w->in_head;

			w->in_head = q->next;
			free(q);
		}
		for (int side = 0; side < 2; side++)
			if (w->end[side])
				w->end[side]->wire = NULL;
		if (w->tap_fd >= 0)
			close(w->tap_fd);
		free(w);
	}
	nr_wires = 0;
}

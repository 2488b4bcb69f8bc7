// SPDX-License-Identifier: BSD-2-Clause
/* The input player of the driver receive-path harnesses; see fuzz_nic.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/pci/pci.h"
#include "net/core/netdev_stack.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_nic.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/tamper.h"
#include "tests/unit/fakes/stub_printk.h"

#define MAX_FRAME 1600
#define MAX_EDITS 4
#define HELD_MAX  512
#define ECHO_MAX  256 /* echoes waiting for the next flush */
#define ECHO_SEGS 8
/* Echoes handed to the driver in one input: at most one per 3 input bytes. */
#define SENT_MAX  4096
#define ETH_ZLEN  60
#define STEP_NS	  20000ull
#define SETTLE_NS (5 * 1000 * 1000ull)

/*
 * A received frame sent back as napkin's zero-copy echo does: its own
 * segments, mapped for the device, until the driver frees the copy.
 */
struct echo {
	struct netbuf tx[ECHO_SEGS];
	struct netbuf *rx;
};

/* What an echo handed to the driver held, to know it again on the wire. */
struct sent {
	u32 len;
	u64 hash;
};

struct edits {
	unsigned int n;
	u8 off[MAX_EDITS], xor[MAX_EDITS];
	bool armed;
};

static struct {
	struct edits rx, status;
	bool tampered; /* some edit was applied during this input */
	bool hold;
	unsigned int frames_up; /* frames the driver handed to the stack */
	struct netbuf *held[HELD_MAX];
	unsigned int nr_held;
	bool echo;
	struct echo *queued[ECHO_MAX]; /* sent at the next flush, as the stack glue does */
	unsigned int nr_queued;
	unsigned int echoes_out; /* made, and not yet freed (by the driver, or here) */
	struct sent sent[SENT_MAX];
	unsigned int nr_sent, wire_next; /* the wire has shown sent[0..wire_next) */
	unsigned int wire_frames, wire_strangers;
	struct net_device *dev;
} st;

#define FNV_OFFSET 0xcbf29ce484222325ull

/* FNV-1a over len bytes, continuing from h. */
static u64 fnv1a(u64 h, const u8 *p, u32 len)
{
	while (len--)
		h = (h ^ *p++) * 0x100000001b3ull;
	return h;
}

/* The frame's bytes, across its segments, hashed. */
static u64 frame_hash(const struct netbuf *nb)
{
	u64 h = FNV_OFFSET;

	for (; nb; nb = nb->next)
		h = fnv1a(h, nb->data, nb->len);
	return h;
}

static void apply(struct edits *e, void *p, size_t len)
{
	u8 *b = p;

	if (!e->armed || !len)
		return;
	for (unsigned int i = 0; i < e->n; i++)
		b[e->off[i] % len] ^= e->xor [i];
	e->armed = false;
	st.tampered = true;
}

static void tamper_rx(void *ctx, void *desc, size_t len)
{
	apply(&st.rx, desc, len);
}

static void tamper_status(void *ctx, void *entry, size_t len)
{
	apply(&st.status, entry, len);
}

static const struct hosted_tamper tamper = {
	.rx_desc = tamper_rx,
	.status = tamper_status,
};

static void echo_release(struct netbuf *nb)
{
	struct echo *e = nb->owner;

	for (struct netbuf *seg = nb; seg; seg = seg->next)
		dma_unmap_single(seg->dma, seg->len);
	netbuf_free(e->rx);
	free(e);
	st.echoes_out--;
}

/* A received frame to send back, or NULL (too many segments, or no memory). */
static struct echo *echo_of(struct netbuf *rx)
{
	struct echo *e;
	unsigned int n = 0;

	if (netbuf_nr_segs(rx) > ECHO_SEGS || rx->gro_next || !(e = malloc(sizeof(*e))))
		return NULL;
	for (struct netbuf *seg = rx; seg; seg = seg->next, n++) {
		struct netbuf *tx = &e->tx[n];

		netbuf_init(tx, seg->data, seg->len, dma_map_single(seg->data, seg->len),
			    echo_release, e);
		if (n)
			e->tx[n - 1].next = tx;
	}
	e->tx[0].tot_len = rx->tot_len;
	e->rx = rx;
	st.echoes_out++;
	return e;
}

/*
 * The queued echoes go to the driver, as the stack glue's flush at the end
 * of a loop round sends; one the driver refuses is dropped.
 */
static void echo_flush(void)
{
	for (unsigned int i = 0; i < st.nr_queued; i++) {
		struct echo *e = st.queued[i];

		if (st.nr_sent < SENT_MAX)
			st.sent[st.nr_sent++] =
			    (struct sent){ .len = e->tx[0].tot_len, .hash = frame_hash(&e->tx[0]) };
		/* Refused (the queue stopped): the frame is still ours. */
		if (netdev_start_xmit(st.dev, &e->tx[0]) != NETDEV_TX_OK)
			echo_release(&e->tx[0]);
	}
	st.nr_queued = 0;
}

/*
 * Every frame on the wire must be one of the echoes, in the order they were
 * handed over; some may be missing (dropped on a reset, the link down), none
 * changed. A short one may come padded to the minimum frame.
 */
static void wire_check(struct hosted_wire *wire)
{
	static u8 buf[2048];
	u32 len;

	while ((len = hosted_wire_take(wire, buf, sizeof(buf)))) {
		bool known = false;

		st.wire_frames++;
		while (!known && st.wire_next < st.nr_sent) {
			const struct sent *want = &st.sent[st.wire_next++];

			known = (len == want->len || (want->len < ETH_ZLEN && len == ETH_ZLEN)) &&
				fnv1a(FNV_OFFSET, buf, want->len) == want->hash;
		}
		st.wire_strangers += !known;
	}
}

static void step(struct hosted_wire *wire, u64 ns)
{
	hosted_run_for(ns);
	echo_flush();
	wire_check(wire);
}

static int stack_rx(struct net_device *dev, struct netbuf *nb)
{
	static u8 copy[64 * 1024];
	struct echo *e;

	/* Every byte the driver claims to have received is read. */
	netbuf_copy_out(nb, 0, copy, MIN(nb->tot_len, (u32)sizeof(copy)));
	st.frames_up++;
	st.dev = dev;
	if (st.echo && st.nr_queued < ECHO_MAX && st.nr_sent + st.nr_queued < SENT_MAX &&
	    (e = echo_of(nb))) {
		st.queued[st.nr_queued++] = e;
		return NET_RX_SUCCESS;
	}
	if (st.hold && st.nr_held < HELD_MAX) {
		st.held[st.nr_held++] = nb;
		return NET_RX_SUCCESS;
	}
	netbuf_free(nb);
	return NET_RX_SUCCESS;
}

static const struct netdev_stack_ops stack = {
	.rx = stack_rx,
};

static void fuzz_nic_stack_install(void)
{
	netdev_set_stack(&stack);
}

static void release_held(void)
{
	for (unsigned int i = 0; i < st.nr_held; i++)
		netbuf_free(st.held[i]);
	st.nr_held = 0;
}

static void read_edits(struct fuzz_in *in, struct edits *e)
{
	e->n = fuzz_u8(in) % (MAX_EDITS + 1);
	for (unsigned int i = 0; i < e->n; i++) {
		e->off[i] = fuzz_u8(in);
		e->xor [i] = fuzz_u8(in);
	}
	e->armed = e->n > 0;
}

/*
 * Every input allocates and frees the driver's DMA memory: megabytes of
 * receive buffers with the harness's ownership copies. Behind ASan's default
 * 256 MB quarantine each input gets pages never touched before, and page
 * faults were most of an input. 4 MB still holds all that one input frees,
 * so a use after free within an input is caught as before. ASAN_OPTIONS
 * overrides this.
 */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "quarantine_size_mb=4";
}

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_nic: %s\n", what);
	hosted_failures_dump();
	stub_printk_dump();
	abort();
}

static bool link_up(void *ctx)
{
	return netif_carrier_ok(ctx);
}

/* The harness, the model, the driver probed and eth0 open with link. */
static struct hosted_wire *bring_up(const struct fuzz_nic_ops *ops, u8 variant)
{
	struct hosted_wire *wire;
	struct net_device *dev;

	hosted_init();
	hosted_set_until_step(UINT64_MAX); /* link_up() only changes in driver code */
	fuzz_nic_stack_install();
	wire = hosted_wire_script(ops->create_model(variant));
	pci_register_driver(ops->driver);
	pci_init();
	hosted_run_idle();
	dev = netdev_get_by_name("eth0");
	if (!dev || dev_open(dev) || !hosted_run_until(link_up, dev, 5 * NSEC_PER_SEC))
		abort();
	return wire;
}

int fuzz_nic_run(const struct fuzz_nic_ops *ops, const u8 *data, size_t size)
{
	struct hosted_wire *wire;
	struct fuzz_in in;

	memset(&st, 0, sizeof(st));
	stub_printk_reset();
	fuzz_in_init(&in, data, size);
	wire = bring_up(ops, fuzz_u8(&in));
	hosted_failures_quiet(true);
	ops->set_tamper(&tamper);
	while (!fuzz_in_empty(&in)) {
		u8 op = fuzz_u8(&in);
		size_t got;
		const u8 *bytes;

		switch (op & 3) {
		case 0:
			bytes = fuzz_bytes(&in, fuzz_u16(&in) % MAX_FRAME, &got);
			hosted_wire_inject(wire, bytes, (u32)got);
			step(wire, STEP_NS);
			break;
		case 1: read_edits(&in, &st.rx); break;
		case 2: read_edits(&in, &st.status); break;
		case 3:
			if (op & 8) {
				st.echo = !st.echo;
			} else if (op & 4) {
				st.hold = !st.hold;
				if (!st.hold)
					release_held();
			} else {
				step(wire, fuzz_u8(&in) * STEP_NS);
			}
			break;
		}
	}
	st.echo = false;
	step(wire, SETTLE_NS);
	st.hold = false;
	release_held();
	ops->set_tamper(NULL);
	/* FUZZ_NIC_VERBOSE=1 to see what an input did (when writing seeds). */
	if (getenv("FUZZ_NIC_VERBOSE"))
		fprintf(stderr,
			"fuzz_nic: %u frames up, %u echoed, %u on the wire (%u unknown), %s, %u "
			"harness failures\n",
			st.frames_up, st.nr_sent, st.wire_frames, st.wire_strangers,
			st.tampered ? "tampered" : "untouched", hosted_failures());
	/* Echoes the driver still holds are dropped as it lets go of the device. */
	pci_unregister_driver(ops->driver);
	hosted_run_idle();
	if (st.echoes_out)
		fail("the driver let go of the device still holding frames it was given to send");
	if (!st.tampered && hosted_failures())
		fail("the harness or model objected to an input that tampered with nothing");
	if (!st.tampered && st.wire_strangers)
		fail("a frame on the wire that no echo held: the driver sent wrong bytes");
	if (hosted_dma_live_count())
		fail("DMA memory still allocated after the driver let go of the device");
	hosted_fini();
	ops->destroy_model();
	return 0;
}

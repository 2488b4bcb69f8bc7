// SPDX-License-Identifier: BSD-2-Clause
/* The input player of the driver receive-path harnesses; see fuzz_nic.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "net/netdev.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_nic.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/tamper.h"
#include "tests/unit/stub_printk.h"

#define MAX_FRAME 1600
#define MAX_EDITS 4
#define HELD_MAX  512
#define STEP_NS	  20000ull
#define SETTLE_NS (5 * 1000 * 1000ull)

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
} st;

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

static int stack_rx(struct net_device *dev, struct netbuf *nb)
{
	static u8 copy[64 * 1024];

	/* Every byte the driver claims to have received is read. */
	netbuf_copy_out(nb, 0, copy, MIN(nb->tot_len, (u32)sizeof(copy)));
	st.frames_up++;
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

void fuzz_nic_stack_install(void)
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

int fuzz_nic_run(const struct fuzz_nic_ops *ops, const u8 *data, size_t size)
{
	struct hosted_wire *wire;
	struct fuzz_in in;

	memset(&st, 0, sizeof(st));
	stub_printk_reset();
	fuzz_in_init(&in, data, size);
	wire = ops->setup(fuzz_u8(&in));
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
			hosted_run_for(STEP_NS);
			break;
		case 1: read_edits(&in, &st.rx); break;
		case 2: read_edits(&in, &st.status); break;
		case 3:
			if (op & 4) {
				st.hold = !st.hold;
				if (!st.hold)
					release_held();
			} else {
				hosted_run_for(fuzz_u8(&in) * STEP_NS);
			}
			break;
		}
	}
	hosted_run_for(SETTLE_NS);
	st.hold = false;
	release_held();
	ops->set_tamper(NULL);
	/* FUZZ_NIC_VERBOSE=1 to see what an input did (when writing seeds). */
	if (getenv("FUZZ_NIC_VERBOSE"))
		fprintf(stderr, "fuzz_nic: %u frames up, %s, %u harness failures\n", st.frames_up,
			st.tampered ? "tampered" : "untouched", hosted_failures());
	ops->unbind();
	if (!st.tampered && hosted_failures())
		fail("the harness or model objected to an input that tampered with nothing");
	if (hosted_dma_live_count())
		fail("DMA memory still allocated after the driver let go of the device");
	hosted_fini();
	ops->destroy_model();
	return 0;
}

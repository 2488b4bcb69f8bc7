// SPDX-License-Identifier: BSD-2-Clause
/*
 * skge model: what the chip owns, watched.
 *
 * A descriptor is the chip's from the moment the driver sets its OWN bit
 * until the BMU writes it back with OWN clear (the Genesis/Yukon descriptor
 * protocol: the driver gives descriptors away with OWN and takes back only
 * those the chip returned). While the chip owns one, the driver may not
 * write it, nor take back the buffer it names. A real BMU reads an owned
 * descriptor whenever it gets to it, so a driver that changes one meanwhile
 * (reuses it, clears it while reclaiming) or takes back its buffer (reads a
 * receive buffer, unmaps a transmit buffer) races the chip and loses.
 *
 * Each running queue keeps the run of owned descriptors from its current
 * one, in chip order, with a copy of each as it was when first seen owned;
 * every BMU tick compares them with memory first (so under the racing
 * device, hosted_race.h, a store between two of the driver's is seen), and
 * each buffer they name is held (hosted_dma_hold), so taking it back fails
 * at the driver's call. The chip's write-back, a stop or a reset lets go.
 */
#include <string.h>

#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/models/skge_model_internal.h"

static u32 word(const u8 *raw, unsigned int off)
{
	return (u32)raw[off] | (u32)raw[off + 1] << 8 | (u32)raw[off + 2] << 16 |
	       (u32)raw[off + 3] << 24;
}

static struct skm_watch *watch_at(struct skm_queue *q, unsigned int i)
{
	return &q->watch[(q->watch_head + i) % SKM_WATCH_MAX];
}

static void let_go(struct skm_watch *w)
{
	u32 len = word(w->raw, SKR_DESC_CTL) & SKR_CTL_LEN_MASK;

	if (len)
		hosted_dma_unhold(word(w->raw, SKR_DESC_ADDR_LO), w->da);
}

void skm_own_clear(struct skge_model *m, struct skm_queue *q)
{
	for (unsigned int i = 0; i < q->nwatch; i++)
		let_go(watch_at(q, i));
	q->nwatch = 0;
	q->watch_head = 0;
}

void skm_own_release(struct skge_model *m, struct skm_queue *q, u32 da)
{
	for (unsigned int i = 0; i < q->nwatch; i++) {
		struct skm_watch *w = watch_at(q, i);

		if (w->da != da)
			continue;
		let_go(w);
		/* The chip works in order: almost always the oldest. */
		for (unsigned int k = i; k > 0; k--)
			*watch_at(q, k) = *watch_at(q, k - 1);
		q->watch_head = (q->watch_head + 1) % SKM_WATCH_MAX;
		q->nwatch--;
		return;
	}
}

/* Every owned descriptor as it was given: a difference is a CPU store. */
static void verify(struct skge_model *m, struct skm_queue *q)
{
	for (unsigned int i = 0; i < q->nwatch; i++) {
		struct skm_watch *w = watch_at(q, i);
		u8 now[SKR_DESC_SIZE];

		if (!hosted_dma_peek(m->pci, w->da, now, sizeof(now))) {
			skm_fail(m,
				 "%s descriptor at 0x%08x freed while the chip owns it (OWN set): "
				 "reclaimed before the chip handed it back",
				 q->name, w->da);
		} else if (memcmp(now, w->raw, sizeof(now))) {
			unsigned int off = 0;

			while (now[off] == w->raw[off])
				off++;
			skm_fail(
			    m,
			    "%s descriptor at 0x%08x written by the CPU while the chip owns it "
			    "(OWN set): byte %u was 0x%02x, now 0x%02x (control 0x%08x -> "
			    "0x%08x): reused or reclaimed before the chip handed it back",
			    q->name, w->da, off, w->raw[off], now[off], word(w->raw, 0),
			    word(now, 0));
		} else {
			continue;
		}
		/* Said once: the chip's view of it is the copy from now on. */
		if (hosted_dma_peek(m->pci, w->da, now, sizeof(now)))
			memcpy(w->raw, now, sizeof(now));
	}
}

/* Extend the owned run from where it ends, as far as OWN goes. */
static void extend(struct skge_model *m, struct skm_queue *q)
{
	u32 da = q->nwatch ? word(watch_at(q, q->nwatch - 1)->raw, SKR_DESC_NEXT) : q->da_lo;

	while (q->nwatch < SKM_WATCH_MAX) {
		struct skm_watch *w;
		u8 raw[SKR_DESC_SIZE];
		u32 ctl, len;

		if (q->nwatch && da == q->watch[q->watch_head].da)
			return; /* all the way round: the whole ring is the chip's */
		if ((da & 7) || !hosted_dma_peek(m->pci, da, raw, sizeof(raw)))
			return; /* the BMU will complain when it gets there */
		ctl = word(raw, SKR_DESC_CTL);
		if (!(ctl & SKR_CTL_OWN))
			return;
		w = watch_at(q, q->nwatch++);
		w->da = da;
		memcpy(w->raw, raw, sizeof(raw));
		len = ctl & SKR_CTL_LEN_MASK;
		if (len)
			hosted_dma_hold(m->name, word(raw, SKR_DESC_ADDR_LO), len,
					q->rx ? "a receive descriptor" : "a transmit descriptor",
					da);
		da = word(raw, SKR_DESC_NEXT);
	}
}

void skm_own_scan(struct skge_model *m, struct skm_queue *q, bool running)
{
	if (!running || !q->da_written || q->da_hi) {
		if (q->nwatch)
			skm_own_clear(m, q);
		return;
	}
	verify(m, q);
	extend(m, q);
}

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Split virtqueue bookkeeping: the descriptor free list, publishing buffer
 * chains in the available ring, collecting them from the used ring, and the
 * two suppression mechanisms (interrupts and notifications, by flags or by
 * event index). It only touches the ring memory it is given, so it runs the
 * same against a real device and against a test that plays the device.
 *
 * A chain is identified by its head descriptor; the caller's cookie for it
 * comes back from vq_pop_used(). Nothing here locks: the driver calls it from
 * one context at a time (its NAPI poll, or init and teardown).
 */
#ifndef NAPKIN_DRIVERS_VIRTIO_VIRTQUEUE_H
#define NAPKIN_DRIVERS_VIRTIO_VIRTQUEUE_H

#include <stddef.h>
#include "kernel/x86/barrier.h"
#include "kernel/core/compiler.h"
#include "drivers/virtio/virtio_reg.h"

/* Largest ring napkin sets up; bigger devices are asked for this many. */
#define VQ_SIZE_MAX 256

/* Where the three parts of a ring of `size` entries go in one allocation. */
struct vq_layout {
	size_t avail_off;
	size_t used_off;
	size_t total; /* bytes to allocate, aligned to VIRTQ_DESC_ALIGN at its base */
};

/* One buffer of a chain: device-readable (out) or device-writable (in). */
struct vq_buf {
	u64 addr;
	u32 len;
};

struct vq_stats {
	u64 added;	 /* chains published */
	u64 completed;	 /* chains returned by the device */
	u64 kicks;	 /* notifications the device asked for */
	u64 kicks_saved; /* notifications the device said it did not need */
	u64 bad_used;	 /* used entries naming no chain in flight */
	u64 full;	 /* vq_add() calls refused for lack of descriptors */
	u64 late_kicks;	 /* notifications vq_watch() sent after a declined one stalled */
};

struct virtqueue {
	const char *name; /* for logs: "virtio-net 00:03.0 rx0" */
	u16 index;	  /* queue number on the device */
	u16 size;
	bool event_idx; /* VIRTIO_F_EVENT_IDX negotiated */

	struct virtq_desc *desc;
	struct virtq_avail *avail;
	struct virtq_used *used;
	u64 desc_dma, avail_dma, used_dma;

	u16 free_head; /* first unused descriptor, chained through next */
	u16 num_free;
	u16 avail_idx;	  /* our copy of avail->idx */
	u16 last_used;	  /* next used-ring entry to look at */
	u16 kicked_avail; /* avail_idx at the last notification decision */
	bool cb_disabled;
	bool unnotified;     /* the device declined a notification for chains it has */
	u16 watch_used;	     /* used->idx at the last vq_watch() */
	bool watch_restart;  /* a decline since: the next vq_watch() only looks */
	u16 watch_last_used; /* last_used at the last vq_watch() */
	bool watch_waiting;  /* completions were waiting at the last vq_watch() */
	u16 lose_kicks;	     /* fault injection: notifications to decline wrongly */

	/* Per head descriptor: the caller's cookie (NULL: not in flight), chain length. */
	void *cookie[VQ_SIZE_MAX];
	u16 chain_len[VQ_SIZE_MAX];

	struct vq_stats stats;
};

/* Layout of a ring of `size` entries; false if size is not a usable ring size. */
bool vq_layout(u16 size, struct vq_layout *out);
/* A power of two in 1..VIRTQ_SIZE_MAX. */
bool vq_size_valid(unsigned int size);

/*
 * Take over zeroed or stale ring memory (`mem`, bus address `dma`, laid out as
 * vq_layout() says) for a ring of `size` entries. Returns 0, or -EINVAL for a
 * size that is zero, not a power of two or above VQ_SIZE_MAX.
 */
int vq_init(struct virtqueue *vq, const char *name, u16 index, u16 size, void *mem, u64 dma,
	    bool event_idx);

/*
 * Publish a chain of n_out device-readable buffers followed by n_in
 * device-writable ones. cookie must not be NULL. Returns the head descriptor,
 * or -ENOSPC when too few descriptors are free, -EINVAL for an empty chain.
 * The device sees it after the next vq_kick_prepare() + notify, or sooner.
 */
int vq_add(struct virtqueue *vq, const struct vq_buf *bufs, unsigned int n_out, unsigned int n_in,
	   void *cookie);

/*
 * After adding: whether the device wants a notification for what was added
 * since the last call. The caller writes the notify register when true.
 */
bool vq_kick_prepare(struct virtqueue *vq);

/*
 * Take the next completed chain: 1 with *cookie and *len (bytes the device
 * wrote) set, 0 when nothing is pending, -EIO when the device returned an id
 * that is out of range or not in flight: the entry is skipped, counted in
 * stats.bad_used and logged (the first time per queue).
 */
int vq_pop_used(struct virtqueue *vq, void **cookie, u32 *len);

/*
 * What a periodic watchdog finds on a queue that has not moved since its last
 * look (see vq_watch()).
 */
#define VQ_WATCH_KICK BIT(0) /* notify now: a declined notification may have been lost */
#define VQ_WATCH_USED BIT(1) /* returned chains sit unpopped: an interrupt may have been lost */

/*
 * Called every watchdog period. The notification and interrupt handshakes
 * rely on a full barrier on each side; when one side's barrier is missing
 * (single-vCPU TCG emits none for the guest's) both sides can decide the
 * other will act and the queue stalls for good. When the device's used index
 * did not move since the previous call (and no first decline came between
 * the two), returns VQ_WATCH_KICK if chains
 * published without a notification are still in flight (counted in
 * stats.late_kicks; the caller writes the notify register) and VQ_WATCH_USED
 * if returned chains wait to be popped. Spurious notifications are harmless,
 * so a false alarm costs one register write.
 */
unsigned int vq_watch(struct virtqueue *vq);

/* The caller notified the device without asking vq_kick_prepare(). */
static inline void vq_notified(struct virtqueue *vq)
{
	vq->unnotified = false;
}

/* True when the device has returned chains not yet popped. */
bool vq_has_used(const struct virtqueue *vq);

/* Ask the device not to interrupt for this queue (a hint it may ignore). */
void vq_disable_cb(struct virtqueue *vq);
/*
 * Ask for interrupts again. Returns false when chains completed meanwhile:
 * the caller must poll again (with interrupts back on, the one it would have
 * got may already have been suppressed).
 */
bool vq_enable_cb(struct virtqueue *vq);

static inline unsigned int vq_num_free(const struct virtqueue *vq)
{
	return vq->num_free;
}

static inline unsigned int vq_in_flight(const struct virtqueue *vq)
{
	return vq->size - vq->num_free;
}

/*
 * Teardown, after the device was reset: returns the cookie of one chain still
 * in flight and frees its descriptors, or NULL when none is left.
 */
void *vq_detach_unused(struct virtqueue *vq);

#endif

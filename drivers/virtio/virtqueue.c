// SPDX-License-Identifier: BSD-2-Clause
/* Split virtqueue bookkeeping; see virtqueue.h. */
#include <errno.h>
#include <string.h>
#include "drivers/virtio/virtqueue.h"
#include "kernel/console/printk.h"

bool vq_size_valid(unsigned int size)
{
	return size && size <= VIRTQ_SIZE_MAX && !(size & (size - 1));
}

bool vq_layout(u16 size, struct vq_layout *out)
{
	size_t desc_bytes, avail_bytes, used_bytes;

	if (!vq_size_valid(size))
		return false;
	desc_bytes = sizeof(struct virtq_desc) * size;
	/* flags, idx, ring[size], used_event */
	avail_bytes = sizeof(le16) * (3 + (size_t)size);
	/* flags, idx, ring[size], avail_event */
	used_bytes = sizeof(le16) * 3 + sizeof(struct virtq_used_elem) * size;

	out->avail_off = ALIGN_UP(desc_bytes, (size_t)VIRTQ_AVAIL_ALIGN);
	/* A cache line apart, so the device's writes and ours do not share one. */
	out->used_off = ALIGN_UP(out->avail_off + avail_bytes, (size_t)64);
	out->total = out->used_off + used_bytes;
	return true;
}

/* The event index words sit right after each ring. */
static volatile le16 *used_event_word(const struct virtqueue *vq)
{
	return &vq->avail->ring[vq->size];
}

static volatile le16 *avail_event_word(const struct virtqueue *vq)
{
	return (volatile le16 *)&vq->used->ring[vq->size];
}

int vq_init(struct virtqueue *vq, const char *name, u16 index, u16 size, void *mem, u64 dma,
	    bool event_idx)
{
	struct vq_layout lay;
	u16 i;

	if (!vq_layout(size, &lay) || size > VQ_SIZE_MAX) {
		pr_err("%s: cannot use a ring of %u entries\n", name, size);
		return -EINVAL;
	}
	memset(vq, 0, sizeof(*vq));
	memset(mem, 0, lay.total);
	vq->name = name;
	vq->index = index;
	vq->size = size;
	vq->event_idx = event_idx;
	vq->desc = mem;
	vq->avail = (struct virtq_avail *)((u8 *)mem + lay.avail_off);
	vq->used = (struct virtq_used *)((u8 *)mem + lay.used_off);
	vq->desc_dma = dma;
	vq->avail_dma = dma + lay.avail_off;
	vq->used_dma = dma + lay.used_off;

	for (i = 0; i < size; i++)
		vq->desc[i].next = (u16)(i + 1);
	vq->free_head = 0;
	vq->num_free = size;
	return 0;
}

int vq_add(struct virtqueue *vq, const struct vq_buf *bufs, unsigned int n_out, unsigned int n_in,
	   void *cookie)
{
	unsigned int n = n_out + n_in, i;
	u16 head, d;

	if (!n || !cookie)
		return -EINVAL;
	if (n > vq->num_free) {
		vq->stats.full++;
		return -ENOSPC;
	}

	head = d = vq->free_head;
	for (i = 0; i < n; i++) {
		struct virtq_desc *desc = &vq->desc[d];

		desc->addr = bufs[i].addr;
		desc->len = bufs[i].len;
		desc->flags =
		    (i >= n_out ? VIRTQ_DESC_F_WRITE : 0) | (i + 1 < n ? VIRTQ_DESC_F_NEXT : 0);
		d = desc->next;
	}
	vq->free_head = d;
	vq->num_free -= n;
	vq->cookie[head] = cookie;
	vq->chain_len[head] = (u16)n;

	vq->avail->ring[vq->avail_idx & (vq->size - 1)] = head;
	dma_wmb(); /* descriptors and ring entry before the index that hands them over */
	vq->avail_idx++;
	WRITE_ONCE(vq->avail->idx, vq->avail_idx);
	vq->stats.added++;
	return head;
}

/* True when new_idx passed event since old: the event index rule of the spec. */
static bool vq_need_event(u16 event, u16 new_idx, u16 old)
{
	return (u16)(new_idx - event - 1) < (u16)(new_idx - old);
}

bool vq_kick_prepare(struct virtqueue *vq)
{
	u16 old = vq->kicked_avail, new_idx = vq->avail_idx;
	bool kick;

	if (old == new_idx)
		return false;
	mb(); /* our idx store before the load of what the device wants: TSO may swap those */
	if (vq->event_idx)
		kick = vq_need_event(READ_ONCE(*avail_event_word(vq)), new_idx, old);
	else
		kick = !(READ_ONCE(vq->used->flags) & VIRTQ_USED_F_NO_NOTIFY);
	/* A test plays the lost-notification race: the device wanted one, we decline. */
	if (kick && unlikely(vq->lose_kicks)) {
		vq->lose_kicks--;
		kick = false;
	}
	vq->kicked_avail = new_idx;
	if (kick) {
		vq->stats.kicks++;
	} else {
		vq->stats.kicks_saved++;
		/* From the first decline, vq_watch() waits a whole period of no progress. */
		if (!vq->unnotified)
			vq->watch_restart = true;
	}
	vq->unnotified = !kick;
	return kick;
}

unsigned int vq_watch(struct virtqueue *vq)
{
	u16 used = READ_ONCE(vq->used->idx);
	bool device_still = used == vq->watch_used && !vq->watch_restart;
	/*
	 * A missed interrupt is judged by the driver's progress, not the
	 * device's: under a steady stream the device keeps completing while
	 * nobody pops, and used->idx never stands still.
	 */
	bool driver_still = vq->watch_waiting && vq->last_used == vq->watch_last_used;
	unsigned int found = 0;

	vq->watch_used = used;
	vq->watch_restart = false;
	vq->watch_last_used = vq->last_used;
	vq->watch_waiting = used != vq->last_used;
	if (device_still && vq->unnotified && vq_in_flight(vq)) {
		vq->unnotified = false;
		vq->stats.late_kicks++;
		found |= VQ_WATCH_KICK;
	}
	if (driver_still && used != vq->last_used)
		found |= VQ_WATCH_USED;
	return found;
}

bool vq_has_used(const struct virtqueue *vq)
{
	return READ_ONCE(vq->used->idx) != vq->last_used;
}

/* Put the chain that starts at head back on the free list. */
static void vq_free_chain(struct virtqueue *vq, u16 head)
{
	u16 n = vq->chain_len[head], last = head, i;

	/* Walk our own count, not the flags: the device has no business changing them. */
	for (i = 1; i < n; i++)
		last = vq->desc[last].next & (vq->size - 1);
	vq->desc[last].next = vq->free_head;
	vq->free_head = head;
	vq->num_free += n;
	vq->cookie[head] = NULL;
	vq->chain_len[head] = 0;
}

int vq_pop_used(struct virtqueue *vq, void **cookie, u32 *len)
{
	struct virtq_used_elem *elem;
	u32 id;

	if (!vq_has_used(vq))
		return 0;
	dma_rmb(); /* the used index before the entry it covers */
	elem = &vq->used->ring[vq->last_used & (vq->size - 1)];
	id = READ_ONCE(elem->id);
	*len = READ_ONCE(elem->len);
	vq->last_used++;
	if (vq->event_idx && !vq->cb_disabled)
		WRITE_ONCE(*used_event_word(vq), vq->last_used);

	if (id >= vq->size || !vq->cookie[id]) {
		if (!vq->stats.bad_used)
			pr_err("%s: device returned descriptor %u, %s; entry dropped\n", vq->name,
			       id, id >= vq->size ? "out of range" : "not in flight");
		vq->stats.bad_used++;
		return -EIO;
	}
	*cookie = vq->cookie[id];
	vq_free_chain(vq, (u16)id);
	vq->stats.completed++;
	return 1;
}

void vq_disable_cb(struct virtqueue *vq)
{
	vq->cb_disabled = true;
	/*
	 * With event indexes the device ignores the flag; used_event then stays
	 * where it was, falls behind as we pop, and the device stays quiet.
	 */
	if (!vq->event_idx)
		WRITE_ONCE(vq->avail->flags, VIRTQ_AVAIL_F_NO_INTERRUPT);
}

bool vq_enable_cb(struct virtqueue *vq)
{
	vq->cb_disabled = false;
	if (vq->event_idx)
		WRITE_ONCE(*used_event_word(vq), vq->last_used);
	else
		WRITE_ONCE(vq->avail->flags, 0);
	mb(); /* the request (a store) before we load the used index again */
	return !vq_has_used(vq);
}

void *vq_detach_unused(struct virtqueue *vq)
{
	u16 i;

	for (i = 0; i < vq->size; i++) {
		void *cookie = vq->cookie[i];

		if (cookie) {
			vq_free_chain(vq, i);
			return cookie;
		}
	}
	return NULL;
}

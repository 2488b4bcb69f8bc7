/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Descriptor ring index arithmetic, shared by the receive and transmit rings.
 *
 * Software keeps two indexes per ring: next_to_use (the next slot it fills;
 * what it writes to the tail register) and next_to_clean (the oldest slot
 * the hardware may still own or has completed). Slots from next_to_clean up
 * to next_to_use belong to the hardware; the rest are free. One slot always
 * stays free, because head == tail means "empty" to the hardware: a ring of
 * `count` slots holds at most count - 1 buffers.
 */
#ifndef NAPKIN_DRIVERS_E1000_RING_H
#define NAPKIN_DRIVERS_E1000_RING_H

#include "kernel/core/compiler.h"

/* The hardware reads descriptors in 128-byte lines: 8 of 16 bytes. */
#define E1000_RING_ALIGN_DESCS 8
#define E1000_RING_MIN	       8
#define E1000_RING_MAX	       4096

static inline bool e1000_ring_size_ok(unsigned int count)
{
	return count >= E1000_RING_MIN && count <= E1000_RING_MAX &&
	       count % E1000_RING_ALIGN_DESCS == 0;
}

static inline u16 e1000_ring_next(u16 i, u16 count)
{
	return (u16)(i + 1 == count ? 0 : i + 1);
}

/* i + n, wrapped; n may be up to count. */
static inline u16 e1000_ring_add(u16 i, u16 n, u16 count)
{
	unsigned int v = (unsigned int)i + n;

	return (u16)(v >= count ? v - count : v);
}

/* Slots handed to the hardware and not yet cleaned. */
static inline u16 e1000_ring_in_flight(u16 next_to_use, u16 next_to_clean, u16 count)
{
	return (u16)(next_to_use >= next_to_clean ? next_to_use - next_to_clean
						  : count - next_to_clean + next_to_use);
}

/* Slots software may still fill, keeping the one that must stay empty. */
static inline u16 e1000_ring_unused(u16 next_to_use, u16 next_to_clean, u16 count)
{
	return (u16)(count - 1 - e1000_ring_in_flight(next_to_use, next_to_clean, count));
}

/* True when index i lies in the half-open window [from, to) of a ring. */
static inline bool e1000_ring_between(u16 i, u16 from, u16 to)
{
	if (from <= to)
		return i >= from && i < to;
	return i >= from || i < to;
}

#endif

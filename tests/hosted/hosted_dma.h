/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DMA memory for the hosted harness: kernel/mm/dma.h's dma_alloc()/dma_free()
 * backed by ordinary heap pages, each given a made-up bus address that is not
 * its host address. Models never touch host pointers a driver hands them:
 * every descriptor, buffer and status block address goes through
 * hosted_dma_read/write/map, which check that the whole range lies inside one
 * live allocation. A stray address (never allocated) or a stale one (freed)
 * fails the test with a message naming the device and what it was accessing;
 * nothing is read or written then.
 *
 * Bus addresses are never reused and allocations are separated by an unmapped
 * gap, so an overrun past the end of a buffer is caught too. Non-32-bit
 * allocations sit above 4 GiB, so a driver that drops the high half of an
 * address is caught as well.
 *
 * Streaming memory (DMA_STREAMING allocations, dma_map_single mappings) has
 * an owner, passed by dma_sync_single_for_device/for_cpu (kernel/mm/dma.h):
 *  - Device side, strictly: a device access to a streaming byte the CPU
 *    owns (never handed over, or taken back), or against the direction it
 *    was handed over with (writing DMA_TO_DEVICE, reading DMA_FROM_DEVICE),
 *    fails. Mappings are owned as a whole and are DMA_TO_DEVICE: a device
 *    write into one fails, and so does a sync with another direction. Mapping
 *    memory inside a streaming allocation (a received frame sent back) hands
 *    it over DMA_TO_DEVICE until the unmap.
 *  - The syncs themselves: handing over bytes the device owns already,
 *    taking back bytes the CPU owns, a direction differing from the
 *    hand-over's, a range outside any live allocation or mapping; freeing a
 *    streaming allocation the device still owns part of.
 *  - CPU side, by simulating non-coherent DMA for DMA_STREAMING allocations:
 *    the device works on a copy of its own, filled from the CPU's at
 *    for_device (TO_DEVICE, BIDIRECTIONAL) and copied back at for_cpu
 *    (FROM_DEVICE, BIDIRECTIONAL). A driver reading a receive buffer it has
 *    not synced for the CPU sees a poison pattern, not the frame, and the
 *    frame checks of its test fail; a CPU store to a TO_DEVICE or
 *    FROM_DEVICE buffer while the device owned it is reported at for_cpu.
 *    CPU loads themselves are not trapped (that needs instrumentation), and
 *    mappings are not copied: the device sees the CPU's memory directly.
 * Coherent allocations (no DMA_STREAMING) need no sync; one there is a no-op.
 */
#ifndef NAPKIN_TESTS_HOSTED_DMA_H
#define NAPKIN_TESTS_HOSTED_DMA_H

#include <stddef.h>
#include "kernel/core/compiler.h"
#include "kernel/mm/dma.h"

struct hosted_pci_fn;

/*
 * Device access to bus memory on behalf of `fn` (whose bus mastering must be
 * on; NULL skips that check). `what` names the access in failure messages.
 * Return false and fail the test when the range is not live DMA memory.
 */
bool hosted_dma_read(const struct hosted_pci_fn *fn, u64 bus, void *dst, size_t len,
		     const char *what);
bool hosted_dma_write(const struct hosted_pci_fn *fn, u64 bus, const void *src, size_t len,
		      const char *what);
/*
 * Copy [bus, bus + len) of live coherent memory without the device checks
 * and without failing: false if it is not that. For a model's own
 * bookkeeping (looking at what it owns), not for the device's accesses.
 * `fn` is the device (QEMU's adapter, tests/qdev, reads through it).
 */
bool hosted_dma_peek(const struct hosted_pci_fn *fn, u64 bus, void *dst, size_t len);
/* The host pointer behind [bus, bus + len), or NULL (and a failure). */
void *hosted_dma_map(const struct hosted_pci_fn *fn, u64 bus, size_t len, const char *what);

/*
 * A model says the device holds [bus, bus + len) through a descriptor it owns
 * (the driver gave it away and the device has not handed it back). Until
 * hosted_dma_unhold(), the driver taking that memory back fails the test at
 * the call: dma_sync_single_for_cpu, dma_unmap_single or dma_free over any of
 * it ("reclaimed before the device handed it back"). `what` names the
 * descriptor in the message; it must outlive the hold (a literal).
 */
void hosted_dma_hold(const char *dev, u64 bus, size_t len, const char *what, u64 desc);
void hosted_dma_unhold(u64 bus, u64 desc);
unsigned int hosted_dma_holds(void);

/* Live allocations and their total size (whole pages). */
unsigned int hosted_dma_live_count(void);
size_t hosted_dma_live_bytes(void);
/* Print the live allocations (size, bus address, caller) to stderr. */
void hosted_dma_dump_live(void);
/* Free everything still live (end of test) and forget all history. */
void hosted_dma_reset(void);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Memory ordering between the CPU and devices. docs/DMA.md says which one a
 * driver uses where; this file says why each is what it is on x86-64.
 *
 * x86-64 orders ordinary (write-back, WB) memory as TSO: a CPU's loads are
 * not reordered with its other loads, its stores not with its other stores,
 * and a store not with an earlier load. The one reordering left is a store
 * followed by a load of another location: the load may complete while the
 * store still waits in the store buffer. PCIe DMA on x86 snoops the caches,
 * so a device sees WB memory exactly as another CPU would. Exceptions are
 * write-combining (WC) mappings and non-temporal stores (movnt*), which are
 * weakly ordered even on x86.
 *
 * dma_wmb(): earlier stores to DMA memory are seen by the device before later
 * ones; the pattern is "fill the descriptor, dma_wmb(), set its ownership
 * bit or move the index". TSO already keeps WB stores in order, so only the
 * compiler must be stopped from moving them.
 *
 * dma_rmb(): earlier loads from DMA memory complete before later ones; the
 * pattern is "see the ownership/done bit or index, dma_rmb(), read the rest".
 * TSO keeps loads in order (a load the CPU ran early is replayed if the line
 * changed meanwhile), so again only the compiler needs a fence.
 *
 * On a weakly ordered CPU (arm64, POWER, RISC-V) both would be real
 * instructions: a store-store fence for dma_wmb (arm64 "dmb oshst", RISC-V
 * "fence w,w") and a load-load fence for dma_rmb ("dmb oshld", "fence r,r"),
 * and without cache-coherent DMA the dma_sync_single_*() calls of
 * kernel/mm/dma.h would clean and invalidate caches too.
 *
 * mb(), rmb(), wmb() are real fences, for what TSO does not cover:
 *  - mb() (mfence): a store, then a load of another location, e.g. "clear a
 *    flag in the status block, then read the indices", or "publish an index,
 *    then read whether the device wants a notification".
 *  - wmb() (sfence): stores to WC memory or non-temporal stores, before a
 *    later store such as an MMIO doorbell. Plain WB stores before a doorbell
 *    need none: see kernel/mm/io.h.
 *  - rmb() (lfence): loads from WC memory or non-temporal loads (movntdqa),
 *    before later loads.
 *
 * Uncached (UC) MMIO: the accessors of kernel/mm/io.h are compiler barriers, and
 * x86 neither lets a UC store pass earlier stores nor a UC load pass earlier
 * loads, so "write descriptors, writel(doorbell)" and "readl(status), read
 * the buffer" need nothing more. A WB load may still run ahead of an earlier
 * UC store (store then load again): "unmask with writel, then re-read the
 * status block" needs mb() in between.
 */
#ifndef NAPKIN_KERNEL_BARRIER_H
#define NAPKIN_KERNEL_BARRIER_H

#include "kernel/core/compiler.h"

#if defined(__x86_64__)
#define mb()	  __asm__ __volatile__("mfence" ::: "memory")
#define rmb()	  __asm__ __volatile__("lfence" ::: "memory")
#define wmb()	  __asm__ __volatile__("sfence" ::: "memory")
#define dma_rmb() barrier()
#define dma_wmb() barrier()
#else
/*
 * Hosted builds on another host: device models run on the CPU's own thread,
 * so these only need to be correct, and C11 fences are.
 */
#define mb()	  __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define rmb()	  __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define wmb()	  __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define dma_rmb() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define dma_wmb() __atomic_thread_fence(__ATOMIC_RELEASE)
#endif

#endif

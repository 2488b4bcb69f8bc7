/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The racing device: a harness mode in which the models act between the
 * driver's own accesses, not only between loop rounds.
 *
 * Every coherent DMA allocation (rings, status blocks: dma_alloc without
 * DMA_STREAMING) is kept PROT_NONE while racing. A CPU access to one faults;
 * the SIGSEGV handler opens the allocation and sets the x86 trap flag, the
 * faulting instruction runs once, and the SIGTRAP that follows closes the
 * allocation again and takes a step. MMIO accesses take a step before and
 * after. So the models see the driver's loads and stores in the order the
 * compiled code really makes them, and can change memory between any two.
 *
 * A step lets simulated time run a pseudo-random 0..max_quantum_ns (xorshift
 * from the printed seed): device events due meanwhile happen (a frame lands,
 * its status entry is written) and pending interrupts are delivered when the
 * CPU would take them. Nothing is trapped or stepped while a model runs or
 * while a step runs (all allocations are open then). Same seed, same
 * program: same run.
 *
 * x86-64 Linux only (the trap flag); elsewhere hosted_race_start() fails the
 * test, saying so.
 */
#ifndef NAPKIN_TESTS_HOSTED_RACE_H
#define NAPKIN_TESTS_HOSTED_RACE_H

#include <stddef.h>
#include "kernel/core/compiler.h"

struct hosted_race_stats {
	u64 traps;  /* CPU accesses to coherent DMA memory trapped */
	u64 mmio;   /* MMIO accesses seen */
	u64 steps;  /* steps that let time run */
	u64 ran_ns; /* simulated time the steps let run */
};

/* Start racing with this seed (printed) and step size; traps every tracked allocation. */
void hosted_race_start(u64 seed, u64 max_quantum_ns);
/* Stop: everything open again, handlers restored. */
void hosted_race_stop(void);
bool hosted_race_on(void);
void hosted_race_stats(struct hosted_race_stats *out);

/* hosted_dma.c: coherent allocations come and go. */
void hosted_race_track(void *p, size_t len);
void hosted_race_untrack(void *p);
/* hosted_irq.c: a model runs (everything open) / returns. */
void hosted_race_model_enter(void);
void hosted_race_model_exit(void);
/* hosted_pci.c: an MMIO access is about to happen / has happened. */
void hosted_race_mmio(void);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where the generator's seed comes from on bare metal (kernel/random/entropy.c):
 * the CPU's RDSEED and RDRAND where CPUID lists them and they pass a health
 * check, and TSC jitter: around a fixed workload at boot, around timer
 * interrupts once the LAPIC runs, and at every hardware interrupt after that.
 */
#ifndef NAPKIN_KERNEL_RANDOM_ENTROPY_H
#define NAPKIN_KERNEL_RANDOM_ENTROPY_H

#include "kernel/core/compiler.h"

/* kmain's first act, before the canary: no console, no interrupts yet. */
void entropy_boot_seed(void);
/* Once the consoles run: say what the boot seed came from. */
void entropy_report(void);
/* Once the LAPIC timer runs: take timer interrupts, mix in their jitter, start reseeding. */
void entropy_timer_seed(void);
/* Every hardware interrupt (kernel/x86/trap.c): a TSC sample into the pool. */
void entropy_irq_event(u8 vector);

/* Whether a hardware generator passed its check and went into the seed. */
bool entropy_have_hw(void);

#endif

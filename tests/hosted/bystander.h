/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A bystander: the simplest PCI function that can share an INTx line with a
 * driver under test. Every period it latches a cause bit and asserts the
 * line; its own handler (attached like a driver would, through the PCI and
 * IRQ cores) reads the cause, writes it back to clear it, and counts. A
 * driver sharing the line must neither claim these interrupts nor lose its
 * own while they come; the counters let a test check both sides.
 */
#ifndef NAPKIN_TESTS_HOSTED_BYSTANDER_H
#define NAPKIN_TESTS_HOSTED_BYSTANDER_H

#include "kernel/core/compiler.h"

struct bystander_counts {
	u64 raised;   /* interrupts the bystander asserted */
	u64 handled;  /* ... its handler found and cleared */
	u64 spurious; /* its handler ran with no cause latched (the line was someone else's) */
};

/* Add the function at 00:dev.0 on INTx line `gsi`; before pci_init(). */
void bystander_add(u8 dev, u8 gsi);
/* Enable it and hook its handler; after pci_init(). */
void bystander_attach(void);
/* The vector its handler is on (the line's, shared with the driver). */
int bystander_vector(void);
/* Raise an interrupt every period_ns of simulated time (0: stop). */
void bystander_set_period(u64 period_ns);
void bystander_get_counts(struct bystander_counts *out);
/* Unhook the handler (before hosted_fini()). */
void bystander_detach(void);

#endif

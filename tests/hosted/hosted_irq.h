/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Interrupts in the hosted harness. The real kernel/x86/irq.c, kernel/pci/msi.c and
 * kernel/pci/pci_intx.c run unchanged; this file stands in for what sits under
 * them on bare metal: the CPU's interrupt flag (kernel/x86/irqflags.h), the LAPIC
 * (EOI, MSI address/data) and the IOAPIC (GSI routes and masks).
 *
 * Models raise interrupts (hosted_pci_msi_send, hosted_pci_intx); they are
 * delivered through irq_dispatch() as soon as the simulated CPU would take
 * them: interrupts enabled and no handler already running. Level-triggered
 * lines are delivered again for as long as they stay asserted; a line that no
 * handler ever quiets is a test failure ("interrupt storm"), not a hang.
 */
#ifndef NAPKIN_TESTS_HOSTED_IRQ_H
#define NAPKIN_TESTS_HOSTED_IRQ_H

#include "kernel/core/compiler.h"

#define HOSTED_MSI_ADDRESS 0xFEE00000ull
/* Deliveries of one level interrupt in a row before it counts as a storm. */
#define HOSTED_IRQ_STORM_LIMIT 1000

void hosted_irq_reset(void);
/* Deliver whatever is pending, if the CPU would take it now. */
void hosted_irq_deliver(void);
/* An MSI write reached the LAPIC: queue its vector. */
void hosted_irq_msi(u64 address, u32 data);
/* True while a handler runs (interrupts are off then, like on hardware). */
bool hosted_in_irq(void);
/* Interrupts delivered on a vector since hosted_irq_reset(). */
u64 hosted_irq_delivered(u8 vector);
/* Handlers run so far, all vectors together: an interrupt is what wakes the loop. */
u64 hosted_irq_dispatched(void);
unsigned int hosted_eoi_count(void);
/*
 * Bracket calls into a model: interrupts it raises are held until the
 * outermost call returns, so a handler never runs inside the model.
 */
void hosted_model_enter(void);
void hosted_model_exit(void);
/* Whether the simulated CPU has interrupts enabled. */
bool hosted_irqs_enabled(void);

#endif

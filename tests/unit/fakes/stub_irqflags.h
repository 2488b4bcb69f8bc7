/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one host stand-in for kernel/x86/irqflags.h (stub_irqflags.c): a flag for
 * "interrupts enabled" that tests can inspect and drive, no real interrupts.
 */
#ifndef NAPKIN_TESTS_STUB_IRQFLAGS_H
#define NAPKIN_TESTS_STUB_IRQFLAGS_H

#include <stdbool.h>

bool fake_irqs_enabled(void);
/* Saves not yet restored; must be 0 whenever control is back in the test. */
int fake_irq_save_depth(void);
/* Enter/leave a simulated hard interrupt handler (interrupts masked inside). */
void fake_hardirq_enter(void);
void fake_hardirq_exit(void);
/*
 * fn runs whenever interrupts become enabled again (local_irq_restore or
 * local_irq_enable), where the test may deliver interrupts it holds pending.
 * Not re-entered; NULL (the default) turns it off.
 */
void fake_set_irq_window(void (*fn)(void));
/* Interrupts on, no save outstanding, no window. */
void fake_irqflags_reset(void);

#endif

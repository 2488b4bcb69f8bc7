// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host stand-in for kernel/x86/irqflags.h: tracks the "interrupts enabled" state
 * so tests can assert code restores it, with no real interrupts involved; see
 * stub_irqflags.h for what tests can drive.
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernel/core/compiler.h"
#include "kernel/x86/irqflags.h"
#include "tests/unit/fakes/stub_irqflags.h"

#define FAKE_IF BIT(9) /* where x86 keeps it in RFLAGS */

static bool irqs_on = true;
static int save_depth;
static void (*irq_window)(void);
static bool hardirq_saved_on;

void fake_set_irq_window(void (*fn)(void))
{
	irq_window = fn;
}

/* A real CPU takes a pending interrupt the moment IF is set again. */
static void irq_window_open(void)
{
	static bool inside;

	if (!irq_window || inside)
		return;
	inside = true;
	irq_window();
	inside = false;
}

unsigned long local_irq_save(void)
{
	unsigned long flags = irqs_on ? FAKE_IF : 0;

	irqs_on = false;
	save_depth++;
	return flags;
}

void local_irq_restore(unsigned long flags)
{
	if (save_depth <= 0) {
		fprintf(stderr, "stub_irqflags: local_irq_restore without a save\n");
		abort();
	}
	save_depth--;
	irqs_on = flags & FAKE_IF;
	if (irqs_on)
		irq_window_open();
}

void local_irq_disable(void)
{
	irqs_on = false;
}

void local_irq_enable(void)
{
	irqs_on = true;
	irq_window_open();
}

bool irqs_disabled(void)
{
	return !irqs_on;
}

bool fake_irqs_enabled(void)
{
	return irqs_on;
}

int fake_irq_save_depth(void)
{
	return save_depth;
}

void fake_hardirq_enter(void)
{
	hardirq_saved_on = irqs_on;
	irqs_on = false;
}

void fake_hardirq_exit(void)
{
	irqs_on = hardirq_saved_on;
}

void fake_irqflags_reset(void)
{
	irqs_on = true;
	save_depth = 0;
	irq_window = NULL;
}

// SPDX-License-Identifier: BSD-2-Clause
/* Host stand-in for kernel/irqflags.h: tracks the "interrupts enabled" state
 * so tests can assert code restores it, with no real interrupts involved. */
#include "kernel/irqflags.h"

static bool host_irqs_on = true;

unsigned long local_irq_save(void)
{
	unsigned long was_on = host_irqs_on;

	host_irqs_on = false;
	return was_on;
}

void local_irq_restore(unsigned long flags)
{
	host_irqs_on = flags != 0;
}

void local_irq_disable(void)
{
	host_irqs_on = false;
}

void local_irq_enable(void)
{
	host_irqs_on = true;
}

bool irqs_disabled(void)
{
	return !host_irqs_on;
}

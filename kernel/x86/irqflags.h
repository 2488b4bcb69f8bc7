/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Interrupt enable state. napkin runs on one CPU, so masking interrupts is all
 * the mutual exclusion between interrupt handlers and the softirq loop. The
 * hosted harness has no interrupts of its own: its device models call handlers
 * from the loop's thread, so these become bookkeeping there.
 */
#ifndef NAPKIN_KERNEL_IRQFLAGS_H
#define NAPKIN_KERNEL_IRQFLAGS_H

#include "kernel/core/compiler.h"

#ifndef NAPKIN_HOSTED
static inline unsigned long local_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushfq; popq %0; cli" : "=r"(flags) : : "memory");
	return flags;
}

static inline void local_irq_restore(unsigned long flags)
{
	if (flags & BIT(9))
		__asm__ __volatile__("sti" ::: "memory");
}

static inline void local_irq_disable(void)
{
	__asm__ __volatile__("cli" ::: "memory");
}
static inline void local_irq_enable(void)
{
	__asm__ __volatile__("sti" ::: "memory");
}
static inline bool irqs_disabled(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushfq; popq %0" : "=r"(flags));
	return !(flags & BIT(9));
}
#else
unsigned long local_irq_save(void);
void local_irq_restore(unsigned long flags);
void local_irq_disable(void);
void local_irq_enable(void);
bool irqs_disabled(void);
#endif

#endif

// SPDX-License-Identifier: BSD-2-Clause
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "kernel/core/softirq.h"

static softirq_handler_t handlers[NR_SOFTIRQS];
static volatile u32 pending;

void open_softirq(enum softirq_nr nr, softirq_handler_t fn)
{
	handlers[nr] = fn;
}

void raise_softirq(enum softirq_nr nr)
{
	/* A single locked OR is atomic against interrupts on this CPU. */
	__atomic_fetch_or(&pending, BIT(nr), __ATOMIC_RELAXED);
}

bool softirq_pending(void)
{
	return READ_ONCE(pending) != 0;
}

bool do_softirq(void)
{
	u32 run = __atomic_exchange_n(&pending, 0, __ATOMIC_RELAXED);

	if (!run)
		return false;
	for (int nr = 0; nr < NR_SOFTIRQS; nr++) {
		if (!(run & BIT(nr)))
			continue;
		if (handlers[nr])
			handlers[nr]();
		else
			pr_warn("softirq %d raised with no handler\n", nr);
	}
	return true;
}

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Deferred work for the one CPU. Interrupt handlers only raise a softirq; the
 * main loop (kernel/core/loop.c) runs raised handlers with interrupts enabled, then
 * timers, then sleeps with `sti; hlt` when nothing is pending.
 */
#ifndef NAPKIN_KERNEL_SOFTIRQ_H
#define NAPKIN_KERNEL_SOFTIRQ_H

#include "kernel/core/compiler.h"

enum softirq_nr { NET_RX_SOFTIRQ, NET_TX_SOFTIRQ, TIMER_SOFTIRQ, CONSOLE_SOFTIRQ, NR_SOFTIRQS };

typedef void (*softirq_handler_t)(void);

void open_softirq(enum softirq_nr nr, softirq_handler_t fn);
/* Safe from interrupt handlers and with interrupts on or off. */
void raise_softirq(enum softirq_nr nr);
bool softirq_pending(void);
/* Run every pending handler once, in number order; returns true if any ran. */
bool do_softirq(void);

#endif

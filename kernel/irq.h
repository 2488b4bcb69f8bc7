/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Interrupt vectors 32..255. The trap entry (kernel/trap.c) calls
 * irq_dispatch() with interrupts disabled; it runs the handlers registered on
 * the vector, counts the interrupt and acknowledges the LAPIC.
 */
#ifndef NAPKIN_KERNEL_IRQ_H
#define NAPKIN_KERNEL_IRQ_H

#include "kernel/compiler.h"

#define IRQ_VECTOR_FIRST 32
#define IRQ_VECTOR_SPURIOUS 0xFF

void irq_dispatch(u8 vector);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/* IDT vectors the kernel keeps for itself; kernel/x86/irq.c hands out the rest. */
#ifndef NAPKIN_KERNEL_VECTORS_H
#define NAPKIN_KERNEL_VECTORS_H

#define VECTOR_PIC_BASE	   0xE0 /* 0xE0-0xEF: the masked 8259s' strays */
#define VECTOR_LAPIC_TIMER 0xF0
#define VECTOR_SPURIOUS	   0xFF

#endif

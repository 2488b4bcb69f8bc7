// SPDX-License-Identifier: BSD-2-Clause
/*
 * The legacy 8259 pair. napkin routes everything through the IOAPIC, but the
 * PICs still exist and can raise spurious interrupts on vectors 8-15 (which
 * are CPU exceptions) unless remapped; so remap them out of the way, then mask
 * every line.
 */
#include "kernel/x86/vectors.h"
#include "kernel/x86/x86.h"

#define PIC1_CMD	0x20
#define PIC1_DATA	0x21
#define PIC2_CMD	0xA0
#define PIC2_DATA	0xA1
#define PIC_VECTOR_BASE VECTOR_PIC_BASE

void pic_disable(void);

void pic_disable(void)
{
	outb(PIC1_CMD, 0x11); /* ICW1: init, ICW4 follows */
	io_delay();
	outb(PIC2_CMD, 0x11);
	io_delay();
	outb(PIC1_DATA, PIC_VECTOR_BASE);
	io_delay();
	outb(PIC2_DATA, PIC_VECTOR_BASE + 8);
	io_delay();
	outb(PIC1_DATA, 0x04); /* slave on IRQ2 */
	io_delay();
	outb(PIC2_DATA, 0x02);
	io_delay();
	outb(PIC1_DATA, 0x01); /* 8086 mode */
	io_delay();
	outb(PIC2_DATA, 0x01);
	io_delay();
	outb(PIC1_DATA, 0xFF);
	outb(PIC2_DATA, 0xFF);
}

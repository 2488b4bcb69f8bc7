// SPDX-License-Identifier: BSD-2-Clause
/* The IDT: every vector points at its stub in trap_entry.S. */
#include "kernel/x86/trap.h"

struct idt_entry {
	u16 offset_low;
	u16 selector;
	u8 ist;
	u8 type_attr;
	u16 offset_mid;
	u32 offset_high;
	u32 reserved;
} __packed;

struct idt_ptr {
	u16 limit;
	u64 base;
} __packed;

#define IDT_INTERRUPT_GATE 0x8E /* present, DPL 0, 64-bit interrupt gate */

extern const u64 trap_stub_table[256];
static struct idt_entry idt[256] __aligned(16);

static void set_gate(unsigned vec, u64 handler, u8 ist)
{
	idt[vec] = (struct idt_entry){
		.offset_low = handler & 0xFFFF,
		.selector = KERNEL_CS,
		.ist = ist,
		.type_attr = IDT_INTERRUPT_GATE,
		.offset_mid = (handler >> 16) & 0xFFFF,
		.offset_high = (u32)(handler >> 32),
	};
}

void idt_init(void)
{
	struct idt_ptr ptr = { sizeof(idt) - 1, (u64)(uintptr_t)idt };

	for (unsigned v = 0; v < 256; v++)
		set_gate(v, trap_stub_table[v], 0);
	set_gate(2, trap_stub_table[2], IST_NMI);
	set_gate(8, trap_stub_table[8], IST_DOUBLE_FAULT);
	set_gate(18, trap_stub_table[18], IST_MACHINE_CHECK);
	__asm__ __volatile__("lidt %0" : : "m"(ptr));
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The GDT napkin runs on: flat 64-bit code and data, and a TSS whose interrupt
 * stack table gives double faults, NMIs and machine checks their own stacks,
 * so a kernel stack overflow still ends in a readable dump.
 */
#include <string.h>
#include "kernel/mm/mm.h"
#include "kernel/x86/trap.h"

struct tss {
	u32 reserved0;
	u64 rsp[3];
	u64 reserved1;
	u64 ist[7];
	u64 reserved2;
	u16 reserved3;
	u16 iomap_base;
} __packed;

struct gdt_ptr {
	u16 limit;
	u64 base;
} __packed;

#define IST_STACK_SIZE 16384
#define GUARD_SIZE     4096

/* Each IST stack sits above an unmapped guard page so an overflow faults. */
static struct {
	u8 guard[GUARD_SIZE];
	u8 stack[IST_STACK_SIZE];
} ist_stacks[3] __aligned(4096);
static struct tss tss;
static u64 gdt[5];

void gdt_init(void)
{
	u64 base = (u64)(uintptr_t)&tss;
	u64 limit = sizeof(tss) - 1;
	struct gdt_ptr ptr = { sizeof(gdt) - 1, (u64)(uintptr_t)gdt };

	memset(&tss, 0, sizeof(tss));
	for (int i = 0; i < 3; i++)
		tss.ist[i] = (u64)(uintptr_t)&ist_stacks[i].stack[IST_STACK_SIZE];
	tss.iomap_base = sizeof(tss); /* no I/O permission bitmap */

	gdt[0] = 0;
	gdt[1] = 0x00AF9A000000FFFFull; /* KERNEL_CS: 64-bit code, present, DPL 0 */
	gdt[2] = 0x00CF92000000FFFFull; /* KERNEL_DS */
	/* 16-byte system descriptor: available 64-bit TSS. */
	gdt[3] = (limit & 0xFFFF) | ((base & 0xFFFFFF) << 16) | (0x89ull << 40) |
		 (((limit >> 16) & 0xF) << 48) | (((base >> 24) & 0xFF) << 56);
	gdt[4] = base >> 32;

	__asm__ __volatile__("lgdt %0\n\t"
			     "pushq %1\n\t"
			     "leaq 1f(%%rip), %%rax\n\t"
			     "pushq %%rax\n\t"
			     "lretq\n"
			     "1:\n\t"
			     "movw %w2, %%ax\n\t"
			     "movw %%ax, %%ds\n\t"
			     "movw %%ax, %%es\n\t"
			     "movw %%ax, %%ss\n\t"
			     "ltr %w3\n\t"
			     :
			     : "m"(ptr), "i"(KERNEL_CS), "r"(KERNEL_DS), "r"(TSS_SEL)
			     : "rax", "memory");
}

void gdt_add_guard_pages(void)
{
	for (int i = 0; i < 3; i++)
		mm_add_guard_page((u64)(uintptr_t)ist_stacks[i].guard);
}

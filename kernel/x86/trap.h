/* SPDX-License-Identifier: BSD-2-Clause */
/* CPU exceptions and the register frame the trap entry builds. */
#ifndef NAPKIN_KERNEL_TRAP_H
#define NAPKIN_KERNEL_TRAP_H

#include "kernel/core/compiler.h"

/* Pushed by kernel/x86/trap_entry.S; the order matches the pushes in reverse. */
struct trap_frame {
	u64 r15, r14, r13, r12, r11, r10, r9, r8;
	u64 rbp, rdi, rsi, rdx, rcx, rbx, rax;
	u64 vector, error_code;
	u64 rip, cs, rflags, rsp, ss;
};

#define KERNEL_CS 0x08
#define KERNEL_DS 0x10
#define TSS_SEL	  0x18

enum { IST_DOUBLE_FAULT = 1, IST_NMI = 2, IST_MACHINE_CHECK = 3 };

/* Interrupts the kernel handles itself, for the shell's `irq` listing. */
struct kernel_vector_counts {
	u64 timer;
	u64 spurious;
	u64 pic_stray;
};
extern struct kernel_vector_counts kernel_vector_counts;

void gdt_init(void);
/* Registers the IST stacks' guard pages with paging. */
void gdt_add_guard_pages(void);
void idt_init(void);
void trap_handler(struct trap_frame *f);

/* Prints a frame-pointer backtrace starting at rbp. */
void backtrace_print(u64 rip, u64 rbp);
/* Bounds for plausible stack addresses in a backtrace walk. */
void backtrace_set_stack_bounds(u64 low, u64 high);

#endif

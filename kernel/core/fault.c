// SPDX-License-Identifier: BSD-2-Clause
/*
 * Deliberate faults, selected with `fault=` on the command line, so tests
 * (and operators checking their netconsole setup) can see a real exception
 * dump: each is its own function so the backtrace has a name to show. The
 * protection kinds check that paging and the stack protector really stop
 * what they are meant to stop (docs/ARCHITECTURE.md, "Memory protection").
 */
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/core/fault.h"
#include "kernel/mm/heap.h"
#include "kernel/console/printk.h"

enum fault_kind {
	FAULT_NONE,
	FAULT_NULL,
	FAULT_PAGEFAULT,
	FAULT_UD,
	FAULT_GP,
	FAULT_PANIC,
	FAULT_WRITE_TEXT,
	FAULT_EXEC_DATA,
	FAULT_EXEC_STACK,
	FAULT_EXEC_HEAP,
	FAULT_STACK_OVERFLOW,
	FAULT_STACK_SMASH,
};

static const char *const fault_kinds[] = {
	[FAULT_NONE] = "none",
	[FAULT_NULL] = "null",
	[FAULT_PAGEFAULT] = "pagefault",
	[FAULT_UD] = "ud",
	[FAULT_GP] = "gp",
	[FAULT_PANIC] = "panic",
	[FAULT_WRITE_TEXT] = "write-text",
	[FAULT_EXEC_DATA] = "exec-data",
	[FAULT_EXEC_STACK] = "exec-stack",
	[FAULT_EXEC_HEAP] = "exec-heap",
	[FAULT_STACK_OVERFLOW] = "stack-overflow",
	[FAULT_STACK_SMASH] = "stack-smash",
};

/* One x86 `ret`: harmless if it ran, so only the page's rights can stop it. */
#define X86_RET 0xc3

/* Writable data (not const): lands in .data, which paging maps no-execute. */
static u8 code_in_data[16] = { X86_RET };

/* Keeps the compiler from reasoning about a size or pointer it is handed. */
static volatile size_t opaque_size;

/* Read through a pointer the compiler cannot prove is NULL, so it emits the load. */
static volatile u64 *volatile null_pointer;

static __attribute__((noinline)) void fault_null_deref(void)
{
	(void)*null_pointer;
}

static __attribute__((noinline)) void fault_unmapped_address(void)
{
	volatile u64 *p = (volatile u64 *)0x00000deadbeef000ull;

	*p = 1;
}

static __attribute__((noinline)) void fault_invalid_opcode(void)
{
	__asm__ __volatile__("ud2");
}

static __attribute__((noinline)) void fault_general_protection(void)
{
	/* A non-canonical address faults with #GP, not #PF. */
	volatile u64 *p = (volatile u64 *)0x8000000000000000ull;

	(void)*p;
}

static __attribute__((noinline)) void fault_panic(void)
{
	panic("deliberate panic requested on the command line");
}

static __attribute__((noinline)) void fault_write_text(void)
{
	/* Our own first byte: kernel text is read-only (and CR0.WP holds ring 0 to it). */
	volatile u8 *text = (volatile u8 *)(uintptr_t)&fault_write_text;

	*text = X86_RET;
}

/* Not inlined and no tail call, so the backtrace shows which kind called. */
static __attribute__((noinline)) void call_bytes(const u8 *code)
{
	void (*fn)(void) = (void (*)(void))(uintptr_t)code;

	fn();
	barrier();
}

static __attribute__((noinline)) void fault_exec_data(void)
{
	call_bytes(code_in_data);
	barrier();
}

static __attribute__((noinline)) void fault_exec_stack(void)
{
	u8 code[16];

	memset(code, X86_RET, sizeof(code));
	call_bytes(code);
	barrier();
}

static __attribute__((noinline)) void fault_exec_heap(void)
{
	u8 *code = kmalloc(16);

	if (!code)
		panic("fault: no heap for the exec-heap test");
	memset(code, X86_RET, 16);
	call_bytes(code);
	kfree(code);
}

/*
 * Each level keeps a page of stack busy, and the sum after the call keeps it
 * from being a tail call, so the boot stack runs into its guard page within a
 * few dozen levels. The bound only silences -Winfinite-recursion.
 */
static __attribute__((noinline)) u64 fault_recurse(u64 depth)
{
	volatile u8 frame[1024];

	frame[0] = (u8)depth;
	if (depth > (1u << 20))
		return frame[0];
	return fault_recurse(depth + 1) + frame[0];
}

static __attribute__((noinline)) void fault_stack_overflow(void)
{
	pr_emerg("fault: recursed %llu levels without overflowing\n",
		 (unsigned long long)fault_recurse(0));
}

/*
 * Writes past the end of a local array over the canary the stack protector
 * put between it and the return address; the check at return must catch it.
 */
static __attribute__((noinline)) void fault_stack_smash(void)
{
	char buf[16];

	opaque_size = sizeof(buf) + 32;
	memset(buf, 'A', opaque_size);
	__asm__ __volatile__("" : : "r"(buf) : "memory");
}

void fault_inject_from_cmdline(void)
{
	int kind = 0;

	if (cmdline_get_choice("fault", fault_kinds, ARRAY_SIZE(fault_kinds), &kind) || kind == 0)
		return;
	pr_warn("fault: triggering a deliberate %s fault as the command line asks\n",
		fault_kinds[kind]);
	switch ((enum fault_kind)kind) {
	case FAULT_NONE: break;
	case FAULT_NULL: fault_null_deref(); break;
	case FAULT_PAGEFAULT: fault_unmapped_address(); break;
	case FAULT_UD: fault_invalid_opcode(); break;
	case FAULT_GP: fault_general_protection(); break;
	case FAULT_PANIC: fault_panic(); break;
	case FAULT_WRITE_TEXT: fault_write_text(); break;
	case FAULT_EXEC_DATA: fault_exec_data(); break;
	case FAULT_EXEC_STACK: fault_exec_stack(); break;
	case FAULT_EXEC_HEAP: fault_exec_heap(); break;
	case FAULT_STACK_OVERFLOW: fault_stack_overflow(); break;
	case FAULT_STACK_SMASH: fault_stack_smash(); break;
	}
	pr_err("fault: the %s fault did not happen\n", fault_kinds[kind]);
}

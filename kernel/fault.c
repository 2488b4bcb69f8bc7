// SPDX-License-Identifier: BSD-2-Clause
/*
 * Deliberate faults, selected with `fault=` on the command line, so tests
 * (and operators checking their netconsole setup) can see a real exception
 * dump: each is its own function so the backtrace has a name to show.
 */
#include "kernel/cmdline.h"
#include "kernel/fault.h"
#include "kernel/printk.h"

static const char *const fault_kinds[] = { "none", "null", "pagefault", "ud", "gp", "panic" };

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

void fault_inject_from_cmdline(void)
{
	int kind = 0;

	if (cmdline_get_choice("fault", fault_kinds, ARRAY_SIZE(fault_kinds), &kind) || kind == 0)
		return;
	pr_warn("fault: triggering a deliberate %s fault as the command line asks\n",
		fault_kinds[kind]);
	switch (kind) {
	case 1: fault_null_deref(); break;
	case 2: fault_unmapped_address(); break;
	case 3: fault_invalid_opcode(); break;
	case 4: fault_general_protection(); break;
	case 5: fault_panic(); break;
	}
	pr_err("fault: the %s fault did not happen\n", fault_kinds[kind]);
}

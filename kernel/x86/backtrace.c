// SPDX-License-Identifier: BSD-2-Clause
/*
 * Frame-pointer backtrace. The kernel is built with frame pointers, so each
 * frame starts with the caller's rbp followed by the return address. The walk
 * trusts nothing: every frame must lie inside the known stack bounds, move
 * upwards, and stop after a fixed depth.
 */
#include "kernel/core/ksyms.h"
#include "kernel/mm/mm.h"
#include "kernel/console/printk.h"
#include "kernel/x86/trap.h"

#define BACKTRACE_MAX_DEPTH 32

static u64 stack_low, stack_high;

void backtrace_set_stack_bounds(u64 low, u64 high)
{
	stack_low = low;
	stack_high = high;
}

static void print_frame(u64 addr)
{
	unsigned long off;
	const char *name = ksym_lookup(addr, &off);

	if (name)
		pr_emerg("  [<%016llx>] %s+0x%lx\n", (unsigned long long)addr, name, off);
	else
		pr_emerg("  [<%016llx>] ?\n", (unsigned long long)addr);
}

/* Mapped too: after a stack overflow a frame pointer may lead into a guard page. */
static bool plausible_frame(u64 fp, u64 prev)
{
	return fp && !(fp & 7) && fp > prev && fp >= stack_low && fp + 16 <= stack_high &&
	       mm_is_mapped(fp) && mm_is_mapped(fp + 8);
}

void backtrace_print(u64 rip, u64 rbp)
{
	u64 prev = 0;

	pr_emerg("Call trace:\n");
	print_frame(rip);
	for (int depth = 0; depth < BACKTRACE_MAX_DEPTH && plausible_frame(rbp, prev); depth++) {
		const u64 *frame = (const u64 *)(uintptr_t)rbp;
		u64 ret = frame[1];

		if (!ret)
			break;
		/* Return addresses point after the call; show the call site. */
		print_frame(ret - 1);
		prev = rbp;
		rbp = frame[0];
	}
}

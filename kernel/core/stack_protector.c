// SPDX-License-Identifier: BSD-2-Clause
/*
 * The stack protector's canary and its failure path. The kernel is built
 * with -fstack-protector-strong -mstack-protector-guard=global: functions
 * with arrays or address-taken locals copy __stack_chk_guard below their
 * return address on entry and call __stack_chk_fail() if the copy changed
 * by the time they return, i.e. something wrote past a local buffer.
 *
 * The guard starts as a fixed value so the code that runs before it is
 * seeded is still checked consistently; stack_protector_init() then gives it
 * a per-boot value from the generator (kernel/random/), which kmain() seeds
 * first. That must happen before any protected function
 * that is still on the stack later returns: kmain() calls it first, and
 * kmain() itself never returns.
 */
#include "kernel/core/ksyms.h"
#include "kernel/core/panic.h"
#include "kernel/console/printk.h"
#include "kernel/core/stack_protector.h"
#include "kernel/random/random.h"

/* The low byte is zero so a runaway string copy stops at the canary instead of forging it. */
#define CANARY_LOW_BYTE_MASK (~0xffull)

u64 __stack_chk_guard = 0x6e61706b696e2100ull;

__attribute__((no_stack_protector)) void stack_protector_init(void)
{
	/* entropy_boot_seed() ran just before: the generator is seeded. */
	u64 seed = random_u64() & CANARY_LOW_BYTE_MASK;

	if (!seed)
		seed = 0x6e61706b696e2100ull;
	__stack_chk_guard = seed;
}

/*
 * Called from the epilogue of the function whose canary was overwritten:
 * our return address points back into it, so the panic can name it.
 */
__attribute__((no_stack_protector, noreturn)) void __stack_chk_fail(void)
{
	unsigned long off = 0;
	unsigned long ret = (unsigned long)__builtin_return_address(0);
	const char *fn = ksym_lookup(ret, &off);

	panic("stack protector: stack smashing detected in %s+0x%lx (canary overwritten "
	      "before return)",
	      fn ? fn : "?", off);
}

// SPDX-License-Identifier: BSD-2-Clause
/* Run the functions initcall() collected in .initcall, each exactly once. */
#include "kernel/core/initcall.h"
#include "kernel/console/printk.h"

extern const initcall_t __initcall_start[], __initcall_end[];

void do_initcalls(void)
{
	static bool done;

	if (done) {
		pr_warn("initcall: do_initcalls called twice, ignored\n");
		return;
	}
	done = true;
	for (const initcall_t *fn = __initcall_start; fn < __initcall_end; fn++)
		(*fn)();
}

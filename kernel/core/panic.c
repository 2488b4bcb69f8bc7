// SPDX-License-Identifier: BSD-2-Clause
#include <stdio.h>
#include "kernel/core/cmdline.h"
#include "kernel/console/console.h"
#include "kernel/x86/irqflags.h"
#include "kernel/core/panic.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"
#include "kernel/x86/trap.h"
#include "kernel/x86/x86.h"

#define MAX_PANIC_HOOKS 4
#define MAX_STOP_HOOKS	4

static s64 panic_timeout_s;
static bool test_exit;
static int panic_depth;
static void (*panic_hooks[MAX_PANIC_HOOKS])(void);
static void (*stop_hooks[MAX_STOP_HOOKS])(void);

void panic_setup(void)
{
	cmdline_get_s64("panic", &panic_timeout_s, -1, 3600);
	cmdline_get_bool("test_exit", &test_exit);
}

bool test_exit_enabled(void)
{
	return test_exit;
}

void panic_register_hook(void (*fn)(void))
{
	for (int i = 0; i < MAX_PANIC_HOOKS; i++) {
		if (!panic_hooks[i]) {
			panic_hooks[i] = fn;
			return;
		}
	}
	pr_warn("panic: no room for another panic hook\n");
}

void machine_stop_register_hook(void (*fn)(void))
{
	for (int i = 0; i < MAX_STOP_HOOKS; i++) {
		if (!stop_hooks[i]) {
			stop_hooks[i] = fn;
			return;
		}
	}
	pr_warn("panic: no room for another stop hook\n");
}

void machine_stop_prepare(void)
{
	for (int i = 0; i < MAX_STOP_HOOKS; i++)
		if (stop_hooks[i])
			stop_hooks[i]();
}

void panic_begin(void)
{
	local_irq_disable();
	if (panic_depth++) {
		/* A fault while reporting a fault: say the least and stop. */
		serial_write("\nnapkin: recursive fault, halting\n", 34);
		machine_halt();
	}
}

void panic_end(const char *why)
{
	pr_emerg("---[ end Kernel panic - not syncing: %s ]---\n", why);
	for (int i = 0; i < MAX_PANIC_HOOKS; i++)
		if (panic_hooks[i])
			panic_hooks[i]();
	machine_stop_prepare();
	if (test_exit)
		qemu_debug_exit(PANIC_EXIT_CODE);
	if (panic_timeout_s < 0)
		machine_reboot();
	if (panic_timeout_s > 0) {
		pr_emerg("Rebooting in %lld seconds..\n", (long long)panic_timeout_s);
		mdelay((u32)panic_timeout_s * 1000);
		machine_reboot();
	}
	machine_halt();
}

void panic(const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	u64 rbp;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	panic_begin();
	pr_emerg("Kernel panic - not syncing: %s\n", msg);
	__asm__ __volatile__("movq %%rbp, %0" : "=r"(rbp));
	backtrace_print((u64)(uintptr_t)__builtin_return_address(0), rbp);
	panic_end(msg);
}

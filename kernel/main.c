// SPDX-License-Identifier: BSD-2-Clause
/* kmain: bring the machine up in dependency order, then run the main loop. */
#include "kernel/bootinfo.h"
#include "kernel/console.h"
#include "kernel/printk.h"
#include "kernel/time.h"
#include "kernel/trap.h"

void kmain(u32 magic, u32 info);

extern char __kernel_start[], __kernel_end[];

static struct boot_info boot;

void kmain(u32 magic, u32 info)
{
	tsc_mark_boot();
	bootinfo_parse(magic, info, &boot);
	serial_init(0x3F8, 115200);
	serial_console_register();
	gdt_init();
	idt_init();
	backtrace_set_stack_bounds((u64)(uintptr_t)__kernel_start, (u64)(uintptr_t)__kernel_end);
	pr_info("napkin: booting (Multiboot%d from %s)\n", boot.multiboot_version, boot.loader);
	pr_info("command line: %s\n", boot.cmdline);
	tsc_calibrate();
	pr_info("napkin: ready\n");
	for (;;)
		__asm__ __volatile__("hlt");
}

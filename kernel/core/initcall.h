/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot-time registration without a central list: initcall(fn) puts a pointer
 * to fn in the .initcall section, which linker.ld gathers between
 * __initcall_start and __initcall_end; kmain runs them all once with
 * do_initcalls(). Use it for work that only records something (a driver in a
 * table), not for work that needs another subsystem up: the order between
 * files is the link order, which nobody should rely on.
 */
#ifndef NAPKIN_KERNEL_INITCALL_H
#define NAPKIN_KERNEL_INITCALL_H

typedef void (*initcall_t)(void);

#define initcall(fn)                          \
	static const initcall_t initcall_##fn \
	    __attribute__((used, section(".initcall"), aligned(sizeof(void *)))) = fn

void do_initcalls(void);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot-time registration without a central list. Each initcall names its
 * level; the entry goes in section .initcall.<level>, which linker.ld gathers
 * sorted by name between __initcall_start and __initcall_end. kmain runs the
 * levels in order with do_initcalls_through(), in two steps around the PCI
 * scan: the cores and the drivers before it, the stacks and what runs on them
 * after. Within a level the order is the link order, which nobody may rely
 * on: work that needs another subsystem up goes one level later.
 *
 *   core_initcall          a subsystem's own state and shell commands (net core)
 *   device_early_initcall  drivers that must claim devices before the
 *                          ordinary drivers (the test image's modules)
 *   initcall               drivers register with the PCI core (device level)
 *     -- kmain scans PCI and probes here --
 *   stack_initcall         protocol stacks, on the devices the probes registered
 *   service_initcall       what runs on a stack (echo, iperf, the status page)
 *   late_initcall          last: consumers of all the above (netconsole)
 */
#ifndef NAPKIN_KERNEL_INITCALL_H
#define NAPKIN_KERNEL_INITCALL_H

typedef void (*initcall_t)(void);

enum initcall_level {
	INITCALL_CORE = 0,
	INITCALL_DEVICE_EARLY = 1,
	INITCALL_DEVICE = 2,
	INITCALL_STACK = 3,
	INITCALL_SERVICE = 4,
	INITCALL_LATE = 5,
	INITCALL_LEVELS
};

struct initcall_entry {
	initcall_t fn;
	int level;
};

/* level must be a literal digit: it is spelled into the section name. */
#define define_initcall(fn, level)                                       \
	static const struct initcall_entry initcall_##fn __attribute__(( \
	    used, section(".initcall." #level), aligned(sizeof(void *)))) = { fn, level }

#define core_initcall(fn)	  define_initcall(fn, 0)
#define device_early_initcall(fn) define_initcall(fn, 1)
#define initcall(fn)		  define_initcall(fn, 2)
#define stack_initcall(fn)	  define_initcall(fn, 3)
#define service_initcall(fn)	  define_initcall(fn, 4)
#define late_initcall(fn)	  define_initcall(fn, 5)

/*
 * Runs every level not run yet up to and including last, each level's
 * entries once. A level asked for twice, or one already passed, is logged
 * and skipped.
 */
void do_initcalls_through(enum initcall_level last);

#endif

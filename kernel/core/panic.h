/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stopping the machine. panic() and fatal exceptions print their story, let
 * the panic hooks (netconsole) flush it, then halt, reboot or exit QEMU as the
 * command line says: `panic=N` reboots after N seconds (negative: at once,
 * 0: halt forever, the default), `test_exit` turns halting into an
 * isa-debug-exit with status PANIC_EXIT_STATUS for tests.
 */
#ifndef NAPKIN_KERNEL_PANIC_H
#define NAPKIN_KERNEL_PANIC_H

#include "kernel/core/compiler.h"

struct trap_frame;

#define PANIC_EXIT_CODE 0x20 /* QEMU exits with (code << 1) | 1 = 65 */

/* Reads panic= and test_exit from the command line. */
void panic_setup(void);
/* Called first on every fatal path: stops interrupts, guards recursion. */
void panic_begin(void);
void panic_end(const char *why) __noreturn;
/* Hooks run by panic_end before halting, e.g. to flush netconsole. */
void panic_register_hook(void (*fn)(void));
/*
 * Hooks run before the machine stops on purpose (reboot, power off, a test's
 * exit) and at the end of a panic: whatever is still on its way out (the
 * netconsole's lines) leaves, for as long as each hook bounds itself to.
 */
void machine_stop_register_hook(void (*fn)(void));
void machine_stop_prepare(void);

void dump_registers(const struct trap_frame *f);

void machine_halt(void) __noreturn;
void machine_reboot(void) __noreturn;
void machine_poweroff(void) __noreturn;
/* Exit QEMU through its isa-debug-exit device (status = code * 2 + 1). */
void qemu_debug_exit(u8 code);
bool test_exit_enabled(void);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef NAPKIN_KERNEL_FAULT_H
#define NAPKIN_KERNEL_FAULT_H

/*
 * Triggers the fault named by `fault=`, if any: null, pagefault, ud, gp, panic,
 * or a protection check: write-text, exec-data, exec-stack, exec-heap,
 * stack-overflow, stack-smash.
 */
void fault_inject_from_cmdline(void);

#endif

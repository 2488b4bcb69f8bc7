/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef NAPKIN_KERNEL_FAULT_H
#define NAPKIN_KERNEL_FAULT_H

/* Triggers the fault named by `fault=` (null, pagefault, ud, gp, panic), if any. */
void fault_inject_from_cmdline(void);

#endif

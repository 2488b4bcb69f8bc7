/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef NAPKIN_KERNEL_EARLY_CONSOLE_H
#define NAPKIN_KERNEL_EARLY_CONSOLE_H

struct boot_info;

void early_console_init(const struct boot_info *bi);
void loglevel_init(void);

#endif

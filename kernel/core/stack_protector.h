/* SPDX-License-Identifier: BSD-2-Clause */
/* The stack protector's canary (see kernel/core/stack_protector.c). */
#ifndef NAPKIN_KERNEL_STACK_PROTECTOR_H
#define NAPKIN_KERNEL_STACK_PROTECTOR_H

#include "kernel/core/compiler.h"

extern u64 __stack_chk_guard;

/* Gives the canary its per-boot random value; the first thing kmain() does. */
void stack_protector_init(void);
void __stack_chk_fail(void) __noreturn;

#endif

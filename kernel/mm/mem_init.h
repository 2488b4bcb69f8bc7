/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef NAPKIN_KERNEL_MEM_INIT_H
#define NAPKIN_KERNEL_MEM_INIT_H

#include "kernel/core/compiler.h"

struct boot_info;
struct mem_region;

void mem_init(const struct boot_info *bi);
/* The normalised memory map. */
const struct mem_region *mem_map(size_t *n);

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Physical to kernel-virtual addresses. napkin identity-maps RAM, so on bare
 * metal the two are the same number. Hosted builds (unit tests, the hosted
 * harness) put "physical memory" in an ordinary buffer and set
 * phys_virt_offset to its address minus the fake physical base.
 */
#ifndef NAPKIN_KERNEL_PHYS_H
#define NAPKIN_KERNEL_PHYS_H

#include "kernel/core/compiler.h"

#ifdef NAPKIN_HOSTED
extern uintptr_t phys_virt_offset;
#else
#define phys_virt_offset ((uintptr_t)0)
#endif

static inline void *phys_to_virt(u64 phys)
{
	return (void *)(uintptr_t)(phys + phys_virt_offset);
}

static inline u64 virt_to_phys(const void *virt)
{
	return (u64)((uintptr_t)virt - phys_virt_offset);
}

#endif

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Finding the _PRT entry that serves a PCI INTx pin. A bus whose ACPI device
 * has a _PRT answers for the devices on it; a bus without one (most bridges
 * firmware does not describe) passes the interrupt to its bridge with the
 * standard swizzle: pin' = (pin + device number) mod 4, arriving on the
 * bridge's own slot on the bus above. The walk climbs until a _PRT answers.
 *
 * Pure logic over two callbacks, so host tests can drive it with fakes; the
 * ACPICA side (kernel/acpi/pci_route.c) supplies the real lookups.
 */
#ifndef NAPKIN_KERNEL_ACPI_INTX_WALK_H
#define NAPKIN_KERNEL_ACPI_INTX_WALK_H

#include <stddef.h>
#include "kernel/core/compiler.h"

/* How deep bridges may nest before the walk assumes a loop. */
#define INTX_WALK_MAX_HOPS 16

enum prt_answer {
	PRT_FOUND,    /* the bus has a _PRT and it routed the pin */
	PRT_ABSENT,   /* the bus has no _PRT: ask the bridge above */
	PRT_NO_ENTRY, /* the _PRT has no entry for this slot and pin */
	PRT_FAILED,   /* the _PRT or its link device could not be evaluated */
};

struct intx_answer {
	u32 gsi;
	bool level, active_low;
	char source[48]; /* "GSI" or the link device's path */
};

struct intx_walk_ops {
	/* pin is 0..3 (INTA..INTD). */
	enum prt_answer (*lookup)(void *ctx, u16 seg, u8 bus, u8 slot, u8 pin,
				  struct intx_answer *out);
	/* The bridge whose secondary bus is `bus`: false for a root bus. */
	bool (*upstream)(void *ctx, u16 seg, u8 bus, u8 *bridge_bus, u8 *bridge_devfn);
};

/*
 * Routes pin (1..4, as config space numbers it) of the function at
 * seg:bus:devfn. Returns 0 with *out filled, else -ENOENT (nothing routes it),
 * -EIO (evaluation failed) or -E2BIG (bridges nest absurdly deep). `how`
 * (may be NULL) gets a description for the log: the swizzles taken and the
 * entry that answered, or why none did.
 */
int intx_walk(const struct intx_walk_ops *ops, void *ctx, u16 seg, u8 bus, u8 devfn, u8 pin,
	      struct intx_answer *out, char *how, size_t how_len);

#endif

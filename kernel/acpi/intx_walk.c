// SPDX-License-Identifier: BSD-2-Clause
/* See intx_walk.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kernel/acpi/intx_walk.h"

#define SLOT(devfn) ((u8)((devfn) >> 3))

/* Appends to how, keeping it terminated however long the story gets. */
static void say(char *how, size_t len, size_t *used, const char *what, u8 bus, u8 slot, u8 pin)
{
	int n;

	if (!how || *used >= len)
		return;
	n = snprintf(how + *used, len - *used, "%s%s %02x:%02x INT%c", *used ? ", " : "", what, bus,
		     slot, 'A' + pin);
	if (n > 0)
		*used += (size_t)n;
}

int intx_walk(const struct intx_walk_ops *ops, void *ctx, u16 seg, u8 bus, u8 devfn, u8 pin,
	      struct intx_answer *out, char *how, size_t how_len)
{
	u8 slot = SLOT(devfn);
	size_t used = 0;

	if (how && how_len)
		how[0] = '\0';
	if (pin < 1 || pin > 4) {
		if (how && how_len)
			snprintf(how, how_len, "interrupt pin %u is not INTA..INTD", pin);
		return -ENOENT;
	}
	pin--;
	for (int hop = 0; hop <= INTX_WALK_MAX_HOPS; hop++) {
		u8 up_bus, up_devfn;

		memset(out, 0, sizeof(*out));
		switch (ops->lookup(ctx, seg, bus, slot, pin, out)) {
		case PRT_FOUND:
			say(how, how_len, &used, "_PRT entry", bus, slot, pin);
			if (how && used < how_len)
				snprintf(how + used, how_len - used, " -> %s", out->source);
			return 0;
		case PRT_NO_ENTRY:
			say(how, how_len, &used, "no _PRT entry for", bus, slot, pin);
			return -ENOENT;
		case PRT_FAILED:
			say(how, how_len, &used, "_PRT failed for", bus, slot, pin);
			return -EIO;
		case PRT_ABSENT: break;
		}
		if (!ops->upstream(ctx, seg, bus, &up_bus, &up_devfn)) {
			say(how, how_len, &used, "no _PRT on the root bus of", bus, slot, pin);
			return -ENOENT;
		}
		say(how, how_len, &used, "bridge swizzle from", bus, slot, pin);
		pin = (u8)((pin + slot) % 4);
		bus = up_bus;
		slot = SLOT(up_devfn);
	}
	say(how, how_len, &used, "bridges nest too deep at", bus, slot, pin);
	return -E2BIG;
}

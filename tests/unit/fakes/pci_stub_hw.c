// SPDX-License-Identifier: BSD-2-Clause
/* See pci_stub_hw.h. */
#include <string.h>
#include "kernel/x86/apic.h"
#include "kernel/mm/io.h"
#include "kernel/core/time.h"
#include "tests/unit/fakes/pci_stub_hw.h"

struct stub_hw stub_hw;

struct io_window {
	u64 phys;
	u64 len;
	u8 *mem;
};

static struct io_window windows[8];
static unsigned int nwindows;

void stub_hw_reset(void)
{
	memset(&stub_hw, 0, sizeof(stub_hw));
	memset(windows, 0, sizeof(windows));
	nwindows = 0;
}

void stub_ioremap_add(u64 phys, void *mem, u64 len)
{
	if (nwindows < sizeof(windows) / sizeof(windows[0]))
		windows[nwindows++] = (struct io_window){ phys, len, mem };
}

void *ioremap(u64 phys, u64 size)
{
	stub_hw.ioremap_calls++;
	for (unsigned int i = 0; i < nwindows; i++) {
		const struct io_window *w = &windows[i];

		/* Written not to wrap: a device may claim any address. */
		if (phys >= w->phys && size <= w->len && phys - w->phys <= w->len - size)
			return w->mem + (phys - w->phys);
	}
	return NULL;
}

void lapic_eoi(void)
{
	stub_hw.eoi_count++;
}

bool lapic_reachable(const char *who)
{
	(void)who;
	return !stub_hw.cpu_unreachable;
}

int lapic_msi_address(const char *who, u64 *addr)
{
	if (!lapic_reachable(who))
		return -34; /* -ERANGE, as lapic.c says it */
	*addr = STUB_MSI_ADDRESS;
	return 0;
}

u32 lapic_msi_data(u8 vector)
{
	return STUB_MSI_DATA(vector);
}

int ioapic_route_gsi(u32 gsi, u8 vector, bool level_triggered, bool active_low)
{
	struct stub_ioapic_pin *p;

	if (stub_hw.route_error)
		return stub_hw.route_error;
	if (gsi >= sizeof(stub_hw.gsi) / sizeof(stub_hw.gsi[0]))
		return -22;
	p = &stub_hw.gsi[gsi];
	p->routed = true;
	p->vector = vector;
	p->level = level_triggered;
	p->active_low = active_low;
	p->masked = true;
	return 0;
}

void ioapic_mask_gsi(u32 gsi, bool masked)
{
	struct stub_ioapic_pin *p = &stub_hw.gsi[gsi % 64];

	p->masked = masked;
	if (masked)
		p->mask_calls++;
	else
		p->unmask_calls++;
}

u32 ioapic_isa_to_gsi(u8 isa_irq, bool *level_triggered, bool *active_low)
{
	if (isa_irq < 16 && stub_hw.isa_override[isa_irq].present) {
		*level_triggered = stub_hw.isa_override[isa_irq].level;
		*active_low = stub_hw.isa_override[isa_irq].active_low;
		return stub_hw.isa_override[isa_irq].gsi;
	}
	/* ISA default: identity, edge, active high. */
	*level_triggered = false;
	*active_low = false;
	return isa_irq;
}

void mdelay(u32 msecs)
{
	stub_hw.mdelay_total_ms += msecs;
}

void udelay(u32 usecs)
{
	(void)usecs;
}

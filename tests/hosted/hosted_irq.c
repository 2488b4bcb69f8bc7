// SPDX-License-Identifier: BSD-2-Clause
/*
 * The CPU interrupt flag, LAPIC and IOAPIC as the hosted harness sees them;
 * see hosted_irq.h. Pending MSIs are a bitmap of vectors (an edge: one
 * delivery each); INTx lines are levels, asked of hosted_pci each time.
 */
#include <string.h>

#include "kernel/x86/apic.h"
#include "kernel/x86/irq.h"
#include "kernel/x86/irqflags.h"
#include "kernel/pci/msi.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_race.h"

#define NR_GSIS 64

/* Provided by hosted_pci.c: whether any function drives this GSI now. */
bool hosted_pci_gsi_asserted(u32 gsi);

struct ioapic_pin {
	bool routed;
	bool masked;
	bool level;
	u8 vector;
	unsigned int storm_run; /* level deliveries in a row while still asserted */
	bool storm_reported;
};

static bool irqs_on;
static unsigned int in_handler;
static u64 msi_pending[4];
static struct ioapic_pin pins[NR_GSIS];
/* Pins routed and unmasked: delivery looks at these only (it runs very often). */
static u64 live_pins;
static u64 delivered[IRQ_NR_VECTORS];
static u64 dispatched; /* over all vectors, never reset: the loop compares counts */
static unsigned int eois;
static bool delivering;
static unsigned int model_depth;

void hosted_irq_reset(void)
{
	irqs_on = true;
	in_handler = 0;
	memset(msi_pending, 0, sizeof(msi_pending));
	memset(pins, 0, sizeof(pins));
	live_pins = 0;
	memset(delivered, 0, sizeof(delivered));
	eois = 0;
	delivering = false;
	model_depth = 0;
	irq_reset_for_test();
	pci_intx_reset_for_test();
}

bool hosted_in_irq(void)
{
	return in_handler > 0;
}

bool hosted_irqs_enabled(void)
{
	return irqs_on;
}

u64 hosted_irq_dispatched(void)
{
	return dispatched;
}

u64 hosted_irq_delivered(u8 vector)
{
	return delivered[vector];
}

unsigned int hosted_eoi_count(void)
{
	return eois;
}

/* ---- kernel/x86/irqflags.h ---- */

unsigned long local_irq_save(void)
{
	unsigned long was_on = irqs_on;

	irqs_on = false;
	return was_on;
}

void local_irq_restore(unsigned long flags)
{
	irqs_on = flags != 0;
	if (irqs_on)
		hosted_irq_deliver();
}

void local_irq_disable(void)
{
	irqs_on = false;
}

void local_irq_enable(void)
{
	irqs_on = true;
	hosted_irq_deliver();
}

bool irqs_disabled(void)
{
	return !irqs_on;
}

/* ---- LAPIC ---- */

void lapic_eoi(void)
{
	eois++;
}

bool lapic_reachable(const char *who)
{
	(void)who;
	return true; /* the simulated CPU's APIC ID is 0 */
}

int lapic_msi_address(const char *who, u64 *addr)
{
	(void)who;
	*addr = HOSTED_MSI_ADDRESS;
	return 0;
}

u32 lapic_msi_data(u8 vector)
{
	return vector; /* fixed delivery, edge, the vector in the low byte */
}

void hosted_irq_msi(u64 address, u32 data)
{
	u8 vector = (u8)data;

	if ((address & ~0xFFFFFull) != HOSTED_MSI_ADDRESS) {
		hosted_fail("irq: MSI write to 0x%llx, which is not the LAPIC (0x%llx)",
			    (unsigned long long)address, (unsigned long long)HOSTED_MSI_ADDRESS);
		return;
	}
	if (vector < IRQ_VECTOR_FIRST) {
		hosted_fail("irq: MSI with vector %u, below the first usable vector", vector);
		return;
	}
	msi_pending[vector / 64] |= BIT64(vector % 64);
}

/* ---- IOAPIC ---- */

int ioapic_route_gsi(u32 gsi, u8 vector, bool level_triggered, bool active_low)
{
	if (gsi >= NR_GSIS)
		return -22;
	pins[gsi] = (struct ioapic_pin){
		.routed = true, .masked = true, .level = level_triggered, .vector = vector
	};
	live_pins &= ~BIT64(gsi);
	return 0;
}

void ioapic_mask_gsi(u32 gsi, bool masked)
{
	if (gsi >= NR_GSIS) {
		hosted_fail("irq: mask of gsi %u, which does not exist", gsi);
		return;
	}
	pins[gsi].masked = masked;
	if (masked || !pins[gsi].routed) {
		live_pins &= ~BIT64(gsi);
		pins[gsi].storm_run = 0;
	} else {
		live_pins |= BIT64(gsi);
	}
	if (!masked)
		hosted_irq_deliver();
}

u32 ioapic_isa_to_gsi(u8 isa_irq, bool *level_triggered, bool *active_low)
{
	*level_triggered = false;
	*active_low = false;
	return isa_irq;
}

/* ---- Delivery ---- */

static void dispatch(u8 vector)
{
	dispatched++;
	irqs_on = false;
	in_handler++;
	delivered[vector]++;
	irq_dispatch(vector);
	in_handler--;
	irqs_on = true;
}

static int take_msi(void)
{
	for (unsigned int w = 0; w < 4; w++) {
		if (!msi_pending[w])
			continue;
		unsigned int bit = (unsigned int)__builtin_ctzll(msi_pending[w]);

		msi_pending[w] &= ~BIT64(bit);
		return (int)(w * 64 + bit);
	}
	return -1;
}

/* One level-triggered line that wants service, or -1. */
static int take_level(void)
{
	for (u64 live = live_pins; live; live &= live - 1) {
		u32 gsi = (u32)__builtin_ctzll(live);
		struct ioapic_pin *p = &pins[gsi];

		if (!hosted_pci_gsi_asserted(gsi)) {
			p->storm_run = 0;
			continue;
		}
		if (++p->storm_run > HOSTED_IRQ_STORM_LIMIT) {
			if (!p->storm_reported)
				hosted_fail("irq: gsi %u (vector %u) still asserted after %u "
					    "deliveries: the handler never quiets its device "
					    "(interrupt storm); line masked",
					    gsi, p->vector, HOSTED_IRQ_STORM_LIMIT);
			p->storm_reported = true;
			p->masked = true;
			live_pins &= ~BIT64(gsi);
			continue;
		}
		return (int)gsi;
	}
	return -1;
}

void hosted_model_enter(void)
{
	model_depth++;
	hosted_race_model_enter();
}

void hosted_model_exit(void)
{
	hosted_race_model_exit();
	if (!--model_depth)
		hosted_irq_deliver();
}

void hosted_irq_deliver(void)
{
	if (!irqs_on || in_handler || delivering || model_depth)
		return;
	delivering = true;
	for (;;) {
		int vector = take_msi();
		int gsi;

		if (vector >= 0) {
			dispatch((u8)vector);
			continue;
		}
		gsi = take_level();
		if (gsi < 0)
			break;
		dispatch(pins[gsi].vector);
	}
	delivering = false;
}

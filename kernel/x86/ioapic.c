// SPDX-License-Identifier: BSD-2-Clause
/*
 * IOAPICs, as the MADT lists them, with the MADT's interrupt source
 * overrides for ISA IRQs. Every redirection entry starts masked; drivers'
 * INTx lines are routed on request through ioapic_route_gsi().
 */
#include <errno.h>
#include "kernel/x86/apic.h"
#include "kernel/x86/irqflags.h"
#include "kernel/mm/mm.h"
#include "kernel/console/printk.h"

#define MAX_IOAPICS	   8
#define IOREGSEL	   0x00
#define IOWIN		   0x10
#define IOAPIC_REG_VERSION 0x01
#define IOAPIC_REDIR(n)	   (0x10 + 2 * (n))
#define REDIR_MASKED	   BIT(16)
#define REDIR_LEVEL	   BIT(15)
#define REDIR_ACTIVE_LOW   BIT(13)

/* MADT override flags (MPS INTI flags). */
#define MPS_POLARITY_MASK 0x3
#define MPS_POLARITY_HIGH 0x1
#define MPS_POLARITY_LOW  0x3
#define MPS_TRIGGER_MASK  0xC
#define MPS_TRIGGER_EDGE  0x4
#define MPS_TRIGGER_LEVEL 0xC

struct ioapic {
	u8 id;
	u64 phys;
	volatile u32 *regs;
	u32 gsi_base;
	u32 nr_pins;
};

struct isa_override {
	u32 gsi;
	u16 flags;
	bool present;
};

static struct ioapic ioapics[MAX_IOAPICS];
static int nr_ioapics;
static struct isa_override isa_overrides[16];

static u32 ioapic_read(struct ioapic *io, u32 reg)
{
	io->regs[IOREGSEL / 4] = reg;
	return io->regs[IOWIN / 4];
}

static void ioapic_write(struct ioapic *io, u32 reg, u32 v)
{
	io->regs[IOREGSEL / 4] = reg;
	io->regs[IOWIN / 4] = v;
}

void ioapic_add(u8 id, u64 phys, u32 gsi_base)
{
	struct ioapic *io;

	if (nr_ioapics == MAX_IOAPICS) {
		pr_warn("ioapic: more than %d IOAPICs; ignoring id %u\n", MAX_IOAPICS, id);
		return;
	}
	io = &ioapics[nr_ioapics++];
	io->id = id;
	io->gsi_base = gsi_base;
	io->phys = phys;
	io->regs = ioremap(phys, 4096);
	io->nr_pins = ((ioapic_read(io, IOAPIC_REG_VERSION) >> 16) & 0xFF) + 1;
	for (u32 pin = 0; pin < io->nr_pins; pin++) {
		ioapic_write(io, IOAPIC_REDIR(pin), REDIR_MASKED);
		ioapic_write(io, IOAPIC_REDIR(pin) + 1, 0);
	}
	pr_info("ioapic: id %u at %#llx, GSIs %u-%u\n", id, (unsigned long long)phys, gsi_base,
		gsi_base + io->nr_pins - 1);
}

void ioapic_add_isa_override(u8 isa_irq, u32 gsi, u16 flags)
{
	if (isa_irq >= ARRAY_SIZE(isa_overrides)) {
		pr_warn("ioapic: override for ISA IRQ %u is out of range; ignored\n", isa_irq);
		return;
	}
	isa_overrides[isa_irq] = (struct isa_override){ gsi, flags, true };
}

void ioapic_init(void)
{
	if (!nr_ioapics) {
		/* No MADT: assume the standard PC IOAPIC so INTx still has a chance. */
		pr_warn("ioapic: none described by ACPI; assuming one at 0xfec00000\n");
		ioapic_add(0, 0xFEC00000, 0);
	}
}

static struct ioapic *ioapic_for_gsi(u32 gsi, u32 *pin)
{
	for (int i = 0; i < nr_ioapics; i++) {
		if (gsi >= ioapics[i].gsi_base && gsi < ioapics[i].gsi_base + ioapics[i].nr_pins) {
			*pin = gsi - ioapics[i].gsi_base;
			return &ioapics[i];
		}
	}
	return NULL;
}

int ioapic_route_gsi(u32 gsi, u8 vector, bool level_triggered, bool active_low)
{
	u32 pin, low = vector | REDIR_MASKED;
	struct ioapic *io = ioapic_for_gsi(gsi, &pin);
	unsigned long flags;

	if (!io) {
		pr_warn("ioapic: no IOAPIC serves GSI %u\n", gsi);
		return -1;
	}
	/* A redirection entry names its CPU in 8 bits (physical mode). */
	if (!lapic_reachable("ioapic"))
		return -ERANGE;
	if (level_triggered)
		low |= REDIR_LEVEL;
	if (active_low)
		low |= REDIR_ACTIVE_LOW;
	flags = local_irq_save();
	ioapic_write(io, IOAPIC_REDIR(pin) + 1, lapic_id() << 24);
	ioapic_write(io, IOAPIC_REDIR(pin), low);
	local_irq_restore(flags);
	return 0;
}

void ioapic_mask_gsi(u32 gsi, bool masked)
{
	u32 pin, v;
	struct ioapic *io = ioapic_for_gsi(gsi, &pin);
	unsigned long flags;

	if (!io)
		return;
	flags = local_irq_save();
	v = ioapic_read(io, IOAPIC_REDIR(pin));
	v = masked ? v | REDIR_MASKED : v & ~REDIR_MASKED;
	ioapic_write(io, IOAPIC_REDIR(pin), v);
	local_irq_restore(flags);
}

u32 ioapic_isa_to_gsi(u8 isa_irq, bool *level_triggered, bool *active_low)
{
	/* ISA defaults: edge, active high, GSI = IRQ. PCI callers override below. */
	u32 gsi = isa_irq;
	bool level = false, low = false;

	if (isa_irq < ARRAY_SIZE(isa_overrides) && isa_overrides[isa_irq].present) {
		u16 f = isa_overrides[isa_irq].flags;

		gsi = isa_overrides[isa_irq].gsi;
		if ((f & MPS_POLARITY_MASK) == MPS_POLARITY_LOW)
			low = true;
		if ((f & MPS_TRIGGER_MASK) == MPS_TRIGGER_LEVEL)
			level = true;
	}
	if (level_triggered)
		*level_triggered = level;
	if (active_low)
		*active_low = low;
	return gsi;
}

size_t ioapic_describe(struct ioapic_desc *out, size_t max)
{
	for (int i = 0; i < nr_ioapics && (size_t)i < max; i++) {
		struct ioapic *io = &ioapics[i];

		out[i] = (struct ioapic_desc){
			.id = io->id,
			.version = (u8)ioapic_read(io, IOAPIC_REG_VERSION),
			.phys = io->phys,
			.gsi_base = io->gsi_base,
			.nr_pins = io->nr_pins,
		};
	}
	return (size_t)nr_ioapics;
}

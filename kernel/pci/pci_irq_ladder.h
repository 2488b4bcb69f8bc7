/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The interrupt ladder every PCI network driver climbs down: MSI-X vectors,
 * else one MSI, else INTx, else a poll timer; plus a watchdog that looks for
 * work no interrupt announced. One place decides, logs why each rung was
 * passed over, and reads the driver's command-line override:
 *
 *	<driver>.irq=auto|msix|msi|intx|poll   the highest rung to try
 *
 * (a value below every rung the driver has, poll for one that cannot poll,
 * takes its lowest rung, with a warning).
 *
 * A driver describes what it can use in a plan, then:
 *
 *	irq_ladder_init(&l, name, pdev, &plan, drv);
 *	err = irq_ladder_setup(&l);                 // allocates vectors
 *	for (i = 0; i < l.nr_vectors; i++)
 *		request_irq(irq_ladder_vector(&l, i), ...);
 *	... if a self-test finds the mode dead: free the handlers, then
 *	err = irq_ladder_fall_back(&l, "no interrupt within 50 ms");
 *	irq_ladder_start(&l);                       // poll timer, watchdog
 *	...
 *	irq_ladder_stop(&l); free the handlers; irq_ladder_release(&l);
 */
#ifndef NAPKIN_KERNEL_PCI_IRQ_LADDER_H
#define NAPKIN_KERNEL_PCI_IRQ_LADDER_H

#include "kernel/core/compiler.h"
#include "kernel/pci/pci.h"
#include "kernel/core/time.h"

/* Rungs, best first. */
enum irq_ladder_mode {
	IRQ_LADDER_NONE,
	IRQ_LADDER_MSIX,
	IRQ_LADDER_MSI,
	IRQ_LADDER_INTX,
	IRQ_LADDER_POLL,
};

#define IRQ_LADDER_ALLOW(mode) BIT(mode)
#define IRQ_LADDER_ALLOW_ALL                                                    \
	(IRQ_LADDER_ALLOW(IRQ_LADDER_MSIX) | IRQ_LADDER_ALLOW(IRQ_LADDER_MSI) | \
	 IRQ_LADDER_ALLOW(IRQ_LADDER_INTX) | IRQ_LADDER_ALLOW(IRQ_LADDER_POLL))

struct irq_ladder_plan {
	const char *option;	/* command-line key, e.g. "e1000.irq" */
	unsigned int allowed;	/* IRQ_LADDER_ALLOW() of each rung the driver can use */
	unsigned int msix_min;	/* MSI-X only with at least this many vectors */
	unsigned int msix_max;	/* and at most this many */
	u64 poll_period_ns;	/* the poll timer's period (POLL rung) */
	u64 watchdog_period_ns; /* 0: no watchdog */
	/* POLL rung: called every poll period. */
	void (*poll)(void *drv);
	/*
	 * Watchdog: look for work that no interrupt announced and get it done
	 * (schedule the poll, kick a queue). Returns how many such rescues it
	 * made; the ladder counts them and logs the first. Called in every mode.
	 */
	unsigned int (*watch)(void *drv, enum irq_ladder_mode mode);
};

struct irq_ladder {
	const char *name; /* for the log: the driver's name for the device */
	struct pci_dev *pdev;
	const struct irq_ladder_plan *plan;
	void *drv;
	enum irq_ladder_mode mode;
	enum irq_ladder_mode best; /* the highest rung plan and command line allow */
	unsigned int nr_vectors;   /* 0 in POLL */
	bool running;
	u64 fallbacks;	 /* rungs given up after setup said they worked */
	u64 missed_irqs; /* the watchdog's rescues */
	u64 poll_ticks;
	struct ktimer poll_timer;
	struct ktimer watchdog;
};

void irq_ladder_init(struct irq_ladder *l, const char *name, struct pci_dev *pdev,
		     const struct irq_ladder_plan *plan, void *drv);
/* Read the override, then take the best rung that works. -errno only when none does. */
int irq_ladder_setup(struct irq_ladder *l);
/*
 * The current rung turned out dead (a self-test saw no interrupt): give its
 * vectors back and take the next working rung below it. The driver has freed
 * its handlers. `why` goes into the log line.
 */
int irq_ladder_fall_back(struct irq_ladder *l, const char *why);
/* Vector of interrupt nr (0-based), negative when there is none. */
int irq_ladder_vector(const struct irq_ladder *l, unsigned int nr);
/* Arm the poll timer (POLL rung) and the watchdog; stop disarms both. */
void irq_ladder_start(struct irq_ladder *l);
void irq_ladder_stop(struct irq_ladder *l);
/* Give the vectors back (handlers already freed). Mode becomes NONE. */
void irq_ladder_release(struct irq_ladder *l);

const char *irq_ladder_mode_name(enum irq_ladder_mode mode);

#endif

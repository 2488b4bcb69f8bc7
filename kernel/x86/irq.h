/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Interrupt vectors 32..255. The trap entry (kernel/x86/trap.c) calls
 * irq_dispatch() with interrupts disabled; it runs the handlers registered on
 * the vector, counts the interrupt and acknowledges the LAPIC.
 *
 * A vector is first owned (reserved at a fixed number by the kernel, or
 * allocated from the free pool by a bus driver such as PCI), then handlers are
 * attached to it with request_irq(). Several handlers may share a vector only
 * when its source says it can be shared (level-triggered INTx); each handler
 * then reports whether its own device raised the interrupt.
 */
#ifndef NAPKIN_KERNEL_IRQ_H
#define NAPKIN_KERNEL_IRQ_H

#include <stddef.h>
#include "kernel/core/compiler.h"

#define IRQ_VECTOR_FIRST    32
#define IRQ_VECTOR_LAST	    254 /* last allocatable vector */
#define IRQ_VECTOR_SPURIOUS 0xFF
#define IRQ_NR_VECTORS	    256

/* Longest handler or owner name kept, including the terminating NUL. */
#define IRQ_NAME_LEN 24
/* Handlers attached at once over all vectors. */
#define IRQ_MAX_ACTIONS 64
/*
 * A vector whose handlers decline this many interrupts in a row is masked at
 * its source (when the source can be masked): a level-triggered line nobody
 * clears would otherwise fire forever.
 */
#define IRQ_UNHANDLED_LIMIT 10000

typedef enum {
	IRQ_NONE = 0,	 /* not my device */
	IRQ_HANDLED = 1, /* my device raised it and it is now quiet */
} irqreturn_t;

typedef irqreturn_t (*irq_handler_t)(void *ctx);

/*
 * What feeds a vector: the IOAPIC pin, an MSI or MSI-X message, the LAPIC's own
 * sources. `name` is the mode column of the `irq` listing. mask/unmask (may be
 * NULL) silence or release the source; unmask runs when the first handler is
 * attached, mask when the last one goes or the vector is disabled for storming.
 */
struct irq_chip {
	const char *name;
	bool shareable;
	void (*mask)(void *data, u32 index);
	void (*unmask)(void *data, u32 index);
};

/* Take a fixed vector (LAPIC timer, spurious, IPIs) before allocations start. */
int irq_reserve_vector(u8 vector, const char *owner);
/* Reserve the vectors kernel/x86/vectors.h gives the kernel itself. Call once, early. */
void irq_init(void);
/* Any free vector; returns it, or -ENOSPC. */
int irq_alloc_vector(const char *owner);
/*
 * `count` consecutive free vectors starting at a multiple of `count` (a power
 * of two, as multi-message MSI needs); returns the first, or -ENOSPC/-EINVAL.
 */
int irq_alloc_vectors(unsigned int count, const char *owner);
/* Give an owned vector back; its remaining handlers are detached first. */
void irq_free_vector(u8 vector);
bool irq_vector_owned(u8 vector);

/* Describe the source of an owned vector (NULL chip: plain, unshareable). */
int irq_set_chip(u8 vector, const struct irq_chip *chip, void *data, u32 index);

/*
 * Attach a handler to an owned vector. The name is copied. -EINVAL for a
 * vector nobody owns, -EBUSY when the vector already has a handler and its
 * source cannot be shared, -ENOSPC when the handler pool is exhausted.
 */
int request_irq(u8 vector, irq_handler_t handler, void *ctx, const char *name);
/* Detach the handler registered on `vector` with this ctx. */
int free_irq(u8 vector, void *ctx);

/*
 * Drivers probe and open with interrupts masked (before the loop first
 * enables them, and from it with them off), yet an interrupt self-test must
 * see its handler run. This opens interrupts for the wait alone, polling
 * done(ctx) every 100 us for up to timeout_us, and puts the caller's state
 * back. True when done() became true in time.
 */
bool irq_wait_open(bool (*done)(void *ctx), void *ctx, u32 timeout_us);

/* True once the vector was masked because nobody claimed its interrupts. */
bool irq_vector_disabled(u8 vector);

void irq_dispatch(u8 vector);

/* One vector's counters and description for the shell's `irq` command. */
struct irq_stat {
	u8 vector;
	u64 delivered;	   /* reached at least the handler loop */
	u64 spurious;	   /* arrived on the spurious vector or one nobody owns */
	u64 unhandled;	   /* delivered but no handler claimed it */
	const char *mode;  /* chip name, or "-" */
	const char *owner; /* who owns the vector */
	unsigned int nr_handlers;
	bool disabled;
};

/*
 * Iterate vectors worth listing (allocated, with handlers, or that ever
 * counted anything; bare reservations are the kernel's own and not listed):
 * returns the first such vector greater than `after` (start with -1) and fills
 * *st, or -1 when there are no more.
 */
int irq_stat_next(int after, struct irq_stat *st);
/* Comma-separated names of the handlers on a vector, into buf; returns length. */
size_t irq_handler_names(u8 vector, char *buf, size_t len);
/* A /proc/interrupts-style line: vector, count, spurious/unhandled, mode, names. */
size_t irq_format_line(const struct irq_stat *st, char *buf, size_t len);

#ifdef NAPKIN_HOSTED
/* Forget every vector, handler and counter (host unit tests only). */
void irq_reset_for_test(void);
#endif

#endif

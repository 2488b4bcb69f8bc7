// SPDX-License-Identifier: BSD-2-Clause
/*
 * Vector ownership, handler lists and per-vector counters. There is no heap
 * this early, so handlers come from a fixed pool; everything that changes a
 * list runs with interrupts off, which on one CPU is all the locking needed
 * against irq_dispatch().
 */
#define pr_fmt(fmt) "irq: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kernel/core/time.h"
#include "kernel/x86/apic.h"
#include "kernel/x86/irq.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "kernel/x86/vectors.h"

struct irq_action {
	irq_handler_t handler;
	void *ctx;
	struct irq_action *next;
	bool used;
	char name[IRQ_NAME_LEN];
};

enum vector_state { VEC_FREE, VEC_RESERVED, VEC_ALLOCATED };

struct irq_desc {
	enum vector_state state;
	bool disabled;
	const struct irq_chip *chip;
	void *chip_data;
	u32 chip_index;
	struct irq_action *actions;
	u64 delivered;
	u64 spurious;
	u64 unhandled;
	u32 unhandled_run;
	char owner[IRQ_NAME_LEN];
};

static struct irq_desc descs[IRQ_NR_VECTORS];
static struct irq_action action_pool[IRQ_MAX_ACTIONS];

static void take_vector(unsigned int v, enum vector_state state, const char *owner)
{
	struct irq_desc *d = &descs[v];

	/* Counters describe the current owner, as they would a fresh IRQ line. */
	d->state = state;
	d->delivered = 0;
	d->spurious = 0;
	d->unhandled = 0;
	d->disabled = false;
	d->chip = NULL;
	d->chip_data = NULL;
	d->chip_index = 0;
	d->unhandled_run = 0;
	snprintf(d->owner, sizeof(d->owner), "%s", owner ? owner : "?");
}

int irq_reserve_vector(u8 vector, const char *owner)
{
	struct irq_desc *d = &descs[vector];
	unsigned long flags;
	int ret = 0;

	if (vector < IRQ_VECTOR_FIRST) {
		pr_warn("cannot reserve vector %u for %s: exceptions own 0..31\n", vector, owner);
		return -EINVAL;
	}
	flags = local_irq_save();
	if (d->state != VEC_FREE) {
		pr_warn("vector %u wanted by %s is already owned by %s\n", vector, owner, d->owner);
		ret = -EBUSY;
	} else {
		take_vector(vector, VEC_RESERVED, owner);
	}
	local_irq_restore(flags);
	return ret;
}

void irq_init(void)
{
	irq_reserve_vector(VECTOR_LAPIC_TIMER, "lapic-timer");
	irq_reserve_vector(VECTOR_SPURIOUS, "spurious");
	for (unsigned int v = VECTOR_PIC_BASE; v < VECTOR_PIC_BASE + 16; v++)
		irq_reserve_vector((u8)v, "8259-stray");
}

int irq_alloc_vectors(unsigned int count, const char *owner)
{
	unsigned long flags;
	unsigned int first, i;
	int ret = -ENOSPC;

	if (count == 0 || (count & (count - 1)) || count > 32) {
		pr_warn("%s asked for %u vectors: need a power of two up to 32\n", owner, count);
		return -EINVAL;
	}
	flags = local_irq_save();
	for (first = ALIGN_UP(IRQ_VECTOR_FIRST, count); first + count - 1 <= IRQ_VECTOR_LAST;
	     first += count) {
		for (i = 0; i < count; i++)
			if (descs[first + i].state != VEC_FREE)
				break;
		if (i < count)
			continue;
		for (i = 0; i < count; i++)
			take_vector(first + i, VEC_ALLOCATED, owner);
		ret = (int)first;
		break;
	}
	local_irq_restore(flags);
	if (ret < 0)
		pr_warn("no room for %u vector(s) for %s\n", count, owner);
	return ret;
}

int irq_alloc_vector(const char *owner)
{
	return irq_alloc_vectors(1, owner);
}

bool irq_vector_owned(u8 vector)
{
	return descs[vector].state != VEC_FREE;
}

static void detach_all(struct irq_desc *d)
{
	struct irq_action *a = d->actions;

	d->actions = NULL;
	while (a) {
		struct irq_action *next = a->next;

		a->used = false;
		a->next = NULL;
		a = next;
	}
}

void irq_free_vector(u8 vector)
{
	struct irq_desc *d = &descs[vector];
	unsigned long flags;

	if (d->state == VEC_FREE) {
		pr_warn("freeing vector %u that nobody owns\n", vector);
		return;
	}
	flags = local_irq_save();
	if (d->actions) {
		pr_warn("vector %u (%s) freed with handlers still attached: detaching them\n",
			vector, d->owner);
		if (d->chip && d->chip->mask)
			d->chip->mask(d->chip_data, d->chip_index);
		detach_all(d);
	}
	d->state = VEC_FREE;
	d->chip = NULL;
	d->chip_data = NULL;
	local_irq_restore(flags);
}

int irq_set_chip(u8 vector, const struct irq_chip *chip, void *data, u32 index)
{
	struct irq_desc *d = &descs[vector];
	unsigned long flags;

	if (d->state == VEC_FREE) {
		pr_warn("irq_set_chip on vector %u that nobody owns\n", vector);
		return -EINVAL;
	}
	flags = local_irq_save();
	d->chip = chip;
	d->chip_data = data;
	d->chip_index = index;
	local_irq_restore(flags);
	return 0;
}

static struct irq_action *action_get(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(action_pool); i++) {
		if (!action_pool[i].used) {
			memset(&action_pool[i], 0, sizeof(action_pool[i]));
			action_pool[i].used = true;
			return &action_pool[i];
		}
	}
	return NULL;
}

int request_irq(u8 vector, irq_handler_t handler, void *ctx, const char *name)
{
	struct irq_desc *d = &descs[vector];
	struct irq_action *a, **tail;
	unsigned long flags;
	bool first;

	if (!name)
		name = "?";
	if (!handler) {
		pr_warn("request_irq(%u) by %s without a handler\n", vector, name);
		return -EINVAL;
	}
	if (d->state == VEC_FREE || vector == IRQ_VECTOR_SPURIOUS) {
		pr_warn("%s wants vector %u, which is not reserved or allocated\n", name, vector);
		return -EINVAL;
	}
	flags = local_irq_save();
	if (d->actions && !(d->chip && d->chip->shareable)) {
		local_irq_restore(flags);
		pr_warn("%s wants vector %u, already used by %s and not shareable\n", name, vector,
			d->actions->name);
		return -EBUSY;
	}
	a = action_get();
	if (!a) {
		local_irq_restore(flags);
		pr_warn("no free handler slot for %s on vector %u (limit %u)\n", name, vector,
			IRQ_MAX_ACTIONS);
		return -ENOSPC;
	}
	a->handler = handler;
	a->ctx = ctx;
	snprintf(a->name, sizeof(a->name), "%s", name);
	first = !d->actions;
	for (tail = &d->actions; *tail; tail = &(*tail)->next)
		;
	*tail = a;
	if (first) {
		d->disabled = false;
		d->unhandled_run = 0;
		if (d->chip && d->chip->unmask)
			d->chip->unmask(d->chip_data, d->chip_index);
	}
	local_irq_restore(flags);
	return 0;
}

int free_irq(u8 vector, void *ctx)
{
	struct irq_desc *d = &descs[vector];
	struct irq_action **pp;
	unsigned long flags;

	flags = local_irq_save();
	for (pp = &d->actions; *pp; pp = &(*pp)->next) {
		struct irq_action *a = *pp;

		if (a->ctx != ctx)
			continue;
		*pp = a->next;
		if (!d->actions && d->chip && d->chip->mask)
			d->chip->mask(d->chip_data, d->chip_index);
		a->used = false;
		a->next = NULL;
		local_irq_restore(flags);
		return 0;
	}
	local_irq_restore(flags);
	pr_warn("free_irq: no handler with that context on vector %u\n", vector);
	return -ENOENT;
}

bool irq_vector_disabled(u8 vector)
{
	return READ_ONCE(descs[vector].disabled);
}

static void note_unhandled(u8 vector, struct irq_desc *d)
{
	d->unhandled++;
	if (++d->unhandled_run < IRQ_UNHANDLED_LIMIT || d->disabled)
		return;
	if (d->chip && d->chip->mask) {
		d->chip->mask(d->chip_data, d->chip_index);
		d->disabled = true;
		pr_err("vector %u (%s): %u interrupts in a row nobody claimed: masked at %s\n",
		       vector, d->owner, d->unhandled_run, d->chip->name);
	} else {
		pr_err("vector %u (%s): %u interrupts in a row nobody claimed, cannot mask\n",
		       vector, d->owner, d->unhandled_run);
		d->unhandled_run = 0;
	}
}

void irq_dispatch(u8 vector)
{
	struct irq_desc *d = &descs[vector];
	struct irq_action *a;
	bool handled = false;

	/* The LAPIC does not expect an EOI for its spurious vector. */
	if (vector == IRQ_VECTOR_SPURIOUS) {
		d->spurious++;
		return;
	}
	if (d->state == VEC_FREE) {
		d->spurious++;
		WARN_ONCE(true, "irq: interrupt on vector %u that nobody owns\n", vector);
		lapic_eoi();
		return;
	}
	d->delivered++;
	for (a = d->actions; a; a = a->next)
		if (a->handler(a->ctx) == IRQ_HANDLED)
			handled = true;
	if (handled)
		d->unhandled_run = 0;
	else
		note_unhandled(vector, d);
	lapic_eoi();
}

static bool worth_listing(const struct irq_desc *d)
{
	return d->state == VEC_ALLOCATED || d->actions || d->delivered || d->spurious;
}

int irq_stat_next(int after, struct irq_stat *st)
{
	for (int v = after + 1; v < IRQ_NR_VECTORS; v++) {
		const struct irq_desc *d = &descs[v];
		const struct irq_action *a;

		if (v < IRQ_VECTOR_FIRST || !worth_listing(d))
			continue;
		memset(st, 0, sizeof(*st));
		st->vector = (u8)v;
		st->delivered = READ_ONCE(d->delivered);
		st->spurious = READ_ONCE(d->spurious);
		st->unhandled = READ_ONCE(d->unhandled);
		st->mode = d->chip ? d->chip->name : (v == IRQ_VECTOR_SPURIOUS ? "LAPIC" : "-");
		st->owner = d->state != VEC_FREE ? d->owner : "(none)";
		st->disabled = d->disabled;
		for (a = d->actions; a; a = a->next)
			st->nr_handlers++;
		return v;
	}
	return -1;
}

size_t irq_handler_names(u8 vector, char *buf, size_t len)
{
	const struct irq_action *a;
	size_t n = 0;
	unsigned long flags;

	if (len)
		buf[0] = '\0';
	flags = local_irq_save();
	for (a = descs[vector].actions; a; a = a->next) {
		int w = snprintf(buf + n, n < len ? len - n : 0, "%s%s", n ? ", " : "", a->name);

		if (w > 0)
			n += (size_t)w;
	}
	local_irq_restore(flags);
	return n < len ? n : (len ? len - 1 : 0);
}

size_t irq_format_line(const struct irq_stat *st, char *buf, size_t len)
{
	char names[96];
	int n;

	irq_handler_names(st->vector, names, sizeof(names));
	n = snprintf(buf, len, "%3u: %10lu  spurious %lu  unhandled %lu  %-14s %s%s%s%s",
		     st->vector, (unsigned long)st->delivered, (unsigned long)st->spurious,
		     (unsigned long)st->unhandled, st->mode, st->owner, names[0] ? " [" : "", names,
		     names[0] ? "]" : "");
	if (n > 0 && st->disabled)
		n += snprintf(buf + MIN((size_t)n, len), (size_t)n < len ? len - (size_t)n : 0,
			      " DISABLED");
	if (n < 0)
		return 0;
	return (size_t)n < len ? (size_t)n : (len ? len - 1 : 0);
}

#ifdef NAPKIN_HOSTED
void irq_reset_for_test(void)
{
	memset(descs, 0, sizeof(descs));
	memset(action_pool, 0, sizeof(action_pool));
}
#endif

bool irq_wait_open(bool (*done)(void *ctx), void *ctx, u32 timeout_us)
{
	unsigned long flags = local_irq_save();
	bool seen = done(ctx);

	local_irq_enable();
	for (u32 waited = 0; !seen && waited < timeout_us; waited += 100) {
		udelay(100);
		seen = done(ctx);
	}
	local_irq_disable();
	local_irq_restore(flags);
	return seen;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * PCI INTx routing from ACPI: the host bridges' _PRT (and the _PRT of any
 * bridge firmware describes), with interrupt link devices resolved through
 * their _CRS, and given an interrupt from _PRS with _SRS when firmware left
 * them disabled. intx_walk.c does the climbing and swizzling; this file
 * answers its two questions from the namespace and napkin's device list.
 */
#define pr_fmt(fmt) "acpi: " fmt

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <acpi/acpi.h>

#include "kernel/acpi/aml.h"
#include "kernel/acpi/aml_internal.h"
#include "kernel/acpi/intx_walk.h"
#include "kernel/pci/pci.h"
#include "kernel/pci/pci_cfg.h"
#include "kernel/pci/pci_intx.h"
#include "kernel/console/printk.h"

#define MAX_ROOT_BRIDGES  8
#define STA_ENABLED	  0x2u
#define MAX_CACHED_ROUTES 64
#define MAX_PRT_TABLES	  16
/* ACPICA's minimum resource size (ACPI_RS_SIZE_MIN, 12 rounded to a 64-bit word). */
#define RES_END_TAG_LEN 16u

struct root_bridge {
	acpi_handle handle;
	u16 seg;
	u8 bus;
};

static struct root_bridge roots[MAX_ROOT_BRIDGES];
static unsigned int nr_roots;

static acpi_status collect_root(acpi_handle h, u32 level, void *ctx, void **ret)
{
	u64 seg = 0, bbn = 0;

	if (nr_roots == MAX_ROOT_BRIDGES) {
		pr_warn("more than %d PCI host bridges: the rest get no _PRT routing\n",
			MAX_ROOT_BRIDGES);
		return AE_CTRL_TERMINATE;
	}
	/* Both are optional and default to 0. */
	aml_eval_int(h, "_SEG", &seg);
	aml_eval_int(h, "_BBN", &bbn);
	for (unsigned int i = 0; i < nr_roots; i++)
		if (roots[i].handle == h)
			return AE_OK; /* found by both HID and CID */
	roots[nr_roots++] = (struct root_bridge){ h, (u16)seg, (u8)bbn };
	return AE_OK;
}

void acpi_pci_find_roots(void)
{
	char path[64];

	nr_roots = 0;
	/* Conventional PCI and PCI Express host bridges (by _HID or _CID). */
	acpi_get_devices("PNP0A03", collect_root, NULL, NULL);
	acpi_get_devices("PNP0A08", collect_root, NULL, NULL);
	for (unsigned int i = 0; i < nr_roots; i++) {
		aml_path(roots[i].handle, path, sizeof(path));
		pr_info("PCI host bridge %s: segment %u, bus %u\n", path, roots[i].seg,
			roots[i].bus);
		acpi_pci_osc(roots[i].handle, pci_cfg_has_ext(roots[i].seg, roots[i].bus));
	}
	if (!nr_roots)
		pr_warn("no PCI host bridge in the namespace: no _PRT routing\n");
}

/* The child of parent whose _ADR names slot/function devfn. */
static acpi_handle child_by_adr(acpi_handle parent, u8 devfn)
{
	u64 want = (u64)(devfn >> 3) << 16 | (devfn & 7u), adr;
	acpi_handle child = NULL;

	while (ACPI_SUCCESS(acpi_get_next_object(ACPI_TYPE_DEVICE, parent, child, &child)))
		if (ACPI_SUCCESS(aml_eval_int(child, "_ADR", &adr)) && adr == want)
			return child;
	return NULL;
}

static const struct pci_dev *bridge_to(u16 seg, u8 bus)
{
	for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d))
		if (d->seg == seg && (d->hdr_type == 1 || d->hdr_type == 2) &&
		    d->secondary_bus == bus && d->secondary_bus != d->bus)
			return d;
	return NULL;
}

/* The ACPI device for a bus: a host bridge, or a described bridge below one. */
static acpi_handle bus_handle(u16 seg, u8 bus, int depth)
{
	const struct pci_dev *br;
	acpi_handle parent;

	for (unsigned int i = 0; i < nr_roots; i++)
		if (roots[i].seg == seg && roots[i].bus == bus)
			return roots[i].handle;
	br = bridge_to(seg, bus);
	if (!br || depth > INTX_WALK_MAX_HOPS)
		return NULL;
	parent = bus_handle(seg, br->bus, depth + 1);
	return parent ? child_by_adr(parent, br->devfn) : NULL;
}

static bool walk_upstream(void *ctx, u16 seg, u8 bus, u8 *bridge_bus, u8 *bridge_devfn)
{
	const struct pci_dev *br = bridge_to(seg, bus);

	for (unsigned int i = 0; i < nr_roots; i++)
		if (roots[i].seg == seg && roots[i].bus == bus)
			return false;
	if (!br)
		return false;
	*bridge_bus = br->bus;
	*bridge_devfn = br->devfn;
	return true;
}

/* The index-th interrupt of the link's resources (IRQ or Extended IRQ). */
static bool irq_in(const struct acpi_buffer *buf, u32 index, struct intx_answer *out)
{
	struct acpi_resource *res = buf->pointer;
	u8 *end = (u8 *)buf->pointer + buf->length;

	while ((u8 *)res + ACPI_RS_SIZE_NO_DATA <= end && res->type != ACPI_RESOURCE_TYPE_END_TAG &&
	       res->length) {
		if (res->type == ACPI_RESOURCE_TYPE_IRQ && res->data.irq.interrupt_count) {
			if (index == 0) {
				out->gsi = res->data.irq.interrupts[0];
				out->level = res->data.irq.triggering == ACPI_LEVEL_SENSITIVE;
				out->active_low = res->data.irq.polarity == ACPI_ACTIVE_LOW;
				return out->gsi != 0;
			}
			index--;
		} else if (res->type == ACPI_RESOURCE_TYPE_EXTENDED_IRQ &&
			   res->data.extended_irq.interrupt_count) {
			if (index == 0) {
				out->gsi = res->data.extended_irq.interrupts[0];
				out->level =
				    res->data.extended_irq.triggering == ACPI_LEVEL_SENSITIVE;
				out->active_low =
				    res->data.extended_irq.polarity == ACPI_ACTIVE_LOW;
				return out->gsi != 0;
			}
			index--;
		}
		res = ACPI_NEXT_RESOURCE(res);
	}
	return false;
}

static bool link_current(acpi_handle link, u32 index, struct intx_answer *out)
{
	struct acpi_buffer buf = { ACPI_ALLOCATE_BUFFER, NULL };
	u64 sta = STA_ENABLED;
	bool ok;

	aml_eval_int(link, "_STA", &sta);
	if (!(sta & STA_ENABLED))
		return false;
	if (ACPI_FAILURE(acpi_get_current_resources(link, &buf)))
		return false;
	ok = irq_in(&buf, index, out);
	ACPI_FREE(buf.pointer);
	return ok;
}

/*
 * A disabled link gets the first interrupt its _PRS offers, written back with
 * _SRS in the descriptor form _PRS used. One interrupt per descriptor is all
 * a link routes.
 */
static bool link_enable(acpi_handle link, const char *path)
{
	struct acpi_buffer prs = { ACPI_ALLOCATE_BUFFER, NULL };
	struct acpi_resource *res, *set;
	struct acpi_buffer srs;
	acpi_status st = AE_NOT_FOUND;
	u8 *end;
	u32 irq = 0;

	if (ACPI_FAILURE(acpi_get_possible_resources(link, &prs))) {
		pr_warn("link %s is disabled and has no usable _PRS\n", path);
		return false;
	}
	end = (u8 *)prs.pointer + prs.length;
	for (res = prs.pointer; (u8 *)res + ACPI_RS_SIZE_NO_DATA <= end &&
				res->type != ACPI_RESOURCE_TYPE_END_TAG && res->length;
	     res = ACPI_NEXT_RESOURCE(res)) {
		if (res->type == ACPI_RESOURCE_TYPE_IRQ && res->data.irq.interrupt_count) {
			irq = res->data.irq.interrupts[0];
			res->data.irq.interrupt_count = 1;
			break;
		}
		if (res->type == ACPI_RESOURCE_TYPE_EXTENDED_IRQ &&
		    res->data.extended_irq.interrupt_count) {
			irq = res->data.extended_irq.interrupts[0];
			res->data.extended_irq.interrupt_count = 1;
			break;
		}
	}
	if (irq && (u8 *)res + res->length <= end) {
		srs.length = res->length + RES_END_TAG_LEN;
		srs.pointer = ACPI_ALLOCATE_ZEROED(srs.length);
		if (srs.pointer) {
			memcpy(srs.pointer, res, res->length);
			set = ACPI_NEXT_RESOURCE((struct acpi_resource *)srs.pointer);
			set->type = ACPI_RESOURCE_TYPE_END_TAG;
			set->length = RES_END_TAG_LEN;
			st = acpi_set_current_resources(link, &srs);
			ACPI_FREE(srs.pointer);
		}
	}
	ACPI_FREE(prs.pointer);
	if (ACPI_FAILURE(st)) {
		pr_warn("link %s is disabled and could not be given IRQ %u: %s\n", path, irq,
			acpi_format_exception(st));
		return false;
	}
	pr_info("link %s was disabled: given IRQ %u from its _PRS\n", path, irq);
	return true;
}

static enum prt_answer resolve_link(acpi_handle scope, const char *name, u32 index,
				    struct intx_answer *out)
{
	acpi_handle link;

	snprintf(out->source, sizeof(out->source), "%s", name);
	if (ACPI_FAILURE(acpi_get_handle(scope, (acpi_string)name, &link))) {
		pr_warn("_PRT names link %s, which does not exist\n", name);
		return PRT_FAILED;
	}
	aml_path(link, out->source, sizeof(out->source));
	if (link_current(link, index, out))
		return PRT_FOUND;
	if (link_enable(link, out->source) && link_current(link, index, out))
		return PRT_FOUND;
	return PRT_FAILED;
}

/*
 * Each bus's routing table is evaluated once and kept: firmware often builds
 * _PRT in a loop at run time (QEMU's pc does, 128 entries), which is slow to
 * interpret and gives the same answer every time.
 */
struct prt_table {
	acpi_handle bus;
	acpi_status status;
	struct acpi_buffer buf;
};

static struct prt_table prts[MAX_PRT_TABLES];
static unsigned int nr_prts;

static const struct prt_table *prt_of(acpi_handle h)
{
	struct prt_table *t;

	for (unsigned int i = 0; i < nr_prts; i++)
		if (prts[i].bus == h)
			return &prts[i];
	if (nr_prts == MAX_PRT_TABLES)
		return NULL;
	t = &prts[nr_prts++];
	t->bus = h;
	t->buf = (struct acpi_buffer){ ACPI_ALLOCATE_BUFFER, NULL };
	t->status = acpi_get_irq_routing_table(h, &t->buf);
	return t;
}

static enum prt_answer prt_lookup(void *ctx, u16 seg, u8 bus, u8 slot, u8 pin,
				  struct intx_answer *out)
{
	acpi_handle h = bus_handle(seg, bus, 0);
	const struct prt_table *t;
	u8 *p, *end;

	if (!h)
		return PRT_ABSENT;
	t = prt_of(h);
	if (!t) {
		pr_warn("more than %d buses with a _PRT: bus %02x not routed\n", MAX_PRT_TABLES,
			bus);
		return PRT_FAILED;
	}
	if (t->status == AE_NOT_FOUND)
		return PRT_ABSENT;
	if (ACPI_FAILURE(t->status)) {
		pr_warn("_PRT of bus %02x cannot be evaluated: %s\n", bus,
			acpi_format_exception(t->status));
		return PRT_FAILED;
	}
	end = (u8 *)t->buf.pointer + t->buf.length;
	for (p = t->buf.pointer; p + sizeof(struct acpi_pci_routing_table) <= end;) {
		struct acpi_pci_routing_table *e = (struct acpi_pci_routing_table *)p;

		if (!e->length)
			break;
		if ((e->address >> 16) == slot && e->pin == pin) {
			if (e->source[0])
				return resolve_link(h, e->source, e->source_index, out);
			/* No link: the index is the GSI, with PCI's own defaults. */
			out->gsi = e->source_index;
			out->level = true;
			out->active_low = true;
			snprintf(out->source, sizeof(out->source), "GSI");
			return PRT_FOUND;
		}
		p += e->length;
	}
	return PRT_NO_ENTRY;
}

static const struct intx_walk_ops walk_ops = {
	.lookup = prt_lookup,
	.upstream = walk_upstream,
};

/*
 * Answers are kept: evaluating link devices means running AML that pokes the
 * chipset, and the driver's setup and the boot report ask the same question.
 */
struct cached_route {
	u16 seg;
	u8 bus, devfn, pin;
	int ret;
	struct pci_intx_route route;
};

static struct cached_route cache[MAX_CACHED_ROUTES];
static unsigned int nr_cached;

static struct cached_route *cached(const struct pci_dev *pdev)
{
	for (unsigned int i = 0; i < nr_cached; i++) {
		struct cached_route *c = &cache[i];

		if (c->seg == pdev->seg && c->bus == pdev->bus && c->devfn == pdev->devfn &&
		    c->pin == pdev->irq_pin)
			return c;
	}
	return NULL;
}

int acpi_pci_route(const struct pci_dev *pdev, struct pci_intx_route *route)
{
	struct cached_route *c = cached(pdev);
	struct intx_answer a;
	int ret;

	if (c) {
		*route = c->route;
		return c->ret;
	}
	ret = intx_walk(&walk_ops, NULL, pdev->seg, pdev->bus, pdev->devfn, pdev->irq_pin, &a,
			route->how, sizeof(route->how));
	if (!ret) {
		route->gsi = a.gsi;
		route->level = a.level;
		route->active_low = a.active_low;
	}
	if (nr_cached < MAX_CACHED_ROUTES)
		cache[nr_cached++] = (struct cached_route){ pdev->seg,	   pdev->bus, pdev->devfn,
							    pdev->irq_pin, ret,	      *route };
	return ret;
}

void acpi_pci_report(void)
{
	struct pci_intx_route route, legacy;

	if (!aml_ready())
		return;
	for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d)) {
		char pin;
		bool have_legacy;

		if (!d->irq_pin || d->irq_pin > 4)
			continue;
		pin = (char)('A' + d->irq_pin - 1);
		memset(&route, 0, sizeof(route));
		have_legacy = pci_intx_legacy_route(d, &legacy);
		if (acpi_pci_route(d, &route)) {
			pr_info("INTx %s pin %c: no ACPI route (%s)\n", d->name, pin, route.how);
			continue;
		}
		if (!have_legacy)
			pr_info("INTx %s pin %c -> GSI %u %s/%s via %s; config-space line unset\n",
				d->name, pin, route.gsi, route.level ? "level" : "edge",
				route.active_low ? "low" : "high", route.how);
		else
			pr_info("INTx %s pin %c -> GSI %u %s/%s via %s; config-space line %u (GSI "
				"%u) %s\n",
				d->name, pin, route.gsi, route.level ? "level" : "edge",
				route.active_low ? "low" : "high", route.how, d->irq_line,
				legacy.gsi, legacy.gsi == route.gsi ? "agrees" : "mismatch");
	}
}

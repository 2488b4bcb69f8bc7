// SPDX-License-Identifier: BSD-2-Clause
/*
 * The hosted harness's calls, as the device models make them, answered by
 * QEMU through the seam (nqdev_seam.h). The models compile unchanged: this
 * file is a second implementation of the parts of tests/hosted/ they use
 * (failures, the clock, devices that tick, the PCI function, DMA, the wire),
 * and the harness's own implementation never links into QEMU.
 *
 * What the harness checks itself and QEMU cannot see the same way:
 * - DMA to memory nothing backs, or with bus mastering off: reported here as
 *   violations, like the harness's stray and master-off checks. The
 *   harness's streaming-ownership checks need its own allocator; in a whole
 *   machine the guest owns memory, so they have no counterpart here.
 * - MSI sent while disabled or past the enabled vectors: reported here.
 * - A model's napi probe (unmask before complete) needs the driver's state:
 *   off in QEMU.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/pci/pci_regs.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/qdev/model_host.h"

struct hosted_pci_fn {
	struct nqdev *d;
	const struct hosted_pci_ops *ops;
	void *model;
	const char *name;
	u8 cap_cursor;
};

struct hosted_wire {
	struct nqdev *d;
	unsigned int port;
};

struct nqdev {
	const struct nqdev_host_ops *ops;
	struct nqdev_host *host;
	const struct nqdev_model *kind;
	void *model;
	struct nqdev_layout layout;
	struct hosted_pci_fn fn;
	bool fn_added;
	struct hosted_device *devices;
	struct hosted_port *port[NQDEV_MAX_PORTS];
	struct hosted_wire wire[NQDEV_MAX_PORTS];
	u64 violations;
};

/* The instance QEMU called into: every seam entry sets it (one caller at a time). */
static struct nqdev *cur;

static struct nqdev *enter(struct nqdev *d)
{
	struct nqdev *prev = cur;

	cur = d;
	return prev;
}

/* ---- Failures and the clock ---- */

void hosted_fail(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!cur) {
		fprintf(stderr, "napkin model: violation outside a device: %s\n", msg);
		return;
	}
	cur->violations++;
	cur->ops->violation(cur->host, msg);
}

u64 hosted_now(void)
{
	return cur ? cur->ops->now_ns(cur->host) : 0;
}

void hosted_device_add(struct hosted_device *dev)
{
	dev->next = cur->devices;
	cur->devices = dev;
}

void hosted_device_remove(struct hosted_device *dev)
{
	for (struct hosted_device **pp = &cur->devices; *pp; pp = &(*pp)->next) {
		if (*pp == dev) {
			*pp = dev->next;
			return;
		}
	}
}

/* Interrupts raised inside a model reach QEMU at once: no CPU runs meanwhile. */
void hosted_model_enter(void) {}

void hosted_model_exit(void) {}

/* ---- The PCI function: recorded for QEMU to build ---- */

struct hosted_pci_fn *hosted_pci_add(u8 bus, u8 dev, u8 fn, u16 vendor, u16 device, u32 class,
				     u8 revision, const char *name,
				     const struct hosted_pci_ops *ops, void *model)
{
	struct nqdev *d = cur;

	if (d->fn_added) {
		hosted_fail("%s: a second PCI function in one device", name);
		return NULL;
	}
	d->fn_added = true;
	d->fn = (struct hosted_pci_fn){
		.d = d, .ops = ops, .model = model, .name = name, .cap_cursor = 0x40
	};
	d->layout.vendor = vendor;
	d->layout.device = device;
	d->layout.class_code = class;
	d->layout.revision = revision;
	return &d->fn;
}

void hosted_pci_set_subsystem(struct hosted_pci_fn *f, u16 subvendor, u16 subdevice)
{
	f->d->layout.subvendor = subvendor;
	f->d->layout.subdevice = subdevice;
}

void hosted_pci_bar_mem64(struct hosted_pci_fn *f, unsigned int idx, u64 size)
{
	if (idx < 6)
		f->d->layout.bar_size[idx] = size;
}

void hosted_pci_intx_pin(struct hosted_pci_fn *f, u8 pin, u8 line)
{
	f->d->layout.intx_pin = pin; /* the line is the platform's business */
}

void hosted_pci_cap_at(struct hosted_pci_fn *f, u8 off)
{
	f->cap_cursor = off;
}

/* Capabilities sit where the harness would put them: the cursor, then packed. */
static u8 cap_place(struct hosted_pci_fn *f, u8 len)
{
	u8 off = f->cap_cursor;

	f->cap_cursor = (u8)ALIGN_UP(off + len, 4);
	return off;
}

u8 hosted_pci_add_pm(struct hosted_pci_fn *f)
{
	return f->d->layout.pm_offset = cap_place(f, 8);
}

u8 hosted_pci_add_msi(struct hosted_pci_fn *f, unsigned int log2_vectors, bool per_vector_mask)
{
	struct nqdev_layout *l = &f->d->layout;

	l->msi_offset = cap_place(f, per_vector_mask ? 0x18 : 0x0E);
	l->msi_log2_vectors = log2_vectors;
	l->msi_per_vector_mask = per_vector_mask;
	return l->msi_offset;
}

u8 hosted_pci_add_pcie(struct hosted_pci_fn *f)
{
	/* QEMU's endpoint capability is 0x3C long; keep the room it needs. */
	return f->d->layout.pcie_offset = cap_place(f, 0x3C);
}

u8 hosted_pci_add_cap(struct hosted_pci_fn *f, u8 id, u8 len)
{
	struct nqdev_layout *l = &f->d->layout;
	u8 off = cap_place(f, len);

	if (l->ncaps < NQDEV_MAX_CAPS)
		l->caps[l->ncaps++] = (struct nqdev_cap){ .id = id, .offset = off, .len = len };
	return off;
}

void hosted_pci_cfg_writable(struct hosted_pci_fn *f, u16 off, unsigned int len, u8 mask)
{
	struct nqdev_layout *l = &f->d->layout;

	if (l->nwmask < NQDEV_MAX_WMASK) {
		l->wmask[l->nwmask].off = off;
		l->wmask[l->nwmask].len = (u8)len;
		l->wmask[l->nwmask].mask = mask;
		l->nwmask++;
	}
}

u32 hosted_pci_cfg_get(const struct hosted_pci_fn *f, u16 off, unsigned int size)
{
	return f->d->ops->cfg_get(f->d->host, off, size);
}

void hosted_pci_cfg_set(struct hosted_pci_fn *f, u16 off, unsigned int size, u32 val)
{
	f->d->ops->cfg_set(f->d->host, off, size, val);
}

const char *hosted_pci_name(const struct hosted_pci_fn *f)
{
	return f->name;
}

bool hosted_pci_bus_master(const struct hosted_pci_fn *f)
{
	return f->d->ops->bus_master(f->d->host);
}

bool hosted_pci_memory_enabled(const struct hosted_pci_fn *f)
{
	return f->d->ops->cfg_get(f->d->host, PCI_COMMAND, 2) & PCI_COMMAND_MEMORY;
}

void hosted_pci_intx(struct hosted_pci_fn *f, bool asserted)
{
	f->d->ops->set_intx(f->d->host, asserted);
}

bool hosted_pci_msi_enabled(const struct hosted_pci_fn *f)
{
	return f->d->layout.msi_offset && f->d->ops->msi_enabled(f->d->host);
}

bool hosted_pci_msi_send(struct hosted_pci_fn *f, unsigned int msg)
{
	struct nqdev *d = f->d;

	if (!hosted_pci_msi_enabled(f)) {
		hosted_fail("pci: %s sends MSI %u while MSI is disabled in its capability", f->name,
			    msg);
		return false;
	}
	if (msg >= d->ops->msi_vectors_enabled(d->host)) {
		hosted_fail("pci: %s sends MSI %u but only %u vectors are enabled", f->name, msg,
			    d->ops->msi_vectors_enabled(d->host));
		return false;
	}
	d->ops->msi_notify(d->host, msg); /* QEMU latches it while masked */
	return true;
}

/* ---- DMA ---- */

static bool dma_allowed(const struct hosted_pci_fn *fn, u64 bus, size_t len, const char *dir,
			const char *what)
{
	if (fn->d->ops->bus_master(fn->d->host))
		return true;
	hosted_fail("pci: %s DMA %s of %zu bytes at %#llx (%s) with bus mastering off", fn->name,
		    dir, len, (unsigned long long)bus, what);
	return false;
}

bool hosted_dma_read(const struct hosted_pci_fn *fn, u64 bus, void *dst, size_t len,
		     const char *what)
{
	if (!dma_allowed(fn, bus, len, "read", what))
		return false;
	if (fn->d->ops->dma_read(fn->d->host, bus, dst, len))
		return true;
	hosted_fail("pci: %s DMA read of %zu bytes at %#llx (%s): no memory there", fn->name, len,
		    (unsigned long long)bus, what);
	return false;
}

bool hosted_dma_write(const struct hosted_pci_fn *fn, u64 bus, const void *src, size_t len,
		      const char *what)
{
	if (!dma_allowed(fn, bus, len, "write", what))
		return false;
	if (fn->d->ops->dma_write(fn->d->host, bus, src, len))
		return true;
	hosted_fail("pci: %s DMA write of %zu bytes at %#llx (%s): no memory there", fn->name, len,
		    (unsigned long long)bus, what);
	return false;
}

/* A model looking at what it owns: quiet, and no bus mastering needed. */
bool hosted_dma_peek(const struct hosted_pci_fn *fn, u64 bus, void *dst, size_t len)
{
	return fn->d->ops->dma_read(fn->d->host, bus, dst, len);
}

/*
 * Buffers a device holds through descriptors it owns: the harness fails the
 * driver's take-back at its call (tests/hosted/hosted_dma.c). A guest's DMA
 * API is out of sight here, so only the descriptor checks apply.
 */
void hosted_dma_hold(const char *dev, u64 bus, size_t len, const char *what, u64 desc) {}

void hosted_dma_unhold(u64 bus, u64 desc) {}

/* ---- The wire: each port's netdev ---- */

bool hosted_port_carrier(const struct hosted_port *port)
{
	const struct hosted_wire *w = port->wire;

	return w && w->d->ops->carrier(w->d->host, w->port);
}

u32 hosted_port_partner(const struct hosted_port *port)
{
	/* QEMU's netdevs have no PHY: the far end offers everything, like a switch. */
	return HOSTED_LINK_DEFAULT_PARTNER;
}

/* QEMU owns the netdev: a model letting go of its port only forgets the wire. */
void hosted_wire_unplug(struct hosted_port *port)
{
	port->wire = NULL;
}

void hosted_port_transmit(struct hosted_port *port, const u8 *frame, u32 len)
{
	struct hosted_wire *w = port->wire;

	port->frames_out++;
	if (w)
		w->d->ops->transmit(w->d->host, w->port, frame, len);
}

void nqdev_trace(const char *fmt, ...)
{
	char line[256];
	va_list ap;

	if (!cur || !cur->ops->trace)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	cur->ops->trace(cur->host, line);
}

/* ---- The seam, as QEMU calls it ---- */

static const struct nqdev_model *const models[] = {
	&nqdev_model_sky2,
	&nqdev_model_skge,
	&nqdev_model_tg3,
};

struct nqdev *nqdev_create(const struct nqdev_config *cfg, const struct nqdev_host_ops *ops,
			   struct nqdev_host *host, char *err, size_t errlen)
{
	const struct nqdev_model *kind = NULL;
	struct nqdev *d, *prev;

	for (size_t i = 0; i < ARRAY_SIZE(models); i++)
		if (!strcmp(models[i]->name, cfg->model))
			kind = models[i];
	if (!kind) {
		snprintf(err, errlen, "no model '%s'", cfg->model);
		return NULL;
	}
	d = calloc(1, sizeof(*d));
	if (!d) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	d->ops = ops;
	d->host = host;
	d->kind = kind;
	for (unsigned int i = 0; i < NQDEV_MAX_PORTS; i++)
		d->wire[i] = (struct hosted_wire){ .d = d, .port = i };
	prev = enter(d);
	d->model = kind->create(cfg, err, errlen);
	if (d->model && !d->fn_added)
		snprintf(err, errlen, "the model made no PCI function");
	if (d->model && d->fn_added) {
		for (unsigned int i = 0; i < NQDEV_MAX_PORTS; i++) {
			d->port[i] = kind->port(d->model, i);
			if (d->port[i]) {
				d->port[i]->wire = &d->wire[i];
				d->layout.ports = i + 1;
			}
		}
	}
	cur = prev;
	if (!d->model || !d->fn_added) {
		if (d->model)
			kind->destroy(d->model);
		free(d);
		return NULL;
	}
	return d;
}

void nqdev_destroy(struct nqdev *d)
{
	struct nqdev *prev = enter(d);

	d->kind->destroy(d->model);
	cur = prev;
	free(d);
}

const struct nqdev_layout *nqdev_layout(const struct nqdev *d)
{
	return &d->layout;
}

uint64_t nqdev_mmio_read(struct nqdev *d, unsigned int bar, uint64_t off, unsigned int size)
{
	struct nqdev *prev = enter(d);
	u64 v = d->fn.ops->mmio_read(d->fn.model, bar, off, size);

	cur = prev;
	return v;
}

void nqdev_mmio_write(struct nqdev *d, unsigned int bar, uint64_t off, unsigned int size,
		      uint64_t val)
{
	struct nqdev *prev = enter(d);

	d->fn.ops->mmio_write(d->fn.model, bar, off, size, val);
	cur = prev;
}

bool nqdev_cfg_read(struct nqdev *d, uint16_t off, unsigned int size, uint32_t *val)
{
	struct nqdev *prev;
	bool done;

	if (!d->fn.ops->cfg_read)
		return false;
	prev = enter(d);
	done = d->fn.ops->cfg_read(d->fn.model, off, size, val);
	cur = prev;
	return done;
}

bool nqdev_cfg_write(struct nqdev *d, uint16_t off, unsigned int size, uint32_t val)
{
	struct nqdev *prev;
	bool done;

	if (!d->fn.ops->cfg_write)
		return false;
	prev = enter(d);
	done = d->fn.ops->cfg_write(d->fn.model, off, size, val);
	cur = prev;
	return done;
}

void nqdev_cfg_written(struct nqdev *d, uint16_t off, unsigned int size, uint32_t val)
{
	struct nqdev *prev;

	if (!d->fn.ops->cfg_written)
		return;
	prev = enter(d);
	d->fn.ops->cfg_written(d->fn.model, off, size, val);
	cur = prev;
}

uint64_t nqdev_tick(struct nqdev *d)
{
	struct nqdev *prev = enter(d);
	u64 now = hosted_now(), next = UINT64_MAX;

	for (struct hosted_device *dev = d->devices; dev; dev = dev->next) {
		u64 due = dev->tick(dev, now);

		if (due < next)
			next = due;
	}
	cur = prev;
	return next;
}

bool nqdev_can_receive(struct nqdev *d, unsigned int port)
{
	struct hosted_port *p = port < NQDEV_MAX_PORTS ? d->port[port] : NULL;
	struct nqdev *prev;
	bool ok;

	if (!p || !p->ops->can_receive)
		return p != NULL;
	prev = enter(d);
	ok = p->ops->can_receive(p);
	cur = prev;
	return ok;
}

void nqdev_receive(struct nqdev *d, unsigned int port, const uint8_t *frame, uint32_t len)
{
	struct hosted_port *p = port < NQDEV_MAX_PORTS ? d->port[port] : NULL;
	struct nqdev *prev;

	if (!p)
		return;
	prev = enter(d);
	p->frames_in++;
	p->ops->receive(p, frame, len);
	cur = prev;
}

void nqdev_link_changed(struct nqdev *d, unsigned int port)
{
	struct hosted_port *p = port < NQDEV_MAX_PORTS ? d->port[port] : NULL;
	struct nqdev *prev;

	if (!p || !p->ops->link_changed)
		return;
	prev = enter(d);
	p->ops->link_changed(p);
	cur = prev;
}

bool nqdev_fault(struct nqdev *d, const char *name, unsigned int port, uint32_t arg)
{
	struct nqdev *prev;
	bool ok;

	if (!d->kind->fault)
		return false;
	prev = enter(d);
	ok = d->kind->fault(d->model, name, port, arg);
	cur = prev;
	return ok;
}

uint64_t nqdev_violations(const struct nqdev *d)
{
	return d->violations;
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * napkin's NIC models as QEMU PCI devices: napkin-sky2 (and the families
 * added beside it). This file is QEMU's side of the seam in nqdev_seam.h: it
 * builds the PCI function the model describes, hands the model MMIO and the
 * device registers in config space, gives it DMA, MSI or INTx, a NetClient
 * per port and the virtual clock, and keeps the model's timer armed. The
 * model itself (tests/hosted/models/) is the one the hosted harness runs,
 * linked in unchanged as napkin_models.o.
 *
 * Every rule the model enforces is a line on standard error,
 *   napkin-sky2: violation: <what>
 * counted in the read-only property "violations"; with strict=on QEMU then
 * exits with status 1, so the test that drove it fails. trace=FILE records
 * every register and config write with the virtual time, for comparing one
 * driver's bring-up with another's (tests/qdev/trace_cmp.py).
 *
 * Faults at run time: qom-set <dev> fault NAME[@PORT]=N, with the names the
 * model knows (sky2: irq-lost, msi-lost, rx-errors, rx-truncated,
 * desc-check, hw-error; skge: irq-lost, rx-errors, rx-stall,
 * tx-start-lost; tg3: rx-errors, no-rx-buffer, tx-stuck, msi-lost,
 * bootcode-hang, dma-error); link flaps are QEMU's own set_link.
 */
#include "qemu/osdep.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/pci/pci_device.h"
#include "hw/pci/msi.h"
#include "hw/pci/pcie.h"
#include "hw/qdev-properties.h"
#include "hw/qdev-properties-system.h"
#include "net/net.h"
#include "system/dma.h"

#include "nqdev_seam.h"

#define NAPKIN_NIC_PORTS NQDEV_MAX_PORTS

typedef struct NapkinNicState NapkinNicState;

typedef struct NapkinNicBar {
	NapkinNicState *s;
	unsigned int idx;
	MemoryRegion mr;
} NapkinNicBar;

typedef struct NapkinNicPort {
	NapkinNicState *s;
	unsigned int idx;
	NICState *nic;
	bool held; /* can_receive said no: flush when the model can take frames again */
} NapkinNicPort;

struct NapkinNicState {
	PCIDevice parent_obj;

	/* properties */
	NICConf conf[NAPKIN_NIC_PORTS];
	char *chip;
	uint32_t ports;
	int32_t rev;
	bool msi;
	bool strict;
	char *trace_path;

	const char *model; /* from the class */
	struct nqdev *dev;
	NapkinNicBar bar[6];
	NapkinNicPort port[NAPKIN_NIC_PORTS];
	QEMUTimer *timer;
	FILE *trace;
	uint64_t violations;
};

typedef struct NapkinNicClass {
	PCIDeviceClass parent_class;
	const char *model;
} NapkinNicClass;

#define TYPE_NAPKIN_NIC "napkin-nic"
OBJECT_DECLARE_TYPE(NapkinNicState, NapkinNicClass, NAPKIN_NIC)

static const char *nn_name(NapkinNicState *s)
{
	return object_get_typename(OBJECT(s));
}

/* ---- What the model asks of QEMU ---- */

#define HOST(h) ((NapkinNicState *)(h))

static uint64_t host_now(struct nqdev_host *h)
{
	return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static void host_violation(struct nqdev_host *h, const char *what)
{
	NapkinNicState *s = HOST(h);

	s->violations++;
	fprintf(stderr, "%s: violation: %s\n", nn_name(s), what);
	if (s->trace)
		fprintf(s->trace, "%" PRIu64 " violation %s\n", host_now(h), what);
	if (s->strict) {
		if (s->trace)
			fflush(s->trace);
		fprintf(stderr, "%s: strict=on: stopping\n", nn_name(s));
		exit(1);
	}
}

static bool host_dma_read(struct nqdev_host *h, uint64_t addr, void *buf, size_t len)
{
	return pci_dma_read(PCI_DEVICE(HOST(h)), addr, buf, len) == MEMTX_OK;
}

static bool host_dma_write(struct nqdev_host *h, uint64_t addr, const void *buf, size_t len)
{
	return pci_dma_write(PCI_DEVICE(HOST(h)), addr, buf, len) == MEMTX_OK;
}

static bool host_bus_master(struct nqdev_host *h)
{
	return pci_get_word(PCI_DEVICE(HOST(h))->config + PCI_COMMAND) & PCI_COMMAND_MASTER;
}

static void host_set_intx(struct nqdev_host *h, bool asserted)
{
	pci_set_irq(PCI_DEVICE(HOST(h)), asserted);
}

static bool host_msi_enabled(struct nqdev_host *h)
{
	return msi_enabled(PCI_DEVICE(HOST(h)));
}

static unsigned int host_msi_vectors_enabled(struct nqdev_host *h)
{
	PCIDevice *pd = PCI_DEVICE(HOST(h));
	uint16_t flags = pci_get_word(pd->config + pd->msi_cap + PCI_MSI_FLAGS);

	return 1u << ((flags & PCI_MSI_FLAGS_QSIZE) >> 4);
}

static void host_msi_notify(struct nqdev_host *h, unsigned int vector)
{
	msi_notify(PCI_DEVICE(HOST(h)), vector);
}

static uint32_t host_cfg_get(struct nqdev_host *h, uint16_t off, unsigned int size)
{
	PCIDevice *pd = PCI_DEVICE(HOST(h));

	if (off + size > pci_config_size(pd))
		return 0;
	switch (size) {
	case 1: return pci_get_byte(pd->config + off);
	case 2: return pci_get_word(pd->config + off);
	default: return pci_get_long(pd->config + off);
	}
}

static void host_cfg_set(struct nqdev_host *h, uint16_t off, unsigned int size, uint32_t val)
{
	PCIDevice *pd = PCI_DEVICE(HOST(h));

	if (off + size > pci_config_size(pd))
		return;
	switch (size) {
	case 1: pci_set_byte(pd->config + off, val); break;
	case 2: pci_set_word(pd->config + off, val); break;
	default: pci_set_long(pd->config + off, val); break;
	}
}

static void host_transmit(struct nqdev_host *h, unsigned int port, const uint8_t *frame,
			  uint32_t len)
{
	NapkinNicState *s = HOST(h);

	if (port < NAPKIN_NIC_PORTS && s->port[port].nic)
		qemu_send_packet(qemu_get_queue(s->port[port].nic), frame, len);
}

static bool host_carrier(struct nqdev_host *h, unsigned int port)
{
	NapkinNicState *s = HOST(h);
	NetClientState *nc;

	if (port >= NAPKIN_NIC_PORTS || !s->port[port].nic)
		return false;
	nc = qemu_get_queue(s->port[port].nic);
	return nc->peer && !nc->link_down;
}

static void host_trace(struct nqdev_host *h, const char *line)
{
	NapkinNicState *s = HOST(h);

	if (s->trace)
		fprintf(s->trace, "%" PRIu64 " %s\n", host_now(h), line);
}

static const struct nqdev_host_ops host_ops = {
	.now_ns = host_now,
	.violation = host_violation,
	.dma_read = host_dma_read,
	.dma_write = host_dma_write,
	.bus_master = host_bus_master,
	.set_intx = host_set_intx,
	.msi_enabled = host_msi_enabled,
	.msi_vectors_enabled = host_msi_vectors_enabled,
	.msi_notify = host_msi_notify,
	.cfg_get = host_cfg_get,
	.cfg_set = host_cfg_set,
	.transmit = host_transmit,
	.carrier = host_carrier,
	.trace = host_trace,
};

/* ---- Time: the model says when it next has work ---- */

static void nn_flush_held(NapkinNicState *s)
{
	for (unsigned int i = 0; i < NAPKIN_NIC_PORTS; i++) {
		NapkinNicPort *p = &s->port[i];

		if (p->held && p->nic && nqdev_can_receive(s->dev, i)) {
			p->held = false;
			qemu_flush_queued_packets(qemu_get_queue(p->nic));
		}
	}
}

/* After anything that may have given the model work: run it, arm the timer. */
static void nn_kick(NapkinNicState *s)
{
	uint64_t next;

	if (!s->dev)
		return;
	next = nqdev_tick(s->dev);
	if (next == UINT64_MAX)
		timer_del(s->timer);
	else
		timer_mod(s->timer, (int64_t)MIN(next, (uint64_t)INT64_MAX));
	nn_flush_held(s);
}

static void nn_timer(void *opaque)
{
	nn_kick(opaque);
}

/* ---- Registers ---- */

static uint64_t nn_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
	NapkinNicBar *b = opaque;
	NapkinNicState *s = b->s;
	uint64_t v;

	if (addr & (size - 1)) {
		char what[96];

		snprintf(what, sizeof(what), "misaligned %u-byte MMIO read at BAR%u+%#" PRIx64,
			 size, b->idx, (uint64_t)addr);
		host_violation((struct nqdev_host *)s, what);
	}
	v = nqdev_mmio_read(s->dev, b->idx, addr, size);
	nn_kick(s);
	return v;
}

static void nn_mmio_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
	NapkinNicBar *b = opaque;
	NapkinNicState *s = b->s;

	if (s->trace)
		fprintf(s->trace, "%" PRIu64 " w%u %u %#" PRIx64 " %#" PRIx64 "\n", host_now(NULL),
			size * 8, b->idx, (uint64_t)addr, val);
	if (addr & (size - 1)) {
		char what[96];

		snprintf(what, sizeof(what), "misaligned %u-byte MMIO write at BAR%u+%#" PRIx64,
			 size, b->idx, (uint64_t)addr);
		host_violation((struct nqdev_host *)s, what);
	}
	nqdev_mmio_write(s->dev, b->idx, addr, size, val);
	nn_kick(s);
}

static const MemoryRegionOps nn_mmio_ops = {
	.read = nn_mmio_read,
	.write = nn_mmio_write,
	.endianness = DEVICE_LITTLE_ENDIAN,
	/* Unaligned accesses reach the model's checks instead of being split. */
	.valid = { .min_access_size = 1, .max_access_size = 8, .unaligned = true },
	.impl = { .min_access_size = 1, .max_access_size = 8, .unaligned = true },
};

static uint32_t nn_config_read(PCIDevice *pd, uint32_t addr, int len)
{
	NapkinNicState *s = NAPKIN_NIC(pd);
	uint32_t v;

	if (s->dev && nqdev_cfg_read(s->dev, addr, len, &v)) {
		nn_kick(s);
		return v;
	}
	return pci_default_read_config(pd, addr, len);
}

static void nn_config_write(PCIDevice *pd, uint32_t addr, uint32_t val, int len)
{
	NapkinNicState *s = NAPKIN_NIC(pd);

	if (s->trace)
		fprintf(s->trace, "%" PRIu64 " c%d %#x %#x\n", host_now(NULL), len * 8, addr, val);
	if (!s->dev || !nqdev_cfg_write(s->dev, addr, len, val)) {
		pci_default_write_config(pd, addr, val, len);
		if (s->dev)
			nqdev_cfg_written(s->dev, addr, len, val);
	}
	nn_kick(s);
}

/* ---- The wire ---- */

static NapkinNicPort *nn_port(NetClientState *nc)
{
	return qemu_get_nic_opaque(nc);
}

static bool nn_can_receive(NetClientState *nc)
{
	NapkinNicPort *p = nn_port(nc);

	if (!p->s->dev || nqdev_can_receive(p->s->dev, p->idx))
		return true;
	p->held = true;
	return false;
}

static ssize_t nn_receive(NetClientState *nc, const uint8_t *buf, size_t size)
{
	NapkinNicPort *p = nn_port(nc);

	if (p->s->dev) {
		nqdev_receive(p->s->dev, p->idx, buf, size);
		nn_kick(p->s);
	}
	return size; /* the model counts what it could not keep */
}

static void nn_link_status_changed(NetClientState *nc)
{
	NapkinNicPort *p = nn_port(nc);

	if (p->s->dev) {
		nqdev_link_changed(p->s->dev, p->idx);
		nn_kick(p->s);
	}
}

static NetClientInfo nn_net_info = {
	.type = NET_CLIENT_DRIVER_NIC,
	.size = sizeof(NICState),
	.can_receive = nn_can_receive,
	.receive = nn_receive,
	.link_status_changed = nn_link_status_changed,
};

/* ---- The device ---- */

static bool nn_model_create(NapkinNicState *s, Error **errp)
{
	PCIDevice *pd = PCI_DEVICE(s);
	struct nqdev_config cfg = {
		.model = s->model,
		.chip = s->chip,
		.ports = s->ports ? s->ports : 1,
		.rev = s->rev,
		.no_msi = !s->msi,
		.devfn = pd->devfn,
	};
	char err[160] = "";

	if (cfg.ports > NAPKIN_NIC_PORTS) {
		error_setg(errp, "%s: ports=%u: at most %d", nn_name(s), cfg.ports,
			   NAPKIN_NIC_PORTS);
		return false;
	}
	for (unsigned int i = 0; i < NAPKIN_NIC_PORTS; i++)
		memcpy(cfg.mac[i], s->conf[i].macaddr.a, 6);
	s->dev = nqdev_create(&cfg, &host_ops, (struct nqdev_host *)s, err, sizeof(err));
	if (!s->dev) {
		error_setg(errp, "%s: %s", nn_name(s), err);
		return false;
	}
	return true;
}

static void nn_build_config(NapkinNicState *s, const struct nqdev_layout *l, Error **errp)
{
	PCIDevice *pd = PCI_DEVICE(s);
	uint8_t *c = pd->config;

	pci_config_set_vendor_id(c, l->vendor);
	pci_config_set_device_id(c, l->device);
	pci_config_set_revision(c, l->revision);
	pci_config_set_class(c, l->class_code >> 8);
	pci_set_byte(c + PCI_CLASS_PROG, l->class_code & 0xFF);
	pci_set_word(c + PCI_SUBSYSTEM_VENDOR_ID, l->subvendor);
	pci_set_word(c + PCI_SUBSYSTEM_ID, l->subdevice);
	pci_set_byte(c + PCI_INTERRUPT_PIN, l->intx_pin);

	for (unsigned int i = 0; i < 6; i++) {
		NapkinNicBar *b = &s->bar[i];
		char name[32];

		if (!l->bar_size[i])
			continue;
		b->s = s;
		b->idx = i;
		snprintf(name, sizeof(name), "%s-bar%u", nn_name(s), i);
		memory_region_init_io(&b->mr, OBJECT(s), &nn_mmio_ops, b, name, l->bar_size[i]);
		pci_register_bar(
		    pd, i, PCI_BASE_ADDRESS_SPACE_MEMORY | PCI_BASE_ADDRESS_MEM_TYPE_64, &b->mr);
	}
	if (l->pm_offset && pci_pm_init(pd, l->pm_offset, errp) < 0)
		return;
	for (unsigned int i = 0; i < l->ncaps; i++)
		if (pci_add_capability(pd, l->caps[i].id, l->caps[i].offset, l->caps[i].len, errp) <
		    0)
			return;
	if (l->msi_offset && msi_init(pd, l->msi_offset, 1u << l->msi_log2_vectors, true,
				      l->msi_per_vector_mask, errp) < 0)
		return;
	/* Conventional buses (i440fx) see no PCIe capability, as on a PCI card. */
	if (l->pcie_offset && pci_bus_is_express(pci_get_bus(pd)) &&
	    pcie_endpoint_cap_init(pd, l->pcie_offset) < 0) {
		error_setg(errp, "%s: no room for the PCIe capability", nn_name(s));
		return;
	}
	for (unsigned int i = 0; i < l->nwmask; i++)
		memset(pd->wmask + l->wmask[i].off, l->wmask[i].mask, l->wmask[i].len);
}

static void nn_realize(PCIDevice *pd, Error **errp)
{
	NapkinNicState *s = NAPKIN_NIC(pd);
	NapkinNicClass *nc = NAPKIN_NIC_GET_CLASS(s);
	const struct nqdev_layout *l;

	s->model = nc->model;
	if (s->trace_path) {
		s->trace = fopen(s->trace_path, "w");
		if (!s->trace) {
			error_setg_errno(errp, errno, "%s: trace=%s", nn_name(s), s->trace_path);
			return;
		}
	}
	for (unsigned int i = 0; i < NAPKIN_NIC_PORTS; i++)
		qemu_macaddr_default_if_unset(&s->conf[i].macaddr);
	pd->config_read = nn_config_read;
	pd->config_write = nn_config_write;
	s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, nn_timer, s);
	if (!nn_model_create(s, errp))
		return;
	l = nqdev_layout(s->dev);
	nn_build_config(s, l, errp);
	if (*errp)
		return;
	for (unsigned int i = 0; i < l->ports; i++) {
		NapkinNicPort *p = &s->port[i];

		p->s = s;
		p->idx = i;
		p->nic = qemu_new_nic(&nn_net_info, &s->conf[i], nn_name(s), DEVICE(s)->id,
				      &DEVICE(s)->mem_reentrancy_guard, p);
		qemu_format_nic_info_str(qemu_get_queue(p->nic), s->conf[i].macaddr.a);
		/* The PHY sees its cable now that it has one. */
		nqdev_link_changed(s->dev, i);
	}
	nn_kick(s);
}

static void nn_exit(PCIDevice *pd)
{
	NapkinNicState *s = NAPKIN_NIC(pd);

	for (unsigned int i = 0; i < NAPKIN_NIC_PORTS; i++)
		if (s->port[i].nic)
			qemu_del_nic(s->port[i].nic);
	if (s->dev)
		nqdev_destroy(s->dev);
	s->dev = NULL;
	if (s->timer)
		timer_free(s->timer);
	s->timer = NULL;
	if (s->trace)
		fclose(s->trace);
	s->trace = NULL;
	msi_uninit(pd);
}

/* A machine reset is a power cycle for the chip: a fresh model, same wiring. */
static void nn_reset_hold(Object *obj, ResetType type)
{
	NapkinNicState *s = NAPKIN_NIC(obj);
	Error *err = NULL;

	if (!s->dev)
		return;
	timer_del(s->timer);
	nqdev_destroy(s->dev);
	s->dev = NULL;
	if (!nn_model_create(s, &err)) {
		error_report_err(err);
		return;
	}
	for (unsigned int i = 0; i < NAPKIN_NIC_PORTS; i++)
		if (s->port[i].nic)
			nqdev_link_changed(s->dev, i);
	if (s->trace)
		fprintf(s->trace, "%" PRIu64 " reset\n", host_now(NULL));
	nn_kick(s);
}

static void nn_get_violations(Object *obj, Visitor *v, const char *name, void *opaque, Error **errp)
{
	uint64_t n = NAPKIN_NIC(obj)->violations;

	visit_type_uint64(v, name, &n, errp);
}

/* "NAME[@PORT]=N": a fault the model knows, injected now. */
static void nn_set_fault(Object *obj, Visitor *v, const char *name, void *opaque, Error **errp)
{
	NapkinNicState *s = NAPKIN_NIC(obj);
	g_autofree char *spec = NULL;
	char fault[32];
	unsigned int port = 0, arg = 1;
	char *eq, *at;

	if (!visit_type_str(v, name, &spec, errp))
		return;
	eq = strchr(spec, '=');
	if (eq) {
		*eq = '\0';
		arg = (unsigned int)strtoul(eq + 1, NULL, 0);
	}
	at = strchr(spec, '@');
	if (at) {
		*at = '\0';
		port = (unsigned int)strtoul(at + 1, NULL, 0);
	}
	snprintf(fault, sizeof(fault), "%s", spec);
	if (!s->dev || !nqdev_fault(s->dev, fault, port, arg)) {
		error_setg(errp, "%s: no fault '%s' on port %u", nn_name(s), fault, port);
		return;
	}
	if (s->trace)
		fprintf(s->trace, "%" PRIu64 " fault %s@%u=%u\n", host_now(NULL), fault, port, arg);
	nn_kick(s);
}

static const Property nn_properties[] = {
	DEFINE_NIC_PROPERTIES(NapkinNicState, conf[0]),
	DEFINE_PROP_MACADDR("mac1", NapkinNicState, conf[1].macaddr),
	DEFINE_PROP_NETDEV("netdev1", NapkinNicState, conf[1].peers),
	DEFINE_PROP_STRING("chip", NapkinNicState, chip),
	DEFINE_PROP_UINT32("ports", NapkinNicState, ports, 1),
	DEFINE_PROP_INT32("rev", NapkinNicState, rev, -1),
	DEFINE_PROP_BOOL("msi", NapkinNicState, msi, true),
	DEFINE_PROP_BOOL("strict", NapkinNicState, strict, false),
	DEFINE_PROP_STRING("trace", NapkinNicState, trace_path),
};

static void nn_class_init(ObjectClass *klass, void *data)
{
	DeviceClass *dc = DEVICE_CLASS(klass);
	PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);
	ResettableClass *rc = RESETTABLE_CLASS(klass);
	NapkinNicClass *nc = NAPKIN_NIC_CLASS(klass);

	nc->model = data;
	k->realize = nn_realize;
	k->exit = nn_exit;
	/* Placeholders: the model writes its own IDs at realize. */
	k->vendor_id = 0;
	k->device_id = 0;
	k->class_id = PCI_CLASS_NETWORK_ETHERNET;
	rc->phases.hold = nn_reset_hold;
	set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
	dc->desc = "napkin's device model of a NIC QEMU lacks (a test tool)";
	device_class_set_props(dc, nn_properties);
	object_class_property_add(klass, "violations", "uint64", nn_get_violations, NULL, NULL,
				  NULL);
	object_class_property_add(klass, "fault", "str", NULL, nn_set_fault, NULL, NULL);
}

/*
 * A hybrid device: PCIe on a PCIe bus (q35), plain PCI elsewhere (i440fx).
 * QEMU leaves the express flag of such devices to them, before realize
 * sizes config space.
 */
static void nn_instance_init(Object *obj)
{
	PCI_DEVICE(obj)->cap_present |= QEMU_PCI_CAP_EXPRESS;
}

static const TypeInfo nn_base_info = {
	.name = TYPE_NAPKIN_NIC,
	.parent = TYPE_PCI_DEVICE,
	.instance_size = sizeof(NapkinNicState),
	.instance_init = nn_instance_init,
	.class_size = sizeof(NapkinNicClass),
	.abstract = true,
	.interfaces =
	    (InterfaceInfo[]){
		{ INTERFACE_PCIE_DEVICE },
		{ INTERFACE_CONVENTIONAL_PCI_DEVICE },
		{},
	    },
};

static const struct {
	const char *type, *model;
} nn_families[] = {
	{ "napkin-sky2", "sky2" },
	{ "napkin-skge", "skge" },
	{ "napkin-tg3", "tg3" },
};

static void nn_register_types(void)
{
	type_register_static(&nn_base_info);
	for (size_t i = 0; i < ARRAY_SIZE(nn_families); i++) {
		TypeInfo ti = {
			.name = nn_families[i].type,
			.parent = TYPE_NAPKIN_NIC,
			.class_init = nn_class_init,
			.class_data = (void *)nn_families[i].model,
		};

		type_register_static(&ti);
	}
}

type_init(nn_register_types)

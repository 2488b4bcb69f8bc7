// SPDX-License-Identifier: BSD-2-Clause
/* See sky2_test_util.h. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "net/core/napi.h"
#include "drivers/sky2/sky2.h"
#include "kernel/mm/dma.h"
#include "kernel/pci/pci.h"
#include "net/core/gro.h"
#include "net/core/netdev_stack.h"
#include "tests/hosted/fake_stack.h"
#include "tests/hosted/frames.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_teardown.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/sky2_test_util.h"
#include "tests/unit/fakes/stub_printk.h"

#define TX_BUFS 512

const u8 st_mac[2][6] = { { 0x00, 0x00, 0x5A, 0x11, 0x22, 0x01 },
			  { 0x00, 0x00, 0x5A, 0x11, 0x22, 0x02 } };
const u8 st_peer[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x77 };

struct st_rx_frame *st_rxq;
unsigned int st_rx_count;
unsigned int st_rx_port[2];
bool st_hold;

unsigned int st_held(void)
{
	return fake_rx_held();
}

void st_release_held(void)
{
	fake_rx_release_held();
}

static struct sky2_model *model, *model_b;
static struct hosted_wire *wires[2];
static struct sky2_model_config config, config_b;

static int stack_rx(struct net_device *dev, struct netbuf *nb)
{
	unsigned int port = dev == st_dev(1) ? 1 : 0;

	st_rx_port[port]++;
	if (st_rx_count < ST_RXQ) {
		struct st_rx_frame *f = &st_rxq[st_rx_count++];

		f->port = port;
		f->len = netbuf_copy_out(nb, 0, f->data, ST_MAX_FRAME);
		f->csum = nb->csum;
	}
	if (!st_hold || !fake_rx_hold(nb))
		netbuf_free(nb);
	return NET_RX_SUCCESS;
}

static const struct netdev_stack_ops test_stack = {
	.rx = stack_rx,
};

unsigned int st_tx_outstanding(void)
{
	return fake_tx_outstanding();
}

netdev_tx_t st_send(struct net_device *dev, const u8 *frame, u32 len, unsigned int nsegs)
{
	return fake_tx_send(dev, frame, len, nsegs, NETBUF_CSUM_NONE, 0);
}

netdev_tx_t st_send_csum(struct net_device *dev, const u8 *frame, u32 len, unsigned int nsegs,
			 u8 csum)
{
	return fake_tx_send(dev, frame, len, nsegs, csum, 0);
}

struct sky2_model_config st_config(enum sky2_model_chip chip, unsigned int ports)
{
	struct sky2_model_config cfg = { .bus = 0, .dev = 3, .fn = 0, .chip = chip };

	cfg.ports = ports;
	memcpy(cfg.mac[0], st_mac[0], 6);
	memcpy(cfg.mac[1], st_mac[1], 6);
	return cfg;
}

struct sky2_model *st_create(const struct sky2_model_config *cfg)
{
	hosted_init();
	stub_printk_reset();
	st_rxq = calloc(ST_RXQ, sizeof(*st_rxq));
	ck_assert_ptr_nonnull(st_rxq);
	st_rx_count = 0;
	st_rx_port[0] = st_rx_port[1] = 0;
	st_hold = false;
	fake_rx_hold_reset();
	/* Driver tests compare each frame with what the wire sent: no receive aggregation. */
	gro_set_enabled(false);
	netdev_set_stack(&test_stack);
	fake_tx_pool_init(TX_BUFS);
	config = *cfg;
	model_b = NULL;
	model = sky2_model_create(cfg);
	ck_assert_ptr_nonnull(model);
	wires[0] = wires[1] = NULL;
	for (unsigned int i = 0; i < 2; i++) {
		struct hosted_port *port = sky2_model_port(model, i);

		if (port)
			wires[i] = hosted_wire_script(port);
	}
	return model;
}

static bool napi_scheduled(void *ctx)
{
	struct sky2_hw *hw = ctx;

	return hw && napi_is_scheduled(&hw->napi);
}

static struct sky2_hw *hw_at(const struct sky2_model_config *cfg)
{
	struct pci_dev *pdev = pci_find_bdf(0, cfg->bus, PCI_DEVFN(cfg->dev, cfg->fn));

	return pdev ? pci_get_drvdata(pdev) : NULL;
}

struct sky2_hw *st_hw(void)
{
	return hw_at(&config);
}

struct sky2_hw *st_hw_b(void)
{
	return model_b ? hw_at(&config_b) : NULL;
}

void st_probe(void)
{
	pci_register_driver(&sky2_pci_driver);
	pci_init();
	/* Installed in every test; a refused chip has no NAPI and reports never scheduled. */
	sky2_model_set_napi_probe(model, napi_scheduled, st_hw());
	if (model_b)
		sky2_model_set_napi_probe(model_b, napi_scheduled, st_hw_b());
	hosted_run_idle();
}

void st_setup_pair(const struct sky2_model_config *a, const struct sky2_model_config *b)
{
	st_create(a);
	hosted_wire_unplug(sky2_model_port(model, 0));
	config_b = *b;
	model_b = sky2_model_create(b);
	ck_assert_ptr_nonnull(model_b);
	ck_assert_ptr_nonnull(
	    hosted_wire_cable(sky2_model_port(model, 0), sky2_model_port(model_b, 0)));
	wires[0] = NULL;
	st_probe();
}

struct sky2_model *st_model_b(void)
{
	return model_b;
}

struct sky2_model *st_setup(const struct sky2_model_config *cfg)
{
	st_create(cfg);
	st_probe();
	return model;
}

struct sky2_model *st_model(void)
{
	return model;
}

struct hosted_wire *st_wire(unsigned int port)
{
	return port < 2 ? wires[port] : NULL;
}

struct net_device *st_dev(unsigned int port)
{
	struct sky2_hw *hw = st_hw();

	if (!hw || port >= hw->nports)
		return NULL;
	return &hw->port[port].netdev;
}

static bool link_up(void *ctx)
{
	return netif_carrier_ok(ctx);
}

bool st_open_and_link(struct net_device *dev)
{
	if (!dev || dev_open(dev))
		return false;
	return hosted_run_until(link_up, dev, 5 * NSEC_PER_SEC);
}

void st_inject(unsigned int port, unsigned int n, u32 seed, u32 len)
{
	u8 f[ST_MAX_FRAME];

	for (unsigned int i = 0; i < n; i++) {
		fr_build(f, len, st_mac[port], st_peer, FR_PROTO_UDP, seed + i, true);
		hosted_wire_inject(wires[port], f, len);
	}
}

u64 st_ethtool(struct net_device *dev, const char *name)
{
	struct ethtool_stat st[96];
	int n = netdev_get_ethtool_stats(dev, st, 96);

	for (int i = 0; i < n; i++)
		if (!strcmp(st[i].name, name))
			return st[i].value;
	return ~0ull;
}

void st_teardown(void)
{
	/* No poll of any test reported more than its budget (the core clamps and counts it). */
	ck_assert_uint_eq(softnet.over_budget, 0);
	/* The handler masks until the poll completes: no interrupt finds NAPI scheduled. */
	ck_assert_msg(!softnet.irq_while_scheduled,
		      "%llu interrupts arrived while NAPI was scheduled (unmasked before complete)",
		      (unsigned long long)softnet.irq_while_scheduled);
	st_release_held();
	pci_unregister_driver(&sky2_pci_driver);
	hosted_run_idle();
	/* Removed or refused, a controller is left with decode and bus mastering off. */
	ck_assert(hosted_pci_released(sky2_model_pci(model)));
	ck_assert(!model_b || hosted_pci_released(sky2_model_pci(model_b)));
	ck_assert_uint_eq(st_tx_outstanding(), 0);
	fake_tx_pool_free();
	hosted_assert_no_dma_live();
	hosted_assert_no_failures();
	hosted_fini();
	sky2_model_destroy(model);
	model = NULL;
	if (model_b)
		sky2_model_destroy(model_b);
	model_b = NULL;
	free(st_rxq);
	st_rxq = NULL;
}

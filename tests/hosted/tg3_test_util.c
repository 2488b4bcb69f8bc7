// SPDX-License-Identifier: BSD-2-Clause
/* See tg3_test_util.h. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "net/core/napi.h"
#include "drivers/tg3/tg3.h"
#include "kernel/mm/dma.h"
#include "kernel/x86/irq.h"
#include "kernel/pci/pci_regs.h"
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
#include "tests/hosted/tg3_test_util.h"
#include "tests/unit/fakes/stub_printk.h"

#define TX_BUFS 1024

const u8 tt_mac0[6] = { 0x00, 0x10, 0x18, 0x5A, 0x19, 0x01 };
const u8 tt_peer[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };

struct tt_rx_frame *tt_rxq;
unsigned int tt_rx_count;
bool tt_hold;

static struct tg3_model *models[TT_MAX_MODELS];
static unsigned int nr_models;
static struct hosted_wire *the_wire;

static int stack_rx(struct net_device *dev, struct netbuf *nb)
{
	if (tt_rx_count < TT_RXQ) {
		struct tt_rx_frame *f = &tt_rxq[tt_rx_count++];

		f->len = netbuf_copy_out(nb, 0, f->data, TT_MAX_FRAME);
		f->csum = nb->csum;
	}
	if (!tt_hold || !fake_rx_hold(nb))
		netbuf_free(nb);
	return NET_RX_SUCCESS;
}

static const struct netdev_stack_ops test_stack = {
	.rx = stack_rx,
};

unsigned int tt_held(void)
{
	return fake_rx_held();
}

void tt_release_held(void)
{
	fake_rx_release_held();
}

unsigned int tt_tx_outstanding(void)
{
	return fake_tx_outstanding();
}

netdev_tx_t tt_send(struct net_device *dev, const u8 *frame, u32 len, unsigned int nsegs, u8 csum,
		    u8 flags)
{
	return fake_tx_send(dev, frame, len, nsegs, csum, flags);
}

static void setup_common(void)
{
	hosted_init();
	stub_printk_reset();
	tt_rxq = calloc(TT_RXQ, sizeof(*tt_rxq));
	ck_assert_ptr_nonnull(tt_rxq);
	tt_rx_count = 0;
	tt_hold = false;
	fake_rx_hold_reset();
	nr_models = 0;
	the_wire = NULL;
	/* Driver tests compare each frame with what the wire sent: no receive aggregation. */
	gro_set_enabled(false);
	netdev_set_stack(&test_stack);
	fake_tx_pool_init(TX_BUFS);
}

static void probe_all(void)
{
	pci_register_driver(&tg3_pci_driver);
	pci_init();
	hosted_run_idle();
}

struct tg3_model *tt_setup(const struct tg3_model_config *cfg)
{
	setup_common();
	models[0] = tg3_model_create(cfg);
	ck_assert_ptr_nonnull(models[0]);
	nr_models = 1;
	the_wire = hosted_wire_script(tg3_model_port(models[0]));
	probe_all();
	return models[0];
}

struct tg3_model *tt_setup_unbound(const struct tg3_model_config *cfg)
{
	setup_common();
	models[0] = tg3_model_create(cfg);
	ck_assert_ptr_nonnull(models[0]);
	nr_models = 1;
	the_wire = hosted_wire_script(tg3_model_port(models[0]));
	pci_init();
	hosted_run_idle();
	return models[0];
}

static int count_napi(struct napi_struct *napi, void *ctx)
{
	(*(unsigned int *)ctx)++;
	return 0;
}

void tt_footprint(struct tt_footprint *fp)
{
	struct irq_stat st;
	int v = -1;

	memset(fp, 0, sizeof(*fp));
	fp->dma_live = hosted_dma_live_count();
	while ((v = irq_stat_next(v, &st)) >= 0)
		fp->irq_handlers += st.nr_handlers;
	napi_for_each(count_napi, &fp->napi_instances);
	for (unsigned int i = 0; i < 8; i++) {
		char name[8] = "eth0";

		name[3] = (char)('0' + i);
		fp->netdevs += netdev_get_by_name(name) != NULL;
	}
	fp->pci_command = (u16)hosted_pci_cfg_get(tg3_model_pci(models[0]), PCI_COMMAND, 2);
}

void tt_setup_pair(const struct tg3_model_config *a, const struct tg3_model_config *b,
		   struct tg3_model **ma, struct tg3_model **mb)
{
	setup_common();
	models[0] = tg3_model_create(a);
	models[1] = tg3_model_create(b);
	ck_assert(models[0] && models[1]);
	nr_models = 2;
	hosted_wire_cable(tg3_model_port(models[0]), tg3_model_port(models[1]));
	probe_all();
	*ma = models[0];
	*mb = models[1];
}

struct tg3_model *tt_setup_default(void)
{
	struct tg3_model_config cfg = { .dev = 2 };

	memcpy(cfg.mac, tt_mac0, 6);
	return tt_setup(&cfg);
}

struct tg3_model *tt_model(void)
{
	return models[0];
}

struct hosted_wire *tt_wire(void)
{
	return the_wire;
}

struct net_device *tt_dev(void)
{
	return netdev_get_by_name("eth0");
}

static bool link_up(void *ctx)
{
	return netif_carrier_ok(ctx);
}

bool tt_open_and_link(struct net_device *dev)
{
	if (!dev || dev_open(dev))
		return false;
	return hosted_run_until(link_up, dev, 5 * NSEC_PER_SEC);
}

void tt_teardown(void)
{
	/* No poll of any test reported more than its budget (the core clamps and counts it). */
	ck_assert_uint_eq(softnet.over_budget, 0);
	/* The handler masks until the poll completes: no interrupt finds NAPI scheduled. */
	ck_assert_msg(!softnet.irq_while_scheduled,
		      "%llu interrupts arrived while NAPI was scheduled (unmasked before complete)",
		      (unsigned long long)softnet.irq_while_scheduled);
	tt_release_held();
	pci_unregister_driver(&tg3_pci_driver);
	hosted_run_idle();
	ck_assert_uint_eq(tt_tx_outstanding(), 0);
	fake_tx_pool_free();
	hosted_assert_no_dma_live();
	hosted_assert_no_failures();
	hosted_fini();
	for (unsigned int i = 0; i < nr_models; i++)
		tg3_model_destroy(models[i]);
	nr_models = 0;
	free(tt_rxq);
	tt_rxq = NULL;
}

u64 tt_ethtool(struct net_device *dev, const char *name)
{
	struct ethtool_stat st[64];
	int n = netdev_get_ethtool_stats(dev, st, 64);

	for (int i = 0; i < n; i++)
		if (!strcmp(st[i].name, name))
			return st[i].value;
	return ~0ull;
}

void tt_frame(u8 *f, u32 len, const u8 *dst, u32 seed, u8 proto)
{
	fr_build(f, len, dst ? dst : tt_mac0, tt_peer, proto, seed, true);
}

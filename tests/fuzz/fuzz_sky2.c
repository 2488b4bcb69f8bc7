// SPDX-License-Identifier: BSD-2-Clause
/*
 * The sky2 driver's receive path against a hostile Yukon-2 model: frames from
 * the wire, and status list entries the fuzzer changes (receive reports as
 * descriptors, the rest as status; tests/fuzz/fuzz_nic.h has the input
 * format). Variant: which Yukon-2 chip, old and new list-element formats.
 */
#include <stdlib.h>
#include "drivers/sky2/sky2.h"
#include "kernel/pci/pci.h"
#include "net/core/netdev_stack.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_nic.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/models/sky2_model.h"

static struct sky2_model *model;

static const enum sky2_model_chip chips[] = {
	SKY2_MODEL_EC_ULTRA, SKY2_MODEL_XL, SKY2_MODEL_EC, SKY2_MODEL_FE_PLUS, SKY2_MODEL_OPTIMA,
};

static bool link_up(void *ctx)
{
	return netif_carrier_ok(ctx);
}

static struct hosted_wire *setup(u8 variant)
{
	struct sky2_model_config cfg = {
		.dev = 3,
		.chip = chips[variant % ARRAY_SIZE(chips)],
		.mac = { { 0x00, 0x00, 0x5a, 0x11, 0x22, 0x01 } },
	};
	struct hosted_wire *wire;
	struct net_device *dev;

	hosted_init();
	hosted_set_until_step(UINT64_MAX); /* link_up() only changes in driver code */
	fuzz_nic_stack_install();
	model = sky2_model_create(&cfg);
	wire = hosted_wire_script(sky2_model_port(model, 0));
	pci_register_driver(&sky2_pci_driver);
	pci_init();
	hosted_run_idle();
	dev = netdev_get_by_name("eth0");
	if (!dev || dev_open(dev) || !hosted_run_until(link_up, dev, 5 * NSEC_PER_SEC))
		abort();
	return wire;
}

static void set_tamper(const struct hosted_tamper *t)
{
	sky2_model_set_tamper(model, t);
}

static void unbind(void)
{
	pci_unregister_driver(&sky2_pci_driver);
	hosted_run_idle();
}

static void destroy_model(void)
{
	sky2_model_destroy(model);
	model = NULL;
}

static const struct fuzz_nic_ops ops = {
	.setup = setup,
	.set_tamper = set_tamper,
	.unbind = unbind,
	.destroy_model = destroy_model,
};

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	return fuzz_nic_run(&ops, data, size);
}

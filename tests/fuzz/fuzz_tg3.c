// SPDX-License-Identifier: BSD-2-Clause
/*
 * The tg3 driver's receive path against a hostile BCM5719 model: frames from
 * the wire and return ring BDs and status blocks the fuzzer changes
 * (tests/fuzz/fuzz_nic.h has the input format). Variant: BCM5719 or BCM5784.
 */
#include <stdlib.h>
#include <string.h>
#include "drivers/tg3/tg3.h"
#include "kernel/pci/pci.h"
#include "net/core/netdev_stack.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_nic.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/hosted/models/tg3_model.h"

static struct tg3_model *model;

static bool link_up(void *ctx)
{
	return netif_carrier_ok(ctx);
}

static struct hosted_wire *setup(u8 variant)
{
	struct tg3_model_config cfg = {
		.dev = 2,
		.chip = variant & 1 ? TG3_MODEL_BCM5784 : TG3_MODEL_BCM5719,
		.mac = { 0x00, 0x10, 0x18, 0x5a, 0x19, 0x01 },
	};
	struct hosted_wire *wire;
	struct net_device *dev;

	hosted_init();
	hosted_set_until_step(UINT64_MAX); /* link_up() only changes in driver code */
	fuzz_nic_stack_install();
	model = tg3_model_create(&cfg);
	wire = hosted_wire_script(tg3_model_port(model));
	pci_register_driver(&tg3_pci_driver);
	pci_init();
	hosted_run_idle();
	dev = netdev_get_by_name("eth0");
	if (!dev || dev_open(dev) || !hosted_run_until(link_up, dev, 5 * NSEC_PER_SEC))
		abort();
	return wire;
}

static void set_tamper(const struct hosted_tamper *t)
{
	tg3_model_set_tamper(model, t);
}

static void unbind(void)
{
	pci_unregister_driver(&tg3_pci_driver);
	hosted_run_idle();
}

static void destroy_model(void)
{
	tg3_model_destroy(model);
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

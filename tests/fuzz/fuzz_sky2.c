// SPDX-License-Identifier: BSD-2-Clause
/*
 * The sky2 driver's receive path against a hostile Yukon-2 model: frames from
 * the wire, and status list entries the fuzzer changes (receive reports as
 * descriptors, the rest as status; tests/fuzz/fuzz_nic.h has the input
 * format). Variant: which Yukon-2 chip, old and new list-element formats.
 */
#include "drivers/sky2/sky2.h"
#include "kernel/pci/pci.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_nic.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/models/sky2_model.h"

static struct sky2_model *model;

static const enum sky2_model_chip chips[] = {
	SKY2_MODEL_EC_ULTRA, SKY2_MODEL_XL, SKY2_MODEL_EC, SKY2_MODEL_FE_PLUS, SKY2_MODEL_OPTIMA,
};

static struct hosted_port *create_model(u8 variant)
{
	struct sky2_model_config cfg = {
		.dev = 3,
		.chip = chips[variant % ARRAY_SIZE(chips)],
		.mac = { { 0x00, 0x00, 0x5a, 0x11, 0x22, 0x01 } },
	};

	model = sky2_model_create(&cfg);
	return sky2_model_port(model, 0);
}

static void set_tamper(const struct hosted_tamper *t)
{
	sky2_model_set_tamper(model, t);
}

static void destroy_model(void)
{
	sky2_model_destroy(model);
	model = NULL;
}

static const struct fuzz_nic_ops ops = {
	.driver = &sky2_pci_driver,
	.create_model = create_model,
	.set_tamper = set_tamper,
	.destroy_model = destroy_model,
};

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	return fuzz_nic_run(&ops, data, size);
}

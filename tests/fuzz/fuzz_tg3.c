// SPDX-License-Identifier: BSD-2-Clause
/*
 * The tg3 driver's receive path against a hostile BCM5719 model: frames from
 * the wire and return ring BDs and status blocks the fuzzer changes
 * (tests/fuzz/fuzz_nic.h has the input format). Variant: BCM5719 or BCM5784.
 */
#include <string.h>
#include "drivers/tg3/tg3.h"
#include "kernel/pci/pci.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_nic.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/models/tg3_model.h"

static struct tg3_model *model;

static struct hosted_port *create_model(u8 variant)
{
	struct tg3_model_config cfg = {
		.dev = 2,
		.chip = variant & 1 ? TG3_MODEL_BCM5784 : TG3_MODEL_BCM5719,
		.mac = { 0x00, 0x10, 0x18, 0x5a, 0x19, 0x01 },
	};

	model = tg3_model_create(&cfg);
	return tg3_model_port(model);
}

static void set_tamper(const struct hosted_tamper *t)
{
	tg3_model_set_tamper(model, t);
}

static void destroy_model(void)
{
	tg3_model_destroy(model);
	model = NULL;
}

static const struct fuzz_nic_ops ops = {
	.driver = &tg3_pci_driver,
	.create_model = create_model,
	.set_tamper = set_tamper,
	.destroy_model = destroy_model,
};

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	return fuzz_nic_run(&ops, data, size);
}

// SPDX-License-Identifier: BSD-2-Clause
/*
 * The skge driver's receive path against a hostile Genesis/Yukon model:
 * frames from the wire, receive descriptor write-backs and transmit
 * completions the fuzzer changes (tests/fuzz/fuzz_nic.h has the input
 * format). Variant: Genesis (XMAC) or Yukon (GMAC).
 */
#include "drivers/skge/skge.h"
#include "kernel/pci/pci.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_nic.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/models/skge_model.h"

static struct skge_model *model;

static struct hosted_port *create_model(u8 variant)
{
	struct skge_model_config cfg = {
		.dev = 5,
		.chip = variant & 1 ? SKGE_MODEL_YUKON : SKGE_MODEL_GENESIS,
		.mac = { { 0x00, 0x00, 0x5a, 0x11, 0x22, 0x33 } },
		/*
		 * The driver's 50 us interrupt moderation keeps the model ticking
		 * 20,000 times a simulated second: 2 s of negotiation would be
		 * most of every input. Link comes with the next service tick.
		 */
		.autoneg_ns = NSEC_PER_MSEC,
	};

	model = skge_model_create(&cfg);
	return skge_model_port(model, 0);
}

static void set_tamper(const struct hosted_tamper *t)
{
	skge_model_set_tamper(model, t);
}

static void destroy_model(void)
{
	skge_model_destroy(model);
	model = NULL;
}

static const struct fuzz_nic_ops ops = {
	.driver = &skge_pci_driver,
	.create_model = create_model,
	.set_tamper = set_tamper,
	.destroy_model = destroy_model,
};

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	return fuzz_nic_run(&ops, data, size);
}

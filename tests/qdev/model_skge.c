// SPDX-License-Identifier: BSD-2-Clause
/* The Genesis/Yukon model (tests/hosted/models/skge_model*.c) as QEMU's napkin-skge. */
#include <stdio.h>
#include <string.h>

#include "tests/hosted/models/skge_model.h"
#include "tests/qdev/model_host.h"

/* Genesis copper boards differ by their BCM5400's revision (skge_model_phy.c). */
static const struct {
	const char *name;
	enum skge_model_chip chip;
	u16 bcom_id1;
} chips[] = {
	{ "yukon", SKGE_MODEL_YUKON, 0 },
	{ "genesis", SKGE_MODEL_GENESIS, 0 },
	{ "genesis-a1", SKGE_MODEL_GENESIS, 0x6041 },
	{ "genesis-b2", SKGE_MODEL_GENESIS, 0x6043 },
	{ "genesis-c5", SKGE_MODEL_GENESIS, 0x6047 },
	{ "yukon-lite", SKGE_MODEL_YUKON_LITE, 0 },
};

static void *skge_create(const struct nqdev_config *cfg, char *err, size_t errlen)
{
	/*
	 * The chip has no MSI: msi= is ignored. The interrupt line is QEMU's
	 * (the slot's swizzled INTx), so the model's irq_line stays default.
	 */
	struct skge_model_config mc = { .dev = cfg->devfn >> 3,
					.fn = cfg->devfn & 7,
					.chip = SKGE_MODEL_YUKON,
					.ports = cfg->ports };
	bool found = !cfg->chip || !cfg->chip[0];
	struct skge_model *m;

	for (size_t i = 0; i < ARRAY_SIZE(chips) && !found; i++) {
		if (!strcmp(chips[i].name, cfg->chip)) {
			mc.chip = chips[i].chip;
			mc.bcom_id1 = chips[i].bcom_id1;
			found = true;
		}
	}
	if (!found) {
		snprintf(
		    err, errlen,
		    "chip '%s' is not one of yukon, genesis (a BCM5400 C0), genesis-a1, genesis-b2, "
		    "genesis-c5, yukon-lite",
		    cfg->chip);
		return NULL;
	}
	if (cfg->ports > 2) {
		snprintf(err, errlen, "the chip has at most two ports");
		return NULL;
	}
	if (cfg->rev >= 0)
		mc.chip_rev = (u8)cfg->rev;
	/*
	 * A Genesis board with 1 MiB of SRAM (four 64K x 36 parts): the one
	 * board Linux's skge sizes right (skge_reset); see skge_model.h.
	 */
	mc.genesis_ram = SKGE_GENESIS_RAM_1024K_64;
	memcpy(mc.mac, cfg->mac, sizeof(mc.mac));
	m = skge_model_create(&mc);
	if (!m)
		snprintf(err, errlen, "the skge model refused the configuration");
	return m;
}

static void skge_destroy(void *model)
{
	skge_model_destroy(model);
}

static struct hosted_port *skge_port(void *model, unsigned int i)
{
	return skge_model_port(model, i);
}

static bool skge_fault(void *model, const char *name, unsigned int port, u32 arg)
{
	struct skge_model *m = model;

	if (port > 1)
		return false;
	if (!strcmp(name, "irq-lost"))
		skge_model_fault_irq_lost(m, arg);
	else if (!strcmp(name, "rx-errors"))
		skge_model_fault_rx_errors(m, port, arg);
	else if (!strcmp(name, "rx-stall"))
		skge_model_fault_rx_stall(m, port);
	else if (!strcmp(name, "tx-start-lost"))
		skge_model_fault_tx_start_lost(m, port, arg);
	else if (!strcmp(name, "link-flap"))
		skge_model_fault_link_flap(m, port, arg);
	else if (!strcmp(name, "hw-error"))
		skge_model_fault_hw_error(m, arg, false);
	else if (!strcmp(name, "hw-error-stuck"))
		skge_model_fault_hw_error(m, arg, true);
	else
		return false;
	return true;
}

const struct nqdev_model nqdev_model_skge = {
	.name = "skge",
	.create = skge_create,
	.destroy = skge_destroy,
	.port = skge_port,
	.fault = skge_fault,
};

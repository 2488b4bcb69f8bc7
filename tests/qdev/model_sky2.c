// SPDX-License-Identifier: BSD-2-Clause
/* The Yukon-2 model (tests/hosted/models/sky2_model*.c) as QEMU's napkin-sky2. */
#include <stdio.h>
#include <string.h>

#include "tests/hosted/models/sky2_model.h"
#include "tests/qdev/model_host.h"

static const struct {
	const char *name;
	enum sky2_model_chip chip;
} chips[] = {
	{ "xl", SKY2_MODEL_XL },	 { "ec-ultra", SKY2_MODEL_EC_ULTRA },
	{ "ec", SKY2_MODEL_EC },	 { "fe-plus", SKY2_MODEL_FE_PLUS },
	{ "optima", SKY2_MODEL_OPTIMA },
};

static void *sky2_create(const struct nqdev_config *cfg, char *err, size_t errlen)
{
	struct sky2_model_config mc = { .dev = cfg->devfn >> 3,
					.fn = cfg->devfn & 7,
					.chip = SKY2_MODEL_XL,
					.ports = cfg->ports,
					.no_msi = cfg->no_msi };
	bool found = !cfg->chip || !cfg->chip[0];
	struct sky2_model *m;

	for (size_t i = 0; i < ARRAY_SIZE(chips) && !found; i++) {
		if (!strcmp(chips[i].name, cfg->chip)) {
			mc.chip = chips[i].chip;
			found = true;
		}
	}
	if (!found) {
		snprintf(err, errlen, "chip '%s' is not one of xl, ec-ultra, ec, fe-plus, optima",
			 cfg->chip);
		return NULL;
	}
	if (cfg->ports > 1 && mc.chip != SKY2_MODEL_XL) {
		snprintf(err, errlen, "only the xl has two ports");
		return NULL;
	}
	/* Linux refuses the EC's first revision (A1) as unsupported: default to A3. */
	if (cfg->rev >= 0)
		mc.chip_rev = (u8)cfg->rev;
	else if (mc.chip == SKY2_MODEL_EC)
		mc.chip_rev = 2;
	memcpy(mc.mac, cfg->mac, sizeof(mc.mac));
	m = sky2_model_create(&mc);
	if (!m)
		snprintf(err, errlen, "the sky2 model refused the configuration");
	return m;
}

static void sky2_destroy(void *model)
{
	sky2_model_destroy(model);
}

static struct hosted_port *sky2_port(void *model, unsigned int i)
{
	return sky2_model_port(model, i);
}

/* GMAC receive status bits for "rx-errors": a CRC error, as a bad cable gives. */
#define RX_STATUS_CRC_ERROR 0x0002u

static bool sky2_fault(void *model, const char *name, unsigned int port, u32 arg)
{
	struct sky2_model *m = model;

	if (!strcmp(name, "irq-lost"))
		sky2_model_fault_irq_lost(m, arg);
	else if (!strcmp(name, "msi-lost"))
		sky2_model_fault_msi_lost(m, arg != 0);
	else if (!strcmp(name, "rx-errors"))
		sky2_model_fault_rx_errors(m, port, arg, RX_STATUS_CRC_ERROR);
	else if (!strcmp(name, "rx-truncated"))
		sky2_model_fault_rx_truncated(m, port, arg);
	else if (!strcmp(name, "desc-check"))
		sky2_model_fault_desc_check(m, port);
	else if (!strcmp(name, "hw-error"))
		sky2_model_fault_hw_error(m, arg);
	else
		return false;
	return true;
}

const struct nqdev_model nqdev_model_sky2 = {
	.name = "sky2",
	.create = sky2_create,
	.destroy = sky2_destroy,
	.port = sky2_port,
	.fault = sky2_fault,
};

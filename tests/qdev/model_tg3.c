// SPDX-License-Identifier: BSD-2-Clause
/* The BCM57xx model (tests/hosted/models/tg3_model*.c) as QEMU's napkin-tg3. */
#include <stdio.h>
#include <string.h>

#include "tests/hosted/models/tg3_model.h"
#include "tests/qdev/model_host.h"

static const struct {
	const char *name;
	enum tg3_model_chip chip;
} chips[] = {
	{ "5719", TG3_MODEL_BCM5719 },
	{ "5784", TG3_MODEL_BCM5784 },
};

static void *tg3_create(const struct nqdev_config *cfg, char *err, size_t errlen)
{
	struct tg3_model_config mc = { .dev = cfg->devfn >> 3,
				       .fn = cfg->devfn & 7,
				       .chip = TG3_MODEL_BCM5719,
				       .no_msi = cfg->no_msi };
	bool found = !cfg->chip || !cfg->chip[0];
	struct tg3_model *m;

	for (size_t i = 0; i < ARRAY_SIZE(chips) && !found; i++) {
		if (!strcmp(chips[i].name, cfg->chip)) {
			mc.chip = chips[i].chip;
			found = true;
		}
	}
	if (!found) {
		snprintf(err, errlen, "chip '%s' is not one of 5719, 5784", cfg->chip);
		return NULL;
	}
	/* Each port of a 5719 is a PCI function of its own: one port per device. */
	if (cfg->ports > 1) {
		snprintf(err, errlen, "one port per function: add a device per port");
		return NULL;
	}
	if (cfg->rev >= 0)
		mc.chip_id = (mc.chip == TG3_MODEL_BCM5719 ? 0x05719000u : 0x05784000u) |
			     ((u32)cfg->rev & 0xFFF);
	memcpy(mc.mac, cfg->mac[0], sizeof(mc.mac));
	m = tg3_model_create(&mc);
	if (!m)
		snprintf(err, errlen, "the tg3 model refused the configuration");
	return m;
}

static void tg3_destroy(void *model)
{
	tg3_model_destroy(model);
}

static struct hosted_port *tg3_port(void *model, unsigned int i)
{
	return i == 0 ? tg3_model_port(model) : NULL;
}

/* Return BD error bits for "rx-errors": a bad CRC, as a bad cable gives. */
#define RX_ERROR_BAD_CRC 0x0001u

static bool tg3_fault(void *model, const char *name, unsigned int port, u32 arg)
{
	struct tg3_model *m = model;

	if (port != 0)
		return false;
	if (!strcmp(name, "rx-errors"))
		tg3_model_fault_rx_errors(m, arg, RX_ERROR_BAD_CRC);
	else if (!strcmp(name, "no-rx-buffer"))
		tg3_model_fault_no_rx_buffer(m, arg);
	else if (!strcmp(name, "tx-stuck"))
		tg3_model_fault_tx_stuck(m);
	else if (!strcmp(name, "msi-lost"))
		tg3_model_fault_msi_lost(m, arg != 0);
	else if (!strcmp(name, "bootcode-hang"))
		tg3_model_fault_bootcode_hang(m, arg != 0);
	else if (!strcmp(name, "dma-error"))
		tg3_model_fault_dma_error(m);
	else if (!strcmp(name, "irq-lost"))
		tg3_model_fault_irq_lost(m, arg);
	else if (!strcmp(name, "link-flap"))
		tg3_model_fault_link_flap(m, arg);
	else
		return false;
	return true;
}

const struct nqdev_model nqdev_model_tg3 = {
	.name = "tg3",
	.create = tg3_create,
	.destroy = tg3_destroy,
	.port = tg3_port,
	.fault = tg3_fault,
};

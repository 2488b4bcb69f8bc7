# SPDX-License-Identifier: BSD-2-Clause
# The hosted harness (tests/hosted/README.md): what every driver-against-model
# binary links, the model lists, the check that a model never sees its driver,
# and the harness's own tests. The drivers' binaries are declared in their own
# fragments here (tg3.mk, sky2.mk, skge.mk, race.mk and the models' self-tests).
# Read before them (Makefile), so they may take `:=`.

HOSTED_SRCS := tests/hosted/hosted_core.c tests/hosted/hosted_pci.c tests/hosted/hosted_dma.c \
	tests/hosted/hosted_irq.c tests/hosted/hosted_race.c tests/hosted/hosted_wire.c tests/hosted/frames.c \
	tests/unit/fakes/pci_fake.c tests/unit/fakes/stub_printk.c \
	$(PCI_CORE_SRCS) $(PCI_IRQ_SRCS) kernel/pci/pci_irq_ladder.c \
	kernel/core/softirq.c $(NET_CORE_SRCS) $(NET_DRIVER_HELPER_SRCS)
# Every file of a harness binary sees the checked DMA API (kernel/mm/dma.h).
HOSTED_CFLAGS := -DNAPKIN_DMA_CHECKED

# The checks a driver's test makes at its end (Check assertions: the fuzz
# harnesses, which link HOSTED_SRCS without Check, do not take them).
HOSTED_TEARDOWN_SRCS := tests/hosted/hosted_teardown.c

# The device models (tests/hosted/models/).
TG3_MODEL_SRCS := $(wildcard tests/hosted/models/tg3_model*.c)
SKY2_MODEL_SRCS := tests/hosted/models/sky2_model.c tests/hosted/models/sky2_model_ctrl.c \
	tests/hosted/models/sky2_model_queue.c \
	tests/hosted/models/sky2_model_status.c tests/hosted/models/sky2_model_phy.c \
	tests/hosted/models/sky2_model_csum.c
SKGE_MODEL_SRCS := tests/hosted/models/skge_model.c tests/hosted/models/skge_model_bmu.c \
	tests/hosted/models/skge_model_own.c tests/hosted/models/skge_model_mac.c \
	tests/hosted/models/skge_model_xmac.c tests/hosted/models/skge_model_gmac.c \
	tests/hosted/models/skge_model_phy.c

# napkin's network stack and services plus stack_util.c (and hosted_proc.c,
# the Linux processes it runs), for a driver's test against real Linux tools
# over TAPs (link $(LWIP_HOST_OBJS), add $(LWIP_INCLUDES) to the CFLAGS).
HOSTED_STACK_SRCS = tests/hosted/stack_util.c tests/hosted/hosted_proc.c $(LWIP_GLUE_SRCS) \
	$(NET_SERVICES_SRCS)

# The harness itself, with a toy two-port device behind one interrupt.
UNIT_TESTS += test_hosted
test_hosted_CFLAGS := $(HOSTED_CFLAGS)
test_hosted_SRCS := tests/hosted/test_hosted.c tests/hosted/hosted_proc.c $(HOSTED_SRCS)

# The harness's streaming DMA ownership checks (dma_sync_single_for_*).
UNIT_TESTS += test_hosted_dma
test_hosted_dma_CFLAGS := $(HOSTED_CFLAGS)
test_hosted_dma_SRCS := tests/hosted/test_hosted_dma.c $(HOSTED_SRCS)

# A model never sees the driver it checks (tests/hosted/check_model_includes.sh):
# checked before the hosted binaries are built, and by `make lint`.
MODEL_INCLUDES_CHECK = sh tests/hosted/check_model_includes.sh tests/hosted/models \
	$(CC) $(filter-out -MD -MP,$(HOST_CFLAGS)) $(HOSTED_CFLAGS)
$(BUILD)/unit/models-independent.stamp: tests/hosted/check_model_includes.sh \
		$(wildcard tests/hosted/models/*)
	@mkdir -p $(dir $@)
	@$(MODEL_INCLUDES_CHECK)
	@touch $@

.PHONY: check-model-includes
check-model-includes:
	@$(MODEL_INCLUDES_CHECK)
lint: check-model-includes

# SPDX-License-Identifier: BSD-2-Clause
# The tg3 driver against the BCM5719 model in the hosted harness (tests/hosted).
# The harness sources are listed in HOSTED_SRCS for later models and drivers.

HOSTED_SRCS := tests/hosted/hosted_core.c tests/hosted/hosted_pci.c tests/hosted/hosted_dma.c \
	tests/hosted/hosted_irq.c tests/hosted/hosted_race.c tests/hosted/hosted_wire.c tests/hosted/frames.c \
	tests/unit/pci_fake.c tests/unit/stub_printk.c \
	kernel/pci/pci.c kernel/pci/pci_cfg.c kernel/pci/pci_bar.c kernel/pci/pci_cap.c \
	kernel/pci/pci_driver.c \
	kernel/pci/pci_show.c kernel/pci/pci_irq.c kernel/pci/pci_irq_ladder.c \
	kernel/pci/pci_intx.c kernel/pci/msi.c kernel/x86/irq.c \
	kernel/core/softirq.c kernel/core/ktimer.c kernel/core/cmdline.c \
	net/core/napi.c net/core/netdev.c net/core/gro.c net/core/inet_csum.c net/core/backlog.c net/core/netbuf.c net/core/params.c \
	net/ethtool_table.c net/netdev_adapter.c
# Every file of a harness binary sees the checked DMA API (kernel/mm/dma.h).
HOSTED_CFLAGS := -DNAPKIN_DMA_CHECKED
TG3_MODEL_SRCS := $(wildcard tests/hosted/models/tg3_model*.c)

UNIT_TESTS += test_tg3_hosted
test_tg3_hosted_CFLAGS := $(HOSTED_CFLAGS)
test_tg3_hosted_SRCS := tests/hosted/test_tg3.c tests/hosted/tg3_test_util.c tests/hosted/fake_stack.c $(HOSTED_SRCS) \
	$(TG3_MODEL_SRCS) $(wildcard drivers/tg3/*.c)

# The harness itself, with a toy two-port device behind one interrupt.
UNIT_TESTS += test_hosted
test_hosted_CFLAGS := $(HOSTED_CFLAGS)
test_hosted_SRCS := tests/hosted/test_hosted.c tests/hosted/hosted_proc.c $(HOSTED_SRCS)

# The harness's streaming DMA ownership checks (dma_sync_single_for_*).
UNIT_TESTS += test_hosted_dma
test_hosted_dma_CFLAGS := $(HOSTED_CFLAGS)
test_hosted_dma_SRCS := tests/hosted/test_hosted_dma.c $(HOSTED_SRCS)

# napkin's network stack and services plus stack_util.c (and hosted_proc.c,
# the Linux processes it runs), for a driver's test against real Linux tools
# over TAPs (link $(LWIP_HOST_OBJS), add $(LWIP_INCLUDES) to the CFLAGS).
HOSTED_STACK_SRCS := tests/hosted/stack_util.c tests/hosted/hosted_proc.c \
	$(filter-out net/lwip/shell_glue.c,$(wildcard net/lwip/*.c net/lwip/fixes/*.c net/services/*.c)) \
	net/inet/ipconfig.c net/net_init.c $(NET_RANDOM_SRCS)

# The whole network path hosted (lwIP, glue, services, NAPI, tg3) with real
# Linux tools over TAPs in the test's own namespace, one port and then two
# ports at once; needs root.
UNIT_TESTS += test_tg3_stack
test_tg3_stack_SRCS := tests/hosted/test_tg3_stack.c tests/hosted/tg3_test_util.c tests/hosted/fake_stack.c \
	$(HOSTED_SRCS) $(TG3_MODEL_SRCS) $(wildcard drivers/tg3/*.c) $(HOSTED_STACK_SRCS)
test_tg3_stack_OBJS = $(LWIP_HOST_OBJS)
test_tg3_stack_CFLAGS = $(LWIP_INCLUDES) $(HOSTED_CFLAGS)

# A model never sees the driver it checks (tests/hosted/check_model_includes.sh):
# checked before the hosted binaries are built, and by `make lint`.
MODEL_INCLUDES_CHECK = sh tests/hosted/check_model_includes.sh tests/hosted/models \
	$(CC) $(filter-out -MD -MP,$(HOST_CFLAGS)) $(HOSTED_CFLAGS)
$(BUILD)/unit/models-independent.stamp: tests/hosted/check_model_includes.sh \
		$(wildcard tests/hosted/models/*)
	@mkdir -p $(dir $@)
	@$(MODEL_INCLUDES_CHECK)
	@touch $@
$(BUILD)/unit/test_tg3_hosted $(BUILD)/unit/test_tg3_stack: $(BUILD)/unit/models-independent.stamp

.PHONY: check-model-includes
check-model-includes:
	@$(MODEL_INCLUDES_CHECK)
lint: check-model-includes

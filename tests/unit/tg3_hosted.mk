# SPDX-License-Identifier: BSD-2-Clause
# The tg3 driver against the BCM5719 model in the hosted harness (tests/hosted).
# The harness sources are listed in HOSTED_SRCS for later models and drivers.

HOSTED_SRCS := tests/hosted/hosted_core.c tests/hosted/hosted_pci.c tests/hosted/hosted_dma.c \
	tests/hosted/hosted_irq.c tests/hosted/hosted_wire.c tests/hosted/frames.c \
	tests/unit/pci_fake.c tests/unit/stub_printk.c \
	kernel/pci.c kernel/pci_cfg.c kernel/pci_bar.c kernel/pci_cap.c kernel/pci_driver.c \
	kernel/pci_show.c kernel/pci_irq.c kernel/pci_intx.c kernel/msi.c kernel/irq.c \
	kernel/softirq.c kernel/ktimer.c kernel/cmdline.c \
	net/napi.c net/netdev.c net/backlog.c net/netbuf.c net/params.c
TG3_MODEL_SRCS := tests/hosted/models/tg3_model.c tests/hosted/models/tg3_model_phy.c \
	tests/hosted/models/tg3_model_engine.c

UNIT_TESTS += test_tg3_hosted
test_tg3_hosted_SRCS := tests/hosted/test_tg3.c tests/hosted/tg3_test_util.c $(HOSTED_SRCS) \
	$(TG3_MODEL_SRCS) $(wildcard drivers/tg3/*.c)

# Real Linux tools over a TAP interface; needs root, passes vacuously without.
UNIT_TESTS += test_tg3_tap
test_tg3_tap_SRCS := tests/hosted/test_tg3_tap.c tests/hosted/tg3_test_util.c $(HOSTED_SRCS) \
	$(TG3_MODEL_SRCS) $(wildcard drivers/tg3/*.c)

# The harness itself, with a toy two-port device behind one interrupt.
UNIT_TESTS += test_hosted
test_hosted_SRCS := tests/hosted/test_hosted.c $(HOSTED_SRCS)

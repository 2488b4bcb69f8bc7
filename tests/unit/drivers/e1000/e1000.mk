# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests for the e1000 driver (drivers/e1000/).
E1000_PURE_SRCS := drivers/e1000/e1000_offload.c net/core/ethtool_table.c

UNIT_TESTS += test_e1000_logic
test_e1000_logic_SRCS := tests/unit/drivers/e1000/test_e1000_logic.c $(E1000_PURE_SRCS) drivers/e1000/e1000_stats.c \
	tests/unit/fakes/stub_irqflags.c

UNIT_TESTS += test_e1000_hw
test_e1000_hw_SRCS := tests/unit/drivers/e1000/test_e1000_hw.c drivers/e1000/e1000_hw.c tests/unit/fakes/stub_printk.c

UNIT_TESTS += test_e1000_rings
test_e1000_rings_SRCS := tests/unit/drivers/e1000/test_e1000_rings.c drivers/e1000/e1000_rx.c drivers/e1000/e1000_irq.c \
	drivers/e1000/e1000_tx.c drivers/e1000/e1000_stats.c net/core/netdev_adapter.c $(E1000_PURE_SRCS) \
	tests/unit/fakes/stub_printk.c \
	tests/unit/fakes/stub_irqflags.c
# The test keeps its own account of receive buffer ownership (dma_sync_*).
test_e1000_rings_CFLAGS := -DNAPKIN_DMA_CHECKED

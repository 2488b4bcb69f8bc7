# SPDX-License-Identifier: BSD-2-Clause
# The skge per-port interrupt/NAPI handshake: the real handler and poll with
# the real NAPI core, against a fake interrupt block (tests/unit/drivers/skge/test_skge_irq.c).
UNIT_TESTS += test_skge_irq
test_skge_irq_SRCS := tests/unit/drivers/skge/test_skge_irq.c drivers/skge/skge_irq.c $(NAPI_SRCS) \
	$(NAPI_FAKES_SRCS)

UNIT_TESTS += test_skge_dma
test_skge_dma_SRCS := tests/unit/drivers/skge/test_skge_dma.c

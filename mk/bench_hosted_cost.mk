# SPDX-License-Identifier: BSD-2-Clause
# bench/hosted_cost: instructions per received frame of tg3, sky2 and skge in
# the hosted harness, under callgrind (bench/hosted_cost/README.md). Built -O2
# without sanitizers, so the count is the code's and not the checker's.
# Recursive `=`: the source lists come from tests/hosted/hosted.mk, read later.

HOSTED_COST_SRCS = bench/hosted_cost/cost.c $(HOSTED_SRCS) \
	$(TG3_MODEL_SRCS) $(SKY2_MODEL_SRCS) $(SKGE_MODEL_SRCS) \
	$(wildcard drivers/tg3/*.c drivers/sky2/*.c drivers/skge/*.c) \
	$(filter-out tests/hosted/stack_util.c tests/hosted/hosted_proc.c,$(HOSTED_STACK_SRCS)) \
	kernel/mm/heap.c kernel/mm/pmm.c tests/unit/fakes/phys_arena.c \
	$(LWIP_SRCS)
# lwIP allocates from napkin's slab heap here, not the C library's as in the
# hosted tests: the allocator is part of the cost of a frame on bare metal.
HOSTED_COST_CFLAGS = -std=gnu11 -O2 -g -fno-omit-frame-pointer -fno-strict-aliasing -I. -DNAPKIN_HOSTED \
	-DNAPKIN_HOSTED_KERNEL_HEAP $(HOSTED_CFLAGS) $(LWIP_INCLUDES) \
	-Wall -Wno-address -Wno-unused-parameter

# Second expansion: this file is read before tests/hosted/hosted.mk defines the lists,
# and an empty list here would leave the binary stale after a source change.
.SECONDEXPANSION:
$(BUILD)/bench/hosted_cost: $$(HOSTED_COST_SRCS) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(HOSTED_COST_CFLAGS) $(HOSTED_COST_SRCS) -o $@

.PHONY: bench-hosted-cost
bench-hosted-cost: $(BUILD)/bench/hosted_cost
	bash bench/hosted_cost/run.sh $(BUILD)/bench/hosted_cost

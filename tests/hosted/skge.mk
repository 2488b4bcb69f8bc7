# SPDX-License-Identifier: BSD-2-Clause
# The skge driver against the skge model in the hosted harness (tests/hosted).
# HOSTED_SRCS, HOSTED_CFLAGS and SKGE_MODEL_SRCS: tests/hosted/hosted.mk.
UNIT_TESTS += test_skge_hosted
test_skge_hosted_CFLAGS = $(HOSTED_CFLAGS)
test_skge_hosted_SRCS = tests/hosted/test_skge.c tests/hosted/bystander.c tests/hosted/csum_cases.c tests/hosted/fake_stack.c $(HOSTED_SRCS) $(HOSTED_TEARDOWN_SRCS) $(SKGE_MODEL_SRCS) \
	$(wildcard drivers/skge/*.c)

# The model must not see the driver (tests/hosted/check_model_includes.sh).
$(BUILD)/unit/test_skge_hosted $(BUILD)/unit/test_skge_model: $(BUILD)/unit/models-independent.stamp

# The whole network path hosted (lwIP, glue, services, NAPI, skge) over both
# ports of a dual-port model on two TAPs in the test's own namespace: Yukon,
# Genesis, and Yukon with a bystander on its INTx line; needs root.
UNIT_TESTS += test_skge_stack
test_skge_stack_SRCS = tests/hosted/test_skge_stack.c tests/hosted/bystander.c $(HOSTED_SRCS) $(HOSTED_TEARDOWN_SRCS) \
	$(SKGE_MODEL_SRCS) $(wildcard drivers/skge/*.c) $(HOSTED_STACK_SRCS)
test_skge_stack_OBJS = $(LWIP_HOST_OBJS)
test_skge_stack_CFLAGS = $(LWIP_INCLUDES) $(HOSTED_CFLAGS)
$(BUILD)/unit/test_skge_stack: $(BUILD)/unit/models-independent.stamp

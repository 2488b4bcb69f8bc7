# SPDX-License-Identifier: BSD-2-Clause
# The sky2 driver against the Yukon-2 model in the hosted harness (tests/hosted).
# HOSTED_SRCS, HOSTED_CFLAGS and SKY2_MODEL_SRCS: tests/hosted/hosted.mk.
UNIT_TESTS += test_sky2_hosted
test_sky2_hosted_CFLAGS = $(HOSTED_CFLAGS)
test_sky2_hosted_SRCS = tests/hosted/test_sky2.c tests/hosted/sky2_test_util.c tests/hosted/csum_cases.c tests/hosted/fake_stack.c $(HOSTED_SRCS) $(HOSTED_TEARDOWN_SRCS) \
	$(SKY2_MODEL_SRCS) $(wildcard drivers/sky2/*.c)

# The whole network path hosted (lwIP, glue, services, the one NAPI, sky2) on
# both ports of a dual-port XL model at once, each on its own TAP in the
# test's own namespace, against real Linux tools; needs root.
UNIT_TESTS += test_sky2_stack
test_sky2_stack_SRCS = tests/hosted/test_sky2_stack.c tests/hosted/sky2_test_util.c tests/hosted/fake_stack.c \
	$(HOSTED_SRCS) $(HOSTED_TEARDOWN_SRCS) $(SKY2_MODEL_SRCS) $(wildcard drivers/sky2/*.c) $(HOSTED_STACK_SRCS)
test_sky2_stack_OBJS = $(LWIP_HOST_OBJS)
test_sky2_stack_CFLAGS = $(LWIP_INCLUDES) $(HOSTED_CFLAGS)
$(BUILD)/unit/test_sky2_hosted $(BUILD)/unit/test_sky2_stack: $(BUILD)/unit/models-independent.stamp

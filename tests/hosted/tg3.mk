# SPDX-License-Identifier: BSD-2-Clause
# The tg3 driver against the BCM5719 model in the hosted harness
# (tests/hosted/hosted.mk defines HOSTED_SRCS and the model lists).
UNIT_TESTS += test_tg3_hosted
test_tg3_hosted_CFLAGS := $(HOSTED_CFLAGS)
test_tg3_hosted_SRCS := tests/hosted/test_tg3.c tests/hosted/tg3_test_util.c tests/hosted/fake_stack.c $(HOSTED_SRCS) $(HOSTED_TEARDOWN_SRCS) \
	$(TG3_MODEL_SRCS) $(wildcard drivers/tg3/*.c)

# The whole network path hosted (lwIP, glue, services, NAPI, tg3) with real
# Linux tools over TAPs in the test's own namespace, one port and then two
# ports at once; needs root.
UNIT_TESTS += test_tg3_stack
test_tg3_stack_SRCS := tests/hosted/test_tg3_stack.c tests/hosted/tg3_test_util.c tests/hosted/fake_stack.c \
	$(HOSTED_SRCS) $(HOSTED_TEARDOWN_SRCS) $(TG3_MODEL_SRCS) $(wildcard drivers/tg3/*.c) $(HOSTED_STACK_SRCS)
test_tg3_stack_OBJS = $(LWIP_HOST_OBJS)
test_tg3_stack_CFLAGS = $(LWIP_INCLUDES) $(HOSTED_CFLAGS)
$(BUILD)/unit/test_tg3_hosted $(BUILD)/unit/test_tg3_stack: $(BUILD)/unit/models-independent.stamp

# SPDX-License-Identifier: BSD-2-Clause
# The sky2 driver against the Yukon-2 model in the hosted harness (tests/hosted).
# Recursive assignments: HOSTED_SRCS and HOSTED_CFLAGS come from tg3_hosted.mk,
# SKY2_MODEL_SRCS from the model's own .mk, whichever is read first.
UNIT_TESTS += test_sky2_hosted
test_sky2_hosted_CFLAGS = $(HOSTED_CFLAGS)
test_sky2_hosted_SRCS = tests/hosted/test_sky2.c tests/hosted/sky2_test_util.c $(HOSTED_SRCS) \
	$(SKY2_MODEL_SRCS) $(wildcard drivers/sky2/*.c)

# SPDX-License-Identifier: BSD-2-Clause
# The Yukon-2 (sky2) model's self-test: a tiny scripted "driver" of raw
# register accesses (the model's sources: SKY2_MODEL_SRCS, tests/hosted/hosted.mk).
UNIT_TESTS += test_sky2_model
test_sky2_model_CFLAGS := $(HOSTED_CFLAGS)
test_sky2_model_SRCS := tests/hosted/test_sky2_model.c $(HOSTED_SRCS) $(SKY2_MODEL_SRCS)

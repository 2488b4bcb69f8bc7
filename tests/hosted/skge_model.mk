# SPDX-License-Identifier: BSD-2-Clause
# The skge (Genesis/Yukon) register-level model's self-test (the model's
# sources: SKGE_MODEL_SRCS, tests/hosted/hosted.mk).
UNIT_TESTS += test_skge_model
test_skge_model_CFLAGS := $(HOSTED_CFLAGS)
test_skge_model_SRCS := tests/hosted/test_skge_model.c $(HOSTED_SRCS) $(SKGE_MODEL_SRCS)

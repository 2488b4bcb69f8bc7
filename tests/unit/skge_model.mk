# SPDX-License-Identifier: BSD-2-Clause
# The skge (Genesis/Yukon) register-level model for the hosted harness, and its
# self-test. Recursive `=` because HOSTED_SRCS comes from tg3_hosted.mk, which
# is included after this file.

SKGE_MODEL_SRCS = tests/hosted/models/skge_model.c tests/hosted/models/skge_model_bmu.c tests/hosted/models/skge_model_own.c \
	tests/hosted/models/skge_model_mac.c tests/hosted/models/skge_model_xmac.c \
	tests/hosted/models/skge_model_gmac.c tests/hosted/models/skge_model_phy.c

UNIT_TESTS += test_skge_model
test_skge_model_CFLAGS = $(HOSTED_CFLAGS)
test_skge_model_SRCS = tests/hosted/test_skge_model.c $(HOSTED_SRCS) $(SKGE_MODEL_SRCS)

# SPDX-License-Identifier: BSD-2-Clause
# The Yukon-2 (sky2) model for the hosted harness, and its self-test: a tiny
# scripted "driver" of raw register accesses. Recursive assignments, because
# HOSTED_SRCS comes from tg3_hosted.mk, which is included after this file.

SKY2_MODEL_SRCS = tests/hosted/models/sky2_model.c tests/hosted/models/sky2_model_ctrl.c \
	tests/hosted/models/sky2_model_queue.c \
	tests/hosted/models/sky2_model_status.c tests/hosted/models/sky2_model_phy.c \
	tests/hosted/models/sky2_model_csum.c

UNIT_TESTS += test_sky2_model
test_sky2_model_CFLAGS = $(HOSTED_CFLAGS)
test_sky2_model_SRCS = tests/hosted/test_sky2_model.c $(HOSTED_SRCS) $(SKY2_MODEL_SRCS)

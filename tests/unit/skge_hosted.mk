# SPDX-License-Identifier: BSD-2-Clause
# The skge driver against the skge model in the hosted harness (tests/hosted).
# Recursive `=`: HOSTED_SRCS and SKGE_MODEL_SRCS come from other .mk files.
UNIT_TESTS += test_skge_hosted
test_skge_hosted_CFLAGS = $(HOSTED_CFLAGS)
test_skge_hosted_SRCS = tests/hosted/test_skge.c $(HOSTED_SRCS) $(SKGE_MODEL_SRCS) \
	$(wildcard drivers/skge/*.c)

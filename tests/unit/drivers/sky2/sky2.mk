# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests for the sky2 driver (drivers/sky2/): the status-ring drain
# against a ring in host memory, the per-port code replaced by recorders.
UNIT_TESTS += test_sky2_status
test_sky2_status_SRCS := tests/unit/drivers/sky2/test_sky2_status.c drivers/sky2/sky2_status.c \
	tests/unit/fakes/stub_printk.c

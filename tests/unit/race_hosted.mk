# SPDX-License-Identifier: BSD-2-Clause
# The drivers against racing models (tests/hosted/hosted_race.h): the model
# acts between the driver's own loads and stores. Recursive `=`: HOSTED_SRCS
# and the model lists come from other .mk files.
UNIT_TESTS += test_tg3_race
test_tg3_race_CFLAGS = $(HOSTED_CFLAGS)
test_tg3_race_SRCS = tests/hosted/test_tg3_race.c tests/hosted/race_feed.c tests/hosted/tg3_test_util.c tests/hosted/fake_stack.c \
	$(HOSTED_SRCS) $(TG3_MODEL_SRCS) $(wildcard drivers/tg3/*.c)
$(BUILD)/unit/test_tg3_race: $(BUILD)/unit/models-independent.stamp

UNIT_TESTS += test_sky2_race
test_sky2_race_CFLAGS = $(HOSTED_CFLAGS)
test_sky2_race_SRCS = tests/hosted/test_sky2_race.c tests/hosted/race_feed.c tests/hosted/sky2_test_util.c \
	tests/hosted/fake_stack.c $(HOSTED_SRCS) $(SKY2_MODEL_SRCS) $(wildcard drivers/sky2/*.c)
$(BUILD)/unit/test_sky2_race: $(BUILD)/unit/models-independent.stamp

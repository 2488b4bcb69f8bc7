# SPDX-License-Identifier: BSD-2-Clause
# The drivers against racing models (tests/hosted/hosted_race.h): the model
# acts between the driver's own loads and stores. Built as the kernel is
# optimised (-O2) and without the sanitizers: a removed compiler barrier
# shows here only if the compiler really moves the stores, as in product
# code (tests/hosted/race/barriers.sh compares the objects). Recursive `=`:
# HOSTED_SRCS and the model lists come from other .mk files.
RACE_CFLAGS = $(HOSTED_CFLAGS) -O2 -fno-sanitize=address,undefined
# Compiled and linked in one command: the link flags come last and must not
# turn the sanitizers back on.
RACE_LDFLAGS = -fno-sanitize=address,undefined

UNIT_TESTS += test_tg3_race
test_tg3_race_LDFLAGS = $(RACE_LDFLAGS)
test_tg3_race_CFLAGS = $(RACE_CFLAGS)
test_tg3_race_SRCS = tests/hosted/test_tg3_race.c tests/hosted/race_feed.c tests/hosted/tg3_test_util.c \
	tests/hosted/fake_stack.c $(HOSTED_SRCS) $(HOSTED_TEARDOWN_SRCS) $(TG3_MODEL_SRCS) $(wildcard drivers/tg3/*.c)

UNIT_TESTS += test_sky2_race
test_sky2_race_LDFLAGS = $(RACE_LDFLAGS)
test_sky2_race_CFLAGS = $(RACE_CFLAGS)
test_sky2_race_SRCS = tests/hosted/test_sky2_race.c tests/hosted/race_feed.c tests/hosted/sky2_test_util.c \
	tests/hosted/fake_stack.c $(HOSTED_SRCS) $(HOSTED_TEARDOWN_SRCS) $(SKY2_MODEL_SRCS) $(wildcard drivers/sky2/*.c)

UNIT_TESTS += test_skge_race
test_skge_race_LDFLAGS = $(RACE_LDFLAGS)
test_skge_race_CFLAGS = $(RACE_CFLAGS) -DSKGE_RACE_ONLY -Wno-unused-variable -Wno-unused-function
test_skge_race_SRCS = tests/hosted/test_skge.c tests/hosted/race_feed.c tests/hosted/bystander.c tests/hosted/csum_cases.c \
	tests/hosted/fake_stack.c $(HOSTED_SRCS) $(HOSTED_TEARDOWN_SRCS) $(SKGE_MODEL_SRCS) $(wildcard drivers/skge/*.c)

$(BUILD)/unit/test_tg3_race $(BUILD)/unit/test_sky2_race $(BUILD)/unit/test_skge_race: \
	$(BUILD)/unit/models-independent.stamp

# The racing device itself, with a toy device (built like the other harness tests).
UNIT_TESTS += test_hosted_race
test_hosted_race_CFLAGS = $(HOSTED_CFLAGS)
test_hosted_race_SRCS = tests/hosted/test_hosted_race.c $(HOSTED_SRCS)

# SPDX-License-Identifier: BSD-2-Clause
# Host objects of lib/ for the unit tests. lib/ defines memcpy, vsnprintf, strtol
# and friends under their standard names; to compare them with glibc in one
# process they are built freestanding (their own headers, no sanitizers: ASan
# would intercept the very functions under test) and every symbol is renamed
# with a napkin_ prefix. Tests link them through NAME_OBJS, e.g.
#     test_foo_OBJS := $(LIB_UNIT_OBJS)

LIB_UNIT_CFLAGS := -std=gnu11 -O2 -g -ffreestanding -fno-builtin -fno-stack-protector \
	-fno-tree-loop-distribute-patterns -fno-strict-aliasing \
	-nostdinc -isystem $(GCC_INC) -isystem lib/include -I. \
	-Wall -Wextra -Wno-unused-parameter -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -MD -MP

LIB_UNIT_OBJS := $(patsubst lib/%.c,$(BUILD)/unit/lib/%.o,$(wildcard lib/*.c))

# The unprefixed object is only an intermediate; the .d file names the final
# object so header edits rebuild it. -MD, not -MMD: lib/include is a system
# directory here and -MMD would leave its headers out of the dependencies.
$(BUILD)/unit/lib/%.o: lib/%.c mk/lib-tests.mk | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(LIB_UNIT_CFLAGS) -MT $@ -MF $(@:.o=.d) -c $< -o $(@:.o=.plain.o)
	$(OBJCOPY) --prefix-symbols=napkin_ $(@:.o=.plain.o) $@

# SPDX-License-Identifier: BSD-2-Clause
# The commit the kernel was built from, for napkin_build_info on /metrics
# (docs/METRICS.md): a one-line C file in build/ rewritten only when the
# commit (or whether the tree has changes) differs, so an unchanged tree
# relinks nothing. Outside a git checkout it says "unknown".

BUILD_COMMIT_C := $(BUILD)/k/gen/build_commit.c

$(BUILD_COMMIT_C): FORCE
	@mkdir -p $(dir $@)
	@c=$$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown); \
	 if [ "$$c" != unknown ] && ! git diff --quiet HEAD -- 2>/dev/null; then c="$$c-dirty"; fi; \
	 printf '%s\n%s\n' '#include "kernel/core/version.h"' "const char napkin_commit[] = \"$$c\";" \
	   > $@.tmp; \
	 cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

$(BUILD)/k/gen/build_commit.o: $(BUILD_COMMIT_C) kernel/core/version.h $(KFLAGS_STAMP)
	$(CC) $(KCFLAGS) -c $< -o $@

KEXTRA_OBJS += $(BUILD)/k/gen/build_commit.o

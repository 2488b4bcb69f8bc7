# SPDX-License-Identifier: BSD-2-Clause
# docs/CMDLINE.md is the one list of command-line keys: `make lint` checks it
# against the keys the code reads, and the shell's `help KEY` table is
# generated from it (scripts/cmdline_doc.py, kernel/console/shell_help.c).

CMDLINE_DOC_C := $(BUILD)/gen/cmdline_doc.c
KEXTRA_OBJS += $(BUILD)/k/gen/cmdline_doc.o

$(CMDLINE_DOC_C): docs/CMDLINE.md scripts/cmdline_doc.py
	@mkdir -p $(dir $@)
	$(PYTHON) scripts/cmdline_doc.py ctable docs/CMDLINE.md > $@.tmp
	@mv $@.tmp $@

$(BUILD)/k/gen/cmdline_doc.o: $(CMDLINE_DOC_C) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(KCFLAGS) -c $< -o $@

.PHONY: lint-cmdline-doc
lint: lint-cmdline-doc
lint-cmdline-doc:
	@$(PYTHON) scripts/cmdline_doc.py check

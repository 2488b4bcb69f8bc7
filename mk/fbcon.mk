# SPDX-License-Identifier: BSD-2-Clause
# The framebuffer console's font: a PSF console font from the distribution's
# console-setup-linux package (scripts/deps.sh installs it), turned into a C
# table at build time. The table lives in build/ only; nothing is committed.
# FBCON_FONT=/path/to/other.psf.gz picks another font (up to 16x32).

FBCON_FONT ?= /usr/share/consolefonts/Lat15-VGA16.psf.gz
FBCON_FONT_C := $(BUILD)/k/gen/fbcon_font.c

# The font path is recorded so changing FBCON_FONT rebuilds the table.
$(BUILD)/k/gen/fbcon_font.path: FORCE | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	@echo "$(FBCON_FONT)" | cmp -s - $@ || echo "$(FBCON_FONT)" > $@

$(FBCON_FONT_C): $(BUILD)/k/gen/fbcon_font.path scripts/psf.py | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(PYTHON) scripts/psf.py $(FBCON_FONT) > $@.tmp
	mv $@.tmp $@

$(BUILD)/k/gen/fbcon_font.o: $(FBCON_FONT_C) kernel/console/fbcon_font.h
	$(CC) $(KCFLAGS) -c $< -o $@

KEXTRA_OBJS += $(BUILD)/k/gen/fbcon_font.o

.PHONY: FORCE
FORCE:

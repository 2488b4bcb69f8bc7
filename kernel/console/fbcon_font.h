/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console font kernel/console/fbcon.c draws with, generated at build time from a
 * PSF console font (mk/fbcon.mk, scripts/psf.py). Glyph c is code point c for
 * c < 256; each glyph is `height` rows of `row_bytes` bytes, leftmost pixel
 * in the top bit.
 */
#ifndef NAPKIN_KERNEL_FBCON_FONT_H
#define NAPKIN_KERNEL_FBCON_FONT_H

#include "kernel/core/compiler.h"

#define FBCON_FONT_CHARS 256

struct fbcon_font {
	const char *name;
	u8 width, height, row_bytes;
	const u8 *glyphs;
};

extern const struct fbcon_font fbcon_font;

static inline const u8 *fbcon_glyph(const struct fbcon_font *f, u8 c)
{
	return f->glyphs + (size_t)c * f->height * f->row_bytes;
}

#endif

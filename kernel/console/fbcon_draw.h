/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Pixels on a linear RGB framebuffer: colour conversion, rectangle fill and
 * glyph drawing for 16, 24 and 32 bits per pixel. Nothing here reads the
 * framebuffer back: reads from write-combining or uncached memory are slow.
 */
#ifndef NAPKIN_KERNEL_FBCON_DRAW_H
#define NAPKIN_KERNEL_FBCON_DRAW_H

#include "kernel/core/compiler.h"

struct fbcon_font;

struct fb_surface {
	u8 *base;
	u32 pitch; /* bytes from one line to the next */
	u32 width, height;
	u8 bytes_pp; /* 2, 3 or 4 */
	u8 red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
};

/* False (with *why set) for formats fb_* cannot draw. */
bool fb_surface_ok(const struct fb_surface *s, const char **why);
/* The pixel value of an 0xRRGGBB colour in the surface's format. */
u32 fb_pixel(const struct fb_surface *s, u32 rgb);
void fb_fill(const struct fb_surface *s, u32 x, u32 y, u32 w, u32 h, u32 pixel);
/* One glyph with its top-left corner at (x, y), each font pixel scale x scale. */
void fb_draw_glyph(const struct fb_surface *s, const struct fbcon_font *font, const u8 *glyph,
		   u32 x, u32 y, unsigned scale, u32 fg, u32 bg);

#endif

// SPDX-License-Identifier: BSD-2-Clause
/* Pixel-level drawing for the framebuffer console (see fbcon_draw.h). */
#include "kernel/console/fbcon_draw.h"
#include "kernel/console/fbcon_font.h"

#define FB_MAX_GLYPH_PIXELS 64 /* 16 font pixels at scale 4 */

bool fb_surface_ok(const struct fb_surface *s, const char **why)
{
	if (s->bytes_pp < 2 || s->bytes_pp > 4) {
		*why = "only 16, 24 and 32 bits per pixel are drawn";
		return false;
	}
	if (s->pitch < s->width * s->bytes_pp) {
		*why = "pitch shorter than a line";
		return false;
	}
	if (!s->red_size || !s->green_size || !s->blue_size || s->red_size > 8 ||
	    s->green_size > 8 || s->blue_size > 8) {
		*why = "unsupported colour channel layout";
		return false;
	}
	return true;
}

static u32 channel(u32 value8, u8 size, u8 pos)
{
	return (value8 >> (8 - size)) << pos;
}

u32 fb_pixel(const struct fb_surface *s, u32 rgb)
{
	return channel((rgb >> 16) & 0xff, s->red_size, s->red_pos) |
	       channel((rgb >> 8) & 0xff, s->green_size, s->green_pos) |
	       channel(rgb & 0xff, s->blue_size, s->blue_pos);
}

static inline void put_pixel(u8 *p, u8 bytes_pp, u32 pixel)
{
	switch (bytes_pp) {
	case 4: *(volatile u32 *)p = pixel; break;
	case 3:
		((volatile u8 *)p)[0] = (u8)pixel;
		((volatile u8 *)p)[1] = (u8)(pixel >> 8);
		((volatile u8 *)p)[2] = (u8)(pixel >> 16);
		break;
	default: *(volatile u16 *)p = (u16)pixel; break;
	}
}

void fb_fill(const struct fb_surface *s, u32 x, u32 y, u32 w, u32 h, u32 pixel)
{
	if (x >= s->width || y >= s->height)
		return;
	w = MIN(w, s->width - x);
	h = MIN(h, s->height - y);
	for (u32 row = y; row < y + h; row++) {
		u8 *p = s->base + (size_t)row * s->pitch + (size_t)x * s->bytes_pp;

		if (s->bytes_pp == 4) {
			volatile u32 *q = (volatile u32 *)p;

			for (u32 i = 0; i < w; i++)
				q[i] = pixel;
			continue;
		}
		for (u32 i = 0; i < w; i++, p += s->bytes_pp)
			put_pixel(p, s->bytes_pp, pixel);
	}
}

void fb_draw_glyph(const struct fb_surface *s, const struct fbcon_font *font, const u8 *glyph,
		   u32 x, u32 y, unsigned scale, u32 fg, u32 bg)
{
	u32 w = font->width * scale, h = font->height * scale;
	u32 line[FB_MAX_GLYPH_PIXELS];

	if (x + w > s->width || y + h > s->height || w > FB_MAX_GLYPH_PIXELS)
		return;
	for (u32 gy = 0; gy < font->height; gy++) {
		const u8 *bits = glyph + gy * font->row_bytes;

		/* One line of pixels, then the same line `scale` times. */
		for (u32 px = 0; px < w; px++) {
			u32 gx = px / scale;

			line[px] = (bits[gx / 8] & (0x80 >> (gx % 8))) ? fg : bg;
		}
		for (unsigned r = 0; r < scale; r++) {
			u8 *p = s->base + (size_t)(y + gy * scale + r) * s->pitch +
				(size_t)x * s->bytes_pp;

			if (s->bytes_pp == 4) {
				volatile u32 *q = (volatile u32 *)p;

				for (u32 px = 0; px < w; px++)
					q[px] = line[px];
				continue;
			}
			for (u32 px = 0; px < w; px++, p += s->bytes_pp)
				put_pixel(p, s->bytes_pp, line[px]);
		}
	}
}

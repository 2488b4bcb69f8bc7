// SPDX-License-Identifier: BSD-2-Clause
/*
 * The framebuffer console (fbcon.h): the glue between the text grid
 * (fbcon_term.c), the pixels (fbcon_draw.c) and the consoles printk feeds.
 * Log records get a colour by level; the timestamp is drawn in green, as
 * Linux's `dmesg --color` does. Every entry point runs with interrupts off
 * (one CPU), so a log line from an interrupt never lands inside a shell line
 * half drawn.
 *
 * Redraws are paced (screen_pace.h): in a flood of lines the screen is
 * redrawn 50 times a second, not once per line.
 */
#include <string.h>
#include "kernel/core/bootinfo.h"
#include "kernel/console/console.h"
#include "kernel/console/fbcon.h"
#include "kernel/console/fbcon_draw.h"
#include "kernel/console/fbcon_font.h"
#include "kernel/console/fbcon_term.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/log.h"
#include "kernel/mm/mm.h"
#include "kernel/core/panic.h"
#include "kernel/console/printk.h"
#include "kernel/console/screen_pace.h"

#define BOOT_MAPPED_LIMIT (4ull << 30) /* the boot page tables' identity map */
#define TITLE_ATTR	  FBCON_ATTR(FBCON_WHITE, FBCON_BLUE)

/* The VGA text palette, so the screen looks like the text-mode console. */
static const u32 palette_rgb[16] = {
	0x000000, 0x0000aa, 0x00aa00, 0x00aaaa, 0xaa0000, 0xaa00aa, 0xaa5500, 0xaaaaaa,
	0x555555, 0x5555ff, 0x55ff55, 0x55ffff, 0xff5555, 0xff55ff, 0xffff55, 0xffffff,
};

static struct {
	bool present;  /* the loader gave a framebuffer we can draw on */
	bool drawable; /* and it is mapped */
	u64 phys, size;
	unsigned scale;
	struct fb_surface surface;
	u32 pixel[16];
	struct screen_pace pace;
	struct fbcon_term term;
} fbc;
static u16 cells[FBCON_MAX_COLS * FBCON_MAX_ROWS], shown[FBCON_MAX_COLS * FBCON_MAX_ROWS];

static void draw_cell(struct fbcon_term *t, unsigned col, unsigned row, u16 cell)
{
	u8 attr = (u8)((cell >> 8) & 0x7f);
	u32 fg = fbc.pixel[FBCON_ATTR_FG(attr)], bg = fbc.pixel[FBCON_ATTR_BG(attr)];
	u32 cw = fbcon_font.width * fbc.scale, ch = fbcon_font.height * fbc.scale;

	if (cell & FBCON_CELL_CURSOR) { /* a block cursor: the cell in reverse */
		u32 tmp = fg;

		fg = bg;
		bg = tmp;
	}
	fb_draw_glyph(&fbc.surface, &fbcon_font, fbcon_glyph(&fbcon_font, (u8)cell), col * cw,
		      row * ch, fbc.scale, fg, bg);
}

static void draw_pending(void)
{
	if (fbc.drawable)
		fbcon_term_flush(&fbc.term);
}

static void flush(void)
{
	screen_pace_now(&fbc.pace);
}

static void request_flush(bool urgent)
{
	screen_pace_request(&fbc.pace, urgent);
}

static void fbcon_panic_flush(void)
{
	flush();
}

void fbcon_write(const char *s, size_t len)
{
	unsigned long flags;

	if (!fbc.present)
		return;
	flags = local_irq_save();
	fbcon_term_write(&fbc.term, s, len);
	request_flush(false);
	local_irq_restore(flags);
}

static void fbcon_console_write(struct console *con, const char *s, size_t len)
{
	fbcon_write(s, len);
}

static void fbcon_console_record(struct console *con, const struct log_record *rec)
{
	char stamp[24];
	size_t n = log_format_time(stamp, sizeof(stamp), rec->ts_ns);
	unsigned long flags = local_irq_save();

	fbcon_term_log(&fbc.term, stamp, n, rec->text, rec->len, rec->level);
	request_flush(rec->level <= LOGLEVEL_WARNING);
	local_irq_restore(flags);
}

static struct console fbcon_console = {
	.name = "fb",
	.write = fbcon_console_write,
	.write_record = fbcon_console_record,
};

/* The largest scale that keeps the grid within the maxima: big screens get big text. */
static unsigned pick_scale(u32 width, u32 height)
{
	unsigned scale = 1;

	while (scale < 4 && (width / (fbcon_font.width * scale) > FBCON_MAX_COLS ||
			     height / (fbcon_font.height * scale) > FBCON_MAX_ROWS))
		scale++;
	return scale;
}

static void clear_screen(void)
{
	fb_fill(&fbc.surface, 0, 0, fbc.surface.width, fbc.surface.height, fbc.pixel[FBCON_BLACK]);
	fbcon_term_invalidate(&fbc.term);
}

void fbcon_init(const struct boot_fb *fb)
{
	struct fb_surface *s = &fbc.surface;
	const char *why = NULL;
	unsigned cols, rows;

	if (!fb->addr)
		return;
	s->pitch = fb->pitch;
	s->width = fb->width;
	s->height = fb->height;
	s->bytes_pp = (u8)((fb->bpp + 7) / 8);
	s->red_pos = fb->red_pos;
	s->red_size = fb->red_size;
	s->green_pos = fb->green_pos;
	s->green_size = fb->green_size;
	s->blue_pos = fb->blue_pos;
	s->blue_size = fb->blue_size;
	if (!fb_surface_ok(s, &why)) {
		/* No screen to say it on: the serial console carries the reason. */
		pr_warn("fbcon: framebuffer %ux%u %ubpp not used: %s\n", fb->width, fb->height,
			fb->bpp, why);
		return;
	}
	for (unsigned i = 0; i < ARRAY_SIZE(palette_rgb); i++)
		fbc.pixel[i] = fb_pixel(s, palette_rgb[i]);
	fbc.phys = fb->addr;
	fbc.size = (u64)fb->pitch * fb->height;
	fbc.scale = pick_scale(fb->width, fb->height);
	cols = fb->width / (fbcon_font.width * fbc.scale);
	rows = fb->height / (fbcon_font.height * fbc.scale);
	fbcon_term_init(&fbc.term, cols, rows, cells, shown, draw_cell, NULL);
	/* Recorded now, mapped write-combining when paging_init() builds the real tables. */
	s->base = ioremap_wc(fbc.phys, fbc.size);
	fbc.present = true;
	fbc.drawable = fbc.phys + fbc.size <= BOOT_MAPPED_LIMIT;
	if (fbc.drawable)
		clear_screen();
	screen_pace_init(&fbc.pace, draw_pending);
	panic_register_hook(fbcon_panic_flush);
	register_console(&fbcon_console);
	pr_info("fbcon: %ux%u %ubpp framebuffer at %#llx, %ux%u text with %s (%ux%u, scale %u)\n",
		fb->width, fb->height, fb->bpp, (unsigned long long)fbc.phys, fbc.term.cols,
		fbc.term.rows, fbcon_font.name, fbcon_font.width, fbcon_font.height, fbc.scale);
}

void fbcon_set_title(const char *text)
{
	unsigned long flags;

	if (!fbc.present)
		return;
	flags = local_irq_save();
	fbcon_term_set_title(&fbc.term, text, TITLE_ATTR);
	flush();
	local_irq_restore(flags);
}

void fbcon_paging_ready(void)
{
	unsigned long flags;

	if (!fbc.present || fbc.drawable)
		return;
	flags = local_irq_save();
	fbc.drawable = true;
	clear_screen();
	flush();
	local_irq_restore(flags);
}

void fbcon_get_info(struct fbcon_info *out)
{
	memset(out, 0, sizeof(*out));
	out->active = fbc.present;
	if (!fbc.present)
		return;
	out->phys = fbc.phys;
	out->width = fbc.surface.width;
	out->height = fbc.surface.height;
	out->bpp = fbc.surface.bytes_pp * 8u;
	out->cols = fbc.term.cols;
	out->rows = fbc.term.rows;
	out->scale = fbc.scale;
	out->font = fbcon_font.name;
	out->write_combining = mm_have_wc();
	out->scrolls = fbc.term.scrolls;
	out->deferred_flushes = fbc.pace.deferred;
}

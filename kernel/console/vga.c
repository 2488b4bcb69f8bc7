// SPDX-License-Identifier: BSD-2-Clause
/*
 * Mirror of the console on the VGA text screen (80x25 at 0xB8000) when the
 * loader left text mode. The same text grid as the framebuffer console
 * (fbcon_term.c) keeps it, so it shows the log in colour per level and the
 * shell, with a reverse-video cursor; a VGA cell is already a character and
 * an attribute byte laid out as the grid keeps them. Redraws are paced like
 * the framebuffer's (screen_pace.h): each write to VGA memory traps under
 * emulation.
 */
#include <string.h>
#include "kernel/console/console.h"
#include "kernel/console/fbcon_term.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/log.h"
#include "kernel/core/panic.h"
#include "kernel/console/printk.h"
#include "kernel/console/screen_pace.h"
#include "kernel/x86/x86.h"

#define VGA_COLS      80
#define VGA_ROWS      25
#define CRTC_INDEX    0x3D4
#define CRTC_DATA     0x3D5
#define CRTC_CURSOR   0x0A
#define CURSOR_HIDDEN 0x20

static volatile u16 *const vga_text = (volatile u16 *)0xB8000;
static struct fbcon_term term;
static u16 cells[VGA_COLS * VGA_ROWS], shown[VGA_COLS * VGA_ROWS];
static bool active;
static struct screen_pace pace;

static void draw_pending(void)
{
	fbcon_term_flush(&term);
}

static void vga_panic_flush(void)
{
	screen_pace_now(&pace);
}

static void draw_cell(struct fbcon_term *t, unsigned col, unsigned row, u16 cell)
{
	u8 attr = (u8)((cell >> 8) & 0x7f);

	if (cell & FBCON_CELL_CURSOR) /* reverse video; background has 3 bits */
		attr = FBCON_ATTR(FBCON_ATTR_BG(attr), FBCON_ATTR_FG(attr) & 0x7);
	vga_text[row * VGA_COLS + col] = (u16)((attr << 8) | (cell & 0xff));
}

void vga_write_text(const char *s, size_t len)
{
	unsigned long flags;

	if (!active)
		return;
	flags = local_irq_save();
	fbcon_term_write(&term, s, len);
	screen_pace_request(&pace, false);
	local_irq_restore(flags);
}

static void vga_write(struct console *con, const char *s, size_t len)
{
	vga_write_text(s, len);
}

static void vga_write_record(struct console *con, const struct log_record *rec)
{
	char stamp[24];
	size_t n = log_format_time(stamp, sizeof(stamp), rec->ts_ns);
	unsigned long flags = local_irq_save();

	fbcon_term_log(&term, stamp, n, rec->text, rec->len, rec->level);
	screen_pace_request(&pace, rec->level <= LOGLEVEL_WARNING);
	local_irq_restore(flags);
}

static struct console vga_console = {
	.name = "vga",
	.write = vga_write,
	.write_record = vga_write_record,
};

void vga_init(void)
{
	/* The grid draws its own cursor; the blinking hardware one would sit elsewhere. */
	outb(CRTC_INDEX, CRTC_CURSOR);
	outb(CRTC_DATA, CURSOR_HIDDEN);
	fbcon_term_init(&term, VGA_COLS, VGA_ROWS, cells, shown, draw_cell, NULL);
	screen_pace_init(&pace, draw_pending);
	screen_pace_now(&pace);
	panic_register_hook(vga_panic_flush);
	active = true;
	register_console(&vga_console);
}

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The screen's text grid, for the framebuffer console and the VGA text
 * mirror alike: characters and colours per cell, the
 * cursor, line wrap, scrolling and the few terminal controls the shell and
 * the log send (CR, LF, BS, TAB, ESC[K, ESC[2J, ESC[...m). It knows nothing
 * about pixels: flush() calls draw() for each cell that differs from what the
 * screen shows, so a scroll rewrites only cells whose content changed and the
 * framebuffer is never read.
 */
#ifndef NAPKIN_KERNEL_FBCON_TERM_H
#define NAPKIN_KERNEL_FBCON_TERM_H

#include "kernel/core/compiler.h"

#define FBCON_MAX_COLS 240
#define FBCON_MAX_ROWS 100

/* The 16 colours of the VGA palette, as cell attributes use them. */
enum fbcon_color {
	FBCON_BLACK,
	FBCON_BLUE,
	FBCON_GREEN,
	FBCON_CYAN,
	FBCON_RED,
	FBCON_MAGENTA,
	FBCON_BROWN,
	FBCON_LIGHT_GREY,
	FBCON_DARK_GREY,
	FBCON_LIGHT_BLUE,
	FBCON_LIGHT_GREEN,
	FBCON_LIGHT_CYAN,
	FBCON_LIGHT_RED,
	FBCON_LIGHT_MAGENTA,
	FBCON_YELLOW,
	FBCON_WHITE,
};

/* An attribute: foreground in bits 0-3, background (0-7) in bits 4-6. */
#define FBCON_ATTR(fg, bg) ((u8)((fg) | ((bg) << 4)))
#define FBCON_ATTR_FG(a)   ((a)&0xf)
#define FBCON_ATTR_BG(a)   (((a) >> 4) & 0x7)
#define FBCON_ATTR_DEFAULT FBCON_ATTR(FBCON_LIGHT_GREY, FBCON_BLACK)
/* A cell: character in bits 0-7, attribute in 8-14; bit 15 marks the cursor. */
#define FBCON_CELL(c, attr) ((u16)((u8)(c) | ((attr) << 8)))
#define FBCON_CELL_CURSOR   0x8000u

struct fbcon_term;
typedef void (*fbcon_draw_fn)(struct fbcon_term *t, unsigned col, unsigned row, u16 cell);

struct fbcon_term {
	unsigned cols, rows;
	unsigned top;  /* rows above this are a fixed title, outside the scrolling text */
	unsigned x, y; /* cursor; x == cols means "wrap before the next character" */
	u8 attr;       /* for characters written from now on */
	u8 esc_state;
	unsigned esc_params[4], esc_nparams;
	u64 scrolls;
	fbcon_draw_fn draw;
	void *ctx;
	u16 *cells; /* what the screen should show, cols * rows */
	u16 *shown; /* what it shows */
};

/*
 * Blank grid on the caller's storage (two arrays of at least cols * rows
 * cells); cols and rows are clamped to the maxima. Everything redraws at the
 * first flush.
 */
void fbcon_term_init(struct fbcon_term *t, unsigned cols, unsigned rows, u16 *cells, u16 *shown,
		     fbcon_draw_fn draw, void *ctx);
void fbcon_term_write(struct fbcon_term *t, const char *s, size_t len);
/*
 * A log record: the timestamp in green (as `dmesg --color`), the text in its
 * level's colour (KERN_* numbers: 0-2 white on red, 3 light red, 4 yellow,
 * 5 white, 6 grey, 7 dark grey), then a newline.
 */
void fbcon_term_log(struct fbcon_term *t, const char *stamp, size_t stamp_len, const char *text,
		    size_t len, u8 level);
/* Draws the cells that changed since the last flush, cursor included. */
void fbcon_term_flush(struct fbcon_term *t);
/*
 * Pins text (clipped to one line) to the top row in attr, and makes the rest
 * scroll below it. Text already written stays where it is.
 */
void fbcon_term_set_title(struct fbcon_term *t, const char *text, u8 attr);
/* Forget what the screen shows (it was cleared or just mapped): all redraws. */
void fbcon_term_invalidate(struct fbcon_term *t);

#endif

// SPDX-License-Identifier: BSD-2-Clause
/* The framebuffer console's text grid (see fbcon_term.h). */
#include <string.h>
#include "kernel/console/fbcon_term.h"

#define TAB_WIDTH    8
#define CELL_UNKNOWN 0xffffu /* never equal to a cell to draw: forces a redraw */
#define ESC_NONE     0
#define ESC_SEEN     1
#define ESC_CSI	     2
#define SGR_BRIGHT   8 /* bold: the bright half of the palette */

/* ANSI colour numbers (30-37) in VGA palette order. */
static const u8 ansi_to_vga[8] = { FBCON_BLACK, FBCON_RED,     FBCON_GREEN, FBCON_BROWN,
				   FBCON_BLUE,	FBCON_MAGENTA, FBCON_CYAN,  FBCON_LIGHT_GREY };

static u16 *row_ptr(struct fbcon_term *t, unsigned row)
{
	return &t->cells[row * t->cols];
}

static void clear_cells(struct fbcon_term *t, unsigned row, unsigned from, unsigned to)
{
	u16 blank = FBCON_CELL(' ', t->attr);
	u16 *r = row_ptr(t, row);

	for (unsigned i = from; i < to; i++)
		r[i] = blank;
}

void fbcon_term_invalidate(struct fbcon_term *t)
{
	for (unsigned i = 0; i < t->cols * t->rows; i++)
		t->shown[i] = CELL_UNKNOWN;
}

void fbcon_term_init(struct fbcon_term *t, unsigned cols, unsigned rows, u16 *cells, u16 *shown,
		     fbcon_draw_fn draw, void *ctx)
{
	t->cells = cells;
	t->shown = shown;
	t->cols = MAX(1u, MIN(cols, FBCON_MAX_COLS));
	t->rows = MAX(1u, MIN(rows, FBCON_MAX_ROWS));
	t->x = t->y = t->top = 0;
	t->attr = FBCON_ATTR_DEFAULT;
	t->esc_state = ESC_NONE;
	t->scrolls = 0;
	t->draw = draw;
	t->ctx = ctx;
	for (unsigned r = 0; r < t->rows; r++)
		clear_cells(t, r, 0, t->cols);
	fbcon_term_invalidate(t);
}

static void scroll_up(struct fbcon_term *t)
{
	memmove(row_ptr(t, t->top), row_ptr(t, t->top + 1),
		(size_t)(t->rows - 1 - t->top) * t->cols * sizeof(u16));
	clear_cells(t, t->rows - 1, 0, t->cols);
	t->scrolls++;
}

static void newline(struct fbcon_term *t)
{
	t->x = 0;
	if (t->y + 1 < t->rows)
		t->y++;
	else
		scroll_up(t);
}

static void put_char(struct fbcon_term *t, u8 c)
{
	if (t->x >= t->cols)
		newline(t);
	row_ptr(t, t->y)[t->x++] = FBCON_CELL(c, t->attr);
}

static void select_graphic_rendition(struct fbcon_term *t)
{
	if (!t->esc_nparams)
		t->esc_params[t->esc_nparams++] = 0;
	for (unsigned i = 0; i < t->esc_nparams; i++) {
		unsigned p = t->esc_params[i];
		u8 fg = FBCON_ATTR_FG(t->attr), bg = FBCON_ATTR_BG(t->attr);

		if (p == 0) {
			fg = FBCON_ATTR_FG(FBCON_ATTR_DEFAULT);
			bg = FBCON_ATTR_BG(FBCON_ATTR_DEFAULT);
		} else if (p == 1) {
			fg |= SGR_BRIGHT;
		} else if (p >= 30 && p <= 37) {
			fg = (u8)((fg & SGR_BRIGHT) | ansi_to_vga[p - 30]);
		} else if (p == 39) {
			fg = FBCON_ATTR_FG(FBCON_ATTR_DEFAULT);
		} else if (p >= 40 && p <= 47) {
			bg = ansi_to_vga[p - 40];
		} else if (p == 49) {
			bg = FBCON_ATTR_BG(FBCON_ATTR_DEFAULT);
		} else if (p >= 90 && p <= 97) {
			fg = (u8)(ansi_to_vga[p - 90] | SGR_BRIGHT);
		}
		t->attr = FBCON_ATTR(fg, bg);
	}
}

/* The final byte of ESC [ params: only what napkin's own output uses is acted on. */
static void csi_final(struct fbcon_term *t, char c)
{
	unsigned p0 = t->esc_nparams ? t->esc_params[0] : 0;
	unsigned x = MIN(t->x, t->cols);

	switch (c) {
	case 'K':
		if (p0 == 0)
			clear_cells(t, t->y, x, t->cols);
		else if (p0 == 1)
			clear_cells(t, t->y, 0, MIN(x + 1, t->cols));
		else
			clear_cells(t, t->y, 0, t->cols);
		break;
	case 'J':
		if (p0 == 2) {
			for (unsigned r = t->top; r < t->rows; r++)
				clear_cells(t, r, 0, t->cols);
			t->x = 0;
			t->y = t->top;
		}
		break;
	case 'm': select_graphic_rendition(t); break;
	default: break; /* other controls are ignored, not printed */
	}
}

static void escape_byte(struct fbcon_term *t, char c)
{
	if (t->esc_state == ESC_SEEN) {
		t->esc_state = c == '[' ? ESC_CSI : ESC_NONE;
		t->esc_nparams = 0;
		return;
	}
	if (c >= '0' && c <= '9') {
		if (!t->esc_nparams)
			t->esc_params[t->esc_nparams++] = 0;
		unsigned *p = &t->esc_params[t->esc_nparams - 1];

		*p = MIN(*p * 10 + (unsigned)(c - '0'), 9999u);
		return;
	}
	if (c == ';') {
		if (!t->esc_nparams)
			t->esc_params[t->esc_nparams++] = 0;
		if (t->esc_nparams < ARRAY_SIZE(t->esc_params))
			t->esc_params[t->esc_nparams++] = 0;
		return;
	}
	if ((unsigned char)c >= 0x40 && (unsigned char)c <= 0x7e) {
		csi_final(t, c);
		t->esc_state = ESC_NONE;
	}
	/* Intermediate bytes (0x20-0x3f other than digits and ';') are skipped. */
}

void fbcon_term_write(struct fbcon_term *t, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		char c = s[i];

		if (t->esc_state != ESC_NONE) {
			escape_byte(t, c);
			continue;
		}
		switch (c) {
		case '\n': newline(t); break;
		case '\r': t->x = 0; break;
		case '\b':
			if (t->x > 0)
				t->x = MIN(t->x, t->cols) - 1;
			break;
		case '\t':
			do
				put_char(t, ' ');
			while (t->x % TAB_WIDTH && t->x < t->cols);
			break;
		case '\033': t->esc_state = ESC_SEEN; break;
		default:
			if ((unsigned char)c >= 0x20 && c != 0x7f)
				put_char(t, (u8)c);
			break;
		}
	}
}

void fbcon_term_set_title(struct fbcon_term *t, const char *text, u8 attr)
{
	u16 *r = row_ptr(t, 0);
	size_t i = 0;

	if (t->rows < 2)
		return;
	if (!t->top) {
		/* Make room: the text so far moves down a row unless the cursor is on top. */
		if (t->y + 1 < t->rows) {
			memmove(row_ptr(t, 1), row_ptr(t, 0),
				(size_t)(t->rows - 1) * t->cols * sizeof(u16));
			t->y++;
		} else {
			scroll_up(t);
		}
		t->top = 1;
	}
	for (; i < t->cols && text[i]; i++)
		r[i] = FBCON_CELL(text[i], attr);
	for (; i < t->cols; i++)
		r[i] = FBCON_CELL(' ', attr);
}

void fbcon_term_flush(struct fbcon_term *t)
{
	unsigned cursor = t->y * t->cols + MIN(t->x, t->cols - 1);

	for (unsigned i = 0; i < t->cols * t->rows; i++) {
		u16 want = t->cells[i] | (i == cursor ? FBCON_CELL_CURSOR : 0);

		if (t->shown[i] == want)
			continue;
		t->draw(t, i % t->cols, i / t->cols, want);
		t->shown[i] = want;
	}
}

static u8 level_attr(u8 level)
{
	switch (level) {
	case 0:
	case 1:
	case 2: return FBCON_ATTR(FBCON_WHITE, FBCON_RED);
	case 3: return FBCON_ATTR(FBCON_LIGHT_RED, FBCON_BLACK);
	case 4: return FBCON_ATTR(FBCON_YELLOW, FBCON_BLACK);
	case 5: return FBCON_ATTR(FBCON_WHITE, FBCON_BLACK);
	case 7: return FBCON_ATTR(FBCON_DARK_GREY, FBCON_BLACK);
	default: return FBCON_ATTR_DEFAULT;
	}
}

void fbcon_term_log(struct fbcon_term *t, const char *stamp, size_t stamp_len, const char *text,
		    size_t len, u8 level)
{
	u8 saved = t->attr;

	t->attr = FBCON_ATTR(FBCON_GREEN, FBCON_BLACK);
	fbcon_term_write(t, stamp, stamp_len);
	t->attr = level_attr(level);
	fbcon_term_write(t, text, len);
	t->attr = saved;
	fbcon_term_write(t, "\n", 1);
}

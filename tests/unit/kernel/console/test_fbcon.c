// SPDX-License-Identifier: BSD-2-Clause
/* The framebuffer console's text grid (wrap, scroll, title row, terminal
 * controls, redraw of changed cells only) and its pixel drawing (colour
 * formats, glyph scaling), on memory buffers. */
#include <check.h>
#include <string.h>
#include "kernel/console/fbcon_draw.h"
#include "kernel/console/fbcon_font.h"
#include "kernel/console/fbcon_term.h"

#define COLS 10
#define ROWS 4

static struct fbcon_term term;
static u16 cells[FBCON_MAX_COLS * FBCON_MAX_ROWS], shown[FBCON_MAX_COLS * FBCON_MAX_ROWS];
static unsigned draws;

static void count_draw(struct fbcon_term *t, unsigned col, unsigned row, u16 cell)
{
	draws++;
}

static char ch(unsigned col, unsigned row)
{
	return (char)(term.cells[row * term.cols + col] & 0xff);
}

static void row_text(unsigned row, char *out)
{
	for (unsigned c = 0; c < term.cols; c++)
		out[c] = ch(c, row);
	out[term.cols] = '\0';
}

static void put(const char *s)
{
	fbcon_term_write(&term, s, strlen(s));
}

static void setup(void)
{
	fbcon_term_init(&term, COLS, ROWS, cells, shown, count_draw, NULL);
	draws = 0;
}

START_TEST(test_first_flush_draws_everything_then_only_changes)
{
	fbcon_term_flush(&term);
	ck_assert_uint_eq(draws, COLS * ROWS);
	draws = 0;
	fbcon_term_flush(&term);
	ck_assert_uint_eq(draws, 0);
	put("a");
	fbcon_term_flush(&term);
	/* The new character and the cursor moving to the next cell. */
	ck_assert_uint_eq(draws, 2);
}
END_TEST

START_TEST(test_wrap_and_scroll)
{
	char line[COLS + 1];

	put("0123456789ab\n1\n2\n3");
	row_text(0, line);
	ck_assert_str_eq(line, "ab        ");
	row_text(3, line);
	ck_assert_str_eq(line, "3         ");
	ck_assert_uint_eq(term.scrolls, 1);
	ck_assert_uint_eq(term.y, ROWS - 1);
}
END_TEST

START_TEST(test_exactly_full_line_does_not_leave_blank_line)
{
	char line[COLS + 1];

	put("0123456789\nx");
	row_text(0, line);
	ck_assert_str_eq(line, "0123456789");
	row_text(1, line);
	ck_assert_str_eq(line, "x         ");
}
END_TEST

START_TEST(test_prompt_hide_and_redraw)
{
	char line[COLS + 1];

	put("napkin> ab");
	put("\r\033[K");
	row_text(0, line);
	ck_assert_str_eq(line, "          ");
	ck_assert_uint_eq(term.x, 0);
	put("log\n");
	put("napkin> ab\b \b");
	row_text(1, line);
	ck_assert_str_eq(line, "napkin> a ");
	ck_assert_uint_eq(term.x, 9);
}
END_TEST

START_TEST(test_colour_escape_and_unknown_controls)
{
	put("\033[1;31mR\033[0mG\033[5AH");
	ck_assert_uint_eq(term.cells[0] >> 8, FBCON_ATTR(FBCON_LIGHT_RED, FBCON_BLACK));
	ck_assert_uint_eq(term.cells[1] >> 8, FBCON_ATTR_DEFAULT);
	/* ESC[5A (cursor up) is not acted on, and not printed either. */
	ck_assert_int_eq(ch(2, 0), 'H');
}
END_TEST

START_TEST(test_title_stays_while_text_scrolls)
{
	char line[COLS + 1];

	put("one\ntwo");
	fbcon_term_set_title(&term, "TITLE-TOO-LONG", FBCON_ATTR(FBCON_WHITE, FBCON_BLUE));
	row_text(0, line);
	ck_assert_str_eq(line, "TITLE-TOO-");
	row_text(1, line);
	ck_assert_str_eq(line, "one       ");
	put("\n3\n4\n5");
	row_text(0, line);
	ck_assert_str_eq(line, "TITLE-TOO-");
	row_text(1, line);
	ck_assert_str_eq(line, "3         ");
	row_text(3, line);
	ck_assert_str_eq(line, "5         ");
	put("\033[2J");
	row_text(0, line);
	ck_assert_str_eq(line, "TITLE-TOO-");
	ck_assert_uint_eq(term.y, 1);
}
END_TEST

START_TEST(test_grid_is_clamped)
{
	fbcon_term_init(&term, 10000, 10000, cells, shown, count_draw, NULL);
	ck_assert_uint_eq(term.cols, FBCON_MAX_COLS);
	ck_assert_uint_eq(term.rows, FBCON_MAX_ROWS);
}
END_TEST

/* A 3x2 font: glyph 'A' is "X.X" over ".X.", everything else blank. */
static u8 tiny_glyphs[FBCON_FONT_CHARS][2];
static const struct fbcon_font tiny = { "tiny", 3, 2, 1, &tiny_glyphs[0][0] };

START_TEST(test_pixel_formats)
{
	struct fb_surface bgrx = { .bytes_pp = 4,
				   .red_pos = 16,
				   .red_size = 8,
				   .green_pos = 8,
				   .green_size = 8,
				   .blue_pos = 0,
				   .blue_size = 8 };
	struct fb_surface rgb565 = { .bytes_pp = 2,
				     .red_pos = 11,
				     .red_size = 5,
				     .green_pos = 5,
				     .green_size = 6,
				     .blue_pos = 0,
				     .blue_size = 5 };
	struct fb_surface bad = bgrx;
	const char *why = NULL;

	ck_assert_uint_eq(fb_pixel(&bgrx, 0xffff55), 0xffff55);
	ck_assert_uint_eq(fb_pixel(&rgb565, 0xffffff), 0xffff);
	ck_assert_uint_eq(fb_pixel(&rgb565, 0xff0000), 0xf800);
	bgrx.width = 8;
	bgrx.pitch = 32;
	ck_assert(fb_surface_ok(&bgrx, &why));
	bad.bytes_pp = 1;
	ck_assert(!fb_surface_ok(&bad, &why));
	ck_assert_ptr_nonnull(why);
}
END_TEST

START_TEST(test_glyph_scaled_onto_32bpp)
{
	static u32 pixels[8 * 8];
	struct fb_surface s = { .base = (u8 *)pixels,
				.pitch = 8 * 4,
				.width = 8,
				.height = 8,
				.bytes_pp = 4,
				.red_pos = 16,
				.red_size = 8,
				.green_pos = 8,
				.green_size = 8,
				.blue_pos = 0,
				.blue_size = 8 };
	const u32 fg = 0xaaaaaa, bg = 0x000001;

	tiny_glyphs['A'][0] = 0xa0; /* X.X */
	tiny_glyphs['A'][1] = 0x40; /* .X. */
	fb_fill(&s, 0, 0, 8, 8, 0x123456);
	fb_draw_glyph(&s, &tiny, fbcon_glyph(&tiny, 'A'), 1, 1, 2, fg, bg);
	/* Row 0 of the glyph covers pixel rows 1-2, each font pixel two wide. */
	for (unsigned y = 1; y <= 2; y++) {
		ck_assert_uint_eq(pixels[y * 8 + 1], fg);
		ck_assert_uint_eq(pixels[y * 8 + 2], fg);
		ck_assert_uint_eq(pixels[y * 8 + 3], bg);
		ck_assert_uint_eq(pixels[y * 8 + 5], fg);
	}
	ck_assert_uint_eq(pixels[3 * 8 + 1], bg);
	ck_assert_uint_eq(pixels[4 * 8 + 3], fg);
	/* Outside the glyph nothing changed. */
	ck_assert_uint_eq(pixels[0], 0x123456);
	ck_assert_uint_eq(pixels[1 * 8 + 7], 0x123456);
	ck_assert_uint_eq(pixels[5 * 8 + 1], 0x123456);
	/* A glyph that would cross the edge is not drawn at all. */
	fb_draw_glyph(&s, &tiny, fbcon_glyph(&tiny, 'A'), 6, 6, 2, fg, bg);
	ck_assert_uint_eq(pixels[7 * 8 + 7], 0x123456);
}
END_TEST

static Suite *fbcon_suite(void)
{
	Suite *s = suite_create("fbcon");
	TCase *tc = tcase_create("term");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_first_flush_draws_everything_then_only_changes);
	tcase_add_test(tc, test_wrap_and_scroll);
	tcase_add_test(tc, test_exactly_full_line_does_not_leave_blank_line);
	tcase_add_test(tc, test_prompt_hide_and_redraw);
	tcase_add_test(tc, test_colour_escape_and_unknown_controls);
	tcase_add_test(tc, test_title_stays_while_text_scrolls);
	tcase_add_test(tc, test_grid_is_clamped);
	suite_add_tcase(s, tc);
	tc = tcase_create("draw");
	tcase_add_test(tc, test_pixel_formats);
	tcase_add_test(tc, test_glyph_scaled_onto_32bpp);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(fbcon_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

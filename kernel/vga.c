// SPDX-License-Identifier: BSD-2-Clause
/* Mirror of the console on the VGA text screen, scrolling, no cursor games. */
#include <string.h>
#include "kernel/console.h"

#define VGA_COLS 80
#define VGA_ROWS 25
#define VGA_ATTR 0x0700 /* light grey on black */

static volatile u16 *const vga_text = (volatile u16 *)0xB8000;
static unsigned vga_col, vga_row;

static void vga_scroll(void)
{
	for (unsigned i = 0; i < VGA_COLS * (VGA_ROWS - 1); i++)
		vga_text[i] = vga_text[i + VGA_COLS];
	for (unsigned i = 0; i < VGA_COLS; i++)
		vga_text[VGA_COLS * (VGA_ROWS - 1) + i] = VGA_ATTR | ' ';
	vga_row = VGA_ROWS - 1;
}

static void vga_putc(char c)
{
	if (c == '\n' || vga_col == VGA_COLS) {
		vga_col = 0;
		if (++vga_row == VGA_ROWS)
			vga_scroll();
		if (c == '\n')
			return;
	}
	if (c == '\r') {
		vga_col = 0;
		return;
	}
	vga_text[vga_row * VGA_COLS + vga_col++] = VGA_ATTR | (u8)c;
}

static void vga_write(struct console *con, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		vga_putc(s[i]);
}

static struct console vga_console = { .name = "vga", .write = vga_write };

void vga_init(void)
{
	for (unsigned i = 0; i < VGA_COLS * VGA_ROWS; i++)
		vga_text[i] = VGA_ATTR | ' ';
	vga_col = vga_row = 0;
	register_console(&vga_console);
}

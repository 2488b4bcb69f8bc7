/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The framebuffer console: the log and the shell drawn as text on the linear
 * framebuffer the boot loader set up (UEFI GOP or BIOS VBE through GRUB),
 * with a colour per log level. It mirrors the serial console; it does not
 * read a keyboard.
 */
#ifndef NAPKIN_KERNEL_FBCON_H
#define NAPKIN_KERNEL_FBCON_H

#include "kernel/core/compiler.h"

struct boot_fb;

/*
 * Takes over the loader's framebuffer (fb->addr == 0: none) and registers the
 * console. A framebuffer the boot page tables reach (below 4 GiB) shows text
 * at once; one above shows it from fbcon_paging_ready() on.
 */
void fbcon_init(const struct boot_fb *fb);
/* After paging_init(): the framebuffer is mapped for good; draw what waited. */
void fbcon_paging_ready(void);
/* The top row, kept while the rest scrolls: the boot banner, so a screen shows what runs. */
void fbcon_set_title(const char *text);
/* Shell output (terminal controls included); nothing without a framebuffer. */
void fbcon_write(const char *s, size_t len);

struct fbcon_info {
	bool active;
	u64 phys;
	u32 width, height, bpp;
	unsigned cols, rows, scale;
	const char *font;
	bool write_combining;
	u64 scrolls;
	u64 deferred_flushes;
};
void fbcon_get_info(struct fbcon_info *out);

#endif

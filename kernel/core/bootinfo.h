/* SPDX-License-Identifier: BSD-2-Clause */
/* What the boot loader told us, whichever Multiboot version it spoke. */
#ifndef NAPKIN_KERNEL_BOOTINFO_H
#define NAPKIN_KERNEL_BOOTINFO_H

#include "kernel/core/compiler.h"

#define MB1_BOOT_MAGIC 0x2BADB002u
#define MB2_BOOT_MAGIC 0x36d76289u

/* Framebuffer types, the same numbers in Multiboot1 and Multiboot2. */
#define FB_TYPE_INDEXED	 0
#define FB_TYPE_RGB	 1
#define FB_TYPE_EGA_TEXT 2
#define FB_TYPE_NONE	 0xff /* the loader said nothing about the screen */

struct boot_info {
	int multiboot_version; /* 1 or 2; 0 if the magic was not recognised */
	const char *loader;    /* boot loader name, or "unknown" */
	const char *cmdline;   /* never NULL */
	/* Memory map in the loader's own format, decoded by kernel/mm/memmap.c. */
	const void *mb1_mmap;
	u32 mb1_mmap_len;
	const void *mb2_mmap_tag;
	u32 mem_lower_kb, mem_upper_kb; /* Multiboot1 fallback when there is no map */
	/* Copy of the RSDP the loader found (Multiboot2 ACPI tags), else NULL. */
	const void *rsdp;
	size_t rsdp_len;
	bool vga_text; /* the screen is in 80x25 text mode at 0xB8000 */
	/* A linear RGB framebuffer the loader set up; fb.addr == 0 when none. */
	struct boot_fb {
		u64 addr;
		u32 pitch, width, height; /* pitch in bytes per line */
		u8 bpp;
		u8 red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
	} fb;
	u8 fb_type; /* as the loader reported it; FB_TYPE_* */
	bool efi;   /* booted by UEFI firmware */
	/* Physical range of the loader's information, to keep out of the allocator. */
	u64 info_start, info_end;
};

void bootinfo_parse(u32 magic, u64 info_phys, struct boot_info *bi);

#endif

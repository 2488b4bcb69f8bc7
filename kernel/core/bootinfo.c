// SPDX-License-Identifier: BSD-2-Clause
/* Decode Multiboot1 and Multiboot2 information into struct boot_info. */
#include <string.h>
#include "kernel/core/bootinfo.h"

#define MB1_FLAG_MEM	     BIT(0)
#define MB1_FLAG_CMDLINE     BIT(2)
#define MB1_FLAG_MMAP	     BIT(6)
#define MB1_FLAG_LOADER	     BIT(9)
#define MB1_FLAG_FRAMEBUFFER BIT(12)

struct mb1_info {
	u32 flags;
	u32 mem_lower, mem_upper;
	u32 boot_device;
	u32 cmdline;
	u32 mods_count, mods_addr;
	u32 syms[4];
	u32 mmap_length, mmap_addr;
	u32 drives_length, drives_addr;
	u32 config_table;
	u32 boot_loader_name;
	u32 apm_table;
	u32 vbe[6];
	u64 framebuffer_addr;
	u32 framebuffer_pitch, framebuffer_width, framebuffer_height;
	u8 framebuffer_bpp, framebuffer_type;
	u8 color_info[6]; /* RGB: red position, size, green position, size, blue ... */
} __packed;

enum {
	MB2_TAG_END = 0,
	MB2_TAG_CMDLINE = 1,
	MB2_TAG_LOADER = 2,
	MB2_TAG_BASIC_MEM = 4,
	MB2_TAG_MMAP = 6,
	MB2_TAG_FRAMEBUFFER = 8,
	MB2_TAG_EFI32 = 11,
	MB2_TAG_EFI64 = 12,
	MB2_TAG_ACPI_OLD = 14,
	MB2_TAG_ACPI_NEW = 15,
};

struct mb2_tag {
	u32 type;
	u32 size;
};

/* The framebuffer tag's fixed part; colour information follows for RGB. */
struct mb2_fb_tag {
	u32 type, size;
	u64 addr;
	u32 pitch, width, height;
	u8 bpp, fb_type;
	u16 reserved;
	u8 color_info[6];
} __packed;

/* Keeps an RGB framebuffer only: indexed colour and text need other code. */
static void set_fb(struct boot_info *bi, u64 addr, u32 pitch, u32 width, u32 height, u8 bpp,
		   u8 type, const u8 *color)
{
	bi->fb_type = type;
	bi->vga_text = type == FB_TYPE_EGA_TEXT;
	if (type != FB_TYPE_RGB || !addr || !width || !height || !pitch)
		return;
	bi->fb.addr = addr;
	bi->fb.pitch = pitch;
	bi->fb.width = width;
	bi->fb.height = height;
	bi->fb.bpp = bpp;
	bi->fb.red_pos = color[0];
	bi->fb.red_size = color[1];
	bi->fb.green_pos = color[2];
	bi->fb.green_size = color[3];
	bi->fb.blue_pos = color[4];
	bi->fb.blue_size = color[5];
}

static void parse_mb1(const struct mb1_info *mi, struct boot_info *bi)
{
	bi->multiboot_version = 1;
	bi->info_start = (u64)(uintptr_t)mi;
	bi->info_end = bi->info_start + sizeof(*mi);
	if (mi->flags & MB1_FLAG_CMDLINE)
		bi->cmdline = (const char *)(uintptr_t)mi->cmdline;
	if (mi->flags & MB1_FLAG_LOADER)
		bi->loader = (const char *)(uintptr_t)mi->boot_loader_name;
	if (mi->flags & MB1_FLAG_MEM) {
		bi->mem_lower_kb = mi->mem_lower;
		bi->mem_upper_kb = mi->mem_upper;
	}
	if (mi->flags & MB1_FLAG_MMAP) {
		bi->mb1_mmap = (const void *)(uintptr_t)mi->mmap_addr;
		bi->mb1_mmap_len = mi->mmap_length;
	}
	/* Multiboot1 loaders are BIOS loaders: text mode unless they set a mode. */
	bi->vga_text = true;
	if (mi->flags & MB1_FLAG_FRAMEBUFFER)
		set_fb(bi, mi->framebuffer_addr, mi->framebuffer_pitch, mi->framebuffer_width,
		       mi->framebuffer_height, mi->framebuffer_bpp, mi->framebuffer_type,
		       mi->color_info);
}

static void parse_mb2(const u8 *info, struct boot_info *bi)
{
	u32 total = *(const u32 *)info;
	const u8 *p = info + 8, *end = info + total;

	bi->multiboot_version = 2;
	bi->info_start = (u64)(uintptr_t)info;
	bi->info_end = bi->info_start + total;
	/* Tags are 8-byte aligned; a bogus size ends the walk rather than the kernel. */
	while (p + sizeof(struct mb2_tag) <= end) {
		const struct mb2_tag *tag = (const void *)p;

		if (tag->type == MB2_TAG_END || tag->size < sizeof(*tag) || p + tag->size > end)
			break;
		switch (tag->type) {
		case MB2_TAG_CMDLINE: bi->cmdline = (const char *)(p + 8); break;
		case MB2_TAG_LOADER: bi->loader = (const char *)(p + 8); break;
		case MB2_TAG_BASIC_MEM:
			bi->mem_lower_kb = ((const u32 *)p)[2];
			bi->mem_upper_kb = ((const u32 *)p)[3];
			break;
		case MB2_TAG_MMAP: bi->mb2_mmap_tag = p; break;
		case MB2_TAG_FRAMEBUFFER:
			if (tag->size >= sizeof(struct mb2_fb_tag)) {
				const struct mb2_fb_tag *t = (const void *)p;

				set_fb(bi, t->addr, t->pitch, t->width, t->height, t->bpp,
				       t->fb_type, t->color_info);
			} else if (tag->size >= 30) {
				bi->fb_type = p[29];
				bi->vga_text = p[29] == FB_TYPE_EGA_TEXT;
			}
			break;
		case MB2_TAG_EFI32:
		case MB2_TAG_EFI64: bi->efi = true; break;
		case MB2_TAG_ACPI_NEW:
			bi->rsdp = p + 8;
			bi->rsdp_len = tag->size - 8;
			break;
		case MB2_TAG_ACPI_OLD:
			if (!bi->rsdp) {
				bi->rsdp = p + 8;
				bi->rsdp_len = tag->size - 8;
			}
			break;
		default: break;
		}
		p += ALIGN_UP(tag->size, 8);
	}
}

/*
 * The loader's name is kept in a copy: the string lies outside the range kept
 * from the allocator (Multiboot1 puts it anywhere) and the boot report reads
 * it long after memory was handed out.
 */
static char loader_name[64];

static const char *keep_loader_name(const char *name)
{
	size_t i = 0;

	for (; i < sizeof(loader_name) - 1 && name[i]; i++)
		loader_name[i] = name[i];
	loader_name[i] = '\0';
	return loader_name;
}

void bootinfo_parse(u32 magic, u64 info_phys, struct boot_info *bi)
{
	memset(bi, 0, sizeof(*bi));
	bi->fb_type = FB_TYPE_NONE;
	bi->loader = "unknown";
	bi->cmdline = "";
	if (magic == MB1_BOOT_MAGIC && info_phys)
		parse_mb1((const void *)(uintptr_t)info_phys, bi);
	else if (magic == MB2_BOOT_MAGIC && info_phys)
		parse_mb2((const void *)(uintptr_t)info_phys, bi);
	if (!bi->cmdline)
		bi->cmdline = "";
	if (!bi->loader)
		bi->loader = "unknown";
	bi->loader = keep_loader_name(bi->loader);
}

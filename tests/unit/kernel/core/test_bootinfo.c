// SPDX-License-Identifier: BSD-2-Clause
/* The loader's screen as bootinfo_parse() reads it: Multiboot2 framebuffer
 * tags (RGB, EGA text, indexed, truncated) and Multiboot1 video fields. */
#include <check.h>
#include <string.h>
#include "kernel/core/bootinfo.h"

static _Alignas(8) u8 info[256];
static size_t used;

static void mb2_begin(void)
{
	memset(info, 0, sizeof(info));
	used = 8;
}

static void mb2_tag(const void *tag, u32 size)
{
	memcpy(info + used, tag, size);
	used += (size + 7) & ~7u;
}

static void mb2_end(void)
{
	u32 end[2] = { 0, 8 };

	mb2_tag(end, sizeof(end));
	*(u32 *)info = (u32)used;
}

/* A framebuffer tag as GRUB writes it: common part, then RGB field layout. */
static void mb2_fb_tag(u64 addr, u32 pitch, u32 w, u32 h, u8 bpp, u8 type, u32 size)
{
	u8 tag[40] = { 0 };
	u32 hdr[2] = { 8, size };
	u8 color[6] = { 16, 8, 8, 8, 0, 8 };

	memcpy(tag, hdr, 8);
	memcpy(tag + 8, &addr, 8);
	memcpy(tag + 16, &pitch, 4);
	memcpy(tag + 20, &w, 4);
	memcpy(tag + 24, &h, 4);
	tag[28] = bpp;
	tag[29] = type;
	memcpy(tag + 32, color, sizeof(color));
	mb2_tag(tag, size);
}

START_TEST(test_mb2_rgb_framebuffer)
{
	struct boot_info bi;

	mb2_begin();
	mb2_fb_tag(0x80000000ull, 3200, 800, 600, 32, FB_TYPE_RGB, 38);
	mb2_end();
	bootinfo_parse(MB2_BOOT_MAGIC, (u64)(uintptr_t)info, &bi);
	ck_assert_uint_eq(bi.fb.addr, 0x80000000ull);
	ck_assert_uint_eq(bi.fb.pitch, 3200);
	ck_assert_uint_eq(bi.fb.width, 800);
	ck_assert_uint_eq(bi.fb.height, 600);
	ck_assert_uint_eq(bi.fb.bpp, 32);
	ck_assert_uint_eq(bi.fb.red_pos, 16);
	ck_assert_uint_eq(bi.fb.green_size, 8);
	ck_assert_uint_eq(bi.fb.blue_pos, 0);
	ck_assert(!bi.vga_text);
}
END_TEST

START_TEST(test_mb2_text_and_indexed_give_no_framebuffer)
{
	struct boot_info bi;

	mb2_begin();
	mb2_fb_tag(0xb8000, 160, 80, 25, 16, FB_TYPE_EGA_TEXT, 32);
	mb2_end();
	bootinfo_parse(MB2_BOOT_MAGIC, (u64)(uintptr_t)info, &bi);
	ck_assert(bi.vga_text);
	ck_assert_uint_eq(bi.fb.addr, 0);

	mb2_begin();
	mb2_fb_tag(0xfd000000, 1024, 1024, 768, 8, FB_TYPE_INDEXED, 38);
	mb2_end();
	bootinfo_parse(MB2_BOOT_MAGIC, (u64)(uintptr_t)info, &bi);
	ck_assert(!bi.vga_text);
	ck_assert_uint_eq(bi.fb.addr, 0);
	ck_assert_uint_eq(bi.fb_type, FB_TYPE_INDEXED);
}
END_TEST

START_TEST(test_mb2_without_tag_says_nothing_about_the_screen)
{
	struct boot_info bi;

	mb2_begin();
	mb2_end();
	bootinfo_parse(MB2_BOOT_MAGIC, (u64)(uintptr_t)info, &bi);
	ck_assert_uint_eq(bi.fb_type, FB_TYPE_NONE);
	ck_assert(!bi.vga_text);
	ck_assert_uint_eq(bi.fb.addr, 0);
}
END_TEST

START_TEST(test_mb2_truncated_tag_is_not_trusted)
{
	struct boot_info bi;

	mb2_begin();
	mb2_fb_tag(0x80000000ull, 3200, 800, 600, 32, FB_TYPE_RGB, 30);
	mb2_end();
	bootinfo_parse(MB2_BOOT_MAGIC, (u64)(uintptr_t)info, &bi);
	ck_assert_uint_eq(bi.fb.addr, 0);
}
END_TEST

/* The Multiboot1 information block up to the colour fields. */
struct mb1 {
	u32 flags, mem_lower, mem_upper, boot_device, cmdline, mods_count, mods_addr, syms[4];
	u32 mmap_length, mmap_addr, drives_length, drives_addr, config_table, loader, apm;
	u32 vbe[6];
	u64 fb_addr;
	u32 fb_pitch, fb_width, fb_height;
	u8 fb_bpp, fb_type, color[6];
} __attribute__((packed));

START_TEST(test_mb1_video_fields)
{
	static struct mb1 mi;
	struct boot_info bi;

	memset(&mi, 0, sizeof(mi));
	bootinfo_parse(MB1_BOOT_MAGIC, (u64)(uintptr_t)&mi, &bi);
	ck_assert(bi.vga_text); /* no video flag: text mode as the BIOS left it */
	ck_assert_uint_eq(bi.fb.addr, 0);

	mi.flags = 1u << 12;
	mi.fb_addr = 0xfd000000;
	mi.fb_pitch = 2400;
	mi.fb_width = 800;
	mi.fb_height = 600;
	mi.fb_bpp = 24;
	mi.fb_type = FB_TYPE_RGB;
	memcpy(mi.color, (u8[6]){ 16, 8, 8, 8, 0, 8 }, 6);
	bootinfo_parse(MB1_BOOT_MAGIC, (u64)(uintptr_t)&mi, &bi);
	ck_assert(!bi.vga_text);
	ck_assert_uint_eq(bi.fb.addr, 0xfd000000);
	ck_assert_uint_eq(bi.fb.bpp, 24);
	ck_assert_uint_eq(bi.fb.red_pos, 16);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("bootinfo");
	TCase *tc = tcase_create("screen");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_mb2_rgb_framebuffer);
	tcase_add_test(tc, test_mb2_text_and_indexed_give_no_framebuffer);
	tcase_add_test(tc, test_mb2_without_tag_says_nothing_about_the_screen);
	tcase_add_test(tc, test_mb2_truncated_tag_is_not_trusted);
	tcase_add_test(tc, test_mb1_video_fields);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Multiboot headers. GRUB prefers the Multiboot2 one (ELF64 loaded as is,
 * memory map, command line and ACPI RSDP tags); QEMU's -kernel only reads the
 * Multiboot1 one and needs the ELF32 copy of the image.
 *
 * Both ask for a screen: a linear framebuffer of any size (GRUB's gfxpayload
 * picks the mode, boot/grub.cfg) or EGA text. kernel/console/fbcon.c draws on the
 * first, kernel/console/vga.c on the second. The Makefile clears the Multiboot1
 * video bit in the -kernel copy: QEMU's loader sets no modes and complains.
 */
#define MB1_MAGIC 0x1BADB002
/* Page-align modules, provide memory info, video mode fields are valid. */
#define MB1_FLAGS 0x00000007
#define MB2_MAGIC 0xE85250D6
#define MB2_ARCH_I386 0

	.section .multiboot, "a"
	.align 4
mb1_header:
	.long MB1_MAGIC
	.long MB1_FLAGS
	.long -(MB1_MAGIC + MB1_FLAGS)
	/* Load addresses: unused (flag 16 clear), the ELF headers say it all. */
	.long 0, 0, 0, 0, 0
	/* Video: linear graphics (0), width, height, depth 0 = no preference. */
	.long 0, 0, 0, 0

	.align 8
mb2_header:
	.long MB2_MAGIC
	.long MB2_ARCH_I386
	.long mb2_header_end - mb2_header
	.long -(MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))

	/* Information request: command line, memory map, old and new ACPI RSDP. */
	.align 8
mb2_info_request:
	.short 1, 0
	.long mb2_info_request_end - mb2_info_request
	.long 1, 6, 14, 15
mb2_info_request_end:

	/* EGA text is fine too (gfxpayload=text): kernel/console/vga.c mirrors the log. */
	.align 8
	.short 4, 0 /* console flags: EGA text supported */
	.long 12
	.long 2

	/* A linear framebuffer of any size; optional, so text-only loaders boot. */
	.align 8
	.short 5, 1 /* framebuffer, optional */
	.long 20
	.long 0, 0, 0 /* width, height, depth: no preference */

	.align 8
	.short 0, 0 /* end tag */
	.long 8
mb2_header_end:

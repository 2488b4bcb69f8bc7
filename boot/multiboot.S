/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Multiboot headers. GRUB prefers the Multiboot2 one (ELF64 loaded as is,
 * memory map, command line and ACPI RSDP tags); QEMU's -kernel only reads the
 * Multiboot1 one and needs the ELF32 copy of the image.
 */
#define MB1_MAGIC 0x1BADB002
#define MB1_FLAGS 0x00000003 /* page-align modules, provide memory info */
#define MB2_MAGIC 0xE85250D6
#define MB2_ARCH_I386 0

	.section .multiboot, "a"
	.align 4
mb1_header:
	.long MB1_MAGIC
	.long MB1_FLAGS
	.long -(MB1_MAGIC + MB1_FLAGS)

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

	/* Prefer EGA text mode so the VGA mirror works when firmware allows it. */
	.align 8
	.short 4, 0 /* console flags: EGA text supported */
	.long 12
	.long 2

	.align 8
	.short 0, 0 /* end tag */
	.long 8
mb2_header_end:

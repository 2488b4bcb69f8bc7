/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * 32-bit entry from Multiboot 1 or 2: protected mode, paging off, EAX = magic,
 * EBX = physical address of the boot information. Zero .bss, check the CPU
 * can run 64-bit code, identity map the first 4 GiB with 2 MiB pages, enable
 * long mode (with NX when the CPU has it) and jump to 64-bit code. kernel/mm
 * replaces these tables with the real ones once the memory map is known.
 */
#define CR0_PG (1 << 31)
#define CR0_WP (1 << 16)
#define CR4_PAE (1 << 5)
#define MSR_EFER 0xC0000080
#define EFER_LME (1 << 8)
#define EFER_NXE (1 << 11)
#define PTE_P 0x1
#define PTE_W 0x2
#define PTE_PS 0x80
#define COM1 0x3F8

	.section .text.boot, "ax"
	.code32
	.globl _start
_start:
	cli
	cld
	movl %eax, %esi /* keep magic and info pointer out of rep stos's way */
	movl %ebx, %ebp

	movl $__bss_start, %edi
	movl $__bss_end, %ecx
	subl %edi, %ecx
	xorl %eax, %eax
	rep stosb

	movl %esi, boot_magic
	movl %ebp, boot_info
	movl $boot_stack_top, %esp

	/* Long mode needs CPUID leaf 0x80000001 with the LM bit. */
	movl $0x80000000, %eax
	cpuid
	cmpl $0x80000001, %eax
	jb no_long_mode
	movl $0x80000001, %eax
	cpuid
	testl $(1 << 29), %edx
	jz no_long_mode
	movl %edx, %ebx /* bit 20: NX */

	/* PML4[0] -> PDPT, PDPT[0..3] -> four page directories of 2 MiB pages. */
	movl $boot_pdpt, %eax
	orl $(PTE_P | PTE_W), %eax
	movl %eax, boot_pml4
	movl $boot_pd, %edi
	movl $boot_pdpt, %edx
	xorl %ecx, %ecx
1:	movl %edi, %eax
	orl $(PTE_P | PTE_W), %eax
	movl %eax, (%edx, %ecx, 8)
	addl $4096, %edi
	incl %ecx
	cmpl $4, %ecx
	jb 1b
	movl $boot_pd, %edi
	xorl %ecx, %ecx
2:	movl %ecx, %eax
	shll $21, %eax
	orl $(PTE_P | PTE_W | PTE_PS), %eax
	movl %eax, (%edi, %ecx, 8)
	incl %ecx
	cmpl $2048, %ecx
	jb 2b

	movl %cr4, %eax
	orl $CR4_PAE, %eax
	movl %eax, %cr4
	movl $boot_pml4, %eax
	movl %eax, %cr3
	movl $MSR_EFER, %ecx
	rdmsr
	orl $EFER_LME, %eax
	testl $(1 << 20), %ebx
	jz 3f
	orl $EFER_NXE, %eax
3:	wrmsr
	movl %cr0, %eax
	orl $(CR0_PG | CR0_WP), %eax
	movl %eax, %cr0

	lgdt boot_gdt_ptr
	ljmp $0x08, $boot64

no_long_mode:
	movl $no_lm_msg, %esi
4:	lodsb
	testb %al, %al
	jz 6f
	movb %al, %bl
	movw $(COM1 + 5), %dx
5:	inb %dx, %al
	testb $0x20, %al
	jz 5b
	movb %bl, %al
	movw $COM1, %dx
	outb %al, %dx
	jmp 4b
6:	hlt
	jmp 6b

	.code64
boot64:
	movw $0x10, %ax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	xorw %ax, %ax
	movw %ax, %fs
	movw %ax, %gs
	movq $boot_stack_top, %rsp
	xorl %ebp, %ebp
	movl boot_magic, %edi
	movl boot_info, %esi
	call kmain
7:	cli
	hlt
	jmp 7b

	.section .rodata
no_lm_msg:
	.asciz "napkin: this CPU cannot run 64-bit code; halting\r\n"

	.align 16
boot_gdt:
	.quad 0
	.quad 0x00AF9A000000FFFF /* 0x08: 64-bit code */
	.quad 0x00CF92000000FFFF /* 0x10: data */
boot_gdt_end:
boot_gdt_ptr:
	.short boot_gdt_end - boot_gdt - 1
	.long boot_gdt

	.section .bss
	.align 4096
boot_pml4:
	.skip 4096
boot_pdpt:
	.skip 4096
boot_pd:
	.skip 4 * 4096
	/* The boot stack gets a guard page once kernel/mm maps the kernel. */
	.globl boot_stack_guard, boot_stack_bottom, boot_stack_top
boot_stack_guard:
	.skip 4096
boot_stack_bottom:
	.skip 32768
boot_stack_top:
	.globl boot_magic, boot_info
boot_magic:
	.long 0
boot_info:
	.long 0

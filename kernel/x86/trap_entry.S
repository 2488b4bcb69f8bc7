/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One stub per vector. Each pushes a zero error code where the CPU does not,
 * then its vector number, and joins trap_common, which saves the general
 * registers as a struct trap_frame and calls trap_handler(frame).
 */
	.section .text
	.code64

	.macro trap_stub vec
	.align 16
trap_stub_\vec:
	.if (\vec == 8) || (\vec >= 10 && \vec <= 14) || (\vec == 17) || (\vec == 21) || (\vec == 29) || (\vec == 30)
	.else
	pushq $0
	.endif
	pushq $\vec
	jmp trap_common
	.endm

	.altmacro
	.macro trap_stubs from, to
	trap_stub \from
	.if \to - \from
	trap_stubs %(\from + 1), \to
	.endif
	.endm

	/* Split so gas's macro recursion limit is never reached. */
	trap_stubs 0, 63
	trap_stubs 64, 127
	trap_stubs 128, 191
	trap_stubs 192, 255

trap_common:
	pushq %rax
	pushq %rbx
	pushq %rcx
	pushq %rdx
	pushq %rsi
	pushq %rdi
	pushq %rbp
	pushq %r8
	pushq %r9
	pushq %r10
	pushq %r11
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	cld
	movq %rsp, %rdi
	/* Align the stack for C; the frame pointer chain continues from the interrupted code. */
	movq %rsp, %rbx
	andq $-16, %rsp
	call trap_handler
	movq %rbx, %rsp
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %r11
	popq %r10
	popq %r9
	popq %r8
	popq %rbp
	popq %rdi
	popq %rsi
	popq %rdx
	popq %rcx
	popq %rbx
	popq %rax
	addq $16, %rsp
	iretq

	/* Table of stub addresses for idt_init(). */
	.section .rodata
	.align 8
	.globl trap_stub_table
trap_stub_table:
	.macro stub_addr vec
	.quad trap_stub_\vec
	.endm
	.macro stub_addrs from, to
	stub_addr \from
	.if \to - \from
	stub_addrs %(\from + 1), \to
	.endif
	.endm
	stub_addrs 0, 63
	stub_addrs 64, 127
	stub_addrs 128, 191
	stub_addrs 192, 255

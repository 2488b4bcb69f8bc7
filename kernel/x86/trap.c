// SPDX-License-Identifier: BSD-2-Clause
/*
 * Where every vector lands. Exceptions are fatal in napkin (there is no user
 * space to blame): print what happened with the registers and a backtrace,
 * then stop as the command line says. Interrupts go to kernel/x86/irq.c.
 */
#include "kernel/x86/apic.h"
#include "kernel/x86/irq.h"
#include "kernel/core/panic.h"
#include "kernel/console/printk.h"
#include "kernel/x86/trap.h"
#include "kernel/core/loop.h"
#include "kernel/mm/mm.h"
#include "kernel/random/entropy.h"
#include "kernel/x86/vectors.h"
#include "kernel/x86/x86.h"

struct kernel_vector_counts kernel_vector_counts;

static const char *const exception_names[32] = {
	"Divide error",
	"Debug",
	"NMI",
	"Breakpoint",
	"Overflow",
	"BOUND range exceeded",
	"Invalid opcode",
	"Device not available",
	"Double fault",
	"Coprocessor segment overrun",
	"Invalid TSS",
	"Segment not present",
	"Stack-segment fault",
	"General protection fault",
	"Page fault",
	"Reserved",
	"x87 floating-point error",
	"Alignment check",
	"Machine check",
	"SIMD floating-point error",
	"Virtualization exception",
	"Control protection exception",
	"Reserved",
	"Reserved",
	"Reserved",
	"Reserved",
	"Reserved",
	"Reserved",
	"Hypervisor injection",
	"VMM communication",
	"Security exception",
	"Reserved",
};

#define PF_PRESENT  BIT(0)
#define PF_WRITE    BIT(1)
#define PF_USER	    BIT(2)
#define PF_RESERVED BIT(3)
#define PF_FETCH    BIT(4)

/* What a protection violation broke, in words, or NULL for an ordinary bad pointer. */
static const char *page_fault_cause(u64 err, u64 cr2)
{
	if (mm_is_guard_page(cr2))
		return "kernel stack overflow into a guard page";
	if (!(err & PF_PRESENT))
		return NULL;
	if (err & PF_FETCH)
		return "instruction fetch from no-execute memory (data, stack or heap)";
	if ((err & PF_WRITE) && mm_is_kernel_text(cr2))
		return "write to read-only kernel text";
	if (err & PF_WRITE)
		return "write to read-only memory";
	return NULL;
}

static void describe_page_fault(u64 err, u64 cr2)
{
	const char *cause = page_fault_cause(err, cr2);

	pr_emerg("BUG: %s at address %016llx: %s %s%s\n",
		 cr2 < 4096 ? "NULL pointer dereference" : "unable to handle page fault",
		 (unsigned long long)cr2,
		 err & PF_FETCH	  ? "instruction fetch"
		 : err & PF_WRITE ? "write"
				  : "read",
		 err & PF_PRESENT ? "(protection violation)" : "(page not present)",
		 err & PF_RESERVED ? " (reserved bit set)" : "");
	if (cause)
		pr_emerg("BUG: %s\n", cause);
}

/*
 * A double fault is, in practice, a fault the CPU could not deliver: when
 * the stack ran into its guard page, pushing the page fault's frame faulted
 * too. CR2 still names the page that started it.
 */
static void describe_double_fault(u64 cr2)
{
	if (mm_is_guard_page(cr2))
		pr_emerg("BUG: kernel stack overflow: the stack ran into its guard page at "
			 "%016llx\n",
			 (unsigned long long)cr2);
}

void dump_registers(const struct trap_frame *f)
{
	pr_emerg("RIP: %04llx:%016llx RFLAGS: %08llx\n", (unsigned long long)f->cs,
		 (unsigned long long)f->rip, (unsigned long long)f->rflags);
	pr_emerg("RSP: %04llx:%016llx\n", (unsigned long long)f->ss, (unsigned long long)f->rsp);
	pr_emerg("RAX: %016llx RBX: %016llx RCX: %016llx\n", (unsigned long long)f->rax,
		 (unsigned long long)f->rbx, (unsigned long long)f->rcx);
	pr_emerg("RDX: %016llx RSI: %016llx RDI: %016llx\n", (unsigned long long)f->rdx,
		 (unsigned long long)f->rsi, (unsigned long long)f->rdi);
	pr_emerg("RBP: %016llx R08: %016llx R09: %016llx\n", (unsigned long long)f->rbp,
		 (unsigned long long)f->r8, (unsigned long long)f->r9);
	pr_emerg("R10: %016llx R11: %016llx R12: %016llx\n", (unsigned long long)f->r10,
		 (unsigned long long)f->r11, (unsigned long long)f->r12);
	pr_emerg("R13: %016llx R14: %016llx R15: %016llx\n", (unsigned long long)f->r13,
		 (unsigned long long)f->r14, (unsigned long long)f->r15);
	pr_emerg("CR0: %016llx CR2: %016llx CR3: %016llx CR4: %016llx\n",
		 (unsigned long long)read_cr0(), (unsigned long long)read_cr2(),
		 (unsigned long long)read_cr3(), (unsigned long long)read_cr4());
}

/*
 * A call into a no-execute (or unmapped) page faults on the fetch before the
 * callee runs: the return address the call pushed is on top of the stack.
 */
static bool called_into_bad_page(const struct trap_frame *f, u64 cr2)
{
	return f->vector == 14 && (f->error_code & PF_FETCH) && f->rip == cr2 &&
	       mm_is_mapped(f->rsp) && mm_is_mapped(f->rsp + 7);
}

static void __noreturn fatal_exception(struct trap_frame *f)
{
	u64 cr2 = read_cr2();

	panic_begin();
	if (f->vector == 14)
		describe_page_fault(f->error_code, cr2);
	if (f->vector == 8)
		describe_double_fault(cr2);
	pr_emerg("EXCEPTION: %s (vector %llu) error code %#llx\n", exception_names[f->vector],
		 (unsigned long long)f->vector, (unsigned long long)f->error_code);
	if (f->vector == 14 || f->vector == 8)
		pr_emerg("CR2 (faulting address): %016llx\n", (unsigned long long)cr2);
	dump_registers(f);
	if (called_into_bad_page(f, cr2)) {
		/* The faulting "instruction" is the target itself: start at its caller. */
		pr_emerg("RIP is the call target; the trace starts at the call\n");
		backtrace_print(*(const u64 *)(uintptr_t)f->rsp - 1, f->rbp);
	} else {
		backtrace_print(f->rip, f->rbp);
	}
	panic_end("fatal exception");
}

void trap_handler(struct trap_frame *f)
{
	if (f->vector < 32) {
		if (f->vector == 2) {
			/* NMIs come from watchdogs and front-panel buttons; say so and go on. */
			pr_warn("NMI received at rip %016llx; continuing\n",
				(unsigned long long)f->rip);
			return;
		}
		fatal_exception(f);
	}
	/* Every hardware interrupt's timing feeds the random pool (kernel/random/entropy.c). */
	entropy_irq_event((u8)f->vector);
	switch (f->vector) {
	case VECTOR_LAPIC_TIMER:
		kernel_vector_counts.timer++;
		loop_timer_interrupt();
		lapic_eoi();
		return;
	case VECTOR_SPURIOUS:
		/* The LAPIC wants no EOI for its spurious vector. */
		kernel_vector_counts.spurious++;
		return;
	default:
		if (f->vector >= VECTOR_PIC_BASE && f->vector < VECTOR_PIC_BASE + 16) {
			kernel_vector_counts.pic_stray++;
			return;
		}
		irq_dispatch((u8)f->vector);
	}
}

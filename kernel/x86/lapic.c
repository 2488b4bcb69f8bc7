// SPDX-License-Identifier: BSD-2-Clause
/*
 * The boot CPU's local APIC: interrupt acknowledge, MSI and IOAPIC
 * targeting, and the one-shot timer the idle loop sleeps on. It runs in
 * x2APIC mode when the CPU has it or firmware handed over in it, otherwise
 * in xAPIC mode (lapic_mode.c decides); lapic_ops.c reaches the registers in
 * either. The timer uses TSC-deadline mode when the CPU has it (an absolute
 * TSC value, no drift, no calibration); otherwise one-shot mode with a count
 * calibrated against the TSC.
 */
#include <errno.h>
#include "kernel/x86/apic.h"
#include "kernel/x86/lapic_hw.h"
#include "kernel/x86/lapic_mode.h"
#include "kernel/x86/lapic_ops.h"
#include "kernel/mm/mm.h"
#include "kernel/console/printk.h"
#include "kernel/core/cmdline.h"
#include "kernel/core/time.h"

#define SVR_ENABLE	       BIT(8)
#define LVT_MASKED	       BIT(16)
#define LVT_TIMER_TSC_DEADLINE (2u << 17)
#define LVT_NMI		       (4u << 8)
#define TIMER_DIVIDE_BY_16     0x3
#define MSI_ADDRESS_BASE       0xFEE00000u
#define MSI_DEST_MAX	       0xFFu /* 8 destination bits without interrupt remapping */
#define ICR_FIXED_ASSERT       BIT(14)

static const struct lapic_ops *ops;
static struct lapic_choice choice;
static const char *firmware_mode;
static u64 apic_base;
static u32 boot_apic_id;
static bool tsc_deadline;
static u64 lapic_ticks_per_ms; /* one-shot mode, divide by 16 */
static unsigned int unreachable_refusals;

static bool xapic_locked_off(void)
{
	u32 a, b, c, d;

	/* Each MSR is read only where CPUID says it exists: a missing one faults. */
	lapic_cpuid(0, 0, &a, &b, &c, &d);
	if (a < 7)
		return false;
	lapic_cpuid(7, 0, &a, &b, &c, &d);
	if (!(d & CPUID7_EDX_ARCH_CAPS) ||
	    !(lapic_rdmsr(MSR_ARCH_CAPABILITIES) & ARCH_CAP_XAPIC_DISABLE))
		return false;
	return lapic_rdmsr(MSR_XAPIC_DISABLE_STATUS) & XAPIC_DISABLE_LEGACY_OFF;
}

static enum lapic_request requested_mode(void)
{
	/* Index = enum lapic_request; "auto" is what no apic= means. */
	static const char *const names[] = { "auto", "xapic", "x2apic" };
	int i = LAPIC_REQ_NONE;

	cmdline_get_choice("apic", names, ARRAY_SIZE(names), &i);
	return (enum lapic_request)i;
}

static const char *state_name(u64 base)
{
	if (!(base & APIC_BASE_ENABLE))
		return "disabled";
	return base & APIC_BASE_X2APIC ? "x2APIC" : "xAPIC";
}

/*
 * The only legal steps are disabled -> xAPIC -> x2APIC (and back through
 * disabled), so an APIC firmware left off is first enabled in xAPIC mode.
 */
static void enter_mode(enum lapic_mode mode)
{
	volatile u32 *page;

	if (!(apic_base & APIC_BASE_ENABLE)) {
		apic_base = (apic_base & ~(u64)APIC_BASE_X2APIC) | APIC_BASE_ENABLE;
		lapic_wrmsr(MSR_APIC_BASE, apic_base);
	}
	if (mode == LAPIC_MODE_X2APIC) {
		if (!(apic_base & APIC_BASE_X2APIC)) {
			apic_base |= APIC_BASE_X2APIC;
			lapic_wrmsr(MSR_APIC_BASE, apic_base);
		}
		ops = &lapic_x2apic_ops;
		return;
	}
	page = ioremap(apic_base & APIC_BASE_ADDR_MASK, 4096);
	if (!page)
		panic("lapic: the xAPIC page at %#llx cannot be mapped",
		      (unsigned long long)(apic_base & APIC_BASE_ADDR_MASK));
	lapic_xapic_map(page);
	ops = &lapic_xapic_ops;
}

void lapic_init(void)
{
	struct lapic_cpu_state s;
	enum lapic_request req = requested_mode();
	u32 a, b, c, d;

	lapic_cpuid(1, 0, &a, &b, &c, &d);
	apic_base = lapic_rdmsr(MSR_APIC_BASE);
	s = (struct lapic_cpu_state){
		.has_x2apic = c & CPUID1_ECX_X2APIC,
		.fw_enabled = apic_base & APIC_BASE_ENABLE,
		.fw_x2apic = apic_base & APIC_BASE_X2APIC,
		.xapic_locked_off = xapic_locked_off(),
	};
	firmware_mode = state_name(apic_base);
	choice = lapic_choose_mode(&s, req);
	if (choice.refused)
		pr_warn("lapic: apic=%s refused: %s\n", req == LAPIC_REQ_XAPIC ? "xapic" : "x2apic",
			choice.refused);
	enter_mode(choice.mode);

	boot_apic_id = ops->read_id();
	ops->write(LAPIC_TPR, 0);
	ops->write(LAPIC_LVT_LINT0, LVT_MASKED);
	ops->write(LAPIC_LVT_LINT1, LVT_NMI); /* LINT1 is NMI on every PC */
	ops->write(LAPIC_LVT_ERROR, LVT_MASKED);
	ops->write(LAPIC_ESR, 0);
	ops->write(LAPIC_SVR, SVR_ENABLE | 0xFF);
	ops->write(LAPIC_EOI, 0);
	pr_info("lapic: %s mode (%s; firmware left it %s), id %u at %#llx, version %#x\n",
		ops->name, lapic_mode_reason_name(choice.reason), firmware_mode, boot_apic_id,
		(unsigned long long)(apic_base & APIC_BASE_ADDR_MASK),
		ops->read(LAPIC_VERSION) & 0xFF);
	if (boot_apic_id > MSI_DEST_MAX)
		pr_warn("lapic: APIC ID %u is above %u: without interrupt remapping no MSI or "
			"IOAPIC interrupt can reach this CPU; drivers fall back to polling\n",
			boot_apic_id, MSI_DEST_MAX);
}

u32 lapic_id(void)
{
	return boot_apic_id;
}

void lapic_eoi(void)
{
	ops->write(LAPIC_EOI, 0);
}

bool lapic_reachable(const char *who)
{
	if (boot_apic_id <= MSI_DEST_MAX)
		return true;
	unreachable_refusals++;
	pr_err("%s: interrupt refused: the boot CPU's APIC ID %u needs more than 8 destination "
	       "bits, and napkin has no interrupt remapping\n",
	       who, boot_apic_id);
	return false;
}

int lapic_msi_address(const char *who, u64 *addr)
{
	if (!lapic_reachable(who))
		return -ERANGE;
	/* Physical destination mode, the same 8-bit field in xAPIC and x2APIC mode. */
	*addr = MSI_ADDRESS_BASE | ((u64)boot_apic_id << 12);
	return 0;
}

u32 lapic_msi_data(u8 vector)
{
	return vector; /* fixed delivery, edge triggered */
}

void lapic_self_ipi(u8 vector)
{
	ops->send_ipi(boot_apic_id, ICR_FIXED_ASSERT | vector);
}

void lapic_timer_init(u8 vector)
{
	u32 a, b, c, d;

	lapic_cpuid(1, 0, &a, &b, &c, &d);
	tsc_deadline = c & CPUID1_ECX_TSC_DEADLINE;
	if (tsc_deadline) {
		ops->write(LAPIC_LVT_TIMER, LVT_TIMER_TSC_DEADLINE | vector);
		pr_info("lapic: timer in TSC-deadline mode\n");
		return;
	}
	/* Count LAPIC ticks over 10 ms of TSC time. */
	ops->write(LAPIC_TIMER_DIVIDE, TIMER_DIVIDE_BY_16);
	ops->write(LAPIC_LVT_TIMER, LVT_MASKED | vector);
	ops->write(LAPIC_TIMER_INITIAL, 0xFFFFFFFF);
	mdelay(10);
	lapic_ticks_per_ms = (0xFFFFFFFFu - ops->read(LAPIC_TIMER_CURRENT)) / 10;
	ops->write(LAPIC_TIMER_INITIAL, 0);
	ops->write(LAPIC_LVT_TIMER, vector); /* one-shot, unmasked */
	if (!lapic_ticks_per_ms)
		lapic_ticks_per_ms = 1;
	pr_info("lapic: timer in one-shot mode, %llu kHz after divide-by-16\n",
		(unsigned long long)lapic_ticks_per_ms);
}

void lapic_timer_arm(u64 deadline_ns)
{
	u64 now, delta_ns, ticks;

	if (tsc_deadline) {
		lapic_wrmsr(MSR_TSC_DEADLINE, tsc_from_ns(deadline_ns));
		return;
	}
	now = ktime_get_ns();
	delta_ns = deadline_ns > now ? deadline_ns - now : 1000;
	ticks = delta_ns / 1000 * lapic_ticks_per_ms / 1000;
	if (ticks == 0)
		ticks = 1;
	if (ticks > 0xFFFFFFFFu)
		ticks = 0xFFFFFFFFu; /* the loop re-arms when it wakes early */
	ops->write(LAPIC_TIMER_INITIAL, (u32)ticks);
}

void lapic_describe(struct lapic_desc *out)
{
	u32 version = ops ? ops->read(LAPIC_VERSION) : 0;

	*out = (struct lapic_desc){
		.id = boot_apic_id,
		.phys = apic_base & APIC_BASE_ADDR_MASK,
		.version = (u8)version,
		.max_lvt = (u8)(version >> 16),
		.x2apic_mode = ops == &lapic_x2apic_ops,
		.mode_reason = ops ? lapic_mode_reason_name(choice.reason) : "not set up",
		.firmware_mode = firmware_mode ? firmware_mode : "unknown",
		.cmdline_refused = choice.refused != NULL,
		.unreachable_refusals = unreachable_refusals,
		.tsc_deadline = tsc_deadline,
	};
}

#ifdef NAPKIN_HOSTED
void lapic_reset_for_test(void)
{
	ops = NULL;
	choice = (struct lapic_choice){ 0 };
	firmware_mode = NULL;
	apic_base = 0;
	boot_apic_id = 0;
	tsc_deadline = false;
	lapic_ticks_per_ms = 0;
	unreachable_refusals = 0;
}
#endif

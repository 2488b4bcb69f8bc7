// SPDX-License-Identifier: BSD-2-Clause
/*
 * The local APIC mode choice; see lapic_mode.h. x2APIC whenever the CPU has
 * it, as Linux does: its registers are MSRs, so an EOI is one WRMSR and no
 * page needs mapping, and it is the only mode on machines whose firmware or
 * CPU has left xAPIC behind. Leaving x2APIC again would mean disabling the
 * APIC on the way (the architecture allows no direct step back), which some
 * CPUs forbid and which loses what firmware set up, so a hand-over in x2APIC
 * mode is kept whatever the command line says.
 */
#include "kernel/x86/lapic_mode.h"

struct lapic_choice lapic_choose_mode(const struct lapic_cpu_state *s, enum lapic_request req)
{
	bool fw_x2apic = s->fw_enabled && s->fw_x2apic;

	if (s->xapic_locked_off)
		return (struct lapic_choice){
			.mode = LAPIC_MODE_X2APIC,
			.reason = req == LAPIC_REQ_X2APIC ? LAPIC_BY_CMDLINE : LAPIC_BY_LOCK,
			.refused =
			    req == LAPIC_REQ_XAPIC
				? "the CPU has locked xAPIC mode off (IA32_XAPIC_DISABLE_STATUS)"
				: NULL,
		};
	if (fw_x2apic)
		return (struct lapic_choice){
			.mode = LAPIC_MODE_X2APIC,
			.reason = req == LAPIC_REQ_X2APIC ? LAPIC_BY_CMDLINE : LAPIC_BY_FIRMWARE,
			.refused = req == LAPIC_REQ_XAPIC
				       ? "firmware handed over in x2APIC mode, and leaving it "
					 "means disabling the APIC"
				       : NULL,
		};
	if (!s->has_x2apic)
		return (struct lapic_choice){
			.mode = LAPIC_MODE_XAPIC,
			.reason = req == LAPIC_REQ_XAPIC ? LAPIC_BY_CMDLINE : LAPIC_BY_NO_X2APIC,
			.refused = req == LAPIC_REQ_X2APIC
				       ? "the CPU has no x2APIC (CPUID.1:ECX bit 21 is clear)"
				       : NULL,
		};
	if (req == LAPIC_REQ_XAPIC)
		return (struct lapic_choice){ .mode = LAPIC_MODE_XAPIC,
					      .reason = LAPIC_BY_CMDLINE };
	return (struct lapic_choice){
		.mode = LAPIC_MODE_X2APIC,
		.reason = req == LAPIC_REQ_X2APIC ? LAPIC_BY_CMDLINE : LAPIC_BY_CPU,
	};
}

const char *lapic_mode_reason_name(enum lapic_mode_reason r)
{
	switch (r) {
	case LAPIC_BY_CPU: return "the CPU has it";
	case LAPIC_BY_NO_X2APIC: return "the CPU has no x2APIC";
	case LAPIC_BY_FIRMWARE: return "firmware handed over in it";
	case LAPIC_BY_LOCK: return "the CPU has xAPIC locked off";
	case LAPIC_BY_CMDLINE: return "apic= on the command line";
	}
	return "?";
}

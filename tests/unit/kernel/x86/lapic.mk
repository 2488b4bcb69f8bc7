# SPDX-License-Identifier: BSD-2-Clause
# The local APIC in xAPIC and x2APIC mode over a fake CPU (MSRs, CPUID, the xAPIC page).
UNIT_TESTS += test_lapic
test_lapic_SRCS := tests/unit/kernel/x86/test_lapic.c kernel/x86/lapic.c kernel/x86/lapic_ops.c \
	kernel/x86/lapic_mode.c kernel/core/cmdline.c tests/unit/fakes/fake_lapic_cpu.c \
	tests/unit/fakes/stub_printk.c

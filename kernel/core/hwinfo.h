/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot report: what napkin found on this machine, in lines a user can
 * send back from real hardware. CPU, memory map, ACPI tables, interrupt
 * controllers, every PCI function with its driver, every NIC with its chip
 * revision, link and interrupt mode, and the screen. Every line goes through
 * printk ("hwinfo: ..." at info level), so the log ring, the consoles and
 * netconsole all carry it. Printed once at boot (hwinfo=0 on the command
 * line skips that) and by the shell command `hwinfo`.
 */
#ifndef NAPKIN_KERNEL_HWINFO_H
#define NAPKIN_KERNEL_HWINFO_H

#include "kernel/core/compiler.h"

struct boot_info;

/* Remembers how the machine booted and registers the `hwinfo` command. */
void hwinfo_init(const struct boot_info *bi, const char *version);
/* The report at boot, unless hwinfo=0. */
void hwinfo_boot_report(void);
void hwinfo_print(void);

/*
 * A section of the report that lives outside kernel/: net/ supplies the NIC
 * lines this way. HWINFO_SECTION(fn) puts fn in .hwinfo_section, which
 * linker.ld gathers; hwinfo_print() calls each after the PCI lines. fn
 * prints with hwinfo_line(), one line per fact.
 */
struct hwinfo_section {
	void (*report)(void);
};

#define HWINFO_SECTION(fn)                                     \
	static const struct hwinfo_section hwinfo_section_##fn \
	    __attribute__((used, section(".hwinfo_section"), aligned(sizeof(void *)))) = { fn }

/* One line of the report: "hwinfo: " and the text, at info level. */
void __printf(1, 2) hwinfo_line(const char *fmt, ...);

/* CPU identification (hwinfo_cpu.c). */
struct cpu_ident {
	char vendor[13];
	char brand[49]; /* "" when the CPU has no brand string */
	char hypervisor[13];
	u32 family, model, stepping;
	u32 max_leaf, max_ext_leaf;
};
void cpu_identify(struct cpu_ident *out);
/* Space-separated names of the features napkin cares about; returns the length. */
size_t cpu_feature_names(char *buf, size_t len);

#endif

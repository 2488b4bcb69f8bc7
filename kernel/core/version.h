/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which napkin this is: the release, said at boot and in the boot report,
 * and the commit it was built from (mk/build_info.mk writes it), which
 * /metrics reports as napkin_build_info.
 */
#ifndef NAPKIN_KERNEL_CORE_VERSION_H
#define NAPKIN_KERNEL_CORE_VERSION_H

#define NAPKIN_VERSION "0.1"

/* Twelve hex digits, "-dirty" after them for a tree with changes; "unknown" outside git. */
extern const char napkin_commit[];

#endif
